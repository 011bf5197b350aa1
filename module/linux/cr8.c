// SPDX-License-Identifier: GPL-2.0-only
/*
 * Inline IRQL of Windows x64 drivers: KeGetCurrentIrql, KeRaiseIrql and
 * KeLowerIrql compile to mov to/from cr8. In ring 0 cr8 is the real APIC
 * task priority: a driver raising to DISPATCH_LEVEL would mask interrupt
 * vectors instead of deferring DPCs, and would read back its own write
 * instead of the IRQL the runtime keeps. So the loader rewrites each
 * access to UD0 + NOPs and records what it was (intrinsics.c), and this
 * die notifier catches the #UD and emulates the access on the runtime's
 * IRQL (ndl_intrinsic_emulate), as the user-space host does on SIGILL.
 *
 * The exception entry turned interrupts off, but the driver stack's IRQL
 * still says what the driver ran at. Everything the notifier does past the
 * first check is runtime code that goes by that IRQL: even finding the
 * site takes the image list's lock, raising from PASSIVE_LEVEL and
 * lowering back, which re-enables bottom halves (and may run softirqs).
 * With interrupts off that is a bug (lockdep: "local_bh_enable with
 * interrupts disabled", which also turned them on under the trap handler).
 * So the interrupted context's interrupt flag is restored before any of it
 * (as the kernel does before handling a trap), and the flag the driver
 * code resumes with is the one the emulation left: raising above
 * DISPATCH_LEVEL disables interrupts for the code after the instruction,
 * lowering again enables them. A #UD off a driver stack is no Windows
 * code's, and is left alone without touching either.
 */
#include <linux/kdebug.h>
#include <linux/notifier.h>
#include <linux/ptrace.h>
#include <asm/irqflags.h>
#include <asm/traps.h>

#include "ndl.h"
#include "core/intrinsics.h"
#include "stack.h"

/* The register file in the order instruction encodings number it. */
static u64 *ndl_cr8_reg(void *ctx, int n)
{
	struct pt_regs *regs = ctx;
	unsigned long *r[16] = {
		&regs->ax, &regs->cx, &regs->dx, &regs->bx,
		&regs->sp, &regs->bp, &regs->si, &regs->di,
		&regs->r8, &regs->r9, &regs->r10, &regs->r11,
		&regs->r12, &regs->r13, &regs->r14, &regs->r15,
	};

	BUILD_BUG_ON(sizeof(unsigned long) != sizeof(u64));
	return (u64 *)r[n & 15];
}

static int ndl_cr8_notify(struct notifier_block *nb, unsigned long val,
			  void *data)
{
	struct die_args *args = data;
	struct pt_regs *regs = args->regs;
	unsigned int len;

	if (val != DIE_TRAP || args->trapnr != X86_TRAP_UD || user_mode(regs) ||
	    !ndl_dctx_current())
		return NOTIFY_DONE;
	if (regs->flags & X86_EFLAGS_IF)
		local_irq_enable();
	len = ndl_intrinsic_emulate((const void *)regs->ip, ndl_cr8_reg, regs);
	if (!len) {		/* no patched site: left to the kernel */
		local_irq_disable();
		return NOTIFY_DONE;
	}
	if (irqs_disabled())
		regs->flags &= ~X86_EFLAGS_IF;
	else
		regs->flags |= X86_EFLAGS_IF;
	local_irq_disable();
	regs->ip += len;
	return NOTIFY_STOP;
}

static struct notifier_block ndl_cr8_nb = {
	.notifier_call = ndl_cr8_notify,
};

int ndl_cr8_init(void)
{
	return register_die_notifier(&ndl_cr8_nb);
}

void ndl_cr8_uninit(void)
{
	unregister_die_notifier(&ndl_cr8_nb);
}
