// SPDX-License-Identifier: GPL-2.0-only
/*
 * OID requests: one at a time at the miniport (as NDIS issues them), at
 * DISPATCH_LEVEL, serialized with the other handlers of a serialized
 * miniport; pending ones finish through NdisMQueryInformationComplete /
 * NdisMSetInformationComplete. The host's synchronous calls wait on top
 * of the asynchronous queue. The multicast compatibility setting may
 * answer or rewrite a request first (ndis_compat.c). Successful sets of
 * the packet filter, lookahead and multicast list are remembered so an
 * addressing reset can restore them, as NDIS does.
 */
#include "ndis/ndis_priv.h"

static struct ndl_request *pop(LIST_ENTRY *head)
{
	LIST_ENTRY *e = ndl_list_op(head, NULL, NDL_LIST_REMOVE_HEAD);

	return e ? NDL_CONTAINER_OF(e, struct ndl_request, link) : NULL;
}

static void req_put(struct ndl_adapter *ad, struct ndl_request *r)
{
	KIRQL old = ndl_q_lock(ad);
	bool last = --r->refs == 0;

	ndl_q_unlock(ad, old);
	if (last)
		ndl_free(r);
}

static void save_addressing(struct ndl_adapter *ad, struct ndl_request *r)
{
	u32 v;

	switch (r->oid) {
	case OID_GEN_CURRENT_PACKET_FILTER:
		if (r->len < 4)
			return;
		ndl_memcpy(&v, r->buf, 4);
		ad->saved_filter = v;
		ad->saved_filter_valid = true;
		break;
	case OID_GEN_CURRENT_LOOKAHEAD:
		if (r->len < 4)
			return;
		ndl_memcpy(&v, r->buf, 4);
		ad->saved_lookahead = v;
		ad->saved_lookahead_valid = true;
		break;
	case OID_802_3_MULTICAST_LIST: {
		u8 *copy = r->len ? ndl_alloc(r->len, NDL_OS_ATOMIC) : NULL;
		KIRQL old;
		u8 *prev;

		if (r->len && !copy)
			return;
		if (copy)
			ndl_memcpy(copy, r->buf, r->len);
		old = ndl_q_lock(ad);
		prev = ad->saved_mcast;
		ad->saved_mcast = copy;
		ad->saved_mcast_len = r->len;
		ad->saved_mcast_valid = true;
		ndl_q_unlock(ad, old);
		ndl_free(prev);
		break;
	}
	}
}

static void finish(struct ndl_adapter *ad, struct ndl_request *r,
		   NDIS_STATUS st)
{
	bool abandoned;
	KIRQL old;

	if (r->done > r->len)
		r->done = r->len;
	old = ndl_q_lock(ad);
	if (ad->req_cur == r)
		ad->req_cur = NULL;
	abandoned = r->abandoned;
	ndl_q_unlock(ad, old);
	r->status = st;
	ndl_compat_finished(ad, r, st);
	if (st == NDIS_STATUS_SUCCESS && r->set)
		save_addressing(ad, r);
	if (!abandoned && r->complete)
		r->complete(r->ctx, st, r->buf, r->done, r->needed);
	req_put(ad, r);
	if (ad->state == NDL_AD_HALTING)
		ndl_os_waiter_wake(ad->idle_waiter);
	ndl_req_kick(ad);
}

/* ndl_req_kick, when a request is queued and none is in the miniport. */
void ndl_req_start_queued(struct ndl_adapter *ad)
{
	const NDIS51_MINIPORT_CHARACTERISTICS *c = ndl_chars(ad);
	struct ndl_request *r;
	NDIS_STATUS st;
	bool done;
	KIRQL old;

	if (ad->ndis6 && ndl6_req_defer(ad))
		return;
	old = ndl_q_lock(ad);
	r = ad->req_cur || ad->resetting ? NULL : pop(&ad->req_queue);
	if (!r) {
		ndl_q_unlock(ad, old);
		return;
	}
	ad->req_cur = r;
	r->in_call = true;
	r->started_ns = ndl_os_monotonic_ns();
	ndl_q_unlock(ad, old);
	if (ndl_compat_request(ad, r, &st)) {
		old = ndl_q_lock(ad);
		r->in_call = false;
		r->completed = true;	/* no miniport completion is its */
		ndl_q_unlock(ad, old);
		finish(ad, r, st);
		return;
	}

	if (ad->ndis6) {
		st = ndl6_req_call(ad, r);
		goto returned;
	}
	if (!ndl_mp_enter(ad, &old)) {
		/* Inside the miniport on this CPU: start when it returns. */
		KIRQL o2 = ndl_q_lock(ad);

		ad->req_cur = NULL;
		r->in_call = false;
		ndl_list_add_head(&ad->req_queue, &r->link);
		ndl_q_unlock(ad, o2);
		return;
	}
	if (r->set)
		NDL_CALL_DRIVER(st, c->SetInformationHandler, ndl_ad_ctx(ad),
				r->oid, r->buf, r->len, &r->done, &r->needed);
	else
		NDL_CALL_DRIVER(st, c->QueryInformationHandler, ndl_ad_ctx(ad),
				r->oid, r->buf, r->len, &r->done, &r->needed);
	ndl_mp_leave(ad, old);
returned:
	/* A completion may have come meanwhile, even from another CPU. */
	old = ndl_q_lock(ad);
	r->in_call = false;
	done = r->completed;
	if (done)
		st = r->status;
	ndl_q_unlock(ad, old);
	if (st != NDIS_STATUS_PENDING || done)
		finish(ad, r, st);
}

