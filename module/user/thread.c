// SPDX-License-Identifier: GPL-2.0-only
/*
 * System threads in the user host (os.h: ndl_os_thread_start/exit), as
 * coroutines on the one host thread, so everything stays deterministic:
 * a thread runs when the event loop pumps (ndl_user_run_pending, and so
 * inside every blocking wait of the main flow) and runs until it blocks
 * in a wait of its own, ends, or is parked by a bug check. Switches only
 * happen at PASSIVE level, where no spinlock is held.
 */
#include <stdlib.h>
#include <ucontext.h>

#include "host.h"
#include "core/rt.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#define FIBER_START(save, bottom, size) \
	__sanitizer_start_switch_fiber(save, bottom, size)
#define FIBER_FINISH(save, bottom, size) \
	__sanitizer_finish_switch_fiber(save, bottom, size)
#else
#define FIBER_START(save, bottom, size) ((void)(save), (void)(bottom), \
					 (void)(size))
#define FIBER_FINISH(save, bottom, size) ((void)(save), (void)(bottom), \
					  (void)(size))
#endif
#include <valgrind/valgrind.h>

#define STACK_SIZE (256u * 1024)	/* Windows code wants 24 KiB+ */

enum { T_READY, T_BLOCKED, T_DONE };

struct uthread {
	struct uthread *next;
	ucontext_t uc;
	void (*fn)(void *arg);
	void *arg;
	u8 *stack;
	unsigned int vg_id;
	int state;
	bool *woken;			/* T_BLOCKED: the waiter's flag */
	u64 deadline;
	u8 identity;			/* ndl_os_current_thread() */
};

static struct uthread *threads, *running;
static ucontext_t loop_ctx;
static void *loop_fake_stack;
static const void *loop_stack;		/* the loop's stack, for ASan */
static size_t loop_stack_size;

/* Entered from the loop: note the loop's stack (ASan needs it back). */
static void arrived(void *save)
{
	FIBER_FINISH(save, &loop_stack, &loop_stack_size);
}

static void thread_entry(void)
{
	arrived(NULL);
	running->fn(running->arg);
	ndl_os_thread_exit();
}

int ndl_os_thread_start(void (*fn)(void *arg), void *arg)
{
	struct uthread *t = calloc(1, sizeof(*t));

	if (!t)
		return -NDL_ENOMEM;
	t->stack = malloc(STACK_SIZE);
	if (!t->stack || getcontext(&t->uc)) {
		free(t->stack);
		free(t);
		return -NDL_ENOMEM;
	}
	t->vg_id = VALGRIND_STACK_REGISTER(t->stack, t->stack + STACK_SIZE);
	t->uc.uc_stack.ss_sp = t->stack;
	t->uc.uc_stack.ss_size = STACK_SIZE;
	t->uc.uc_link = NULL;
	makecontext(&t->uc, thread_entry, 0);
	t->fn = fn;
	t->arg = arg;
	t->state = T_READY;
	t->next = threads;
	threads = t;
	return 0;
}

/* From the running thread back to the loop; returns when resumed. */
static void yield_to_loop(void)
{
	struct uthread *t = running;
	void *save = NULL;

	FIBER_START(t->state == T_DONE ? NULL : &save, loop_stack,
		    loop_stack_size);
	swapcontext(&t->uc, &loop_ctx);
	arrived(save);
}

void ndl_os_thread_exit(void)
{
	running->state = T_DONE;
	yield_to_loop();
	abort();	/* a finished thread is never resumed */
}

bool ndl_user_thread_running(void)
{
	return running != NULL;
}

void *ndl_user_thread_identity(void)
{
	return running ? &running->identity : NULL;
}

void ndl_user_thread_park(void)
{
	ndl_os_thread_exit();
}

enum ndl_os_wait_result ndl_user_thread_wait(bool *woken, u64 deadline)
{
	struct uthread *t = running;

	for (;;) {
		if (*woken) {
			*woken = false;
			return NDL_OS_WAIT_WOKEN;
		}
		if (ndl_os_monotonic_ns() >= deadline)
			return NDL_OS_WAIT_TIMEOUT;
		t->state = T_BLOCKED;
		t->woken = woken;
		t->deadline = deadline;
		yield_to_loop();
		t->state = T_READY;
	}
}

static bool runnable(const struct uthread *t, u64 now)
{
	return t->state == T_READY ||
	       (t->state == T_BLOCKED && (*t->woken || now >= t->deadline));
}

static void reap(void)
{
	struct uthread **p = &threads;

	while (*p) {
		struct uthread *t = *p;

		if (t->state != T_DONE) {
			p = &t->next;
			continue;
		}
		*p = t->next;
		VALGRIND_STACK_DEREGISTER(t->vg_id);
		free(t->stack);
		free(t);
	}
}

bool ndl_user_threads_run(void)
{
	bool ran = false;
	struct uthread *t;

	if (running || ndl_os_irql_current() != NDL_PASSIVE_LEVEL)
		return false;
	for (t = threads; t; t = t->next) {
		if (!runnable(t, ndl_os_monotonic_ns()))
			continue;
		running = t;
		FIBER_START(&loop_fake_stack, t->stack, STACK_SIZE);
		swapcontext(&loop_ctx, &t->uc);
		FIBER_FINISH(loop_fake_stack, NULL, NULL);
		running = NULL;
		ran = true;
	}
	reap();
	return ran;
}

u64 ndl_user_threads_next_due(void)
{
	u64 due = NDL_OS_WAIT_FOREVER;

	for (const struct uthread *t = threads; t; t = t->next)
		if (t->state == T_BLOCKED && t->deadline < due)
			due = t->deadline;
	return due;
}
