// SPDX-License-Identifier: GPL-2.0-only
/*
 * Export families on their own: packet and buffer pools, chaining and
 * queries, copy between packets; events, work items, timers, spin and
 * read/write locks; files; resources of a simulated device (the
 * too-small NdisMQueryAdapterResources buffer, port ranges, I/O space,
 * shared memory, PCI config space, leaks released at halt); the miniport
 * block's handler slots at the DDK's offsets; strings; and the
 * missing-import driver refused with exactly its missing names.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ndis_fakemp.h"
#include "rtl8139.h"

#define D(ret, name, ...) ret NTAPI ndlw_##name(__VA_ARGS__)
D(void, NdisAllocatePacketPoolEx, NDIS_STATUS *, NDIS_HANDLE *, UINT, UINT,
  UINT);
D(void, NdisAllocatePacketPool, NDIS_STATUS *, NDIS_HANDLE *, UINT, UINT);
D(void, NdisFreePacketPool, NDIS_HANDLE);
D(void, NdisAllocatePacket, NDIS_STATUS *, NDIS_PACKET **, NDIS_HANDLE);
D(void, NdisFreePacket, NDIS_PACKET *);
D(UINT, NdisPacketPoolUsage, NDIS_HANDLE);
D(void, NdisAllocateBufferPool, NDIS_STATUS *, NDIS_HANDLE *, UINT);
D(void, NdisFreeBufferPool, NDIS_HANDLE);
D(void, NdisAllocateBuffer, NDIS_STATUS *, MDL **, NDIS_HANDLE, void *, UINT);
D(void, NdisCopyBuffer, NDIS_STATUS *, MDL **, NDIS_HANDLE, void *, UINT,
  UINT);
D(void, NdisFreeBuffer, MDL *);
D(void, NdisChainBufferAtBack, NDIS_PACKET *, MDL *);
D(void, NdisChainBufferAtFront, NDIS_PACKET *, MDL *);
D(void, NdisUnchainBufferAtFront, NDIS_PACKET *, MDL **);
D(void, NdisUnchainBufferAtBack, NDIS_PACKET *, MDL **);
D(void, NdisQueryPacket, NDIS_PACKET *, UINT *, UINT *, MDL **, UINT *);
D(void, NdisQueryBufferSafe, MDL *, void **, UINT *, UINT);
D(void, NdisGetFirstBufferFromPacketSafe, NDIS_PACKET *, MDL **, void **,
  UINT *, UINT *, UINT);
D(ULONG, NDIS_BUFFER_TO_SPAN_PAGES, MDL *);
D(void, NdisCopyFromPacketToPacket, NDIS_PACKET *, UINT, UINT, NDIS_PACKET *,
  UINT, UINT *);
D(void, NdisInitializeEvent, NDIS_EVENT *);
D(void, NdisSetEvent, NDIS_EVENT *);
D(void, NdisResetEvent, NDIS_EVENT *);
D(BOOLEAN, NdisWaitEvent, NDIS_EVENT *, UINT);
D(NDIS_STATUS, NdisScheduleWorkItem, NDIS_WORK_ITEM *);
D(void, NdisMInitializeTimer, NDIS_MINIPORT_TIMER *, NDIS_HANDLE,
  PNDIS_TIMER_FUNCTION, void *);
D(void, NdisMSetTimer, NDIS_MINIPORT_TIMER *, UINT);
D(void, NdisMSetPeriodicTimer, NDIS_MINIPORT_TIMER *, UINT);
D(void, NdisMCancelTimer, NDIS_MINIPORT_TIMER *, BOOLEAN *);
D(void, NdisInitializeTimer, NDIS_TIMER *, PNDIS_TIMER_FUNCTION, void *);
D(void, NdisSetTimer, NDIS_TIMER *, UINT);
D(void, NdisCancelTimer, NDIS_TIMER *, BOOLEAN *);
D(void, NdisMSleep, ULONG);
D(void, NdisAllocateSpinLock, NDIS_SPIN_LOCK *);
D(void, NdisAcquireSpinLock, NDIS_SPIN_LOCK *);
D(void, NdisReleaseSpinLock, NDIS_SPIN_LOCK *);
D(LIST_ENTRY *, NdisInterlockedInsertHeadList, LIST_ENTRY *, LIST_ENTRY *,
  NDIS_SPIN_LOCK *);
D(LIST_ENTRY *, NdisInterlockedInsertTailList, LIST_ENTRY *, LIST_ENTRY *,
  NDIS_SPIN_LOCK *);
D(LIST_ENTRY *, NdisInterlockedRemoveHeadList, LIST_ENTRY *,
  NDIS_SPIN_LOCK *);
D(void, NdisInitializeReadWriteLock, NDIS_RW_LOCK *);
D(void, NdisAcquireReadWriteLock, NDIS_RW_LOCK *, BOOLEAN, LOCK_STATE *);
D(void, NdisReleaseReadWriteLock, NDIS_RW_LOCK *, LOCK_STATE *);
D(void, NdisOpenFile, NDIS_STATUS *, NDIS_HANDLE *, UINT *, NDIS_STRING *,
  NDIS_PHYSICAL_ADDRESS);
D(void, NdisMapFile, NDIS_STATUS *, void **, NDIS_HANDLE);
D(void, NdisUnmapFile, NDIS_HANDLE);
D(void, NdisCloseFile, NDIS_HANDLE);
D(void, NdisMQueryAdapterResources, NDIS_STATUS *, NDIS_HANDLE,
  NDIS_RESOURCE_LIST *, UINT *);
D(NDIS_STATUS, NdisMRegisterIoPortRange, void **, NDIS_HANDLE, UINT, UINT);
D(void, NdisMDeregisterIoPortRange, NDIS_HANDLE, UINT, UINT, void *);
D(NDIS_STATUS, NdisMMapIoSpace, void **, NDIS_HANDLE, NDIS_PHYSICAL_ADDRESS,
  UINT);
D(void, NdisMUnmapIoSpace, NDIS_HANDLE, void *, UINT);
D(void, NdisMAllocateSharedMemory, NDIS_HANDLE, ULONG, BOOLEAN, void **,
  NDIS_PHYSICAL_ADDRESS *);
D(void, NdisMFreeSharedMemory, NDIS_HANDLE, ULONG, BOOLEAN, void *,
  NDIS_PHYSICAL_ADDRESS);
D(ULONG, NdisReadPciSlotInformation, NDIS_HANDLE, ULONG, ULONG, void *,
  ULONG);
D(ULONG, NdisMGetBusData, NDIS_HANDLE, ULONG, ULONG, void *, ULONG);
D(ULONG, NdisMSetBusData, NDIS_HANDLE, ULONG, ULONG, void *, ULONG);
D(void, NdisMGetDeviceProperty, NDIS_HANDLE, DEVICE_OBJECT **,
  DEVICE_OBJECT **, DEVICE_OBJECT **, void **, void **);
D(void, NdisInitializeString, NDIS_STRING *, const u8 *);
D(void, NdisFreeMemory, void *, UINT, UINT);
D(NDIS_STATUS, NdisAllocateMemoryWithTag, void **, UINT, ULONG);
D(UINT, NdisGetVersion, void);

static struct tap tap;

/*
 * Rule (NdisMGetBusData/NdisMSetBusData, NDIS 6): WhichSpace is
 * IRP_MN_READ_CONFIG's (PCI_WHICHSPACE_CONFIG, 0, the configuration
 * space); the return value is the number of bytes read or written, and
 * nothing is transferred past the space's end or for a space the bus does
 * not have (PCI_WHICHSPACE_ROM).
 */
