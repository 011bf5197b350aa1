// SPDX-License-Identifier: GPL-2.0-only
/*
 * The receive path: NdisMIndicateReceivePacket (packet arrays, per-packet
 * checksum and 802.1Q info, MiniportReturnPacket), NdisMEthIndicateReceive
 * with MiniportTransferData when the lookahead is short, and
 * NdisMEthIndicateReceiveComplete. The host copies each frame during its
 * receive callback.
 *
 * Packet ownership, as documented for NdisMIndicateReceivePacket,
 * MiniportReturnPacket and NDIS_SET_PACKET_STATUS:
 *  - A deserialized miniport must not look at a packet's status after the
 *    indication: every packet it indicated with NDIS_STATUS_SUCCESS comes
 *    back through MiniportReturnPacket, exactly once, at DISPATCH_LEVEL.
 *    The host has copied it by then, so the runtime queues it (status
 *    NDIS_STATUS_PENDING, as NDIS leaves it) and returns the batch when
 *    the interrupt DPC that indicated it has returned, or from a DPC of
 *    its own for indications made anywhere else. Never inside the
 *    indication: a driver may count a packet out after indicating it.
 *  - A packet indicated with NDIS_STATUS_RESOURCES is the miniport's
 *    again when the call returns and never comes back through
 *    MiniportReturnPacket. A deserialized driver saves each packet's
 *    status before indicating and decides per packet.
 *  - A serialized miniport reads each status on return: NDIS_STATUS_SUCCESS
 *    (the packet was not held) gives it back at once, which the
 *    documentation allows and which every serialized driver handles,
 *    since TCP/IP returns small frames that way. Serialized miniports, and
 *    the rare deserialized one without MiniportReturnPacket, get that.
 *    For serialized ones a packet marked NDIS_STATUS_RESOURCES also makes
 *    every later packet of its array the miniport's (NDIS_SET_PACKET_STATUS).
 *  - Halt: whatever is queued is returned before MiniportHalt; after
 *    MiniportHalt nothing is returned and a returned packet is not touched.
 */
#include "ndis/ndis_priv.h"

#define TD_SLOTS		4
#define TD_BUF_SIZE		(9216 + 14 + 18)	/* jumbo frame + header */

struct td_slot {
	NDIS_PACKET *packet;
	MDL *mdl;
	u8 *buf;
	bool busy;
	u8 header[64];
	u32 header_len;
};

struct ndl_rx {
	NDIS_HANDLE td_pool;
	struct td_slot td[TD_SLOTS];
	/* packets owed MiniportReturnPacket, oldest first (under q_lock) */
	NDIS_PACKET *ret_head, **ret_tail;
	KDPC return_dpc;
	u32 dpc_cpu;		/* cpu + 1 running the interrupt DPC */
	bool closed;		/* MiniportHalt has run: nothing is returned */
};

/* Runtime-private mark (fPACKET_WRAPPER_RESERVED): owed a return. */
#define NDL_PKT_HELD		0x01

/* The return queue links packets through WrapperReservedEx. */
static NDIS_PACKET **ret_link(NDIS_PACKET *p)
{
	return (NDIS_PACKET **)(void *)p->WrapperReservedEx;
}

static void NTAPI return_dpc(KDPC *dpc, void *ctx, void *a1, void *a2)
{
	ndl_rx_return_queued(ctx);
}

int ndl_rx_init(struct ndl_adapter *ad)
{
	struct ndl_rx *rx = ndl_alloc_cat(sizeof(*rx), NDL_OS_ZERO,
					  NDL_MEM_ADAPTER);
	u32 i;

	if (!rx)
		return -NDL_ENOMEM;
	ad->rx = rx;
	rx->ret_tail = &rx->ret_head;
	ndlw_KeInitializeDpc(&rx->return_dpc, return_dpc, ad);
	if (!ndl_chars(ad)->TransferDataHandler)
		return 0;
	if (ndl_packet_pool_create(&rx->td_pool, TD_SLOTS, 0, 16) !=
	    NDIS_STATUS_SUCCESS)
		return -NDL_ENOMEM;
	for (i = 0; i < TD_SLOTS; i++) {
		struct td_slot *t = &rx->td[i];

		t->packet = ndl_packet_alloc(rx->td_pool);
		t->buf = ndl_alloc_cat(TD_BUF_SIZE, 0, NDL_MEM_ADAPTER);
		t->mdl = ndl_mdl_alloc_pages(TD_BUF_SIZE / 4096 + 2,
					     NDL_MEM_ADAPTER);
		if (!t->packet || !t->buf || !t->mdl)
			return -NDL_ENOMEM;
		*ndl_packet_owner(t->packet) = t;
	}
	return 0;
}

