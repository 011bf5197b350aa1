// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtl8139 OID_TCP_TASK_OFFLOAD (NDIS 5.1 task offload). The C+ chip
 * inserts IPv4 header, TCP and UDP checksums into frames it sends,
 * wherever the headers end (it reads the IP header length and the TCP
 * data offset), and cuts large IPv4 TCP packets into segments (version 0
 * large send, options and all). It reports no checksum result on receive
 * (QEMU's model sets none of the C+ Rx descriptor's checksum bits), so
 * receive is not offered. A query answers the caller's header followed
 * by the checksum task and, with a ring big enough, the large-send task;
 * a set turns on exactly the tasks it lists (none if OffsetFirstTask is
 * 0), each as offered or less; every set replaces the last.
 *
 * The task-list walk (RtlForEachTask) knows nothing of this chip: it
 * could move to tests/drivers/common/ for every NDIS 5 miniport.
 */
#include "rtl8139.h"

#define RTL_TASK_HLEN	FIELD_OFFSET(NDIS_TASK_OFFLOAD, TaskBuffer)
#define RTL_CSUM_LEN	sizeof(NDIS_TASK_TCP_IP_CHECKSUM)
#define RTL_LSO_LEN	sizeof(NDIS_TASK_TCP_LARGE_SEND)
/* The fields of a large-send task a set must carry (not its padding). */
#define RTL_LSO_USED	(FIELD_OFFSET(NDIS_TASK_TCP_LARGE_SEND, IpOptions) + \
			 sizeof(BOOLEAN))
#define RTL_MAX_TASKS	8	/* more in one set is no real list */
/*
 * The most TCP payload a large send may carry: the chip's assembly buffer
 * less the longest Ethernet, IPv4 and TCP headers.
 */
#define RTL_LSO_MAX_PAYLOAD	(RTL_TX_MAX_FRAME - 14 - 60 - 60)
#define RTL_LSO_MIN_SEGMENTS	1	/* the chip sends even one */

/* Four directions of one ULONG of bits each (RtlCsumTask compares them). */
C_ASSERT(sizeof(NDIS_TASK_TCP_IP_CHECKSUM) == 4 * sizeof(ULONG));

/* Large sends fit the ring: RTL_LSO_MAX_FRAGS beside others in flight. */
BOOLEAN RtlLsoPossible(PRTL_ADAPTER A)
{
	return A->TxCount >= 2 * RTL_LSO_MAX_FRAGS;
}

/* A header we can answer: our version and layout, 14-byte 802.3 headers. */
static BOOLEAN RtlOffloadHeaderOk(const NDIS_TASK_OFFLOAD_HEADER *H)
{
	const NDIS_ENCAPSULATION_FORMAT *F = &H->EncapsulationFormat;

	return H->Version == NDIS_TASK_OFFLOAD_VERSION &&
	       H->Size == sizeof(*H) &&
	       F->Encapsulation == IEEE_802_3_Encapsulation &&
	       F->EncapsulationHeaderSize == NDD_ETH_HLEN;
}

static VOID RtlCsumCaps(PNDIS_TASK_TCP_IP_CHECKSUM C)
{
	NdisZeroMemory(C, sizeof(*C));
	C->V4Transmit.IpOptionsSupported = 1;
	C->V4Transmit.TcpOptionsSupported = 1;
	C->V4Transmit.TcpChecksum = 1;
	C->V4Transmit.UdpChecksum = 1;
	C->V4Transmit.IpChecksum = 1;
}

static VOID RtlLsoCaps(PNDIS_TASK_TCP_LARGE_SEND L)
{
	NdisZeroMemory(L, sizeof(*L));
	L->Version = NDIS_TASK_TCP_LARGE_SEND_V0;
	L->MaxOffLoadSize = RTL_LSO_MAX_PAYLOAD;
	L->MinSegmentCount = RTL_LSO_MIN_SEGMENTS;
	L->TcpOptions = TRUE;
	L->IpOptions = TRUE;
}

/* One task at T: its header, then Len bytes of Body; the next after it. */
static PUCHAR RtlPutTask(PUCHAR T, NDIS_TASK Kind, const VOID *Body,
			 ULONG Len, BOOLEAN Last)
{
	NDIS_TASK_OFFLOAD Task;

	NdisZeroMemory(&Task, sizeof(Task));
	Task.Version = NDIS_TASK_OFFLOAD_VERSION;
	Task.Size = sizeof(NDIS_TASK_OFFLOAD);
	Task.Task = Kind;
	Task.OffsetNextTask = Last ? 0 : RTL_TASK_HLEN + Len;
	Task.TaskBufferLength = Len;
	NdisMoveMemory(T, &Task, RTL_TASK_HLEN);
	NdisMoveMemory(T + RTL_TASK_HLEN, Body, Len);
	return T + RTL_TASK_HLEN + Len;
}