static void test_bus_data(NDIS_HANDLE ad)
{
	u8 id[4], line = 0, back = 0, tail[8];
	u16 cmd = 0;

	CHECK_EQ_INT(ndlw_NdisMGetBusData(ad, 0, 0, id, 4), 4);
	CHECK_EQ_INT(id[0] | id[1] << 8, 0x10ec);
	CHECK_EQ_INT(id[2] | id[3] << 8, 0x8139);
	/* Interrupt Line (0x3c) is read-write scratch for software. */
	line = 0x5a;
	CHECK_EQ_INT(ndlw_NdisMSetBusData(ad, 0, 0x3c, &line, 1), 1);
	CHECK_EQ_INT(ndlw_NdisMGetBusData(ad, 0, 0x3c, &back, 1), 1);
	CHECK_EQ_INT(back, 0x5a);
	CHECK_EQ_INT(ndlw_NdisMGetBusData(ad, 0, 4, &cmd, 2), 2);
	/* A read straddling the end transfers what exists, no more. */
	CHECK_EQ_INT(ndlw_NdisMGetBusData(ad, 0, 252, tail, 8), 4);
	CHECK_EQ_INT(ndlw_NdisMGetBusData(ad, 0, 4096, tail, 4), 0);
	/* PCI_WHICHSPACE_ROM: not a space this bus has; refused, logged. */
	log_clear();
	CHECK_EQ_INT(ndlw_NdisMGetBusData(ad, 0x52696350, 0, id, 4), 0);
	CHECK_EQ_INT(ndlw_NdisMSetBusData(ad, 0x52696350, 0, id, 4), 0);
	CHECK(log_contains("fakemp: NdisMGetBusData: WhichSpace 0x52696350 not supported"));
}

