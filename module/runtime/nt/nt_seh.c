// SPDX-License-Identifier: GPL-2.0-only
/*
 * Structured exception handling through the driver's own unwind data:
 * the exception dispatcher behind RtlRaiseException / ExRaiseStatus /
 * ExRaiseAccessViolation / ProbeForRead / ProbeForWrite, RtlUnwindEx and
 * RtlUnwind, and __C_specific_handler (the language handler of MSVC's
 * __try/__except/__finally).
 *
 * Every raise enters through a stub in nt_seh_asm.c that captures the
 * caller's context (the innermost driver frame) into a struct seh_frames
 * on the stack, then calls ndl_seh_entry. The dispatch walks driver
 * frames outwards with ndl_unwind_step (nt_unwind.c): each frame whose
 * function has an exception handler gets it called; a filter's
 * EXCEPTION_EXECUTE_HANDLER makes __C_specific_handler unwind to the
 * __except block (its __finally blocks and those of every frame in
 * between run on the way) and resume there with the exception code in
 * RAX; EXCEPTION_CONTINUE_EXECUTION resumes at the raise (a
 * non-continuable exception becomes STATUS_NONCONTINUABLE_EXCEPTION).
 *
 * The walk stops at the runtime boundary: the first return address that
 * lies in no loaded image, i.e. the runtime (or Linux) code that called
 * into the driver (NDL_CALL_DRIVER, on the driver stack of
 * module/linux/stack.c). Runtime frames have no Windows unwind data, so an
 * exception no driver frame below the boundary handles is unhandled: the
 * KMODE_EXCEPTION_NOT_HANDLED bug check. The runtime frames between the
 * raise and a handler (dispatcher, handler calls) are abandoned by the
 * final context restore; they hold no lock and call driver code without
 * NDL_CALL_DRIVER brackets, since all of it runs inside the bracket of the
 * driver call that raised.
 */
#include "nt/nt_seh.h"
#include "nt/nt_status.h"
#include "pe/pe.h"

#define KMODE_EXCEPTION_NOT_HANDLED	0x1e
#define STATUS_DATATYPE_MISALIGNMENT	((NTSTATUS)0x80000002)
#define STATUS_UNWIND			((NTSTATUS)0xC0000027)
#define STATUS_INVALID_UNWIND_TARGET	((NTSTATUS)0xC0000029)
#define EXCEPTION_EXECUTE_HANDLER	1
#define SEH_MAGIC			0x4e444c5345484652ull	/* NDLSEHFR */
#define SEH_FRAMES_MAX			1024

/*
 * Built by the entry stub on the stack (nt_seh_asm.c sizes it): the
 * context at the raise, and room for the dispatch and unwind walks. A
 * DISPATCHER_CONTEXT's HistoryTable points here, so that an unwind asked
 * for by a handler starts from the raise.
 */
struct seh_frames {
	u64 magic;
	u64 pad;
	CONTEXT ctx;		/* the caller of the stub */
	CONTEXT walk;
	CONTEXT prev;
};

NDL_STATIC_ASSERT(sizeof(struct seh_frames) == NDL_SEH_FRAMES_SIZE,
		  "nt_seh_asm.c reserves exactly this");
NDL_STATIC_ASSERT(offsetof(struct seh_frames, ctx) == NDL_SEH_FRAMES_CTX,
		  "nt_seh_asm.c passes this");

struct scope_record {
	ULONG BeginAddress, EndAddress, HandlerAddress, JumpTarget;
};

typedef struct _EXCEPTION_POINTERS {
	EXCEPTION_RECORD *ExceptionRecord;
	CONTEXT *ContextRecord;
} EXCEPTION_POINTERS;

typedef NTAPI_PTR LONG (*filter_fn)(EXCEPTION_POINTERS *ep, void *frame);
typedef NTAPI_PTR void (*termination_fn)(BOOLEAN abnormal, void *frame);

