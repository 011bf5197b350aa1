// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of pool memory, lookaside lists, interlocked and SLIST
 * lists, MDLs, and the export tables (lookup by name and ordinal, DLL
 * names case-insensitive, MmGetSystemRoutineAddress, logging stubs).
 */
#include <string.h>

#include "check.h"
#include "common.h"
#include "nt/nt_api.h"
#include "nt/nt_status.h"

void NTAPI ndlw_ExFreePoolWithTag(void *p, ULONG tag);
NDIS_STATUS NTAPI ndlw_NdisAllocateMemoryWithTag(void **va, UINT len,
						 ULONG tag);
void NTAPI ndlw_ExInitializeNPagedLookasideList(NPAGED_LOOKASIDE_LIST *l,
						void *alloc, void *fr,
						ULONG flags, SIZE_T size,
						ULONG tag, USHORT depth);
void NTAPI ndlw_ExDeleteNPagedLookasideList(NPAGED_LOOKASIDE_LIST *l);
void *NTAPI ndlw_ExAllocateFromNPagedLookasideList(NPAGED_LOOKASIDE_LIST *l);
void NTAPI ndlw_ExFreeToNPagedLookasideList(NPAGED_LOOKASIDE_LIST *l, void *e);
SLIST_ENTRY *NTAPI ndlw_RtlFirstEntrySList(const SLIST_HEADER *h);
void *NTAPI ndlw_MmMapLockedPagesSpecifyCache(MDL *m, KPROCESSOR_MODE mode,
					      MEMORY_CACHING_TYPE c, void *a,
					      ULONG bug, ULONG prio);
void NTAPI ndlw_IoBuildPartialMdl(MDL *src, MDL *dst, void *va, ULONG len);
void NTAPI ndlw_MmProbeAndLockPages(MDL *m, KPROCESSOR_MODE mode, int op);
void NTAPI ndlw_MmUnlockPages(MDL *m);

static void test_pool(void)
{
	struct ndl_mem_stats before, after;
	void *p;

	ndl_mem_stats(&before);
	p = ndlw_ExAllocatePoolWithTag(NonPagedPool, 100, 0x74736574);
	CHECK(p != NULL && ((uintptr_t)p & 15) == 0);
	CHECK_EQ_INT(ndl_alloc_size(p), 100);
	ndlw_ExFreePoolWithTag(p, 0x74736574);
	CHECK(ndlw_ExAllocatePoolWithTag((POOL_TYPE)77, 8, 0) == NULL);
	p = ndlw_ExAllocatePoolWithTag(NonPagedPool, 0, 0);	/* valid block */
	CHECK(p != NULL);
	ndlw_ExFreePool(p);
	log_clear();
	ndlw_ExFreePool(NULL);			/* Windows bug-checks: reported */
	CHECK(log_contains("ExFreePool(NULL)"));
	ndl_mem_fail_after(1);
	CHECK(ndlw_ExAllocatePoolWithTag(NonPagedPool, 8, 0) == NULL);
	p = ndlw_ExAllocatePoolWithTag(NonPagedPool, 8, 0);
	CHECK(p != NULL);
	ndlw_ExFreePool(p);
	ndl_mem_stats(&after);
	CHECK_EQ_INT(after.allocations, before.allocations);
	CHECK(after.failures > before.failures);
}

/*
 * The drivers' own allocations are told apart from the runtime's (the
 * benchmark's memory breakdown): pool blocks count in pool_bytes (whole
 * pages from a page up), the runtime's ndl_alloc blocks do not; both count
 * in bytes, and a free takes each back from where it was counted.
 */