/* ---- packets and buffers ------------------------------------------------------ */

static void test_packets_and_buffers(void)
{
	NDIS_HANDLE pool, bpool;
	NDIS_PACKET *p[3], *q;
	NDIS_STATUS st;
	MDL *b[3], *m, *first;
	u8 *data = malloc(3 * 8192), out[64];
	void *va;
	UINT phys, count, total, len, copied;

	ndlw_NdisAllocatePacketPoolEx(&st, &pool, 2, 1, 20);
	CHECK_EQ_INT(st, 0);
	ndlw_NdisAllocateBufferPool(&st, &bpool, 8);
	CHECK_EQ_INT(st, 0);
	for (int i = 0; i < 3; i++) {
		ndlw_NdisAllocatePacket(&st, &p[i], pool);
		CHECK_EQ_INT(st, 0);	/* 2 + 1 overflow */
	}
	ndlw_NdisAllocatePacket(&st, &q, pool);
	CHECK_EQ_INT(st, NDIS_STATUS_RESOURCES);
	CHECK_EQ_INT(ndlw_NdisPacketPoolUsage(pool), 3);
	/* OOB data and per-packet info where the DDK macros look. */
	CHECK(p[0]->Private.NdisPacketOobOffset >= 0x60 + 20);
	CHECK(ndl_packet_oob(p[0])->Status == 0);
	CHECK(p[0]->Private.Pool == pool);
	for (int i = 0; i < 3 * 8192; i++)
		data[i] = (u8)i;
	ndlw_NdisAllocateBuffer(&st, &b[0], bpool, data + 100, 50);
	ndlw_NdisAllocateBuffer(&st, &b[1], bpool, data + 4000, 5000);
	ndlw_NdisAllocateBuffer(&st, &b[2], bpool, data + 10000, 10);
	CHECK_EQ_INT(st, 0);
	CHECK_EQ_INT(ndlw_NDIS_BUFFER_TO_SPAN_PAGES(b[1]),
		     (((uintptr_t)(data + 4000) & 4095) + 5000 + 4095) / 4096);
	ndlw_NdisChainBufferAtBack(p[0], b[1]);
	ndlw_NdisChainBufferAtFront(p[0], b[0]);
	ndlw_NdisChainBufferAtBack(p[0], b[2]);
	ndlw_NdisQueryPacket(p[0], &phys, &count, &first, &total);
	CHECK(first == b[0] && count == 3 && total == 5060);
	ndlw_NdisGetFirstBufferFromPacketSafe(p[0], &first, &va, &len, &total,
					      16);
	CHECK(va == data + 100 && len == 50 && total == 5060);
	/* Copy across buffer boundaries into a one-buffer packet. */
	ndlw_NdisAllocateBuffer(&st, &m, bpool, out, sizeof(out));
	ndlw_NdisChainBufferAtBack(p[1], m);
	ndlw_NdisCopyFromPacketToPacket(p[1], 0, 64, p[0], 30, &copied);
	CHECK_EQ_INT(copied, 64);
	CHECK(!memcmp(out, data + 130, 20) && !memcmp(out + 20, data + 4000, 44));
	ndlw_NdisUnchainBufferAtBack(p[0], &m);
	CHECK(m == b[2] && p[0]->Private.Tail == b[1]);
	ndlw_NdisUnchainBufferAtFront(p[0], &m);
	CHECK(m == b[0] && p[0]->Private.Head == b[1]);
	ndlw_NdisCopyBuffer(&st, &m, bpool, b[1], 10, 20);
	CHECK_EQ_INT(st, 0);
	ndlw_NdisQueryBufferSafe(m, &va, &len, 16);
	CHECK(va == data + 4010 && len == 20);
	ndlw_NdisFreeBuffer(m);
	ndlw_NdisCopyBuffer(&st, &m, bpool, b[1], 4990, 20);
	CHECK_EQ_INT(st, NDIS_STATUS_FAILURE);
	ndlw_NdisFreeBuffer(b[0]);
	ndlw_NdisFreeBuffer(b[2]);
	ndlw_NdisUnchainBufferAtFront(p[0], &m);
	ndlw_NdisFreeBuffer(m);
	ndlw_NdisUnchainBufferAtFront(p[1], &m);
	ndlw_NdisFreeBuffer(m);
	/* The pool is kept while packets are out (Windows would crash). */
	ndlw_NdisFreePacketPool(pool);
	CHECK(log_contains("still allocated; pool kept"));
	for (int i = 0; i < 3; i++)
		ndlw_NdisFreePacket(p[i]);
	ndlw_NdisFreePacket(p[0]);
	CHECK(log_contains("freed twice"));
	ndlw_NdisFreePacketPool(pool);
	ndlw_NdisFreeBufferPool(bpool);
	free(data);
}

