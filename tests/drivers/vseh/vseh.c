// SPDX-License-Identifier: GPL-2.0-only
/*
 * vseh: structured exception handling as an MSVC-built driver uses it
 * (MSVC build flavour only: mingw-w64 has no __try). DriverEntry runs each
 * check below and returns VSEH_FAILED(n) naming the first that failed;
 * with all passing it registers a virtual NDIS 5.1 miniport
 * (root\ndl_vseh) whose adapter never starts. A service name containing
 * "unhandled" raises with no handler instead: the system must bug-check.
 *
 * Checks: __except around ExRaiseStatus with the code in the handler;
 * filters returning EXCEPTION_CONTINUE_SEARCH (an outer handler takes it),
 * EXCEPTION_CONTINUE_EXECUTION (RtlRaiseException resumes) and
 * EXCEPTION_EXECUTE_HANDLER; __finally on normal exit and on unwind, in
 * order; exceptions raised through frames with and without a frame
 * pointer, whose nonvolatile registers (integer and XMM) must come back;
 * ProbeForRead/ProbeForWrite; continuing a non-continuable exception;
 * RtlCaptureContext and RtlLookupFunctionEntry/RtlVirtualUnwind; the /GS
 * cookie and /guard:cf check pointer of the load-config directory this
 * file defines (as the WDK's libraries do); the inline IRQL intrinsics
 * (mov to/from cr8) against the system's IRQL.
 */
#include "ndd.h"

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath);

#define VSEH_FAILED(n)		((NTSTATUS)(0xE05E0000u | (n)))
#define VSEH_STATUS		((NTSTATUS)0xE05E1234u)
#define STATUS_DATATYPE_MISALIGNMENT_ ((NTSTATUS)0x80000002L)
#define NOINLINE		__declspec(noinline)

/* Windows' x64 CONTEXT and unwind entry points (no mingw declaration). */
typedef struct DECLSPEC_ALIGN(16) _VSEH_CONTEXT {
	ULONG64 Home[6];
	ULONG ContextFlags, MxCsr;
	USHORT Seg[6];
	ULONG EFlags;
	ULONG64 Dr[6];
	ULONG64 Rax, Rcx, Rdx, Rbx, Rsp, Rbp, Rsi, Rdi;
	ULONG64 R8, R9, R10, R11, R12, R13, R14, R15, Rip;
	UCHAR Rest[0x4d0 - 0x100];
} VSEH_CONTEXT;

typedef struct _VSEH_RUNTIME_FUNCTION {
	ULONG BeginAddress, EndAddress, UnwindData;
} VSEH_RUNTIME_FUNCTION;

NTSYSAPI VOID NTAPI RtlCaptureContext(VSEH_CONTEXT *Context);
NTSYSAPI VOID NTAPI RtlRaiseException(PEXCEPTION_RECORD Record);
NTSYSAPI VSEH_RUNTIME_FUNCTION *NTAPI RtlLookupFunctionEntry(ULONG64 Pc,
	PULONG64 ImageBase, PVOID History);
NTSYSAPI PVOID NTAPI RtlVirtualUnwind(ULONG Type, ULONG64 ImageBase,
	ULONG64 Pc, VSEH_RUNTIME_FUNCTION *Entry, VSEH_CONTEXT *Context,
	PVOID *HandlerData, PULONG64 EstablisherFrame, PVOID Pointers);

/* ---- /GS cookie and /guard:cf, as the WDK's libraries define them ---- */

ULONG64 __security_cookie = 0x00002B992DDFA232ull;
ULONG64 __security_cookie_complement = ~0x00002B992DDFA232ull;

static VOID VsehGuardNop(ULONG_PTR Target)
{
	UNREFERENCED_PARAMETER(Target);
}

VOID (*__guard_check_icall_fptr)(ULONG_PTR) = VsehGuardNop;
VOID (*__guard_dispatch_icall_fptr)(void) = NULL;

