// SPDX-License-Identifier: GPL-2.0-only
/*
 * Interlocked lists: ExInterlocked{Insert,Remove}{Head,Tail}List and the
 * Exf* forms, ExInterlockedPopEntryList/PushEntryList, SLISTs in the x64
 * HeaderX64 encoding (win_types.h), Interlocked* and large statistics.
 * SLIST operations take one runtime lock: correct at any IRQL, and the
 * header keeps the layout drivers' inline readers expect.
 */
#include "nt/nt_api.h"
#include "nt/nt_list.h"
#include "nt/nt_sync.h"
#include "nt/nt_exports.h"

LIST_ENTRY *ndl_list_op(LIST_ENTRY *head, LIST_ENTRY *e, enum ndl_list_op op)
{
	bool at_head = op == NDL_LIST_INSERT_HEAD || op == NDL_LIST_REMOVE_HEAD;
	LIST_ENTRY *end = at_head ? head->Flink : head->Blink;

	if (op == NDL_LIST_INSERT_HEAD || op == NDL_LIST_INSERT_TAIL)
		ndl_list_insert_before(e, at_head ? end : head);
	else if (end != head)
		ndl_list_unlink(end);
	return end == head ? NULL : end;
}

/* ExInterlocked*List: callable at any IRQL, so the lock is ndl_lock_any. */
static LIST_ENTRY *ex_list_op(LIST_ENTRY *head, LIST_ENTRY *e,
			      KSPIN_LOCK *lock, enum ndl_list_op op)
{
	KIRQL old = ndl_lock_any(lock);

	e = ndl_list_op(head, e, op);
	ndl_unlock_any(lock, old);
	return e;
}

FASTCALL LIST_ENTRY *ndlw_ExfInterlockedInsertHeadList(LIST_ENTRY *head,
						       LIST_ENTRY *e,
						       KSPIN_LOCK *lock)
{
	return ex_list_op(head, e, lock, NDL_LIST_INSERT_HEAD);
}

FASTCALL LIST_ENTRY *ndlw_ExfInterlockedInsertTailList(LIST_ENTRY *head,
						       LIST_ENTRY *e,
						       KSPIN_LOCK *lock)
{
	return ex_list_op(head, e, lock, NDL_LIST_INSERT_TAIL);
}

FASTCALL LIST_ENTRY *ndlw_ExfInterlockedRemoveHeadList(LIST_ENTRY *head,
						       KSPIN_LOCK *lock)
{
	return ex_list_op(head, NULL, lock, NDL_LIST_REMOVE_HEAD);
}

FASTCALL LIST_ENTRY *ndlw_ExfInterlockedRemoveTailList(LIST_ENTRY *head,
						       KSPIN_LOCK *lock)
{
	return ex_list_op(head, NULL, lock, NDL_LIST_REMOVE_TAIL);
}

NTAPI LIST_ENTRY *ndlw_ExInterlockedInsertHeadList(LIST_ENTRY *head,
						   LIST_ENTRY *e,
						   KSPIN_LOCK *lock)
{
	return ndlw_ExfInterlockedInsertHeadList(head, e, lock);
}

NTAPI LIST_ENTRY *ndlw_ExInterlockedInsertTailList(LIST_ENTRY *head,
						   LIST_ENTRY *e,
						   KSPIN_LOCK *lock)
{
	return ndlw_ExfInterlockedInsertTailList(head, e, lock);
}

NTAPI LIST_ENTRY *ndlw_ExInterlockedRemoveHeadList(LIST_ENTRY *head,
						   KSPIN_LOCK *lock)
{
	return ndlw_ExfInterlockedRemoveHeadList(head, lock);
}

NTAPI LIST_ENTRY *ndlw_ExInterlockedRemoveTailList(LIST_ENTRY *head,
						   KSPIN_LOCK *lock)
{
	return ndlw_ExfInterlockedRemoveTailList(head, lock);
}

NTAPI SINGLE_LIST_ENTRY *ndlw_ExInterlockedPushEntryList(
	SINGLE_LIST_ENTRY *head, SINGLE_LIST_ENTRY *e, KSPIN_LOCK *lock)
{
	KIRQL old = ndl_lock_any(lock);
	SINGLE_LIST_ENTRY *first = head->Next;

	e->Next = first;
	head->Next = e;
	ndl_unlock_any(lock, old);
	return first;
}

NTAPI SINGLE_LIST_ENTRY *ndlw_ExInterlockedPopEntryList(
	SINGLE_LIST_ENTRY *head, KSPIN_LOCK *lock)
{
	KIRQL old = ndl_lock_any(lock);
	SINGLE_LIST_ENTRY *first = head->Next;

	if (first)
		head->Next = first->Next;
	ndl_unlock_any(lock, old);
	return first;
}

/* ---- SLIST ------------------------------------------------------------- */

static KSPIN_LOCK slist_lock;

static SLIST_ENTRY *slist_first(const SLIST_HEADER *h)
{
	return (SLIST_ENTRY *)(uintptr_t)(h->Region & ~(ULONGLONG)0xf);
}

static void slist_set(SLIST_HEADER *h, SLIST_ENTRY *first, u16 depth)
{
	u64 seq = (h->Alignment >> 16) + 1;

	h->Region = (ULONGLONG)(uintptr_t)first | 1;	/* HeaderType: x64 */
	h->Alignment = (seq << 16) | depth;
}