/*
 * NdisAllocatePacketPool's count is the pool's capacity: exactly that many
 * descriptors, NDIS_STATUS_RESOURCES beyond, each freed one handed out
 * again. Each descriptor with a 32-byte ProtocolReserved (what
 * PROTOCOL_RESERVED_SIZE_IN_PACKET is on x64) takes 288 bytes in all: 264
 * laid out by the ABI, the runtime's 24-byte trailer, 16-byte steps.
 */
static u64 packet_bytes(void)
{
	struct ndl_mem_stats st;

	ndl_mem_stats(&st);
	return st.cat_bytes[NDL_MEM_PACKETS];
}

static void test_packet_pool_capacity(void)
{
	enum { N = 5 };
	NDIS_HANDLE pool, small, big;
	NDIS_PACKET *p[N], *q, *again;
	NDIS_STATUS st;
	u64 b0, b1, b2;
	int i, j;

	b0 = packet_bytes();
	ndlw_NdisAllocatePacketPool(&st, &small, 5, 32);
	CHECK_EQ_INT(st, 0);
	b1 = packet_bytes();
	ndlw_NdisAllocatePacketPool(&st, &big, 15, 32);
	CHECK_EQ_INT(st, 0);
	b2 = packet_bytes();
	CHECK_EQ_INT((b2 - b1) - (b1 - b0), 10 * 288);
	ndlw_NdisFreePacketPool(big);
	ndlw_NdisFreePacketPool(small);
	CHECK_EQ_INT(packet_bytes(), b0);

	ndlw_NdisAllocatePacketPool(&st, &pool, N, 32);
	CHECK_EQ_INT(st, 0);
	for (i = 0; i < N; i++) {
		ndlw_NdisAllocatePacket(&st, &p[i], pool);
		CHECK_EQ_INT(st, 0);
		CHECK(p[i] && ndl_packet_is_ours(p[i]));
		if (p[i])	/* the protocol's bytes are the driver's */
			memset(p[i]->ProtocolReserved, 0xa5, 32);
	}
	ndlw_NdisAllocatePacket(&st, &q, pool);
	CHECK_EQ_INT(st, NDIS_STATUS_RESOURCES);
	CHECK_EQ_INT(ndlw_NdisPacketPoolUsage(pool), N);
	for (i = 0; i < N; i++)
		for (j = i + 1; j < N; j++)
			CHECK(p[i] != p[j]);
	/* Freed ones come back, each once, and the pool is full again. */
	ndlw_NdisFreePacket(p[3]);
	ndlw_NdisFreePacket(p[1]);
	CHECK_EQ_INT(ndlw_NdisPacketPoolUsage(pool), N - 2);
	ndlw_NdisAllocatePacket(&st, &again, pool);
	CHECK(st == 0 && (again == p[1] || again == p[3]));
	CHECK(*ndl_packet_owner(again) == NULL);	/* not the free link */
	*ndl_packet_owner(again) = &st;
	ndlw_NdisAllocatePacket(&st, &q, pool);
	CHECK(st == 0 && q != again && (q == p[1] || q == p[3]));
	CHECK(*ndl_packet_owner(again) == &st);
	CHECK(*ndl_packet_owner(q) == NULL);
	p[1] = again;
	p[3] = q;
	ndlw_NdisAllocatePacket(&st, &q, pool);
	CHECK_EQ_INT(st, NDIS_STATUS_RESOURCES);
	for (i = 0; i < N; i++)
		ndlw_NdisFreePacket(p[i]);
	CHECK_EQ_INT(ndlw_NdisPacketPoolUsage(pool), 0);
	ndlw_NdisFreePacketPool(pool);
}

