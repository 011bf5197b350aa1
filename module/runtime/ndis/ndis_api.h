/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Prototypes of the ndis.sys exports (ndis.spec.h lists them all), grouped
 * by implementing file. The export table reaches them by name only
 * (spec_table.h); these declarations let the compiler and sparse check
 * each definition and every direct call.
 */
#ifndef NDL_NDIS_API_H
#define NDL_NDIS_API_H

#include "ndis/ndis_types.h"
#include "nt/nt_api.h"

/* ndis_adapter.c */
void NTAPI ndlw_NdisMSetAttributesEx(NDIS_HANDLE h, NDIS_HANDLE ctx,
				     UINT hang_secs, ULONG flags, UINT type);
void NTAPI ndlw_NdisMSetAttributes(NDIS_HANDLE h, NDIS_HANDLE ctx,
				   BOOLEAN bus_master, UINT type);
void NTAPI ndlw_NdisMRegisterAdapterShutdownHandler(
	NDIS_HANDLE h, void *ctx, W_MINIPORT_SHUTDOWN_HANDLER fn);
void NTAPI ndlw_NdisMDeregisterAdapterShutdownHandler(NDIS_HANDLE h);

/* ndis_buffer.c */
void NTAPI ndlw_NdisAllocateBufferPool(NDIS_STATUS *status, NDIS_HANDLE *pool,
				       UINT n);
void NTAPI ndlw_NdisFreeBufferPool(NDIS_HANDLE h);
void NTAPI ndlw_NdisAllocateBuffer(NDIS_STATUS *status, MDL **buf,
				   NDIS_HANDLE pool, void *va, UINT len);
void NTAPI ndlw_NdisCopyBuffer(NDIS_STATUS *status, MDL **buf,
			       NDIS_HANDLE pool, void *src, UINT off, UINT len);
void NTAPI ndlw_NdisFreeBuffer(MDL *m);
void NTAPI ndlw_NdisQueryBufferSafe(MDL *m, void **va, UINT *len,
				    UINT priority);
void NTAPI ndlw_NdisQueryBuffer(MDL *m, void **va, UINT *len);
void NTAPI ndlw_NdisQueryBufferOffset(MDL *m, UINT *off, UINT *len);
ULONG NTAPI ndlw_NdisBufferLength(MDL *m);
NTAPI void *ndlw_NdisBufferVirtualAddress(MDL *m);
NTAPI void *ndlw_NdisBufferVirtualAddressSafe(MDL *m, UINT priority);
void NTAPI ndlw_NdisAdjustBufferLength(MDL *m, UINT len);
ULONG NTAPI ndlw_NDIS_BUFFER_TO_SPAN_PAGES(MDL *m);
void NTAPI ndlw_NdisGetBufferPhysicalArraySize(MDL *m, UINT *n);
void NTAPI ndlw_NdisGetNextBuffer(MDL *m, MDL **next);

/* ndis_config.c */
void NTAPI ndlw_NdisOpenConfiguration(NDIS_STATUS *status, NDIS_HANDLE *cfg,
				      NDIS_HANDLE wcc);
void NTAPI ndlw_NdisCloseConfiguration(NDIS_HANDLE h);
void NTAPI ndlw_NdisReadConfiguration(NDIS_STATUS *status,
				      NDIS_CONFIGURATION_PARAMETER **value,
				      NDIS_HANDLE h, NDIS_STRING *keyword,
				      UINT type);
void NTAPI ndlw_NdisWriteConfiguration(NDIS_STATUS *status, NDIS_HANDLE h,
				       NDIS_STRING *keyword,
				       NDIS_CONFIGURATION_PARAMETER *p);
void NTAPI ndlw_NdisReadNetworkAddress(NDIS_STATUS *status, void **addr,
				       UINT *len, NDIS_HANDLE h);
