/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Prototypes of the NDIS 6 exports of ndis.sys (the NDIS 6 group of
 * ndis.spec.h), grouped by implementing file, so the compiler and sparse
 * check each definition and every direct call.
 */
#ifndef NDL_NDIS6_API_H
#define NDL_NDIS6_API_H

#include "ndis6/ndis6_types.h"
#include "ndis6/ndis6_res_types.h"
#include "ndis6/ndis6_dma_types.h"

/* ndis6/nb.c */
NTAPI NDIS_HANDLE ndlw_NdisAllocateNetBufferPool(
	NDIS_HANDLE h, const NET_BUFFER_POOL_PARAMETERS *params);
void NTAPI ndlw_NdisFreeNetBufferPool(NDIS_HANDLE pool);
NTAPI NET_BUFFER *ndlw_NdisAllocateNetBuffer(NDIS_HANDLE pool, MDL *chain,
					     ULONG off, SIZE_T len);
NTAPI NET_BUFFER *ndlw_NdisAllocateNetBufferMdlAndData(NDIS_HANDLE pool);
void NTAPI ndlw_NdisFreeNetBuffer(NET_BUFFER *nb);
NTAPI NDIS_HANDLE ndlw_NdisGetPoolFromNetBuffer(NET_BUFFER *nb);
NDIS_STATUS NTAPI ndlw_NdisRetreatNetBufferDataStart(
	NET_BUFFER *nb, ULONG delta, ULONG backfill,
	NET_BUFFER_ALLOCATE_MDL_HANDLER alloc_mdl);
void NTAPI ndlw_NdisAdvanceNetBufferDataStart(NET_BUFFER *nb, ULONG delta,
					      BOOLEAN free_mdl,
					      NET_BUFFER_FREE_MDL_HANDLER free_fn);
NDIS_STATUS NTAPI ndlw_NdisRetreatNetBufferListDataStart(
	NET_BUFFER_LIST *nbl, ULONG delta, ULONG backfill,
	NET_BUFFER_ALLOCATE_MDL_HANDLER alloc_mdl,
	NET_BUFFER_FREE_MDL_HANDLER free_fn);
void NTAPI ndlw_NdisAdvanceNetBufferListDataStart(
	NET_BUFFER_LIST *nbl, ULONG delta, BOOLEAN free_mdl,
	NET_BUFFER_FREE_MDL_HANDLER free_fn);
NTAPI void *ndlw_NdisGetDataBuffer(NET_BUFFER *nb, ULONG bytes, void *storage,
				   ULONG align_multiple, ULONG align_offset);

/* ndis6/ndis6_driver.c */
NDIS_STATUS NTAPI ndlw_NdisMRegisterMiniportDriver(
	DRIVER_OBJECT *obj, UNICODE_STRING *reg_path, NDIS_HANDLE driver_ctx,
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS *chars, NDIS_HANDLE *handle);
void NTAPI ndlw_NdisMDeregisterMiniportDriver(NDIS_HANDLE h);

/* ndis6/ndis6_adapter.c */
NDIS_STATUS NTAPI ndlw_NdisMSetMiniportAttributes(
	NDIS_HANDLE h, NDIS_MINIPORT_ADAPTER_ATTRIBUTES *attrs);
void NTAPI ndlw_NdisMPauseComplete(NDIS_HANDLE h);
void NTAPI ndlw_NdisMRestartComplete(NDIS_HANDLE h, NDIS_STATUS st);

/* ndis6/ndis6_oid.c */
void NTAPI ndlw_NdisMOidRequestComplete(NDIS_HANDLE h, NDIS_OID_REQUEST *q,
					NDIS_STATUS st);

/* ndis6/ndis6_status.c */
void NTAPI ndlw_NdisMIndicateStatusEx(NDIS_HANDLE h,
				      NDIS_STATUS_INDICATION *s);

/* ndis6/ndis6_send.c */
void NTAPI ndlw_NdisMSendNetBufferListsComplete(NDIS_HANDLE h,
						NET_BUFFER_LIST *nbls,
						ULONG flags);

/* ndis6/ndis6_recv.c */
void NTAPI ndlw_NdisMIndicateReceiveNetBufferLists(NDIS_HANDLE h,
						   NET_BUFFER_LIST *nbls,
						   NDIS_PORT_NUMBER port,
						   ULONG count, ULONG flags);

/* ndis6/nbl.c */
NTAPI NDIS_HANDLE ndlw_NdisAllocateNetBufferListPool(
	NDIS_HANDLE h, const NET_BUFFER_LIST_POOL_PARAMETERS *params);
void NTAPI ndlw_NdisFreeNetBufferListPool(NDIS_HANDLE pool);
NTAPI NET_BUFFER_LIST *ndlw_NdisAllocateNetBufferList(NDIS_HANDLE pool,
						      USHORT ctx_size,
						      USHORT ctx_backfill);
