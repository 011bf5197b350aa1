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

#endif