static struct ndl_rx *rx_of(struct ndl_adapter *ad)
{
	return ad->rx;
}

void ndl_rx_free(struct ndl_adapter *ad)
{
	struct ndl_rx *rx = rx_of(ad);
	u32 i;

	if (!rx)
		return;
	ndl_rx_close(ad);
	ndlw_KeRemoveQueueDpc(&rx->return_dpc);
	ndl_dpc_flush();
	for (i = 0; i < TD_SLOTS; i++) {
		if (rx->td[i].packet)
			ndl_packet_free(rx->td[i].packet);
		ndl_free(rx->td[i].buf);
		ndl_free(rx->td[i].mdl);
	}
	if (rx->td_pool)
		ndl_packet_pool_destroy(rx->td_pool);
	ndl_free(rx);
	ad->rx = NULL;
}

/* A frame's bytes in MDLs (from a packet) or in fragments (TransferData). */
u32 ndl_rx_frame_gather(const struct ndl_rx_frame *f, void *buf, u32 len)
{
	const MDL *m = f->mdl;
	u32 done = 0, i;

	for (i = 0; (m || i < f->nfrags) && done < len; i++) {
		const void *va = m ? ndl_mdl_va(m) : f->frags[i].va;
		u32 n = m ? m->ByteCount : f->frags[i].len;

		if (n > len - done)
			n = len - done;
		ndl_memcpy((u8 *)buf + done, va, n);
		done += n;
		if (m)
			m = m->Next;
	}
	return done;
}

static bool deliverable(struct ndl_adapter *ad)
{
	if (ad->state == NDL_AD_RUNNING || ad->state == NDL_AD_HALTING)
		return true;
	ad->stats.rx_dropped++;
	return false;
}

static void deliver(struct ndl_adapter *ad, const struct ndl_rx_frame *f)
{
	if (f->len < 14) {
		ad->stats.rx_dropped++;
		return;
	}
	ad->stats.rx_frames++;
	if (ad->ops->receive)
		ad->ops->receive(ad->ctx, f);
}

/* A frame given as its header and the rest (the lookahead paths). */
static void deliver_split(struct ndl_adapter *ad, const void *header,
			  u32 header_len, const void *rest, u32 rest_len)
{
	struct ndl_frag frags[2] = {
		{ header, header_len }, { rest, rest_len },
	};
	struct ndl_rx_frame f = {
		.frags = frags, .nfrags = rest_len ? 2 : 1,
		.len = header_len + rest_len,
	};

	deliver(ad, &f);
}

NDL_STATIC_ASSERT((NDL_CSUM_RX_TCP_FAILED) == (NDL_RX_CSUM_TCP_BAD) &&
		  (NDL_CSUM_RX_UDP_FAILED) == (NDL_RX_CSUM_UDP_BAD) &&
		  (NDL_CSUM_RX_IP_FAILED) == (NDL_RX_CSUM_IP_BAD) &&
		  (NDL_CSUM_RX_TCP_SUCCEEDED) == (NDL_RX_CSUM_TCP_OK) &&
		  (NDL_CSUM_RX_UDP_SUCCEEDED) == (NDL_RX_CSUM_UDP_OK) &&
		  (NDL_CSUM_RX_IP_SUCCEEDED) == (NDL_RX_CSUM_IP_OK),
		  "NDL_RX_CSUM_* are NDIS 5's receive checksum bits");

static u32 csum_flags(NDIS_PACKET *p, u16 *vlan)
{
	NDIS_PACKET_EXTENSION *ext = ndl_packet_ext(p);
	u32 v = (u32)(uintptr_t)ext->NdisPacketInfo[TcpIpChecksumPacketInfo];
	u32 q = (u32)(uintptr_t)ext->NdisPacketInfo[Ieee8021QInfo];
	u32 f = v & NDL_RX_CSUM_MASK;

	*vlan = 0;
	if (q) {
		*vlan = (u16)(NDL_8021Q_PRIORITY(q) << 13 | NDL_8021Q_VLAN_ID(q));
		f |= NDL_RX_VLAN;
	}
	return f;
}

/*
 * No fragment array: per frame, the kernel would zero one on the stack. A
 * packet in one buffer (most) goes as one fragment, which the host copies
 * inline (ndl_rx_frame_copy).
 */