static __noreturn void unhandled(const EXCEPTION_RECORD *rec, const char *why)
{
	ndl_err("driver exception 0x%08x at %p not handled: %s",
		(u32)rec->ExceptionCode, rec->ExceptionAddress, why);
	ndl_os_bugcheck(KMODE_EXCEPTION_NOT_HANDLED, (u32)rec->ExceptionCode,
			(u64)(uintptr_t)rec->ExceptionAddress,
			rec->NumberParameters > 0 ? rec->ExceptionInformation[0] : 0,
			rec->NumberParameters > 1 ? rec->ExceptionInformation[1] : 0);
}

/*
 * Is h (a HistoryTable) the seh_frames of a dispatch further out on this
 * stack than here? Checked by position before its magic is read.
 */
static struct seh_frames *frames_of(void *h, const void *here)
{
	struct seh_frames *o = h;

	if (!o || (uintptr_t)o <= (uintptr_t)here ||
	    (uintptr_t)o - (uintptr_t)here > 64 * 1024 || o->magic != SEH_MAGIC)
		return NULL;
	return o;
}

static __noreturn void resume(const CONTEXT *ctx)
{
#ifdef __SANITIZE_ADDRESS__
	/*
	 * The runtime frames left behind are never returned to, so their
	 * redzones would stay poisoned under the frames the driver builds
	 * next (KASAN's __asan_handle_no_return does nothing, and knows only
	 * the task stack anyway): everything below the resumed frame is dead.
	 */
	uintptr_t low, high;

	ndl_os_stack_limits(&low, &high);
	if (low < ctx->Rsp && ctx->Rsp <= high)
		__asan_allocas_unpoison((void *)low, (long)ctx->Rsp);
	__asan_handle_no_return();
#endif
	ndl_seh_restore(ctx);
	__builtin_trap();
}

/*
 * Unwind from *start to the frame target_frame (0: every frame, which can
 * only end in a bug check here), running each frame's termination
 * handlers, then resume in the target function at target_ip with RAX =
 * retval. f provides the scratch contexts.
 */
static __noreturn void unwind_to(struct seh_frames *f, const CONTEXT *start,
				 u64 target_frame, u64 target_ip,
				 EXCEPTION_RECORD *rec, u64 retval)
{
	EXCEPTION_RECORD local = { .ExceptionCode = STATUS_UNWIND };
	unsigned int n;

	if (!rec) {
		local.ExceptionAddress = (void *)(uintptr_t)start->Rip;
		rec = &local;
	}
	if (start != &f->walk)
		ndl_memcpy(&f->walk, start, sizeof(f->walk));
	rec->ExceptionFlags |= EXCEPTION_UNWINDING;
	if (!target_frame)
		rec->ExceptionFlags |= EXCEPTION_EXIT_UNWIND;
	for (n = 0; n < SEH_FRAMES_MAX; n++) {
		DISPATCHER_CONTEXT dc = { 0 };
		PEXCEPTION_ROUTINE handler;
		RUNTIME_FUNCTION *fe;
		ULONG64 base, frame;
		void *data;

		ndl_memcpy(&f->prev, &f->walk, sizeof(f->prev));
		if (!ndl_unwind_step(&f->walk, UNW_FLAG_UHANDLER, &fe, &base,
				     &handler, &data, &frame))
			break;
		if (target_frame && frame > target_frame)
			break;			/* passed it: not on this stack */
		if (frame == target_frame)
			rec->ExceptionFlags |= EXCEPTION_TARGET_UNWIND;
		if (handler) {
			EXCEPTION_DISPOSITION disp;

			dc.ControlPc = f->prev.Rip;
			dc.ImageBase = base;
			dc.FunctionEntry = fe;
			dc.EstablisherFrame = frame;
			dc.TargetIp = target_ip;
			dc.ContextRecord = &f->prev;
			dc.LanguageHandler = handler;
			dc.HandlerData = data;
			dc.HistoryTable = f;
			disp = handler(rec, (void *)(uintptr_t)frame, &f->prev, &dc);
			if (disp != ExceptionContinueSearch)
				unhandled(rec, "a termination handler returned a disposition other than continue-search");
		}
		if (frame == target_frame) {
			f->prev.Rip = target_ip;
			f->prev.Rax = retval;
			resume(&f->prev);
		}
	}
	rec->ExceptionCode = target_frame ? STATUS_INVALID_UNWIND_TARGET :
			     rec->ExceptionCode;
	unhandled(rec, target_frame ?
		  "the target frame is not among the driver frames" :
		  "an exit unwind reached the runtime boundary");
}

