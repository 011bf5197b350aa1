// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtl8139 driver entry and adapter life cycle: find the chip's resources,
 * map its registers (BAR0 ports, or BAR1 memory when the INF's IoMode asks),
 * read the MAC, set up scatter-gather DMA, the rings in shared memory and
 * the interrupt, start the chip; halt and shutdown undo it.
 */
#include "rtl8139.h"

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath);

static VOID RtlReadConfig(PRTL_ADAPTER A, NDIS_HANDLE Wcc)
{
	NDIS_HANDLE Config;
	NDIS_STATUS Status;

	A->RxCount = 64;
	A->TxCount = 64;
	NdisOpenConfiguration(&Status, &Config, Wcc);
	if (Status != NDIS_STATUS_SUCCESS)
		return;
	A->UseMmio = NddReadInt(Config, L"IoMode", 0, 0, 1) == 1;
	A->FirstBufferOnly = NddReadInt(Config, L"TestFirstBufferOnly", 0, 0,
					1) == 1;
	A->McastClobbersMac = NddReadInt(Config, L"TestMulticastClobbersMac",
					 0, 0, 1) == 1;
	A->RxCount = NddReadInt(Config, L"ReceiveDescriptors", 64, 16, 256);
	/* The chip's normal-priority Tx ring holds at most 64 entries. */
	A->TxCount = NddReadInt(Config, L"TransmitDescriptors", 64, 16,
				RTL_TX_RING_MAX);
	/* An all-zero address counts as none: the chip's MAC is used. */
	NddReadNetworkAddress(Config, A->Eth.CurrentAddress);
	NdisCloseConfiguration(Config);
}

/* Is this the C+ chip? Older RTL8139s have no descriptor mode. */
static NDIS_STATUS RtlCheckChip(PRTL_ADAPTER A)
{
	ULONG Ids = 0;
	UCHAR Rev = 0;

	NdisReadPciSlotInformation(A->Handle, 0, 0, &Ids, sizeof(Ids));
	NdisReadPciSlotInformation(A->Handle, 0, 8, &Rev, sizeof(Rev));
	if ((Ids & 0xffff) == RTL_VENDOR_ID && Ids >> 16 == RTL_DEVICE_ID &&
	    Rev >= RTL_REV_CPLUS)
		return NDIS_STATUS_SUCCESS;
	NdisWriteErrorLogEntry(A->Handle, NDIS_ERROR_CODE_ADAPTER_NOT_FOUND,
			       2, Ids, (ULONG)Rev);
	return NDIS_STATUS_ADAPTER_NOT_FOUND;
}

/* The registers the INF's IoMode asks for: BAR0 ports or BAR1 memory. */
static NDIS_STATUS RtlParseResources(PVOID Context, PNDIS_RESOURCE_LIST List)
{
	PRTL_ADAPTER A = Context;
	PCM_PARTIAL_RESOURCE_DESCRIPTOR Io, Mem;

	Io = NddFindRange(List, CmResourceTypePort, RTL_REG_SIZE);
	Mem = NddFindRange(List, CmResourceTypeMemory, RTL_REG_SIZE);
	if (Io) {
		A->IoStart = Io->u.Port.Start;
		A->IoLength = Io->u.Port.Length;
	}
	if (Mem) {
		A->MmioPa = Mem->u.Memory.Start;
		A->MmioLength = Mem->u.Memory.Length;
	}
	if (!(A->UseMmio ? Mem : Io))
		return NDIS_STATUS_RESOURCE_CONFLICT;
	return NDIS_STATUS_SUCCESS;
}

static NDIS_STATUS RtlMapRegisters(PRTL_ADAPTER A)
{
	NDIS_STATUS Status;
	PVOID Base;

	if (A->UseMmio) {
		Status = NdisMMapIoSpace(&Base, A->Handle, A->MmioPa,
					 RTL_REG_SIZE);
		A->Mmio = Base;
		return Status;
	}
	Status = NdisMRegisterIoPortRange(&Base, A->Handle,
					  NdisGetPhysicalAddressLow(A->IoStart),
					  RTL_REG_SIZE);
	if (Status == NDIS_STATUS_SUCCESS) {
		A->IoBase = (ULONG_PTR)Base;
		A->IoRegistered = TRUE;
	}
	return Status;
}

