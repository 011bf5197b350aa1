/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * x64 structured exception handling: the Windows structures (CONTEXT,
 * EXCEPTION_RECORD, RUNTIME_FUNCTION, UNWIND_INFO, DISPATCHER_CONTEXT) in
 * their x64 layouts, and the runtime-internal entry points shared by
 * nt_seh.c (dispatch, unwind to a target), nt_unwind.c (.pdata lookup,
 * virtual unwind) and nt_seh_asm.c (context capture and restore).
 * docs/runtime.md, "Structured exception handling".
 */
#ifndef NDL_NT_SEH_H
#define NDL_NT_SEH_H

#include "nt/nt_api.h"
#include "nt/nt_exports.h"

typedef struct _M128A {
	u64 Low;
	s64 High;
} M128A;

/* CONTEXT (x64, 0x4d0 bytes, 16-byte aligned in Windows). */
typedef struct _CONTEXT {
	u64 PHome[6];
	ULONG ContextFlags;
	ULONG MxCsr;
	u16 SegCs, SegDs, SegEs, SegFs, SegGs, SegSs;
	ULONG EFlags;
	u64 Dr0, Dr1, Dr2, Dr3, Dr6, Dr7;
	/* Integer registers in the unwind codes' numbering (0 = RAX). */
	u64 Rax, Rcx, Rdx, Rbx, Rsp, Rbp, Rsi, Rdi;
	u64 R8, R9, R10, R11, R12, R13, R14, R15;
	u64 Rip;
	u8 FltSave[0xa0];		/* XMM_SAVE_AREA32 up to Xmm0 */
	M128A Xmm[16];
	u8 FltSaveRest[0x60];
	M128A VectorRegister[26];
	u64 VectorControl, DebugControl;
	u64 LastBranchToRip, LastBranchFromRip;
	u64 LastExceptionToRip, LastExceptionFromRip;
} CONTEXT;

#define CONTEXT_AMD64		0x00100000
#define CONTEXT_CONTROL		(CONTEXT_AMD64 | 0x1)
#define CONTEXT_INTEGER		(CONTEXT_AMD64 | 0x2)
#define CONTEXT_SEGMENTS	(CONTEXT_AMD64 | 0x4)
#define CONTEXT_FLOATING_POINT	(CONTEXT_AMD64 | 0x8)
#define CONTEXT_FULL		(CONTEXT_CONTROL | CONTEXT_INTEGER | \
				 CONTEXT_FLOATING_POINT)

/* The offsets the assembly in nt_seh_asm.c uses. */
#define NDL_CTX_FLAGS	0x30
#define NDL_CTX_MXCSR	0x34
#define NDL_CTX_SEGCS	0x38
#define NDL_CTX_SEGSS	0x42
#define NDL_CTX_EFLAGS	0x44
#define NDL_CTX_RAX	0x78
#define NDL_CTX_RSP	0x98
#define NDL_CTX_RIP	0xf8
#define NDL_CTX_FLT_MXCSR 0x118
#define NDL_CTX_XMM0	0x1a0
#define NDL_CTX_SIZE	0x4d0
/* struct seh_frames (nt_seh.c): magic, pad, then three CONTEXTs. */
#define NDL_SEH_FRAMES_CTX	0x10
#define NDL_SEH_FRAMES_SIZE	(NDL_SEH_FRAMES_CTX + 3 * NDL_CTX_SIZE)

static inline u64 *ndl_ctx_gpr(CONTEXT *c, unsigned int n)
{
	return &(&c->Rax)[n];
}

struct _EXCEPTION_RECORD {
	NTSTATUS ExceptionCode;
	ULONG ExceptionFlags;
	struct _EXCEPTION_RECORD *ExceptionRecord;
	void *ExceptionAddress;
	ULONG NumberParameters;
	ULONG_PTR ExceptionInformation[15];
};

#define EXCEPTION_NONCONTINUABLE	0x1
#define EXCEPTION_UNWINDING		0x2
#define EXCEPTION_EXIT_UNWIND		0x4
#define EXCEPTION_TARGET_UNWIND		0x20
#define EXCEPTION_COLLIDED_UNWIND	0x40
#define EXCEPTION_UNWIND		(EXCEPTION_UNWINDING | \
					 EXCEPTION_EXIT_UNWIND | \
					 EXCEPTION_TARGET_UNWIND | \
					 EXCEPTION_COLLIDED_UNWIND)
#define EXCEPTION_MAXIMUM_PARAMETERS	15

typedef enum {
	ExceptionContinueExecution,
	ExceptionContinueSearch,
	ExceptionNestedException,
	ExceptionCollidedUnwind,
} EXCEPTION_DISPOSITION;

typedef struct _RUNTIME_FUNCTION {
	ULONG BeginAddress;
	ULONG EndAddress;
	ULONG UnwindData;
} RUNTIME_FUNCTION;

typedef NTAPI_PTR EXCEPTION_DISPOSITION (*PEXCEPTION_ROUTINE)(
	EXCEPTION_RECORD *rec, void *frame, CONTEXT *ctx,
	DISPATCHER_CONTEXT *dc);

struct _DISPATCHER_CONTEXT {
	ULONG64 ControlPc;
	ULONG64 ImageBase;
	RUNTIME_FUNCTION *FunctionEntry;
	ULONG64 EstablisherFrame;
	ULONG64 TargetIp;
	CONTEXT *ContextRecord;
	PEXCEPTION_ROUTINE LanguageHandler;
	void *HandlerData;
	void *HistoryTable;
	ULONG ScopeIndex;
	ULONG Fill0;
};

