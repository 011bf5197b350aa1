// SPDX-License-Identifier: GPL-2.0-only
/*
 * The NDIS 6 receive path: NdisMIndicateReceiveNetBufferLists. Each
 * NET_BUFFER of each indicated list is one frame, its bytes from
 * CurrentMdl at CurrentMdlOffset for DataLength bytes; per-list checksum
 * and 802.1Q information come from NetBufferListInfo. The host copies
 * every frame during its receive callback.
 *
 * Ownership, as documented: with NDIS_RECEIVE_FLAGS_RESOURCES the lists
 * are the miniport's again when the call returns and never come back
 * through MiniportReturnNetBufferLists. Without it NDIS owns them until it
 * returns them to MiniportReturnNetBufferLists, at DISPATCH_LEVEL; the
 * runtime does that from a DPC of its own, never inside the indication
 * (the miniport may hold its receive lock across it). A pause waits until
 * every list came back. A miniport may indicate from MiniportRestart on
 * (Restarting, as MiniportRestart's page says); lists indicated while the
 * adapter is Paused or Pausing are dropped (and still returned).
 */
#include "ndis6/ndis6_priv.h"

#define RX_MAX_FRAGS	32

static void NTAPI return_dpc(KDPC *dpc, void *ctx, void *a1, void *a2)
{
	ndl6_rx_return_queued(ctx);
}

void ndl6_rx_init(struct ndl_adapter *ad)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);

	a6->ret_tail = &a6->ret_head;
	ndlw_KeInitializeDpc(&a6->return_dpc, return_dpc, ad);
}

/* DISPATCH: give the miniport back every list owed, in one call. */
void ndl6_rx_return_queued(struct ndl_adapter *ad)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	NET_BUFFER_LIST *head, *nbl;
	u32 n = 0;
	KIRQL old;

	old = ndl_q_lock(ad);
	head = a6->ret_head;
	a6->ret_head = NULL;
	a6->ret_tail = &a6->ret_head;
	ndl_q_unlock(ad, old);
	if (!head)
		return;
	for (nbl = head; nbl; nbl = nbl->Next)
		n++;
	if (ndl_atomic_load(&a6->state) == NDL6_HALTED) {
		/* After MiniportHaltEx nothing is returned. */
		ndl_warn("%s: %u received list(s) not returned before MiniportHaltEx",
			 ad->name, n);
		return;
	}
	ad->stats.rx_returns += n;
	NDL_CALL_DRIVER_VOID(a6->d6->chars.ReturnNetBufferListsHandler,
			     ndl_ad_ctx(ad), head,
			     NDIS_RETURN_FLAGS_DISPATCH_LEVEL);
	if (!__atomic_sub_fetch(&a6->rx_outstanding, n, __ATOMIC_ACQ_REL))
		ndl6_wake(ad);
}

NDL_STATIC_ASSERT((NDL_NBL_CSUM_RX_TCP_FAILED) == (NDL_RX_CSUM_TCP_BAD) &&
		  (NDL_NBL_CSUM_RX_UDP_FAILED) == (NDL_RX_CSUM_UDP_BAD) &&
		  (NDL_NBL_CSUM_RX_IP_FAILED) == (NDL_RX_CSUM_IP_BAD) &&
		  (NDL_NBL_CSUM_RX_TCP_OK) == (NDL_RX_CSUM_TCP_OK) &&
		  (NDL_NBL_CSUM_RX_UDP_OK) == (NDL_RX_CSUM_UDP_OK) &&
		  (NDL_NBL_CSUM_RX_IP_OK) == (NDL_RX_CSUM_IP_OK),
		  "NDL_RX_CSUM_* are NDIS 6's receive checksum bits");