static void test_pool_accounting(void)
{
	struct ndl_mem_stats before, mid, after;
	void *small, *big, *own;

	ndl_mem_stats(&before);
	small = ndlw_ExAllocatePoolWithTag(NonPagedPool, 100, 0x74736574);
	big = ndlw_ExAllocatePoolWithTag(NonPagedPool, 5000, 0x74736574);
	own = ndl_alloc(300, 0);
	CHECK(small && big && own);
	ndl_mem_stats(&mid);
	CHECK_EQ_INT(mid.pool_bytes - before.pool_bytes, 100 + 8192);
	CHECK_EQ_INT(mid.bytes - before.bytes, 100 + 8192 + 300);
	ndlw_ExFreePool(small);
	ndl_free(own);
	ndl_mem_stats(&mid);
	CHECK_EQ_INT(mid.pool_bytes - before.pool_bytes, 8192);
	CHECK_EQ_INT(mid.bytes - before.bytes, 8192);
	ndlw_ExFreePool(big);
	ndl_mem_stats(&after);
	CHECK_EQ_INT(after.pool_bytes, before.pool_bytes);
	CHECK_EQ_INT(after.bytes, before.bytes);
}

/*
 * Each block counts in its category and nowhere else; the categories add
 * up to bytes; each small block's 16-byte header counts as overhead; a
 * category out of range counts as "other"; a free takes back from the
 * category the block was counted in, whatever the caller thinks it is.
 */
static void test_category_accounting(void)
{
	struct ndl_mem_stats before, mid, after;
	void *nbl, *send, *bad, *pool;
	u64 sum = 0;
	unsigned int i;

	ndl_mem_stats(&before);
	nbl = ndl_alloc_cat(200, 0, NDL_MEM_NBLS);
	send = ndl_alloc_cat(1000, NDL_OS_ZERO, NDL_MEM_SEND);
	bad = ndl_alloc_cat(30, 0, (enum ndl_mem_cat)NDL_MEM_CATS);
	pool = ndlw_ExAllocatePoolWithTag(NonPagedPool, 5000, 0x74736574);
	CHECK(nbl && send && bad && pool);
	ndl_mem_stats(&mid);
	CHECK_EQ_INT(mid.cat_bytes[NDL_MEM_NBLS] -
		     before.cat_bytes[NDL_MEM_NBLS], 200);
	CHECK_EQ_INT(mid.cat_bytes[NDL_MEM_SEND] -
		     before.cat_bytes[NDL_MEM_SEND], 1000);
	CHECK_EQ_INT(mid.cat_bytes[NDL_MEM_OTHER] -
		     before.cat_bytes[NDL_MEM_OTHER], 30);
	CHECK_EQ_INT(mid.cat_bytes[NDL_MEM_POOL] -
		     before.cat_bytes[NDL_MEM_POOL], 8192);
	CHECK_EQ_INT(mid.cat_bytes[NDL_MEM_ADAPTER],
		     before.cat_bytes[NDL_MEM_ADAPTER]);
	CHECK_EQ_INT(mid.overhead_bytes - before.overhead_bytes, 3 * 16);
	for (i = 0; i < NDL_MEM_CATS; i++)
		sum += mid.cat_bytes[i];
	CHECK_EQ_INT(sum, mid.bytes);
	CHECK(ndl_alloc_cat((size_t)1 << 56, 0, NDL_MEM_SEND) == NULL);
	CHECK(!strcmp(ndl_mem_cat_name(NDL_MEM_SEND), "send"));
	CHECK(!strcmp(ndl_mem_cat_name((enum ndl_mem_cat)NDL_MEM_CATS), "?"));
	ndl_free(send);
	ndl_mem_stats(&mid);
	CHECK_EQ_INT(mid.cat_bytes[NDL_MEM_SEND],
		     before.cat_bytes[NDL_MEM_SEND]);
	CHECK_EQ_INT(mid.cat_bytes[NDL_MEM_NBLS] -
		     before.cat_bytes[NDL_MEM_NBLS], 200);
	ndl_free(nbl);
	ndl_free(bad);
	ndlw_ExFreePool(pool);
	ndl_mem_stats(&after);
	for (i = 0; i < NDL_MEM_CATS; i++)
		CHECK_EQ_INT(after.cat_bytes[i], before.cat_bytes[i]);
	CHECK_EQ_INT(after.overhead_bytes, before.overhead_bytes);
}

