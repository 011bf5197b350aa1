/* SPDX-License-Identifier: GPL-2.0-only */
/* RTL8139C+ transmit checksum and large-send offload (rtl8139_offload.c). */
#ifndef NDL_SIM_RTL8139_OFFLOAD_H
#define NDL_SIM_RTL8139_OFFLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "../../module/user/simdev.h"

/* C+ Tx descriptor Opts1 offload bits */
#define RTL_TX_LGSEN		(1u << 27)
#define RTL_TX_MSS_SHIFT	16
#define RTL_TX_MSS_MASK		0x7ffu
#define RTL_TX_IPCS		(1u << 18)
#define RTL_TX_UDPCS		(1u << 17)
#define RTL_TX_TCPCS		(1u << 16)

/* Puts one finished frame on the wire (or into loopback). */
typedef void (*rtl_emit_fn)(struct ndl_sim_dev *dev, const uint8_t *frame,
			    size_t len);

/*
 * The frame f (len bytes, the chip's own copy: it may be changed) as the
 * offloads opts1 asks for want it: emitted once, checksummed or not, or
 * as segments of a large send (none if it carries no TCP payload).
 */
void rtl_tx_offload(struct ndl_sim_dev *dev, uint8_t *f, size_t len,
		    uint32_t opts1, rtl_emit_fn emit);

#endif
