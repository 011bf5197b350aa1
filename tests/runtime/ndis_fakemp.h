/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A miniport written in C inside the test (NTAPI handlers registered with
 * NdisMRegisterMiniport like any driver's), whose behaviour each test
 * dials in: serialized or not, Send or SendPackets, what statuses it
 * answers, when it completes, what it indicates. It checks NDIS's rules
 * from the inside (no re-entry while serialized, IRQL of each handler).
 */
#ifndef NDL_TEST_NDIS_FAKEMP_H
#define NDL_TEST_NDIS_FAKEMP_H

#include "ndis_testlib.h"
#include "ndis/ndis_priv.h"

#define FM_MAX 64

struct fakemp {
	/* knobs */
	u8 major, minor;
	bool deserialize, use_send_packets, with_return, with_transfer;
	u32 hang_secs;
	u32 accept;			/* sends accepted before RESOURCES */
	bool complete_inside;		/* NdisMSendComplete within the call */
	bool pend_requests, pend_reset, addressing_reset, hung;
	bool status_in_init;		/* indicate disconnect in initialize */
	bool bus_master;		/* NDIS_ATTRIBUTE_BUS_MASTER */
	bool pend_transfer;		/* TransferData completes later */
	NDIS_PACKET *td_packet;
	UINT td_count;
	bool sg_dma;			/* NdisMInitializeScatterGatherDma */
	u32 sg_seen, sg_elements;	/* sends that carried an SG list */
	u64 sg_first_addr;
	uintptr_t last_csum, last_vlan;	/* per-packet info of the last send */
	uintptr_t last_lso;		/* its TcpLargeSendPacketInfo */
	u32 lso_sent;			/* written back there (0: nothing) */
	u32 max_lookahead;		/* OID_GEN_MAXIMUM_LOOKAHEAD; 0: none */
	u32 lookahead;			/* last OID_GEN_CURRENT_LOOKAHEAD set */
	u32 td_short;			/* TransferData copies this much less */
	NDIS_PACKET **dpc_pkts;		/* indicated by MiniportHandleInterrupt */
	u32 dpc_npkts;
	bool send_back_nested;		/* see test_no_reentry */
	bool complete_refused_last;	/* serialized SendPackets: completes
					 * the array's last packet though it
					 * said RESOURCES for it (not allowed) */
	/* the last send as a first-buffer-only miniport would put it on the
	 * wire (ndis_test_compat.c)
	 */
	u32 last_buffers, wire_len;
	u8 wire[1514];
	/* the last send's bytes, every buffer of it */
	u32 whole_len;
	u8 whole[1514];
	u32 max_send_packets;		/* OID_GEN_MAXIMUM_SEND_PACKETS; 0: 8 */
	u32 mcast_sets;			/* OID_802_3_MULTICAST_LIST sets */
	/* OID_TCP_TASK_OFFLOAD (ndis_test_offload.c): the query's answer
	 * (none: NOT_SUPPORTED), the header the query brought, the last
	 * set's buffer and what a set answers
	 */
	u8 task_answer[512];
	u32 task_answer_len;
	u8 task_query[64];
	u32 task_query_len, task_queries;
	u8 task_set[256];
	u32 task_set_len, task_sets;
	NDIS_STATUS task_set_status;
	/* state */
	NDIS_HANDLE handle, wrapper;
	NDIS_PACKET *held[FM_MAX];	/* accepted, not completed */
	u32 nheld;
	u32 sends, send_calls, resets, hang_checks, halts, returns;
	u32 queries, sets, last_filter, filter_sets, transfers;
	u32 reentries, bad_irql;
	NDIS_PACKET *returned[FM_MAX];
	u32 returns_at_halt;		/* MiniportReturnPacket calls before Halt */
	u32 returns_after_halt;		/* ... after it (never allowed) */
	NDIS_OID pending_oid;
	void *pending_buf;
	ULONG *pending_done;
	bool in_handler;
	u8 rx_frame[1514];
	u32 rx_len;
	/* interrupts (ndis_test_miniport.c registers them) */
	bool with_isr;
	u32 port;			/* the device's status port */
	u32 isrs, dpcs, disables, enables, dpc_bad;
	NDIS_MINIPORT_INTERRUPT intr;
};

extern struct fakemp fm;

NDIS_STATUS NTAPI ndlw_NdisMRegisterMiniport(NDIS_HANDLE w,
					     NDIS51_MINIPORT_CHARACTERISTICS *c,
					     UINT len);

/* Register the fake with the loaded container driver; NDIS status. */
u32 fm_register(struct ndl_driver *drv);
/* The fake's defaults (accepts 1000 sends, hang check every second),
 * then fm_container(); NULL on failure.
 */
struct ndl_driver *fm_begin(void);
/* A driver object to register with: fx_basic.sys loaded, not started. */
struct ndl_driver *fm_container(void);
/* A PCI bus master for the fake's scatter-gather DMA: one I/O BAR, no
 * registers, no interrupt (ndl_sim_create).
 */
struct ndl_sim_model;
extern const struct ndl_sim_model fm_bm_model;
/*
 * End a test: complete the sends the fake holds (a real miniport does
 * before halt), destroy the adapter, unload the driver, destroy the
 * device (each may be NULL; all become NULL). The caller checks
 * fm.reentries and fm.bad_irql (its own CHECKs count).
 */
void fm_stop(struct ndl_adapter **ad, struct ndl_driver **drv,
	     struct ndl_sim_dev **sim);
/* Complete the oldest held send with st. */
void fm_complete_one(NDIS_STATUS st);
/* Complete the pending query/set. */
void fm_complete_request(NDIS_STATUS st, bool set);

#endif
