/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ndisload-host's data path: frames between the adapter (the miniport on
 * the VFIO device) and the TAP interface, in both directions.
 */
#ifndef NDL_HOST_NET_H
#define NDL_HOST_NET_H

#include "ndis/ndis_adapter.h"

/* Frames between the TAP and the adapter: the adapter's send slots too. */
#define HOST_TX_SLOTS	64

struct host_net {
	struct ndl_adapter *ad;
	int tap;
	/*
	 * Stop reading the TAP: every tx slot in flight, or a frame the
	 * adapter refused with -NDL_EBUSY waits for send_ready (the loop
	 * retries it first).
	 */
	bool tap_busy;
	bool await_ready;	/* the adapter said busy: send_ready follows */
	/* frames come and go behind a struct virtio_net_hdr (tap_open) */
	bool vnet;
	u64 rx_frames, tx_frames, rx_dropped, tx_errors;
	/* checksums the miniport computed / the host computed / the
	 * miniport validated (receive)
	 */
	u64 tx_csum, tx_csum_sw, rx_csum;
	u64 rx_merged;		/* frames that went up coalesced (rx_merge.h) */
	/*
	 * GSO frames from the TAP (gso.h): large sends handed to the
	 * miniport, frames segmented here (in part or whole) and the
	 * segments cut, malformed ones dropped
	 */
	u64 tx_lso, tx_gso_soft, tx_soft_segs, tx_gso_bad;
	unsigned int tun_flags;	/* TUN_F_* set with TUNSETOFFLOAD */
	unsigned int tun_refused;	/* the last set the TAP refused */
	bool tso_off;		/* never TUN_F_TSO* (ndisload-host --no-tso) */
};

extern const struct ndl_adapter_ops host_net_ops;	/* ctx: host_net */
/* Write the frames coalesced so far (rx_merge.h) to the TAP. */
void host_net_rx_flush(struct host_net *n);
/* The TAP fd is readable: hand its frames to the adapter. */
void host_net_tap_ready(struct host_net *n);

/*
 * After initialize: turn on the checksum offload and the large send the
 * miniport offers and let Linux leave those checksums to us (TUN_F_CSUM)
 * and, while a large send is on, its TCP segmentation (TUN_F_TSO4/6,
 * host_net_offload_sync). Says what it did.
 */
void host_net_offload(struct host_net *n);
/*
 * Keep the TAP's TUN_F_* to what the miniport has on now (its offload
 * may change: a status indication, a reset): TSO4/TSO6 only while its
 * large send for that IP version is. Cheap when nothing changed.
 */
void host_net_offload_sync(struct host_net *n);

#endif