void NTAPI ndlw_NdisOpenConfigurationKeyByName(NDIS_STATUS *status,
					       NDIS_HANDLE h,
					       NDIS_STRING *subkey,
					       NDIS_HANDLE *out);
void NTAPI ndlw_NdisOpenConfigurationKeyByIndex(NDIS_STATUS *status,
						NDIS_HANDLE h, ULONG index,
						NDIS_STRING *key_name,
						NDIS_HANDLE *out);

/* ndis_dma.c */
NDIS_STATUS NTAPI ndlw_NdisMInitializeScatterGatherDma(NDIS_HANDLE h,
						       BOOLEAN dma64,
						       ULONG max_phys_map);
NDIS_STATUS NTAPI ndlw_NdisMAllocateMapRegisters(NDIS_HANDLE h, UINT channel,
						 UCHAR dma_size, ULONG count,
						 ULONG max_phys_map);
void NTAPI ndlw_NdisMFreeMapRegisters(NDIS_HANDLE h);
void NTAPI ndlw_NdisMStartBufferPhysicalMapping(
	NDIS_HANDLE h, MDL *m, ULONG reg, BOOLEAN to_device,
	NDIS_PHYSICAL_ADDRESS_UNIT *units, UINT *count);
void NTAPI ndlw_NdisMCompleteBufferPhysicalMapping(NDIS_HANDLE h, MDL *m,
						   ULONG reg);

/* ndis_file.c */
void NTAPI ndlw_NdisOpenFile(NDIS_STATUS *status, NDIS_HANDLE *handle,
			     UINT *len, NDIS_STRING *name,
			     NDIS_PHYSICAL_ADDRESS highest);
void NTAPI ndlw_NdisMapFile(NDIS_STATUS *status, void **buf, NDIS_HANDLE h);
void NTAPI ndlw_NdisUnmapFile(NDIS_HANDLE h);
void NTAPI ndlw_NdisCloseFile(NDIS_HANDLE h);

/* ndis_irq.c */
NDIS_STATUS NTAPI ndlw_NdisMRegisterInterrupt(NDIS_MINIPORT_INTERRUPT *in,
					      NDIS_HANDLE h, UINT vector,
					      UINT level, BOOLEAN request_isr,
					      BOOLEAN shared, UINT mode);
void NTAPI ndlw_NdisMDeregisterInterrupt(NDIS_MINIPORT_INTERRUPT *in);
BOOLEAN NTAPI ndlw_NdisMSynchronizeWithInterrupt(NDIS_MINIPORT_INTERRUPT *in,
						 void *fn, void *ctx);

/* ndis_log.c */
void WINCDECL ndlw_NdisWriteErrorLogEntry(NDIS_HANDLE h, ULONG code,
					  ULONG nvalues, ...);
NDIS_STATUS NTAPI ndlw_NdisWriteEventLogEntry(void *obj, ULONG code,
					      ULONG unique, USHORT nstrings,
					      void *strings, ULONG data_size,
					      void *data);
void NTAPI ndlw_NdisMCreateLog(NDIS_STATUS *status, NDIS_HANDLE h, UINT size,
			       NDIS_HANDLE *log);
void NTAPI ndlw_NdisMWriteLogData(NDIS_HANDLE h, void *buf, UINT len);
void NTAPI ndlw_NdisMFlushLog(NDIS_HANDLE h);
void NTAPI ndlw_NdisMCloseLog(NDIS_HANDLE h);

/* ndis_misc.c */
UINT NTAPI ndlw_NdisGetVersion(void);
CCHAR NTAPI ndlw_NdisSystemProcessorCount(void);
void NTAPI ndlw_NdisGetSystemUpTime(ULONG *ms);
void NTAPI ndlw_NdisGetCurrentProcessorCounts(ULONG *idle, ULONG *busy,
					      ULONG *index);
