// SPDX-License-Identifier: GPL-2.0-only
/*
 * A deserialized miniport's own queue of send packets (linked through
 * MiniportReserved): cancelling by cancel ID, failing it all, and
 * completing what was taken off it.
 */
#include "ndd.h"

ULONG NddCancelSends(PLIST_ENTRY Queue, PVOID CancelId,
		     PLIST_ENTRY Cancelled)
{
	PLIST_ENTRY E, Next;
	ULONG n = 0;

	for (E = Queue->Flink; E != Queue; E = Next) {
		PNDIS_PACKET P = NDD_LINK_PACKET(E);

		Next = E->Flink;
		if (NDIS_GET_PACKET_CANCEL_ID(P) != CancelId)
			continue;
		RemoveEntryList(E);
		NDIS_SET_PACKET_STATUS(P, NDIS_STATUS_REQUEST_ABORTED);
		InsertTailList(Cancelled, E);
		n++;
	}
	return n;
}

ULONG NddFailSends(PLIST_ENTRY Queue, NDIS_STATUS Status, PLIST_ENTRY Failed)
{
	ULONG n = 0;

	while (!IsListEmpty(Queue)) {
		PLIST_ENTRY E = RemoveHeadList(Queue);

		NDIS_SET_PACKET_STATUS(NDD_LINK_PACKET(E), Status);
		InsertTailList(Failed, E);
		n++;
	}
	return n;
}

VOID NddCompleteSends(NDIS_HANDLE Miniport, PLIST_ENTRY List)
{
	while (!IsListEmpty(List)) {
		PNDIS_PACKET P = NDD_LINK_PACKET(RemoveHeadList(List));

		NdisMSendComplete(Miniport, P, NDIS_GET_PACKET_STATUS(P));
	}
}
