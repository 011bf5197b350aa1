// SPDX-License-Identifier: GPL-2.0-only
/*
 * Driver stacks. Windows x64 gives kernel code 24 KiB of stack (more for
 * large-stack threads); Linux gives 16 KiB, and interrupts share a 16 KiB
 * per-CPU stack. A Windows driver deep in its own call chain, plus our
 * runtime, would overflow a Linux stack. So every entry from Linux into
 * the runtime (and through it into Windows code) switches to a 32 KiB stack
 * of ours: 28 KiB usable below a one-page guard that is read-only (an
 * overflow faults at once instead of corrupting memory), with the context
 * block (IRQL, FPU state) at the top.
 *
 * Which stack: a context that cannot sleep or migrate (interrupts,
 * softirqs, bh- or preempt-disabled sections) takes the next of its CPU's
 * NDL_CPU_STACKS stacks, in strict LIFO order as such contexts nest on a
 * CPU (task, softirq, hard irq: three deep). A context that may sleep takes
 * one from a shared pool, which grows on demand up to NDL_POOL_MAX; it
 * keeps it across sleeps and migrations until the call returns.
 *
 * On PREEMPT_RT softirqs and bh-disabled sections are preemptible, yet
 * they must not wait for the pool nor grow it: growing allocates with
 * GFP_KERNEL and changes page protections, which IPIs every CPU — not
 * allowed outside task context. They take per-CPU stacks too; the LIFO
 * order still holds, because the per-CPU bh lock serialises them on their
 * CPU and keeps them from migrating, and whatever preempts them either
 * cannot itself be preempted (so it returns its stack first) or may sleep
 * (so it uses the pool).
 *
 * Stacks are order-3 page blocks, so they are aligned to their size and
 * the block an address lies in is found by masking; an address is only
 * trusted as a driver stack if that block is one of ours. Each stack is
 * filled with a pattern when allocated so that the deepest use so far can
 * be measured (debugfs ndisload/stacks).
 *
 * Being on a driver stack does not mean being called from the code that
 * runs on it. x86 takes a hard interrupt on the current stack when the IRQ
 * stack is already in use, which it is while a softirq runs there: an
 * interrupt arriving during a DPC lands on the DPC's driver stack. On
 * PREEMPT_RT a task that re-enables bottom halves runs the pending
 * softirqs itself, on its stack. Such code interrupts the Windows code
 * below it and must not share its context (IRQL, FPU registers): a call
 * is nested in the stack's context only from the same Linux context (task,
 * softirq, hard irq); anything else takes a stack of its own.
 */
#include <linux/gfp.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/sched/task_stack.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <asm/irq_stack.h>

#include "ndl.h"
#include "exec.h"
#include "stack.h"
#include "stats.h"
#include "core/os.h"

#define NDL_CPU_STACKS	4
#define NDL_POOL_MIN	2
#define NDL_POOL_MAX	64
#define NDL_DCTX_MAGIC	0x4e444c53	/* "NDLS" */
#define NDL_STACK_FILL	0x5a

struct ndl_cpu_stacks {
	unsigned int used;
	unsigned long base[NDL_CPU_STACKS];
};
static DEFINE_PER_CPU(struct ndl_cpu_stacks, ndl_cpu_stacks);

static DEFINE_RAW_SPINLOCK(ndl_pool_lock);
static DEFINE_MUTEX(ndl_pool_grow);
static DECLARE_WAIT_QUEUE_HEAD(ndl_pool_wait);
static struct ndl_dctx *ndl_pool_free;
static unsigned long ndl_pool_base[NDL_POOL_MAX];
static unsigned int ndl_pool_count;

/* The first byte calls may use (above the guard page). */
static unsigned long ndl_stack_low(unsigned long base)
{
	return base + PAGE_SIZE;
}