void NTAPI ndlw_NdisGetCurrentProcessorCpuUsage(ULONG *usage);
NDIS_STATUS NTAPI ndlw_NdisMRegisterDevice(NDIS_HANDLE wrapper,
					   NDIS_STRING *name,
					   NDIS_STRING *link,
					   PDRIVER_DISPATCH *major,
					   DEVICE_OBJECT **dev,
					   NDIS_HANDLE *handle);
NDIS_STATUS NTAPI ndlw_NdisMDeregisterDevice(NDIS_HANDLE handle);
NDIS_STATUS NTAPI ndlw_NdisMRemoveMiniport(NDIS_HANDLE h);
NDIS_STATUS NTAPI ndlw_NdisMSetMiniportSecondary(NDIS_HANDLE h,
						 NDIS_HANDLE primary);
NDIS_STATUS NTAPI ndlw_NdisMPromoteMiniport(NDIS_HANDLE h);
UCHAR NTAPI ndlw_NdisGeneratePartialCancelId(void);

/* ndis_mem.c */
NDIS_STATUS NTAPI ndlw_NdisAllocateMemoryWithTag(void **va, UINT len,
						 ULONG tag);
NDIS_STATUS NTAPI ndlw_NdisAllocateMemory(void **va, UINT len, UINT flags,
					  NDIS_PHYSICAL_ADDRESS highest);
void NTAPI ndlw_NdisFreeMemory(void *va, UINT len, UINT flags);
ULONG NTAPI ndlw_NdisGetSharedDataAlignment(void);
ULONG NTAPI ndlw_NdisMGetDmaAlignment(NDIS_HANDLE h);
void NTAPI ndlw_NdisMAllocateSharedMemory(NDIS_HANDLE h, ULONG len,
					  BOOLEAN cached, void **va,
					  NDIS_PHYSICAL_ADDRESS *pa);
void NTAPI ndlw_NdisMFreeSharedMemory(NDIS_HANDLE h, ULONG len,
				      BOOLEAN cached, void *va,
				      NDIS_PHYSICAL_ADDRESS pa);
NDIS_STATUS NTAPI ndlw_NdisMAllocateSharedMemoryAsync(NDIS_HANDLE h,
						      ULONG len,
						      BOOLEAN cached,
						      void *context);
void NTAPI ndlw_NdisUpdateSharedMemory(NDIS_HANDLE h, ULONG len, void *va,
				       NDIS_PHYSICAL_ADDRESS pa);

/* ndis_oid.c */
void NTAPI ndlw_NdisMQueryInformationComplete(NDIS_HANDLE h, NDIS_STATUS st);
void NTAPI ndlw_NdisMSetInformationComplete(NDIS_HANDLE h, NDIS_STATUS st);

/* ndis_packet.c */
void NTAPI ndlw_NdisAllocatePacketPoolEx(NDIS_STATUS *status, NDIS_HANDLE *pool,
					 UINT n, UINT overflow, UINT proto_len);
void NTAPI ndlw_NdisAllocatePacketPool(NDIS_STATUS *status, NDIS_HANDLE *pool,
				       UINT n, UINT proto_len);
void NTAPI ndlw_NdisFreePacketPool(NDIS_HANDLE pool);
UINT NTAPI ndlw_NdisPacketPoolUsage(NDIS_HANDLE h);
NDIS_HANDLE NTAPI ndlw_NdisGetPoolFromPacket(NDIS_PACKET *p);
UINT NTAPI ndlw_NdisPacketSize(UINT proto_len);
void NTAPI ndlw_NdisAllocatePacket(NDIS_STATUS *status, NDIS_PACKET **p,
				   NDIS_HANDLE pool);
void NTAPI ndlw_NdisFreePacket(NDIS_PACKET *p);
void NTAPI ndlw_NdisReinitializePacket(NDIS_PACKET *p);
void NTAPI ndlw_NdisUnchainBufferAtFront(NDIS_PACKET *p, MDL **out);
void NTAPI ndlw_NdisUnchainBufferAtBack(NDIS_PACKET *p, MDL **out);
void NTAPI ndlw_NdisChainBufferAtFront(NDIS_PACKET *p, MDL *b);
void NTAPI ndlw_NdisChainBufferAtBack(NDIS_PACKET *p, MDL *b);
void NTAPI ndlw_NdisQueryPacket(NDIS_PACKET *p, UINT *phys, UINT *count,
				MDL **first, UINT *total);
