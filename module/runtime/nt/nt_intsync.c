// SPDX-License-Identifier: GPL-2.0-only
/*
 * KeSynchronizeExecution: run a driver's routine at the interrupt's DIRQL
 * with its ISR held off, through the host's ndl_os_irq_sync (the same lock
 * the ISR runs under, as NdisMSynchronizeWithInterrupt uses). Only objects
 * registered by whoever connected them (nt_intsync.h) are accepted; any
 * other pointer is refused with a log line instead of being dereferenced.
 */
#include "nt/nt_intsync.h"
#include "nt/nt_sync.h"
#include "nt/nt_exports.h"

static KSPIN_LOCK ints_lock;
static struct {
	const void *object;
	struct ndl_os_irq *irq;
} ints[NDL_MAX_INTERRUPTS];

int ndl_interrupt_register(const void *object, struct ndl_os_irq *irq)
{
	KIRQL old = ndl_lock_any(&ints_lock);
	int rc = -NDL_ENOSPC;

	for (u32 i = 0; i < NDL_MAX_INTERRUPTS; i++)
		if (!ints[i].object) {
			ints[i].object = object;
			ints[i].irq = irq;
			rc = 0;
			break;
		}
	ndl_unlock_any(&ints_lock, old);
	return rc;
}

void ndl_interrupt_unregister(const void *object)
{
	KIRQL old = ndl_lock_any(&ints_lock);

	for (u32 i = 0; i < NDL_MAX_INTERRUPTS; i++)
		if (ints[i].object == object)
			ints[i].object = NULL;
	ndl_unlock_any(&ints_lock, old);
}

static struct ndl_os_irq *lookup(const void *object)
{
	KIRQL old = ndl_lock_any(&ints_lock);
	struct ndl_os_irq *irq = NULL;

	for (u32 i = 0; object && i < NDL_MAX_INTERRUPTS; i++)
		if (ints[i].object == object)
			irq = ints[i].irq;
	ndl_unlock_any(&ints_lock, old);
	return irq;
}

struct sync_call {
	PKSYNCHRONIZE_ROUTINE fn;
	void *ctx;
	BOOLEAN ret;
};

static bool sync_trampoline(void *p)
{
	struct sync_call *s = p;

	NDL_CALL_DRIVER(s->ret, s->fn, s->ctx);
	return s->ret;
}

BOOLEAN NTAPI ndlw_KeSynchronizeExecution(void *interrupt,
					  PKSYNCHRONIZE_ROUTINE fn, void *ctx)
{
	struct ndl_os_irq *irq = lookup(interrupt);
	struct sync_call s = { fn, ctx, FALSE };

	if (!irq || !fn) {
		ndl_err("KeSynchronizeExecution(%p): not a connected interrupt object",
			interrupt);
		return FALSE;
	}
	ndl_os_irq_sync(irq, sync_trampoline, &s);
	return s.ret;
}
