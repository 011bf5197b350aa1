// SPDX-License-Identifier: GPL-2.0-only
/*
 * System threads (os.h: ndl_os_thread_start, ndl_os_thread_exit): one
 * kthread per Windows system thread, running the runtime's routine on a
 * driver stack at PASSIVE_LEVEL.
 *
 * PsTerminateSystemThread ends the thread from deep inside Windows code,
 * whose frames must simply be abandoned. The driver stack's top holds the
 * kthread's own stack pointer from when it switched over (call_on_stack
 * saves it there); below that pointer the kthread's stack is unused, so
 * the exit runs there: it ends the FPU section, returns the driver stack
 * to its pool and exits the kthread, never touching the driver stack again.
 */
#include <linux/kthread.h>
#include <linux/slab.h>
#include <asm/irq_stack.h>

#include "ndl.h"
#include "fpu.h"
#include "stack.h"
#include "core/os.h"

struct ndl_kthread {
	void (*fn)(void *arg);
	void *arg;
};

static long ndl_kthread_body(void *p)
{
	struct ndl_kthread *kt = p;

	kt->fn(kt->arg);
	return 0;
}

static int ndl_kthread_fn(void *p)
{
	struct ndl_kthread kt = *(struct ndl_kthread *)p;

	kfree(p);
	ndl_stack_run(ndl_kthread_body, &kt, NDL_PASSIVE_LEVEL);
	return 0;
}

int ndl_os_thread_start(void (*fn)(void *arg), void *arg)
{
	struct ndl_kthread *kt;
	struct task_struct *task;
	int ret = 0;

	ndl_fpu_pause();	/* creating a kthread sleeps */
	kt = kmalloc(sizeof(*kt), GFP_KERNEL);
	if (kt) {
		kt->fn = fn;
		kt->arg = arg;
		task = kthread_run(ndl_kthread_fn, kt, "ndl-system");
		if (IS_ERR(task)) {
			kfree(kt);
			ret = -ENOMEM;
		}
	} else {
		ret = -ENOMEM;
	}
	ndl_fpu_resume();
	return ret;
}

static void ndl_thread_exit_on_task(struct ndl_dctx *ctx)
{
	ndl_stack_abandon(ctx);
	kthread_complete_and_exit(NULL, 0);
}

void ndl_os_thread_exit_host(void)
{
	struct ndl_dctx *ctx = ndl_dctx_current();
	unsigned long sp;

	if (WARN_ON_ONCE(!ctx || ctx->percpu))
		return;		/* not a system thread: the caller traps */
	ndl_fpu_abandon(ctx);
	sp = (ndl_stack_entry_sp(ctx) - 256) & ~15UL;
	call_on_stack((void *)sp, ndl_thread_exit_on_task, ASM_CALL_ARG1,
		      , [arg1] "r" (ctx));
	BUG();
}
