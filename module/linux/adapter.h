/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A PCI device bound to a Windows driver and running: the PCI function,
 * the runtime's adapter (ndis_adapter.h) and the network interface. It is
 * the net_device's private area, so it lives exactly as long as the
 * interface (bound.c creates and destroys it; netdev.c and ethtool.c
 * implement the interface).
 */
#ifndef NDL_LINUX_ADAPTER_H
#define NDL_LINUX_ADAPTER_H

#include <linux/atomic.h>
#include <linux/netdevice.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/u64_stats_sync.h>

#include "dev.h"
#include "drv.h"
#include "usb_os.h"
#include "ndis/ndis_adapter.h"

struct ndl_wifi;

/*
 * The per-frame counters, one set per CPU: the data path adds to its own
 * CPU's set without a locked instruction or a shared cache line; readers
 * sum them (ndl_bound_stats). Rare events stay shared atomics.
 */
struct ndl_pcpu_stats {
	u64_stats_t rx_packets, rx_bytes, rx_unicast;
	u64_stats_t tx_packets, tx_bytes;
	/* frames whose checksum the miniport computed / validated */
	u64_stats_t tx_csum, rx_csum;
	struct u64_stats_sync syncp;
};

/* Their sum over every CPU. */
struct ndl_bound_totals {
	u64 rx_packets, rx_bytes, rx_unicast;
	u64 tx_packets, tx_bytes;
	u64 tx_csum, rx_csum;
};

struct ndl_bound {
	struct ndl_os_dev osdev;	/* what the runtime sees (PCI) */
	struct pci_dev *pdev;		/* PCI, else NULL */
	struct device *parent;		/* the PCI function or USB interface */
	/* USB: the device as the runtime sees it, and its PDO (usb_os.h) */
	struct ndl_os_usb osusb;
	struct ndl_usb_dev *usb;
	struct net_device *netdev;
	struct ndl_drv *drv;
	int id_index;			/* drv->ids entry that matched */
	struct ndl_devrec *rec;		/* its record (drv.h) */
	struct ndl_adapter *ad;
	struct ndl_adapter_info info;
	bool registered;		/* register_netdev succeeded */
	bool surprise;			/* the device vanished (hot-unplug) */

	/* Link state as the miniport last reported it. */
	atomic_t media_connected;
	atomic64_t link_speed;

	/* Transmit flow control: the queue is stopped while this is set. */
	spinlock_t tx_lock;
	bool tx_blocked;

	/* Receive (rx.c): frames indicated, waiting for NAPI. */
	struct sk_buff_head rxq;
	struct napi_struct napi;
	/* While the interface is up, the interrupt DPC runs in the poll. */
	raw_spinlock_t rx_dpc_lock;
	bool rx_dpc_on;			/* under rx_dpc_lock */
	unsigned long rx_dpc_due;	/* bit 0: the poll owes a DPC run */
	struct sk_buff_head rx_batch;	/* the poll's DPC's frames, no lock */

	/* Counters for ndo_get_stats64 and ethtool: per frame, per CPU
	 * (rx_unicast: frames addressed to this interface); the rest.
	 */
	struct ndl_pcpu_stats __percpu *pstats;
	atomic64_t rx_dropped, rx_errors;
	atomic64_t tx_dropped, tx_errors;
	atomic64_t tx_busy;		/* sends refused for lack of resources */
	atomic64_t tx_csum_sw;		/* checksums the miniport could not take */
	struct ndl_csum_offload csum_caps;	/* the miniport's offer */
	u32 packet_filter;		/* last NDIS packet filter set */

	/* 802.11 miniports: their cfg80211 side (wifi.h), else NULL. */
	struct ndl_wifi __rcu *wifi;
};

/* Count a frame on this CPU (any context: DPC, send, interrupt). */
static inline void ndl_count_rx(struct ndl_bound *b, unsigned int len,
				bool unicast, bool csum)
{
	struct ndl_pcpu_stats *s = get_cpu_ptr(b->pstats);
	unsigned long flags = u64_stats_update_begin_irqsave(&s->syncp);

	u64_stats_inc(&s->rx_packets);
	u64_stats_add(&s->rx_bytes, len);
	if (unicast)
		u64_stats_inc(&s->rx_unicast);
	if (csum)
		u64_stats_inc(&s->rx_csum);
	u64_stats_update_end_irqrestore(&s->syncp, flags);
	put_cpu_ptr(b->pstats);
}

