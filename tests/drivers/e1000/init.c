// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndle1000 driver entry and adapter life cycle: check the chip, find its
 * resources, map BAR0, reset the MAC, read the address, declare 64-bit
 * scatter-gather DMA, put both rings in shared memory, start
 * auto-negotiation, start the chip and take the interrupt; halt and
 * shutdown undo it.
 */
#include "ndle1000.h"

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath);

/* The 8254x parts with the 82540EM's register layout. */
static const USHORT E1kDeviceIds[] = {
	0x100e,	/* 82540EM desktop (QEMU's e1000) */
	0x1015,	/* 82540EM mobile */
	0x1016,	/* 82540EP mobile */
	0x1017,	/* 82540EP desktop */
	0x101e,	/* 82540EP mobile */
	0x100f,	/* 82545EM copper (QEMU's e1000-82545em) */
};

static VOID E1kReadConfig(PE1K_ADAPTER A, NDIS_HANDLE Wcc)
{
	NDIS_HANDLE Config;
	NDIS_STATUS Status;

	A->RxCount = 256;
	A->TxCount = 256;
	A->Itr = E1K_ITR_MODERATED;
	NdisOpenConfiguration(&Status, &Config, Wcc);
	if (Status != NDIS_STATUS_SUCCESS)
		return;
	/* Ring lengths are multiples of 128 bytes: 8 descriptors. */
	A->RxCount = NddReadInt(Config, L"ReceiveDescriptors", 256, 64,
				1024) & ~7u;
	A->TxCount = NddReadInt(Config, L"TransmitDescriptors", 256, 64,
				1024) & ~7u;
	if (!NddReadInt(Config, L"InterruptModeration", 1, 0, 1))
		A->Itr = 0;
	NddReadNetworkAddress(Config, A->Eth.CurrentAddress);
	E1kFaultReadConfig(A, Config);
	NdisCloseConfiguration(Config);
}

static NDIS_STATUS E1kCheckChip(PE1K_ADAPTER A)
{
	ULONG Ids = 0, i;

	NdisReadPciSlotInformation(A->Handle, 0, 0, &Ids, sizeof(Ids));
	if ((Ids & 0xffff) == E1K_VENDOR_ID) {
		for (i = 0; i < sizeof(E1kDeviceIds) / sizeof(E1kDeviceIds[0]);
		     i++) {
			if (Ids >> 16 == E1kDeviceIds[i]) {
				A->DeviceId = (USHORT)(Ids >> 16);
				return NDIS_STATUS_SUCCESS;
			}
		}
	}
	NdisWriteErrorLogEntry(A->Handle, NDIS_ERROR_CODE_ADAPTER_NOT_FOUND,
			       1, Ids);
	return NDIS_STATUS_ADAPTER_NOT_FOUND;
}

static NDIS_STATUS E1kParseResources(PVOID Context, PNDIS_RESOURCE_LIST List)
{
	PE1K_ADAPTER A = Context;
	PCM_PARTIAL_RESOURCE_DESCRIPTOR D;

	/* BAR0; the flash BAR, when there is one, is smaller. */
	D = NddFindRange(List, CmResourceTypeMemory, E1K_REG_SIZE);
	if (!D)
		return NDIS_STATUS_RESOURCE_CONFLICT;
	A->RegsPa = D->u.Memory.Start;
	A->RegsLength = E1K_REG_SIZE;
	return NDIS_STATUS_SUCCESS;
}

/* Both rings and the copy buffers in one block, 128-byte aligned. */
static NDIS_STATUS E1kAllocShared(PE1K_ADAPTER A)
{
	ULONG TxOff = 0, RxOff, BounceOff;
	NDIS_STATUS Status;

	RxOff = NDD_ALIGN(TxOff + A->TxCount * sizeof(E1K_TX_DESC),
			  E1K_RING_ALIGN);
	BounceOff = NDD_ALIGN(RxOff + A->RxCount * sizeof(E1K_RX_DESC),
			      E1K_RING_ALIGN);
	Status = NddSharedAlloc(A->Handle, &A->Shared,
				BounceOff + E1K_BOUNCE_COUNT * E1K_RX_BUF_SIZE,
				E1K_RING_ALIGN);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	A->TxRing = NddSharedAt(&A->Shared, TxOff, &A->TxRingPa);
	A->RxRing = NddSharedAt(&A->Shared, RxOff, &A->RxRingPa);
	A->Tx.Bounce.Va = NddSharedAt(&A->Shared, BounceOff, &A->Tx.Bounce.Pa);
	A->Tx.Bounce.Size = E1K_RX_BUF_SIZE;
	A->Tx.Bounce.Count = E1K_BOUNCE_COUNT;
	return NDIS_STATUS_SUCCESS;
}