/*
 * Placement as ExAllocatePoolWithTag documents it for x64: NumberOfBytes
 * of PAGE_SIZE or more gives a page-aligned buffer; less is 16-byte
 * aligned and does not cross a page boundary. Every size around the page
 * multiples and a sweep below a page, many allocations live at once (so
 * the host's blocks land at varied addresses); all freed, nothing left.
 */
static void test_pool_placement(void)
{
	static const size_t big[] = { 4096, 4097, 8191, 8192, 12288, 65536,
				      65537 };
	struct ndl_mem_stats before, after;
	void *live[512];
	size_t n = 0, size, i;
	bool aligned = true, within = true;

	ndl_mem_stats(&before);
	for (size = 1; size < 4096 && n < 480; size += 9, n++) {
		u8 *p = ndlw_ExAllocatePoolWithTag(NonPagedPool, size, 0x6c6f6f50);

		live[n] = p;
		if (!p)
			break;
		aligned &= ((uintptr_t)p & 15) == 0;
		within &= ((uintptr_t)p & 4095) + size <= 4096;
		memset(p, 0xa5, size);	/* all of it is ours */
	}
	CHECK(n == 455 && live[n - 1] != NULL);
	CHECK(aligned);
	CHECK(within);
	for (i = 0; i < sizeof(big) / sizeof(big[0]); i++, n++) {
		u8 *p = ndlw_ExAllocatePoolWithTag(NonPagedPool, big[i], 0);

		live[n] = p;
		CHECK(p != NULL && ((uintptr_t)p & 4095) == 0);
		if (p) {
			memset(p, 0x5a, big[i]);
			CHECK(ndl_alloc_size(p) >= big[i]);
		}
	}
	/* NdisAllocateMemoryWithTag hands out nonpaged pool the same way. */
	CHECK_EQ_INT(ndlw_NdisAllocateMemoryWithTag(&live[n], 4096, 0), 0);
	CHECK(((uintptr_t)live[n++] & 4095) == 0);
	CHECK_EQ_INT(ndlw_NdisAllocateMemoryWithTag(&live[n], 4000, 0), 0);
	CHECK(((uintptr_t)live[n] & 4095) + 4000 <= 4096);
	n++;
	while (n--)
		ndlw_ExFreePool(live[n]);
	ndl_mem_stats(&after);
	CHECK_EQ_INT(after.allocations, before.allocations);
	CHECK_EQ_INT(after.bytes, before.bytes);
}

static int custom_allocs;

static void *NTAPI custom_alloc(POOL_TYPE t, SIZE_T n, ULONG tag)
{
	custom_allocs++;
	return ndlw_ExAllocatePoolWithTag(t, n, tag);
}

static void test_lookaside(void)
{
	NPAGED_LOOKASIDE_LIST l;
	void *a, *b, *c;

	ndlw_ExInitializeNPagedLookasideList(&l, NULL, NULL, 0, 64, 0x6b6f6f6c, 0);
	CHECK(l.Allocate != NULL && l.Free != NULL && l.Size == 64);
	a = ndlw_ExAllocateFromNPagedLookasideList(&l);
	b = ndlw_ExAllocateFromNPagedLookasideList(&l);
	CHECK(a && b && a != b);
	ndlw_ExFreeToNPagedLookasideList(&l, a);
	CHECK_EQ_INT(ndlw_ExQueryDepthSList(&l.ListHead), 1);
	c = ndlw_ExAllocateFromNPagedLookasideList(&l);
	CHECK(c == a);			/* reused from the list */
	CHECK_EQ_INT(l.TotalAllocates, 3);
	CHECK_EQ_INT(l.AllocateMisses, 2);
	ndlw_ExFreeToNPagedLookasideList(&l, b);
	ndlw_ExFreeToNPagedLookasideList(&l, c);
	ndlw_ExDeleteNPagedLookasideList(&l);	/* frees the listed entries */

	ndlw_ExInitializeNPagedLookasideList(&l, custom_alloc, NULL, 0, 8, 0, 0);
	CHECK_EQ_INT(l.Size, sizeof(SLIST_ENTRY));	/* room for the link */
	a = ndlw_ExAllocateFromNPagedLookasideList(&l);
	CHECK_EQ_INT(custom_allocs, 1);
	ndlw_ExFreeToNPagedLookasideList(&l, a);
	ndlw_ExDeleteNPagedLookasideList(&l);
}

