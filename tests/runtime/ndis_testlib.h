/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers for the NDIS layer's tests: load and start a test miniport, an
 * adapter whose host callbacks record everything (frames, completions,
 * status events), frame building, and the wire of a simulated device.
 */
#ifndef NDL_TEST_NDIS_TESTLIB_H
#define NDL_TEST_NDIS_TESTLIB_H

#include "common.h"
#include "ndis/ndis_adapter.h"
#include "ndis/ndis_status.h"
#include "ndis/ndis_types.h"

#define TAP_MAX_FRAMES	512
#define TAP_MAX_DONE	1024
#define TAP_MAX_EVENTS	64
#define NDIS_PACKET_TYPE_DIRECTED	0x01
#define NDIS_PACKET_TYPE_MULTICAST	0x02
#define NDIS_PACKET_TYPE_BROADCAST	0x08
#define NDIS_PACKET_TYPE_PROMISCUOUS	0x20

struct tap_frame {
	u8 data[1600];
	u32 len, flags, nfrags;
	u16 vlan;
};

/* What the host side of an adapter saw. */
struct tap {
	struct tap_frame *frames;	/* TAP_MAX_FRAMES */
	u32 nframes, rx_completes;
	void *done_cookie[TAP_MAX_DONE];
	u32 done_status[TAP_MAX_DONE];
	u32 ndone, send_ready;
	struct ndl_status_event events[TAP_MAX_EVENTS];
	u32 nevents;
	bool in_callback;
	bool nested;			/* a callback ran inside another */
};

extern const struct ndl_adapter_ops tap_ops;

/* Load build/drivers/NAME/NAME.sys and run DriverEntry; NULL on failure. */
struct ndl_driver *load_test_driver(const char *name);
/* An adapter for drv on dev (may be NULL) with the tap as host. */
struct ndl_adapter *tap_adapter(struct ndl_driver *drv, struct ndl_os_dev *dev,
				struct ndl_reg *reg, struct tap *t);
void tap_reset(struct tap *t);
void tap_free(struct tap *t);
/* Set the packet filter a protocol sets on bind. */
u32 tap_open(struct ndl_adapter *ad, u32 filter);
/* A test frame: dst, src, ethertype 0x88b5, then len-14 bytes of seq. */
void make_frame(u8 *buf, u32 len, const u8 dst[6], const u8 src[6], u32 seq);
/* Run the host loop until cond(ctx) or timeout_ms; returns cond(ctx). */
bool run_until(bool (*cond)(void *ctx), void *ctx, u32 timeout_ms);
/*
 * Send as the kernel host does: while every send slot is in flight
 * (-NDL_EBUSY), run the loop until a send completes or t hears
 * send_ready, then try again; the send's result.
 */
int tap_send(struct tap *t, struct ndl_adapter *ad, const struct ndl_frag *f,
	     u32 n, void *cookie);
/* Count of status events of kind. */
u32 tap_events(const struct tap *t, enum ndl_status_kind kind);
/* For run_until: the tap saw at least this many link events. */
struct tap_link_want {
	const struct tap *tap;
	u32 connects, disconnects;
};
bool tap_link_events(void *want);
/* A 64-bit counter OID's value in *v; false if the query failed. */
bool query_counter(struct ndl_adapter *ad, u32 oid, u64 *v);

struct ndl_sim_dev;

#define WIRE_KEEP	64	/* sent frames a wire keeps */

/*
 * The wire of a simulated device, for run_until(wire_progress, ...): the
 * frames the driver sent (the first WIRE_KEEP copied to out/out_len when
 * out is set) and the counts to wait for: frames sent, frames the tap
 * received, send completions the tap saw.
 */
struct wire {
	struct ndl_sim_dev *sim;
	struct tap *tap;
	u8 (*out)[1600];
	u32 *out_len;
	u32 nout, want_out, want_in, want_done;
};

