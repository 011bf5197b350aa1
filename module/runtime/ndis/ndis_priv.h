/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * NDIS layer internals shared by the ndis_*.c files: the per-driver and
 * per-adapter state behind the handles drivers hold, the miniport
 * serialization lock, and the helpers every part uses.
 */
#ifndef NDL_NDIS_PRIV_H
#define NDL_NDIS_PRIV_H

#include "ndis/ndis_adapter.h"
#include "ndis/ndis_types.h"
#include "nt/nt_api.h"
#include "ndis/ndis_api.h"
#include "nt/nt_list.h"
#include "nt/nt_queue.h"
#include "nt/nt_sync.h"

/* ---- per driver (drv->ndis; the NDIS wrapper handle) ---------------------- */

struct ndl_ndis_file {
	char name[64];
	u8 *data;
	size_t len;
};

struct ndl_ndis_driver {
	u64 magic;
	struct ndl_driver *drv;
	bool registered;
	u8 major, minor;
	NDIS51_MINIPORT_CHARACTERISTICS chars;	/* zero past the version */
	PDRIVER_UNLOAD unload_handler;		/* NdisMRegisterUnloadHandler */
	struct ndl_ndis_file *files;
	u32 nfiles;
	u32 adapters;				/* live adapters */
	struct ndl_ndis6_driver *ndis6;		/* NdisMRegisterMiniportDriver */
	struct ndl_ndis_driver *next;		/* every NDIS driver */
};
#define NDL_NDIS_DRIVER_MAGIC 0x4e444c4e44495344ull	/* "NDLNDISD" */

/* The driver's NDIS state, created on first use (wrapper init, files). */
struct ndl_ndis_driver *ndl_ndis_driver_get(struct ndl_driver *drv);
/* The NDIS driver whose image holds addr (a caller's return address). */
struct ndl_ndis_driver *ndl_ndis_driver_by_addr(const void *addr);
/* A file of any NDIS driver with this base name (callers outside drivers). */
const struct ndl_ndis_file *ndl_ndis_file_any(const char *base);
/*
 * The file a driver means by path (any form: only the base name counts),
 * among the files of the driver whose code holds caller, or of every
 * driver when caller lies in none; NULL if there is none.
 */
const struct ndl_ndis_file *ndl_ndis_file_for(const void *caller,
					      const char *path);
/* Forget an NDIS 6 registration (ndis6/ndis6_driver.c); at release. */
void ndl_ndis6_release(struct ndl_ndis_driver *nd);
/* Delete the control devices a driver left registered (ndis_ctldev.c). */
void ndl_ndis_ctl_release(struct ndl_ndis_driver *nd);
/*
 * Frees va if NdisAllocateMemoryWithTagPriority gave it (its tag header);
 * false for any other memory. NdisFreeMemory accepts both (ndis6_mem.c).
 */
bool ndl_ndis6_free_tagged(void *va);
/* Validate a wrapper handle a driver passed; NULL (and a log line) if bad. */
struct ndl_ndis_driver *ndl_ndis_wrapper(NDIS_HANDLE h, const char *fn);

/* ---- per adapter ------------------------------------------------------------ */

enum ndl_adapter_state {
	NDL_AD_CREATED,
	NDL_AD_INITIALIZING,
	NDL_AD_RUNNING,
	NDL_AD_HALTING,
	NDL_AD_HALTED,
};

enum { NDL_SLOT_FREE, NDL_SLOT_PENDING, NDL_SLOT_INFLIGHT };
/*
 * A send slot: one NDIS_PACKET and its buffers, reused frame after frame.
 * It starts with NDL_TX_SLOT_MDLS MDLs (a frame's header and one fragment,
 * the common case); a frame with more fragments grows the slot's MDL
 * array and scatter-gather list (up to NDL_TX_MAX_FRAGS), and the slot
 * keeps what it grew, so the steady state allocates nothing per frame.
 */
#define NDL_TX_SLOT_MDLS	2

