// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtl8139 OID_TCP_TASK_OFFLOAD (NDIS 5.1 task offload). The C+ chip
 * inserts IPv4 header, TCP and UDP checksums into frames it sends,
 * wherever the headers end (it reads the IP header length and the TCP
 * data offset), and cuts large IPv4 TCP packets into segments (version 0
 * large send, options and all). It reports no checksum result on receive
 * (QEMU's model sets none of the C+ Rx descriptor's checksum bits), so
 * receive is not offered. Large send is offered with a ring big enough
 * for it. The OID's buffers are common/ndd_taskoffload.c's.
 */
#include "rtl8139.h"

/*
 * The most TCP payload a large send may carry: the chip's assembly buffer
 * less the longest Ethernet, IPv4 and TCP headers.
 */
#define RTL_LSO_MAX_PAYLOAD	(RTL_TX_MAX_FRAME - 14 - 60 - 60)
#define RTL_LSO_MIN_SEGMENTS	1	/* the chip sends even one */

/* Large sends fit the ring: RTL_LSO_MAX_FRAGS beside others in flight. */
BOOLEAN RtlLsoPossible(PRTL_ADAPTER A)
{
	return A->TxCount >= 2 * RTL_LSO_MAX_FRAGS;
}

static VOID RtlTaskCaps(PRTL_ADAPTER A, NDD_TASK_CAPS *C)
{
	NddTaskCapsV4(C, RtlLsoPossible(A), RTL_LSO_MAX_PAYLOAD,
		      RTL_LSO_MIN_SEGMENTS);
}

NDIS_STATUS RtlQueryTaskOffload(PRTL_ADAPTER A, PVOID Buffer, ULONG Length,
				PULONG BytesWritten, PULONG BytesNeeded)
{
	NDD_TASK_CAPS Caps;

	RtlTaskCaps(A, &Caps);
	return NddQueryTaskOffload(&Caps, Buffer, Length, BytesWritten,
				   BytesNeeded);
}

NDIS_STATUS RtlSetTaskOffload(PRTL_ADAPTER A, PVOID Buffer, ULONG Length,
			      PULONG BytesRead, PULONG BytesNeeded)
{
	NDD_TASK_CAPS Caps;
	NDD_TASK_ON On;
	NDIS_STATUS Status;

	*BytesRead = 0;
	RtlTaskCaps(A, &Caps);
	Status = NddParseTaskOffload(&Caps, Buffer, Length, BytesNeeded, &On);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;

	/* The send path reads them under the same lock. */
	NdisAcquireSpinLock(&A->TxLock);
	A->CsumTx = On.CsumTx;
	A->LsoOn = On.Lso;
	NdisReleaseSpinLock(&A->TxLock);
	*BytesRead = Length;
	return NDIS_STATUS_SUCCESS;
}