/* IMAGE_LOAD_CONFIG_DIRECTORY64 up to GuardFlags (0x94 bytes). */
typedef struct _VSEH_LOAD_CONFIG {
	ULONG Size, TimeDateStamp;
	USHORT MajorVersion, MinorVersion;
	ULONG GlobalFlagsClear, GlobalFlagsSet, CriticalSectionDefaultTimeout;
	ULONG64 DeCommitFreeBlockThreshold, DeCommitTotalFreeThreshold;
	ULONG64 LockPrefixTable, MaximumAllocationSize, VirtualMemoryThreshold;
	ULONG64 ProcessAffinityMask;
	ULONG ProcessHeapFlags;
	USHORT CSDVersion, DependentLoadFlags;
	ULONG64 EditList, SecurityCookie, SEHandlerTable, SEHandlerCount;
	ULONG64 GuardCFCheckFunctionPointer, GuardCFDispatchFunctionPointer;
	ULONG64 GuardCFFunctionTable, GuardCFFunctionCount;
	ULONG GuardFlags;
} VSEH_LOAD_CONFIG;

const VSEH_LOAD_CONFIG _load_config_used = {
	.Size = sizeof(VSEH_LOAD_CONFIG),
	.SecurityCookie = (ULONG64)&__security_cookie,
	.GuardCFCheckFunctionPointer = (ULONG64)&__guard_check_icall_fptr,
	.GuardCFDispatchFunctionPointer = (ULONG64)&__guard_dispatch_icall_fptr,
};

/* ---- helpers ---- */

static volatile LONG Trace[16];
static volatile LONG TraceLen;

static VOID Note(LONG What)
{
	if (TraceLen < 16)
		Trace[TraceLen++] = What;
}

static BOOLEAN TraceIs(const LONG *Want, LONG N)
{
	LONG i;

	if (TraceLen != N)
		return FALSE;
	for (i = 0; i < N; i++)
		if (Trace[i] != Want[i])
			return FALSE;
	return TRUE;
}

/* Raises with every nonvolatile register (integer and XMM) clobbered. */
static NOINLINE VOID RaiseClobbered(NTSTATUS Status)
{
	__asm__ volatile("movq $-1, %%rbx; movq $-1, %%rsi; movq $-1, %%rdi;"
			 "movq $-1, %%r12; movq $-1, %%r13; movq $-1, %%r14;"
			 "movq $-1, %%r15; pcmpeqd %%xmm6, %%xmm6;"
			 "pcmpeqd %%xmm7, %%xmm7; pcmpeqd %%xmm15, %%xmm15"
			 ::: "rbx", "rsi", "rdi", "r12", "r13", "r14", "r15",
			 "xmm6", "xmm7", "xmm15", "memory");
	ExRaiseStatus(Status);
}

/* A frame with a frame pointer (variable-size stack allocation). */
static NOINLINE ULONG64 WithFramePointer(ULONG Size, NTSTATUS Status)
{
	volatile UCHAR *Buf = __builtin_alloca(Size);

	Buf[0] = 1;
	RaiseClobbered(Status);
	return Buf[0];
}

/* A frame without one, with a large fixed allocation (UWOP_ALLOC_LARGE). */
static NOINLINE ULONG64 WithoutFramePointer(NTSTATUS Status)
{
	volatile UCHAR Buf[600];

	Buf[0] = 2;
	RaiseClobbered(Status);
	return Buf[0];
}

/* ---- the checks ---- */

static NOINLINE BOOLEAN CheckExceptCode(VOID)
{
	NTSTATUS Code = 0;

	__try {
		ExRaiseStatus(VSEH_STATUS);
		return FALSE;
	} __except (EXCEPTION_EXECUTE_HANDLER) {
		Code = (NTSTATUS)_exception_code();
	}
	return Code == VSEH_STATUS;
}