struct ndl_adapter;

/* A send slot's MDLs and linear copy (ndis_txbufs.c), grown on demand and kept. */
struct ndl_tx_bufs {
	MDL **mdl;			/* small, or a grown array */
	MDL *small[NDL_TX_SLOT_MDLS];
	u32 n, cap;			/* MDLs made; room in mdl[] */
	u8 *linear;			/* the copy, kept for the next frame */
	u32 linear_size;
};

/* NDL_TX_SLOT_MDLS MDLs; ndl_tx_bufs_free also after a failure. */
int ndl_tx_bufs_init(struct ndl_tx_bufs *b);
void ndl_tx_bufs_free(struct ndl_tx_bufs *b);
/* How many of the fragments are not empty (the MDLs a chain needs). */
u32 ndl_frags_used(const struct ndl_frag *frags, u32 nfrags);
/*
 * A frame's MDL chain: over its fragments where they lie, or over b's
 * linear copy of them when one_buffer asks for one buffer or b could not
 * grow for that many (atomic memory). used: ndl_frags_used's count. NULL
 * if not even the copy could be made. Counts the frame in ad's
 * tx_multi_buffer or tx_linearized.
 */
MDL *ndl_tx_bufs_frame(struct ndl_adapter *ad, struct ndl_tx_bufs *b,
		       const struct ndl_frag *frags, u32 nfrags, u32 used,
		       u32 total, bool one_buffer);
struct ndl_tx_slot {
	LIST_ENTRY link;		/* free, pending or in-flight list */
	NDIS_PACKET *packet;
	struct ndl_tx_bufs bufs;
	void *cookie;
	SCATTER_GATHER_LIST *sg;	/* NdisMInitializeScatterGatherDma */
	u32 sg_cap;			/* elements sg has room for */
	bool sg_mapped;
	u64 submitted_ns;
	u8 where;			/* NDL_SLOT_* */
	bool in_call;			/* inside MiniportSend(Packets) */
	bool completed;			/* completed while in_call */
	NDIS_STATUS status;
	bool lso;			/* a large send */
};

struct ndl_request {
	LIST_ENTRY link;
	bool set;
	NDIS_OID oid;
	ULONG len, done, needed;
	NDIS_STATUS status;
	bool in_call, completed, abandoned;
	bool local;			/* answered by ndl_compat_request */
	u64 started_ns;
	ndl_request_done complete;
	void *ctx;
	u32 refs;
	u8 *buf;			/* points to data[] */
	u8 data[];
};

/* An I/O port range, mapping or shared memory the driver holds. */
enum ndl_res_kind { NDL_RES_PORTS, NDL_RES_MMIO, NDL_RES_SHARED };
struct ndl_held_res {
	struct ndl_held_res *next;
	enum ndl_res_kind kind;
	void *va;
	u64 bus;
	u64 len;
	u32 port, nports;
};

struct ndl_adapter {
	NDIS_MINIPORT_BLOCK block;	/* first: the handle drivers get */
	u64 magic;
	struct ndl_ndis_driver *nd;
	struct ndl_driver *drv;
	struct ndl_os_dev *dev;
	struct ndl_reg *reg;
	struct ndl_reg *hw_reg;		/* until the hardware key takes it */
	const struct ndl_adapter_ops *ops;
	void *ctx;
	char name[32];
	WCHAR name_w[40];
	DEVICE_OBJECT *fdo, *pdo;		/* ndis_devobj.c */
	struct ndl_usb_dev *usb;		/* a USB adapter's device */
	enum ndl_adapter_state state;

	/* NdisMSetAttributes(Ex) */
	bool attrs_set;
	u32 attributes;
	u32 hang_secs;
	u32 interface_type;
	bool deserialized;

	/* serialization of a serialized miniport */
	KSPIN_LOCK mp_lock;
	u32 mp_owner;			/* cpu id + 1 while held */
	KSPIN_LOCK q_lock;		/* queues below; DISPATCH */

