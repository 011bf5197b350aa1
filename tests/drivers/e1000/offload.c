// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndle1000 OID_TCP_TASK_OFFLOAD (NDIS 5.1 task offload). The chip computes
 * IPv4 TCP, UDP and IP header checksums of frames it sends, wherever the
 * headers end (IP and TCP options are fine: the driver gives it offsets),
 * and checks none on receive. A query answers the caller's
 * NDIS_TASK_OFFLOAD_HEADER followed by one NDIS_TASK_OFFLOAD for
 * TcpIpChecksumNdisTask; a set turns on exactly the checksums its tasks
 * list, none if it lists no task (OffsetFirstTask 0).
 *
 * The NDIS 5.1 pages say the transport enables everything with one set
 * and a miniport fails later ones, yet also that the transport turns
 * everything off with a later set: each set here replaces the last.
 */
#include "ndle1000.h"

#define E1K_TASK_HLEN	FIELD_OFFSET(NDIS_TASK_OFFLOAD, TaskBuffer)
#define E1K_TASK_LEN	(E1K_TASK_HLEN + sizeof(NDIS_TASK_TCP_IP_CHECKSUM))
#define E1K_ANSWER_LEN	(sizeof(NDIS_TASK_OFFLOAD_HEADER) + E1K_TASK_LEN)
#define E1K_MAX_TASKS	8	/* more in one set is no real list */

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

NDIS_STATUS E1kQueryTaskOffload(PE1K_ADAPTER A, PVOID Buffer, ULONG Length,
				PULONG BytesWritten, PULONG BytesNeeded)
{
	PNDIS_TASK_OFFLOAD_HEADER H = Buffer;
	NDIS_TASK_OFFLOAD Task;
	NDIS_TASK_TCP_IP_CHECKSUM Caps;
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

	/* The caller's header stays, pointing at the one task after it. */
	H->OffsetFirstTask = sizeof(*H);
	NdisZeroMemory(&Task, sizeof(Task));
	Task.Version = NDIS_TASK_OFFLOAD_VERSION;
	Task.Size = sizeof(NDIS_TASK_OFFLOAD);
	Task.Task = TcpIpChecksumNdisTask;
	Task.OffsetNextTask = 0;	/* the last */
	Task.TaskBufferLength = sizeof(Caps);
	E1kCsumCaps(&Caps);
	T = (PUCHAR)Buffer + sizeof(*H);
	NdisMoveMemory(T, &Task, E1K_TASK_HLEN);
	NdisMoveMemory(T + E1K_TASK_HLEN, &Caps, sizeof(Caps));
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

NDIS_STATUS E1kSetTaskOffload(PE1K_ADAPTER A, PVOID Buffer, ULONG Length,
			      PULONG BytesRead, PULONG BytesNeeded)
{
	PNDIS_TASK_OFFLOAD_HEADER H = Buffer;
	ULONG Offset, Count = 0, On = 0;
	BOOLEAN HaveCsum = FALSE;

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
		/* Only the task and version the query offered. */
		if (Task.Version != NDIS_TASK_OFFLOAD_VERSION ||
		    Task.Task != TcpIpChecksumNdisTask)
			return NDIS_STATUS_NOT_SUPPORTED;
		if (HaveCsum || Task.TaskBufferLength < sizeof(Csum))
			return NDIS_STATUS_INVALID_DATA;
		NdisMoveMemory(&Csum, (PUCHAR)Buffer + Offset + E1K_TASK_HLEN,
			       sizeof(Csum));
		Status = E1kCsumTask(&Csum, &On);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
		HaveCsum = TRUE;
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
	NdisReleaseSpinLock(&A->TxLock);
	*BytesRead = Length;
	return NDIS_STATUS_SUCCESS;
}
