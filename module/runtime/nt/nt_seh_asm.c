// SPDX-License-Identifier: GPL-2.0-only
/*
 * The machine-level half of structured exception handling (x86_64 only):
 * RtlCaptureContext, the entry stubs of every export that raises or
 * unwinds, the restore of a CONTEXT, and the /guard:cf routines the
 * loader puts in load-config directories.
 *
 * An exception's context is the one of the driver code that called the
 * raising export, exactly as at its call: so those exports are stubs that
 * capture every register before any C code can change one, into a
 * struct seh_frames (nt_seh.c) in their own frame, and call
 * ndl_seh_entry(ctx, kind). A zero return is a plain return (a probe that
 * passed); otherwise the (possibly modified) context is resumed.
 *
 * ndl_seh_restore resumes a context: it stores RAX, EFLAGS, RCX and RIP in
 * the four slots just below the target RSP (dead stack under Windows' x64
 * ABI, which has no red zone), loads every other register, moves RSP to
 * the lowest slot in one instruction and pops the four. Until that move an
 * interrupt lands on the old, deeper stack; after it, below the slots. (It
 * used to load the target RSP and then subtract: an interrupt between the
 * two pushed its frame over the slots, so the driver resumed with the
 * interrupt frame's words as its EFLAGS and RCX: interrupts off behind the
 * kernel's back, seen by lockdep in the debug lane's seh_msvc.) The stub's
 * frame keeps its seh_frames at least 32 bytes (its gap and the return
 * address) below its caller's stack pointer, so no context being read is
 * overwritten. Only the arithmetic flags and DF come from the context: IF,
 * AC, TF and IOPL stay as they are.
 */
#include "nt/nt_seh.h"

#if defined(__x86_64__)

#define S_(x) #x
#define S(x) S_(x)

/* Return from a stub (also the jump of ndl_seh_restore). */
#if defined(__KERNEL__) && (defined(CONFIG_RETHUNK) || \
			    defined(CONFIG_MITIGATION_RETHUNK))
#define NDL_ASM_RET "jmp __x86_return_thunk\n"
#else
#define NDL_ASM_RET "ret\n"
#endif

/*
 * ndl_seh_restore's final return switches stacks on purpose: objtool's
 * frame checks (kernel builds) are told so, as STACK_FRAME_NON_STANDARD
 * does for C functions.
 */
#ifdef __KERNEL__
#define NDL_ASM_NONSTANDARD(fn)						\
	".pushsection .discard.func_stack_frame_non_standard, \"aw\"\n"	\
	".quad " #fn "\n"						\
	".popsection\n"
#else
#define NDL_ASM_NONSTANDARD(fn)
#endif

/* The /guard:cf dispatch: an indirect jump to RAX. */
#if defined(__KERNEL__) && (defined(CONFIG_RETPOLINE) || \
			    defined(CONFIG_MITIGATION_RETPOLINE))
#define NDL_ASM_JMP_RAX "jmp __x86_indirect_thunk_rax\n"
#else
#define NDL_ASM_JMP_RAX "jmp *%rax\n"
#endif

/*
 * Stub frame: 0x20 shadow space, 0x10 pad, seh_frames, >= 24 bytes gap
 * (with the return address: room for ndl_seh_restore's four slots).
 */
#define STUB_FRAMES	0x30
#define STUB_CTX	(STUB_FRAMES + NDL_SEH_FRAMES_CTX)
#define STUB_SIZE	0xec8
NDL_STATIC_ASSERT(STUB_FRAMES + NDL_SEH_FRAMES_SIZE + 24 <= STUB_SIZE &&
		  STUB_SIZE % 16 == 8, "stub frame layout");

#define GPR(n)		S(NDL_CTX_RAX + 8 * (n))
#define XMM(n)		S(NDL_CTX_XMM0 + 16 * (n))