/* Where the stack pointer starts: 16-byte aligned, a slot for the old rsp. */
static unsigned long ndl_stack_tos(unsigned long base)
{
	return ((unsigned long)ndl_ctx_of(base) & ~15UL) - 16;
}

size_t ndl_stack_usable(void)
{
	return ndl_stack_tos(0) - ndl_stack_low(0);
}

static void ndl_stack_fill(unsigned long base);

static unsigned long ndl_stack_alloc(void)
{
	unsigned long base = __get_free_pages(GFP_KERNEL, NDL_STACK_ORDER);
	struct ndl_dctx *ctx;
	int ret;

	if (!base)
		return 0;
	ndl_stack_fill(base);
	ctx = ndl_ctx_of(base);
	memset(ctx, 0, sizeof(*ctx));
	ctx->magic = NDL_DCTX_MAGIC;
	/* Guard page. Without page protections no driver can run anyway. */
	ret = ndl_exec_protect(base, 1, NDL_OS_PROT_R);
	if (ret && ret != -EOPNOTSUPP) {
		free_pages(base, NDL_STACK_ORDER);
		return 0;
	}
	ctx->guarded = !ret;
	return base;
}

static void ndl_stack_free(unsigned long base)
{
	if (!base)
		return;
	if (ndl_ctx_of(base)->guarded &&
	    ndl_exec_protect(base, 1, NDL_OS_PROT_R | NDL_OS_PROT_W)) {
		pr_err("cannot make a stack guard page writable again: leaking 32 KiB\n");
		return;
	}
	free_pages(base, NDL_STACK_ORDER);
}

DEFINE_PER_CPU(unsigned long, ndl_dctx_hint);
/*
 * The last stack block searched and found not to be ours on this CPU: the
 * IRQ stack, where every interrupt and softirq entry asks. Such a block
 * becomes ours only as memory freed and allocated again for the pool, so
 * ndl_pool_add clears every CPU's before a new stack is published.
 */
static DEFINE_PER_CPU(unsigned long, ndl_dctx_foreign);

static struct ndl_dctx *ndl_dctx_found(unsigned long base)
{
	raw_cpu_write(ndl_dctx_hint, base);
	return ndl_ctx_of(base);
}

/* ndl_dctx_current when the hint missed. */
struct ndl_dctx *ndl_dctx_lookup(unsigned long base)
{
	struct ndl_cpu_stacks *cs = raw_cpu_ptr(&ndl_cpu_stacks);
	unsigned int i, n;

	/* Every entry from Linux code asks first: on the task's own stack
	 * the answer needs no search.
	 */
	if (current_stack_pointer - (unsigned long)task_stack_page(current) <
	    THREAD_SIZE || raw_cpu_read(ndl_dctx_foreign) == base)
		return NULL;
	/* Innermost first: the common case is the last stack taken here. A
	 * claim that found none left counts past the end (ndl_cpu_get).
	 */
	for (i = min_t(unsigned int, READ_ONCE(cs->used), NDL_CPU_STACKS);
	     i-- > 0;)
		if (cs->base[i] == base)
			return ndl_dctx_found(base);
	/* Pairs with ndl_pool_add: entries below the count are written. */
	n = smp_load_acquire(&ndl_pool_count);
	for (i = 0; i < n; i++)
		if (ndl_pool_base[i] == base)
			return ndl_dctx_found(base);
	raw_cpu_write(ndl_dctx_foreign, base);
	return NULL;
}

/* The Linux execution context we are in, as recorded in ndl_dctx. */
static u8 ndl_linux_context(void)
{
	if (in_nmi())
		return 3;
	if (in_hardirq())
		return 2;
	if (in_serving_softirq())
		return 1;
	return 0;
}

/* ---- taking and returning stacks ------------------------------------------ */

/*
 * The claim is one per-CPU increment, atomic against interrupts on this
 * CPU, so no interrupt-off section is needed: a context that interrupts
 * between the increment and the read takes the next stack, and gives it
 * back before it returns here (contexts that use per-CPU stacks nest
 * LIFO and do not migrate; above).
 */
