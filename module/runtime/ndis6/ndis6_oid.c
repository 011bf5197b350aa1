// SPDX-License-Identifier: GPL-2.0-only
/*
 * OID requests for NDIS 6 miniports. The adapter's request queue
 * (ndis5/ndis_oid.c: one request at a time at the miniport, synchronous
 * and asynchronous callers, aborts at halt) hands each request here. It
 * reaches MiniportOidRequest as an NDIS_OID_REQUEST at PASSIVE_LEVEL, as
 * documented (a request queued at DISPATCH_LEVEL starts from a work
 * item), and finishes when the handler returns or, if it returned
 * NDIS_STATUS_PENDING, at NdisMOidRequestComplete with the byte counts
 * in the request; the next request then starts from a work item, not
 * inside the miniport's call (it may hold the lock its MiniportOidRequest
 * takes). The queries NDIS answers itself for NDIS 6 miniports,
 * from the general attributes and the link state it keeps, never reach
 * the miniport.
 */
#include "ndis6/ndis6_priv.h"

#define OID_GEN_MEDIA_SUPPORTED		0x00010103
#define OID_GEN_PHYSICAL_MEDIUM		0x00010202
#define OID_GEN_PHYSICAL_MEDIUM_EX	0x00010213
#define NDIS_PHYSICAL_MEDIUM_UNSPECIFIED	0
#define NDIS_PHYSICAL_MEDIUM_802_3	14

static void NTAPI req_work(void *ctx)
{
	struct ndl_adapter *ad = ctx;

	ndl_atomic_store(&ndl6(ad)->req_work_queued, false);
	ndl_req_kick(ad);
	if (ad->state == NDL_AD_HALTING)
		ndl6_wake(ad);
}

void ndl6_req_init(struct ndl_adapter *ad)
{
	ndl_memset(&ndl6(ad)->req_work, 0, sizeof(ndl6(ad)->req_work));
}

bool ndl6_req_defer(struct ndl_adapter *ad)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);

	if (ndl_os_irql_current() == NDL_PASSIVE_LEVEL &&
	    !ndl_atomic_load(&a6->in_complete))
		return false;
	if (!ndl_atomic_xchg(&a6->req_work_queued, true))
		ndl_work_queue_call(&a6->req_work, req_work, ad);
	return true;
}

static NDIS_STATUS answer(struct ndl_request *r, const void *val, u32 len)
{
	r->needed = len;
	if (r->len < len)
		return NDIS_STATUS_BUFFER_TOO_SHORT;
	ndl_memcpy(r->buf, val, len);
	r->done = len;
	r->needed = 0;
	return NDIS_STATUS_SUCCESS;
}

bool ndl6_req_local(struct ndl_adapter *ad, struct ndl_request *r,
		    NDIS_STATUS *st)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	const NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES *g = &a6->gen;
	u64 bps;
	u32 v;

	if (r->set)
		return false;
	switch (r->oid) {
	case OID_GEN_SUPPORTED_LIST:
		*st = answer(r, a6->oids, a6->noids * sizeof(NDIS_OID));
		return true;
	case OID_GEN_MEDIA_SUPPORTED:
	case OID_GEN_MEDIA_IN_USE:
		v = g->MediaType;
		break;
	case OID_GEN_MAXIMUM_LOOKAHEAD:
		v = g->MtuSize;
		break;
	case OID_GEN_CURRENT_LOOKAHEAD:
		v = a6->lookahead;
		break;
	case OID_GEN_MAC_OPTIONS:
		v = g->MacOptions;
		break;
	case OID_GEN_PHYSICAL_MEDIUM_EX:
		v = g->PhysicalMediumType;
		break;
	case OID_GEN_PHYSICAL_MEDIUM:
		/* The pre-6.20 OID still says Unspecified for 802.3. */
		v = g->PhysicalMediumType == NDIS_PHYSICAL_MEDIUM_802_3 ?
		    NDIS_PHYSICAL_MEDIUM_UNSPECIFIED : g->PhysicalMediumType;
		break;
	case OID_GEN_MEDIA_CONNECT_STATUS:
		v = ndl_adapter_media_connected(ad) ? NdisMediaStateConnected :
		      NdisMediaStateDisconnected;
		break;
	case OID_GEN_LINK_SPEED:
		/* The NDIS 5 view of the link state: units of 100 bit/s. */
		bps = ndl_adapter_link_speed(ad) / 100;
		v = bps > 0xffffffffu ? 0xffffffffu : (u32)bps;
		break;
	default:
		return false;
	}
	*st = answer(r, &v, sizeof(v));
	return true;
}

