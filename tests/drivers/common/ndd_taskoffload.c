// SPDX-License-Identifier: GPL-2.0-only
/*
 * OID_TCP_TASK_OFFLOAD (NDIS 5.x task offload) for a chip that offers
 * transmit checksums and, if it can, large send (NDIS_TASK_TCP_LARGE_SEND
 * version 0). A query answers the caller's NDIS_TASK_OFFLOAD_HEADER
 * followed by the tasks, TcpIpChecksumNdisTask first; a set is checked
 * whole (a task list the query would not have offered, or one that runs
 * outside the buffer, changes nothing) and says what it turns on: exactly
 * the tasks it lists, none if it lists none (OffsetFirstTask 0). Each set
 * replaces the last: the NDIS 5.1 pages say the transport enables
 * everything with one set, yet also that it turns everything off with a
 * later one.
 */
#include "ndd.h"

#define NDD_TASK_HLEN	FIELD_OFFSET(NDIS_TASK_OFFLOAD, TaskBuffer)
#define NDD_CSUM_LEN	sizeof(NDIS_TASK_TCP_IP_CHECKSUM)
#define NDD_LSO_LEN	sizeof(NDIS_TASK_TCP_LARGE_SEND)
/* A set's large-send task is read up to IpOptions (the rest is padding). */
#define NDD_LSO_USED	(FIELD_OFFSET(NDIS_TASK_TCP_LARGE_SEND, IpOptions) + \
			 sizeof(BOOLEAN))
#define NDD_MAX_TASKS	8	/* more in one set is no real list */

/* Four directions of one ULONG of bits each (NddCsumTask compares them). */
C_ASSERT(sizeof(NDIS_TASK_TCP_IP_CHECKSUM) == 4 * sizeof(ULONG));

VOID NddTaskCapsV4(NDD_TASK_CAPS *C, BOOLEAN Lso, ULONG MaxPayload,
		   ULONG MinSegments)
{
	NdisZeroMemory(C, sizeof(*C));
	C->Csum.V4Transmit.IpOptionsSupported = 1;
	C->Csum.V4Transmit.TcpOptionsSupported = 1;
	C->Csum.V4Transmit.TcpChecksum = 1;
	C->Csum.V4Transmit.UdpChecksum = 1;
	C->Csum.V4Transmit.IpChecksum = 1;
	C->Lso = Lso;
	C->LsoCaps.Version = NDIS_TASK_TCP_LARGE_SEND_V0;
	C->LsoCaps.MaxOffLoadSize = MaxPayload;
	C->LsoCaps.MinSegmentCount = MinSegments;
	C->LsoCaps.TcpOptions = TRUE;
	C->LsoCaps.IpOptions = TRUE;
}

/* A header we can answer: our version and layout, 14-byte 802.3 headers. */
static BOOLEAN NddOffloadHeaderOk(const NDIS_TASK_OFFLOAD_HEADER *H)
{
	const NDIS_ENCAPSULATION_FORMAT *F = &H->EncapsulationFormat;

	return H->Version == NDIS_TASK_OFFLOAD_VERSION &&
	       H->Size == sizeof(*H) &&
	       F->Encapsulation == IEEE_802_3_Encapsulation &&
	       F->EncapsulationHeaderSize == NDD_ETH_HLEN;
}

/* One task at T: its header, then Len bytes of Body; the next after it. */
static PUCHAR NddPutTask(PUCHAR T, NDIS_TASK Kind, const VOID *Body,
			 ULONG Len, BOOLEAN Last)
{
	NDIS_TASK_OFFLOAD Task;

	NdisZeroMemory(&Task, sizeof(Task));
	Task.Version = NDIS_TASK_OFFLOAD_VERSION;
	Task.Size = sizeof(NDIS_TASK_OFFLOAD);
	Task.Task = Kind;
	Task.OffsetNextTask = Last ? 0 : NDD_TASK_HLEN + Len;
	Task.TaskBufferLength = Len;
	NdisMoveMemory(T, &Task, NDD_TASK_HLEN);
	NdisMoveMemory(T + NDD_TASK_HLEN, Body, Len);
	return T + NDD_TASK_HLEN + Len;
}