static LONG FilterSearch(ULONG Code)
{
	Note(10);
	return Code == (ULONG)VSEH_STATUS ? EXCEPTION_CONTINUE_SEARCH :
	       EXCEPTION_EXECUTE_HANDLER;
}

static NOINLINE VOID InnerSearch(VOID)
{
	__try {
		__try {
			Note(1);
			ExRaiseStatus(VSEH_STATUS);
			Note(99);
		} __finally {
			Note(_abnormal_termination() ? 2 : 98);
		}
	} __except (FilterSearch(_exception_code())) {
		Note(97);
	}
}

/* Filters run outwards, then __finally blocks inwards-out, then __except. */
static NOINLINE BOOLEAN CheckSearchAndFinally(VOID)
{
	static const LONG Want[] = { 1, 10, 20, 2, 3, 4 };

	TraceLen = 0;
	__try {
		__try {
			InnerSearch();
		} __finally {
			Note(3);
		}
	} __except (Note(20), EXCEPTION_EXECUTE_HANDLER) {
		Note(4);
	}
	return TraceIs(Want, 6);
}

static NOINLINE BOOLEAN CheckFinallyNormal(VOID)
{
	BOOLEAN Abnormal = TRUE;

	__try {
		Note(0);
	} __finally {
		Abnormal = (BOOLEAN)_abnormal_termination();
	}
	return !Abnormal;
}

static LONG FilterContinue(PEXCEPTION_POINTERS Ep)
{
	if (Ep->ExceptionRecord->ExceptionCode != VSEH_STATUS ||
	    Ep->ExceptionRecord->NumberParameters != 1 ||
	    Ep->ExceptionRecord->ExceptionInformation[0] != 42)
		return EXCEPTION_EXECUTE_HANDLER;
	return EXCEPTION_CONTINUE_EXECUTION;
}

static NOINLINE BOOLEAN CheckContinueExecution(VOID)
{
	EXCEPTION_RECORD Rec = { 0 };
	volatile LONG After = 0;

	Rec.ExceptionCode = VSEH_STATUS;
	Rec.NumberParameters = 1;
	Rec.ExceptionInformation[0] = 42;
	__try {
		RtlRaiseException(&Rec);
		After = 1;
	} __except (FilterContinue(_exception_info())) {
		After = 2;
	}
	return After == 1;
}

static LONG FilterContinueAlways(VOID)
{
	return EXCEPTION_CONTINUE_EXECUTION;
}

/* ExRaiseStatus is non-continuable: continuing it is an exception. */
static NOINLINE BOOLEAN CheckNonContinuable(VOID)
{
	NTSTATUS Code = 0;

	__try {
		__try {
			ExRaiseStatus(VSEH_STATUS);
		} __except (_exception_code() == (ULONG)VSEH_STATUS ?
			    FilterContinueAlways() : EXCEPTION_CONTINUE_SEARCH) {
		}
	} __except (EXCEPTION_EXECUTE_HANDLER) {
		Code = (NTSTATUS)_exception_code();
	}
	return Code == STATUS_NONCONTINUABLE_EXCEPTION;
}

/* Values live in nonvolatile registers across the raise must survive. */
static NOINLINE BOOLEAN CheckThroughFrames(ULONG Seed, BOOLEAN FramePointer)
{
	ULONG64 A = Seed * 7ull, B = Seed * 13ull, C = Seed ^ 0x5a5a;
	double D = Seed * 0.5;
	NTSTATUS Code = 0;

	__try {
		if (FramePointer)
			WithFramePointer(Seed, VSEH_STATUS + 1);
		else
			WithoutFramePointer(VSEH_STATUS + 2);
	} __except (EXCEPTION_EXECUTE_HANDLER) {
		Code = (NTSTATUS)_exception_code();
	}
	return Code == VSEH_STATUS + (FramePointer ? 1 : 2) &&
	       A == Seed * 7ull && B == Seed * 13ull && C == (Seed ^ 0x5a5a) &&
	       D == Seed * 0.5;
}

