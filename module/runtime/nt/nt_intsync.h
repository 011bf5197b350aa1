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
void ndl_interrupt_unregister(const void *object);
#define NDL_MAX_INTERRUPTS 64

#endif
