// SPDX-License-Identifier: GPL-2.0-only
/*
 * Interrupts: NdisMRegisterInterruptEx with line-based and (MSI) message
 * handlers. The ISR claims only the causes this driver unmasks, masks the
 * chip and leaves the work to the DPC, which unmasks when it is done.
 */
#include "e1000e6.h"

/* The causes this driver services (MSI-X adds its per-queue ones). */
static ULONG E6Causes(PE6_ADAPTER Adapter)
{
	return Adapter->InterruptType == NDIS_CONNECT_MESSAGE_BASED ?
	       E6_INT_SERVICED | E6_INT_MSIX : E6_INT_SERVICED;
}

VOID E6EnableInterrupts(PE6_ADAPTER Adapter)
{
	E6_WRITE(Adapter, E6_IMS, E6Causes(Adapter));
}

VOID E6DisableInterrupts(PE6_ADAPTER Adapter)
{
	E6_WRITE(Adapter, E6_IMC, E6_INT_ALL);
}

/*
 * Every cause on vector 0 (receive queues 0 and 1, transmit queues 0 and 1,
 * other causes: a valid bit and vector 0 in each nibble), PBA support on:
 * in MSI-X mode the 82574 signals nothing without them. Called after each
 * chip reset; nothing to do for the line or MSI.
 */
VOID E6RouteMessages(PE6_ADAPTER Adapter)
{
	if (Adapter->InterruptType != NDIS_CONNECT_MESSAGE_BASED)
		return;
	E6_WRITE(Adapter, E6_CTRL_EXT, E6_READ(Adapter, E6_CTRL_EXT) |
		 E6_CTRL_EXT_PBA_SUPPORT);
	E6_WRITE(Adapter, E6_IVAR, 0x00088888);
}

/*
 * Reading ICR clears it for the line and MSI; with MSI-X the causes read
 * are written back (write one to clear).
 */
static BOOLEAN E6Isr(PE6_ADAPTER Adapter, PBOOLEAN QueueDpc, PULONG Targets)
{
	ULONG icr = E6_READ(Adapter, E6_ICR);
	ULONG mine = E6Causes(Adapter);

	*QueueDpc = FALSE;
	*Targets = 0;
	/* all ones: the card is gone; no cause of ours: a line partner's */
	if (icr == E6_INT_ALL || !(icr & mine))
		return FALSE;
	if (Adapter->InterruptType == NDIS_CONNECT_MESSAGE_BASED)
		E6_WRITE(Adapter, E6_ICR, icr);
	E6DisableInterrupts(Adapter);
	InterlockedOr(&Adapter->PendingCauses, (LONG)(icr & mine));
	*QueueDpc = TRUE;
	return TRUE;
}

static VOID E6Dpc(PE6_ADAPTER Adapter, PVOID ThrottleParameters)
{
	PNDIS_RECEIVE_THROTTLE_PARAMETERS throttle = ThrottleParameters;
	ULONG causes = (ULONG)InterlockedExchange(&Adapter->PendingCauses, 0);
	ULONG max = throttle ? throttle->MaxNblsToIndicate : NDIS_INDICATE_ALL_NBLS;
	BOOLEAN more = FALSE;

	if (causes & E6_INT_LSC)
		E6LinkChanged(Adapter);
	E6SendComplete(Adapter, FALSE, NDIS_STATUS_SUCCESS);
	E6Receive(Adapter, max, &more);
	if (more && throttle) {
		/* NDIS calls the DPC again; interrupts stay masked until then */
		throttle->MoreNblsPending = 1;
		return;
	}
	if (!Adapter->Halting)
		E6EnableInterrupts(Adapter);
}

static BOOLEAN NTAPI E6LineIsr(NDIS_HANDLE Context, PBOOLEAN QueueDpc,
			       PULONG Targets)
{
	return E6Isr(Context, QueueDpc, Targets);
}

static VOID NTAPI E6LineDpc(NDIS_HANDLE Context, PVOID DpcContext,
			    PVOID ThrottleParameters, PVOID Reserved)
{
	E6Dpc(Context, ThrottleParameters);
}

static VOID NTAPI E6LineDisable(NDIS_HANDLE Context)
{
	E6DisableInterrupts(Context);
}

static VOID NTAPI E6LineEnable(NDIS_HANDLE Context)
{
	E6EnableInterrupts(Context);
}

/* One message (MSI, or MSI-X routed by E6RouteMessages): every cause. */
static BOOLEAN NTAPI E6MessageIsr(NDIS_HANDLE Context, ULONG MessageId,
				  PBOOLEAN QueueDpc, PULONG Targets)
{
	return E6Isr(Context, QueueDpc, Targets);
}

static VOID NTAPI E6MessageDpc(NDIS_HANDLE Context, ULONG MessageId,
			       PVOID DpcContext, PVOID ThrottleParameters,
			       PVOID Reserved)
{
	E6Dpc(Context, ThrottleParameters);
}

static VOID NTAPI E6MessageDisable(NDIS_HANDLE Context, ULONG MessageId)
{
	E6DisableInterrupts(Context);
}

static VOID NTAPI E6MessageEnable(NDIS_HANDLE Context, ULONG MessageId)
{
	E6EnableInterrupts(Context);
}

NDIS_STATUS E6RegisterInterrupt(PE6_ADAPTER Adapter)
{
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS ic;
	NDIS_STATUS status;

	NdisZeroMemory(&ic, sizeof(ic));
	ic.Header.Type = NDIS_OBJECT_TYPE_MINIPORT_INTERRUPT;
	ic.Header.Revision = NDIS_MINIPORT_INTERRUPT_REVISION_1;
	ic.Header.Size = NDIS_SIZEOF_MINIPORT_INTERRUPT_CHARACTERISTICS_REVISION_1;
	ic.InterruptHandler = E6LineIsr;
	ic.InterruptDpcHandler = E6LineDpc;
	ic.DisableInterruptHandler = E6LineDisable;
	ic.EnableInterruptHandler = E6LineEnable;
	ic.MsiSupported = TRUE;
	ic.MsiSyncWithAllMessages = TRUE;
	ic.MessageInterruptHandler = E6MessageIsr;
	ic.MessageInterruptDpcHandler = E6MessageDpc;
	ic.DisableMessageInterruptHandler = E6MessageDisable;
	ic.EnableMessageInterruptHandler = E6MessageEnable;

	status = NdisMRegisterInterruptEx(Adapter->Handle, Adapter, &ic,
					  &Adapter->InterruptHandle);
	if (status != NDIS_STATUS_SUCCESS) {
		Adapter->InterruptHandle = NULL;
		return status;
	}
	Adapter->InterruptType = ic.InterruptType;
	return NDIS_STATUS_SUCCESS;
}
