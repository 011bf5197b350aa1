/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Prototypes of the ntoskrnl.exe / hal.dll exports other runtime files
 * (and the NDIS layer) call directly, plus the helpers behind them.
 * The full list of exports is ntoskrnl.spec.h / hal.spec.h.
 */
#ifndef NDL_NT_API_H
#define NDL_NT_API_H

#include "core/rt.h"
#include "core/fmt.h"
#include "core/exports.h"
#include "nt/nt_objects.h"

/*
 * DbgPrintEx levels shown (nt_debug.c): bit n for Level n, as Windows'
 * component filter mask; the default shows DPFLTR_ERROR_LEVEL only.
 */
#define NDL_DBGPRINT_DEFAULT_MASK	0x1u

/*
 * How many leading bytes of a and b are equal (memcmp, RtlCompareMemory):
 * drivers compare addresses (NdisEqualMemory is memcmp) on every frame
 * they receive. Eight bytes at a time, then four, then one; unaligned
 * loads through memcpy are single moves on x86. Inline: a call from the
 * Microsoft-convention exports would cost more than the comparison.
 */
static inline SIZE_T ndl_mem_equal_prefix(const void *a, const void *b,
					  SIZE_T n)
{
	const u8 *x = a, *y = b;
	SIZE_T i = 0;

	for (; n - i >= 8; i += 8) {
		u64 p, q;

		ndl_memcpy(&p, x + i, 8);
		ndl_memcpy(&q, y + i, 8);
		if (p != q)	/* little-endian: the lowest set bit is first */
			return i + (SIZE_T)__builtin_ctzll(p ^ q) / 8;
	}
	if (n - i >= 4) {
		u32 p, q;

		ndl_memcpy(&p, x + i, 4);
		ndl_memcpy(&q, y + i, 4);
		if (p != q)
			return i + (SIZE_T)__builtin_ctz(p ^ q) / 8;
		i += 4;
	}
	while (i < n && x[i] == y[i])
		i++;
	return i;
}

/* Strings (nt_rtl_string.c) */
WCHAR ndl_ansi_to_wchar(u8 c);
u8 ndl_wchar_to_ansi(WCHAR w);
void NTAPI ndlw_RtlInitUnicodeString(UNICODE_STRING *dst, const WCHAR *src);
void NTAPI ndlw_RtlInitAnsiString(ANSI_STRING *dst, const char *src);
NTSTATUS NTAPI ndlw_RtlAnsiStringToUnicodeString(UNICODE_STRING *dst,
						 const ANSI_STRING *src,
						 BOOLEAN alloc);
NTSTATUS NTAPI ndlw_RtlUnicodeStringToAnsiString(ANSI_STRING *dst,
						 const UNICODE_STRING *src,
						 BOOLEAN alloc);
void NTAPI ndlw_RtlFreeUnicodeString(UNICODE_STRING *s);
void NTAPI ndlw_RtlFreeAnsiString(ANSI_STRING *s);
LONG NTAPI ndlw_RtlCompareUnicodeString(const UNICODE_STRING *a,
					const UNICODE_STRING *b, BOOLEAN ci);
BOOLEAN NTAPI ndlw_RtlEqualUnicodeString(const UNICODE_STRING *a,
					 const UNICODE_STRING *b, BOOLEAN ci);
NTSTATUS NTAPI ndlw_RtlUnicodeStringToInteger(const UNICODE_STRING *s,
					      ULONG base, ULONG *value);
NTSTATUS NTAPI ndlw_RtlIntegerToUnicodeString(ULONG v, ULONG base,
					      UNICODE_STRING *s);
WCHAR NTAPI ndlw_RtlUpcaseUnicodeChar(WCHAR c);
WCHAR NTAPI ndlw_RtlDowncaseUnicodeChar(WCHAR c);

/* Pool and lookaside (nt_pool.c) */
NTAPI void *ndlw_ExAllocatePoolWithTag(POOL_TYPE type, SIZE_T size, ULONG tag);
void NTAPI ndlw_ExFreePool(void *p);
void *ndl_lookaside_alloc(GENERAL_LOOKASIDE *l);
void ndl_lookaside_free(GENERAL_LOOKASIDE *l, void *e);

/* Lists (nt_list.c; the LIST_ENTRY primitives are nt_list.h) */
void NTAPI ndlw_InitializeSListHead(SLIST_HEADER *h);
USHORT NTAPI ndlw_ExQueryDepthSList(SLIST_HEADER *h);
NTAPI SLIST_ENTRY *ndlw_ExpInterlockedPushEntrySList(SLIST_HEADER *h,
						     SLIST_ENTRY *e);