/* head holds exactly want[0..n-1], linked both ways. */
static int list_is(LIST_ENTRY *head, LIST_ENTRY **want, int n)
{
	LIST_ENTRY *e = head;

	for (int i = 0; i < n; i++) {
		if (e->Flink != want[i] || want[i]->Blink != e)
			return 0;
		e = want[i];
	}
	return e->Flink == head && head->Blink == e;
}

/* The list exports as a driver binds them (FASTCALL is NTAPI on x64). */
typedef LIST_ENTRY *(NTAPI_PTR *insert_fn)(LIST_ENTRY *, LIST_ENTRY *,
					   KSPIN_LOCK *);
typedef LIST_ENTRY *(NTAPI_PTR *remove_fn)(LIST_ENTRY *, KSPIN_LOCK *);

static void *nt_export(const char *name)
{
	void *fn = ndl_exports_lookup(ndl_exports_default(), name);

	CHECK(fn != NULL);
	return fn;
}

static void test_lists(void)
{
	insert_fn ins_head = nt_export("ExInterlockedInsertHeadList");
	insert_fn ins_tail = nt_export("ExInterlockedInsertTailList");
	insert_fn fins_head = nt_export("ExfInterlockedInsertHeadList");
	insert_fn fins_tail = nt_export("ExfInterlockedInsertTailList");
	remove_fn rem_head = nt_export("ExInterlockedRemoveHeadList");
	remove_fn rem_tail = nt_export("ExInterlockedRemoveTailList");
	remove_fn frem_head = nt_export("ExfInterlockedRemoveHeadList");
	remove_fn frem_tail = nt_export("ExfInterlockedRemoveTailList");
	LIST_ENTRY head = { &head, &head }, a, b, c;
	SLIST_HEADER sh;
	SLIST_ENTRY e1, e2;
	KSPIN_LOCK lock = 0;

	CHECK(ins_tail(&head, &a, &lock) == NULL);
	CHECK(ins_head(&head, &b, &lock) == &a);
	CHECK(rem_head(&head, &lock) == &b);
	CHECK(rem_head(&head, &lock) == &a);
	CHECK(rem_head(&head, &lock) == NULL);
	CHECK_EQ_INT(lock, 0);

	/* Insert returns the old first (head) or last (tail) entry. */
	CHECK(fins_head(&head, &a, &lock) == NULL);
	CHECK(fins_tail(&head, &b, &lock) == &a);
	CHECK(ins_tail(&head, &c, &lock) == &b);
	CHECK(list_is(&head, (LIST_ENTRY *[]){ &a, &b, &c }, 3));
	CHECK(frem_tail(&head, &lock) == &c);
	CHECK(list_is(&head, (LIST_ENTRY *[]){ &a, &b }, 2));
	CHECK(fins_head(&head, &c, &lock) == &a);
	CHECK(list_is(&head, (LIST_ENTRY *[]){ &c, &a, &b }, 3));
	CHECK(frem_head(&head, &lock) == &c);
	CHECK(rem_tail(&head, &lock) == &b);
	CHECK(list_is(&head, (LIST_ENTRY *[]){ &a }, 1));
	CHECK(frem_tail(&head, &lock) == &a);
	CHECK(rem_tail(&head, &lock) == NULL);
	CHECK(frem_head(&head, &lock) == NULL);
	CHECK(list_is(&head, NULL, 0));
	CHECK_EQ_INT(lock, 0);

	ndlw_InitializeSListHead(&sh);
	CHECK(ndlw_ExpInterlockedPopEntrySList(&sh) == NULL);
	CHECK(ndlw_ExpInterlockedPushEntrySList(&sh, &e1) == NULL);
	CHECK(ndlw_ExpInterlockedPushEntrySList(&sh, &e2) == &e1);
	CHECK_EQ_INT(ndlw_ExQueryDepthSList(&sh), 2);
	/* x64 header encoding, as drivers' inline readers see it */
	CHECK_EQ_INT(sh.Alignment & 0xffff, 2);
	CHECK((SLIST_ENTRY *)(uintptr_t)(sh.Region & ~0xfull) == &e2);
	CHECK_EQ_INT(sh.Region & 1, 1);
	CHECK(ndlw_RtlFirstEntrySList(&sh) == &e2);
	CHECK(ndlw_ExpInterlockedPopEntrySList(&sh) == &e2);
	CHECK(ndlw_ExpInterlockedFlushSList(&sh) == &e1);
	CHECK_EQ_INT(ndlw_ExQueryDepthSList(&sh), 0);
}

