// SPDX-License-Identifier: GPL-2.0-only
/*
 * The NDIS 6 send path: a host frame becomes a NET_BUFFER_LIST with one
 * NET_BUFFER over the host's fragments (zero-copy MDLs, from the slot's
 * buffers, ndis_txbufs.c: two to start, grown on demand and kept; a copy
 * when they cannot grow), from a fixed set of slots allocated at create
 * from a NET_BUFFER_LIST pool as a protocol allocates them (TX_SLOTS
 * below says how many), and goes to MiniportSendNetBufferLists at
 * DISPATCH_LEVEL. Checksum and 802.1Q requests travel in the list's
 * NetBufferListInfo. The miniport gives lists back with
 * NdisMSendNetBufferListsComplete (possibly several at once, possibly
 * before MiniportSendNetBufferLists returns) with each list's Status.
 * Sends reach the miniport only while the adapter is Running: a pause
 * first waits out the calls already on their way, so MiniportPause never
 * races a new send.
 */
#include "ndis6/ndis6_priv.h"

#define TX_POOL_TAG	0x36646e4e	/* 'Nnd6' */

/*
 * How many frames may be in the miniport at once. NDIS 6 gives no figure
 * to size this from: OID_GEN_MAXIMUM_SEND_PACKETS is obsolete for NDIS 6
 * miniports, no miniport attribute gives the transmit ring's size, and
 * the *TransmitBuffers keyword, where a driver has it, is documented as a
 * size in bytes. MiniportSendNetBufferLists takes any number of lists and
 * the (always deserialized) miniport queues what its ring cannot take, so
 * slots beyond the ring only move frames from the host's queue into the
 * miniport's. 64 frames (96 KiB of full-size frames, 0.8 ms at 1 Gbit/s)
 * outlast a moderated completion interrupt, so the ring does not run dry
 * while the host's queue waits; the host's tx_slots caps it further.
 */
#define TX_SLOTS	64

static struct ndl6_tx_slot *slot_of(LIST_ENTRY *e)
{
	return NDL_CONTAINER_OF(e, struct ndl6_tx_slot, link);
}

int ndl6_tx_init(struct ndl_adapter *ad, u32 max)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	NET_BUFFER_LIST_POOL_PARAMETERS pp = {
		.Header = { NDIS_OBJECT_TYPE_DEFAULT,
			    NET_BUFFER_LIST_POOL_PARAMETERS_REVISION_1,
			    NDIS_SIZEOF_NET_BUFFER_LIST_POOL_PARAMETERS_REVISION_1 },
		.fAllocateNetBuffer = TRUE,
		.PoolTag = TX_POOL_TAG,
	};
	u32 i, n = max < TX_SLOTS ? max : TX_SLOTS;

	ndl_list_init(&a6->tx_free);
	a6->tx_pool = ndlw_NdisAllocateNetBufferListPool(NULL, &pp);
	a6->slots = ndl_alloc_cat(n * sizeof(*a6->slots), NDL_OS_ZERO,
				  NDL_MEM_SEND);
	if (!a6->tx_pool || !a6->slots)
		return -NDL_ENOMEM;
	a6->nslots = n;
	for (i = 0; i < n; i++) {
		struct ndl6_tx_slot *s = &a6->slots[i];

		if (ndl_tx_bufs_init(&s->bufs))
			return -NDL_ENOMEM;
		s->nbl = ndlw_NdisAllocateNetBufferList(a6->tx_pool, 0, 0);
		if (!s->nbl)
			return -NDL_ENOMEM;
		ndl_list_add_tail(&a6->tx_free, &s->link);
	}
	return 0;
}