static struct ndl_request *submit(struct ndl_adapter *ad, bool set, u32 oid,
				  const void *buf, u32 len,
				  ndl_request_done complete, void *ctx,
				  u32 refs, int *rc)
{
	struct ndl_request *r;
	KIRQL old;

	*rc = -NDL_EBUSY;
	if (ad->state != NDL_AD_RUNNING)
		return NULL;
	if (len > 0x100000) {
		*rc = -NDL_EINVAL;
		return NULL;
	}
	r = ndl_alloc(sizeof(*r) + (len ? len : 1), NDL_OS_ZERO |
		      ndl_alloc_flags_for_irql());
	if (!r) {
		*rc = -NDL_ENOMEM;
		return NULL;
	}
	r->set = set;
	r->oid = oid;
	r->len = len;
	r->buf = r->data;
	if (buf && len)
		ndl_memcpy(r->buf, buf, len);
	if (set)
		ndl_rx_lookahead_limit(ad, oid, r->buf, len);
	r->complete = complete;
	r->ctx = ctx;
	r->refs = refs;
	old = ndl_q_lock(ad);
	if (ad->state != NDL_AD_RUNNING) {
		ndl_q_unlock(ad, old);
		ndl_free(r);
		return NULL;
	}
	ndl_list_add_tail(&ad->req_queue, &r->link);
	ndl_q_unlock(ad, old);
	*rc = 0;
	ndl_req_kick(ad);
	return r;
}

int ndl_adapter_request_async(struct ndl_adapter *ad, bool set, u32 oid,
			      const void *buf, u32 len,
			      ndl_request_done complete, void *ctx)
{
	int rc;

	submit(ad, set, oid, buf, len, complete, ctx, 1, &rc);
	return rc;
}

struct sync_req {
	struct ndl_os_waiter *w;
	void *out;
	u32 out_len;
	u32 status, done, needed;
	bool fin;
};

static void sync_done(void *ctx, u32 st, const void *buf, u32 done,
		      u32 needed)
{
	struct sync_req *s = ctx;

	if (s->out && done)
		ndl_memcpy(s->out, buf, done < s->out_len ? done : s->out_len);
	s->status = st;
	s->done = done;
	s->needed = needed;
	s->fin = true;
	ndl_os_waiter_wake(s->w);
}

static u32 sync_request(struct ndl_adapter *ad, bool set, u32 oid,
			const void *in, void *out, u32 len, u32 *done,
			u32 *needed)
{
	struct sync_req s = { .out = out, .out_len = len,
			      .status = NDIS_STATUS_FAILURE };
	struct ndl_request *r;
	int rc;

	if (done)
		*done = 0;
	if (needed)
		*needed = 0;
	s.w = ndl_os_waiter_create();
	if (!s.w)
		return NDIS_STATUS_RESOURCES;
	r = submit(ad, set, oid, in, len, sync_done, &s, 2, &rc);
	if (!r) {
		ndl_os_waiter_destroy(s.w);
		return rc == -NDL_ENOMEM ? NDIS_STATUS_RESOURCES :
		       rc == -NDL_EINVAL ? NDIS_STATUS_INVALID_LENGTH :
		       NDIS_STATUS_ADAPTER_NOT_READY;
	}
	while (!s.fin) {
		if (ndl_os_waiter_wait(s.w, NDL_OS_WAIT_FOREVER) !=
		    NDL_OS_WAIT_DEADLOCK)
			continue;
		/* Only a single-threaded host can prove this: no concurrency. */
		ndl_err("%s: OID 0x%08x %s can never complete: abandoned",
			ad->name, oid, set ? "set" : "query");
		r->abandoned = true;
		s.status = NDIS_STATUS_FAILURE;
		break;
	}
	req_put(ad, r);
	ndl_os_waiter_destroy(s.w);
	if (done)
		*done = s.done;
	if (needed)
		*needed = s.needed;
	return s.status;
}

u32 ndl_adapter_query(struct ndl_adapter *ad, u32 oid, void *buf, u32 len,
		      u32 *done, u32 *needed)
{
	return sync_request(ad, false, oid, buf, buf, len, done, needed);
}

