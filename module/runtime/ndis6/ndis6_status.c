// SPDX-License-Identifier: GPL-2.0-only
/*
 * NdisMIndicateStatusEx: an NDIS_STATUS_INDICATION from the miniport. A
 * link state (NDIS_STATUS_LINK_STATE with an NDIS_LINK_STATE: connect
 * state, speeds in bit/s) updates the adapter's link state and reaches
 * the host as media connect/disconnect and link speed events; anything
 * else reaches it raw. Indications made inside MiniportInitializeEx only
 * update the state, which the host reads once initialize returns (the
 * host has nothing bound before). The indication is checked as NDIS
 * checks it: header, source handle (0 or the adapter's), buffer size.
 */
#include "ndis6/ndis6_priv.h"

void ndl6_link_state(struct ndl_adapter *ad, u32 connect, u64 xmit_bps,
		     u64 rcv_bps)
{
	u64 bps = xmit_bps != NDIS_LINK_SPEED_UNKNOWN ? xmit_bps : rcv_bps;

	if (bps == NDIS_LINK_SPEED_UNKNOWN)
		bps = 0;
	/* Unknown counts as connected, as NDIS 5 treats a silent miniport. */
	ndl_atomic_store(&ad->media_connected,
			 connect != MediaConnectStateDisconnected);
	ad->media_known = connect != MediaConnectStateUnknown;
	ndl_atomic_store(&ad->link_speed, bps);
}

static bool header_ok(struct ndl_adapter *ad, const NDIS_STATUS_INDICATION *s)
{
	const char *why = NULL;

	if (s->Header.Type != NDIS_OBJECT_TYPE_STATUS_INDICATION)
		why = "Header.Type is not NDIS_OBJECT_TYPE_STATUS_INDICATION";
	else if (s->Header.Revision < NDIS_STATUS_INDICATION_REVISION_1)
		why = "Header.Revision is 0";
	else if (s->Header.Size < NDIS_SIZEOF_STATUS_INDICATION_REVISION_1)
		why = "Header.Size is too small";
	/*
	 * The documentation says it "should" be the adapter handle; NDIS
	 * knows the source from MiniportAdapterHandle, and Microsoft's own
	 * netvmini leaves it 0 in its QoS and receive-queue indications.
	 * Another handle is a bug worth refusing.
	 */
	else if (s->SourceHandle && s->SourceHandle != (NDIS_HANDLE)ad)
		why = "SourceHandle is not the miniport adapter handle";
	else if (s->StatusBufferSize && !s->StatusBuffer)
		why = "StatusBufferSize without a StatusBuffer";
	if (why)
		ndl_err("%s: NdisMIndicateStatusEx(0x%08x): %s: ignored",
			ad->name, s->StatusCode, why);
	return !why;
}

static void link_state(struct ndl_adapter *ad, const NDIS_STATUS_INDICATION *s)
{
	const NDIS_LINK_STATE *ls = s->StatusBuffer;
	bool was_up = ndl_adapter_media_connected(ad);
	u64 was_bps = ndl_adapter_link_speed(ad);
	bool up;

	if (s->StatusBufferSize < NDIS_SIZEOF_LINK_STATE_REVISION_1 || !ls) {
		ndl_err("%s: NDIS_STATUS_LINK_STATE with %u bytes, not an NDIS_LINK_STATE (%u): ignored",
			ad->name, s->StatusBufferSize,
			(u32)NDIS_SIZEOF_LINK_STATE_REVISION_1);
		return;
	}
	ndl6_link_state(ad, ls->MediaConnectState, ls->XmitLinkSpeed,
			ls->RcvLinkSpeed);
	if (ad->state == NDL_AD_INITIALIZING)
		return;
	up = ndl_adapter_media_connected(ad);
	if (up != was_up)
		ndl_status_event(ad, up ? NDL_STATUS_MEDIA_CONNECT :
				 NDL_STATUS_MEDIA_DISCONNECT,
				 up ? NDIS_STATUS_MEDIA_CONNECT :
				 NDIS_STATUS_MEDIA_DISCONNECT, ls,
				 s->StatusBufferSize);
	if (ndl_adapter_link_speed(ad) != was_bps)
		ndl_status_event(ad, NDL_STATUS_LINK_SPEED, s->StatusCode, ls,
				 s->StatusBufferSize);
}

void NTAPI ndlw_NdisMIndicateStatusEx(NDIS_HANDLE h, NDIS_STATUS_INDICATION *s)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMIndicateStatusEx");

	if (!ad)
		return;
	if (!ndl6(ad) || !s) {
		ndl_err("%s: NdisMIndicateStatusEx %s", ad->name,
			s ? "from an NDIS 5 miniport" : "without an indication");
		return;
	}
	if (!header_ok(ad, s))
		return;
	if (s->StatusCode == NDIS_STATUS_LINK_STATE) {
		link_state(ad, s);
		return;
	}
	if (s->StatusCode == NDIS_STATUS_TASK_OFFLOAD_CURRENT_CONFIG)
		ndl6_offload_current(ad, s->StatusBuffer, s->StatusBufferSize);
	if (ad->state == NDL_AD_INITIALIZING) {
		ndl_dbg("%s: status 0x%08x during initialize: not delivered",
			ad->name, s->StatusCode);
		return;
	}
	ndl_status_event(ad, NDL_STATUS_OTHER, s->StatusCode, s->StatusBuffer,
			 s->StatusBufferSize);
}