static void deliver_packet(struct ndl_adapter *ad, NDIS_PACKET *p)
{
	const MDL *head = p->Private.Head, *m;
	struct ndl_rx_frame f = { .mdl = head };
	struct ndl_frag one __uninitialized;
	u32 len = 0, n = 0;

	for (m = head; m; m = m->Next) {
		len += m->ByteCount;
		n++;
	}
	f.len = len;
	f.nfrags = n;
	if (n == 1) {
		one.va = ndl_mdl_va(head);
		one.len = len;
		f.frags = &one;
		f.mdl = NULL;
	}
	f.flags = csum_flags(p, &f.vlan_tci);
	deliver(ad, &f);
}

/* ---- packets owed MiniportReturnPacket ------------------------------------ */

static u32 this_cpu(void)
{
	return ndl_os_cpu_id() + 1;
}

/* Whether SUCCESS packets come back through MiniportReturnPacket. */
static bool returns_by_call(struct ndl_adapter *ad)
{
	if (!ad->deserialized)
		return false;
	if (ndl_chars(ad)->ReturnPacketHandler)
		return true;
	ndl_fixme_once("%s: deserialized miniport without MiniportReturnPacket: received packets are given back by status",
		       ad->name);
	return false;
}

/* Queue a chain of indicated packets for MiniportReturnPacket. */
static void hold(struct ndl_adapter *ad, NDIS_PACKET *head,
		 NDIS_PACKET **tail)
{
	struct ndl_rx *rx = rx_of(ad);
	KIRQL old = ndl_q_lock(ad);

	if (rx->closed) {
		ndl_q_unlock(ad, old);
		ndl_err("%s: packets indicated after MiniportHalt: not returned",
			ad->name);
		return;
	}
	*rx->ret_tail = head;
	rx->ret_tail = tail;
	ndl_q_unlock(ad, old);
	/* The interrupt DPC returns them itself when it ends. */
	if (ndl_atomic_load(&rx->dpc_cpu) != this_cpu())
		ndlw_KeInsertQueueDpc(&rx->return_dpc, NULL, NULL);
}

/* Give every queued packet back. DISPATCH_LEVEL, outside the driver. */
void ndl_rx_return_queued(struct ndl_adapter *ad)
{
	W_RETURN_PACKET_HANDLER fn = ndl_chars(ad)->ReturnPacketHandler;
	struct ndl_rx *rx = rx_of(ad);
	NDIS_PACKET *p;
	KIRQL old;

	if (!rx || !ndl_atomic_load(&rx->ret_head))
		return;
	old = ndl_q_lock(ad);
	p = rx->closed ? NULL : rx->ret_head;
	if (p) {
		rx->ret_head = NULL;
		rx->ret_tail = &rx->ret_head;
	}
	ndl_q_unlock(ad, old);
	if (!p)
		return;
	/* One entry into Windows code for the batch, not one per packet:
	 * only the runtime's own list walk runs between the calls.
	 */
	ndl_os_driver_enter();
	while (p) {
		NDIS_PACKET *next = *ret_link(p);

		/* The miniport's once the call starts: never touched after. */
		*ret_link(p) = NULL;
		p->Private.NdisPacketFlags &= (UCHAR)~NDL_PKT_HELD;
		ad->stats.rx_returns++;
		fn(ndl_ad_ctx(ad), p);
		p = next;
	}
	ndl_os_driver_leave();
}

void ndl_rx_dpc_begin(struct ndl_adapter *ad)
{
	if (ad->rx)
		ndl_atomic_store(&ad->rx->dpc_cpu, this_cpu());
}

void ndl_rx_dpc_end(struct ndl_adapter *ad)
{
	if (!ad->rx)
		return;
	ndl_atomic_store(&ad->rx->dpc_cpu, 0u);
	ndl_rx_return_queued(ad);
}

/* Halt, before MiniportHalt: every packet still owed goes back. PASSIVE. */
void ndl_rx_return_all(struct ndl_adapter *ad)
{
	KIRQL old = ndl_irql_raise(NDL_DISPATCH_LEVEL);

	ndl_rx_return_queued(ad);
	ndl_irql_lower(old);
}

/* After MiniportHalt (or a failed initialize): nothing is returned any
 * more; packets still queued belonged to a driver that has let go of
 * them, and are left untouched.
 */