u32 ndl_adapter_set(struct ndl_adapter *ad, u32 oid, const void *buf, u32 len,
		    u32 *done, u32 *needed)
{
	return sync_request(ad, true, oid, buf, NULL, len, done, needed);
}

void ndl_req_completed(NDIS_HANDLE h, NDIS_STATUS st, bool set,
		       const char *fn)
{
	struct ndl_adapter *ad = ndl_ad(h, fn);
	struct ndl_request *r;
	KIRQL old;

	if (!ad)
		return;
	if (st == NDIS_STATUS_PENDING)
		st = NDIS_STATUS_FAILURE;
	old = ndl_q_lock(ad);
	r = ad->req_cur;
	if (!r || r->set != set || r->completed) {
		ndl_q_unlock(ad, old);
		ndl_err("%s: %s with no %s request pending", ad->name, fn,
			set ? "set" : "query");
		return;
	}
	if (r->in_call) {
		/* Inside the handler: finished when it returns. */
		r->completed = true;
		r->status = st;
		ndl_q_unlock(ad, old);
		return;
	}
	r->completed = true;
	ndl_q_unlock(ad, old);
	finish(ad, r, st);
}

void NTAPI ndl_query_complete_handler(NDIS_HANDLE h, NDIS_STATUS st)
{
	ndl_req_completed(h, st, false, "NdisMQueryInformationComplete");
}

void NTAPI ndl_set_complete_handler(NDIS_HANDLE h, NDIS_STATUS st)
{
	ndl_req_completed(h, st, true, "NdisMSetInformationComplete");
}

void NTAPI ndlw_NdisMQueryInformationComplete(NDIS_HANDLE h, NDIS_STATUS st)
{
	ndl_query_complete_handler(h, st);
}

void NTAPI ndlw_NdisMSetInformationComplete(NDIS_HANDLE h, NDIS_STATUS st)
{
	ndl_set_complete_handler(h, st);
}

/* Halt: queued (not started) requests finish as aborted. */
void ndl_req_abort_all(struct ndl_adapter *ad)
{
	for (;;) {
		KIRQL old = ndl_q_lock(ad);
		struct ndl_request *r = pop(&ad->req_queue);

		ndl_q_unlock(ad, old);
		if (!r)
			return;
		if (!r->abandoned && r->complete)
			r->complete(r->ctx, NDIS_STATUS_REQUEST_ABORTED, r->buf,
				    0, 0);
		req_put(ad, r);
	}
}

/* A reset ends the request the miniport was holding: NDIS aborts it. */
void ndl_req_abort_current(struct ndl_adapter *ad)
{
	KIRQL old = ndl_q_lock(ad);
	struct ndl_request *r = ad->req_cur;

	if (r && (r->in_call || r->completed))
		r = NULL;
	if (r)
		r->completed = true;	/* a late completion is refused */
	ndl_q_unlock(ad, old);
	if (r)
		finish(ad, r, NDIS_STATUS_REQUEST_ABORTED);
}

bool ndl_req_timed_out(struct ndl_adapter *ad, u64 limit_ns)
{
	KIRQL old = ndl_q_lock(ad);
	struct ndl_request *r = ad->req_cur;
	bool late = r && ndl_os_monotonic_ns() - r->started_ns > limit_ns;

	ndl_q_unlock(ad, old);
	return late;
}

/* After a reset that lost addressing: set what protocols had set. */
void ndl_req_restore_addressing(struct ndl_adapter *ad)
{
	int rc;

	if (ad->saved_filter_valid)
		submit(ad, true, OID_GEN_CURRENT_PACKET_FILTER,
		       &ad->saved_filter, 4, NULL, NULL, 1, &rc);
	if (ad->saved_lookahead_valid)
		submit(ad, true, OID_GEN_CURRENT_LOOKAHEAD,
		       &ad->saved_lookahead, 4, NULL, NULL, 1, &rc);
	if (ad->saved_mcast_valid) {
		KIRQL old = ndl_q_lock(ad);
		u32 len = ad->saved_mcast_len;
		u8 *copy = len ? ndl_alloc(len, NDL_OS_ATOMIC) : NULL;

		if (copy)
			ndl_memcpy(copy, ad->saved_mcast, len);
		ndl_q_unlock(ad, old);
		if (len && !copy) {
			ndl_err("%s: no memory to restore the multicast list after reset",
				ad->name);
			return;
		}
		submit(ad, true, OID_802_3_MULTICAST_LIST, copy, len, NULL,
		       NULL, 1, &rc);
		ndl_free(copy);
	}
}

void ndl_req_free_saved(struct ndl_adapter *ad)
{
	ndl_free(ad->saved_mcast);
	ad->saved_mcast = NULL;
}