void ndl6_tx_free(struct ndl_adapter *ad)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);

	for (u32 i = 0; a6->slots && i < a6->nslots; i++) {
		struct ndl6_tx_slot *s = &a6->slots[i];

		ndl_tx_bufs_free(&s->bufs);
		if (s->nbl) {
			/* the MDLs were ours, never the list's */
			s->nbl->FirstNetBuffer->MdlChain = NULL;
			s->nbl->FirstNetBuffer->CurrentMdl = NULL;
			ndlw_NdisFreeNetBufferList(s->nbl);
		}
	}
	ndl_free(a6->slots);
	a6->slots = NULL;
	if (a6->tx_pool)
		ndlw_NdisFreeNetBufferListPool(a6->tx_pool);
	a6->tx_pool = NULL;
}

/*
 * The TCP/UDP header's offset (for TcpHeaderOffset), 0 if not found; the
 * TCP header's length in *thl if the first buffer holds it (else 0).
 */
static u32 l4_offset(const struct ndl_frag *frags, u32 nfrags, u32 *thl)
{
	const u8 *p = NULL;
	u32 i, len = 0, ihl, l4;

	*thl = 0;
	for (i = 0; i < nfrags && !p; i++)
		if (frags[i].len) {
			p = frags[i].va;
			len = frags[i].len;
		}
	if (!p || len < 14 + 20)
		return 0;
	if (p[12] == 0x08 && p[13] == 0x00) {
		ihl = (p[14] & 0xf) * 4u;
		l4 = ihl >= 20 ? 14 + ihl : 0;
	} else {
		l4 = p[12] == 0x86 && p[13] == 0xdd ? 14 + 40 : 0;
	}
	if (l4 && len >= l4 + 20)
		*thl = (p[l4 + 12] >> 4) * 4u;
	return l4;
}

/*
 * NDIS_TCP_LARGE_SEND_OFFLOAD_NET_BUFFER_LIST_INFO: MSS:20,
 * TcpHeaderOffset:10, Type:1 (LSOv2), IPVersion:1 (IPv6, LSOv2 only);
 * completed: LSOv1's TcpPayload:30 (bytes sent), LSOv2's Type.
 */
#define LSO_TCP_OFFSET_SHIFT	20
#define LSO_TYPE_V2		(1u << 30)
#define LSO_IPV6		(1u << 31)
#define LSO_TCP_PAYLOAD		0x3fffffffu

/* A large send's list information; its TCP payload in s->lso_payload. */
static uintptr_t lso_info(struct ndl6_tx_slot *s, const struct ndl_frag *frags,
			  u32 nfrags, u32 total, u32 flags)
{
	u32 thl, l4 = l4_offset(frags, nfrags, &thl);
	u32 v = NDL_TX_LSO_MSS(flags) | l4 << LSO_TCP_OFFSET_SHIFT;

	/* LSOv2's completion does not say what was sent: the payload was */
	s->lso_payload = total > l4 + thl ? total - l4 - thl : 0;
	if (flags & NDL_TX_LSO_V2)
		v |= LSO_TYPE_V2 |
		     (flags & NDL_TX_CSUM_IPV6 ? LSO_IPV6 : 0);
	return v;
}

static void slot_info(struct ndl6_tx_slot *s, const struct ndl_frag *frags,
		      u32 nfrags, u32 total, u32 flags, u16 vlan)
{
	NET_BUFFER_LIST *nbl = s->nbl;
	uintptr_t csum = 0;
	u32 thl;

	s->lso = flags & NDL_TX_LSO;
	nbl->NetBufferListInfo[TcpLargeSendNetBufferListInfo] = s->lso ?
		(void *)lso_info(s, frags, nfrags, total, flags) : NULL;

	if (flags & (NDL_TX_CSUM_TCP | NDL_TX_CSUM_UDP | NDL_TX_CSUM_IP)) {
		/* The same bit order as the transmit half of the union. */
		csum = flags & (NDL_NBL_CSUM_TX_IPV4 | NDL_NBL_CSUM_TX_IPV6 |
				NDL_NBL_CSUM_TX_TCP | NDL_NBL_CSUM_TX_UDP |
				NDL_NBL_CSUM_TX_IP);
		csum |= (uintptr_t)l4_offset(frags, nfrags, &thl)
			<< NDL_NBL_CSUM_TX_TCP_OFFSET_SHIFT;
	}
	nbl->NetBufferListInfo[TcpIpChecksumNetBufferListInfo] = (void *)csum;
	nbl->NetBufferListInfo[Ieee8021QNetBufferListInfo] = flags & NDL_TX_VLAN ?
		(void *)(uintptr_t)((vlan >> 13 & 7) | (u32)(vlan & 0xfff) << 4) :
		NULL;
}

