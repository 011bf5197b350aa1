// SPDX-License-Identifier: GPL-2.0-only
/*
 * vionet control queue (VIRTIO_NET_F_CTRL_VQ + F_CTRL_RX): the packet
 * filter becomes VIRTIO_NET_CTRL_RX_PROMISC / _ALLMULTI commands and the
 * multicast list a VIRTIO_NET_CTRL_MAC_TABLE_SET (an empty unicast table,
 * then the multicast table), each a chain of [class, command][data...]
 * [ack] with every part in its own descriptor, as legacy devices need.
 * MiniportSetInformation returns NDIS_STATUS_PENDING; the DPC completes
 * the request with NdisMSetInformationComplete once the device answered
 * every command (NDIS sends one request at a time).
 */
#include "vionet.h"

NDIS_STATUS VioCtrlAllocate(PVIO_ADAPTER A)
{
	return VioSharedAlloc(A, &A->CtrlMem,
			      VIO_CTRL_CMDS * VIO_CTRL_CMD_SIZE, FALSE);
}

VOID VioCtrlFree(PVIO_ADAPTER A)
{
	VioSharedFree(A, &A->CtrlMem);
}

static PUCHAR VioCtrlVa(PVIO_ADAPTER A, ULONG Cmd, ULONG Off)
{
	return (PUCHAR)A->CtrlMem.Va + Cmd * VIO_CTRL_CMD_SIZE + Off;
}

static ULONGLONG VioCtrlPa(PVIO_ADAPTER A, ULONG Cmd, ULONG Off)
{
	return (ULONGLONG)A->CtrlMem.Pa.QuadPart + Cmd * VIO_CTRL_CMD_SIZE +
	       Off;
}

/* CtrlLock held. One command whose data parts are Data[0..Parts-1]. */
static BOOLEAN VioCtrlAdd(PVIO_ADAPTER A, ULONG Cmd, UCHAR Class,
			  UCHAR Command, const ULONG *PartLen, ULONG Parts)
{
	VIO_SG Sg[4];
	ULONG i, Off = VIO_CTRL_DATA_OFFSET;

	VioCtrlVa(A, Cmd, 0)[0] = Class;
	VioCtrlVa(A, Cmd, 0)[1] = Command;
	*VioCtrlVa(A, Cmd, VIO_CTRL_ACK_OFFSET) = 0xff;	/* not answered */
	Sg[0].Addr = VioCtrlPa(A, Cmd, 0);
	Sg[0].Len = 2;
	for (i = 0; i < Parts; i++) {
		Sg[1 + i].Addr = VioCtrlPa(A, Cmd, Off);
		Sg[1 + i].Len = PartLen[i];
		Off += PartLen[i];
	}
	Sg[1 + Parts].Addr = VioCtrlPa(A, Cmd, VIO_CTRL_ACK_OFFSET);
	Sg[1 + Parts].Len = 1;
	/* The cookie names the command buffer (never NULL). */
	return VioQueueAdd(&A->CtrlQueue, Sg, 1 + Parts, 1,
			   (PVOID)(ULONG_PTR)(Cmd + 1));
}

/*
 * CtrlLock held. The commands for the filter state now in the adapter;
 * returns how many went onto the queue.
 */
static ULONG VioCtrlSubmit(PVIO_ADAPTER A, BOOLEAN Rx, BOOLEAN Mac)
{
	ULONG n = 0, Len[2], Count, Filter;
	PUCHAR D;

	Filter = A->PacketFilter;
	if (Rx) {
		*VioCtrlVa(A, n, VIO_CTRL_DATA_OFFSET) =
			(Filter & NDIS_PACKET_TYPE_PROMISCUOUS) ? 1 : 0;
		Len[0] = 1;
		n += VioCtrlAdd(A, n, VIRTIO_NET_CTRL_RX,
				VIRTIO_NET_CTRL_RX_PROMISC, Len, 1);
		*VioCtrlVa(A, n, VIO_CTRL_DATA_OFFSET) =
			(Filter & NDIS_PACKET_TYPE_ALL_MULTICAST) ? 1 : 0;
		n += VioCtrlAdd(A, n, VIRTIO_NET_CTRL_RX,
				VIRTIO_NET_CTRL_RX_ALLMULTI, Len, 1);
	}
	if (Mac) {
		/* Without the MULTICAST filter bit the table is empty. */
		Count = (Filter & NDIS_PACKET_TYPE_MULTICAST) ? A->McastCount : 0;
		D = VioCtrlVa(A, n, VIO_CTRL_DATA_OFFSET);
		*(ULONG UNALIGNED *)D = 0;		/* unicast entries */
		*(ULONG UNALIGNED *)(D + 4) = Count;	/* multicast entries */
		NdisMoveMemory(D + 8, A->McastList, Count * 6);
		Len[0] = 4;
		Len[1] = 4 + Count * 6;
		n += VioCtrlAdd(A, n, VIRTIO_NET_CTRL_MAC,
				VIRTIO_NET_CTRL_MAC_TABLE_SET, Len, 2);
	}
	return n;
}

