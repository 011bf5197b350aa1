/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * NDIS 6 front end internals shared by its files: the NET_BUFFER helpers
 * the NET_BUFFER_LIST code builds on, and the bookkeeping NDIS keeps in
 * the NdisReserved words of the structures it allocates.
 */
#ifndef NDL_NDIS6_PRIV_H
#define NDL_NDIS6_PRIV_H

#include "ndis/ndis_priv.h"
#include "ndis6/ndis6_types.h"
#include "ndis6/ndis6_api.h"
#include "nt/nt_sync.h"

/*
 * NET_BUFFER.NdisReserved[0]: what the runtime owns in this NET_BUFFER
 * (NDL_NB_*); NdisReserved[1]: the MDLs retreat operations put at the
 * head of its chain (struct ndl_nb_retreat, below), for advance to free.
 */
#define NDL_NB_FROM_NB_POOL	0x1	/* NdisFreeNetBuffer may free it */
#define NDL_NB_FROM_NBL		0x2	/* preallocated with its list */
#define NDL_NB_OWN_DATA		0x4	/* MDL and data in the same block */

/* A NET_BUFFER with an MDL and data_size bytes (if any) in one block. */
NET_BUFFER *ndl_nb_new(NDIS_HANDLE pool, u32 data_size, ULONG owner);
/* Free a NET_BUFFER from ndl_nb_new (and what retreats left on it). */
void ndl_nb_delete(NET_BUFFER *nb);
/*
 * Attach an MDL chain with the used data space [off, off + len); false
 * (and a log line naming fn) when that space lies outside the chain.
 */
bool ndl_nb_attach(NET_BUFFER *nb, MDL *chain, ULONG off, ULONG len,
		   const char *fn);

/*
 * What an NdisHandle a driver passed to a resource export is
 * (ndis6_handle.c); a bad one is logged, naming fn.
 */
enum ndl_ndis6_handle {
	NDL_NDIS6_BAD_HANDLE,
	NDL_NDIS6_ADAPTER_HANDLE,	/* MiniportAdapterHandle */
	NDL_NDIS6_DRIVER_HANDLE,	/* NdisMRegisterMiniportDriver's */
};
enum ndl_ndis6_handle ndl_ndis6_handle_kind(NDIS_HANDLE h, const char *fn);
static inline bool ndl_ndis6_handle_ok(NDIS_HANDLE h, const char *fn)
{
	return ndl_ndis6_handle_kind(h, fn) != NDL_NDIS6_BAD_HANDLE;
}


/* ---- per driver ----------------------------------------------------------- */

struct ndl_ndis6_driver {
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS chars;	/* zero past the revision */
	NDIS_HANDLE driver_ctx;				/* MiniportDriverContext */
};

/* ---- per adapter ----------------------------------------------------------- */

/* The documented miniport adapter states (Halted is NDL_AD_HALTED). */
enum ndl6_state {
	NDL6_INITIALIZING,
	NDL6_PAUSED,
	NDL6_RESTARTING,
	NDL6_RUNNING,
	NDL6_PAUSING,
	NDL6_HALTED,
};

/* A send slot (ndis6_send.c): one list, reused frame after frame. */
struct ndl6_tx_slot {
	LIST_ENTRY link;		/* free list */
	NET_BUFFER_LIST *nbl;		/* ProtocolReserved[0] -> this slot */
	struct ndl_tx_bufs bufs;
	void *cookie;
	bool busy;			/* in the miniport */
	bool lso;			/* a large send ... */
	u32 lso_payload;		/* ... of this many TCP payload bytes */
};

struct ndl_ndis6_adapter {
	struct ndl_ndis6_driver *d6;
	u32 state;				/* enum ndl6_state */

	/* NdisMSetMiniportAttributes, kept as NDIS keeps them */
	bool reg_attrs, gen_attrs;
	u32 attr_flags;				/* NDIS_MINIPORT_ATTRIBUTES_* */
	NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES gen;	/* pointers cleared */
	NDIS_OID *oids;				/* SupportedOidList, copied */
	u32 noids;
	u32 lookahead;				/* OID_GEN_CURRENT_LOOKAHEAD */
	u32 packet_filter;			/* last one the miniport took */
	bool offload_attrs;			/* it set offload attributes */
	struct ndl_csum_offload csum_caps;	/* ... and these checksums */
	bool lso_v1;				/* ... and LSOv1 for IPv4 */