/* ---- synchronisation and deferred work ------------------------------------------ */

static u32 timer_runs, work_runs;

static void NTAPI on_timer(void *s1, void *ctx, void *s2, void *s3)
{
	timer_runs++;
	if (ndl_os_irql_current() != NDL_DISPATCH_LEVEL)
		timer_runs += 1000;
}

static void NTAPI on_work(void *item, void *ctx)
{
	work_runs++;
	ndlw_NdisSetEvent(ctx);
	if (ndl_os_irql_current() != NDL_PASSIVE_LEVEL)
		work_runs += 1000;
}

static bool timer_ran(void *ctx)
{
	return timer_runs >= *(u32 *)ctx;
}

static void test_sync(void)
{
	struct ndl_driver *drv;
	struct ndl_adapter *ad = NULL;
	NDIS_MINIPORT_TIMER mt;
	NDIS_TIMER t;
	NDIS_EVENT ev;
	NDIS_WORK_ITEM wi;
	NDIS_SPIN_LOCK sl;
	LIST_ENTRY q = { &q, &q }, qa, qb, qc;
	NDIS_RW_LOCK *rw = calloc(1, sizeof(*rw));
	LOCK_STATE ls1, ls2;
	BOOLEAN cancelled;
	u32 want;

	memset(&fm, 0, sizeof(fm));
	drv = fm_container();
	if (!drv || fm_register(drv) || !(ad = tap_adapter(drv, NULL, NULL,
							    &tap)))
		goto out;
	ndlw_NdisInitializeEvent(&ev);
	CHECK(!ndlw_NdisWaitEvent(&ev, 1));
	ndlw_NdisSetEvent(&ev);
	CHECK(ndlw_NdisWaitEvent(&ev, 0));
	CHECK(ndlw_NdisWaitEvent(&ev, 1));	/* notification: stays set */
	ndlw_NdisResetEvent(&ev);	/* not signalled until set again */
	CHECK(!ndlw_NdisWaitEvent(&ev, 1));
	ndlw_NdisResetEvent(&ev);	/* already reset: stays so */
	CHECK(!ndlw_NdisWaitEvent(&ev, 1));
	wi.Routine = on_work;
	wi.Context = &ev;
	CHECK_EQ_INT(ndlw_NdisScheduleWorkItem(&wi), 0);
	CHECK(ndlw_NdisWaitEvent(&ev, 2000));
	CHECK_EQ_INT(work_runs, 1);

	ndlw_NdisMInitializeTimer(&mt, ad, on_timer, NULL);
	ndlw_NdisMSetTimer(&mt, 1);
	want = 1;
	CHECK(run_until(timer_ran, &want, 2000));
	ndlw_NdisMSetTimer(&mt, 1000);
	ndlw_NdisMCancelTimer(&mt, &cancelled);
	CHECK(cancelled);
	ndlw_NdisMCancelTimer(&mt, &cancelled);
	CHECK(!cancelled);
	ndlw_NdisMSetPeriodicTimer(&mt, 1);
	want = 4;
	CHECK(run_until(timer_ran, &want, 2000));
	ndlw_NdisMCancelTimer(&mt, &cancelled);
	CHECK(cancelled);
	ndlw_NdisMSleep(2000);
	ndl_user_run_pending();
	want = timer_runs;
	ndlw_NdisMSleep(3000);
	ndl_user_run_pending();
	CHECK_EQ_INT(timer_runs, want);
	CHECK(timer_runs < 1000);

	ndlw_NdisInitializeTimer(&t, on_timer, NULL);
	ndlw_NdisSetTimer(&t, 1);
	want = timer_runs + 1;
	CHECK(run_until(timer_ran, &want, 2000));
	ndlw_NdisSetTimer(&t, 500);
	ndlw_NdisCancelTimer(&t, &cancelled);
	CHECK(cancelled);

	ndlw_NdisAllocateSpinLock(&sl);
	ndlw_NdisAcquireSpinLock(&sl);
	CHECK_EQ_INT(ndl_os_irql_current(), NDL_DISPATCH_LEVEL);
	ndlw_NdisReleaseSpinLock(&sl);
	CHECK_EQ_INT(ndl_os_irql_current(), NDL_PASSIVE_LEVEL);
	/* Interlocked queues: old first / last entry back, NULL when empty. */
	CHECK(ndlw_NdisInterlockedInsertTailList(&q, &qa, &sl) == NULL);
	CHECK(ndlw_NdisInterlockedInsertTailList(&q, &qb, &sl) == &qa);
	CHECK(ndlw_NdisInterlockedInsertHeadList(&q, &qc, &sl) == &qa);
	CHECK(q.Flink == &qc && qc.Flink == &qa && qa.Flink == &qb &&
	      qb.Flink == &q);
	CHECK(q.Blink == &qb && qb.Blink == &qa && qa.Blink == &qc &&
	      qc.Blink == &q);
	CHECK(ndlw_NdisInterlockedRemoveHeadList(&q, &sl) == &qc);
	CHECK(ndlw_NdisInterlockedRemoveHeadList(&q, &sl) == &qa);
	CHECK(q.Flink == &qb && q.Blink == &qb && qb.Blink == &q);
	CHECK(ndlw_NdisInterlockedRemoveHeadList(&q, &sl) == &qb);
	CHECK(ndlw_NdisInterlockedRemoveHeadList(&q, &sl) == NULL);
	CHECK(q.Flink == &q && q.Blink == &q);
	CHECK_EQ_INT(sl.SpinLock, 0);
	CHECK_EQ_INT(ndl_os_irql_current(), NDL_PASSIVE_LEVEL);
	ndlw_NdisInitializeReadWriteLock(rw);
	ndlw_NdisAcquireReadWriteLock(rw, FALSE, &ls1);
	ndlw_NdisAcquireReadWriteLock(rw, FALSE, &ls2);	/* readers share */
	ndlw_NdisReleaseReadWriteLock(rw, &ls2);
	ndlw_NdisReleaseReadWriteLock(rw, &ls1);
	ndlw_NdisAcquireReadWriteLock(rw, TRUE, &ls1);
	CHECK_EQ_INT(ndl_os_irql_current(), NDL_DISPATCH_LEVEL);
	ndlw_NdisReleaseReadWriteLock(rw, &ls1);
	CHECK_EQ_INT(ndl_os_irql_current(), NDL_PASSIVE_LEVEL);
out:
	free(rw);
	ndl_adapter_destroy(ad);
	if (drv)
		ndl_driver_unload(drv);
}