/* The adapter API's bits (asserted in ndis5/ndis_send.c) are these. */
NDL_STATIC_ASSERT(NDL_NBL_CSUM_TX_IPV4 == 1 && NDL_NBL_CSUM_TX_IPV6 == 2 &&
		  NDL_NBL_CSUM_TX_TCP == 4 && NDL_NBL_CSUM_TX_UDP == 8 &&
		  NDL_NBL_CSUM_TX_IP == 16, "transmit checksum bits");

/* Ready the slot's list for a new send (a protocol's reinitialization). */
static bool slot_fill(struct ndl_adapter *ad, struct ndl6_tx_slot *s,
		      const struct ndl_frag *frags, u32 nfrags, u32 total,
		      u32 flags, u16 vlan)
{
	NET_BUFFER_LIST *nbl = s->nbl;
	NET_BUFFER *nb = nbl->FirstNetBuffer;
	MDL *chain = ndl_tx_bufs_frame(ad, &s->bufs, frags, nfrags,
				       ndl_frags_used(frags, nfrags), total,
				       false);

	if (!chain)
		return false;
	nbl->Next = NULL;
	nbl->Status = NDIS_STATUS_SUCCESS;
	nbl->Flags = 0;
	nbl->SourceHandle = ad;
	nbl->ParentNetBufferList = NULL;
	ndl_memset(nbl->MiniportReserved, 0, sizeof(nbl->MiniportReserved));
	ndl_memset(nbl->NetBufferListInfo, 0, sizeof(nbl->NetBufferListInfo));
	nbl->ProtocolReserved[0] = s;
	nb->Next = NULL;
	ndl_memset(nb->MiniportReserved, 0, sizeof(nb->MiniportReserved));
	nb->ScatterGatherList = NULL;
	nb->DataPhysicalAddress.QuadPart = 0;
	if (!ndl_nb_attach(nb, chain, 0, total, "send"))
		return false;
	slot_info(s, frags, nfrags, total, flags, vlan);
	return true;
}

static void slot_put(struct ndl_adapter *ad, struct ndl6_tx_slot *s)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	KIRQL old = ndl_q_lock(ad);

	s->busy = false;
	s->cookie = NULL;
	ndl_list_add_head(&a6->tx_free, &s->link);
	a6->tx_outstanding--;
	ndl_q_unlock(ad, old);
}

int ndl6_send(struct ndl_adapter *ad, const struct ndl_frag *frags, u32 n,
	      u32 total, void *cookie, u32 flags, u16 vlan)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	struct ndl6_tx_slot *s;
	KIRQL old;

	old = ndl_q_lock(ad);
	if (!ndl6_running(ad) || ndl_list_empty(&a6->tx_free)) {
		ad->tx_want_ready = true;
		ndl_q_unlock(ad, old);
		return -NDL_EBUSY;
	}
	s = slot_of(a6->tx_free.Flink);
	ndl_list_del(&s->link);
	s->busy = true;
	a6->tx_outstanding++;
	a6->tx_submitting++;
	ndl_q_unlock(ad, old);

	if (!slot_fill(ad, s, frags, n, total, flags, vlan)) {
		slot_put(ad, s);
		old = ndl_q_lock(ad);
		a6->tx_submitting--;
		ndl_q_unlock(ad, old);
		ndl6_wake(ad);
		return -NDL_ENOMEM;
	}
	s->cookie = cookie;
	old = ndl_irql_raise(NDL_DISPATCH_LEVEL);
	NDL_CALL_DRIVER_VOID(a6->d6->chars.SendNetBufferListsHandler,
			     ndl_ad_ctx(ad), s->nbl, NDIS_DEFAULT_PORT_NUMBER,
			     NDIS_SEND_FLAGS_DISPATCH_LEVEL);
	ndl_irql_lower(old);
	old = ndl_q_lock(ad);
	a6->tx_submitting--;
	ndl_q_unlock(ad, old);
	if (ndl_atomic_load(&a6->state) != NDL6_RUNNING)
		ndl6_wake(ad);
	return 0;
}