NDIS_STATUS NddQueryTaskOffload(const NDD_TASK_CAPS *Caps, PVOID Buffer,
				ULONG Length, PULONG BytesWritten,
				PULONG BytesNeeded)
{
	PNDIS_TASK_OFFLOAD_HEADER H = Buffer;
	ULONG Need = sizeof(*H) + NDD_TASK_HLEN + NDD_CSUM_LEN;
	PUCHAR T;

	if (Caps->Lso)
		Need += NDD_TASK_HLEN + NDD_LSO_LEN;
	*BytesWritten = 0;
	*BytesNeeded = Need;
	if (Length < sizeof(*H))
		return NDIS_STATUS_INVALID_LENGTH;
	if (!NddOffloadHeaderOk(H)) {
		/* No task for such frames: the header says so. */
		H->OffsetFirstTask = 0;
		*BytesNeeded = 0;
		return NDIS_STATUS_NOT_SUPPORTED;
	}
	if (Length < Need)
		return NDIS_STATUS_INVALID_LENGTH;

	/* The caller's header stays, pointing at the tasks after it. */
	H->OffsetFirstTask = sizeof(*H);
	T = NddPutTask((PUCHAR)Buffer + sizeof(*H), TcpIpChecksumNdisTask,
		       &Caps->Csum, NDD_CSUM_LEN, !Caps->Lso);
	if (Caps->Lso)
		NddPutTask(T, TcpLargeSendNdisTask, &Caps->LsoCaps,
			   NDD_LSO_LEN, TRUE);
	*BytesWritten = Need;
	return NDIS_STATUS_SUCCESS;
}

/* A checksum task: only what the query offered (NDD_CSUM_* into On). */
static NDIS_STATUS NddCsumTask(const NDD_TASK_CAPS *Caps, const UCHAR *Body,
			       ULONG Len, NDD_TASK_ON *On)
{
	NDIS_TASK_TCP_IP_CHECKSUM C;
	ULONG Word[4], Offered[4], i;

	if (Len < NDD_CSUM_LEN)
		return NDIS_STATUS_INVALID_DATA;
	NdisMoveMemory(&C, Body, sizeof(C));
	NdisMoveMemory(Word, &C, sizeof(Word));
	NdisMoveMemory(Offered, &Caps->Csum, sizeof(Offered));
	for (i = 0; i < 4; i++) {
		if (Word[i] & ~Offered[i])
			return NDIS_STATUS_NOT_SUPPORTED;
	}
	On->CsumTx = (C.V4Transmit.TcpChecksum ? NDD_CSUM_TCP : 0) |
		     (C.V4Transmit.UdpChecksum ? NDD_CSUM_UDP : 0) |
		     (C.V4Transmit.IpChecksum ? NDD_CSUM_IP : 0);
	return NDIS_STATUS_SUCCESS;
}

/* A large-send task: version 0, within what the query offered. */
static NDIS_STATUS NddLsoTask(const NDD_TASK_CAPS *Caps, const UCHAR *Body,
			      ULONG Len, NDD_TASK_ON *On)
{
	const NDIS_TASK_TCP_LARGE_SEND *Offer = &Caps->LsoCaps;
	NDIS_TASK_TCP_LARGE_SEND L;

	if (!Caps->Lso)
		return NDIS_STATUS_NOT_SUPPORTED;
	if (Len < NDD_LSO_USED)
		return NDIS_STATUS_INVALID_DATA;
	NdisZeroMemory(&L, sizeof(L));
	NdisMoveMemory(&L, Body, NDD_LSO_USED);
	if (L.Version != NDIS_TASK_TCP_LARGE_SEND_V0 || !L.MaxOffLoadSize ||
	    L.MaxOffLoadSize > Offer->MaxOffLoadSize ||
	    L.MinSegmentCount < Offer->MinSegmentCount ||
	    (L.TcpOptions && !Offer->TcpOptions) ||
	    (L.IpOptions && !Offer->IpOptions))
		return NDIS_STATUS_NOT_SUPPORTED;
	On->Lso = TRUE;
	On->LsoMaxPayload = L.MaxOffLoadSize;
	return NDIS_STATUS_SUCCESS;
}