NTAPI SLIST_ENTRY *ndlw_ExpInterlockedPopEntrySList(SLIST_HEADER *h);
NTAPI SLIST_ENTRY *ndlw_ExpInterlockedFlushSList(SLIST_HEADER *h);

/* Synchronisation (nt_sync.c, nt_wait.c) */
void NTAPI ndlw_KeInitializeSpinLock(KSPIN_LOCK *lock);
KIRQL NTAPI ndlw_KeAcquireSpinLockRaiseToDpc(KSPIN_LOCK *lock);
void NTAPI ndlw_KeReleaseSpinLock(KSPIN_LOCK *lock, KIRQL old);
void NTAPI ndlw_KeAcquireSpinLockAtDpcLevel(KSPIN_LOCK *lock);
void NTAPI ndlw_KeReleaseSpinLockFromDpcLevel(KSPIN_LOCK *lock);
void NTAPI ndlw_KeInitializeEvent(KEVENT *ev, EVENT_TYPE type, BOOLEAN state);
LONG NTAPI ndlw_KeSetEvent(KEVENT *ev, LONG increment, BOOLEAN wait);
LONG NTAPI ndlw_KeResetEvent(KEVENT *ev);
void NTAPI ndlw_KeClearEvent(KEVENT *ev);
LONG NTAPI ndlw_KeReadStateEvent(KEVENT *ev);
NTSTATUS NTAPI ndlw_KeWaitForSingleObject(void *obj, KWAIT_REASON reason,
					  KPROCESSOR_MODE mode,
					  BOOLEAN alertable,
					  LARGE_INTEGER *timeout);

/* DPCs and timers (nt_dpc.c, nt_timer.c) */
void NTAPI ndlw_KeInitializeDpc(KDPC *dpc, PKDEFERRED_ROUTINE fn, void *ctx);
BOOLEAN NTAPI ndlw_KeInsertQueueDpc(KDPC *dpc, void *arg1, void *arg2);
BOOLEAN NTAPI ndlw_KeRemoveQueueDpc(KDPC *dpc);
void NTAPI ndlw_KeInitializeTimer(KTIMER *t);
void NTAPI ndlw_KeInitializeTimerEx(KTIMER *t, TIMER_TYPE type);
BOOLEAN NTAPI ndlw_KeSetTimer(KTIMER *t, LARGE_INTEGER due, KDPC *dpc);
BOOLEAN NTAPI ndlw_KeSetTimerEx(KTIMER *t, LARGE_INTEGER due, LONG period,
				KDPC *dpc);
BOOLEAN NTAPI ndlw_KeCancelTimer(KTIMER *t);

/* Time (nt_time.c) */
void NTAPI ndlw_KeQuerySystemTime(LARGE_INTEGER *t);
void NTAPI ndlw_KeStallExecutionProcessor(ULONG us);
NTSTATUS NTAPI ndlw_KeDelayExecutionThread(KPROCESSOR_MODE mode,
					   BOOLEAN alertable,
					   LARGE_INTEGER *interval);

/* MDLs (nt_mdl.c) */
/*
 * Pages the len bytes at va touch, counted as ADDRESS_AND_SIZE_TO_SPAN_PAGES
 * does (the page offset plus the length, rounded up to whole 4 KiB pages).
 */
static inline u32 ndl_span_pages(const void *va, size_t len)
{
	return (u32)((((uintptr_t)va & (NDL_OS_PAGE_SIZE - 1)) + len +
		      NDL_OS_PAGE_SIZE - 1) / NDL_OS_PAGE_SIZE);
}

void ndl_mdl_init(MDL *m, void *va, SIZE_T len);
NTAPI MDL *ndlw_IoAllocateMdl(void *va, ULONG len, BOOLEAN secondary,
			      BOOLEAN quota, void *irp);
void NTAPI ndlw_IoFreeMdl(MDL *m);
void NTAPI ndlw_MmBuildMdlForNonPagedPool(MDL *m);
SIZE_T NTAPI ndlw_MmSizeOfMdl(void *base, SIZE_T len);

/* System (nt_system.c) */
void ndl_nt_system_init(void);
NTAPI void *ndlw_MmGetSystemRoutineAddress(UNICODE_STRING *name);

/* Callback objects (nt_callback.c): dropped at runtime exit */
void ndl_callbacks_exit(void);

/* C runtime (crt.c) */
int WINCDECL ndlw_tolower(int c);
WCHAR WINCDECL ndlw_towlower(WCHAR c);

#endif