static NOINLINE NTSTATUS Probe(PVOID Address, SIZE_T Length, ULONG Align,
			       BOOLEAN Write)
{
	__try {
		if (Write)
			ProbeForWrite(Address, Length, Align);
		else
			ProbeForRead(Address, Length, Align);
	} __except (EXCEPTION_EXECUTE_HANDLER) {
		return (NTSTATUS)_exception_code();
	}
	return STATUS_SUCCESS;
}

static NOINLINE BOOLEAN CheckProbes(VOID)
{
	static ULONG64 Buffer[4];
	PUCHAR Odd = (PUCHAR)Buffer + 1;

	return Probe(Buffer, sizeof(Buffer), 8, FALSE) == STATUS_SUCCESS &&
	       Probe(Odd, 4, 4, FALSE) == STATUS_DATATYPE_MISALIGNMENT_ &&
	       Probe(Odd, 0, 4, TRUE) == STATUS_SUCCESS &&
	       Probe((PVOID)~(ULONG_PTR)7, 64, 1, TRUE) ==
	       STATUS_ACCESS_VIOLATION &&
	       Probe(Buffer, sizeof(Buffer), 4, TRUE) == STATUS_SUCCESS;
}

/* The caller's frame, from a captured context and one virtual unwind. */
static NOINLINE ULONG64 CaptureAndUnwind(VSEH_CONTEXT *Ctx)
{
	VSEH_RUNTIME_FUNCTION *Fe;
	ULONG64 Base, Frame;
	PVOID Data;

	RtlCaptureContext(Ctx);
	Fe = RtlLookupFunctionEntry(Ctx->Rip, &Base, NULL);
	if (!Fe || !Base)
		return 0;
	RtlVirtualUnwind(0, Base, Ctx->Rip, Fe, Ctx, &Data, &Frame, NULL);
	return Ctx->Rip;
}

static NOINLINE BOOLEAN CheckCaptureAndUnwind(VOID)
{
	VSEH_CONTEXT Ctx;
	ULONG64 Rip = CaptureAndUnwind(&Ctx);

	/* Rip is a return address inside this very function. */
	return Rip > (ULONG64)CheckCaptureAndUnwind &&
	       Rip < (ULONG64)CheckCaptureAndUnwind + 0x100;
}

static BOOLEAN CheckLoadConfig(VOID)
{
	ULONG64 Cookie = __security_cookie;

	/* What GsDriverEntry checks before setting the complement. */
	if (Cookie == 0x00002B992DDFA232ull || Cookie == 0 || (Cookie >> 48) != 0)
		return FALSE;
	__security_cookie_complement = ~Cookie;
	if (__guard_check_icall_fptr == VsehGuardNop || !__guard_check_icall_fptr)
		return FALSE;
	/* A valid target passes the check without a fault. */
	__guard_check_icall_fptr((ULONG_PTR)CheckLoadConfig);
	return __guard_dispatch_icall_fptr != NULL;
}

/*
 * The IRQL as x64 drivers handle it: wdm.h inlines KeGetCurrentIrql,
 * KeRaiseIrql and KeLowerIrql as mov from/to cr8. What the inline forms
 * read and write must be the system's IRQL, the one its exported
 * KeGetCurrentIrql reports (reached as drivers that probe for routines
 * do, through MmGetSystemRoutineAddress) — not a private cr8 value.
 */
typedef KIRQL (NTAPI *VSEH_GET_IRQL)(VOID);

