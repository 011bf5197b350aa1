// SPDX-License-Identifier: GPL-2.0-only
/*
 * The send path: host frames become NDIS_PACKETs (zero-copy MDLs over the
 * host's fragments) from a fixed set of slots, go to MiniportSendPackets
 * or MiniportSend, and come back through NdisMSendComplete,
 * NdisMSendResourcesAvailable or the handler's own status.
 *
 * Serialized miniports get NDIS's queue: packets wait in tx_pending and
 * are submitted one batch at a time under the miniport lock; a packet the
 * miniport refuses with NDIS_STATUS_RESOURCES (and every packet after it)
 * stays at the head of the queue and is resubmitted after the next send
 * completion, NdisMSendResourcesAvailable, interrupt DPC or hang check —
 * never dropped, never stalled for good. Deserialized miniports get every
 * packet at once and complete each with NdisMSendComplete.
 *
 * With single-buffer sends (ndis_compat.c) a frame in several fragments is
 * copied into the slot's own linear buffer first, so the packet holds one
 * NDIS_BUFFER with the whole frame.
 */
#include "ndis/ndis_priv.h"

#define TX_PROTO_RESERVED 32	/* like a protocol's ProtocolReserved */
/*
 * Packets per MiniportSendPackets call. The arrays of them on the stack are
 * __uninitialized: the kernel zeroes stack variables (INIT_STACK_ALL_ZERO),
 * 512 bytes a send for arrays only ever read where written.
 */
#define TX_BATCH	32
#define TX_SLOTS_SEND	32	/* MiniportSend: one packet a call */
#define TX_SLOTS_MIN	16

static void deserialized_drain(struct ndl_adapter *ad, struct ndl_tx_slot *add);

static struct ndl_tx_slot *slot_of(LIST_ENTRY *e)
{
	return NDL_CONTAINER_OF(e, struct ndl_tx_slot, link);
}

int ndl_tx_init(struct ndl_adapter *ad, u32 max)
{
	if (!max)
		return -NDL_EINVAL;
	ad->tx_slots_max = max;
	return 0;
}

/*
 * How many frames may wait between the host and the miniport. A
 * SendPackets miniport takes up to OID_GEN_MAXIMUM_SEND_PACKETS a call
 * (typically what its transmit ring holds): twice that keeps one batch in
 * the miniport while the next one gathers. MiniportSend takes one packet
 * a call. The host queues the rest (its queue stops while no slot is
 * free), so more slots would only hold frames twice.
 */
static u32 tx_slot_count(struct ndl_adapter *ad)
{
	u32 n = ndl_chars(ad)->SendPacketsHandler ?
		2 * ad->max_send_packets : TX_SLOTS_SEND;

	if (n < TX_SLOTS_MIN)
		n = TX_SLOTS_MIN;
	return n < ad->tx_slots_max ? n : ad->tx_slots_max;
}

int ndl_tx_start(struct ndl_adapter *ad)
{
	u32 i, n = tx_slot_count(ad);

	if (ad->slots)
		return -NDL_EBUSY;
	if (ndl_packet_pool_create(&ad->tx_packet_pool, n, 0,
				   TX_PROTO_RESERVED) != NDIS_STATUS_SUCCESS)
		return -NDL_ENOMEM;
	ad->slots = ndl_alloc_cat(n * sizeof(*ad->slots), NDL_OS_ZERO,
				  NDL_MEM_SEND);
	if (!ad->slots)
		return -NDL_ENOMEM;
	ad->nslots = n;
	for (i = 0; i < n; i++) {
		struct ndl_tx_slot *s = &ad->slots[i];

		s->packet = ndl_packet_alloc(ad->tx_packet_pool);
		if (!s->packet)
			return -NDL_ENOMEM;
		*ndl_packet_owner(s->packet) = s;
		if (ndl_tx_bufs_init(&s->bufs) ||
		    ndl_sg_reserve(ad, s, NDL_TX_SLOT_MDLS))
			return -NDL_ENOMEM;
		ndl_list_init(&s->link);
		ndl_list_add_tail(&ad->tx_free, &s->link);
	}
	return 0;
}