static struct ndl_dctx *ndl_cpu_get(void)
{
	unsigned int i = this_cpu_inc_return(ndl_cpu_stacks.used) - 1;
	unsigned long base = 0;

	if (i < NDL_CPU_STACKS)
		base = this_cpu_read(ndl_cpu_stacks.base[i]);
	if (!base) {
		this_cpu_dec(ndl_cpu_stacks.used);
		return NULL;
	}
	return ndl_ctx_of(base);
}

static void ndl_cpu_put(struct ndl_dctx *ctx)
{
	unsigned int used = this_cpu_read(ndl_cpu_stacks.used);

	WARN_ON(!used || used > NDL_CPU_STACKS ||
		ndl_ctx_of(this_cpu_read(ndl_cpu_stacks.base[used - 1])) != ctx);
	this_cpu_dec(ndl_cpu_stacks.used);
}

static struct ndl_dctx *ndl_pool_take(void)
{
	struct ndl_dctx *ctx;
	unsigned long flags;

	raw_spin_lock_irqsave(&ndl_pool_lock, flags);
	ctx = ndl_pool_free;
	if (ctx)
		ndl_pool_free = ctx->next_free;
	raw_spin_unlock_irqrestore(&ndl_pool_lock, flags);
	return ctx;
}

static void ndl_pool_put(struct ndl_dctx *ctx)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&ndl_pool_lock, flags);
	ctx->next_free = ndl_pool_free;
	ndl_pool_free = ctx;
	raw_spin_unlock_irqrestore(&ndl_pool_lock, flags);
	wake_up(&ndl_pool_wait);
}

/* Add a stack to the pool (free list); false if at the limit or no memory. */
static bool ndl_pool_add(void)
{
	unsigned long base = 0;

	mutex_lock(&ndl_pool_grow);
	if (ndl_pool_count < NDL_POOL_MAX)
		base = ndl_stack_alloc();
	if (base) {
		int cpu;

		/* Nothing runs on it yet; it is ours before anyone can. */
		for_each_possible_cpu(cpu)
			cmpxchg(per_cpu_ptr(&ndl_dctx_foreign, cpu), base, 0UL);
		ndl_pool_base[ndl_pool_count] = base;
		/* Publish the entry before the count that covers it. */
		smp_store_release(&ndl_pool_count, ndl_pool_count + 1);
		ndl_pool_put(ndl_ctx_of(base));
	}
	mutex_unlock(&ndl_pool_grow);
	return base;
}

/* A stack for a context that may sleep; sleeps itself if all are busy. */
static struct ndl_dctx *ndl_pool_get(void)
{
	struct ndl_dctx *ctx;

	for (;;) {
		ctx = ndl_pool_take();
		if (ctx || !ndl_pool_add())
			break;
	}
	if (!ctx)
		wait_event(ndl_pool_wait, (ctx = ndl_pool_take()) != NULL);
	ctx->percpu = false;
	return ctx;
}

/* ---- running on a driver stack ---------------------------------------------- */

/* May this context wait for a pool stack? (Not in any bh context: above.) */
static bool ndl_stack_may_sleep(void)
{
	return preemptible() && !in_softirq();
}

struct ndl_stack_call {
	long (*fn)(void *arg);
	void *arg;
	long ret;
};

static void ndl_stack_entry(struct ndl_stack_call *call)
{
	call->ret = call->fn(call->arg);
}