	/* send */
	struct ndl_tx_slot *slots;
	u32 nslots;
	u32 tx_slots_max;		/* the host's cap (ndl_tx_init) */
	LIST_ENTRY tx_free, tx_pending, tx_inflight;
	u32 tx_inflight_n;
	bool tx_blocked;		/* serialized miniport said RESOURCES */
	bool tx_want_ready;		/* host saw -EBUSY: tell send_ready */
	u32 tx_draining;		/* deserialized: one drainer at a time */
	bool tx_kick_again;
	NDIS_HANDLE tx_packet_pool;
	u32 max_send_packets;

	/* receive */
	struct ndl_rx *rx;		/* returns, TransferData (ndis_recv.c) */
	u32 max_lookahead;		/* OID_GEN_MAXIMUM_LOOKAHEAD; 0: unknown */

	/* requests */
	LIST_ENTRY req_queue;
	struct ndl_request *req_cur;
	/* what NDIS restores after an addressing reset */
	u32 saved_filter, saved_lookahead;
	bool saved_filter_valid, saved_lookahead_valid;
	u8 *saved_mcast;
	u32 saved_mcast_len;
	bool saved_mcast_valid;

	/* reset and hang detection */
	bool resetting;
	bool reset_from_hang;
	NDIS_STATUS reset_status;
	struct ndl_os_waiter *reset_waiter;
	struct ndl_os_waiter *idle_waiter;	/* halt waits here */
	KTIMER hang_timer;
	KDPC hang_dpc;
	bool hang_armed;
	u32 hang_ticks;

	/* status */
	bool media_connected;
	bool media_known;
	u64 link_speed;
	bool status_pending_complete;

	/* interrupt */
	NDIS_MINIPORT_INTERRUPT *interrupt;

	/* resources */
	void *cm_list;			/* CM_RESOURCE_LIST (built at create) */
	NDIS_RESOURCE_LIST *resources;	/* its partial list */
	u32 resources_size;		/* bytes of the partial list */
	struct ndl_held_res *held;
	bool dma_registered;		/* NdisMInitializeScatterGatherDma */
	bool dma64;
	u32 max_phys_map;
	bool map_regs;			/* NdisMAllocateMapRegisters */
	u32 map_reg_count;
	struct ndl_map_reg *map_reg;	/* one mapping per map register */
	W_MINIPORT_SHUTDOWN_HANDLER shutdown_handler;	/* 5.0 registration */
	void *shutdown_ctx;

	struct ndl_adapter_stats stats;

	/* compatibility settings (ndis_compat.c) */
	struct ndl_compat compat;	/* as asked */
	bool single_buffer;		/* in force */
	bool mcast_all;			/* in force */
	bool mcast_nonempty;		/* the host's list has addresses */
	bool mcast_filter_valid;	/* the host set a packet filter */
	u32 mcast_host_filter;		/* ... this one (before rewriting) */
	u32 mcast_sent_filter;		/* ... and what the miniport got */
	struct ndl_refused_oid refused[NDL_REFUSED_OIDS];	/* newest first */
	/* checksum offload turned on (ndis_offload.c): the four fields of
	 * struct ndl_csum_offload packed into bytes 0..3, read lock-free
	 */
	u32 csum_on;
	/* large send turned on: NDL_LSO_ON_V4/V6 bits, read lock-free;
	 * lso[0] (IPv4) and lso[1] (IPv6) hold its parameters, written
	 * while it is off; lso_set: what the last successful set turned
	 * on, of which lso_on is what the miniport still reports on
	 */
	u32 lso_on, lso_set;
	struct ndl_lso lso[2];
	bool oid_watch;			/* initialized: record refusals */
	/* an NDIS 6 miniport's adapter: its front end's state (ndis6/) */
	struct ndl_ndis6_adapter *ndis6;
};
#define NDL_ADAPTER_MAGIC 0x4e444c4144415054ull	/* "NDLADAPT" */

