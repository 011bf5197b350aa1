// SPDX-License-Identifier: GPL-2.0-only
/*
 * The network interface of a bound device: net_device_ops on one side,
 * the runtime's adapter callbacks (ndis_adapter.h) on the other.
 *
 * Transmit hands the skb's own memory to the miniport (head and page
 * fragments, no copy) and frees the skb on the send completion. When the
 * miniport is out of resources the queue stops until the runtime says
 * sends may succeed again (send_ready); the frame is requeued, never
 * dropped. Receive is rx.c.
 *
 * Every entry from the network stack that reaches the runtime switches to
 * a driver stack (stack.c). The callbacks run in driver context (a DPC,
 * or inside a send) and step out of the FPU section on PREEMPT_RT before
 * calling into the network stack, whose locks sleep there.
 */
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>

#include "ndl.h"
#include "core/rt.h"
#include "adapter.h"
#include "fpu.h"
#include "stack.h"
#include "wifi.h"
#include "ndis/ndis_status.h"

#ifndef NDIS_PACKET_TYPE_DIRECTED
#define NDIS_PACKET_TYPE_DIRECTED	0x00000001
#define NDIS_PACKET_TYPE_MULTICAST	0x00000002
#define NDIS_PACKET_TYPE_ALL_MULTICAST	0x00000004
#define NDIS_PACKET_TYPE_BROADCAST	0x00000008
#define NDIS_PACKET_TYPE_PROMISCUOUS	0x00000020
#endif

/* ---- callbacks from the adapter ------------------------------------------- */

static void ndl_cb_send_complete(void *ctx, void *cookie, u32 ndis_status)
{
	struct ndl_bound *b = ctx;
	struct sk_buff *skb = cookie;

	/* a large send went out as its segments */
	if (ndis_status == NDIS_STATUS_SUCCESS)
		ndl_count_tx(b, skb_is_gso(skb) ? skb_shinfo(skb)->gso_segs : 1,
			     skb->len, skb->ip_summed == CHECKSUM_PARTIAL);
	else
		atomic64_inc(&b->tx_errors);
	ndl_fpu_pause_rt();
	dev_consume_skb_any(skb);
	ndl_fpu_resume_rt();
}

static void ndl_cb_send_ready(void *ctx)
{
	struct ndl_bound *b = ctx;

	ndl_fpu_pause_rt();
	if (netif_queue_stopped(b->netdev))
		netif_wake_queue(b->netdev);
	ndl_fpu_resume_rt();
}

static void ndl_carrier_sync(struct ndl_bound *b)
{
	if (!READ_ONCE(b->registered))
		return;
	if (atomic_read(&b->media_connected))
		netif_carrier_on(b->netdev);
	else
		netif_carrier_off(b->netdev);
}

static void ndl_cb_status(void *ctx, const struct ndl_status_event *ev)
{
	struct ndl_bound *b = ctx;

	ndl_fpu_pause_rt();
	ndl_wifi_status(b, ev);		/* 802.11 events for cfg80211 */
	switch (ev->kind) {
	case NDL_STATUS_MEDIA_CONNECT:
		atomic_set(&b->media_connected, 1);
		ndl_carrier_sync(b);
		break;
	case NDL_STATUS_MEDIA_DISCONNECT:
		atomic_set(&b->media_connected, 0);
		ndl_carrier_sync(b);
		break;
	case NDL_STATUS_LINK_SPEED:
		atomic64_set(&b->link_speed, ev->link_speed_bps);
		break;
	case NDL_STATUS_RESET_START:
		netdev_info(b->netdev, "miniport reset\n");
		break;
	case NDL_STATUS_RESET_END:
		netdev_info(b->netdev, "miniport reset done: NDIS_STATUS 0x%08x\n",
			    ev->ndis_status);
		break;
	case NDL_STATUS_HUNG:
		netdev_warn(b->netdev, "miniport reports it is hung; resetting\n");
		break;
	default:
		netdev_dbg(b->netdev, "status indication 0x%08x\n",
			   ev->ndis_status);
		break;
	}
	ndl_fpu_resume_rt();
}

