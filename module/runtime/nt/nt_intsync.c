// SPDX-License-Identifier: GPL-2.0-only
/*
 * KeSynchronizeExecution: run a driver's routine at the interrupt's DIRQL
 * with its ISR held off, through the host's ndl_os_irq_sync (the same lock
 * the ISR runs under, as NdisMSynchronizeWithInterrupt uses), and for an
 * IoConnectInterrupt object at its SynchronizeIrql holding its spin lock. Only objects
 * registered by whoever connected them (nt_intsync.h) are accepted; any
 * other pointer is refused with a log line instead of being dereferenced.
 */
#include "nt/nt_intsync.h"
#include "nt/nt_sync.h"
#include "nt/nt_exports.h"

static KSPIN_LOCK ints_lock;
struct ndl_int_entry {
	const void *object;
	struct ndl_os_irq *irq;
	KSPIN_LOCK *lock;
	KIRQL irql;
};

static struct ndl_int_entry ints[NDL_MAX_INTERRUPTS];

int ndl_interrupt_register_locked(const void *object, struct ndl_os_irq *irq,
				  KSPIN_LOCK *lock, KIRQL irql)
{
	KIRQL old = ndl_lock_any(&ints_lock);
	int rc = -NDL_ENOSPC;

	for (u32 i = 0; i < NDL_MAX_INTERRUPTS; i++)
		if (!ints[i].object) {
			ints[i].object = object;
			ints[i].irq = irq;
			ints[i].lock = lock;
			ints[i].irql = irql;
			rc = 0;
			break;
		}
	ndl_unlock_any(&ints_lock, old);
	return rc;
}

int ndl_interrupt_register(const void *object, struct ndl_os_irq *irq)
{
	return ndl_interrupt_register_locked(object, irq, NULL, 0);
}

KIRQL ndl_interrupt_lock(KSPIN_LOCK *lock, KIRQL irql)
{
	KIRQL old = ndl_os_irql_current();

	if (irql > old)
		ndl_irql_raise(irql);
	if (lock)
		ndl_spin_acquire(lock);
	return old;
}

void ndl_interrupt_unlock(KSPIN_LOCK *lock, KIRQL old)
{
	if (lock)
		ndl_spin_release(lock);
	if (ndl_os_irql_current() > old)
		ndl_irql_lower(old);
}

void ndl_interrupt_unregister(const void *object)
{
	KIRQL old = ndl_lock_any(&ints_lock);

	for (u32 i = 0; i < NDL_MAX_INTERRUPTS; i++)
		if (ints[i].object == object)
			ints[i].object = NULL;
	ndl_unlock_any(&ints_lock, old);
}

static bool lookup(const void *object, struct ndl_int_entry *out)
{
	KIRQL old = ndl_lock_any(&ints_lock);
	bool found = false;

	for (u32 i = 0; object && i < NDL_MAX_INTERRUPTS; i++)
		if (ints[i].object == object) {
			*out = ints[i];
			found = true;
		}
	ndl_unlock_any(&ints_lock, old);
	return found;
}

struct sync_call {
	PKSYNCHRONIZE_ROUTINE fn;
	void *ctx;
	KSPIN_LOCK *lock;
	KIRQL irql;
	BOOLEAN ret;
};

static bool sync_trampoline(void *p)
{
	struct sync_call *s = p;
	KIRQL old = ndl_interrupt_lock(s->lock, s->irql);

	NDL_CALL_DRIVER(s->ret, s->fn, s->ctx);
	ndl_interrupt_unlock(s->lock, old);
	return s->ret;
}

BOOLEAN NTAPI ndlw_KeSynchronizeExecution(void *interrupt,
					  PKSYNCHRONIZE_ROUTINE fn, void *ctx)
{
	struct ndl_int_entry e = { 0 };
	struct sync_call s = { fn, ctx, NULL, 0, FALSE };

	if (!lookup(interrupt, &e) || !fn) {
		ndl_err("KeSynchronizeExecution(%p): not a connected interrupt object",
			interrupt);
		return FALSE;
	}
	s.lock = e.lock;
	s.irql = e.irql;
	ndl_os_irq_sync(e.irq, sync_trampoline, &s);
	return s.ret;
}
