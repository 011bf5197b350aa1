// SPDX-License-Identifier: GPL-2.0-only
/*
 * Interrupts: MiniportISR claims an interrupt only while IENA is on and
 * CSR0.INTR says the chip asserts it (the PCI line may be shared), then
 * turns IENA off, keeping RAP as it found it. MiniportHandleInterrupt
 * acknowledges the events it read, serves both rings and turns IENA on.
 */
#include "pcnet.h"

VOID PcnIsr(PBOOLEAN Recognized, PBOOLEAN QueueDpc, NDIS_HANDLE Context)
{
	PPCN_ADAPTER A = Context;
	USHORT Rap, Csr0;

	*Recognized = FALSE;
	*QueueDpc = FALSE;
	if (!A->IntEnabled)
		return;
	NdisRawReadPortUshort(A->Port + PCN_RAP, &Rap);
	Csr0 = PcnReadCsr(A, 0);
	if (Csr0 != 0xffff && (Csr0 & CSR0_INTR)) {
		PcnWriteCsr(A, 0, 0);		/* IENA off */
		A->IntEnabled = FALSE;
		*Recognized = TRUE;
		*QueueDpc = TRUE;
	}
	NdisRawWritePortUshort(A->Port + PCN_RAP, Rap);
}

VOID PcnHandleInterrupt(NDIS_HANDLE Context)
{
	PPCN_ADAPTER A = Context;
	BOOLEAN Indicated = FALSE;
	UINT Round;

	for (Round = 0; Round < 16; Round++) {
		USHORT Csr0 = PcnReadCsr(A, 0) & CSR0_EVENTS;

		if (!Csr0)
			break;
		PcnWriteCsr(A, 0, Csr0);	/* acknowledge; IENA stays off */
		if (Csr0 & CSR0_MISS)
			A->RxMissed++;
		if (Csr0 & CSR0_RINT)
			Indicated |= PcnReceive(A);
		if (Csr0 & CSR0_TINT)
			PcnSendDone(A, FALSE);
	}
	/* A frame may have landed between the last look and now. */
	Indicated |= PcnReceive(A);
	if (Indicated)
		NdisMEthIndicateReceiveComplete(A->Handle);
	PcnUnmask(A);
}
