/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ndisload-host's data path: frames between the adapter (the miniport on
 * the VFIO device) and the TAP interface, in both directions.
 */
#ifndef NDL_HOST_NET_H
#define NDL_HOST_NET_H

#include "ndis/ndis_adapter.h"

struct host_net {
	struct ndl_adapter *ad;
	int tap;
	/*
	 * Stop reading the TAP: every tx slot in flight, or a frame the
	 * adapter refused with -NDL_EBUSY waits for send_ready (the loop
	 * retries it first).
	 */
	bool tap_busy;
	/* frames come and go behind a struct virtio_net_hdr (tap_open) */
	bool vnet;
	u64 rx_frames, tx_frames, rx_dropped, tx_errors;
	/* checksums the miniport computed / the host computed / the
	 * miniport validated (receive)
	 */
	u64 tx_csum, tx_csum_sw, rx_csum;
	u64 rx_merged;		/* frames that went up coalesced (rx_merge.h) */
};

extern const struct ndl_adapter_ops host_net_ops;	/* ctx: host_net */
/* Write the frames coalesced so far (rx_merge.h) to the TAP. */
void host_net_rx_flush(struct host_net *n);
/* The TAP fd is readable: hand its frames to the adapter. */
void host_net_tap_ready(struct host_net *n);

/*
 * After initialize: turn on the checksum offload the miniport offers and
 * let Linux leave those checksums to us (TUN_F_CSUM). Says what it did.
 */
void host_net_offload(struct host_net *n);

#endif
