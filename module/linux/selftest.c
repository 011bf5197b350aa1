// SPDX-License-Identifier: GPL-2.0-only
/*
 * Load-time self-test of the machinery every Windows driver relies on:
 * a small x86-64 routine is copied into image memory, made read-only and
 * executable (and checked to be so in the page tables), and called the way
 * driver code is called — Microsoft x64 calling convention, on a driver
 * stack, inside the FPU section. The routine uses SSE and puts a 24 KiB
 * frame on the stack (what Windows promises its kernel code), which would
 * run into the guard page of a 16 KiB Linux stack. It also checks that a
 * bh-disabled context gets a per-CPU stack, never one from the pool it
 * might have to wait for (the case PREEMPT_RT makes preemptible), and
 * (selftest_irq.c) that an interrupt during a DPC gets its own context. If
 * anything fails, drivers are refused (EOPNOTSUPP) and the log says why.
 */
#include <linux/bottom_half.h>
#include <linux/mm.h>
#include <linux/pgtable.h>
#include <linux/sched/task_stack.h>
#include <asm/pgtable_types.h>

#include "ndl.h"
#include "exec.h"
#include "stack.h"
#include "core/os.h"

#define NDL_SELFTEST_FRAME	0x6000	/* 24 KiB */

/* u64 __attribute__((ms_abi)) f(u64 x): returns x + 1, the hard way. */
static const u8 ndl_selftest_code[] = {
	0xf3, 0x0f, 0x1e, 0xfa,			/* endbr64 */
	0x48, 0x81, 0xec, 0x00, 0x60, 0x00, 0x00, /* sub rsp, 0x6000 */
	0x48, 0x89, 0x0c, 0x24,			/* mov [rsp], rcx */
	0x48, 0x8b, 0x04, 0x24,			/* mov rax, [rsp] */
	0x66, 0x48, 0x0f, 0x6e, 0xc0,		/* movq xmm0, rax */
	0x66, 0x48, 0x0f, 0x7e, 0xc0,		/* movq rax, xmm0 */
	0x48, 0x81, 0xc4, 0x00, 0x60, 0x00, 0x00, /* add rsp, 0x6000 */
	0x48, 0x8d, 0x40, 0x01,			/* lea rax, [rax + 1] */
	0xc3,					/* ret */
};

typedef u64 __attribute__((ms_abi)) (*ndl_selftest_fn)(u64 x);

static long ndl_selftest_call(void *code)
{
	ndl_selftest_fn fn = code;
	u64 ret;

	ndl_os_driver_enter();
	ret = fn(41);
	ndl_os_driver_leave();
	return ret;
}

/* Is the page at addr mapped read-only and executable? */
static bool ndl_page_is_rx(void *addr)
{
	unsigned int level;
	pte_t *pte = lookup_address((unsigned long)addr, &level);

	return pte && !(pte_flags(*pte) & _PAGE_RW) &&
	       !(pte_flags(*pte) & _PAGE_NX);
}

static long ndl_selftest_percpu(void *unused)
{
	return ndl_dctx_current()->percpu;
}

/* Which stack a DPC-like context takes: its CPU's, on every kernel. */
static int ndl_selftest_bh_stack(void)
{
	long percpu;

	local_bh_disable();
	percpu = ndl_stack_run(ndl_selftest_percpu, NULL, -1);
	local_bh_enable();
	if (percpu)
		return 0;
	pr_err("self-test: a bh-disabled context got a stack meant for contexts that sleep\n");
	return -EIO;
}

static long ndl_selftest_where(void *unused)
{
	int local;

	return object_is_on_stack(&local);
}

static long ndl_selftest_task_sleep(void *unused)
{
	return ndl_stack_on_task(ndl_selftest_where, NULL) &&
	       !ndl_selftest_where(NULL);
}

/* Code that sleeps goes back to the task's own stack (os_wait.c). */
static int ndl_selftest_task_stack(void)
{
	if (ndl_stack_run(ndl_selftest_task_sleep, NULL, NDL_PASSIVE_LEVEL))
		return 0;
	pr_err("self-test: a call back to the task's stack did not run there\n");
	return -EIO;
}

int ndl_selftest(void)
{
	void *code;
	long ret;

	BUILD_BUG_ON(NDL_SELFTEST_FRAME + 512 + PAGE_SIZE + 64 +
		     sizeof(struct ndl_dctx) > NDL_STACK_SIZE);
	if (!ndl_exec_available())
		return 0;
	code = ndl_os_image_alloc(PAGE_SIZE);
	if (!code)
		return -ENOMEM;
	memcpy(code, ndl_selftest_code, sizeof(ndl_selftest_code));
	if (ndl_os_image_protect(code, PAGE_SIZE,
				 NDL_OS_PROT_R | NDL_OS_PROT_X)) {
		ret = -EIO;
		pr_err("self-test: cannot make code executable\n");
	} else if (!ndl_page_is_rx(code)) {
		ret = -EIO;
		pr_err("self-test: code page is not read-only+executable\n");
	} else {
		ret = ndl_stack_run(ndl_selftest_call, code, NDL_PASSIVE_LEVEL);
		if (ret == 42) {
			ret = ndl_selftest_bh_stack();
			if (!ret)
				ret = ndl_selftest_task_stack();
			if (!ret)
				ret = ndl_selftest_irq_nesting();
		} else {
			pr_err("self-test: code returned %ld instead of 42\n", ret);
			ret = -EIO;
		}
	}
	if (!ret)
		pr_info("self-test passed: W^X driver code on a %lu KiB driver stack, SSE state saved, interrupts nest\n",
			NDL_STACK_SIZE / 1024);
	ndl_os_image_free(code, PAGE_SIZE);
	ndl_stack_refill();
	return ret;
}