/* The byte counts of the finished NDIS_OID_REQUEST, into r. */
static void copy_back(struct ndl_request *r, const NDIS_OID_REQUEST *q)
{
	if (r->set) {
		r->done = q->DATA.SET_INFORMATION.BytesRead;
		r->needed = q->DATA.SET_INFORMATION.BytesNeeded;
	} else {
		r->done = q->DATA.QUERY_INFORMATION.BytesWritten;
		r->needed = q->DATA.QUERY_INFORMATION.BytesNeeded;
	}
}

NDIS_STATUS ndl6_req_call(struct ndl_adapter *ad, struct ndl_request *r)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	NDIS_OID_REQUEST *q = &a6->oid_req;
	NDIS_STATUS st;

	if (ndl6_req_local(ad, r, &st))
		return st;
	ndl_memset(q, 0, sizeof(*q));
	q->Header.Type = NDIS_OBJECT_TYPE_OID_REQUEST;
	q->Header.Revision = NDIS_OID_REQUEST_REVISION_1;
	q->Header.Size = NDIS_SIZEOF_OID_REQUEST_REVISION_1;
	q->RequestType = r->set ? NdisRequestSetInformation :
			 NdisRequestQueryInformation;
	q->PortNumber = NDIS_DEFAULT_PORT_NUMBER;
	q->RequestId = r;
	q->RequestHandle = ad;
	/* QUERY_INFORMATION and SET_INFORMATION share these members. */
	q->DATA.QUERY_INFORMATION.Oid = r->oid;
	q->DATA.QUERY_INFORMATION.InformationBuffer = r->buf;
	q->DATA.QUERY_INFORMATION.InformationBufferLength = r->len;
	NDL_CALL_DRIVER(st, a6->d6->chars.OidRequestHandler, ndl_ad_ctx(ad), q);
	if (ndl_os_irql_current() != NDL_PASSIVE_LEVEL)
		ndl_err("%s: MiniportOidRequest returned at IRQL %u", ad->name,
			ndl_os_irql_current());
	if (st != NDIS_STATUS_PENDING)
		copy_back(r, q);
	if (st == NDIS_STATUS_SUCCESS && r->set) {
		if (r->oid == OID_GEN_CURRENT_LOOKAHEAD && r->len >= 4)
			ndl_memcpy(&a6->lookahead, r->buf, 4);
		if (r->oid == OID_GEN_CURRENT_PACKET_FILTER && r->len >= 4)
			ndl_memcpy(&a6->packet_filter, r->buf, 4);
	}
	return st;
}

void NTAPI ndlw_NdisMOidRequestComplete(NDIS_HANDLE h, NDIS_OID_REQUEST *q,
					NDIS_STATUS st)
{
	const char *fn = "NdisMOidRequestComplete";
	struct ndl_adapter *ad = ndl_ad(h, fn);
	struct ndl_request *r;
	bool set = false;
	KIRQL old;

	if (!ad || !ndl6(ad))
		return;
	if (q != &ndl6(ad)->oid_req) {
		ndl_err("%s: %s(%p): not the request NDIS passed to MiniportOidRequest",
			ad->name, fn, q);
		return;
	}
	old = ndl_q_lock(ad);
	r = ad->req_cur;
	if (r && !r->completed && q->RequestId == r) {
		copy_back(r, q);
		set = r->set;
	}
	ndl_q_unlock(ad, old);
	ndl_atomic_add(&ndl6(ad)->in_complete, 1u);
	ndl_req_completed(h, st, set, fn);
	ndl_atomic_add(&ndl6(ad)->in_complete, -1u);
}