void NTAPI ndlw_NdisGetFirstBufferFromPacketSafe(NDIS_PACKET *p, MDL **first,
						 void **va, UINT *first_len,
						 UINT *total, UINT priority);
void NTAPI ndlw_NdisGetFirstBufferFromPacket(NDIS_PACKET *p, MDL **first,
					     void **va, UINT *first_len,
					     UINT *total);
void NTAPI ndlw_NdisCopyFromPacketToPacketSafe(NDIS_PACKET *dst, UINT doff,
					       UINT count, NDIS_PACKET *src,
					       UINT soff, UINT *copied,
					       UINT priority);
void NTAPI ndlw_NdisCopyFromPacketToPacket(NDIS_PACKET *dst, UINT doff,
					   UINT count, NDIS_PACKET *src,
					   UINT soff, UINT *copied);

/* ndis_recv.c */
void NTAPI ndlw_NdisMIndicateReceivePacket(NDIS_HANDLE h, NDIS_PACKET **pkts,
					   UINT n);
void NTAPI ndlw_NdisMEthIndicateReceive(NDIS_HANDLE h, NDIS_HANDLE rx_ctx,
					void *header, UINT header_len,
					void *look, UINT look_len,
					UINT packet_len);
void NTAPI ndlw_NdisMEthIndicateReceiveComplete(NDIS_HANDLE h);
void NTAPI ndlw_NdisMTransferDataComplete(NDIS_HANDLE h, NDIS_PACKET *p,
					  NDIS_STATUS st, UINT got);

/* ndis_reset.c */
void NTAPI ndlw_NdisMResetComplete(NDIS_HANDLE h, NDIS_STATUS st,
				   BOOLEAN addressing);

/* ndis_res.c */
void NTAPI ndlw_NdisMQueryAdapterResources(NDIS_STATUS *status, NDIS_HANDLE wcc,
					   NDIS_RESOURCE_LIST *list,
					   UINT *size);
void NTAPI ndlw_NdisMGetDeviceProperty(NDIS_HANDLE h, DEVICE_OBJECT **pdo,
				       DEVICE_OBJECT **fdo,
				       DEVICE_OBJECT **next, void **res,
				       void **res_translated);
NDIS_STATUS NTAPI ndlw_NdisMPciAssignResources(NDIS_HANDLE h, ULONG slot,
					       NDIS_RESOURCE_LIST **assigned);
NDIS_STATUS NTAPI ndlw_NdisMMapIoSpace(void **va, NDIS_HANDLE h,
				       NDIS_PHYSICAL_ADDRESS pa, UINT len);
void NTAPI ndlw_NdisMUnmapIoSpace(NDIS_HANDLE h, void *va, UINT len);
NDIS_STATUS NTAPI ndlw_NdisMRegisterIoPortRange(void **offset, NDIS_HANDLE h,
						UINT port, UINT count);
void NTAPI ndlw_NdisMDeregisterIoPortRange(NDIS_HANDLE h, UINT port,
					   UINT count, void *offset);
ULONG NTAPI ndlw_NdisReadPciSlotInformation(NDIS_HANDLE h, ULONG slot,
					    ULONG off, void *buf, ULONG len);
ULONG NTAPI ndlw_NdisWritePciSlotInformation(NDIS_HANDLE h, ULONG slot,
					     ULONG off, void *buf, ULONG len);
ULONG NTAPI ndlw_NdisMGetBusData(NDIS_HANDLE h, ULONG space, ULONG off,
				 void *buf, ULONG len);