/* One task of a set (Body: TaskBufferLength bytes inside the buffer). */
static NDIS_STATUS NddOneTask(const NDD_TASK_CAPS *Caps,
			      const NDIS_TASK_OFFLOAD *T, const UCHAR *Body,
			      NDD_TASK_ON *On, PULONG Seen)
{
	ULONG Bit = T->Task == TcpIpChecksumNdisTask ? 1 :
		    T->Task == TcpLargeSendNdisTask ? 2 : 0;

	if (!Bit || T->Version != NDIS_TASK_OFFLOAD_VERSION)
		return NDIS_STATUS_NOT_SUPPORTED;
	if (*Seen & Bit)
		return NDIS_STATUS_INVALID_DATA;	/* each task once */
	*Seen |= Bit;
	if (Bit == 1)
		return NddCsumTask(Caps, Body, T->TaskBufferLength, On);
	return NddLsoTask(Caps, Body, T->TaskBufferLength, On);
}

NDIS_STATUS NddParseTaskOffload(const NDD_TASK_CAPS *Caps, PVOID Buffer,
				ULONG Length, PULONG BytesNeeded,
				NDD_TASK_ON *On)
{
	PNDIS_TASK_OFFLOAD_HEADER H = Buffer;
	ULONG Offset, Count = 0, Seen = 0;

	NdisZeroMemory(On, sizeof(*On));
	*BytesNeeded = 0;
	if (Length < sizeof(*H)) {
		*BytesNeeded = sizeof(*H);
		return NDIS_STATUS_INVALID_LENGTH;
	}
	if (!NddOffloadHeaderOk(H))
		return NDIS_STATUS_NOT_SUPPORTED;
	/* Offsets are checked against the buffer and must go forward. */
	for (Offset = H->OffsetFirstTask; Offset; Count++) {
		NDIS_TASK_OFFLOAD Task;
		ULONG End;
		NDIS_STATUS Status;

		if (Offset < sizeof(*H) || Count == NDD_MAX_TASKS)
			return NDIS_STATUS_INVALID_DATA;
		if (Offset > Length || Length - Offset < NDD_TASK_HLEN) {
			*BytesNeeded = Offset > MAXULONG - NDD_TASK_HLEN ?
				       MAXULONG : Offset + NDD_TASK_HLEN;
			return NDIS_STATUS_INVALID_LENGTH;
		}
		NdisMoveMemory(&Task, (PUCHAR)Buffer + Offset, NDD_TASK_HLEN);
		if (Task.Size != sizeof(NDIS_TASK_OFFLOAD) ||
		    Task.TaskBufferLength > MAXULONG - Offset - NDD_TASK_HLEN)
			return NDIS_STATUS_INVALID_DATA;
		End = Offset + NDD_TASK_HLEN + Task.TaskBufferLength;
		if (End > Length) {
			*BytesNeeded = End;
			return NDIS_STATUS_INVALID_LENGTH;
		}
		Status = NddOneTask(Caps, &Task,
				    (PUCHAR)Buffer + Offset + NDD_TASK_HLEN,
				    On, &Seen);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
		if (Task.OffsetNextTask &&
		    Task.OffsetNextTask < NDD_TASK_HLEN + Task.TaskBufferLength)
			return NDIS_STATUS_INVALID_DATA;
		Offset = Task.OffsetNextTask ? Offset + Task.OffsetNextTask : 0;
		if (Task.OffsetNextTask && Offset < End)
			return NDIS_STATUS_INVALID_DATA;	/* wrapped */
	}
	return NDIS_STATUS_SUCCESS;
}