long ndl_stack_run(long (*fn)(void *arg), void *arg, int irql)
{
	struct ndl_stack_call call = { .fn = fn, .arg = arg };
	u8 linux_ctx = ndl_linux_context();
	struct ndl_dctx *ctx;
	unsigned long base, hint;

	ctx = ndl_dctx_current();
	if (ctx && ctx->linux_ctx == linux_ctx)
		return fn(arg);
	if (irql < 0)
		irql = ndl_irql_of_context();
	if (ndl_stack_may_sleep()) {
		ctx = ndl_pool_get();
	} else {
		ctx = ndl_cpu_get();
		if (ctx)
			ctx->percpu = true;
	}
	if (!ctx) {
		/* Only if this CPU's stacks are all in use: nesting we never
		 * expect. Better a deep Linux stack than no call at all.
		 */
		atomic64_inc(&ndl_stats.stack_fallbacks);
		pr_warn_ratelimited("no free driver stack on CPU %d; running on the Linux stack\n",
				    raw_smp_processor_id());
		return fn(arg);
	}
	ctx->linux_ctx = linux_ctx;
	ctx->irql = irql;
	ctx->base_irql = irql;
	ctx->depth = 0;
	ctx->fpu_on = false;
	ctx->slot_valid = false;
	ctx->bh_raised = false;
	ctx->irq_raised = false;
	this_cpu_inc(ndl_pcpu_stats.driver_calls);

	/*
	 * Every IRQL and FPU step of the call asks for the stack it switches
	 * to, and the caller's stack is asked for again after it: the hint
	 * names each in turn (raw: a pool call may move to another CPU, and
	 * a hint on the wrong CPU only misses).
	 */
	base = (unsigned long)ctx & ~(NDL_STACK_SIZE - 1);
	hint = raw_cpu_read(ndl_dctx_hint);
	raw_cpu_write(ndl_dctx_hint, base);
	call_on_stack(ndl_stack_tos(base), ndl_stack_entry, ASM_CALL_ARG1,
		      , [arg1] "r" (&call));
	raw_cpu_write(ndl_dctx_hint, hint);

	WARN_ONCE(ctx->depth || ctx->fpu_on || ctx->irql != ctx->base_irql,
		  "ndisload: driver context left unbalanced (depth %u, fpu %d, IRQL %u, entered at %u)\n",
		  ctx->depth, ctx->fpu_on, ctx->irql, ctx->base_irql);
	if (ctx->percpu)
		ndl_cpu_put(ctx);
	else
		ndl_pool_put(ctx);
	return call.ret;
}

unsigned long ndl_stack_entry_sp(struct ndl_dctx *ctx)
{
	unsigned long base = (unsigned long)ctx & ~(NDL_STACK_SIZE - 1);

	return *(unsigned long *)ndl_stack_tos(base);
}

struct ndl_task_call {
	long (*fn)(void *arg);
	void *arg;
	long ret;
};

static void ndl_task_call_fn(struct ndl_task_call *c)
{
	c->ret = c->fn(c->arg);
}

long ndl_stack_on_task(long (*fn)(void *arg), void *arg)
{
	struct ndl_dctx *ctx = ndl_dctx_current();
	struct ndl_task_call c = { .fn = fn, .arg = arg };
	unsigned long sp;

	/* Per-CPU stacks belong to contexts that cannot sleep anyway. */
	if (!ctx || ctx->percpu)
		return fn(arg);
	/* Below the Linux frames that were live when the task switched over. */
	sp = (ndl_stack_entry_sp(ctx) - 256) & ~15UL;
	call_on_stack((void *)sp, ndl_task_call_fn, ASM_CALL_ARG1,
		      , [arg1] "r" (&c));
	return c.ret;
}

void ndl_stack_abandon(struct ndl_dctx *ctx)
{
	if (ctx->percpu)
		ndl_cpu_put(ctx);
	else
		ndl_pool_put(ctx);
}

/* ---- measurement ------------------------------------------------------------- */

static void ndl_stack_fill(unsigned long base)
{
	memset((void *)ndl_stack_low(base), NDL_STACK_FILL,
	       ndl_stack_tos(base) + 16 - ndl_stack_low(base));
}