/*
 * The dispatch phase. true: a handler asked to continue execution at
 * f->ctx (which it may have changed).
 */
static bool dispatch(struct seh_frames *f, EXCEPTION_RECORD *rec)
{
	unsigned int n;

	ndl_memcpy(&f->walk, &f->ctx, sizeof(f->walk));
	for (n = 0; n < SEH_FRAMES_MAX; n++) {
		DISPATCHER_CONTEXT dc = { 0 };
		EXCEPTION_DISPOSITION disp;
		PEXCEPTION_ROUTINE handler;
		RUNTIME_FUNCTION *fe;
		ULONG64 base, frame, pc = f->walk.Rip;
		void *data;

		if (!ndl_unwind_step(&f->walk, UNW_FLAG_EHANDLER, &fe, &base,
				     &handler, &data, &frame))
			return false;
		if (!handler)
			continue;
		dc.ControlPc = pc;
		dc.ImageBase = base;
		dc.FunctionEntry = fe;
		dc.EstablisherFrame = frame;
		dc.ContextRecord = &f->walk;
		dc.LanguageHandler = handler;
		dc.HandlerData = data;
		dc.HistoryTable = f;
		disp = handler(rec, (void *)(uintptr_t)frame, &f->ctx, &dc);
		if (disp == ExceptionContinueSearch)
			continue;
		if (disp != ExceptionContinueExecution)
			unhandled(rec, "a handler returned an invalid disposition");
		if (!(rec->ExceptionFlags & EXCEPTION_NONCONTINUABLE))
			return true;
		/* Continuing a non-continuable exception is itself one. */
		if (rec->ExceptionCode == STATUS_NONCONTINUABLE_EXCEPTION)
			unhandled(rec, "a handler continued a non-continuable exception");
		{
			EXCEPTION_RECORD nested = {
				.ExceptionCode = STATUS_NONCONTINUABLE_EXCEPTION,
				.ExceptionFlags = EXCEPTION_NONCONTINUABLE,
				.ExceptionRecord = rec,
				.ExceptionAddress = rec->ExceptionAddress,
			};

			if (dispatch(f, &nested))
				return true;
			unhandled(&nested, "no driver frame handled it");
		}
	}
	return false;
}

static int raise_exception(struct seh_frames *f, EXCEPTION_RECORD *rec)
{
	if (dispatch(f, rec))
		return 1;
	unhandled(rec, "no driver frame below the runtime boundary handled it");
}

static int raise_status(struct seh_frames *f, NTSTATUS status)
{
	EXCEPTION_RECORD rec = {
		.ExceptionCode = status,
		.ExceptionFlags = EXCEPTION_NONCONTINUABLE,
		.ExceptionAddress = (void *)(uintptr_t)f->ctx.Rip,
	};

	return raise_exception(f, &rec);
}

/*
 * ProbeForRead/ProbeForWrite: a zero length passes; a misaligned start
 * raises STATUS_DATATYPE_MISALIGNMENT; a range that wraps around the
 * address space raises STATUS_ACCESS_VIOLATION. There is no user mode
 * here, so any other range counts as addressable (the buffers drivers get
 * are the runtime's kernel copies).
 */