/* Take what the device sent; true once every count is reached. */
bool wire_progress(void *ctx);
/*
 * Send n (at most WIRE_KEEP) test frames from src to dst, of len0, len0 +
 * 37, ... bytes, each in three fragments (header, 20 bytes, the rest),
 * and wait for them on the wire and completed: how many failed to send or
 * came out missing or different (w->out must be set and hold them).
 */
u32 wire_send_frames(struct ndl_adapter *ad, struct wire *w, u32 n, u32 len0,
		     const u8 dst[6], const u8 src[6]);
/*
 * Put n (at most WIRE_KEEP) test frames of 64, 95, ... bytes from src on
 * the wire, to dst except every fourth (broadcast), running the host loop
 * after every eighth, and wait for the tap to receive them: how many the
 * device refused or the tap got missing or different.
 */
u32 wire_receive_frames(struct wire *w, u32 n, const u8 dst[6],
			const u8 src[6]);

/* --- Large sends (ndis_testlso.c) --- */

#define LSO_TCP_HLEN	32	/* with a 12-byte timestamp option */
#define LSO_MSS		1448

/*
 * A large TCP packet from src to dst as Linux hands one over (total
 * lengths of the whole packet, IPv4 header checksum computed): IPv4 (ID
 * 0x1200, DF) or IPv6, ACK and PSH, a sequence number about to wrap, then
 * pay bytes of a pattern. Its header length.
 */
u32 lso_packet(u8 *f, bool v6, u32 pay, const u8 dst[6], const u8 src[6]);
/*
 * The n segments on the wire from out[first] (all within WIRE_KEEP): each
 * at most LSO_MSS (only the last shorter), the template's fields fixed up
 * (lengths, IPv4 ID +1 a segment, sequence number, PSH only in the last),
 * the rest of the headers and the options as they were, checksums right,
 * the payload in order; how many were wrong.
 */
u32 lso_check(u8 (*out)[1600], const u32 *out_len, u32 first, u32 n,
	      const u8 *f, bool v6, u32 pay);
/*
 * Send f (hdr + pay bytes) as a large send of LSO_MSS through the
 * runtime: in nfrag pieces, the headers and the payload's first bytes in
 * the first, with the request
 * req (0: the runtime's own for it) and the headers rewritten for it;
 * wait until it completed. Its completion status; NOT_SUPPORTED if the
 * runtime would not make it a large send, PENDING if it never completed.
 */
u32 lso_send(struct ndl_adapter *ad, struct wire *w, u8 *f, u32 hdr, u32 pay,
	     u32 nfrag, u32 req);

/* Destroy the adapter, unload the driver, destroy the device (any NULL). */
void test_teardown(struct ndl_adapter *ad, struct ndl_driver *drv,
		   struct ndl_sim_dev *sim);

/* Exports the tests call directly (as a driver would). */
void NTAPI ndlw_NdisAllocatePacketPool(NDIS_STATUS *st, NDIS_HANDLE *pool,
				       UINT n, UINT proto);
void NTAPI ndlw_NdisFreePacketPool(NDIS_HANDLE pool);
void NTAPI ndlw_NdisAllocatePacket(NDIS_STATUS *st, NDIS_PACKET **p,
				   NDIS_HANDLE pool);
void NTAPI ndlw_NdisFreePacket(NDIS_PACKET *p);
void NTAPI ndlw_NdisAllocateBufferPool(NDIS_STATUS *st, NDIS_HANDLE *pool,
				       UINT n);
void NTAPI ndlw_NdisFreeBufferPool(NDIS_HANDLE pool);
void NTAPI ndlw_NdisAllocateBuffer(NDIS_STATUS *st, MDL **b, NDIS_HANDLE pool,
				   void *va, UINT len);
void NTAPI ndlw_NdisFreeBuffer(MDL *b);
void NTAPI ndlw_NdisChainBufferAtBack(NDIS_PACKET *p, MDL *b);

#endif