NDIS_STATUS RtlQueryTaskOffload(PRTL_ADAPTER A, PVOID Buffer, ULONG Length,
				PULONG BytesWritten, PULONG BytesNeeded)
{
	PNDIS_TASK_OFFLOAD_HEADER H = Buffer;
	NDIS_TASK_TCP_IP_CHECKSUM Csum;
	NDIS_TASK_TCP_LARGE_SEND Lso;
	BOOLEAN WithLso = RtlLsoPossible(A);
	ULONG Need = sizeof(*H) + RTL_TASK_HLEN + RTL_CSUM_LEN;
	PUCHAR T;

	if (WithLso)
		Need += RTL_TASK_HLEN + RTL_LSO_LEN;
	*BytesWritten = 0;
	*BytesNeeded = Need;
	if (Length < sizeof(*H))
		return NDIS_STATUS_INVALID_LENGTH;
	if (!RtlOffloadHeaderOk(H)) {
		/* No task for such frames: the header says so. */
		H->OffsetFirstTask = 0;
		*BytesNeeded = 0;
		return NDIS_STATUS_NOT_SUPPORTED;
	}
	if (Length < Need)
		return NDIS_STATUS_INVALID_LENGTH;

	/* The caller's header stays, pointing at the tasks after it. */
	H->OffsetFirstTask = sizeof(*H);
	RtlCsumCaps(&Csum);
	T = RtlPutTask((PUCHAR)Buffer + sizeof(*H), TcpIpChecksumNdisTask,
		       &Csum, RTL_CSUM_LEN, !WithLso);
	if (WithLso) {
		RtlLsoCaps(&Lso);
		RtlPutTask(T, TcpLargeSendNdisTask, &Lso, RTL_LSO_LEN, TRUE);
	}
	*BytesWritten = Need;
	return NDIS_STATUS_SUCCESS;
}

/* What one set turns on, built while its tasks are checked. */
typedef struct _RTL_TASK_SET {
	PRTL_ADAPTER A;
	ULONG Csum;		/* RTL_CSUM_* */
	BOOLEAN Lso;
	BOOLEAN HaveCsum, HaveLso;
} RTL_TASK_SET;

typedef NDIS_STATUS (*RTL_TASK_FN)(PVOID Context, const NDIS_TASK_OFFLOAD *T,
				   const UCHAR *Body);

/*
 * Each task of a set's list (header already checked) to Fn, its body
 * TaskBufferLength bytes inside the buffer; the first failure stops the
 * walk. Offsets are checked against the buffer and must go forward.
 */
static NDIS_STATUS RtlForEachTask(PVOID Buffer, ULONG Length,
				  PULONG BytesNeeded, RTL_TASK_FN Fn,
				  PVOID Context)
{
	PNDIS_TASK_OFFLOAD_HEADER H = Buffer;
	ULONG Offset, Count = 0;

	for (Offset = H->OffsetFirstTask; Offset; Count++) {
		NDIS_TASK_OFFLOAD Task;
		ULONG End;
		NDIS_STATUS Status;

		if (Offset < sizeof(*H) || Count == RTL_MAX_TASKS)
			return NDIS_STATUS_INVALID_DATA;
		if (Offset > Length || Length - Offset < RTL_TASK_HLEN) {
			*BytesNeeded = Offset > MAXULONG - RTL_TASK_HLEN ?
				       MAXULONG : Offset + RTL_TASK_HLEN;
			return NDIS_STATUS_INVALID_LENGTH;
		}
		NdisMoveMemory(&Task, (PUCHAR)Buffer + Offset, RTL_TASK_HLEN);
		if (Task.Size != sizeof(NDIS_TASK_OFFLOAD) ||
		    Task.TaskBufferLength > MAXULONG - Offset - RTL_TASK_HLEN)
			return NDIS_STATUS_INVALID_DATA;
		End = Offset + RTL_TASK_HLEN + Task.TaskBufferLength;
		if (End > Length) {
			*BytesNeeded = End;
			return NDIS_STATUS_INVALID_LENGTH;
		}
		if (Task.Version != NDIS_TASK_OFFLOAD_VERSION)
			return NDIS_STATUS_NOT_SUPPORTED;
		Status = Fn(Context, &Task,
			    (PUCHAR)Buffer + Offset + RTL_TASK_HLEN);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
		if (Task.OffsetNextTask &&
		    Task.OffsetNextTask < RTL_TASK_HLEN + Task.TaskBufferLength)
			return NDIS_STATUS_INVALID_DATA;
		Offset = Task.OffsetNextTask ? Offset + Task.OffsetNextTask : 0;
		if (Task.OffsetNextTask && Offset < End)
			return NDIS_STATUS_INVALID_DATA;	/* wrapped */
	}
	return NDIS_STATUS_SUCCESS;
}