static void test_mdl(void)
{
	u8 *buf = ndlw_ExAllocatePoolWithTag(NonPagedPool, 3 * 4096, 0);
	MDL *m, *part;
	u8 *va = buf + 100;

	m = ndlw_IoAllocateMdl(va, 5000, FALSE, FALSE, NULL);
	CHECK(m != NULL);
	if (!m)
		return;
	CHECK(m->StartVa == (void *)((uintptr_t)va & ~0xfffull));
	CHECK_EQ_INT(m->ByteOffset, (uintptr_t)va & 0xfff);
	CHECK_EQ_INT(m->ByteCount, 5000);
	CHECK_EQ_INT(ndlw_MmSizeOfMdl(va, 5000),
		     sizeof(MDL) + 8 * ((((uintptr_t)va & 0xfff) + 5000 + 4095) / 4096));
	ndlw_MmBuildMdlForNonPagedPool(m);
	CHECK(m->MdlFlags & MDL_SOURCE_IS_NONPAGED_POOL);
	CHECK(m->MappedSystemVa == va);
	CHECK(ndlw_MmMapLockedPagesSpecifyCache(m, 0, MmCached, NULL, 0, 16) == va);
	CHECK(ndlw_MmMapLockedPagesSpecifyCache(m, 1, MmCached, NULL, 0, 16) == NULL);
	part = ndlw_IoAllocateMdl(va + 10, 20, FALSE, FALSE, NULL);
	ndlw_IoBuildPartialMdl(m, part, va + 4000, 100);
	CHECK(part->MdlFlags & MDL_PARTIAL);
	CHECK(ndlw_MmMapLockedPagesSpecifyCache(part, 0, MmCached, NULL, 0,
						16) == va + 4000);
	ndlw_MmProbeAndLockPages(part, 0, 0);
	CHECK(part->MdlFlags & MDL_PAGES_LOCKED);
	ndlw_MmUnlockPages(part);
	ndlw_IoFreeMdl(part);
	ndlw_IoFreeMdl(m);
	ndlw_ExFreePool(buf);
}

static const struct ndl_export test_exports[] = {
	{ "Alpha", (void *)0x1000, 7, 1, NDL_EXPORT_FUNC },
	{ "Beta", NULL, 0, 2, NDL_EXPORT_TODO },
};
static const struct ndl_dll test_dll = { "Test.SYS", test_exports, 2 };
static const struct ndl_dll *const test_dlls[] = { &test_dll };
static const struct ndl_dll_set test_set = { test_dlls, 1 };