static VOID E1kFree(PE1K_ADAPTER A)
{
	NddRxRingFree(&A->Rx);
	NddTxFree(&A->Tx);
	NddSharedFree(A->Handle, &A->Shared);
	if (A->Regs)
		NdisMUnmapIoSpace(A->Handle, A->Regs, A->RegsLength);
	NdisFreeSpinLock(&A->RxLock);
	NdisFreeSpinLock(&A->TxLock);
	NdisFreeSpinLock(&A->StatLock);
	NdisFreeMemory(A, sizeof(*A), 0);
}

static BOOLEAN E1kAddressSet(const UCHAR *Mac)
{
	return (Mac[0] | Mac[1] | Mac[2] | Mac[3] | Mac[4] | Mac[5]) != 0;
}

static VOID E1kInitEth(PE1K_ADAPTER A)
{
	/* Intel OUI 00-1B-21; the addresses are set already. */
	NddEthInit(&A->Eth, E1kOids, E1kOidsSize, 0x1b2100,
		   "Intel PRO/1000 MT (82540EM) Gigabit Ethernet (ndisload test driver)",
		   E1K_VERSION_MAJOR << 16 | E1K_VERSION_MINOR, NULL);
	A->Eth.TxBufferSpace = A->TxCount * NDD_ETH_MAX_FRAME;
	A->Eth.RxBufferSpace = A->RxCount * E1K_RX_BUF_SIZE;
	A->Eth.MaxSendPackets = 64;
	A->Eth.LinkSpeed = 10000000;	/* until the link says otherwise */
}

static NDIS_STATUS E1kSetupHardware(PE1K_ADAPTER A)
{
	NDIS_STATUS Status;

	Status = NdisMMapIoSpace((PVOID *)&A->Regs, A->Handle, A->RegsPa,
				 A->RegsLength);
	if (Status != NDIS_STATUS_SUCCESS) {
		A->Regs = NULL;
		return Status;
	}
	if (!E1kResetChip(A)) {
		NdisWriteErrorLogEntry(A->Handle,
				       NDIS_ERROR_CODE_HARDWARE_FAILURE, 1,
				       E1kRead(A, E1K_CTRL));
		return NDIS_STATUS_HARD_ERRORS;
	}
	if (!E1kReadMac(A, A->Eth.PermanentAddress) &&
	    !E1kAddressSet(A->Eth.CurrentAddress)) {
		NdisWriteErrorLogEntry(A->Handle,
				       NDIS_ERROR_CODE_NETWORK_ADDRESS, 0);
		return NDIS_STATUS_HARD_ERRORS;
	}
	if (!E1kAddressSet(A->Eth.CurrentAddress))
		NdisMoveMemory(A->Eth.CurrentAddress, A->Eth.PermanentAddress,
			       NDD_ETH_ALEN);
	/*
	 * The chip does 64-bit addressing in descriptors and buffers; a large
	 * send maps up to a 64 KiB IP packet.
	 */
	return NdisMInitializeScatterGatherDma(A->Handle, TRUE,
					       E1K_LSO_MAX_FRAME);
}