static u32 rx_flags(const NET_BUFFER_LIST *nbl, u16 *tci)
{
	uintptr_t c = (uintptr_t)nbl->NetBufferListInfo[TcpIpChecksumNetBufferListInfo];
	uintptr_t q = (uintptr_t)nbl->NetBufferListInfo[Ieee8021QNetBufferListInfo];
	u32 f = (u32)c & NDL_RX_CSUM_MASK;

	if (q) {
		*tci = (u16)(NDL_NBL_8021Q_PRIORITY(q) << 13 |
			     NDL_NBL_8021Q_VLAN(q));
		f |= NDL_RX_VLAN;
	}
	return f;
}

/* One NET_BUFFER to the host; false (counted as dropped) if malformed. */
static bool deliver_nb(struct ndl_adapter *ad, const NET_BUFFER_LIST *nbl,
		       const NET_BUFFER *nb)
{
	struct ndl_frag fr[RX_MAX_FRAGS] __uninitialized;
	struct ndl_rx_frame f = { .frags = fr, .len = nb->DataLength };
	const MDL *m = nb->CurrentMdl;
	u32 off = nb->CurrentMdlOffset, left = nb->DataLength;

	while (left && m && f.nfrags < RX_MAX_FRAGS) {
		u32 take;

		if (off > m->ByteCount)
			break;
		take = m->ByteCount - off < left ? m->ByteCount - off : left;
		if (take) {
			fr[f.nfrags].va = (const u8 *)ndl_mdl_va(m) + off;
			fr[f.nfrags].len = take;
			f.nfrags++;
		}
		left -= take;
		off = 0;
		m = m->Next;
	}
	if (left || f.len < 14) {
		ndl_err("%s: received NET_BUFFER of %u bytes %s: dropped",
			ad->name, nb->DataLength,
			f.len < 14 ? "is shorter than an Ethernet header" :
			"is not covered by its MDL chain");
		return false;
	}
	f.flags = rx_flags(nbl, &f.vlan_tci);
	ad->ops->receive(ad->ctx, &f);
	return true;
}

void NTAPI ndlw_NdisMIndicateReceiveNetBufferLists(NDIS_HANDLE h,
						   NET_BUFFER_LIST *nbls,
						   NDIS_PORT_NUMBER port,
						   ULONG count, ULONG flags)
{
	const char *fn = "NdisMIndicateReceiveNetBufferLists";
	struct ndl_adapter *ad = ndl_ad(h, fn);
	struct ndl_ndis6_adapter *a6;
	NET_BUFFER_LIST *nbl, *last = NULL;
	bool deliver, delivered = false;
	u32 n = 0;
	KIRQL old;

	a6 = ad ? ndl6(ad) : NULL;
	if (!a6 || !nbls)
		return;
	deliver = ad->ops->receive &&
		  (ndl6_running(ad) ||
		   ndl_atomic_load(&a6->state) == NDL6_RESTARTING);
	if (!deliver && !a6->rx_warned) {
		a6->rx_warned = true;
		ndl_warn("%s: %s while the adapter is paused: dropped",
			 ad->name, fn);
	}
	for (nbl = nbls; nbl; nbl = nbl->Next) {
		last = nbl;
		n++;
		for (NET_BUFFER *nb = nbl->FirstNetBuffer; nb; nb = nb->Next) {
			if (deliver && deliver_nb(ad, nbl, nb)) {
				ad->stats.rx_frames++;
				delivered = true;
			} else {
				ad->stats.rx_dropped++;
			}
		}
	}
	if (n != count)
		ndl_err("%s: %s: NumberOfNetBufferLists %u, the chain has %u",
			ad->name, fn, count, n);
	if (delivered && ad->ops->receive_complete)
		ad->ops->receive_complete(ad->ctx);
	if (flags & NDIS_RECEIVE_FLAGS_RESOURCES)
		return;		/* the miniport's again as we return */
	old = ndl_q_lock(ad);
	*a6->ret_tail = nbls;
	a6->ret_tail = &last->Next;
	__atomic_add_fetch(&a6->rx_outstanding, n, __ATOMIC_ACQ_REL);
	ndl_q_unlock(ad, old);
	ndlw_KeInsertQueueDpc(&a6->return_dpc, NULL, NULL);
}