/* KNONVOLATILE_CONTEXT_POINTERS: where each register was found. */
typedef struct _KNONVOLATILE_CONTEXT_POINTERS {
	M128A *FloatingContext[16];
	u64 *IntegerContext[16];
} KNONVOLATILE_CONTEXT_POINTERS;

#define UNW_FLAG_NHANDLER	0x0
#define UNW_FLAG_EHANDLER	0x1
#define UNW_FLAG_UHANDLER	0x2
#define UNW_FLAG_CHAININFO	0x4

#if defined(__x86_64__)
NDL_STATIC_ASSERT(sizeof(CONTEXT) == NDL_CTX_SIZE, "x64 CONTEXT size");
NDL_STATIC_ASSERT(offsetof(CONTEXT, ContextFlags) == NDL_CTX_FLAGS, "CONTEXT");
NDL_STATIC_ASSERT(offsetof(CONTEXT, MxCsr) == NDL_CTX_MXCSR, "CONTEXT");
NDL_STATIC_ASSERT(offsetof(CONTEXT, SegCs) == NDL_CTX_SEGCS, "CONTEXT");
NDL_STATIC_ASSERT(offsetof(CONTEXT, SegSs) == NDL_CTX_SEGSS, "CONTEXT");
NDL_STATIC_ASSERT(offsetof(CONTEXT, EFlags) == NDL_CTX_EFLAGS, "CONTEXT");
NDL_STATIC_ASSERT(offsetof(CONTEXT, Rax) == NDL_CTX_RAX, "CONTEXT");
NDL_STATIC_ASSERT(offsetof(CONTEXT, Rsp) == NDL_CTX_RSP, "CONTEXT");
NDL_STATIC_ASSERT(offsetof(CONTEXT, Rip) == NDL_CTX_RIP, "CONTEXT");
NDL_STATIC_ASSERT(offsetof(CONTEXT, Xmm) == NDL_CTX_XMM0, "CONTEXT");
NDL_STATIC_ASSERT(offsetof(CONTEXT, VectorRegister) == 0x300, "CONTEXT");
NDL_STATIC_ASSERT(offsetof(DISPATCHER_CONTEXT, ScopeIndex) == 0x48,
		  "x64 DISPATCHER_CONTEXT");
NDL_STATIC_ASSERT(sizeof(EXCEPTION_RECORD) == 0x98, "x64 EXCEPTION_RECORD");
#endif

/* What the entry stubs (nt_seh_asm.c) ask ndl_seh_entry to do. */
enum ndl_seh_kind {
	NDL_SEH_RAISE_RECORD,	/* RtlRaiseException(rcx = record) */
	NDL_SEH_RAISE_STATUS,	/* ExRaiseStatus(ecx = status) */
	NDL_SEH_RAISE_AV,	/* ExRaiseAccessViolation() */
	NDL_SEH_RAISE_MISALIGN,	/* ExRaiseDatatypeMisalignment() */
	NDL_SEH_PROBE_READ,	/* ProbeForRead(rcx, rdx, r8d) */
	NDL_SEH_PROBE_WRITE,	/* ProbeForWrite(rcx, rdx, r8d) */
	NDL_SEH_UNWIND,		/* RtlUnwindEx(rcx, rdx, r8, r9, [5], [6]) */
	NDL_SEH_UNWIND_OLD,	/* RtlUnwind(rcx, rdx, r8, r9) */
};

/*
 * Called by the stubs with the caller's context captured (ctx->Rip = the
 * return address, ctx->Rsp as after the return). Returns 0 for a plain
 * return to the caller, 1 to resume at *ctx (restored whole).
 */
int NTAPI ndl_seh_entry(CONTEXT *ctx, u32 kind);

#ifdef __SANITIZE_ADDRESS__
/* The sanitizer's entry points (KASAN, or ASan in user space). */
void __asan_handle_no_return(void);
void __asan_allocas_unpoison(void *top, long bottom);	/* gcc's prototype */
#endif

/*
 * Resume at *ctx: every integer, XMM register, MXCSR, flags (not IF).
 * Never returns; not declared __noreturn because objtool cannot see that
 * in another object: callers follow it with __builtin_trap().
 */
void NTAPI ndl_seh_restore(const CONTEXT *ctx);

/* nt_unwind.c */
RUNTIME_FUNCTION *NTAPI ndlw_RtlLookupFunctionEntry(ULONG64 pc, ULONG64 *base,
						    void *history);
PEXCEPTION_ROUTINE NTAPI ndlw_RtlVirtualUnwind(ULONG type, ULONG64 base,
					       ULONG64 pc, RUNTIME_FUNCTION *fe,
					       CONTEXT *ctx, void **data,
					       ULONG64 *frame,
					       KNONVOLATILE_CONTEXT_POINTERS *ptrs);
/*
 * One step of a walk over driver frames: ctx (at a driver pc) becomes its
 * caller's context. Fills fe and base (fe NULL for a leaf), returns the
 * handler of the requested type or NULL. false when ctx's pc lies outside
 * every loaded image (the runtime boundary) or the unwind data is bad.
 */
bool ndl_unwind_step(CONTEXT *ctx, ULONG type, RUNTIME_FUNCTION **fe,
		     ULONG64 *base, PEXCEPTION_ROUTINE *handler, void **data,
		     ULONG64 *frame);

/* nt_seh_asm.c */
void NTAPI ndlw_RtlCaptureContext(CONTEXT *ctx);

#endif
