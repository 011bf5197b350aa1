// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndle1000 OID_TCP_TASK_OFFLOAD (NDIS 5.1 task offload). The chip computes
 * IPv4 TCP, UDP and IP header checksums of frames it sends, wherever the
 * headers end (IP and TCP options are fine: the driver gives it offsets),
 * and checks none on receive; it segments IPv4 TCP packets (large send,
 * large_send.c), options copied into every segment. A query answers the
 * caller's NDIS_TASK_OFFLOAD_HEADER followed by two NDIS_TASK_OFFLOADs,
 * TcpIpChecksumNdisTask then TcpLargeSendNdisTask (NDIS_TASK_TCP_LARGE_SEND
 * version 0); a set turns on exactly the checksums and the large send its
 * tasks list, nothing if it lists no task (OffsetFirstTask 0).
 *
 * The NDIS 5.1 pages say the transport enables everything with one set
 * and a miniport fails later ones, yet also that the transport turns
 * everything off with a later set: each set here replaces the last.
 */
#include "ndle1000.h"

#define E1K_TASK_HLEN	FIELD_OFFSET(NDIS_TASK_OFFLOAD, TaskBuffer)
#define E1K_TASK_LEN	(E1K_TASK_HLEN + sizeof(NDIS_TASK_TCP_IP_CHECKSUM))
#define E1K_LSO_TASK_LEN (E1K_TASK_HLEN + sizeof(NDIS_TASK_TCP_LARGE_SEND))
#define E1K_ANSWER_LEN	(sizeof(NDIS_TASK_OFFLOAD_HEADER) + E1K_TASK_LEN + \
			 E1K_LSO_TASK_LEN)
#define E1K_MAX_TASKS	8	/* more in one set is no real list */
/* A set's large-send task reads up to IpOptions (the rest is padding). */
#define E1K_LSO_SET_LEN	(FIELD_OFFSET(NDIS_TASK_TCP_LARGE_SEND, IpOptions) + 1)

/* Four directions of one ULONG of bits each (E1kCsumTask compares them). */
C_ASSERT(sizeof(NDIS_TASK_TCP_IP_CHECKSUM) == 4 * sizeof(ULONG));

/* A header we can answer: our version and layout, 14-byte 802.3 headers. */
static BOOLEAN E1kOffloadHeaderOk(const NDIS_TASK_OFFLOAD_HEADER *H)
{
	const NDIS_ENCAPSULATION_FORMAT *F = &H->EncapsulationFormat;

	return H->Version == NDIS_TASK_OFFLOAD_VERSION &&
	       H->Size == sizeof(*H) &&
	       F->Encapsulation == IEEE_802_3_Encapsulation &&
	       F->EncapsulationHeaderSize == E1K_ETH_HLEN;
}

/* What the chip does: IPv4 send checksums, with options; nothing else. */
static VOID E1kCsumCaps(PNDIS_TASK_TCP_IP_CHECKSUM C)
{
	NdisZeroMemory(C, sizeof(*C));
	C->V4Transmit.IpOptionsSupported = 1;
	C->V4Transmit.TcpOptionsSupported = 1;
	C->V4Transmit.TcpChecksum = 1;
	C->V4Transmit.UdpChecksum = 1;
	C->V4Transmit.IpChecksum = 1;
}

/* What the chip segments: any IPv4 TCP packet the IP length can hold. */
static VOID E1kLsoCaps(PNDIS_TASK_TCP_LARGE_SEND L)
{
	NdisZeroMemory(L, sizeof(*L));
	L->Version = NDIS_TASK_TCP_LARGE_SEND_V0;
	L->MaxOffLoadSize = E1K_LSO_MAX_PAYLOAD;
	L->MinSegmentCount = E1K_LSO_MIN_SEGMENTS;
	L->TcpOptions = TRUE;
	L->IpOptions = TRUE;
}