static VOID RtlUnmapRegisters(PRTL_ADAPTER A)
{
	if (A->Mmio)
		NdisMUnmapIoSpace(A->Handle, A->Mmio, RTL_REG_SIZE);
	if (A->IoRegistered)
		NdisMDeregisterIoPortRange(A->Handle,
					   NdisGetPhysicalAddressLow(A->IoStart),
					   RTL_REG_SIZE, (PVOID)A->IoBase);
	A->Mmio = NULL;
	A->IoRegistered = FALSE;
}

/* Rings, tally block and bounce buffers in one shared allocation. */
static NDIS_STATUS RtlAllocShared(PRTL_ADAPTER A)
{
	ULONG RxOff = 0, TxOff, TallyOff, BounceOff;
	NDIS_STATUS Status;

	TxOff = NDD_ALIGN(RxOff + A->RxCount * sizeof(RTL_DESC),
			  RTL_RING_ALIGN);
	TallyOff = NDD_ALIGN(TxOff + A->TxCount * sizeof(RTL_DESC), 64);
	BounceOff = NDD_ALIGN(TallyOff + sizeof(RTL_TALLY), 64);
	Status = NddSharedAlloc(A->Handle, &A->Shared,
				BounceOff + RTL_BOUNCE_COUNT * RTL_RX_BUF_SIZE,
				RTL_RING_ALIGN);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	A->RxRing = NddSharedAt(&A->Shared, RxOff, &A->RxRingPa);
	A->TxRing = NddSharedAt(&A->Shared, TxOff, &A->TxRingPa);
	A->Tally = NddSharedAt(&A->Shared, TallyOff, &A->TallyPa);
	A->Tx.Bounce.Va = NddSharedAt(&A->Shared, BounceOff, &A->Tx.Bounce.Pa);
	A->Tx.Bounce.Size = RTL_RX_BUF_SIZE;
	A->Tx.Bounce.Count = RTL_BOUNCE_COUNT;
	return NDIS_STATUS_SUCCESS;
}

static VOID RtlFree(PRTL_ADAPTER A)
{
	NddRxRingFree(&A->Rx);
	NddTxFree(&A->Tx);
	NddSharedFree(A->Handle, &A->Shared);
	RtlUnmapRegisters(A);
	NdisFreeSpinLock(&A->RxLock);
	NdisFreeSpinLock(&A->TxLock);
	NdisFreeMemory(A, sizeof(*A), 0);
}

