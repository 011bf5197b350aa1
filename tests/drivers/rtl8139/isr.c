// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtl8139 interrupts. The ISR (at DIRQL, possibly on a shared line) claims
 * only what our unmasked sources raised, masks the chip, acknowledges the
 * status bits and saves them for the DPC; MiniportHandleInterrupt takes the
 * saved bits synchronized with the ISR (common/ndd_interrupt.c), services
 * both rings and the link, and unmasks again. The chip's line is
 * level-triggered: events that arrive while masked raise it again on
 * unmask, so none is lost.
 */
#include "rtl8139.h"

VOID RtlIsr(PBOOLEAN Recognized, PBOOLEAN QueueDpc, NDIS_HANDLE Context)
{
	PRTL_ADAPTER A = Context;
	USHORT Status;

	*Recognized = FALSE;
	*QueueDpc = FALSE;
	Status = RtlRead16(A, RTL_ISR);
	/* All ones: the card is gone; nothing of ours: a line partner's. */
	if (Status == 0xffff || !(Status & A->ImrShadow))
		return;
	RtlWrite16(A, RTL_IMR, 0);
	A->ImrShadow = 0;
	RtlWrite16(A, RTL_ISR, Status);
	A->Irq.Events |= Status;
	*Recognized = TRUE;
	*QueueDpc = TRUE;
}

VOID RtlEnableInterrupt(NDIS_HANDLE Context)
{
	PRTL_ADAPTER A = Context;

	if (A->Halting || A->Removed)
		return;
	A->ImrShadow = RTL_INT_MASK;
	RtlWrite16(A, RTL_IMR, RTL_INT_MASK);
}

VOID RtlDisableInterrupt(NDIS_HANDLE Context)
{
	PRTL_ADAPTER A = Context;

	A->ImrShadow = 0;
	RtlWrite16(A, RTL_IMR, 0);
}

/* Follow the chip's link state; tell NDIS when it changed, or Always. */
VOID RtlCheckLink(PRTL_ADAPTER A, BOOLEAN Always)
{
	ULONG Speed;
	BOOLEAN Up = RtlLinkUp(A, &Speed);

	NddEthSetLink(A->Handle, &A->Eth, &A->TxLock, Up, Speed, Always);
}

VOID RtlHandleInterrupt(NDIS_HANDLE Context)
{
	PRTL_ADAPTER A = Context;
	ULONG Events = NddTakeEvents(&A->Irq);

	if (Events & RTL_INT_SERR)
		A->PciErrors++;
	if (Events & RTL_INT_LINKCHG)
		RtlCheckLink(A, FALSE);
	/* Poll both rings whatever the bits say: cheap, and never stalls. */
	NddRxRingProcess(&A->Rx);
	NddTxComplete(&A->Tx);
	NddSynchronized(&A->Irq, RtlEnableInterrupt, A);
}