/* The slot behind a list the miniport completed, or NULL if not ours. */
static struct ndl6_tx_slot *slot_of_nbl(struct ndl_adapter *ad,
					NET_BUFFER_LIST *nbl)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	struct ndl6_tx_slot *s = nbl->ProtocolReserved[0];

	if (s < a6->slots || s >= a6->slots + a6->nslots || s->nbl != nbl ||
	    !s->busy)
		return NULL;
	return s;
}

/*
 * What the miniport wrote back into a large send's information: LSOv1
 * the TCP payload bytes it sent, LSOv2 its type (and the payload counts).
 */
static void lso_done(struct ndl_adapter *ad, struct ndl6_tx_slot *s)
{
	u32 v = (u32)(uintptr_t)
		s->nbl->NetBufferListInfo[TcpLargeSendNetBufferListInfo];

	if (!(v & LSO_TYPE_V2))
		ndl_lso_sent(ad, v & LSO_TCP_PAYLOAD);
	else
		ndl_lso_sent(ad, s->lso_payload);
}

static void complete_one(struct ndl_adapter *ad, struct ndl6_tx_slot *s,
			 NDIS_STATUS st)
{
	void *cookie = s->cookie;

	if (st == NDIS_STATUS_SUCCESS && s->lso)
		lso_done(ad, s);
	if (st == NDIS_STATUS_SUCCESS)
		ndl_atomic_add(&ad->stats.tx_frames, 1);
	else
		ndl_atomic_add(&ad->stats.tx_errors, 1);
	slot_put(ad, s);
	if (ad->ops->send_complete)
		ad->ops->send_complete(ad->ctx, cookie, st);
}

void NTAPI ndlw_NdisMSendNetBufferListsComplete(NDIS_HANDLE h,
						NET_BUFFER_LIST *nbls,
						ULONG flags)
{
	const char *fn = "NdisMSendNetBufferListsComplete";
	struct ndl_adapter *ad = ndl_ad(h, fn);
	NET_BUFFER_LIST *nbl, *next;
	bool ready;
	KIRQL old;

	if (!ad || !ndl6(ad))
		return;
	for (nbl = nbls; nbl; nbl = next) {
		struct ndl6_tx_slot *s = slot_of_nbl(ad, nbl);

		next = nbl->Next;
		if (!s) {
			ndl_err("%s: %s(%p): not a NET_BUFFER_LIST NDIS sent, or completed twice: ignored (and the rest of the chain)",
				ad->name, fn, nbl);
			break;
		}
		nbl->Next = NULL;
		complete_one(ad, s, nbl->Status);
	}
	old = ndl_q_lock(ad);
	ready = ad->tx_want_ready && ndl6_running(ad);
	if (ready)
		ad->tx_want_ready = false;
	ndl_q_unlock(ad, old);
	if (ready && ad->ops->send_ready)
		ad->ops->send_ready(ad->ctx);
	if (ndl_atomic_load(&ndl6(ad)->state) != NDL6_RUNNING)
		ndl6_wake(ad);
}

void ndl6_tx_abort(struct ndl_adapter *ad)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);

	for (u32 i = 0; i < a6->nslots; i++) {
		struct ndl6_tx_slot *s = &a6->slots[i];

		if (!s->busy)
			continue;
		ndl_warn("%s: the miniport never completed send %p", ad->name,
			 s->nbl);
		complete_one(ad, s, NDIS_STATUS_FAILURE);
	}
}

bool ndl6_tx_quiet(struct ndl_adapter *ad)
{
	return !ndl_atomic_load(&ndl6(ad)->tx_submitting);
}