static NDIS_STATUS RtlInitialize(PNDIS_STATUS OpenErrorStatus,
				 PUINT SelectedMediumIndex,
				 PNDIS_MEDIUM MediumArray, UINT MediumArraySize,
				 NDIS_HANDLE Handle, NDIS_HANDLE Wcc)
{
	PRTL_ADAPTER A;
	NDIS_STATUS Status;

	Status = NddAllocateAdapter(SelectedMediumIndex, MediumArray,
				    MediumArraySize, (PVOID *)&A, sizeof(*A),
				    RTL_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	A->Handle = Handle;
	NdisAllocateSpinLock(&A->RxLock);
	NdisAllocateSpinLock(&A->TxLock);
	RtlReadConfig(A, Wcc);

	NddSetBusMasterAttributes(Handle, A);
	Status = RtlCheckChip(A);
	if (Status != NDIS_STATUS_SUCCESS)
		goto fail;
	Status = NddQueryResources(Wcc, &A->Irq, RtlParseResources, A, RTL_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		goto fail;
	Status = RtlMapRegisters(A);
	if (Status != NDIS_STATUS_SUCCESS)
		goto fail;
	RtlWrite16(A, RTL_IMR, 0);
	if (!RtlResetChip(A)) {
		NdisWriteErrorLogEntry(Handle, NDIS_ERROR_CODE_HARDWARE_FAILURE,
				       1, (ULONG)RtlRead8(A, RTL_CR));
		Status = NDIS_STATUS_HARD_ERRORS;
		goto fail;
	}

	RtlReadMac(A, A->Eth.PermanentAddress);
	if (!(A->Eth.CurrentAddress[0] | A->Eth.CurrentAddress[1] |
	      A->Eth.CurrentAddress[2] | A->Eth.CurrentAddress[3] |
	      A->Eth.CurrentAddress[4] | A->Eth.CurrentAddress[5]))
		NdisMoveMemory(A->Eth.CurrentAddress, A->Eth.PermanentAddress,
			       NDD_ETH_ALEN);
	RtlWriteMac(A, A->Eth.CurrentAddress);

	/*
	 * 32-bit DMA: we leave the chip's dual-address cycles off. A large
	 * send maps up to the chip's whole assembly buffer.
	 */
	Status = NdisMInitializeScatterGatherDma(Handle, FALSE,
						 RtlLsoPossible(A) ?
						 RTL_TX_MAX_FRAME :
						 NDD_ETH_MAX_FRAME);
	if (Status != NDIS_STATUS_SUCCESS)
		goto fail;
	Status = RtlAllocShared(A);
	if (Status != NDIS_STATUS_SUCCESS)
		goto fail;
	Status = NddTxInit(&A->Tx, Handle, &A->Eth, &A->TxLock, &RtlTxOps, A,
			   A->TxCount, A->TxCount, RTL_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		goto fail;
	if (RtlLsoPossible(A))
		A->Tx.MaxTotal = RTL_TX_MAX_FRAME;	/* large sends */
	/* One shared block for all the receive buffers. */
	Status = NddRxRingInit(&A->Rx, Handle, &A->Eth, &A->RxLock, &RtlRxOps,
			       A, A->RxCount, RTL_RX_BUF_SIZE,
			       2 * A->RxCount, RTL_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		goto fail;
	RtlTxRingInit(A);
	NddRxRingFill(&A->Rx);

	/* Addresses came from the chip and NetworkAddress above. */
	NddEthInit(&A->Eth, RtlOids, RtlOidsSize,
		   0x4ce000,	/* Realtek OUI 00-E0-4C */
		   "Realtek RTL8139C+ Fast Ethernet (ndisload test driver)",
		   RTL_VERSION_MAJOR << 16 | RTL_VERSION_MINOR, NULL);
	A->Eth.TxBufferSpace = A->TxCount * NDD_ETH_MAX_FRAME;
	A->Eth.RxBufferSpace = A->RxCount * RTL_RX_BUF_SIZE;
	A->Eth.MaxSendPackets = A->TxCount / 2;

	RtlStartChip(A);
	Status = NddRegisterInterrupt(&A->Irq, Handle, RtlEnableInterrupt, A);
	if (Status != NDIS_STATUS_SUCCESS) {
		RtlStopChip(A);
		goto fail;
	}

	/* Report the link as the chip sees it now. */
	RtlCheckLink(A, TRUE);
	return NDIS_STATUS_SUCCESS;

fail:
	RtlFree(A);
	return Status;
}

static VOID RtlHalt(NDIS_HANDLE Context)
{
	PRTL_ADAPTER A = Context;

	A->Halting = TRUE;
	NddSynchronized(&A->Irq, RtlDisableInterrupt, A);
	if (!A->Removed) {
		RtlStopChip(A);
		RtlResetChip(A);
	}
	NdisMDeregisterInterrupt(&A->Irq.Object);
	NddTxAbort(&A->Tx, NDIS_STATUS_FAILURE);
	NddRxWaitIdle(&A->Rx.Pool);
	RtlFree(A);
}

/* System shutdown, any IRQL: just stop the chip's DMA. */
static VOID RtlShutdown(PVOID Context)
{
	PRTL_ADAPTER A = Context;

	if (A->Removed)
		return;
	RtlStopChip(A);
	RtlResetChip(A);
}

static VOID RtlPnPEvent(NDIS_HANDLE Context, NDIS_DEVICE_PNP_EVENT Event,
			PVOID Buffer, ULONG Length)
{
	PRTL_ADAPTER A = Context;

	if (Event == NdisDevicePnPEventSurpriseRemoved)
		A->Removed = TRUE;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
	NDIS_MINIPORT_CHARACTERISTICS Chars = {
		.InitializeHandler = RtlInitialize,
		.HaltHandler = RtlHalt,
		.ResetHandler = RtlReset,
		.CheckForHangHandler = RtlCheckForHang,
		.QueryInformationHandler = RtlQueryInformation,
		.SetInformationHandler = RtlSetInformation,
		.ISRHandler = RtlIsr,
		.HandleInterruptHandler = RtlHandleInterrupt,
		.EnableInterruptHandler = RtlEnableInterrupt,
		.DisableInterruptHandler = RtlDisableInterrupt,
		.SendPacketsHandler = RtlSendPackets,
		.ReturnPacketHandler = RtlReturnPacket,
		.CancelSendPacketsHandler = RtlCancelSendPackets,
		.PnPEventNotifyHandler = RtlPnPEvent,
		.AdapterShutdownHandler = RtlShutdown,
	};

	return NddRegisterMiniport(DriverObject, RegistryPath, &Chars, NULL);
}
