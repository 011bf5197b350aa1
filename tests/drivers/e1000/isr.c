// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndle1000 interrupts. Reading ICR returns and clears every pending cause,
 * so the ISR (at DIRQL, on a line it may share) reads it only while our
 * causes are unmasked: otherwise the interrupt is a line partner's, and
 * ours wait in ICR until the unmask raises the line again. A claimed
 * interrupt masks everything (IMC) and saves the causes for
 * MiniportHandleInterrupt, which takes them synchronized with the ISR
 * (common/ndd_interrupt.c), follows a link status change, services both
 * rings and unmasks (IMS).
 */
#include "ndle1000.h"

VOID E1kIsr(PBOOLEAN Recognized, PBOOLEAN QueueDpc, NDIS_HANDLE Context)
{
	PE1K_ADAPTER A = Context;
	ULONG Icr;

	*Recognized = FALSE;
	*QueueDpc = FALSE;
	if (!A->ImsShadow)
		return;
	Icr = E1kRead(A, E1K_ICR);
	/* All ones: the card is gone; nothing of ours: a line partner's. */
	if (Icr == 0xffffffff || !(Icr & A->ImsShadow))
		return;
	E1kWrite(A, E1K_IMC, E1K_INT_ALL);
	A->ImsShadow = 0;
	A->Irq.Events |= Icr;
	*Recognized = TRUE;
	*QueueDpc = TRUE;
}

VOID E1kEnableInterrupt(NDIS_HANDLE Context)
{
	PE1K_ADAPTER A = Context;

	if (A->Halting || A->Removed)
		return;
	A->ImsShadow = E1K_INT_MASK;
	E1kWrite(A, E1K_IMS, E1K_INT_MASK);
}

VOID E1kDisableInterrupt(NDIS_HANDLE Context)
{
	PE1K_ADAPTER A = Context;

	A->ImsShadow = 0;
	if (!A->Removed)
		E1kWrite(A, E1K_IMC, E1K_INT_ALL);
}

/* Follow STATUS.LU; tell NDIS when it changed, or Always. */
VOID E1kCheckLink(PE1K_ADAPTER A, BOOLEAN Always)
{
	ULONG Speed;
	BOOLEAN Up = E1kLinkUp(A, &Speed);

	NddEthSetLink(A->Handle, &A->Eth, &A->TxLock, Up, Speed, Always);
}

VOID E1kHandleInterrupt(NDIS_HANDLE Context)
{
	PE1K_ADAPTER A = Context;

	if (NddTakeEvents(&A->Irq) & E1K_INT_LSC)
		E1kCheckLink(A, FALSE);
	/* Poll both rings whatever the causes say: cheap, and never stalls. */
	NddRxRingProcess(&A->Rx);
	NddTxComplete(&A->Tx);
	NddSynchronized(&A->Irq, E1kEnableInterrupt, A);
}