/* ---- files ------------------------------------------------------------------------ */

static void test_files(void)
{
	struct ndl_driver *drv = load_test_driver("vether");
	static const char fw[] = "FIRMWARE-IMAGE";
	WCHAR name[] = { 'f', 'w', '.', 'B', 'I', 'N', 0 };
	WCHAR path[] = { '\\', 'S', 'y', 's', '\\', 'f', 'w', '.', 'b', 'i',
			 'n', 0 };
	WCHAR none[] = { 'n', 'o', 'n', 'e', 0 };
	NDIS_STRING s = { 12, 14, name };
	NDIS_PHYSICAL_ADDRESS hi = { .QuadPart = -1 };
	NDIS_HANDLE fh;
	NDIS_STATUS st;
	UINT len;
	void *buf, *buf2;

	if (!drv)
		return;
	CHECK_EQ_INT(ndl_ndis_driver_add_file(drv, "dir/fw.bin", fw,
					      sizeof(fw)), 0);
	CHECK_EQ_INT(ndl_ndis_driver_add_file(drv, "", fw, 1), -NDL_EINVAL);
	ndlw_NdisOpenFile(&st, &fh, &len, &s, hi);
	CHECK_EQ_INT(st, 0);
	CHECK_EQ_INT(len, sizeof(fw));
	ndlw_NdisMapFile(&st, &buf, fh);
	CHECK(st == 0 && !memcmp(buf, fw, sizeof(fw)));
	ndlw_NdisMapFile(&st, &buf2, fh);
	CHECK_EQ_INT(st, NDIS_STATUS_ALREADY_MAPPED);
	ndlw_NdisUnmapFile(fh);
	ndlw_NdisCloseFile(fh);
	s.Buffer = path;
	s.Length = 22;
	ndlw_NdisOpenFile(&st, &fh, &len, &s, hi);
	CHECK_EQ_INT(st, 0);
	ndlw_NdisCloseFile(fh);
	s.Buffer = none;
	s.Length = 8;
	ndlw_NdisOpenFile(&st, &fh, &len, &s, hi);
	CHECK_EQ_INT(st, NDIS_STATUS_FILE_NOT_FOUND);
	ndl_driver_unload(drv);
}