/* One task of a query's answer at T; Next: the offset of the next, or 0. */
static VOID E1kPutTask(PUCHAR T, NDIS_TASK Kind, ULONG Next, const VOID *Buf,
		       ULONG Len)
{
	NDIS_TASK_OFFLOAD Task;

	NdisZeroMemory(&Task, sizeof(Task));
	Task.Version = NDIS_TASK_OFFLOAD_VERSION;
	Task.Size = sizeof(NDIS_TASK_OFFLOAD);
	Task.Task = Kind;
	Task.OffsetNextTask = Next;
	Task.TaskBufferLength = Len;
	NdisMoveMemory(T, &Task, E1K_TASK_HLEN);
	NdisMoveMemory(T + E1K_TASK_HLEN, Buf, Len);
}

NDIS_STATUS E1kQueryTaskOffload(PE1K_ADAPTER A, PVOID Buffer, ULONG Length,
				PULONG BytesWritten, PULONG BytesNeeded)
{
	PNDIS_TASK_OFFLOAD_HEADER H = Buffer;
	NDIS_TASK_TCP_IP_CHECKSUM Caps;
	NDIS_TASK_TCP_LARGE_SEND Lso;
	PUCHAR T;

	*BytesWritten = 0;
	*BytesNeeded = E1K_ANSWER_LEN;
	if (Length < sizeof(*H))
		return NDIS_STATUS_INVALID_LENGTH;
	if (!E1kOffloadHeaderOk(H)) {
		/* No task for such frames: the header says so. */
		H->OffsetFirstTask = 0;
		*BytesNeeded = 0;
		return NDIS_STATUS_NOT_SUPPORTED;
	}
	if (Length < E1K_ANSWER_LEN)
		return NDIS_STATUS_INVALID_LENGTH;

	/* The caller's header stays, pointing at the tasks after it. */
	H->OffsetFirstTask = sizeof(*H);
	E1kCsumCaps(&Caps);
	E1kLsoCaps(&Lso);
	T = (PUCHAR)Buffer + sizeof(*H);
	E1kPutTask(T, TcpIpChecksumNdisTask, E1K_TASK_LEN, &Caps, sizeof(Caps));
	E1kPutTask(T + E1K_TASK_LEN, TcpLargeSendNdisTask, 0, &Lso,
		   sizeof(Lso));
	*BytesWritten = E1K_ANSWER_LEN;
	return NDIS_STATUS_SUCCESS;
}

/*
 * One checksum task's buffer: the transmit checksums it turns on (into
 * *On), or NOT_SUPPORTED for anything the query did not offer.
 */
static NDIS_STATUS E1kCsumTask(const NDIS_TASK_TCP_IP_CHECKSUM *C, PULONG On)
{
	NDIS_TASK_TCP_IP_CHECKSUM Caps;
	ULONG Word[4], Offered[4], i;

	/* Each direction is one ULONG of bits: compare them whole. */
	E1kCsumCaps(&Caps);
	NdisMoveMemory(Word, C, sizeof(Word));
	NdisMoveMemory(Offered, &Caps, sizeof(Offered));
	for (i = 0; i < 4; i++) {
		if (Word[i] & ~Offered[i])
			return NDIS_STATUS_NOT_SUPPORTED;
	}
	*On = (C->V4Transmit.TcpChecksum ? E1K_CSUM_TCP : 0) |
	      (C->V4Transmit.UdpChecksum ? E1K_CSUM_UDP : 0) |
	      (C->V4Transmit.IpChecksum ? E1K_CSUM_IP : 0);
	return NDIS_STATUS_SUCCESS;
}

/*
 * One large-send task's buffer (Len bytes): the payload limit it turns
 * on (into *Max), or NOT_SUPPORTED for more than the query offered.
 */
static NDIS_STATUS E1kLsoTask(const UCHAR *Buf, ULONG Len, PULONG Max)
{
	NDIS_TASK_TCP_LARGE_SEND L, Caps;

	if (Len < E1K_LSO_SET_LEN)
		return NDIS_STATUS_INVALID_DATA;
	NdisZeroMemory(&L, sizeof(L));
	NdisMoveMemory(&L, Buf, E1K_LSO_SET_LEN);
	E1kLsoCaps(&Caps);
	if (L.Version != NDIS_TASK_TCP_LARGE_SEND_V0 || !L.MaxOffLoadSize ||
	    L.MaxOffLoadSize > Caps.MaxOffLoadSize ||
	    (L.TcpOptions && !Caps.TcpOptions) ||
	    (L.IpOptions && !Caps.IpOptions))
		return NDIS_STATUS_NOT_SUPPORTED;
	*Max = L.MaxOffLoadSize;
	return NDIS_STATUS_SUCCESS;
}