/* The adapter's PDO and FDO (ndis_devobj.c); 0 or -NDL_ENOMEM. */
int ndl_adapter_devobjs_create(struct ndl_adapter *ad);
void ndl_adapter_devobjs_destroy(struct ndl_adapter *ad);

/* The adapter behind a miniport handle; NULL (and a log line) if bad. */
struct ndl_adapter *ndl_ad(NDIS_HANDLE h, const char *fn);
static inline NDIS_HANDLE ndl_ad_ctx(struct ndl_adapter *ad)
{
	return ad->block.MiniportAdapterContext;
}
static inline const NDIS51_MINIPORT_CHARACTERISTICS *
ndl_chars(struct ndl_adapter *ad)
{
	return &ad->nd->chars;
}

/* ---- serialization ---------------------------------------------------------- */

/*
 * Enter the miniport for a handler call at DISPATCH_LEVEL: for serialized
 * miniports this takes the miniport lock. Returns false if this CPU is
 * already inside the miniport (a call from the driver into NDIS that NDIS
 * must defer); *old receives the IRQL to restore.
 */
bool ndl_mp_enter(struct ndl_adapter *ad, KIRQL *old);
/* Leave: run deferred work (sends, returns, requests), unlock, lower. */
void ndl_mp_leave(struct ndl_adapter *ad, KIRQL old);
/* Is this CPU inside the serialized miniport right now? */
bool ndl_mp_owned(struct ndl_adapter *ad);

static inline KIRQL ndl_q_lock(struct ndl_adapter *ad)
{
	return ndl_spin_lock_dpc(&ad->q_lock);
}
static inline void ndl_q_unlock(struct ndl_adapter *ad, KIRQL old)
{
	ndl_spin_unlock_dpc(&ad->q_lock, old);
}

/* ---- the parts (one file each) ----------------------------------------------- */

/* ndis_send.c */
/* At create: remember the host's cap on slots (nothing allocated yet). */
int ndl_tx_init(struct ndl_adapter *ad, u32 slots);
/* After MiniportInitialize and its queries: the slots, sized for the miniport. */
int ndl_tx_start(struct ndl_adapter *ad);
void ndl_tx_free(struct ndl_adapter *ad);
void ndl_tx_kick(struct ndl_adapter *ad);
void ndl_tx_drain_locked(struct ndl_adapter *ad);	/* inside mp lock */
void ndl_tx_unblock(struct ndl_adapter *ad);
/* send_ready to a host refused -NDL_EBUSY since the last one (not locked). */
void ndl_tx_ready_if_owed(struct ndl_adapter *ad);
void ndl_tx_abort_pending(struct ndl_adapter *ad, NDIS_STATUS status);
bool ndl_tx_timed_out(struct ndl_adapter *ad, u64 limit_ns);
void NTAPI ndl_send_complete_handler(NDIS_HANDLE h, NDIS_PACKET *p,
				     NDIS_STATUS status);
void NTAPI ndl_send_resources_handler(NDIS_HANDLE h);

/* ndis_recv.c */
int ndl_rx_init(struct ndl_adapter *ad);
void ndl_rx_free(struct ndl_adapter *ad);
void ndl_rx_return_queued(struct ndl_adapter *ad);
void ndl_rx_dpc_begin(struct ndl_adapter *ad);
void ndl_rx_dpc_end(struct ndl_adapter *ad);
void ndl_rx_return_all(struct ndl_adapter *ad);
void ndl_rx_close(struct ndl_adapter *ad);
void ndl_rx_lookahead_limit(struct ndl_adapter *ad, u32 oid, void *buf,
			    u32 len);
void NTAPI ndl_packet_indicate_handler(NDIS_HANDLE h, NDIS_PACKET **pkts,
				       UINT n);
void NTAPI ndl_eth_indicate_handler(void *filter, NDIS_HANDLE rx_ctx,
				    char *addr, void *header, UINT header_len,
				    void *look, UINT look_len, UINT packet_len);