/* ---- resources of a simulated device --------------------------------------------- */

static void test_resources(void)
{
	struct ndl_sim_dev *sim = ndl_sim_create(&ndl_sim_rtl8139);
	struct ndl_driver *drv;
	struct ndl_adapter *ad = NULL;
	union {
		NDIS_RESOURCE_LIST l;
		u8 raw[512];
	} res;
	NDIS_PHYSICAL_ADDRESS pa, mem = { .QuadPart = 0 };
	DEVICE_OBJECT *pdo = NULL, *fdo = NULL;
	void *port = NULL, *va, *mmio = NULL, *cm = NULL;
	NDIS_STATUS st;
	UINT size = 4;
	u32 iobase = 0, i;
	u16 vendor = 0;

	memset(&fm, 0, sizeof(fm));
	drv = fm_container();
	if (!sim || !drv || fm_register(drv) ||
	    !(ad = tap_adapter(drv, ndl_sim_os_dev(sim), NULL, &tap)))
		goto out;
	/* Too small: NDIS_STATUS_RESOURCES and the size needed. */
	ndlw_NdisMQueryAdapterResources(&st, ad, &res.l, &size);
	CHECK_EQ_INT(st, NDIS_STATUS_RESOURCES);
	CHECK_EQ_INT(size, 8 + 3 * 0x14);
	ndlw_NdisMQueryAdapterResources(&st, ad, &res.l, &size);
	CHECK_EQ_INT(st, 0);
	CHECK_EQ_INT(res.l.Count, 3);
	for (i = 0; i < res.l.Count; i++) {
		CM_PARTIAL_RESOURCE_DESCRIPTOR *d = ndl_res_desc(&res.l, i);

		if (d->Type == CmResourceTypePort)
			iobase = (u32)d->u.Port.Start.QuadPart;
		if (d->Type == CmResourceTypeMemory)
			mem = d->u.Memory.Start;
	}
	CHECK(iobase && mem.QuadPart);
	/* NdisMPciAssignResources: documented to return NDIS_STATUS_SUCCESS
	 * and the adapter's resource list. */
	{
		NDIS_RESOURCE_LIST *assigned = NULL;

		CHECK_EQ_INT(ndlw_NdisMPciAssignResources(ad, 0, &assigned), 0);
		CHECK(assigned && assigned->Count == 3);
	}
	CHECK_EQ_INT(ndlw_NdisMRegisterIoPortRange(&port, ad, iobase, 0x100), 0);
	CHECK(port == (void *)(uintptr_t)iobase);
	CHECK_EQ_INT(ndlw_NdisMRegisterIoPortRange(&port, ad, iobase + 0x80,
						   0x100),
		     NDIS_STATUS_RESOURCE_CONFLICT);
	ndlw_NdisMDeregisterIoPortRange(ad, iobase, 0x100, port);
	CHECK_EQ_INT(ndlw_NdisMMapIoSpace(&mmio, ad, mem, 0x100), 0);
	pa.QuadPart = 0x1000;
	CHECK_EQ_INT(ndlw_NdisMMapIoSpace(&va, ad, pa, 0x100),
		     NDIS_STATUS_RESOURCE_CONFLICT);
	CHECK_EQ_INT(ndlw_NdisReadPciSlotInformation(ad, 0, 0, &vendor, 2), 2);
	CHECK_EQ_INT(vendor, 0x10ec);
	test_bus_data(ad);
	ndlw_NdisMGetDeviceProperty(ad, &pdo, &fdo, NULL, &cm, NULL);
	CHECK(pdo && fdo && cm && fdo->DriverObject == &drv->object);
	ad->attributes |= NDIS_ATTRIBUTE_BUS_MASTER;
	ndlw_NdisMAllocateSharedMemory(ad, 3000, FALSE, &va, &pa);
	CHECK(va && pa.QuadPart);
	ndlw_NdisMFreeSharedMemory(ad, 3000, FALSE, va, pa);
	ndlw_NdisMFreeSharedMemory(ad, 3000, FALSE, va, pa);
	CHECK(log_contains("not shared memory of this adapter"));
	/* Leaked: released with a warning at halt (initialize first). */
	ndlw_NdisMAllocateSharedMemory(ad, 100, FALSE, &va, &pa);
	ad->state = NDL_AD_RUNNING;
	ndl_adapter_halt(ad);
	CHECK(log_contains("halt left 100 bytes of shared memory"));
	CHECK(log_contains("halt left I/O space"));
out:
	ndl_adapter_destroy(ad);
	if (drv)
		ndl_driver_unload(drv);
	if (sim)
		ndl_sim_destroy(sim);
}