	/* pause and restart: NdisMPauseComplete / NdisMRestartComplete */
	struct ndl_os_waiter *pnp_waiter;
	bool pnp_pending;
	NDIS_STATUS pnp_status;

	/* OID requests: one at a time at the miniport, at PASSIVE */
	NDIS_OID_REQUEST oid_req;
	WORK_QUEUE_ITEM req_work;
	bool req_work_queued;
	u32 in_complete;			/* inside NdisMOidRequestComplete */

	/* the periodic hang check, at PASSIVE from a work item */
	WORK_QUEUE_ITEM hang_work;
	bool hang_work_queued;

	/* send: host frames as one-NET_BUFFER lists from fixed slots */
	NDIS_HANDLE tx_pool;			/* NET_BUFFER_LIST pool */
	struct ndl6_tx_slot *slots;
	u32 nslots;
	LIST_ENTRY tx_free;
	u32 tx_outstanding;			/* in the miniport */
	u32 tx_submitting;			/* on their way into it */

	/* receive: lists owed MiniportReturnNetBufferLists */
	NET_BUFFER_LIST *ret_head, **ret_tail;
	u32 rx_outstanding;			/* indicated, not returned */
	KDPC return_dpc;
	bool rx_warned;				/* indicated while not running */
	bool surprise_removed;			/* halt says why */

	/* NdisAllocateSharedMemory blocks (ndis6_shmem.c) */
	LIST_ENTRY shmem;

	/* NdisMRegisterInterruptEx (ndis6_irq.c) */
	struct ndl6_interrupt *intr;

	/* NdisMRegisterScatterGatherDma (ndis6_dma.c) */
	struct ndl6_dma *dma;
};

static inline struct ndl_ndis6_adapter *ndl6(struct ndl_adapter *ad)
{
	return ad->ndis6;
}

/* ndis6_adapter.c: wake the pause/halt waiter (state changed, drained). */
void ndl6_wake(struct ndl_adapter *ad);
/* Pause if running, wait out requests and sends, MiniportHaltEx(action). */
void ndl6_halt_with(struct ndl_adapter *ad, u32 action);
/* Is the adapter running (sends and receives allowed)? */
static inline bool ndl6_running(struct ndl_adapter *ad)
{
	return ndl_atomic_load(&ad->ndis6->state) == NDL6_RUNNING;
}

/*
 * ndis6_shmem.c: the block list; free what the driver left allocated
 * (after names the handler that returned), with a warning.
 */
void ndl6_shmem_init(struct ndl_adapter *ad);
void ndl6_shmem_release(struct ndl_adapter *ad, const char *after);
/* After halt or a failed initialize: an interrupt left connected. */
void ndl6_irq_release(struct ndl_adapter *ad, const char *after);
/* The same for scatter-gather DMA and the lists it still has mapped. */
void ndl6_dma_release(struct ndl_adapter *ad, const char *after);

/* ndis6_send.c */
/* At most max send slots (the host's tx_slots). */
int ndl6_tx_init(struct ndl_adapter *ad, u32 max);
void ndl6_tx_free(struct ndl_adapter *ad);
/* After MiniportHaltEx: sends it never completed go back as failed. */
void ndl6_tx_abort(struct ndl_adapter *ad);
/* No send is between the running check and MiniportSendNetBufferLists. */
bool ndl6_tx_quiet(struct ndl_adapter *ad);

/* ndis6_recv.c */
void ndl6_rx_init(struct ndl_adapter *ad);
void ndl6_rx_return_queued(struct ndl_adapter *ad);

/* ndis6_oid.c */
void ndl6_req_init(struct ndl_adapter *ad);
/* NDIS's answer to a query it handles itself (true), from the attributes */
bool ndl6_req_local(struct ndl_adapter *ad, struct ndl_request *r,
		    NDIS_STATUS *st);

/*
 * ndis6_offload.c: NdisMSetMiniportAttributes' offload attributes (the
 * checksum capabilities kept); an NDIS_STATUS_TASK_OFFLOAD_CURRENT_CONFIG
 * indication's NDIS_OFFLOAD, logged.
 */
NDIS_STATUS ndl6_offload_attributes(struct ndl_adapter *ad,
			const NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES *a);
void ndl6_offload_current(struct ndl_adapter *ad, const void *buf, u32 len);

/* ndis6_status.c: a new link state (from the attributes or an indication) */
void ndl6_link_state(struct ndl_adapter *ad, u32 connect, u64 xmit_bps,
		     u64 rcv_bps);

#endif