void NTAPI ndl_eth_complete_handler(void *filter);
void NTAPI ndl_td_complete_handler(NDIS_HANDLE h, NDIS_PACKET *p,
				   NDIS_STATUS status, UINT transferred);
void ndl_install_other_media_handlers(NDIS_MINIPORT_BLOCK *b);

/* ndis_oid.c */
void ndl_req_start_queued(struct ndl_adapter *ad);

/*
 * Start the next queued request if none is in the miniport. Asked after
 * every miniport entry, nearly always with nothing queued: that answer is
 * inline, without the call's saves and realigned stack.
 */
static inline void ndl_req_kick(struct ndl_adapter *ad)
{
	if (!ndl_atomic_load(&ad->req_cur) && !ndl_list_empty(&ad->req_queue))
		ndl_req_start_queued(ad);
}
void ndl_req_abort_all(struct ndl_adapter *ad);
void ndl_req_abort_current(struct ndl_adapter *ad);
bool ndl_req_timed_out(struct ndl_adapter *ad, u64 limit_ns);
void ndl_req_restore_addressing(struct ndl_adapter *ad);
void ndl_req_free_saved(struct ndl_adapter *ad);
void NTAPI ndl_query_complete_handler(NDIS_HANDLE h, NDIS_STATUS status);
void NTAPI ndl_set_complete_handler(NDIS_HANDLE h, NDIS_STATUS status);

/* ndis_oid.c: a pending request finished (the miniport's completion). */
void ndl_req_completed(NDIS_HANDLE h, NDIS_STATUS st, bool set,
		       const char *fn);
/*
 * Wait (PASSIVE) until done(ad), woken through ad->idle_waiter, for at
 * most ns; false on timeout.
 */
bool ndl_adapter_wait_until(struct ndl_adapter *ad,
			    bool (*done)(struct ndl_adapter *ad), u64 ns);
/* After a failed initialize or a halt: what the miniport left registered. */
void ndl_adapter_release_leftovers(struct ndl_adapter *ad, const char *after);

/*
 * The NDIS 6 front end (ndis6/), for adapters whose driver registered
 * with NdisMRegisterMiniportDriver: the adapter API's calls branch here.
 */
int ndl6_adapter_create(struct ndl_adapter *ad, u32 tx_slots);
void ndl6_adapter_free(struct ndl_adapter *ad);
int ndl6_adapter_initialize(struct ndl_adapter *ad,
			    struct ndl_adapter_info *info, u32 *ndis_status);
void ndl6_adapter_halt(struct ndl_adapter *ad);
void ndl6_adapter_shutdown(struct ndl_adapter *ad);
void ndl6_adapter_surprise_removed(struct ndl_adapter *ad);
int ndl6_send(struct ndl_adapter *ad, const struct ndl_frag *frags, u32 n,
	      u32 total, void *cookie, u32 flags, u16 vlan);
/* true: the request must wait for PASSIVE_LEVEL (queued to a work item) */
bool ndl6_req_defer(struct ndl_adapter *ad);
/* MiniportOidRequest for r (or NDIS's own answer); its NDIS_STATUS. */
NDIS_STATUS ndl6_req_call(struct ndl_adapter *ad, struct ndl_request *r);
/* MiniportResetEx (inside ndl_mp_enter) and MiniportCheckForHangEx. */
NDIS_STATUS ndl6_reset_call(struct ndl_adapter *ad, BOOLEAN *addressing);
bool ndl6_check_for_hang_call(struct ndl_adapter *ad);
/* Registered as a bus master (NDIS_MINIPORT_ATTRIBUTES_BUS_MASTER)? */
bool ndl6_bus_master(struct ndl_adapter *ad);
/* The periodic hang check is due (DISPATCH): run it from a work item. */
void ndl6_hang_tick(struct ndl_adapter *ad);

/*
 * Checksum offload (ndis6/ndis6_offload.c): what the offload attributes
 * offered (all zero if none were set), and turning a subset on with
 * OID_TCP_OFFLOAD_PARAMETERS (its NDIS_STATUS). PASSIVE.
 */