ULONG NTAPI ndlw_NdisMSetBusData(NDIS_HANDLE h, ULONG space, ULONG off,
				 void *buf, ULONG len);
ULONG NTAPI ndlw_NdisReadPcmciaAttributeMemory(NDIS_HANDLE h, ULONG off,
					       void *buf, ULONG len);
ULONG NTAPI ndlw_NdisWritePcmciaAttributeMemory(NDIS_HANDLE h, ULONG off,
						void *buf, ULONG len);
NDIS_STATUS NTAPI ndlw_NdisMQueryAdapterInstanceName(NDIS_STRING *name,
						     NDIS_HANDLE h);

/* ndis_status.c */
void NTAPI ndlw_NdisMIndicateStatus(NDIS_HANDLE h, NDIS_STATUS st, void *buf,
				    UINT len);
void NTAPI ndlw_NdisMIndicateStatusComplete(NDIS_HANDLE h);

/* ndis_send.c */
void NTAPI ndlw_NdisMSendComplete(NDIS_HANDLE h, NDIS_PACKET *p,
				  NDIS_STATUS st);
void NTAPI ndlw_NdisMSendResourcesAvailable(NDIS_HANDLE h);

/* ndis_strings.c */
void NTAPI ndlw_NdisInitializeString(NDIS_STRING *dst, const u8 *src);
NDIS_STATUS NTAPI ndlw_NdisAnsiStringToUnicodeString(NDIS_STRING *dst,
						     ANSI_STRING *src);
NDIS_STATUS NTAPI ndlw_NdisUnicodeStringToAnsiString(ANSI_STRING *dst,
						     NDIS_STRING *src);
NDIS_STATUS NTAPI ndlw_NdisUpcaseUnicodeString(NDIS_STRING *dst,
					       NDIS_STRING *src);

/* ndis_sync.c */
void NTAPI ndlw_NdisInitializeEvent(NDIS_EVENT *ev);
void NTAPI ndlw_NdisSetEvent(NDIS_EVENT *ev);
void NTAPI ndlw_NdisResetEvent(NDIS_EVENT *ev);
BOOLEAN NTAPI ndlw_NdisWaitEvent(NDIS_EVENT *ev, UINT ms);
NDIS_STATUS NTAPI ndlw_NdisScheduleWorkItem(NDIS_WORK_ITEM *w);
void NTAPI ndlw_NdisAllocateSpinLock(NDIS_SPIN_LOCK *l);
void NTAPI ndlw_NdisFreeSpinLock(NDIS_SPIN_LOCK *l);
void NTAPI ndlw_NdisAcquireSpinLock(NDIS_SPIN_LOCK *l);
void NTAPI ndlw_NdisReleaseSpinLock(NDIS_SPIN_LOCK *l);
void NTAPI ndlw_NdisDprAcquireSpinLock(NDIS_SPIN_LOCK *l);
void NTAPI ndlw_NdisDprReleaseSpinLock(NDIS_SPIN_LOCK *l);
void NTAPI ndlw_NdisInitializeReadWriteLock(NDIS_RW_LOCK *l);
void NTAPI ndlw_NdisAcquireReadWriteLock(NDIS_RW_LOCK *l, BOOLEAN write,
					 LOCK_STATE *ls);
void NTAPI ndlw_NdisReleaseReadWriteLock(NDIS_RW_LOCK *l, LOCK_STATE *ls);
void NTAPI ndlw_NdisMSleep(ULONG us);
LONG NTAPI ndlw_NdisInterlockedIncrement(LONG *v);
LONG NTAPI ndlw_NdisInterlockedDecrement(LONG *v);
void NTAPI ndlw_NdisInterlockedAddUlong(ULONG *v, ULONG inc,
					NDIS_SPIN_LOCK *l);
NTAPI LIST_ENTRY *ndlw_NdisInterlockedInsertHeadList(LIST_ENTRY *head,
						     LIST_ENTRY *e,
						     NDIS_SPIN_LOCK *l);