const struct ndl_adapter_ops ndl_adapter_ops = {
	.receive = ndl_rxq_receive,
	.receive_complete = ndl_rxq_receive_complete,
	.send_complete = ndl_cb_send_complete,
	.send_ready = ndl_cb_send_ready,
	.status = ndl_cb_status,
	.interrupt_dpc = ndl_rxq_interrupt_dpc,
};

/* ---- net_device_ops ---------------------------------------------------------- */

static int ndl_set_u32(struct ndl_bound *b, u32 oid, u32 val)
{
	u32 done = 0, needed = 0, st;

	st = ndl_adapter_set(b->ad, oid, &val, sizeof(val), &done, &needed);
	if (st != NDIS_STATUS_SUCCESS)
		netdev_warn(b->netdev, "setting OID 0x%08x to %u failed: NDIS_STATUS 0x%08x\n",
			    oid, val, st);
	return st == NDIS_STATUS_SUCCESS ? 0 : -EIO;
}

static u32 ndl_packet_filter(struct net_device *dev)
{
	struct ndl_bound *b = netdev_priv(dev);
	u32 filter = NDIS_PACKET_TYPE_DIRECTED | NDIS_PACKET_TYPE_BROADCAST;

	if (dev->flags & IFF_PROMISC)
		filter |= NDIS_PACKET_TYPE_PROMISCUOUS;
	if ((dev->flags & IFF_ALLMULTI) ||
	    netdev_mc_count(dev) > b->info.max_mcast)
		filter |= NDIS_PACKET_TYPE_ALL_MULTICAST;
	else if (!netdev_mc_empty(dev))
		filter |= NDIS_PACKET_TYPE_MULTICAST;
	return filter;
}

static long ndl_open_on_stack(void *arg)
{
	struct ndl_bound *b = netdev_priv(arg);
	int ret;

	ndl_rxq_start(b);
	ndl_set_u32(b, OID_GEN_CURRENT_LOOKAHEAD, b->info.max_lookahead);
	b->packet_filter = ndl_packet_filter(b->netdev);
	ret = ndl_set_u32(b, OID_GEN_CURRENT_PACKET_FILTER, b->packet_filter);
	if (ret) {
		ndl_rxq_stop(b);
		return ret;
	}
	ndl_carrier_sync(b);
	netif_start_queue(b->netdev);
	return 0;
}

static int ndl_open(struct net_device *dev)
{
	struct ndl_bound *b = netdev_priv(dev);

	/* A forced removal of the driver is under way (drv.c). */
	if (READ_ONCE(b->drv->state) != NDL_DRV_LOADED || !b->ad)
		return -ENODEV;
	return ndl_stack_run(ndl_open_on_stack, dev, -1);
}

static long ndl_stop_on_stack(void *arg)
{
	struct ndl_bound *b = netdev_priv(arg);

	netif_stop_queue(b->netdev);
	if (b->ad && !b->surprise) {
		ndl_set_u32(b, OID_GEN_CURRENT_PACKET_FILTER, 0);
		b->packet_filter = 0;
	}
	ndl_rxq_stop(b);
	return 0;
}

static int ndl_stop(struct net_device *dev)
{
	ndl_wifi_down(netdev_priv(dev));	/* scan and association end */
	return ndl_stack_run(ndl_stop_on_stack, dev, -1);
}

/* The skb's memory as fragments; false if it has too many. */
static int ndl_skb_frags(struct sk_buff *skb, struct ndl_frag *frags)
{
	int i, n = 0;

	if (skb_headlen(skb))
		frags[n++] = (struct ndl_frag){ skb->data, skb_headlen(skb) };
	for (i = 0; i < skb_shinfo(skb)->nr_frags; i++) {
		const skb_frag_t *f = &skb_shinfo(skb)->frags[i];

		frags[n++] = (struct ndl_frag){ skb_frag_address(f),
						skb_frag_size(f) };
	}
	return n;
}

