// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndle1000 OID_TCP_TASK_OFFLOAD (NDIS 5.1 task offload). The chip computes
 * IPv4 TCP, UDP and IP header checksums of frames it sends, wherever the
 * headers end (IP and TCP options are fine: the driver gives it offsets),
 * and checks none on receive; it segments IPv4 TCP packets (large send,
 * large_send.c), options copied into every segment. The OID's buffers
 * are common/ndd_taskoffload.c's.
 */
#include "ndle1000.h"

/*
 * What the chip does: IPv4 send checksums, with options; large send of
 * any IPv4 TCP packet the IP length can hold.
 */
static VOID E1kTaskCaps(NDD_TASK_CAPS *C)
{
	NddTaskCapsV4(C, TRUE, E1K_LSO_MAX_PAYLOAD, E1K_LSO_MIN_SEGMENTS);
}

NDIS_STATUS E1kQueryTaskOffload(PE1K_ADAPTER A, PVOID Buffer, ULONG Length,
				PULONG BytesWritten, PULONG BytesNeeded)
{
	NDD_TASK_CAPS Caps;

	UNREFERENCED_PARAMETER(A);
	E1kTaskCaps(&Caps);
	return NddQueryTaskOffload(&Caps, Buffer, Length, BytesWritten,
				   BytesNeeded);
}

NDIS_STATUS E1kSetTaskOffload(PE1K_ADAPTER A, PVOID Buffer, ULONG Length,
			      PULONG BytesRead, PULONG BytesNeeded)
{
	NDD_TASK_CAPS Caps;
	NDD_TASK_ON On;
	NDIS_STATUS Status;

	*BytesRead = 0;
	E1kTaskCaps(&Caps);
	Status = NddParseTaskOffload(&Caps, Buffer, Length, BytesNeeded, &On);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;

	/* The send path reads it under the same lock. */
	NdisAcquireSpinLock(&A->TxLock);
	A->CsumTx = On.CsumTx;
	A->LsoOn = On.Lso;
	A->LsoMaxPayload = On.LsoMaxPayload;
	NdisReleaseSpinLock(&A->TxLock);
	*BytesRead = Length;
	return NDIS_STATUS_SUCCESS;
}