void ndl6_csum_caps(struct ndl_adapter *ad, struct ndl_csum_offload *caps);
u32 ndl6_csum_enable(struct ndl_adapter *ad, const struct ndl_csum_offload *on);

/* ndis_offload.c: may a send ask for these checksums or this large send? */
bool ndl_csum_flags_allowed(struct ndl_adapter *ad, u32 flags);
#define NDL_LSO_ON_V4	0x1
#define NDL_LSO_ON_V6	0x2
/*
 * The miniport reports its current offload configuration (NDIS 6's
 * NDIS_STATUS_TASK_OFFLOAD_CURRENT_CONFIG): a large send turned on is
 * asked for only while it reports it on, with the version turned on.
 */
void ndl_lso_reported(struct ndl_adapter *ad, const struct ndl_csum_offload *now);
/* A large send completed: count it with the payload bytes sent. */
void ndl_lso_sent(struct ndl_adapter *ad, u32 bytes);

/* ndis_compat.c */
void ndl_compat_resolve(struct ndl_adapter *ad, struct ndl_adapter_info *info);
/* true: the request was answered with *st here, not sent to the miniport */
bool ndl_compat_request(struct ndl_adapter *ad, struct ndl_request *r,
			NDIS_STATUS *st);
/* Counts and records what the miniport answered (not local answers). */
void ndl_compat_finished(struct ndl_adapter *ad, struct ndl_request *r,
			 NDIS_STATUS st);

/* ndis_status.c */
void NTAPI ndl_status_handler(NDIS_HANDLE h, NDIS_STATUS status, void *buf,
			      UINT len);
void NTAPI ndl_status_complete_handler(NDIS_HANDLE h);
void ndl_status_event(struct ndl_adapter *ad, enum ndl_status_kind kind,
		      NDIS_STATUS st, const void *buf, u32 len);

/* ndis_reset.c */
int ndl_reset_start(struct ndl_adapter *ad, bool from_hang);
void NTAPI ndl_reset_complete_handler(NDIS_HANDLE h, NDIS_STATUS status,
				      BOOLEAN addressing_reset);
void ndl_hang_timer_start(struct ndl_adapter *ad);
void ndl_hang_timer_stop(struct ndl_adapter *ad);

/* ndis_mem.c: resources the driver holds, released at halt if leaked */
void ndl_held_record(struct ndl_adapter *ad, enum ndl_res_kind kind,
		     void *va, u64 bus, u64 len, u32 port, u32 nports);
bool ndl_held_forget(struct ndl_adapter *ad, enum ndl_res_kind kind,
		     const void *va, u32 port, u64 *len);
/*
 * Shared memory from a work item, then done(context) at DISPATCH_LEVEL
 * (NULL addresses if none): NDIS_STATUS_PENDING or _RESOURCES.
 */
NDIS_STATUS ndl_shmem_alloc_async(struct ndl_adapter *ad,
				  W_ALLOCATE_COMPLETE_HANDLER done, ULONG len,
				  BOOLEAN cached, void *context);

/* ndis_res.c */
int ndl_res_build(struct ndl_adapter *ad);
void ndl_res_release_all(struct ndl_adapter *ad);

/* ndis_dma.c */
int ndl_sg_reserve(struct ndl_adapter *ad, struct ndl_tx_slot *s, u32 n);
int ndl_sg_map(struct ndl_adapter *ad, struct ndl_tx_slot *s);
void ndl_sg_unmap(struct ndl_adapter *ad, struct ndl_tx_slot *s);
void ndl_dma_release(struct ndl_adapter *ad);
/*
 * Map the start of len bytes at va for the device: the bytes mapped as one
 * bus-contiguous piece (all of them, or up to the page end for memory that
 * is contiguous only page by page), 0 if the host cannot map.
 */
u32 ndl_dma_map_piece(struct ndl_adapter *ad, void *va, u32 len,
		      enum ndl_os_dma_dir dir, u64 *bus);