NTAPI NET_BUFFER_LIST *ndlw_NdisAllocateNetBufferAndNetBufferList(
	NDIS_HANDLE pool, USHORT ctx_size, USHORT ctx_backfill, MDL *chain,
	ULONG off, SIZE_T len);
void NTAPI ndlw_NdisFreeNetBufferList(NET_BUFFER_LIST *nbl);
NDIS_STATUS NTAPI ndlw_NdisAllocateNetBufferListContext(NET_BUFFER_LIST *nbl,
							USHORT size,
							USHORT backfill,
							ULONG tag);
void NTAPI ndlw_NdisFreeNetBufferListContext(NET_BUFFER_LIST *nbl,
					     USHORT size);
NTAPI NDIS_HANDLE ndlw_NdisGetPoolFromNetBufferList(NET_BUFFER_LIST *nbl);

/* ndis6/ndis6_config.c */
NDIS_STATUS NTAPI ndlw_NdisOpenConfigurationEx(
	const NDIS_CONFIGURATION_OBJECT *obj, NDIS_HANDLE *out);

/* ndis6/ndis6_mem.c */
NTAPI void *ndlw_NdisAllocateMemoryWithTagPriority(NDIS_HANDLE h, UINT len,
						   ULONG tag, ULONG priority);
void NTAPI ndlw_NdisFreeMemoryWithTagPriority(NDIS_HANDLE h, void *va,
					      ULONG tag);
NTAPI MDL *ndlw_NdisAllocateMdl(NDIS_HANDLE h, void *va, UINT len);
void NTAPI ndlw_NdisFreeMdl(MDL *mdl);

/* ndis6/ndis6_rwlock.c (NDIS_RW_LOCK_EX is opaque: void *) */
NTAPI void *ndlw_NdisAllocateRWLock(NDIS_HANDLE h);
void NTAPI ndlw_NdisFreeRWLock(void *lock);
void NTAPI ndlw_NdisAcquireRWLockRead(void *lock, LOCK_STATE_EX *ls,
				      UCHAR flags);
void NTAPI ndlw_NdisAcquireRWLockWrite(void *lock, LOCK_STATE_EX *ls,
				       UCHAR flags);
void NTAPI ndlw_NdisReleaseRWLock(void *lock, LOCK_STATE_EX *ls);

/* ndis6/ndis6_timer.c */
NDIS_STATUS NTAPI ndlw_NdisAllocateTimerObject(
	NDIS_HANDLE h, const NDIS_TIMER_CHARACTERISTICS *chars,
	NDIS_HANDLE *out);
BOOLEAN NTAPI ndlw_NdisSetTimerObject(NDIS_HANDLE h, LARGE_INTEGER due,
				      LONG period_ms, void *ctx);
BOOLEAN NTAPI ndlw_NdisCancelTimerObject(NDIS_HANDLE h);
void NTAPI ndlw_NdisFreeTimerObject(NDIS_HANDLE h);

/* ndis6/ndis6_workitem.c */
NTAPI NDIS_HANDLE ndlw_NdisAllocateIoWorkItem(NDIS_HANDLE h);
void NTAPI ndlw_NdisQueueIoWorkItem(NDIS_HANDLE h,
				    NDIS_IO_WORKITEM_ROUTINE routine, void *ctx);
void NTAPI ndlw_NdisFreeIoWorkItem(NDIS_HANDLE h);

/* ndis6/ndis6_irq.c */
NDIS_STATUS NTAPI
ndlw_NdisMRegisterInterruptEx(NDIS_HANDLE h, NDIS_HANDLE ctx,
			      NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS *c,
			      NDIS_HANDLE *out);
void NTAPI ndlw_NdisMDeregisterInterruptEx(NDIS_HANDLE h);
ULONG NTAPI ndlw_NdisMQueueDpcEx(NDIS_HANDLE h, ULONG message_id,
				 ULONG targets, void *dpc_ctx);
BOOLEAN NTAPI ndlw_NdisMSynchronizeWithInterruptEx(NDIS_HANDLE h,
						   ULONG message_id, void *fn,
						   void *ctx);

/* ndis6/ndis6_dma.c */
NDIS_STATUS NTAPI ndlw_NdisMRegisterScatterGatherDma(NDIS_HANDLE h,
						     NDIS_SG_DMA_DESCRIPTION *d,
						     NDIS_HANDLE *out);
void NTAPI ndlw_NdisMDeregisterScatterGatherDma(NDIS_HANDLE h);
NDIS_STATUS NTAPI ndlw_NdisMAllocateNetBufferSGList(NDIS_HANDLE h,
						    NET_BUFFER *nb, void *ctx,
						    ULONG flags, void *buf,
						    ULONG buf_size);
void NTAPI ndlw_NdisMFreeNetBufferSGList(NDIS_HANDLE h, SCATTER_GATHER_LIST *sgl,
					 NET_BUFFER *nb);
NDIS_STATUS NTAPI ndlw_NdisMAllocateSharedMemoryAsyncEx(NDIS_HANDLE h,
							ULONG len,
							BOOLEAN cached,
							void *ctx);

#endif