/* ---- ABI, strings, version, missing imports ----------------------------------------- */

static void test_block_layout(void)
{
	struct ndl_driver *drv;
	struct ndl_adapter *ad = NULL;
	u8 *h;

	memset(&fm, 0, sizeof(fm));
	drv = fm_container();
	if (!drv || fm_register(drv) || !(ad = tap_adapter(drv, NULL, NULL,
							    &tap)))
		goto out;
	h = (u8 *)ad;	/* the handle drivers get */
	/* The offsets the DDK macros call through (x64). */
	CHECK(*(void **)(h + 0x1b0) == (void *)ndl_packet_indicate_handler);
	CHECK(*(void **)(h + 0x1b8) == (void *)ndl_send_complete_handler);
	CHECK(*(void **)(h + 0x1c0) == (void *)ndl_send_resources_handler);
	CHECK(*(void **)(h + 0x1c8) == (void *)ndl_reset_complete_handler);
	CHECK(*(void **)(h + 0x280) == (void *)ndl_eth_indicate_handler);
	CHECK(*(void **)(h + 0x298) == (void *)ndl_eth_complete_handler);
	CHECK(*(void **)(h + 0x2b0) == (void *)ndl_status_handler);
	CHECK(*(void **)(h + 0x2b8) == (void *)ndl_status_complete_handler);
	CHECK(*(void **)(h + 0x2c0) == (void *)ndl_td_complete_handler);
	CHECK(*(void **)(h + 0x2c8) == (void *)ndl_query_complete_handler);
	CHECK(*(void **)(h + 0x2d0) == (void *)ndl_set_complete_handler);
	CHECK(*(void **)(h + 0x190) != NULL);	/* EthDB */
	for (u32 off = 0x288; off <= 0x2e8; off += 8)
		CHECK(*(void **)(h + off) != NULL);
	CHECK_EQ_INT(sizeof(NDIS_PACKET), 0x68);
out:
	ndl_adapter_destroy(ad);
	if (drv)
		ndl_driver_unload(drv);
}

static void test_strings_and_memory(void)
{
	NDIS_STRING s;
	void *p;

	ndlw_NdisInitializeString(&s, (const u8 *)"Adapter\x80");
	CHECK(s.Length == 16 && s.Buffer[0] == 'A' && s.Buffer[7] == 0x20ac);
	ndlw_NdisFreeMemory(s.Buffer, s.MaximumLength, 0);
	CHECK_EQ_INT(ndlw_NdisAllocateMemoryWithTag(&p, 100, 0x54736554), 0);
	ndlw_NdisFreeMemory(p, 100, 0);
	CHECK_EQ_INT(ndlw_NdisAllocateMemoryWithTag(&p, 0, 0x54736554),
		     NDIS_STATUS_FAILURE);
	CHECK_EQ_INT(ndlw_NdisGetVersion(), 0x0501);
}

static void test_missing_imports(void)
{
	struct ndl_pe_error err;
	struct ndl_driver *drv = NULL;
	size_t len;
	void *file = read_file(driver_path("vmissing"), &len);

	CHECK(file != NULL);
	if (!file)
		return;
	CHECK(ndl_driver_load(file, len, "vmissing", NULL, &drv, &err) != 0);
	CHECK(drv == NULL);
	CHECK(strstr(err.msg, "NdisMWanIndicateReceive") != NULL);
	CHECK(strstr(err.msg, "NdisMWanIndicateReceiveComplete") != NULL);
	CHECK(strstr(err.msg, "missing imports") != NULL);
	/* Everything else it imports from ndis.sys is there. */
	CHECK(strstr(err.msg, "NdisMSetTimer") == NULL);
	CHECK(strstr(err.msg, "NdisReadConfiguration") == NULL);
	CHECK(strstr(err.msg, "NdisMInitializeTimer") == NULL);
	free(file);
}

int main(void)
{
	test_init();
	tap_reset(&tap);
	RUN(test_packets_and_buffers);
	RUN(test_packet_pool_capacity);
	RUN(test_sync);
	RUN(test_files);
	RUN(test_resources);
	RUN(test_block_layout);
	RUN(test_strings_and_memory);
	RUN(test_missing_imports);
	tap_free(&tap);
	return test_exit() | CHECK_EXIT_CODE();
}