void ndl_tx_free(struct ndl_adapter *ad)
{
	u32 i;

	for (i = 0; ad->slots && i < ad->nslots; i++) {
		ndl_tx_bufs_free(&ad->slots[i].bufs);
		ndl_free(ad->slots[i].sg);
		if (ad->slots[i].packet)
			ndl_packet_free(ad->slots[i].packet);
	}
	ndl_free(ad->slots);
	ad->slots = NULL;
	ad->nslots = 0;
	if (ad->tx_packet_pool)
		ndl_packet_pool_destroy(ad->tx_packet_pool);
	ad->tx_packet_pool = NULL;
}

static bool slot_of_adapter(struct ndl_adapter *ad, struct ndl_tx_slot *s)
{
	return s >= ad->slots && s < ad->slots + ad->nslots;
}

/*
 * Single-buffer sends for this frame? Where the runtime chose them only
 * because one copy of a frame is cheaper than mapping its pieces (a
 * scatter-gather miniport, automatic), a large send (up to 64 KiB) goes
 * zero-copy: its copy would cost more, and keep a 64 KiB buffer in every
 * slot. Forced on, or for a miniport that walks the buffers itself (where
 * first-buffer-only bugs live), every frame is copied.
 */
static bool one_buffer(const struct ndl_adapter *ad, u32 flags)
{
	return ad->single_buffer &&
	       (ad->compat.single_buffer_sends == NDL_COMPAT_ON ||
		!ad->dma_registered || !(flags & NDL_TX_LSO));
}

/*
 * Build the slot's packet over the host's fragments: zero-copy, or
 * through the slot's linear copy for single-buffer sends and when the
 * slot could not grow for this many fragments.
 */
static int slot_fill(struct ndl_adapter *ad, struct ndl_tx_slot *s,
		     const struct ndl_frag *frags, u32 nfrags, u32 total,
		     u32 flags)
{
	NDIS_PACKET *p = s->packet;
	NDIS_PACKET_EXTENSION *ext = ndl_packet_ext(p);
	NDIS_PACKET_OOB_DATA *oob = ndl_packet_oob(p);
	u32 used = ndl_frags_used(frags, nfrags);
	MDL *m, *head;

	/* The copy needs one list element, which every slot has. */
	head = ndl_tx_bufs_frame(ad, &s->bufs, frags, nfrags, used, total,
				 one_buffer(ad, flags) ||
				 ndl_sg_reserve(ad, s, used));
	if (!head)
		return -NDL_ENOMEM;
	p->Private.Head = head;
	p->Private.Count = 0;
	p->Private.TotalLength = 0;
	p->Private.PhysicalCount = 0;
	for (m = head; m; m = m->Next) {
		p->Private.Tail = m;
		p->Private.Count++;
		p->Private.TotalLength += m->ByteCount;
		p->Private.PhysicalCount += ndl_mdl_span_pages(m);
	}
	p->Private.ValidCounts = TRUE;
	p->Private.Flags = 0;
	ndl_memset(oob, 0, sizeof(*oob));
	oob->HeaderSize = 14;
	ndl_memset(ext, 0, sizeof(*ext));
	return 0;
}

/* NDIS_TCP_IP_CHECKSUM_PACKET_INFO.Transmit has the same bit order. */
NDL_STATIC_ASSERT(NDL_TX_CSUM_IPV4 == 1 && NDL_TX_CSUM_IPV6 == 2 &&
		  NDL_TX_CSUM_TCP == 4 && NDL_TX_CSUM_UDP == 8 &&
		  NDL_TX_CSUM_IP == 16, "transmit checksum bits");

