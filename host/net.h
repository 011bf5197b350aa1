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
	u64 rx_frames, tx_frames, rx_dropped, tx_errors;
};

extern const struct ndl_adapter_ops host_net_ops;	/* ctx: host_net */
/* The TAP fd is readable: hand its frames to the adapter. */
void host_net_tap_ready(struct host_net *n);

#endif