void ndl_rx_close(struct ndl_adapter *ad)
{
	struct ndl_rx *rx = rx_of(ad);
	u32 n = 0;
	KIRQL old;

	if (!rx)
		return;
	old = ndl_q_lock(ad);
	rx->closed = true;
	for (NDIS_PACKET *p = rx->ret_head; p; p = *ret_link(p))
		n++;
	rx->ret_head = NULL;
	rx->ret_tail = &rx->ret_head;
	ndl_q_unlock(ad, old);
	if (n)
		ndl_warn("%s: %u received packet(s) indicated during MiniportHalt were not returned",
			 ad->name, n);
}

/* NdisMIndicateReceivePacket */
void NTAPI ndl_packet_indicate_handler(NDIS_HANDLE h, NDIS_PACKET **pkts,
				       UINT n)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMIndicateReceivePacket");
	NDIS_PACKET *head = NULL, **tail = &head;
	bool by_call, resources = false;
	UINT i;

	if (!ad || !pkts)
		return;
	by_call = returns_by_call(ad);
	for (i = 0; i < n; i++) {
		NDIS_PACKET *p = pkts[i];
		NDIS_PACKET_OOB_DATA *oob;

		if (!p)
			continue;
		oob = ndl_packet_oob(p);
		if (by_call && (p->Private.NdisPacketFlags & NDL_PKT_HELD)) {
			ndl_err("%s: NdisMIndicateReceivePacket(%p): indicated again before MiniportReturnPacket: ignored",
				ad->name, p);
			continue;
		}
		if (oob->Status == NDIS_STATUS_RESOURCES)
			resources = true;
		if (deliverable(ad))
			deliver_packet(ad, p);
		if (by_call) {
			/* Each status on its own: the driver saved them. */
			if (oob->Status == NDIS_STATUS_RESOURCES)
				continue;
			p->Private.NdisPacketFlags |= NDL_PKT_HELD;
			oob->Status = NDIS_STATUS_PENDING;
			*ret_link(p) = NULL;
			*tail = p;
			tail = ret_link(p);
		} else if (!resources) {
			/* Copied: the miniport's again (RESOURCES ones and
			 * every later one stay so).
			 */
			oob->Status = NDIS_STATUS_SUCCESS;
		}
	}
	if (n && ad->ops->receive_complete && deliverable(ad))
		ad->ops->receive_complete(ad->ctx);
	if (head)
		hold(ad, head, tail);
}

void NTAPI ndlw_NdisMIndicateReceivePacket(NDIS_HANDLE h, NDIS_PACKET **pkts,
					   UINT n)
{
	ndl_packet_indicate_handler(h, pkts, n);
}

/* ---- header + lookahead indications ---------------------------------------- */

/*
 * OID_GEN_CURRENT_LOOKAHEAD is a protocol's suggestion; the miniport can
 * provide at most OID_GEN_MAXIMUM_LOOKAHEAD bytes, and NDIS never asks it
 * for more (a driver whose maximum is 238 refuses 1500). A set request's
 * value (already the request's own copy) is lowered to the maximum.
 */
void ndl_rx_lookahead_limit(struct ndl_adapter *ad, u32 oid, void *buf,
			    u32 len)
{
	u32 v;

	if (oid != OID_GEN_CURRENT_LOOKAHEAD || len < 4 || !ad->max_lookahead)
		return;
	ndl_memcpy(&v, buf, 4);
	if (v <= ad->max_lookahead)
		return;
	ndl_dbg("%s: OID_GEN_CURRENT_LOOKAHEAD %u lowered to the miniport's maximum %u",
		ad->name, v, ad->max_lookahead);
	ndl_memcpy(buf, &ad->max_lookahead, 4);
}

static struct td_slot *td_get(struct ndl_adapter *ad)
{
	struct ndl_rx *rx = rx_of(ad);
	struct td_slot *t = NULL;
	KIRQL old = ndl_q_lock(ad);

	for (u32 i = 0; i < TD_SLOTS; i++) {
		if (rx->td[i].packet && !rx->td[i].busy) {
			t = &rx->td[i];
			t->busy = true;
			break;
		}
	}
	ndl_q_unlock(ad, old);
	return t;
}

static void td_put(struct ndl_adapter *ad, struct td_slot *t)
{
	KIRQL old = ndl_q_lock(ad);

	t->busy = false;
	ndl_q_unlock(ad, old);
}

/*
 * BytesTransferred is what the miniport copied: the frame is the header
 * and that many bytes, even when fewer than asked (a driver that counted
 * the CRC in PacketSize copies 4 bytes less). More than asked is a
 * driver bug; only what fits the request is taken.
 */