static void slot_tx_info(struct ndl_tx_slot *s, u32 flags, u16 vlan)
{
	NDIS_PACKET_EXTENSION *ext = ndl_packet_ext(s->packet);

	/*
	 * A large send: the MSS in TcpLargeSendPacketInfo, no checksum
	 * request (the miniport computes every segment's).
	 */
	s->lso = flags & NDL_TX_LSO;
	ext->NdisPacketInfo[TcpLargeSendPacketInfo] = s->lso ?
		(void *)(uintptr_t)NDL_TX_LSO_MSS(flags) : NULL;
	ext->NdisPacketInfo[TcpIpChecksumPacketInfo] = s->lso ? NULL :
		(void *)(uintptr_t)(flags & 0x1f);
	/*
	 * NDIS_PACKET_8021Q_INFO: UserPriority:3, CanonicalFormatId:1,
	 * VlanId:12.
	 */
	ext->NdisPacketInfo[Ieee8021QInfo] = flags & NDL_TX_VLAN ?
		(void *)(uintptr_t)((vlan >> 13 & 7) | (u32)(vlan & 0xfff) << 4) :
		NULL;
}

/*
 * A slot just went back on the free list (q lock held): true if a sender
 * was refused -NDL_EBUSY since the last send_ready and is owed one now.
 * Refusal and this check share the lock, so no refusal slips between.
 */
static bool want_ready_locked(struct ndl_adapter *ad)
{
	bool ready = ad->tx_want_ready && ad->ops->send_ready;

	ad->tx_want_ready = false;
	return ready;
}

void ndl_tx_ready_if_owed(struct ndl_adapter *ad)
{
	KIRQL old = ndl_q_lock(ad);
	bool ready = want_ready_locked(ad);

	ndl_q_unlock(ad, old);
	if (ready)
		ad->ops->send_ready(ad->ctx);
}

int ndl_adapter_send(struct ndl_adapter *ad, const struct ndl_frag *frags,
		     u32 n, void *cookie)
{
	return ndl_adapter_send_ex(ad, frags, n, cookie, 0, 0);
}

int ndl_adapter_send_ex(struct ndl_adapter *ad, const struct ndl_frag *frags,
			u32 n, void *cookie, u32 flags, u16 vlan)
{
	struct ndl_tx_slot *s;
	u32 k, total = 0;
	KIRQL old;
	int rc;

	if (!n || n > NDL_TX_MAX_FRAGS || !frags)
		return -NDL_EINVAL;
	for (k = 0; k < n; k++) {
		if (frags[k].len && !frags[k].va)
			return -NDL_EINVAL;
		total += frags[k].len;
	}
	if (total < 14 || total > 0x10000)
		return -NDL_EINVAL;
	/* A transport asks only for checksums it turned on. */
	if (!ndl_csum_flags_allowed(ad, flags))
		return -NDL_EINVAL;
	if (ad->ndis6)
		return ndl6_send(ad, frags, n, total, cookie, flags, vlan);
	old = ndl_q_lock(ad);
	if (ad->state != NDL_AD_RUNNING || ndl_list_empty(&ad->tx_free)) {
		ad->tx_want_ready = true;
		ndl_q_unlock(ad, old);
		return -NDL_EBUSY;
	}
	s = slot_of(ad->tx_free.Flink);
	ndl_list_del(&s->link);
	ndl_q_unlock(ad, old);

	rc = slot_fill(ad, s, frags, n, total, flags);
	s->lso = false;
	if (!rc && flags)
		slot_tx_info(s, flags, vlan);
	if (!rc)
		rc = ndl_sg_map(ad, s);
	if (rc) {
		old = ndl_q_lock(ad);
		ndl_list_add_head(&ad->tx_free, &s->link);
		ndl_q_unlock(ad, old);
		/* Another sender may have been refused while this one held it. */
		ndl_tx_ready_if_owed(ad);
		return rc;
	}
	s->cookie = cookie;
	s->completed = false;
	s->in_call = false;
	s->where = NDL_SLOT_PENDING;
	if (ad->deserialized) {
		deserialized_drain(ad, s);
		return 0;
	}
	old = ndl_q_lock(ad);
	ndl_list_add_tail(&ad->tx_pending, &s->link);
	ndl_q_unlock(ad, old);
	ndl_tx_kick(ad);
	return 0;
}

