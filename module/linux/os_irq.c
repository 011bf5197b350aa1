// SPDX-License-Identifier: GPL-2.0-only
/*
 * Interrupts for the runtime (os.h: interrupts). The miniport's ISR runs
 * in the interrupt handler, on a driver stack, at DEVICE_LEVEL, under a raw
 * spinlock that ndl_os_irq_sync (NdisMSynchronizeWithInterrupt,
 * KeSynchronizeExecution) also takes with interrupts off, so the two never
 * overlap, as Windows guarantees.
 *
 * Lines are shared (IRQF_SHARED): the ISR says whether its device
 * interrupted. Each message (MSI-X or MSI vector, os_dev.c) is its own
 * exclusive interrupt; messages connected with lock_with share that
 * connection's lock. On PREEMPT_RT the handler is force-threaded; it still
 * runs under the raw lock, so it is not preempted by the synchronised code.
 */
#include <linux/interrupt.h>
#include <linux/pci.h>
#include <linux/slab.h>

#include "ndl.h"
#include "dev.h"
#include "fpu.h"
#include "stack.h"
#include "stats.h"
#include "core/os.h"

struct ndl_os_irq {
	struct ndl_os_dev *dev;
	raw_spinlock_t own_lock;
	raw_spinlock_t *lock;		/* own_lock, or lock_with's */
	bool (*isr)(void *ctx);
	void *ctx;
	int irq;
	char name[32];
};

struct ndl_irq_call {
	bool (*fn)(void *ctx);
	void *ctx;
};

/* Runs on a driver stack at DEVICE_LEVEL, whoever the caller was. */
static long ndl_irq_call_fn(void *arg)
{
	struct ndl_irq_call *call = arg;
	struct ndl_dctx *ctx = ndl_dctx_current();
	u8 old = 0;
	bool ret;

	if (ctx) {
		old = ctx->irql;
		ctx->irql = max_t(u8, old, NDL_DEVICE_LEVEL);
	}
	ret = call->fn(call->ctx);
	if (ctx)
		ctx->irql = old;
	return ret;
}

static irqreturn_t ndl_irq_handler(int irq, void *data)
{
	struct ndl_os_irq *obj = data;
	struct ndl_irq_call call = { obj->isr, obj->ctx };
	long handled;

	raw_spin_lock(obj->lock);
	handled = ndl_stack_run(ndl_irq_call_fn, &call, NDL_DEVICE_LEVEL);
	raw_spin_unlock(obj->lock);
	return handled ? IRQ_HANDLED : IRQ_NONE;
}

/* irq: a Linux interrupt number; msg: its message, -1 for the line. */
static struct ndl_os_irq *ndl_irq_request(struct ndl_os_dev *dev, int irq,
					  int msg, struct ndl_os_irq *lock_with,
					  bool (*isr)(void *ctx), void *ctx)
{
	struct ndl_os_irq *obj;
	int ret;

	ndl_fpu_pause();
	obj = kzalloc(sizeof(*obj), GFP_KERNEL);
	if (!obj)
		goto out;
	obj->dev = dev;
	raw_spin_lock_init(&obj->own_lock);
	obj->lock = lock_with ? lock_with->lock : &obj->own_lock;
	obj->isr = isr;
	obj->ctx = ctx;
	obj->irq = irq;
	if (msg < 0)
		snprintf(obj->name, sizeof(obj->name), "ndisload:%s",
			 pci_name(dev->pdev));
	else
		snprintf(obj->name, sizeof(obj->name), "ndisload:%s:%d",
			 pci_name(dev->pdev), msg);
	ret = request_irq(obj->irq, ndl_irq_handler, msg < 0 ? IRQF_SHARED : 0,
			  obj->name, obj);
	if (ret) {
		pr_err("%s: cannot get interrupt %d: %d\n",
		       pci_name(dev->pdev), obj->irq, ret);
		kfree(obj);
		obj = NULL;
	} else {
		atomic64_inc(&ndl_stats.irq_live);
	}
out:
	ndl_fpu_resume();
	return obj;
}

struct ndl_os_irq *ndl_os_irq_connect(struct ndl_os_dev *dev,
				      bool (*isr)(void *ctx), void *ctx)
{
	if (dev->nmsgs) {
		/* The vectors replaced the line (os_dev.c). */
		pr_err("%s: the line is not connected while the device has message interrupts\n",
		       pci_name(dev->pdev));
		return NULL;
	}
	if (!dev->pdev->irq)
		return NULL;
	return ndl_irq_request(dev, dev->pdev->irq, -1, NULL, isr, ctx);
}

struct ndl_os_irq *ndl_os_irq_connect_msg(struct ndl_os_dev *dev, u32 msg,
					  struct ndl_os_irq *lock_with,
					  bool (*isr)(void *ctx), void *ctx)
{
	int irq;

	irq = ndl_os_dev_msg_irq(dev, msg);
	if (irq < 0)
		return NULL;
	return ndl_irq_request(dev, irq, msg, lock_with, isr, ctx);
}

void ndl_os_irq_disconnect(struct ndl_os_irq *obj)
{
	if (!obj)
		return;
	ndl_fpu_pause();
	free_irq(obj->irq, obj);
	kfree(obj);
	ndl_fpu_resume();
	atomic64_dec(&ndl_stats.irq_live);
}

bool ndl_os_irq_sync(struct ndl_os_irq *obj, bool (*fn)(void *ctx),
		     void *ctx)
{
	struct ndl_irq_call call = { fn, ctx };
	unsigned long flags;
	long ret;

	raw_spin_lock_irqsave(obj->lock, flags);
	ret = ndl_stack_run(ndl_irq_call_fn, &call, NDL_DEVICE_LEVEL);
	raw_spin_unlock_irqrestore(obj->lock, flags);
	return ret;
}