void ndl_stack_refill(void)
{
	unsigned int i, n;
	int cpu;

	for_each_possible_cpu(cpu)
		for (i = 0; i < NDL_CPU_STACKS; i++)
			if (per_cpu(ndl_cpu_stacks, cpu).base[i])
				ndl_stack_fill(per_cpu(ndl_cpu_stacks, cpu).base[i]);
	/* Pairs with ndl_pool_add, as in ndl_dctx_lookup. */
	n = smp_load_acquire(&ndl_pool_count);
	for (i = 0; i < n; i++)
		ndl_stack_fill(ndl_pool_base[i]);
}

static size_t ndl_stack_used(unsigned long base)
{
	const u8 *p = (const u8 *)ndl_stack_low(base);
	const u8 *end = (const u8 *)ndl_stack_tos(base);

	while (p < end && *p == NDL_STACK_FILL)
		p++;
	return end - p;
}

size_t ndl_stack_deepest(void)
{
	size_t deepest = 0;
	unsigned int i, n;
	int cpu;

	for_each_possible_cpu(cpu)
		for (i = 0; i < NDL_CPU_STACKS; i++) {
			unsigned long base = per_cpu(ndl_cpu_stacks, cpu).base[i];

			if (base)
				deepest = max(deepest, ndl_stack_used(base));
		}
	/* Pairs with ndl_pool_add, as in ndl_dctx_lookup. */
	n = smp_load_acquire(&ndl_pool_count);
	for (i = 0; i < n; i++)
		deepest = max(deepest, ndl_stack_used(ndl_pool_base[i]));
	return deepest;
}

unsigned int ndl_stack_count(void)
{
	unsigned int pool;

	/* Pairs with ndl_pool_add, as in ndl_dctx_lookup. */
	pool = smp_load_acquire(&ndl_pool_count);
	return num_possible_cpus() * NDL_CPU_STACKS + pool;
}

/* ---- init / uninit ------------------------------------------------------------ */

int ndl_stack_init(void)
{
	unsigned int i;
	int cpu;

	BUILD_BUG_ON(sizeof(struct ndl_dctx) > 2048);
	for_each_possible_cpu(cpu) {
		struct ndl_cpu_stacks *cs = per_cpu_ptr(&ndl_cpu_stacks, cpu);

		for (i = 0; i < NDL_CPU_STACKS; i++) {
			cs->base[i] = ndl_stack_alloc();
			if (!cs->base[i])
				goto err;
		}
	}
	for (i = 0; i < NDL_POOL_MIN; i++)
		if (!ndl_pool_add())
			goto err;
	return 0;
err:
	ndl_stack_uninit();
	return -ENOMEM;
}

void ndl_stack_uninit(void)
{
	unsigned int i;
	int cpu;

	for_each_possible_cpu(cpu) {
		struct ndl_cpu_stacks *cs = per_cpu_ptr(&ndl_cpu_stacks, cpu);

		WARN_ON(cs->used);
		for (i = 0; i < NDL_CPU_STACKS; i++) {
			ndl_stack_free(cs->base[i]);
			cs->base[i] = 0;
		}
	}
	for (i = 0; i < ndl_pool_count; i++)
		ndl_stack_free(ndl_pool_base[i]);
	ndl_pool_count = 0;
	for_each_possible_cpu(cpu) {
		per_cpu(ndl_dctx_hint, cpu) = 0;
		per_cpu(ndl_dctx_foreign, cpu) = 0;
	}
	ndl_pool_free = NULL;
}

/* os.h: the driver stack we run on, else the task's own stack. */
void ndl_os_stack_limits(uintptr_t *low, uintptr_t *high)
{
	unsigned long base = current_stack_pointer & ~(NDL_STACK_SIZE - 1);

	if (ndl_dctx_current()) {
		*low = ndl_stack_low(base);
		*high = ndl_stack_tos(base) + 16;
	} else {
		*low = (uintptr_t)task_stack_page(current);
		*high = *low + THREAD_SIZE;
	}
}