/* A checksum task: only what the query offered. */
static NDIS_STATUS RtlCsumTask(RTL_TASK_SET *S, const NDIS_TASK_OFFLOAD *T,
			       const UCHAR *Body)
{
	NDIS_TASK_TCP_IP_CHECKSUM C, Caps;
	ULONG Word[4], Offered[4], i;

	if (S->HaveCsum || T->TaskBufferLength < RTL_CSUM_LEN)
		return NDIS_STATUS_INVALID_DATA;
	NdisMoveMemory(&C, Body, sizeof(C));
	RtlCsumCaps(&Caps);
	NdisMoveMemory(Word, &C, sizeof(Word));
	NdisMoveMemory(Offered, &Caps, sizeof(Offered));
	for (i = 0; i < 4; i++) {
		if (Word[i] & ~Offered[i])
			return NDIS_STATUS_NOT_SUPPORTED;
	}
	S->Csum = (C.V4Transmit.TcpChecksum ? RTL_CSUM_TCP : 0) |
		  (C.V4Transmit.UdpChecksum ? RTL_CSUM_UDP : 0) |
		  (C.V4Transmit.IpChecksum ? RTL_CSUM_IP : 0);
	S->HaveCsum = TRUE;
	return NDIS_STATUS_SUCCESS;
}

/* A large-send task: version 0, within the offered limits. */
static NDIS_STATUS RtlLsoTask(RTL_TASK_SET *S, const NDIS_TASK_OFFLOAD *T,
			      const UCHAR *Body)
{
	NDIS_TASK_TCP_LARGE_SEND L;

	if (!RtlLsoPossible(S->A))
		return NDIS_STATUS_NOT_SUPPORTED;
	if (S->HaveLso || T->TaskBufferLength < RTL_LSO_USED)
		return NDIS_STATUS_INVALID_DATA;
	NdisZeroMemory(&L, sizeof(L));
	NdisMoveMemory(&L, Body, RTL_LSO_USED);
	if (L.Version != NDIS_TASK_TCP_LARGE_SEND_V0 ||
	    L.MaxOffLoadSize > RTL_LSO_MAX_PAYLOAD ||
	    L.MinSegmentCount < RTL_LSO_MIN_SEGMENTS)
		return NDIS_STATUS_NOT_SUPPORTED;
	S->Lso = TRUE;
	S->HaveLso = TRUE;
	return NDIS_STATUS_SUCCESS;
}

static NDIS_STATUS RtlOneTask(PVOID Context, const NDIS_TASK_OFFLOAD *T,
			      const UCHAR *Body)
{
	if (T->Task == TcpIpChecksumNdisTask)
		return RtlCsumTask(Context, T, Body);
	if (T->Task == TcpLargeSendNdisTask)
		return RtlLsoTask(Context, T, Body);
	return NDIS_STATUS_NOT_SUPPORTED;
}

NDIS_STATUS RtlSetTaskOffload(PRTL_ADAPTER A, PVOID Buffer, ULONG Length,
			      PULONG BytesRead, PULONG BytesNeeded)
{
	RTL_TASK_SET S;
	NDIS_STATUS Status;

	*BytesRead = 0;
	*BytesNeeded = 0;
	if (Length < sizeof(NDIS_TASK_OFFLOAD_HEADER)) {
		*BytesNeeded = sizeof(NDIS_TASK_OFFLOAD_HEADER);
		return NDIS_STATUS_INVALID_LENGTH;
	}
	if (!RtlOffloadHeaderOk(Buffer))
		return NDIS_STATUS_NOT_SUPPORTED;
	/* Every task is checked before anything changes. */
	NdisZeroMemory(&S, sizeof(S));
	S.A = A;
	Status = RtlForEachTask(Buffer, Length, BytesNeeded, RtlOneTask, &S);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;

	/* The send path reads them under the same lock. */
	NdisAcquireSpinLock(&A->TxLock);
	A->CsumTx = S.Csum;
	A->LsoOn = S.Lso;
	NdisReleaseSpinLock(&A->TxLock);
	*BytesRead = Length;
	return NDIS_STATUS_SUCCESS;
}
