// SPDX-License-Identifier: GPL-2.0-only
/*
 * Interrupts. With the INF's RequestIsr=1 NDIS calls MiniportISR, which
 * claims the interrupt only when an unmasked cause is pending (the PCI line
 * may be shared) and masks IMR; MiniportHandleInterrupt unmasks when done.
 * With RequestIsr=0 (an unshared line, the NDIS 3.0 way) NDIS itself calls
 * MiniportDisableInterrupt, then MiniportHandleInterrupt, then
 * MiniportEnableInterrupt. MiniportHandleInterrupt reads and acknowledges
 * ISR itself and serves the causes: receive, transmit done, ring overflow
 * (the datasheet's recovery), tally counters.
 */
#include "ne2k.h"

VOID Ne2kIsr(PBOOLEAN Recognized, PBOOLEAN QueueDpc, NDIS_HANDLE Context)
{
	PNE2K_ADAPTER A = Context;
	UCHAR Isr;

	*Recognized = FALSE;
	*QueueDpc = FALSE;
	if (!A->IntEnabled)
		return;		/* IMR is 0: the card is not asserting */
	Isr = Ne2kIn(A, NE_P0_ISR);
	if (Isr == 0xff || !(Isr & NE2K_IMR))
		return;		/* a line partner's, or the card is gone */
	Ne2kOut(A, NE_P0_IMR, 0);
	A->IntEnabled = FALSE;
	*Recognized = TRUE;
	*QueueDpc = TRUE;
}

VOID Ne2kDisableInterrupt(NDIS_HANDLE Context)
{
	PNE2K_ADAPTER A = Context;

	Ne2kOut(A, NE_P0_IMR, 0);
	A->IntEnabled = FALSE;
}

VOID Ne2kEnableInterrupt(NDIS_HANDLE Context)
{
	PNE2K_ADAPTER A = Context;

	A->IntEnabled = TRUE;
	Ne2kOut(A, NE_P0_IMR, NE2K_IMR);
}

static BOOLEAN Ne2kEnableSync(PVOID Context)
{
	Ne2kEnableInterrupt(Context);
	return TRUE;
}

/*
 * Receive ring overflow, as the datasheet prescribes: stop, wait for a
 * frame in progress, clear the DMA count, note whether a transmission
 * was cut short, restart in loopback, empty the ring, acknowledge OVW,
 * leave loopback and resend if needed.
 */
static BOOLEAN Ne2kOverflow(PNE2K_ADAPTER A)
{
	BOOLEAN WasSending = (Ne2kIn(A, NE_CR) & CR_TXP) != 0;
	BOOLEAN Resend = FALSE, Indicated;

	Ne2kOut(A, NE_CR, CR_STP | CR_RD_ABORT);
	NdisStallExecution(1600);
	Ne2kOut(A, NE_P0_RBCR0, 0);
	Ne2kOut(A, NE_P0_RBCR1, 0);
	if (WasSending && !(Ne2kIn(A, NE_P0_ISR) & (ISR_PTX | ISR_TXE)))
		Resend = TRUE;
	Ne2kOut(A, NE_P0_TCR, TCR_LOOPBACK);
	Ne2kOut(A, NE_CR, CR_STA | CR_RD_ABORT);
	Indicated = Ne2kReceive(A);
	Ne2kOut(A, NE_P0_ISR, ISR_OVW);
	Ne2kOut(A, NE_P0_TCR, 0);
	if (Resend)
		Ne2kOut(A, NE_CR, CR_STA | CR_RD_ABORT | CR_TXP);
	A->Overflows++;
	return Indicated;
}

VOID Ne2kHandleInterrupt(NDIS_HANDLE Context)
{
	PNE2K_ADAPTER A = Context;
	BOOLEAN Indicated = FALSE;
	UINT Round;

	for (Round = 0; Round < 32; Round++) {
		UCHAR Isr = Ne2kIn(A, NE_P0_ISR) & NE2K_IMR;

		if (!Isr)
			break;
		if (Isr & ISR_OVW) {
			Indicated |= Ne2kOverflow(A);
			continue;
		}
		if (Isr & ISR_CNT)
			Ne2kReadCounters(A);
		/* Acknowledged before the ring is read: a frame arriving
		 * meanwhile sets PRX again. */
		Ne2kOut(A, NE_P0_ISR, Isr);
		if (Isr & ISR_RXE)
			A->RxErr++;
		if (Isr & ISR_PRX)
			Indicated |= Ne2kReceive(A);
		if (Isr & (ISR_PTX | ISR_TXE))
			Ne2kSendDone(A, Isr & ISR_PTX ? NDIS_STATUS_SUCCESS :
					NDIS_STATUS_FAILURE);
	}
	if (Indicated)
		NdisMEthIndicateReceiveComplete(A->Handle);
	/* NDIS calls MiniportEnableInterrupt itself when it masked. */
	if (A->RequestIsr && A->Started)
		NdisMSynchronizeWithInterrupt(&A->Interrupt, (PVOID)Ne2kEnableSync, A);
}