static NOINLINE BOOLEAN CheckInlineIrql(VOID)
{
	UNICODE_STRING Name = RTL_CONSTANT_STRING(L"KeGetCurrentIrql");
	VSEH_GET_IRQL SystemIrql;
	KIRQL Old, AtDispatch, AtHigh;

	SystemIrql = (VSEH_GET_IRQL)MmGetSystemRoutineAddress(&Name);
	if (!SystemIrql || KeGetCurrentIrql() != PASSIVE_LEVEL)
		return FALSE;
	KeRaiseIrql(DISPATCH_LEVEL, &Old);
	AtDispatch = SystemIrql();
	if (Old != PASSIVE_LEVEL || KeGetCurrentIrql() != DISPATCH_LEVEL) {
		KeLowerIrql(PASSIVE_LEVEL);
		return FALSE;
	}
	KeRaiseIrql(HIGH_LEVEL, &Old);
	AtHigh = SystemIrql();
	KeLowerIrql(Old);
	KeLowerIrql(PASSIVE_LEVEL);
	return AtDispatch == DISPATCH_LEVEL && AtHigh == HIGH_LEVEL &&
	       Old == DISPATCH_LEVEL && SystemIrql() == PASSIVE_LEVEL &&
	       KeGetCurrentIrql() == PASSIVE_LEVEL;
}

/* ---- the miniport that stays unbound ---- */

static NDIS_STATUS VsehInitialize(PNDIS_STATUS OpenError, PUINT Medium,
				  PNDIS_MEDIUM Media, UINT Count,
				  NDIS_HANDLE Handle, NDIS_HANDLE Config)
{
	return NDIS_STATUS_FAILURE;
}

static VOID VsehHalt(NDIS_HANDLE Context)
{
}

static NDIS_STATUS VsehReset(PBOOLEAN AddressingReset, NDIS_HANDLE Context)
{
	return NDIS_STATUS_FAILURE;
}

static NDIS_STATUS VsehRequest(NDIS_HANDLE Context, NDIS_OID Oid, PVOID Buf,
			       ULONG Len, PULONG Done, PULONG Needed)
{
	return NDIS_STATUS_NOT_SUPPORTED;
}

static VOID VsehSendPackets(NDIS_HANDLE Context, PPNDIS_PACKET Packets,
			    UINT Count)
{
}

static BOOLEAN ServiceNameHas(PUNICODE_STRING Path, PCWSTR Word)
{
	USHORT n = Path->Length / sizeof(WCHAR), w = 0, i, j;

	while (Word[w])
		w++;
	for (i = 0; i + w <= n; i++) {
		for (j = 0; j < w && Path->Buffer[i + j] == Word[j]; j++)
			;
		if (j == w)
			return TRUE;
	}
	return FALSE;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
	NDIS_MINIPORT_CHARACTERISTICS Chars = {
		.InitializeHandler = VsehInitialize,
		.HaltHandler = VsehHalt,
		.ResetHandler = VsehReset,
		.QueryInformationHandler = VsehRequest,
		.SetInformationHandler = VsehRequest,
		.SendPacketsHandler = VsehSendPackets,
	};

	if (ServiceNameHas(RegistryPath, L"unhandled"))
		ExRaiseStatus(VSEH_STATUS);
	if (!CheckExceptCode())
		return VSEH_FAILED(1);
	if (!CheckSearchAndFinally())
		return VSEH_FAILED(2);
	if (!CheckFinallyNormal())
		return VSEH_FAILED(3);
	if (!CheckContinueExecution())
		return VSEH_FAILED(4);
	if (!CheckNonContinuable())
		return VSEH_FAILED(5);
	if (!CheckThroughFrames(1000, TRUE))
		return VSEH_FAILED(6);
	if (!CheckThroughFrames(2000, FALSE))
		return VSEH_FAILED(7);
	if (!CheckProbes())
		return VSEH_FAILED(8);
	if (!CheckCaptureAndUnwind())
		return VSEH_FAILED(9);
	if (!CheckLoadConfig())
		return VSEH_FAILED(10);
	if (!CheckInlineIrql())
		return VSEH_FAILED(11);
	return NddRegisterMiniport(DriverObject, RegistryPath, &Chars, NULL);
}
