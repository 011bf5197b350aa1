/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Interrupt objects drivers may pass to KeSynchronizeExecution: whatever
 * connects an interrupt for a driver (NdisMRegisterInterrupt's
 * InterruptObject, IoConnectInterrupt's KINTERRUPT) registers the object
 * it hands out with the host interrupt behind it, and unregisters it
 * before disconnecting. Any IRQL.
 */
#ifndef NDL_NT_INTSYNC_H
#define NDL_NT_INTSYNC_H

#include "core/rt.h"

/* 0, or -NDL_ENOSPC when NDL_MAX_INTERRUPTS are registered. */
int ndl_interrupt_register(const void *object, struct ndl_os_irq *irq);
/*
 * The same for an object whose synchronised routines also run at irql
 * (when above the host's DIRQL) holding lock (when not NULL), as the ISR
 * does: IoConnectInterrupt's SynchronizeIrql and SpinLock.
 */
int ndl_interrupt_register_locked(const void *object, struct ndl_os_irq *irq,
				  KSPIN_LOCK *lock, KIRQL irql);
void ndl_interrupt_unregister(const void *object);
#define NDL_MAX_INTERRUPTS 64

/* Raise to irql (if above the current IRQL) and take lock (if any). */
KIRQL ndl_interrupt_lock(KSPIN_LOCK *lock, KIRQL irql);
void ndl_interrupt_unlock(KSPIN_LOCK *lock, KIRQL old);

/*
 * Disconnect what IoConnectInterrupt connected on pdo, or with an ISR in
 * [base, base + size) (a driver unloading), each with a warning. PASSIVE.
 */
struct _DEVICE_OBJECT;
void ndl_interrupts_release(const struct _DEVICE_OBJECT *pdo, const void *base,
			    size_t size);

#endif