static long ndl_xmit_on_stack(void *arg)
{
	struct sk_buff *skb = arg;
	struct net_device *dev = skb->dev;
	struct ndl_bound *b = netdev_priv(dev);
	struct ndl_frag frags[NDL_TX_MAX_FRAGS] __uninitialized;
	u32 csum;
	int n, ret;

	if (skb_shinfo(skb)->nr_frags + 1 > NDL_TX_MAX_FRAGS &&
	    skb_linearize(skb))
		goto drop;
	if (ndl_offload_tx(b, skb, &csum))
		goto drop;
	n = ndl_skb_frags(skb, frags);
	ret = ndl_adapter_send_ex(b->ad, frags, n, skb, csum, 0);
	if (ret == -NDL_EBUSY) {
		/* Stop first, then retry once: a send_ready that came in
		 * between would otherwise be lost and the queue stall.
		 */
		netif_stop_queue(dev);
		/* The stop is visible before the retry reads the runtime's
		 * slots, as send_ready's wake after freeing one is.
		 */
		smp_mb__after_atomic();
		ret = ndl_adapter_send_ex(b->ad, frags, n, skb, csum, 0);
		if (ret == -NDL_EBUSY) {
			atomic64_inc(&b->tx_busy);
			return NETDEV_TX_BUSY;
		}
		netif_wake_queue(dev);
	}
	if (ret)
		goto drop;
	return NETDEV_TX_OK;
drop:
	atomic64_inc(&b->tx_dropped);
	dev_kfree_skb_any(skb);
	return NETDEV_TX_OK;
}

static netdev_tx_t ndl_start_xmit(struct sk_buff *skb, struct net_device *dev)
{
	return ndl_stack_run(ndl_xmit_on_stack, skb, -1);
}

static void ndl_filter_done(void *ctx, u32 ndis_status, const void *buf,
			     u32 done, u32 needed)
{
	struct ndl_bound *b = ctx;

	if (ndis_status != NDIS_STATUS_SUCCESS)
		netdev_warn(b->netdev, "receive filter update failed: NDIS_STATUS 0x%08x\n",
			    ndis_status);
}

static long ndl_rx_mode_on_stack(void *arg)
{
	struct net_device *dev = arg;
	struct ndl_bound *b = netdev_priv(dev);
	struct netdev_hw_addr *ha;
	u32 filter = ndl_packet_filter(dev);
	u8 *list = NULL;
	int n = 0;

	if (filter & NDIS_PACKET_TYPE_MULTICAST) {
		list = kmalloc_array(netdev_mc_count(dev), ETH_ALEN, GFP_ATOMIC);
		if (!list) {
			filter |= NDIS_PACKET_TYPE_ALL_MULTICAST;
			filter &= ~NDIS_PACKET_TYPE_MULTICAST;
		}
	}
	if (list) {
		netdev_for_each_mc_addr(ha, dev)
			memcpy(list + ETH_ALEN * n++, ha->addr, ETH_ALEN);
		ndl_adapter_request_async(b->ad, true, OID_802_3_MULTICAST_LIST,
					  list, n * ETH_ALEN, ndl_filter_done, b);
		kfree(list);
	}
	if (filter != b->packet_filter) {
		b->packet_filter = filter;
		ndl_adapter_request_async(b->ad, true,
					  OID_GEN_CURRENT_PACKET_FILTER,
					  &filter, sizeof(filter),
					  ndl_filter_done, b);
	}
	return 0;
}

static void ndl_set_rx_mode(struct net_device *dev)
{
	struct ndl_bound *b = netdev_priv(dev);

	if (netif_running(dev) && b->ad)
		ndl_stack_run(ndl_rx_mode_on_stack, dev, -1);
}