static int probe(struct seh_frames *f)
{
	u64 addr = f->ctx.Rcx, len = f->ctx.Rdx;
	u32 align = (u32)f->ctx.R8;

	if (!len)
		return 0;
	if (align && (addr & (align - 1)))
		return raise_status(f, STATUS_DATATYPE_MISALIGNMENT);
	if (addr + len < addr)
		return raise_status(f, STATUS_ACCESS_VIOLATION);
	return 0;
}

/* RtlUnwindEx/RtlUnwind called by driver code. */
static int unwind_call(struct seh_frames *f, bool ex)
{
	const u64 *args = (const u64 *)(uintptr_t)f->ctx.Rsp;
	struct seh_frames *outer = NULL;

	/* A handler passes its DISPATCHER_CONTEXT's HistoryTable through. */
	if (ex)
		outer = frames_of((void *)(uintptr_t)args[5], f);
	unwind_to(f, outer ? &outer->ctx : &f->ctx, f->ctx.Rcx, f->ctx.Rdx,
		  (EXCEPTION_RECORD *)(uintptr_t)f->ctx.R8, f->ctx.R9);
}

int NTAPI ndl_seh_entry(CONTEXT *ctx, u32 kind)
{
	struct seh_frames *f = NDL_CONTAINER_OF(ctx, struct seh_frames, ctx);
	EXCEPTION_RECORD *rec;

	f->magic = SEH_MAGIC;
	switch (kind) {
	case NDL_SEH_RAISE_RECORD:
		rec = (EXCEPTION_RECORD *)(uintptr_t)ctx->Rcx;
		rec->ExceptionAddress = (void *)(uintptr_t)ctx->Rip;
		return raise_exception(f, rec);
	case NDL_SEH_RAISE_STATUS:
		return raise_status(f, (NTSTATUS)ctx->Rcx);
	case NDL_SEH_RAISE_AV:
		return raise_status(f, STATUS_ACCESS_VIOLATION);
	case NDL_SEH_RAISE_MISALIGN:
		return raise_status(f, STATUS_DATATYPE_MISALIGNMENT);
	case NDL_SEH_PROBE_READ:
	case NDL_SEH_PROBE_WRITE:
		return probe(f);
	case NDL_SEH_UNWIND:
		return unwind_call(f, true);
	case NDL_SEH_UNWIND_OLD:
		return unwind_call(f, false);
	}
	return 0;
}

/* MSVC's scope table for __try/__except/__finally (language data). */
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
		if (!(rec->ExceptionFlags & EXCEPTION_UNWIND)) {
			EXCEPTION_POINTERS ep = { rec, ctx };
			struct seh_frames *f;
			LONG verdict;

			if (!s->JumpTarget)		/* __finally: not now */
				continue;
			if (s->HandlerAddress == EXCEPTION_EXECUTE_HANDLER)
				verdict = EXCEPTION_EXECUTE_HANDLER;
			else
				verdict = ((filter_fn)(uintptr_t)(dc->ImageBase +
					   s->HandlerAddress))(&ep, frame);
			if (verdict < 0)
				return ExceptionContinueExecution;
			if (verdict == 0)
				continue;
			/* __except: unwind to it, the code in RAX. */
			f = frames_of(dc->HistoryTable, &ep);
			if (!f)
				unhandled(rec, "__except outside an ndisload dispatch");
			unwind_to(f, &f->ctx, (u64)(uintptr_t)frame,
				  dc->ImageBase + s->JumpTarget, rec,
				  (u64)(s64)rec->ExceptionCode);
		}
		/* Unwind: run __finally blocks up to the target's own scope. */
		if ((rec->ExceptionFlags & EXCEPTION_TARGET_UNWIND) &&
		    dc->TargetIp - dc->ImageBase >= s->BeginAddress &&
		    dc->TargetIp - dc->ImageBase < s->EndAddress)
			break;
		if (s->JumpTarget)
			continue;
		dc->ScopeIndex = i + 1;
		((termination_fn)(uintptr_t)(dc->ImageBase +
		  s->HandlerAddress))(TRUE, frame);
	}
	return ExceptionContinueSearch;
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