void NTAPI ndlw_InitializeSListHead(SLIST_HEADER *h)
{
	h->Alignment = 0;
	h->Region = 1;
}

USHORT NTAPI ndlw_ExQueryDepthSList(SLIST_HEADER *h)
{
	return (USHORT)(h->Alignment & 0xffff);
}

NTAPI SLIST_ENTRY *ndlw_RtlFirstEntrySList(const SLIST_HEADER *h)
{
	return slist_first(h);
}

NTAPI SLIST_ENTRY *ndlw_ExpInterlockedPushEntrySList(SLIST_HEADER *h,
						     SLIST_ENTRY *e)
{
	KIRQL old;
	SLIST_ENTRY *first;

	if ((uintptr_t)e & 0xf)
		ndl_warn("SLIST entry %p not 16-byte aligned (x64 requires it)",
			 (void *)e);
	old = ndl_lock_any(&slist_lock);
	first = slist_first(h);
	e->Next = first;
	slist_set(h, e, (u16)(ndlw_ExQueryDepthSList(h) + 1));
	ndl_unlock_any(&slist_lock, old);
	return first;
}

NTAPI SLIST_ENTRY *ndlw_ExpInterlockedPopEntrySList(SLIST_HEADER *h)
{
	KIRQL old = ndl_lock_any(&slist_lock);
	SLIST_ENTRY *first = slist_first(h);

	if (first)
		slist_set(h, first->Next, (u16)(ndlw_ExQueryDepthSList(h) - 1));
	ndl_unlock_any(&slist_lock, old);
	return first;
}

NTAPI SLIST_ENTRY *ndlw_ExpInterlockedFlushSList(SLIST_HEADER *h)
{
	KIRQL old = ndl_lock_any(&slist_lock);
	SLIST_ENTRY *first = slist_first(h);

	slist_set(h, NULL, 0);
	ndl_unlock_any(&slist_lock, old);
	return first;
}

FASTCALL SLIST_ENTRY *ndlw_InterlockedPushEntrySList(SLIST_HEADER *h,
						     SLIST_ENTRY *e)
{
	return ndlw_ExpInterlockedPushEntrySList(h, e);
}

FASTCALL SLIST_ENTRY *ndlw_InterlockedPopEntrySList(SLIST_HEADER *h)
{
	return ndlw_ExpInterlockedPopEntrySList(h);
}

FASTCALL SLIST_ENTRY *ndlw_InterlockedFlushSList(SLIST_HEADER *h)
{
	return ndlw_ExpInterlockedFlushSList(h);
}

/* The Lock argument is ignored by Windows on x64 too. */
FASTCALL SLIST_ENTRY *ndlw_ExInterlockedPushEntrySList(SLIST_HEADER *h,
						       SLIST_ENTRY *e,
						       KSPIN_LOCK *lock)
{
	return ndlw_ExpInterlockedPushEntrySList(h, e);
}

FASTCALL SLIST_ENTRY *ndlw_ExInterlockedPopEntrySList(SLIST_HEADER *h,
						      KSPIN_LOCK *lock)
{
	return ndlw_ExpInterlockedPopEntrySList(h);
}

/* ---- Interlocked arithmetic (exported by i386 kernels; harmless here) --- */
/* Windows declares the target LONG volatile *; the atomics need no volatile. */

LONG FASTCALL ndlw_InterlockedIncrement(LONG *p)
{
	return __atomic_add_fetch(p, 1, __ATOMIC_SEQ_CST);
}

LONG FASTCALL ndlw_InterlockedDecrement(LONG *p)
{
	return __atomic_sub_fetch(p, 1, __ATOMIC_SEQ_CST);
}

LONG FASTCALL ndlw_InterlockedExchange(LONG *p, LONG v)
{
	return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST);
}

LONG FASTCALL ndlw_InterlockedExchangeAdd(LONG *p, LONG v)
{
	return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}

LONG FASTCALL ndlw_InterlockedCompareExchange(LONG *p, LONG xchg, LONG cmp)
{
	__atomic_compare_exchange_n(p, &cmp, xchg, false, __ATOMIC_SEQ_CST,
				    __ATOMIC_SEQ_CST);
	return cmp;
}

void FASTCALL ndlw_ExInterlockedAddLargeStatistic(LARGE_INTEGER *addend,
						  ULONG inc)
{
	__atomic_add_fetch(&addend->QuadPart, (LONGLONG)inc, __ATOMIC_SEQ_CST);
}

LARGE_INTEGER NTAPI ndlw_ExInterlockedAddLargeInteger(LARGE_INTEGER *addend,
						      LARGE_INTEGER inc,
						      KSPIN_LOCK *lock)
{
	LARGE_INTEGER prev;
	KIRQL old = ndl_lock_any(lock);

	prev = *addend;
	addend->QuadPart += inc.QuadPart;
	ndl_unlock_any(lock, old);
	return prev;
}

ULONG NTAPI ndlw_ExInterlockedAddUlong(ULONG *addend, ULONG inc,
				       KSPIN_LOCK *lock)
{
	KIRQL old = ndl_lock_any(lock);
	ULONG prev = *addend;

	*addend += inc;
	ndl_unlock_any(lock, old);
	return prev;
}