static inline void ndl_count_tx(struct ndl_bound *b, unsigned int packets,
				unsigned int len, bool csum)
{
	struct ndl_pcpu_stats *s = get_cpu_ptr(b->pstats);
	unsigned long flags = u64_stats_update_begin_irqsave(&s->syncp);

	u64_stats_add(&s->tx_packets, packets);
	u64_stats_add(&s->tx_bytes, len);
	if (csum)
		u64_stats_inc(&s->tx_csum);
	u64_stats_update_end_irqrestore(&s->syncp, flags);
	put_cpu_ptr(b->pstats);
}

/* bound.c: bring a device up for a driver / tear it down (probe, remove). */
int ndl_bound_create(struct ndl_drv *drv, struct pci_dev *pdev, int id_index,
		     struct ndl_devrec *rec);
void ndl_bound_destroy(struct pci_dev *pdev);
/*
 * The bus-independent part (usb.c): a bound device for parent, set up by
 * the caller between alloc and run; stop undoes run, free undoes alloc.
 */
struct ndl_bound *ndl_bound_alloc(struct ndl_drv *drv, struct device *parent,
				  int id_index, struct ndl_devrec *rec);
int ndl_bound_run(struct ndl_bound *b);
void ndl_bound_stop(struct ndl_bound *b);
void ndl_bound_free(struct ndl_bound *b);
/* Restart the miniport with a new MAC address (interface down). */
int ndl_netdev_set_address(struct ndl_bound *b, const u8 *addr);
/* Is the device's interface up (IFF_UP)? */
bool ndl_bound_is_up(const struct ndl_bound *b);

/* netdev.c */
void ndl_netdev_setup(struct ndl_bound *b);
void ndl_bound_stats(struct ndl_bound *b, struct ndl_bound_totals *t);
extern const struct ndl_adapter_ops ndl_adapter_ops;

/*
 * offload.c: the miniport's checksum and large-send offload as interface
 * features (start: after MiniportInitialize, on a driver stack),
 * ndo_set_features, ndo_features_check (TSO frames the miniport cannot
 * take are segmented by the stack), and per transmitted frame: 0 with the
 * NDL_TX_CSUM_* / NDL_TX_LSO request in *flags (0: none, the checksum is
 * done or not needed), or an error (drop).
 */
void ndl_offload_start(struct ndl_bound *b);
int ndl_offload_set_features(struct net_device *dev,
			     netdev_features_t features);
netdev_features_t ndl_offload_features_check(struct sk_buff *skb,
					     struct net_device *dev,
					     netdev_features_t features);
int ndl_offload_tx(struct ndl_bound *b, struct sk_buff *skb, u32 *flags);

/* rx.c */
void ndl_rxq_receive(void *ctx, const struct ndl_rx_frame *frame);
void ndl_rxq_receive_complete(void *ctx);
bool ndl_rxq_interrupt_dpc(void *ctx);
void ndl_rxq_init(struct ndl_bound *b);
void ndl_rxq_start(struct ndl_bound *b);
void ndl_rxq_stop(struct ndl_bound *b);

/* ethtool.c */
extern const struct ethtool_ops ndl_ethtool_ops;

/* devreg.c: the registry a device's driver reads (ndis_registry.h). */
struct ndl_reg *ndl_devreg_build(const struct ndl_bound *b);
/* The device's hardware key: the NDL_REG_HARDWARE values. */
struct ndl_reg *ndl_devreg_build_hw(const struct ndl_bound *b);
int ndl_devreg_seed_service(const struct ndl_drv *drv, struct ndl_reg *svc);
/* A REG_DWORD of the device's hardware key (NDL_REG_HARDWARE); false: none. */
bool ndl_devreg_hw_dword(const struct ndl_bound *b, const char *name,
			 u32 *val);

/* msi.c: message interrupts for the miniport, if it is to have them. */
void ndl_bound_msi_grant(struct ndl_bound *b);

#endif