/*
 * The miniport returned from the call that carried s: true (and *st) if
 * it completed s meanwhile — possibly from another CPU, hence the lock.
 */
static bool call_ended(struct ndl_adapter *ad, struct ndl_tx_slot *s,
		       NDIS_STATUS *st)
{
	KIRQL old = ndl_q_lock(ad);
	bool done = s->completed;

	s->in_call = false;
	if (done)
		*st = s->status;
	ndl_q_unlock(ad, old);
	return done;
}

/*
 * Room in the miniport again (q lock held): clear the refusal; true if
 * sends it refused are waiting to be resubmitted.
 */
static bool unblock_locked(struct ndl_adapter *ad)
{
	bool kick = ad->tx_blocked && !ndl_list_empty(&ad->tx_pending);

	ad->tx_blocked = false;
	return kick;
}

/*
 * Give a finished slot back to the host and the free list. With unblock
 * (a completion: there is room in the miniport again), also resubmit what
 * the miniport refused, deciding under the same lock round trip.
 */
static void slot_finish(struct ndl_adapter *ad, struct ndl_tx_slot *s,
			NDIS_STATUS st, bool was_inflight, bool unblock)
{
	void *cookie = s->cookie;
	bool ready, kick = false;
	KIRQL old;

	/* The miniport wrote the TCP payload bytes it sent over the MSS. */
	if (s->lso && st == NDIS_STATUS_SUCCESS)
		ndl_lso_sent(ad, (u32)(uintptr_t)ndl_packet_ext(s->packet)->
			     NdisPacketInfo[TcpLargeSendPacketInfo]);
	ndl_sg_unmap(ad, s);
	old = ndl_q_lock(ad);
	ndl_list_del(&s->link);
	if (was_inflight)
		ad->tx_inflight_n--;
	s->where = NDL_SLOT_FREE;
	/*
	 * Last in, first out (as NDIS 6 slots and packet pools): the slots
	 * reused are the few that were busy, so only they grow for the
	 * frames with many buffers. A packet the miniport completed with
	 * NdisMSendComplete is the protocol's again, free to reuse at once;
	 * the order sends reach the miniport is unchanged.
	 */
	ndl_list_add_head(&ad->tx_free, &s->link);
	ready = want_ready_locked(ad);
	if (st == NDIS_STATUS_SUCCESS)
		ad->stats.tx_frames++;
	else
		ad->stats.tx_errors++;
	if (unblock)
		kick = unblock_locked(ad);
	ndl_q_unlock(ad, old);
	if (ad->ops->send_complete)
		ad->ops->send_complete(ad->ctx, cookie, st);
	if (ready)
		ad->ops->send_ready(ad->ctx);
	if (ad->state == NDL_AD_HALTING)
		ndl_os_waiter_wake(ad->idle_waiter);
	if (kick)
		ndl_tx_kick(ad);
}

static void slot_done(struct ndl_adapter *ad, struct ndl_tx_slot *s,
		      NDIS_STATUS st, bool was_inflight)
{
	slot_finish(ad, s, st, was_inflight, false);
}

/* Take up to max pending slots, moving them in flight. */
static u32 take_batch_locked(struct ndl_adapter *ad, NDIS_PACKET **pkts,
			     struct ndl_tx_slot **slots, u32 max)
{
	u32 n = 0;