/* Store every register but RSP/RIP/EFLAGS into the CONTEXT at %rcx+B. */
#define SAVE_REGS(B)							\
	"movq %rax, " B "+" GPR(0) "(%rcx)\n"				\
	"movq %rdx, " B "+" GPR(2) "(%rcx)\n"				\
	"movq %rbx, " B "+" GPR(3) "(%rcx)\n"				\
	"movq %rbp, " B "+" GPR(5) "(%rcx)\n"				\
	"movq %rsi, " B "+" GPR(6) "(%rcx)\n"				\
	"movq %rdi, " B "+" GPR(7) "(%rcx)\n"				\
	"movq %r8, " B "+" GPR(8) "(%rcx)\n"				\
	"movq %r9, " B "+" GPR(9) "(%rcx)\n"				\
	"movq %r10, " B "+" GPR(10) "(%rcx)\n"				\
	"movq %r11, " B "+" GPR(11) "(%rcx)\n"				\
	"movq %r12, " B "+" GPR(12) "(%rcx)\n"				\
	"movq %r13, " B "+" GPR(13) "(%rcx)\n"				\
	"movq %r14, " B "+" GPR(14) "(%rcx)\n"				\
	"movq %r15, " B "+" GPR(15) "(%rcx)\n"				\
	"stmxcsr " B "+" S(NDL_CTX_MXCSR) "(%rcx)\n"			\
	"stmxcsr " B "+" S(NDL_CTX_FLT_MXCSR) "(%rcx)\n"		\
	"movw %cs, " B "+" S(NDL_CTX_SEGCS) "(%rcx)\n"			\
	"movw %ds, " B "+" S(NDL_CTX_SEGCS) "+2(%rcx)\n"		\
	"movw %es, " B "+" S(NDL_CTX_SEGCS) "+4(%rcx)\n"		\
	"movw %fs, " B "+" S(NDL_CTX_SEGCS) "+6(%rcx)\n"		\
	"movw %gs, " B "+" S(NDL_CTX_SEGCS) "+8(%rcx)\n"		\
	"movw %ss, " B "+" S(NDL_CTX_SEGSS) "(%rcx)\n"			\
	"movl $" S(CONTEXT_FULL | CONTEXT_SEGMENTS) ", " B "+"		\
		S(NDL_CTX_FLAGS) "(%rcx)\n"				\
	SAVE_XMM(B, 0) SAVE_XMM(B, 1) SAVE_XMM(B, 2) SAVE_XMM(B, 3)	\
	SAVE_XMM(B, 4) SAVE_XMM(B, 5) SAVE_XMM(B, 6) SAVE_XMM(B, 7)	\
	SAVE_XMM(B, 8) SAVE_XMM(B, 9) SAVE_XMM(B, 10) SAVE_XMM(B, 11)	\
	SAVE_XMM(B, 12) SAVE_XMM(B, 13) SAVE_XMM(B, 14) SAVE_XMM(B, 15)
#define SAVE_XMM(B, n)	"movups %xmm" #n ", " B "+" XMM(n) "(%rcx)\n"
#define LOAD_XMM(n)	"movups " XMM(n) "(%rcx), %xmm" #n "\n"

/* An export that enters ndl_seh_entry with kind k. */
#define STUB(name, k)							\
	".globl " #name "\n"						\
	".type " #name ", @function\n"					\
	#name ":\n"							\
	"endbr64\n"							\
	"movl $" #k ", %eax\n"						\
	"jmp ndl_seh_stub\n"						\
	".size " #name ", . - " #name "\n"