/*
 * MiniportSetInformation's part: the device told about the new filter
 * state. PENDING unless the device has already answered everything.
 */
NDIS_STATUS VioCtrlApplyFilter(PVIO_ADAPTER A, BOOLEAN Rx, BOOLEAN Mac)
{
	NDIS_STATUS Status;
	ULONG n;

	if (!A->HasCtrl)
		return NDIS_STATUS_SUCCESS;	/* software filter only */
	NdisAcquireSpinLock(&A->CtrlLock);
	A->CtrlStatus = NDIS_STATUS_SUCCESS;
	A->CtrlPended = FALSE;
	n = VioCtrlSubmit(A, Rx, Mac);
	A->CtrlOutstanding = n;
	A->CtrlSubmitted = (Rx ? 1 : 0) | (Mac ? 2 : 0);
	if (n == 0) {
		NdisReleaseSpinLock(&A->CtrlLock);
		return NDIS_STATUS_FAILURE;
	}
	VioQueueKick(A, &A->CtrlQueue);
	/* Another processor's DPC may have seen every answer already. */
	if (A->CtrlOutstanding == 0) {
		Status = A->CtrlStatus;
	} else {
		A->CtrlPended = TRUE;
		Status = NDIS_STATUS_PENDING;
	}
	NdisReleaseSpinLock(&A->CtrlLock);
	return Status;
}

/* The DPC's control work: answers collected, a pended request completed. */
VOID VioCtrlService(PVIO_ADAPTER A)
{
	PVOID Cookie;
	ULONG Len;
	BOOLEAN Complete = FALSE;
	NDIS_STATUS Status = NDIS_STATUS_SUCCESS;

	if (!A->HasCtrl)
		return;
	NdisDprAcquireSpinLock(&A->CtrlLock);
	while ((Cookie = VioQueueGetUsed(&A->CtrlQueue, &Len)) != NULL) {
		ULONG Cmd = (ULONG)(ULONG_PTR)Cookie - 1;

		if (*VioCtrlVa(A, Cmd, VIO_CTRL_ACK_OFFSET) != VIRTIO_NET_OK)
			A->CtrlStatus = NDIS_STATUS_FAILURE;
		if (A->CtrlOutstanding)
			A->CtrlOutstanding--;
	}
	if (A->CtrlOutstanding == 0 && A->CtrlPended) {
		A->CtrlPended = FALSE;
		Complete = TRUE;
		Status = A->CtrlStatus;
	}
	NdisDprReleaseSpinLock(&A->CtrlLock);
	if (Complete)
		NdisMSetInformationComplete(A->Handle, Status);
}

/*
 * After a device reset, before DRIVER_OK: an empty queue, and the
 * commands of a request still pending submitted again (the device lost
 * them). The caller kicks after DRIVER_OK.
 */
VOID VioCtrlRestart(PVIO_ADAPTER A)
{
	if (!A->HasCtrl)
		return;
	NdisAcquireSpinLock(&A->CtrlLock);
	VioQueueRestart(&A->CtrlQueue);
	if (A->CtrlOutstanding)
		A->CtrlOutstanding = VioCtrlSubmit(A, A->CtrlSubmitted & 1,
						   (A->CtrlSubmitted & 2) != 0);
	NdisReleaseSpinLock(&A->CtrlLock);
}