	while (n < max && !ndl_list_empty(&ad->tx_pending) && !ad->tx_blocked) {
		struct ndl_tx_slot *s = slot_of(ad->tx_pending.Flink);

		ndl_list_del(&s->link);
		s->where = NDL_SLOT_INFLIGHT;
		ndl_list_add_tail(&ad->tx_inflight, &s->link);
		ad->tx_inflight_n++;
		s->in_call = true;
		s->completed = false;
		s->submitted_ns = 0;
		pkts[n] = s->packet;
		slots[n++] = s;
	}
	return n;
}

static u32 take_batch(struct ndl_adapter *ad, NDIS_PACKET **pkts,
		      struct ndl_tx_slot **slots, u32 max)
{
	KIRQL old = ndl_q_lock(ad);
	u32 n = take_batch_locked(ad, pkts, slots, max);

	ndl_q_unlock(ad, old);
	return n;
}

/* Put slots back at the head of the queue, keeping their order. */
static void requeue(struct ndl_adapter *ad, struct ndl_tx_slot **slots, u32 n)
{
	KIRQL old = ndl_q_lock(ad);

	while (n--) {
		struct ndl_tx_slot *s = slots[n];

		ndl_list_del(&s->link);
		ad->tx_inflight_n--;
		s->in_call = false;
		s->where = NDL_SLOT_PENDING;
		ndl_list_add_head(&ad->tx_pending, &s->link);
		ad->stats.tx_resubmits++;
	}
	ad->tx_blocked = true;
	ndl_q_unlock(ad, old);
}

/*
 * A serialized miniport refused slots[0] (NDIS_STATUS_RESOURCES): NDIS
 * requeues it and every later packet of the array. One the miniport
 * completed with NdisMSendComplete during the call anyway (not allowed)
 * is done instead: requeued, it would go out twice.
 */
static void requeue_refused(struct ndl_adapter *ad,
			    struct ndl_tx_slot **slots, u32 n)
{
	NDIS_STATUS done_st;
	u32 i, k = 1;

	for (i = 1; i < n; i++) {
		if (call_ended(ad, slots[i], &done_st))
			slot_done(ad, slots[i], done_st, true);
		else
			slots[k++] = slots[i];
	}
	requeue(ad, slots, k);
}

/* After the handler returned: act on each packet's status (serialized). */
static void serialized_results(struct ndl_adapter *ad,
			       struct ndl_tx_slot **slots, NDIS_STATUS *st,
			       u32 n)
{
	u32 i;

	for (i = 0; i < n; i++) {
		struct ndl_tx_slot *s = slots[i];
		NDIS_STATUS done_st;

		if (call_ended(ad, s, &done_st)) {
			slot_done(ad, s, done_st, true);
			continue;
		}
		if (st[i] == NDIS_STATUS_PENDING) {
			s->submitted_ns = ndl_os_monotonic_ns();
			continue;
		}
		if (st[i] == NDIS_STATUS_RESOURCES) {
			requeue_refused(ad, slots + i, n - i);
			return;
		}
		slot_done(ad, s, st[i], true);
	}
}

/* One batch to a serialized miniport; we hold the miniport lock. */
static bool serialized_batch(struct ndl_adapter *ad)
{
	const NDIS51_MINIPORT_CHARACTERISTICS *c = ndl_chars(ad);
	NDIS_PACKET *pkts[TX_BATCH] __uninitialized;
	struct ndl_tx_slot *slots[TX_BATCH] __uninitialized;
	NDIS_STATUS st[TX_BATCH] __uninitialized;
	u32 n, i, max = c->SendPacketsHandler ? ad->max_send_packets : 1;

	n = take_batch(ad, pkts, slots, max > TX_BATCH ? TX_BATCH : max);
	if (!n)
		return false;
	if (c->SendPacketsHandler) {
		for (i = 0; i < n; i++)
			ndl_packet_oob(pkts[i])->Status = NDIS_STATUS_SUCCESS;
		NDL_CALL_DRIVER_VOID(c->SendPacketsHandler, ndl_ad_ctx(ad),
				     pkts, n);
		for (i = 0; i < n; i++)
			st[i] = ndl_packet_oob(pkts[i])->Status;
	} else {
		NDL_CALL_DRIVER(st[0], c->SendHandler, ndl_ad_ctx(ad), pkts[0],
				pkts[0]->Private.Flags);
	}
	serialized_results(ad, slots, st, n);
	return true;
}