__asm__(".pushsection .text\n"
	".p2align 4\n"
	STUB(ndlw_RtlRaiseException, 0)
	STUB(ndlw_ExRaiseStatus, 1)
	STUB(ndlw_ExRaiseAccessViolation, 2)
	STUB(ndlw_ExRaiseDatatypeMisalignment, 3)
	STUB(ndlw_ProbeForRead, 4)
	STUB(ndlw_ProbeForWrite, 5)
	STUB(ndlw_RtlUnwindEx, 6)
	STUB(ndlw_RtlUnwind, 7)

	/* rsp = the caller's rsp - 8 (return address), eax = kind */
	".type ndl_seh_stub, @function\n"
	"ndl_seh_stub:\n"
	"subq $" S(STUB_SIZE) ", %rsp\n"
	/* rcx first, then rcx points at the frame base (rsp). */
	"movq %rcx, " S(STUB_CTX) "+" GPR(1) "(%rsp)\n"
	"movq %rsp, %rcx\n"
	SAVE_REGS(S(STUB_CTX))
	"leaq " S(STUB_SIZE) "+8(%rsp), %rdx\n"
	"movq %rdx, " S(STUB_CTX) "+" S(NDL_CTX_RSP) "(%rcx)\n"
	"movq " S(STUB_SIZE) "(%rsp), %rdx\n"
	"movq %rdx, " S(STUB_CTX) "+" S(NDL_CTX_RIP) "(%rcx)\n"
	"pushfq\n"
	"popq %rdx\n"
	"movl %edx, " S(STUB_CTX) "+" S(NDL_CTX_EFLAGS) "(%rcx)\n"
	"movl %eax, %edx\n"
	"leaq " S(STUB_CTX) "(%rsp), %rcx\n"
	"call ndl_seh_entry\n"
	"testl %eax, %eax\n"
	"jnz 1f\n"
	"addq $" S(STUB_SIZE) ", %rsp\n"
	NDL_ASM_RET
	"1:\n"
	"leaq " S(STUB_CTX) "(%rsp), %rcx\n"
	"call ndl_seh_restore\n"
	"ud2\n"
	".size ndl_seh_stub, . - ndl_seh_stub\n"

	/* RtlCaptureContext(rcx = CONTEXT): the caller's state at the call. */
	".globl ndlw_RtlCaptureContext\n"
	".type ndlw_RtlCaptureContext, @function\n"
	"ndlw_RtlCaptureContext:\n"
	"endbr64\n"
	"movq %rcx, " GPR(1) "(%rcx)\n"
	SAVE_REGS("0")
	"leaq 8(%rsp), %rax\n"
	"movq %rax, " S(NDL_CTX_RSP) "(%rcx)\n"
	"movq (%rsp), %rax\n"
	"movq %rax, " S(NDL_CTX_RIP) "(%rcx)\n"
	"pushfq\n"
	"popq %rax\n"
	"movl %eax, " S(NDL_CTX_EFLAGS) "(%rcx)\n"
	"movq " GPR(0) "(%rcx), %rax\n"
	NDL_ASM_RET
	".size ndlw_RtlCaptureContext, . - ndlw_RtlCaptureContext\n"

	/* ndl_seh_restore(rcx = CONTEXT): never returns. */
	".globl ndl_seh_restore\n"
	".type ndl_seh_restore, @function\n"
	"ndl_seh_restore:\n"
	"endbr64\n"
	"movq " S(NDL_CTX_RSP) "(%rcx), %rax\n"
	"pushfq\n"
	"popq %rdx\n"
	"andl $~0xcd5, %edx\n"
	"movl " S(NDL_CTX_EFLAGS) "(%rcx), %r8d\n"
	"andl $0xcd5, %r8d\n"
	"orl %r8d, %edx\n"
	"movq %rdx, -24(%rax)\n"
	"movq " GPR(1) "(%rcx), %rdx\n"
	"movq %rdx, -16(%rax)\n"
	"movq " S(NDL_CTX_RIP) "(%rcx), %rdx\n"
	"movq %rdx, -8(%rax)\n"
	"movq " GPR(0) "(%rcx), %rdx\n"
	"movq %rdx, -32(%rax)\n"
	"ldmxcsr " S(NDL_CTX_MXCSR) "(%rcx)\n"
	LOAD_XMM(0) LOAD_XMM(1) LOAD_XMM(2) LOAD_XMM(3)
	LOAD_XMM(4) LOAD_XMM(5) LOAD_XMM(6) LOAD_XMM(7)
	LOAD_XMM(8) LOAD_XMM(9) LOAD_XMM(10) LOAD_XMM(11)
	LOAD_XMM(12) LOAD_XMM(13) LOAD_XMM(14) LOAD_XMM(15)
	"movq " GPR(2) "(%rcx), %rdx\n"
	"movq " GPR(3) "(%rcx), %rbx\n"
	"movq " GPR(5) "(%rcx), %rbp\n"
	"movq " GPR(6) "(%rcx), %rsi\n"
	"movq " GPR(7) "(%rcx), %rdi\n"
	"movq " GPR(8) "(%rcx), %r8\n"
	"movq " GPR(9) "(%rcx), %r9\n"
	"movq " GPR(10) "(%rcx), %r10\n"
	"movq " GPR(11) "(%rcx), %r11\n"
	"movq " GPR(12) "(%rcx), %r12\n"
	"movq " GPR(13) "(%rcx), %r13\n"
	"movq " GPR(14) "(%rcx), %r14\n"
	"movq " GPR(15) "(%rcx), %r15\n"
	"leaq -32(%rax), %rsp\n"
	"popq %rax\n"
	"popfq\n"
	"popq %rcx\n"
	NDL_ASM_RET
	".size ndl_seh_restore, . - ndl_seh_restore\n"
	NDL_ASM_NONSTANDARD(ndl_seh_restore)

	/* /guard:cf without enforcement (pe_load.c init_guard_cf) */
	".globl ndl_guard_check_icall\n"
	".type ndl_guard_check_icall, @function\n"
	"ndl_guard_check_icall:\n"
	"endbr64\n"
	NDL_ASM_RET
	".size ndl_guard_check_icall, . - ndl_guard_check_icall\n"
	".globl ndl_guard_dispatch_icall\n"
	".type ndl_guard_dispatch_icall, @function\n"
	"ndl_guard_dispatch_icall:\n"
	"endbr64\n"
	NDL_ASM_JMP_RAX
	".size ndl_guard_dispatch_icall, . - ndl_guard_dispatch_icall\n"
	".popsection\n");

#else
#error "structured exception handling is implemented for x86_64 only"
#endif
