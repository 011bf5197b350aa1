// SPDX-License-Identifier: GPL-2.0-only
/*
 * Per-driver compatibility settings (ndis_adapter.h, docs/runtime.md):
 * what each automatic setting becomes for an adapter, and the multicast
 * setting's rewriting of the host's receive-filter requests. Single-buffer
 * sends are carried out by the send path (ndis_send.c). Also the record of
 * the OIDs a miniport refused, which `ndisload doctor` reads.
 */
#include "ndis/ndis_priv.h"

#define PKT_MULTICAST		0x00000002	/* NDIS_PACKET_TYPE_MULTICAST */
#define PKT_ALL_MULTICAST	0x00000004	/* ..._ALL_MULTICAST */

/*
 * Single-buffer sends by default for a miniport that registered
 * scatter-gather DMA too: measured (make bench, runtime-packets), one
 * mapped copy costs less than mapping and describing each fragment
 * (2705 against 3168 instructions for a 1514-byte frame in three
 * fragments; docs/runtime.md).
 */
#define SG_SINGLE_BUFFER_DEFAULT	true

static bool mode_on(u8 mode, bool automatic)
{
	return mode == NDL_COMPAT_ON || (mode == NDL_COMPAT_AUTO && automatic);
}

void ndl_compat_resolve(struct ndl_adapter *ad, struct ndl_adapter_info *info)
{
	/* A miniport without scatter-gather DMA walks the buffers itself
	 * (copy or map registers), where the bug lives; one buffer is safe.
	 */
	ad->single_buffer = mode_on(ad->compat.single_buffer_sends,
				    ad->dma_registered ?
				    SG_SINGLE_BUFFER_DEFAULT : true);
	ad->mcast_all = mode_on(ad->compat.multicast_all, false);
	/* What the driver refuses from now on (ndl_compat_finished);
	 * initialize's optional queries are its own business.
	 */
	ad->oid_watch = true;
	info->single_buffer_sends = ad->single_buffer;
	info->multicast_all = ad->mcast_all;
	if (ad->single_buffer || ad->mcast_all)
		ndl_info("%s: compatibility:%s%s", ad->name,
			 ad->single_buffer ? " single-buffer sends" : "",
			 ad->mcast_all ? " multicast through all-multicast" : "");
}

/* An Ethernet frame with a VLAN tag, without FCS: longer is a large send. */
#define FRAME_MAX	1518

bool ndl_compat_one_buffer(const struct ndl_adapter *ad, u32 total)
{
	return ad->single_buffer &&
	       (total <= FRAME_MAX || !ad->dma_registered ||
		ad->compat.single_buffer_sends == NDL_COMPAT_ON);
}

/*
 * The filter the miniport gets for the host's filter f: MULTICAST passes
 * the listed groups, so with the list kept here it becomes ALL_MULTICAST
 * while the list has any (and nothing while it is empty, as in NDIS).
 */
static u32 mcast_rewrite(struct ndl_adapter *ad, u32 f)
{
	bool want = f & PKT_ALL_MULTICAST || (f && ad->mcast_nonempty);

	f &= ~PKT_MULTICAST;
	return want ? f | PKT_ALL_MULTICAST : f;
}

bool ndl_compat_request(struct ndl_adapter *ad, struct ndl_request *r,
			NDIS_STATUS *st)
{
	u32 f;

	if (!ad->mcast_all || !r->set)
		return false;
	if (r->oid == OID_GEN_CURRENT_PACKET_FILTER && r->len >= 4) {
		ndl_memcpy(&f, r->buf, 4);
		ad->mcast_host_filter = f;
		ad->mcast_filter_valid = true;
		f = mcast_rewrite(ad, f);
		ad->mcast_sent_filter = f;
		ndl_memcpy(r->buf, &f, 4);
		return false;
	}
	if (r->oid != OID_802_3_MULTICAST_LIST)
		return false;
	/* Answered here: the list never reaches the miniport. */
	r->local = true;
	if (r->len % 6) {
		r->needed = r->len - r->len % 6;
		*st = NDIS_STATUS_INVALID_LENGTH;
		return true;
	}
	ad->mcast_nonempty = r->len > 0;
	r->done = r->len;
	*st = NDIS_STATUS_SUCCESS;
	f = ad->mcast_host_filter;
	/* The filter follows the list: queued behind this request and
	 * rewritten like any host filter.
	 */
	if (ad->mcast_filter_valid && mcast_rewrite(ad, f) != ad->mcast_sent_filter)
		ndl_adapter_request_async(ad, true,
					  OID_GEN_CURRENT_PACKET_FILTER, &f,
					  sizeof(f), NULL, NULL);
	return true;
}

void ndl_compat_finished(struct ndl_adapter *ad, struct ndl_request *r,
			 NDIS_STATUS st)
{
	bool repeat;
	KIRQL old;

	if (r->local || !ad->oid_watch || st == NDIS_STATUS_PENDING ||
	    st == NDIS_STATUS_REQUEST_ABORTED)
		return;
	/* Asking what task offload a miniport has is not a request it
	 * refused: most have none (ndis_offload.c).
	 */
	if (!r->set && r->oid == OID_TCP_TASK_OFFLOAD)
		return;
	old = ndl_q_lock(ad);
	if (st == NDIS_STATUS_SUCCESS) {
		if (r->set && r->oid == OID_802_3_MULTICAST_LIST)
			ad->stats.mcast_list_sets++;
		ndl_q_unlock(ad, old);
		return;
	}
	ad->stats.oid_refused++;
	repeat = ad->refused[0].oid == r->oid && ad->refused[0].set == r->set;
	ndl_memmove(ad->refused + 1, ad->refused,
		    sizeof(ad->refused) - sizeof(ad->refused[0]));
	ad->refused[0].oid = r->oid;
	ad->refused[0].ndis_status = st;
	ad->refused[0].set = r->set;
	ndl_q_unlock(ad, old);
	/* ndisload doctor reads these lines; a refusal in a row once. */
	if (!repeat)
		ndl_warn("%s: the miniport refused OID 0x%08x (%s): NDIS_STATUS 0x%08x",
			 ad->name, r->oid, r->set ? "set" : "query", st);
}

u32 ndl_adapter_refused_oids(struct ndl_adapter *ad,
			     struct ndl_refused_oid *out, u32 max)
{
	KIRQL old = ndl_q_lock(ad);
	u32 n = 0;

	while (n < max && n < NDL_REFUSED_OIDS && ad->refused[n].oid) {
		out[n] = ad->refused[n];
		n++;
	}
	ndl_q_unlock(ad, old);
	return n;
}