void ndl_tx_drain_locked(struct ndl_adapter *ad)
{
	while (ad->state == NDL_AD_RUNNING && !ad->resetting &&
	       serialized_batch(ad))
		;
}

/* Hand one batch to a deserialized miniport (no lock: it is concurrent). */
static void deserialized_call(struct ndl_adapter *ad, NDIS_PACKET **pkts,
			      struct ndl_tx_slot **slots, u32 n)
{
	const NDIS51_MINIPORT_CHARACTERISTICS *c = ndl_chars(ad);
	u64 now = ndl_os_monotonic_ns();
	NDIS_STATUS st, done_st;
	u32 i;

	for (i = 0; i < n; i++)
		slots[i]->submitted_ns = now;
	if (c->SendPacketsHandler) {
		/* The miniport owns them now: no status to look at. */
		for (i = 0; i < n; i++)
			slots[i]->in_call = false;
		NDL_CALL_DRIVER_VOID(c->SendPacketsHandler, ndl_ad_ctx(ad),
				     pkts, n);
		return;
	}
	NDL_CALL_DRIVER(st, c->SendHandler, ndl_ad_ctx(ad), pkts[0],
			pkts[0]->Private.Flags);
	if (call_ended(ad, slots[0], &done_st))
		slot_done(ad, slots[0], done_st, true);
	else if (st == NDIS_STATUS_RESOURCES)
		requeue(ad, slots, 1);	/* not allowed, but safe */
	else if (st != NDIS_STATUS_PENDING)
		slot_done(ad, slots[0], st, true);
}

/*
 * Deserialized: hand everything pending over, one drainer at a time (a
 * second caller leaves its packets to the first). Enqueueing, claiming
 * the drain and taking the first batch share one lock round trip.
 */
static void deserialized_drain(struct ndl_adapter *ad, struct ndl_tx_slot *add)
{
	u32 max = ndl_chars(ad)->SendPacketsHandler ? ad->max_send_packets : 1;
	NDIS_PACKET *pkts[TX_BATCH] __uninitialized;
	struct ndl_tx_slot *slots[TX_BATCH] __uninitialized;
	KIRQL old = ndl_q_lock(ad);
	u32 n;

	if (max > TX_BATCH)
		max = TX_BATCH;
	if (add)
		ndl_list_add_tail(&ad->tx_pending, &add->link);
	if (ad->tx_draining) {
		ad->tx_kick_again = true;
		ndl_q_unlock(ad, old);
		return;
	}
	ad->tx_draining = 1;
	for (;;) {
		n = ad->state == NDL_AD_RUNNING && !ad->resetting ?
		    take_batch_locked(ad, pkts, slots, max) : 0;
		if (!n && !ad->tx_kick_again) {
			ad->tx_draining = 0;
			break;
		}
		ad->tx_kick_again = false;
		ndl_q_unlock(ad, old);
		if (n)
			deserialized_call(ad, pkts, slots, n);
		old = ndl_q_lock(ad);
	}
	ndl_q_unlock(ad, old);
}

void ndl_tx_kick(struct ndl_adapter *ad)
{
	KIRQL old;

	if (ad->deserialized) {
		deserialized_drain(ad, NULL);
		return;
	}
	/* Inside the miniport on this CPU: ndl_mp_leave drains. */
	if (ndl_mp_enter(ad, &old))
		ndl_mp_leave(ad, old);
}

