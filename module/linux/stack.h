/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Driver stacks (stack.c): Windows code, and the runtime that calls it,
 * run on stacks of their own, never on Linux's 16 KiB task or IRQ stacks.
 * Each stack is also the execution context Windows code sees: its IRQL
 * (os_irql.c) and its FPU state (fpu.c) live at the stack's top.
 */
#ifndef NDL_LINUX_STACK_H
#define NDL_LINUX_STACK_H

#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/types.h>
#include <asm/asm.h>

#define NDL_STACK_ORDER		3
#define NDL_STACK_SIZE		(PAGE_SIZE << NDL_STACK_ORDER)	/* 32 KiB */
#define NDL_FPU_NEST_MAX	16

struct ndl_fxsave {
	u8 bytes[512];
} __aligned(16);

/* The context block at the top of every driver stack. */
struct ndl_dctx {
	struct ndl_fxsave slot;		/* Windows FPU state while paused */
	struct ndl_fxsave outer;	/* interrupted state (manual mode) */
	u32 magic;
	/* fpu.c */
	u8 depth;			/* entries in nest[] */
	u8 nest[NDL_FPU_NEST_MAX];	/* 1: Windows code, 0: Linux code */
	bool fpu_on;
	bool kmode;			/* kernel_fpu_begin, not fxsave */
	bool slot_valid;
	/* os_irql.c */
	u8 irql;
	u8 base_irql;			/* the IRQL of the entering context */
	bool bh_raised;
	bool irq_raised;
	unsigned long irq_flags;
	/* stack.c */
	u8 linux_ctx;			/* task, softirq, hard irq (stack.c) */
	bool percpu;
	bool guarded;			/* its lowest page is read-only */
	struct ndl_dctx *next_free;
};

/*
 * Run fn(arg) on a driver stack (directly if already on one) and return
 * its result. irql: the Windows IRQL the context starts at, or -1 to take
 * it from the Linux context (ndl_irql_of_context). Any context but NMI.
 */
long ndl_stack_run(long (*fn)(void *arg), void *arg, int irql);
/*
 * For a thread that ends inside Windows code (os_thread.c): the Linux stack
 * pointer saved when ndl_stack_run switched to ctx's stack, and giving the
 * stack back without returning (only from off that stack).
 */
unsigned long ndl_stack_entry_sp(struct ndl_dctx *ctx);
/*
 * Run fn(arg) back on the task's own stack, below the frames that were live
 * when it switched to the driver stack it is on (directly when not on a
 * pool stack). For Linux code that sleeps: the kernel takes "on the stack"
 * to mean the task's stack (debug objects of on-stack timers, stack
 * traces of a sleeping task), and a driver stack is not that.
 */
long ndl_stack_on_task(long (*fn)(void *arg), void *arg);
void ndl_stack_abandon(struct ndl_dctx *ctx);
/* The context block of the driver stack whose lowest address is base. */
static inline struct ndl_dctx *ndl_ctx_of(unsigned long base)
{
	return (struct ndl_dctx *)(base + NDL_STACK_SIZE -
				   ALIGN(sizeof(struct ndl_dctx), 64));
}

/*
 * The last driver stack found on this CPU. Only a hint: it is used when
 * the stack pointer lies in its block, and stacks live until module exit.
 */
DECLARE_PER_CPU(unsigned long, ndl_dctx_hint);
struct ndl_dctx *ndl_dctx_lookup(unsigned long base);

/* The context of the driver stack we are on if the hint names it, or NULL. */
static __always_inline struct ndl_dctx *ndl_dctx_hinted(unsigned long base)
{
	if (likely(raw_cpu_read(ndl_dctx_hint) == base))
		return ndl_ctx_of(base);
	return NULL;
}

/*
 * The context of the driver stack we are on, or NULL. Inline: every IRQL
 * and FPU step asks (dozens of times a frame), and the hint almost always
 * answers.
 */
static inline struct ndl_dctx *ndl_dctx_current(void)
{
	unsigned long base = current_stack_pointer & ~(NDL_STACK_SIZE - 1);
	struct ndl_dctx *ctx = ndl_dctx_hinted(base);

	return ctx ? ctx : ndl_dctx_lookup(base);
}
/* Deepest use of any driver stack so far, in bytes; how many exist. */
size_t ndl_stack_deepest(void);
size_t ndl_stack_usable(void);
unsigned int ndl_stack_count(void);
/* Re-arm the measurement of every stack; only while no driver runs. */
void ndl_stack_refill(void);

/* os_irql.c: the IRQL a Linux context corresponds to. */
u8 ndl_irql_of_context(void);

#endif