/* ndis_irq.c */
void ndl_irq_release(struct ndl_adapter *ad);
/* fn(ctx) at DIRQL, excluded from irq's ISR (NULL irq: just raised). */
BOOLEAN ndl_irq_sync_driver(struct ndl_os_irq *irq, void *fn, void *ctx);

/* ndis_packet.c (pools shared with the send and receive paths) */
NDIS_STATUS ndl_packet_pool_create(NDIS_HANDLE *pool, UINT n, UINT ext,
				   UINT proto_len);
void ndl_packet_pool_destroy(NDIS_HANDLE pool);
NDIS_PACKET *ndl_packet_alloc(NDIS_HANDLE pool);
void ndl_packet_free(NDIS_PACKET *p);
void ndl_packet_reinit(NDIS_PACKET *p);
/* Inline: every frame sent or received reads both, often more than once. */
static inline NDIS_PACKET_OOB_DATA *ndl_packet_oob(NDIS_PACKET *p)
{
	return (NDIS_PACKET_OOB_DATA *)((u8 *)p + p->Private.NdisPacketOobOffset);
}

static inline NDIS_PACKET_EXTENSION *ndl_packet_ext(NDIS_PACKET *p)
{
	return (NDIS_PACKET_EXTENSION *)((u8 *)ndl_packet_oob(p) +
					 sizeof(NDIS_PACKET_OOB_DATA));
}

/* The runtime's private word in a packet it allocated (owner pointer). */
void **ndl_packet_owner(NDIS_PACKET *p);
bool ndl_packet_is_ours(const NDIS_PACKET *p);
u32 ndl_packet_total_len(NDIS_PACKET *p);

/* ndis_buffer.c */
void ndl_mdl_set(MDL *m, const void *va, u32 len);
MDL *ndl_mdl_alloc_pages(u32 pages, enum ndl_mem_cat cat);
u32 ndl_mdl_span_pages(const MDL *m);
static inline void *ndl_mdl_va(const MDL *m)
{
	return m->MappedSystemVa ? m->MappedSystemVa :
	       (u8 *)m->StartVa + m->ByteOffset;
}

/* ndis_strings.c */
/* UTF-16 counted string → UTF-8 into buf (NUL-terminated); false if cut. */
bool ndl_ustr_to_utf8(const UNICODE_STRING *s, char *buf, u32 len);
/* UTF-8 → newly allocated UTF-16 UNICODE_STRING (ndl_alloc'ed Buffer). */
bool ndl_utf8_to_ustr(const char *s, u32 len, UNICODE_STRING *out,
		      unsigned int flags);

/* ASCII case-insensitive comparisons (registry names, file names). */
static inline int ndl_ascii_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}
/* a equals the first n bytes of b (n = -1: all of b). */
static inline bool ndl_ascii_eq_nocase_n(const char *a, const char *b,
					 size_t n)
{
	size_t i;

	for (i = 0; i < n && b[i]; i++)
		if (!a[i] || ndl_ascii_lower((u8)a[i]) != ndl_ascii_lower((u8)b[i]))
			return false;
	return !a[i] && (i == n || !b[i]);
}
static inline bool ndl_ascii_eq_nocase(const char *a, const char *b)
{
	return ndl_ascii_eq_nocase_n(a, b, (size_t)-1);
}
/* The first n bytes of s and of prefix are equal (s may be longer). */
static inline bool ndl_ascii_starts_nocase(const char *s, const char *prefix,
					   size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!s[i] || ndl_ascii_lower((u8)s[i]) !=
			     ndl_ascii_lower((u8)prefix[i]))
			return false;
	return true;
}

/* Milliseconds to a relative Windows due time (100 ns units, negative). */
static inline LARGE_INTEGER ndl_due_ms(u32 ms)
{
	LARGE_INTEGER due;

	due.QuadPart = -(LONGLONG)ms * 10000;
	return due;
}

#endif
