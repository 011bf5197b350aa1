// SPDX-License-Identifier: GPL-2.0-only
/*
 * A bus master's interrupt: registered on a line it may share, with the
 * ISR called for every interrupt; the work that must not race the ISR
 * (masking, unmasking, taking the causes it saved for the DPC) runs
 * through NdisMSynchronizeWithInterrupt.
 */
#include "ndd.h"

typedef struct _NDD_SYNC_CALL {
	NDD_HANDLER Handler;
	NDIS_HANDLE Context;
} NDD_SYNC_CALL;

typedef struct _NDD_SYNC_TAKE {
	PNDD_INTERRUPT Irq;
	ULONG Events;
} NDD_SYNC_TAKE;

static BOOLEAN NddSyncCall(PVOID Context)
{
	NDD_SYNC_CALL *Call = Context;

	Call->Handler(Call->Context);
	return TRUE;
}

static BOOLEAN NddSyncTake(PVOID Context)
{
	NDD_SYNC_TAKE *Take = Context;

	Take->Events = Take->Irq->Events;
	Take->Irq->Events = 0;
	return TRUE;
}

VOID NddSynchronized(PNDD_INTERRUPT Irq, NDD_HANDLER Handler,
		     NDIS_HANDLE Context)
{
	NDD_SYNC_CALL Call = { Handler, Context };

	NdisMSynchronizeWithInterrupt(&Irq->Object, NddSyncCall, &Call);
}

ULONG NddTakeEvents(PNDD_INTERRUPT Irq)
{
	NDD_SYNC_TAKE Take = { Irq, 0 };

	NdisMSynchronizeWithInterrupt(&Irq->Object, NddSyncTake, &Take);
	return Take.Events;
}

NDIS_STATUS NddRegisterInterrupt(PNDD_INTERRUPT Irq, NDIS_HANDLE Miniport,
				 NDD_HANDLER Enable, NDIS_HANDLE Context)
{
	NDIS_STATUS Status;

	Status = NdisMRegisterInterrupt(&Irq->Object, Miniport, Irq->Vector,
					Irq->Level, TRUE, TRUE, Irq->Mode);
	if (Status == NDIS_STATUS_SUCCESS)
		NddSynchronized(Irq, Enable, Context);
	return Status;
}