static NDIS_STATUS E1kInitialize(PNDIS_STATUS OpenErrorStatus,
				 PUINT SelectedMediumIndex,
				 PNDIS_MEDIUM MediumArray, UINT MediumArraySize,
				 NDIS_HANDLE Handle, NDIS_HANDLE Wcc)
{
	PE1K_ADAPTER A;
	NDIS_STATUS Status;

	Status = NddAllocateAdapter(SelectedMediumIndex, MediumArray,
				    MediumArraySize, (PVOID *)&A, sizeof(*A),
				    E1K_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	A->Handle = Handle;
	NdisAllocateSpinLock(&A->RxLock);
	NdisAllocateSpinLock(&A->TxLock);
	NdisAllocateSpinLock(&A->StatLock);
	E1kReadConfig(A, Wcc);

	NddSetBusMasterAttributes(Handle, A);
	Status = E1kCheckChip(A);
	if (Status == NDIS_STATUS_SUCCESS)
		Status = NddQueryResources(Wcc, &A->Irq, E1kParseResources, A,
					   E1K_TAG);
	if (Status == NDIS_STATUS_SUCCESS)
		Status = E1kSetupHardware(A);
	if (Status == NDIS_STATUS_SUCCESS)
		Status = E1kAllocShared(A);
	if (Status == NDIS_STATUS_SUCCESS)
		/* TDT == TDH means empty: one descriptor stays unused. */
		Status = NddTxInit(&A->Tx, Handle, &A->Eth, &A->TxLock,
				   &E1kTxOps, A, A->TxCount, A->TxCount - 1,
				   E1K_TAG);
	A->Tx.MaxTotal = E1K_LSO_MAX_FRAME;	/* large sends */
	if (Status == NDIS_STATUS_SUCCESS)
		Status = NddRxRingInit(&A->Rx, Handle, &A->Eth, &A->RxLock,
				       &E1kRxOps, A, A->RxCount,
				       E1K_RX_BUF_SIZE, E1K_RX_CHUNK, E1K_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		goto fail;
	E1kTxRingInit(A);
	E1kRxRingInit(A);
	E1kInitEth(A);

	/* The link drops until negotiation ends (a link change interrupt). */
	if (!E1kPhyStartAutoneg(A))
		NdisWriteErrorLogEntry(Handle, NDIS_ERROR_CODE_HARDWARE_FAILURE,
				       1, E1kRead(A, E1K_MDIC));
	E1kStartChip(A);
	Status = NddRegisterInterrupt(&A->Irq, Handle, E1kEnableInterrupt, A);
	if (Status != NDIS_STATUS_SUCCESS) {
		E1kStopChip(A);
		goto fail;
	}

	/* Report the link as the chip sees it now. */
	E1kCheckLink(A, TRUE);
	return NDIS_STATUS_SUCCESS;

fail:
	E1kFree(A);
	return Status;
}

static VOID E1kHalt(NDIS_HANDLE Context)
{
	PE1K_ADAPTER A = Context;

	A->Halting = TRUE;
	NddSynchronized(&A->Irq, E1kDisableInterrupt, A);
	if (!A->Removed)
		E1kResetChip(A);
	NdisMDeregisterInterrupt(&A->Irq.Object);
	NddTxAbort(&A->Tx, NDIS_STATUS_FAILURE);
	NddRxWaitIdle(&A->Rx.Pool);
	E1kFree(A);
}

/* System shutdown, any IRQL: just stop the chip's DMA. */
static VOID E1kShutdown(PVOID Context)
{
	PE1K_ADAPTER A = Context;

	if (!A->Removed)
		E1kResetChip(A);
}

static VOID E1kPnPEvent(NDIS_HANDLE Context, NDIS_DEVICE_PNP_EVENT Event,
			PVOID Buffer, ULONG Length)
{
	PE1K_ADAPTER A = Context;

	if (Event == NdisDevicePnPEventSurpriseRemoved)
		A->Removed = TRUE;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
	NDIS_MINIPORT_CHARACTERISTICS Chars;

	NdisZeroMemory(&Chars, sizeof(Chars));
	Chars.InitializeHandler = E1kInitialize;
	Chars.HaltHandler = E1kHalt;
	Chars.ResetHandler = E1kReset;
	Chars.CheckForHangHandler = E1kCheckForHang;
	Chars.QueryInformationHandler = E1kQueryInformation;
	Chars.SetInformationHandler = E1kSetInformation;
	Chars.ISRHandler = E1kIsr;
	Chars.HandleInterruptHandler = E1kHandleInterrupt;
	Chars.EnableInterruptHandler = E1kEnableInterrupt;
	Chars.DisableInterruptHandler = E1kDisableInterrupt;
	Chars.SendPacketsHandler = E1kSendPackets;
	Chars.ReturnPacketHandler = E1kReturnPacket;
	Chars.CancelSendPacketsHandler = E1kCancelSendPackets;
	Chars.PnPEventNotifyHandler = E1kPnPEvent;
	Chars.AdapterShutdownHandler = E1kShutdown;
	return NddRegisterMiniport(DriverObject, RegistryPath, &Chars, NULL);
}