void ndl_bound_stats(struct ndl_bound *b, struct ndl_bound_totals *t)
{
	int cpu;

	memset(t, 0, sizeof(*t));
	for_each_possible_cpu(cpu) {
		const struct ndl_pcpu_stats *s = per_cpu_ptr(b->pstats, cpu);
		struct ndl_bound_totals one;
		unsigned int start;

		do {
			start = u64_stats_fetch_begin(&s->syncp);
			one.rx_packets = u64_stats_read(&s->rx_packets);
			one.rx_bytes = u64_stats_read(&s->rx_bytes);
			one.rx_unicast = u64_stats_read(&s->rx_unicast);
			one.tx_packets = u64_stats_read(&s->tx_packets);
			one.tx_bytes = u64_stats_read(&s->tx_bytes);
			one.tx_csum = u64_stats_read(&s->tx_csum);
			one.rx_csum = u64_stats_read(&s->rx_csum);
		} while (u64_stats_fetch_retry(&s->syncp, start));
		t->rx_packets += one.rx_packets;
		t->rx_bytes += one.rx_bytes;
		t->rx_unicast += one.rx_unicast;
		t->tx_packets += one.tx_packets;
		t->tx_bytes += one.tx_bytes;
		t->tx_csum += one.tx_csum;
		t->rx_csum += one.rx_csum;
	}
}

static void ndl_get_stats64(struct net_device *dev,
			    struct rtnl_link_stats64 *s)
{
	struct ndl_bound *b = netdev_priv(dev);
	struct ndl_bound_totals t;

	ndl_bound_stats(b, &t);
	s->rx_packets = t.rx_packets;
	s->rx_bytes = t.rx_bytes;
	s->rx_dropped = atomic64_read(&b->rx_dropped);
	s->rx_errors = atomic64_read(&b->rx_errors);
	s->tx_packets = t.tx_packets;
	s->tx_bytes = t.tx_bytes;
	s->tx_dropped = atomic64_read(&b->tx_dropped);
	s->tx_errors = atomic64_read(&b->tx_errors);
}

static int ndl_change_mtu(struct net_device *dev, int mtu)
{
	/* The core checked it against min_mtu/max_mtu (the miniport's). */
	dev->mtu = mtu;
	return 0;
}

static int ndl_set_mac_address(struct net_device *dev, void *p)
{
	struct sockaddr *sa = p;

	if (!is_valid_ether_addr(sa->sa_data))
		return -EADDRNOTAVAIL;
	if (ether_addr_equal(dev->dev_addr, sa->sa_data))
		return 0;
	if (netif_running(dev))
		return -EBUSY;
	return ndl_netdev_set_address(netdev_priv(dev), sa->sa_data);
}

static const struct net_device_ops ndl_netdev_ops = {
	.ndo_open = ndl_open,
	.ndo_stop = ndl_stop,
	.ndo_start_xmit = ndl_start_xmit,
	.ndo_set_rx_mode = ndl_set_rx_mode,
	.ndo_get_stats64 = ndl_get_stats64,
	.ndo_change_mtu = ndl_change_mtu,
	.ndo_set_mac_address = ndl_set_mac_address,
	.ndo_set_features = ndl_offload_set_features,
	.ndo_features_check = ndl_offload_features_check,
	.ndo_validate_addr = eth_validate_addr,
};

void ndl_netdev_setup(struct ndl_bound *b)
{
	struct net_device *dev = b->netdev;
	const u8 *mac = b->info.cur_addr;

	ndl_rxq_init(b);
	dev->netdev_ops = &ndl_netdev_ops;
	dev->ethtool_ops = &ndl_ethtool_ops;
	dev->watchdog_timeo = 5 * HZ;
	dev->min_mtu = ETH_MIN_MTU;
	dev->max_mtu = b->info.max_frame ? b->info.max_frame : ETH_DATA_LEN;
	dev->mtu = min_t(unsigned int, ETH_DATA_LEN, dev->max_mtu);
	/* Single-buffer sends: the stack builds linear frames itself (no
	 * copy); any fragmented one left is copied by the runtime.
	 */
	if (!b->info.single_buffer_sends)
		dev->features |= NETIF_F_SG;
	dev->hw_features |= NETIF_F_SG;
	if (!is_valid_ether_addr(mac))
		mac = b->info.perm_addr;
	if (is_valid_ether_addr(mac)) {
		eth_hw_addr_set(dev, mac);
	} else {
		eth_hw_addr_random(dev);
		netdev_warn(dev, "%s reports no valid MAC address; using a random one\n",
			    b->drv->name);
	}
	if (is_valid_ether_addr(b->info.perm_addr))
		memcpy(dev->perm_addr, b->info.perm_addr, ETH_ALEN);
}