NTAPI LIST_ENTRY *ndlw_NdisInterlockedInsertTailList(LIST_ENTRY *head,
						     LIST_ENTRY *e,
						     NDIS_SPIN_LOCK *l);
NTAPI LIST_ENTRY *ndlw_NdisInterlockedRemoveHeadList(LIST_ENTRY *head,
						     NDIS_SPIN_LOCK *l);

/* ndis_timer.c */
void NTAPI ndlw_NdisInitializeTimer(NDIS_TIMER *t, PNDIS_TIMER_FUNCTION fn,
				    void *ctx);
void NTAPI ndlw_NdisSetTimer(NDIS_TIMER *t, UINT ms);
void NTAPI ndlw_NdisSetTimerEx(NDIS_TIMER *t, UINT ms, void *ctx);
void NTAPI ndlw_NdisCancelTimer(NDIS_TIMER *t, BOOLEAN *cancelled);
void NTAPI ndlw_NdisMInitializeTimer(NDIS_MINIPORT_TIMER *t, NDIS_HANDLE h,
				     PNDIS_TIMER_FUNCTION fn, void *ctx);
void NTAPI ndlw_NdisMSetTimer(NDIS_MINIPORT_TIMER *t, UINT ms);
void NTAPI ndlw_NdisMSetPeriodicTimer(NDIS_MINIPORT_TIMER *t, UINT ms);
void NTAPI ndlw_NdisMCancelTimer(NDIS_MINIPORT_TIMER *t, BOOLEAN *cancelled);

/* ndis_wrapper.c */
void NTAPI ndlw_NdisInitializeWrapper(NDIS_HANDLE *wrapper, void *sys1,
				      void *sys2, void *sys3);
void NTAPI ndlw_NdisTerminateWrapper(NDIS_HANDLE wrapper, void *sys);
NDIS_STATUS NTAPI ndlw_NdisMRegisterMiniport(NDIS_HANDLE wrapper,
					     NDIS51_MINIPORT_CHARACTERISTICS *c,
					     UINT len);
void NTAPI ndlw_NdisMRegisterUnloadHandler(NDIS_HANDLE wrapper,
					   PDRIVER_UNLOAD handler);

/* ndis_port.c */
void NTAPI ndlw_NdisWritePortUchar(NDIS_HANDLE h, ULONG port, UCHAR data);
void NTAPI ndlw_NdisReadPortUchar(NDIS_HANDLE h, ULONG port, UCHAR *data);
void NTAPI ndlw_NdisImmediateWritePortUchar(NDIS_HANDLE wcc, ULONG port,
						UCHAR data);
void NTAPI ndlw_NdisImmediateReadPortUchar(NDIS_HANDLE wcc, ULONG port,
					       UCHAR *data);
void NTAPI ndlw_NdisWritePortUshort(NDIS_HANDLE h, ULONG port, USHORT data);
void NTAPI ndlw_NdisReadPortUshort(NDIS_HANDLE h, ULONG port, USHORT *data);
void NTAPI ndlw_NdisImmediateWritePortUshort(NDIS_HANDLE wcc, ULONG port,
						USHORT data);
void NTAPI ndlw_NdisImmediateReadPortUshort(NDIS_HANDLE wcc, ULONG port,
					       USHORT *data);
void NTAPI ndlw_NdisWritePortUlong(NDIS_HANDLE h, ULONG port, ULONG data);
void NTAPI ndlw_NdisReadPortUlong(NDIS_HANDLE h, ULONG port, ULONG *data);
void NTAPI ndlw_NdisImmediateWritePortUlong(NDIS_HANDLE wcc, ULONG port,
						ULONG data);
void NTAPI ndlw_NdisImmediateReadPortUlong(NDIS_HANDLE wcc, ULONG port,
					       ULONG *data);

#endif /* NDL_NDIS_API_H */
