// SPDX-License-Identifier: GPL-2.0-only
/*
 * Structured exception handling. __C_specific_handler (the language
 * handler MSVC-built drivers import for __try/__except/__finally) is
 * implemented to its contract: it walks the function's scope table for
 * the dispatch and the unwind phase. What is missing is the dispatcher
 * that would call it: nothing here raises exceptions into driver frames
 * (RtlRaiseException/ExRaiseStatus bug-check, and CPU faults in driver
 * code are not turned into exceptions), so RtlUnwindEx is never reached
 * and reports so. docs/runtime.md, "Structured exception handling".
 */
#include "nt_api.h"
#include "nt_status.h"
#include "nt_exports.h"

struct _EXCEPTION_RECORD {
	NTSTATUS ExceptionCode;
	ULONG ExceptionFlags;
	struct _EXCEPTION_RECORD *ExceptionRecord;
	void *ExceptionAddress;
	ULONG NumberParameters;
	ULONG_PTR ExceptionInformation[15];
};

typedef struct _EXCEPTION_POINTERS {
	EXCEPTION_RECORD *ExceptionRecord;
	void *ContextRecord;
} EXCEPTION_POINTERS;

struct _DISPATCHER_CONTEXT {
	ULONG64 ControlPc;
	ULONG64 ImageBase;
	void *FunctionEntry;
	ULONG64 EstablisherFrame;
	ULONG64 TargetIp;
	void *ContextRecord;
	void *LanguageHandler;
	void *HandlerData;		/* SCOPE_TABLE */
	void *HistoryTable;
	ULONG ScopeIndex;
};

struct scope_record {
	ULONG BeginAddress, EndAddress, HandlerAddress, JumpTarget;
};

#if defined(__x86_64__)
NDL_STATIC_ASSERT(offsetof(DISPATCHER_CONTEXT, ScopeIndex) == 0x48,
		  "x64 DISPATCHER_CONTEXT");
NDL_STATIC_ASSERT(sizeof(EXCEPTION_RECORD) == 0x98, "x64 EXCEPTION_RECORD");
#endif

#define EXCEPTION_UNWINDING		0x2
#define EXCEPTION_EXIT_UNWIND		0x4
#define EXCEPTION_TARGET_UNWIND		0x20
#define EXCEPTION_EXECUTE_HANDLER	1
#define KMODE_EXCEPTION_NOT_HANDLED	0x1e

enum { ExceptionContinueExecution, ExceptionContinueSearch };

typedef NTAPI LONG (*filter_fn)(EXCEPTION_POINTERS *ep, void *frame);
typedef NTAPI void (*termination_fn)(BOOLEAN abnormal, void *frame);

void NTAPI ndlw_RtlUnwindEx(void *frame, void *target_ip,
			    EXCEPTION_RECORD *rec, void *ret, void *ctx,
			    void *history)
{
	ndl_err("RtlUnwindEx: unwinding driver frames is not implemented");
	ndl_os_bugcheck(KMODE_EXCEPTION_NOT_HANDLED,
			rec ? (u32)rec->ExceptionCode : 0,
			(u64)(uintptr_t)target_ip, 0, 0);
}

int NTAPI ndlw___C_specific_handler(EXCEPTION_RECORD *rec, void *frame,
				    void *ctx, DISPATCHER_CONTEXT *dc)
{
	const ULONG *table = dc->HandlerData;
	const struct scope_record *scope = (const void *)(table + 1);
	ULONG64 pc = dc->ControlPc - dc->ImageBase;
	ULONG i;

	for (i = dc->ScopeIndex; i < table[0]; i++) {
		const struct scope_record *s = &scope[i];

		if (pc < s->BeginAddress || pc >= s->EndAddress)
			continue;
		if (!(rec->ExceptionFlags & (EXCEPTION_UNWINDING |
					     EXCEPTION_EXIT_UNWIND))) {
			EXCEPTION_POINTERS ep = { rec, ctx };
			LONG verdict;

			if (!s->JumpTarget)		/* __finally: not now */
				continue;
			if (s->HandlerAddress == EXCEPTION_EXECUTE_HANDLER)
				verdict = 1;
			else
				NDL_CALL_DRIVER(verdict,
						(filter_fn)(uintptr_t)(dc->ImageBase +
						s->HandlerAddress), &ep, frame);
			if (verdict < 0)
				return ExceptionContinueExecution;
			if (verdict > 0) {
				ndlw_RtlUnwindEx(frame, (void *)(uintptr_t)
						 (dc->ImageBase + s->JumpTarget),
						 rec, NULL, ctx, dc->HistoryTable);
				return ExceptionContinueSearch;
			}
			continue;
		}
		/* Unwind: run __finally blocks up to the target's own scope. */
		if ((rec->ExceptionFlags & EXCEPTION_TARGET_UNWIND) &&
		    dc->TargetIp - dc->ImageBase >= s->BeginAddress &&
		    dc->TargetIp - dc->ImageBase < s->EndAddress)
			break;
		if (s->JumpTarget)
			continue;
		dc->ScopeIndex = i + 1;
		NDL_CALL_DRIVER_VOID((termination_fn)(uintptr_t)(dc->ImageBase +
				     s->HandlerAddress), TRUE, frame);
	}
	return ExceptionContinueSearch;
}

void NTAPI ndlw_RtlRaiseException(EXCEPTION_RECORD *rec)
{
	ndl_err("driver raised exception 0x%08x at %p: exception dispatch into driver frames is not implemented",
		(u32)rec->ExceptionCode, rec->ExceptionAddress);
	ndl_os_bugcheck(KMODE_EXCEPTION_NOT_HANDLED, (u32)rec->ExceptionCode,
			(u64)(uintptr_t)rec->ExceptionAddress, 0, 0);
}

void NTAPI ndlw_ExRaiseStatus(NTSTATUS status)
{
	EXCEPTION_RECORD rec = { .ExceptionCode = status,
				 .ExceptionAddress = __builtin_return_address(0) };

	ndlw_RtlRaiseException(&rec);
}

void NTAPI ndlw_ExRaiseAccessViolation(void)
{
	ndlw_ExRaiseStatus(STATUS_ACCESS_VIOLATION);
}

void NTAPI ndlw_ExRaiseDatatypeMisalignment(void)
{
	ndlw_ExRaiseStatus((NTSTATUS)0x80000002);
}

/* Probing user buffers: there is no user mode here; kernel addresses pass. */
void NTAPI ndlw_ProbeForRead(const void *addr, SIZE_T len, ULONG align)
{
	if (len && ((uintptr_t)addr & (align - 1)))
		ndlw_ExRaiseDatatypeMisalignment();
}

/*
 * __chkstk: MSVC calls it (size in rax) before allocating a frame larger
 * than a page, to touch guard pages in order. Our stacks are committed,
 * so there is nothing to touch. Its contract allows clobbering only r10
 * and r11: an empty function body uses no register at all.
 */
void NTAPI ndlw___chkstk(void)
{
}