static void td_deliver(struct ndl_adapter *ad, struct td_slot *t,
		       NDIS_STATUS st, UINT got, UINT want)
{
	if (got != want)
		ndl_dbg("%s: MiniportTransferData: %u of %u bytes", ad->name,
			got, want);
	if (got > want)
		got = want;
	if (st != NDIS_STATUS_SUCCESS) {
		ndl_dbg("%s: MiniportTransferData: status 0x%08x", ad->name,
			st);
		ad->stats.rx_dropped++;
	} else if (deliverable(ad)) {
		deliver_split(ad, t->header, t->header_len, t->buf, got);
	}
	td_put(ad, t);
}

/* NdisMEthIndicateReceive: Filter is the block's EthDB, our adapter. */
void NTAPI ndl_eth_indicate_handler(void *filter, NDIS_HANDLE rx_ctx,
				    char *addr, void *header, UINT header_len,
				    void *look, UINT look_len, UINT packet_len)
{
	struct ndl_adapter *ad = ndl_ad(filter, "NdisMEthIndicateReceive");
	W_TRANSFER_DATA_HANDLER td;
	struct td_slot *t;
	NDIS_STATUS st;
	UINT got = 0;

	if (!ad || !header)
		return;
	if (look_len > packet_len)
		look_len = packet_len;
	if (look_len == packet_len) {
		if (deliverable(ad))
			deliver_split(ad, header, header_len, look, look_len);
		return;
	}
	/* Short lookahead: the rest comes through MiniportTransferData. */
	td = ndl_chars(ad)->TransferDataHandler;
	if (!deliverable(ad))
		return;
	if (!td || header_len > sizeof(t->header) ||
	    packet_len > TD_BUF_SIZE) {
		ndl_fixme_once("%s: partial receive indication the runtime cannot complete (TransferData %s, %u bytes)",
			       ad->name, td ? "present" : "missing", packet_len);
		ad->stats.rx_dropped++;
		return;
	}
	t = td_get(ad);
	if (!t) {
		ad->stats.rx_dropped++;
		return;
	}
	ndl_memcpy(t->header, header, header_len);
	t->header_len = header_len;
	ndl_packet_reinit(t->packet);
	ndl_mdl_set(t->mdl, t->buf, packet_len);
	t->mdl->Next = NULL;
	t->packet->Private.Head = t->packet->Private.Tail = t->mdl;
	ad->stats.rx_transfers++;
	NDL_CALL_DRIVER(st, td, t->packet, &got, ndl_ad_ctx(ad), rx_ctx, 0,
			packet_len);
	if (st == NDIS_STATUS_PENDING)
		return;		/* NdisMTransferDataComplete finishes it */
	td_deliver(ad, t, st, got, packet_len);
}

/* NdisMTransferDataComplete */
void NTAPI ndl_td_complete_handler(NDIS_HANDLE h, NDIS_PACKET *p,
				   NDIS_STATUS st, UINT got)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMTransferDataComplete");
	struct td_slot *t;

	if (!ad)
		return;
	t = ndl_packet_is_ours(p) ? *ndl_packet_owner(p) : NULL;
	if (!t || !t->busy || t->packet != p) {
		ndl_err("%s: NdisMTransferDataComplete(%p): no transfer pending on it",
			ad->name, p);
		return;
	}
	td_deliver(ad, t, st, got, t->mdl->ByteCount);
}

void NTAPI ndl_eth_complete_handler(void *filter)
{
	struct ndl_adapter *ad = ndl_ad(filter, "NdisMEthIndicateReceiveComplete");

	if (ad && ad->ops->receive_complete && deliverable(ad))
		ad->ops->receive_complete(ad->ctx);
}

/* Exported forms of the DDK macros. */
void NTAPI ndlw_NdisMEthIndicateReceive(NDIS_HANDLE h, NDIS_HANDLE rx_ctx,
					void *header, UINT header_len,
					void *look, UINT look_len,
					UINT packet_len)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMEthIndicateReceive");

	if (ad)
		ndl_eth_indicate_handler(ad->block.EthDB, rx_ctx, header,
					 header, header_len, look, look_len,
					 packet_len);
}

void NTAPI ndlw_NdisMEthIndicateReceiveComplete(NDIS_HANDLE h)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMEthIndicateReceiveComplete");

	if (ad)
		ndl_eth_complete_handler(ad->block.EthDB);
}

void NTAPI ndlw_NdisMTransferDataComplete(NDIS_HANDLE h, NDIS_PACKET *p,
					  NDIS_STATUS st, UINT got)
{
	ndl_td_complete_handler(h, p, st, got);
}