NDIS_STATUS E1kSetTaskOffload(PE1K_ADAPTER A, PVOID Buffer, ULONG Length,
			      PULONG BytesRead, PULONG BytesNeeded)
{
	PNDIS_TASK_OFFLOAD_HEADER H = Buffer;
	ULONG Offset, Count = 0, On = 0, LsoMax = 0;
	BOOLEAN HaveCsum = FALSE, HaveLso = FALSE;

	*BytesRead = 0;
	*BytesNeeded = 0;
	if (Length < sizeof(*H)) {
		*BytesNeeded = sizeof(*H);
		return NDIS_STATUS_INVALID_LENGTH;
	}
	if (!E1kOffloadHeaderOk(H))
		return NDIS_STATUS_NOT_SUPPORTED;

	/* Every task is checked before anything changes. */
	for (Offset = H->OffsetFirstTask; Offset; Count++) {
		NDIS_TASK_OFFLOAD Task;
		NDIS_TASK_TCP_IP_CHECKSUM Csum;
		ULONG End;
		NDIS_STATUS Status;

		if (Offset < sizeof(*H) || Count == E1K_MAX_TASKS)
			return NDIS_STATUS_INVALID_DATA;
		if (Offset > Length || Length - Offset < E1K_TASK_HLEN) {
			*BytesNeeded = Offset > MAXULONG - E1K_TASK_HLEN ?
				       MAXULONG : Offset + E1K_TASK_HLEN;
			return NDIS_STATUS_INVALID_LENGTH;
		}
		NdisMoveMemory(&Task, (PUCHAR)Buffer + Offset, E1K_TASK_HLEN);
		if (Task.Size != sizeof(NDIS_TASK_OFFLOAD))
			return NDIS_STATUS_INVALID_DATA;
		if (Task.TaskBufferLength > MAXULONG - Offset - E1K_TASK_HLEN)
			return NDIS_STATUS_INVALID_DATA;
		End = Offset + E1K_TASK_HLEN + Task.TaskBufferLength;
		if (End > Length) {
			*BytesNeeded = End;
			return NDIS_STATUS_INVALID_LENGTH;
		}
		/* Only the tasks and version the query offered, each once. */
		if (Task.Version != NDIS_TASK_OFFLOAD_VERSION ||
		    (Task.Task != TcpIpChecksumNdisTask &&
		     Task.Task != TcpLargeSendNdisTask))
			return NDIS_STATUS_NOT_SUPPORTED;
		if (Task.Task == TcpLargeSendNdisTask) {
			if (HaveLso)
				return NDIS_STATUS_INVALID_DATA;
			Status = E1kLsoTask((PUCHAR)Buffer + Offset +
					    E1K_TASK_HLEN,
					    Task.TaskBufferLength, &LsoMax);
			HaveLso = TRUE;
		} else {
			if (HaveCsum || Task.TaskBufferLength < sizeof(Csum))
				return NDIS_STATUS_INVALID_DATA;
			NdisMoveMemory(&Csum, (PUCHAR)Buffer + Offset +
				       E1K_TASK_HLEN, sizeof(Csum));
			Status = E1kCsumTask(&Csum, &On);
			HaveCsum = TRUE;
		}
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
		/* The next task starts after this one: the list goes on. */
		if (Task.OffsetNextTask &&
		    Task.OffsetNextTask < E1K_TASK_HLEN + Task.TaskBufferLength)
			return NDIS_STATUS_INVALID_DATA;
		Offset = Task.OffsetNextTask ? Offset + Task.OffsetNextTask : 0;
		if (Task.OffsetNextTask && Offset < End)
			return NDIS_STATUS_INVALID_DATA;	/* wrapped */
	}

	/* The send path reads it under the same lock. */
	NdisAcquireSpinLock(&A->TxLock);
	A->CsumTx = On;
	A->LsoOn = HaveLso;
	A->LsoMaxPayload = LsoMax;
	NdisReleaseSpinLock(&A->TxLock);
	*BytesRead = Length;
	return NDIS_STATUS_SUCCESS;
}