static void test_export_tables(void)
{
	const struct ndl_dll_set *set = ndl_exports_default();
	const struct ndl_dll *nt = ndl_dll_find(set, "NTOSKRNL.EXE");
	UNICODE_STRING u;

	CHECK(nt != NULL && ndl_dll_find(set, "ntoskrnl.exe") == nt);
	CHECK(ndl_dll_find(set, "HAL.dll") != NULL);
	CHECK(ndl_dll_find(set, "ndis.SYS") != NULL);
	CHECK(ndl_dll_find(set, "ntoskrnl") == NULL);
	CHECK(ndl_dll_export_by_name(nt, "ExAllocatePoolWithTag") != NULL);
	CHECK(ndl_dll_export_by_name(nt, "exallocatepoolwithtag") == NULL);
	CHECK(ndl_exports_lookup(set, "ExAllocatePoolWithTag") ==
	      (void *)ndlw_ExAllocatePoolWithTag);
	CHECK(ndl_dll_find(&test_set, "test.sys") == &test_dll);
	CHECK(ndl_dll_export_by_ordinal(&test_dll, 7) == &test_exports[0]);
	CHECK(ndl_dll_export_by_ordinal(&test_dll, 0) == NULL);
	CHECK(ndl_exports_lookup(&test_set, "Beta") == NULL);
	/* NDL_FN_AS: an export served by another one's function */
	CHECK(ndl_exports_lookup(set, "RtlInitString") ==
	      (void *)ndlw_RtlInitAnsiString);
	CHECK(ndl_exports_lookup(set, "NdisDprFreePacket") ==
	      ndl_exports_lookup(set, "NdisFreePacket"));
	ndlw_RtlInitUnicodeString(&u, u"KeSetEvent");
	CHECK(ndlw_MmGetSystemRoutineAddress(&u) == (void *)ndlw_KeSetEvent);
	ndlw_RtlInitUnicodeString(&u, u"KeRemoveEntryDeviceQueue"); /* known, missing */
	CHECK(ndlw_MmGetSystemRoutineAddress(&u) == NULL);
	/* every implemented entry has an address, every TODO none */
	for (u32 d = 0; d < set->count; d++) {
		for (u32 i = 0; i < set->dlls[d]->count; i++) {
			const struct ndl_export *e = &set->dlls[d]->exports[i];

			CHECK((e->kind == NDL_EXPORT_TODO) == (e->addr == NULL));
			CHECK(ndl_dll_export_by_name(set->dlls[d], e->name) == e);
		}
	}
}

static void test_stubs(void)
{
	void *s[200];
	int n = 0;
	NTSTATUS (NTAPI_PTR *fn)(void);

	s[0] = ndl_stub_bind("ndis.sys", "NdisFoo");
	CHECK(s[0] != NULL);
	fn = (NTSTATUS (NTAPI_PTR *)(void))s[0];
	log_clear();
	CHECK_EQ_INT(fn(), STATUS_NOT_IMPLEMENTED);
	CHECK(log_contains("unimplemented ndis.sys!NdisFoo"));
	CHECK_EQ_INT(ndl_stub_calls(s[0]), 1);
	while (++n < 200 && (s[n] = ndl_stub_bind("x", "y")) != NULL)
		;
	CHECK_EQ_INT(n, 128);		/* the pool is bounded */
	for (int i = 0; i < n; i++)
		ndl_stub_release(s[i]);
	s[0] = ndl_stub_bind("a", "b");
	CHECK(s[0] != NULL);
	ndl_stub_release(s[0]);
}

int main(void)
{
	int rc;

	test_init();
	RUN(test_pool);
	RUN(test_pool_accounting);
	RUN(test_category_accounting);
	RUN(test_pool_placement);
	RUN(test_lookaside);
	RUN(test_lists);
	RUN(test_mdl);
	RUN(test_export_tables);
	RUN(test_stubs);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
