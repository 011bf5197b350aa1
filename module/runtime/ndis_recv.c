// SPDX-License-Identifier: GPL-2.0-only
/*
 * The receive path: NdisMIndicateReceivePacket (packet arrays, per-packet
 * checksum and 802.1Q info, MiniportReturnPacket), NdisMEthIndicateReceive
 * with MiniportTransferData when the lookahead is short, and
 * NdisMEthIndicateReceiveComplete. The host copies each frame during its
 * receive callback.
 *
 * Packet ownership: since every frame is copied before the indication
 * returns, no packet is ever held. Each comes back marked
 * NDIS_STATUS_SUCCESS, which documentedly gives it, its buffers and its
 * out-of-band data back to the miniport at once (a packet indicated with
 * NDIS_STATUS_RESOURCES keeps that status); MiniportReturnPacket is never
 * called. Holding packets and returning them from a DPC, as a protocol
 * that keeps them would, costs a lock, a DPC and a driver call per frame
 * for nothing (measured: 15 % of receive throughput).
 */
#include "ndis_priv.h"

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
};

int ndl_rx_init(struct ndl_adapter *ad)
{
	struct ndl_rx *rx = ndl_alloc(sizeof(*rx), NDL_OS_ZERO);
	u32 i;

	if (!rx)
		return -NDL_ENOMEM;
	ad->rx = rx;
	if (!ndl_chars(ad)->TransferDataHandler)
		return 0;
	if (ndl_packet_pool_create(&rx->td_pool, TD_SLOTS, 0, 16) !=
	    NDIS_STATUS_SUCCESS)
		return -NDL_ENOMEM;
	for (i = 0; i < TD_SLOTS; i++) {
		struct td_slot *t = &rx->td[i];

		t->packet = ndl_packet_alloc(rx->td_pool);
		t->buf = ndl_alloc(TD_BUF_SIZE, 0);
		t->mdl = ndl_mdl_alloc_pages(TD_BUF_SIZE / 4096 + 2);
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
u32 ndl_rx_frame_copy(const struct ndl_rx_frame *f, void *buf, u32 len)
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

static u32 csum_flags(NDIS_PACKET *p, u16 *vlan)
{
	NDIS_PACKET_EXTENSION *ext = ndl_packet_ext(p);
	u32 v = (u32)(uintptr_t)ext->NdisPacketInfo[TcpIpChecksumPacketInfo];
	u32 q = (u32)(uintptr_t)ext->NdisPacketInfo[Ieee8021QInfo];
	u32 f = 0;

	if (v & NDL_CSUM_RX_IP_SUCCEEDED)
		f |= NDL_RX_CSUM_IP_OK;
	if (v & NDL_CSUM_RX_TCP_SUCCEEDED)
		f |= NDL_RX_CSUM_TCP_OK;
	if (v & NDL_CSUM_RX_UDP_SUCCEEDED)
		f |= NDL_RX_CSUM_UDP_OK;
	if (v & NDL_CSUM_RX_IP_FAILED)
		f |= NDL_RX_CSUM_IP_BAD;
	if (v & NDL_CSUM_RX_TCP_FAILED)
		f |= NDL_RX_CSUM_TCP_BAD;
	if (v & NDL_CSUM_RX_UDP_FAILED)
		f |= NDL_RX_CSUM_UDP_BAD;
	*vlan = 0;
	if (q) {
		*vlan = (u16)(NDL_8021Q_PRIORITY(q) << 13 | NDL_8021Q_VLAN_ID(q));
		f |= NDL_RX_VLAN;
	}
	return f;
}

/* No fragment array: per frame, the kernel would zero one on the stack. */
static void deliver_packet(struct ndl_adapter *ad, NDIS_PACKET *p)
{
	struct ndl_rx_frame f = { .mdl = p->Private.Head };
	const MDL *m;

	for (m = f.mdl; m; m = m->Next) {
		f.len += m->ByteCount;
		f.nfrags++;
	}
	f.flags = csum_flags(p, &f.vlan_tci);
	deliver(ad, &f);
}

/* NdisMIndicateReceivePacket */
void NTAPI ndl_packet_indicate_handler(NDIS_HANDLE h, NDIS_PACKET **pkts,
				       UINT n)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMIndicateReceivePacket");
	bool resources = false;
	UINT i;

	if (!ad || !pkts)
		return;
	for (i = 0; i < n; i++) {
		NDIS_PACKET *p = pkts[i];
		NDIS_PACKET_OOB_DATA *oob;

		if (!p)
			continue;
		oob = ndl_packet_oob(p);
		if (oob->Status == NDIS_STATUS_RESOURCES)
			resources = true;
		if (deliverable(ad))
			deliver_packet(ad, p);
		/* Copied: the miniport's again (RESOURCES ones stay so). */
		if (!resources)
			oob->Status = NDIS_STATUS_SUCCESS;
	}
	if (n && ad->ops->receive_complete && deliverable(ad))
		ad->ops->receive_complete(ad->ctx);
}

void NTAPI ndlw_NdisMIndicateReceivePacket(NDIS_HANDLE h, NDIS_PACKET **pkts,
					   UINT n)
{
	ndl_packet_indicate_handler(h, pkts, n);
}

/* ---- header + lookahead indications ---------------------------------------- */

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

static void td_deliver(struct ndl_adapter *ad, struct td_slot *t,
		       NDIS_STATUS st, UINT got, UINT want)
{
	if (st != NDIS_STATUS_SUCCESS || got < want) {
		ndl_dbg("%s: MiniportTransferData: status 0x%08x, %u of %u bytes",
			ad->name, st, got, want);
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