void ndl_tx_unblock(struct ndl_adapter *ad)
{
	KIRQL old = ndl_q_lock(ad);
	bool kick = unblock_locked(ad);

	ndl_q_unlock(ad, old);
	if (kick)
		ndl_tx_kick(ad);
}

/* Complete every not-yet-submitted (and, at halt, in-flight) slot. */
void ndl_tx_abort_pending(struct ndl_adapter *ad, NDIS_STATUS st)
{
	for (;;) {
		struct ndl_tx_slot *s = NULL;
		bool inflight = false;
		KIRQL old = ndl_q_lock(ad);

		if (!ndl_list_empty(&ad->tx_pending)) {
			s = slot_of(ad->tx_pending.Flink);
		} else if (ad->state == NDL_AD_HALTED ||
			   st == NDIS_STATUS_FAILURE) {
			if (!ndl_list_empty(&ad->tx_inflight)) {
				s = slot_of(ad->tx_inflight.Flink);
				inflight = true;
			}
		}
		ndl_q_unlock(ad, old);
		if (!s)
			return;
		if (inflight)
			ndl_warn("%s: the miniport never completed send %p",
				 ad->name, s->packet);
		slot_done(ad, s, st, inflight);
	}
}

/* A serialized send pending in the miniport longer than limit? */
bool ndl_tx_timed_out(struct ndl_adapter *ad, u64 limit_ns)
{
	u64 now = ndl_os_monotonic_ns();
	bool late = false;
	KIRQL old = ndl_q_lock(ad);

	for (LIST_ENTRY *e = ad->tx_inflight.Flink; e != &ad->tx_inflight;
	     e = e->Flink) {
		struct ndl_tx_slot *s = slot_of(e);

		if (s->submitted_ns && now - s->submitted_ns > limit_ns) {
			late = true;
			break;
		}
	}
	ndl_q_unlock(ad, old);
	return late;
}

/* NdisMSendComplete */
void NTAPI ndl_send_complete_handler(NDIS_HANDLE h, NDIS_PACKET *p,
				     NDIS_STATUS st)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMSendComplete");
	struct ndl_tx_slot *s;
	KIRQL old;

	if (!ad)
		return;
	if (st == NDIS_STATUS_PENDING) {
		ndl_err("%s: NdisMSendComplete with NDIS_STATUS_PENDING", ad->name);
		st = NDIS_STATUS_FAILURE;
	}
	s = ndl_packet_is_ours(p) ? *ndl_packet_owner(p) : NULL;
	if (!s || !slot_of_adapter(ad, s) || s->packet != p) {
		ndl_err("%s: NdisMSendComplete(%p): not a packet sent to this adapter",
			ad->name, p);
		return;
	}
	old = ndl_q_lock(ad);
	if (s->where != NDL_SLOT_INFLIGHT || s->completed) {
		ndl_q_unlock(ad, old);
		ndl_err("%s: NdisMSendComplete(%p): the packet is not pending in the miniport (completed twice?)",
			ad->name, p);
		return;
	}
	if (s->in_call) {
		/* During MiniportSend(Packets): finished when it returns. */
		s->completed = true;
		s->status = st;
		ndl_q_unlock(ad, old);
		return;
	}
	ndl_q_unlock(ad, old);
	/* Room in the miniport: resubmit what it refused. */
	slot_finish(ad, s, st, true, true);
}

/* NdisMSendResourcesAvailable */
void NTAPI ndl_send_resources_handler(NDIS_HANDLE h)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMSendResourcesAvailable");

	if (ad)
		ndl_tx_unblock(ad);
}

/* The exported forms of the DDK macros, for drivers that import them. */
void NTAPI ndlw_NdisMSendComplete(NDIS_HANDLE h, NDIS_PACKET *p,
				  NDIS_STATUS st)
{
	ndl_send_complete_handler(h, p, st);
}

void NTAPI ndlw_NdisMSendResourcesAvailable(NDIS_HANDLE h)
{
	ndl_send_resources_handler(h);
}
