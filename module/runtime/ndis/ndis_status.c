// SPDX-License-Identifier: GPL-2.0-only
/*
 * Status indications: NdisMIndicateStatus / NdisMIndicateStatusComplete.
 * Media connect/disconnect and link speed changes update the adapter's
 * link state and reach the host as events; indications made during
 * MiniportInitialize (before anything is bound) only update the state,
 * which the host reads once initialize returns.
 */
#include "ndis/ndis_priv.h"

void ndl_status_event(struct ndl_adapter *ad, enum ndl_status_kind kind,
		      NDIS_STATUS st, const void *buf, u32 len)
{
	struct ndl_status_event ev = {
		.kind = kind, .ndis_status = st,
		.link_speed_bps = ndl_atomic_load(&ad->link_speed),
		.buf = buf, .len = len,
	};

	if (ad->state != NDL_AD_RUNNING || !ad->ops->status)
		return;
	ad->ops->status(ad->ctx, &ev);
}

/* NdisMIndicateStatus */
void NTAPI ndl_status_handler(NDIS_HANDLE h, NDIS_STATUS st, void *buf,
			      UINT len)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMIndicateStatus");
	enum ndl_status_kind kind;

	if (!ad)
		return;
	switch (st) {
	case NDIS_STATUS_MEDIA_CONNECT:
		ndl_atomic_store(&ad->media_connected, true);
		ad->media_known = true;
		kind = NDL_STATUS_MEDIA_CONNECT;
		break;
	case NDIS_STATUS_MEDIA_DISCONNECT:
		ndl_atomic_store(&ad->media_connected, false);
		ad->media_known = true;
		kind = NDL_STATUS_MEDIA_DISCONNECT;
		break;
	case NDIS_STATUS_LINK_SPEED_CHANGE:
		/* The buffer holds the new speed in 100 bit/s units. */
		if (buf && len >= 4) {
			u32 v;

			ndl_memcpy(&v, buf, 4);
			ndl_atomic_store(&ad->link_speed, (u64)v * 100);
		}
		kind = NDL_STATUS_LINK_SPEED;
		break;
	case NDIS_STATUS_RESET_START:
		kind = NDL_STATUS_RESET_START;
		break;
	case NDIS_STATUS_RESET_END:
		kind = NDL_STATUS_RESET_END;
		break;
	default:
		kind = NDL_STATUS_OTHER;
		break;
	}
	if (ad->state == NDL_AD_INITIALIZING) {
		ndl_dbg("%s: status 0x%08x during initialize: recorded",
			ad->name, st);
		return;
	}
	ndl_status_event(ad, kind, st, buf, len);
}

void NTAPI ndl_status_complete_handler(NDIS_HANDLE h)
{
	ndl_ad(h, "NdisMIndicateStatusComplete");
}

void NTAPI ndlw_NdisMIndicateStatus(NDIS_HANDLE h, NDIS_STATUS st, void *buf,
				    UINT len)
{
	ndl_status_handler(h, st, buf, len);
}

void NTAPI ndlw_NdisMIndicateStatusComplete(NDIS_HANDLE h)
{
	ndl_status_complete_handler(h);
}
