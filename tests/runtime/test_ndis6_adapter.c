// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance tests of the NDIS 6 adapter (module/runtime/ndis6/): one
 * documented rule per test, driven through the adapter API the Linux glue
 * and ndisload check use. The miniport is written here from Microsoft's
 * reference pages (MiniportInitializeEx, NdisMSetMiniportAttributes,
 * MiniportPause/Restart, MiniportOidRequest, MiniportSendNetBufferLists,
 * NdisMIndicateReceiveNetBufferLists, NdisMIndicateStatusEx, ...): its
 * handlers are C functions registered with NdisMRegisterMiniportDriver
 * on a loaded fixture's driver object, and it checks NDIS's side of each
 * rule from the inside (states, IRQLs, structure headers).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common.h"
#include "ndis6/ndis6_priv.h"
#include "nt/nt_queue.h"
#include "core/exports.h"

#define HELD_MAX	64	/* the most send slots an adapter gets */
#define OID_VENDOR_ID	0x0001010C	/* OID_GEN_VENDOR_ID */

enum mp_state { MP_HALTED, MP_PAUSED, MP_RUNNING, MP_PAUSING };

/* The miniport's knobs and what it saw. */
static struct mp {
	/* knobs */
	NDIS_STATUS init_status, restart_status;
	bool no_reg_attrs, no_gen_attrs, pend_pause, pend_restart, pend_oid;
	bool hold_sends;		/* complete sends only when told */
	bool gen_first;			/* general attributes before registration */
	bool indicate_in_restart;	/* a receive from MiniportRestart */
	bool hung;			/* MiniportCheckForHangEx says so */
	int hang_checks, resets;
	bool completing;		/* inside NdisMOidRequestComplete */
	int nested_oids;
	KIRQL hang_irql;
	bool link_down_in_init;
	bool offer_csum;		/* offload attributes: IPv4 TCP send */
	NDIS_STATUS gen_attr_status, early_gen_status, late_attr_status;
	/* state as the miniport sees it */
	NDIS_HANDLE handle;
	enum mp_state state;
	int inits, halts, pauses, restarts, shutdowns, pnp_events, oids;
	ULONG halt_action, pnp_event, shutdown_action;
	NDIS_MINIPORT_INIT_PARAMETERS init_params;
	NDIS_HANDLE driver_ctx_seen;
	NDIS_OBJECT_HEADER pause_hdr, restart_hdr, oid_hdr;
	int bad_irql, bad_state;
	/* OID requests */
	NDIS_OID_REQUEST *pending_req;
	NDIS_OID last_oid;
	NDIS_REQUEST_TYPE last_type;
	KIRQL oid_irql;
	/* sends */
	NET_BUFFER_LIST *held[HELD_MAX];
	u32 nheld, sends, sends_not_running;
	ULONG send_flags;
	KIRQL send_irql;
	u8 frame[1600];
	u32 frame_len, frame_mdls;
	uintptr_t csum_info, vlan_info;
	/* receives */
	NDIS_HANDLE pool;
	u32 returned, returned_lists;
	ULONG return_flags;
	bool in_indicate, returned_inside;
	/* pause completion from a DPC, as a miniport draining later would */
	KDPC pause_dpc;
} mp;

/* What the host side saw. */
static struct host {
	u32 frames, completes, ready, events, up_events, down_events,
	    speed_events, rx_completes;
	u8 frame[1600];
	u32 frame_len, frame_flags;
	u16 vlan;
	void *cookies[HELD_MAX];
	u32 statuses[HELD_MAX];
	u64 last_speed;
} host;

static void h_receive(void *ctx, const struct ndl_rx_frame *f)
{
	host.frames++;
	host.frame_len = ndl_rx_frame_copy(f, host.frame, sizeof(host.frame));
	host.frame_flags = f->flags;
	host.vlan = f->vlan_tci;
}
static void h_receive_complete(void *ctx) { host.rx_completes++; }
static void h_send_complete(void *ctx, void *cookie, u32 st)
{
	if (host.completes < HELD_MAX) {
		host.cookies[host.completes] = cookie;
		host.statuses[host.completes] = st;
	}
	host.completes++;
}
static void h_send_ready(void *ctx) { host.ready++; }
static void h_status(void *ctx, const struct ndl_status_event *ev)
{
	host.events++;
	host.up_events += ev->kind == NDL_STATUS_MEDIA_CONNECT;
	host.down_events += ev->kind == NDL_STATUS_MEDIA_DISCONNECT;
	if (ev->kind == NDL_STATUS_LINK_SPEED) {
		host.speed_events++;
		host.last_speed = ev->link_speed_bps;
	}
}
static const struct ndl_adapter_ops host_ops = {
	.receive = h_receive, .receive_complete = h_receive_complete,
	.send_complete = h_send_complete, .send_ready = h_send_ready,
	.status = h_status,
};

/* ---- the miniport ------------------------------------------------------------ */

static const u8 mac[6] = { 0x02, 0x6e, 0x64, 0x6c, 0x36, 0x01 };
static NDIS_OID supported[] = { OID_GEN_CURRENT_PACKET_FILTER, OID_VENDOR_ID,
				OID_GEN_VENDOR_DRIVER_VERSION };

static NET_BUFFER_LIST *rx_list(u32 len, uintptr_t csum, uintptr_t vlan);
static void indicate(NET_BUFFER_LIST *l, ULONG n, ULONG flags);

static void passive(void)
{
	if (ndl_os_irql_current() != NDL_PASSIVE_LEVEL)
		mp.bad_irql++;
}

static NDIS_STATUS set_gen(NDIS_HANDLE h)
{
	NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES g = {
		.Header = { NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES,
			    NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_2,
			    NDIS_SIZEOF_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_2 },
		.MediaType = NdisMedium802_3, .MtuSize = 1500,
		.PhysicalMediumType = 14,	/* NdisPhysicalMedium802_3 */
		.MaxXmitLinkSpeed = 1000000000, .XmitLinkSpeed = 1000000000,
		.MaxRcvLinkSpeed = 1000000000, .RcvLinkSpeed = 1000000000,
		.MediaConnectState = MediaConnectStateConnected,
		.MediaDuplexState = MediaDuplexStateFull,
		.LookaheadSize = 1500, .MaxMulticastListSize = 32,
		.MacAddressLength = 6,
		.SupportedOidList = supported,
		.SupportedOidListLength = sizeof(supported),
	};

	memcpy(g.PermanentMacAddress, mac, 6);
	memcpy(g.CurrentMacAddress, mac, 6);
	return ndlw_NdisMSetMiniportAttributes(h, (void *)&g);
}

static NDIS_STATUS set_offload(NDIS_HANDLE h)
{
	NDIS_OFFLOAD o = {
		.Header = { NDIS_OBJECT_TYPE_OFFLOAD, NDIS_OFFLOAD_REVISION_1,
			    NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_1 },
	};
	NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES a = {
		.Header = { NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES,
			    NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES_REVISION_1,
			    NDIS_SIZEOF_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES_REVISION_1 },
		.HardwareOffloadCapabilities = &o,
	};

	o.Checksum.IPv4Transmit.Encapsulation = NDIS_ENCAPSULATION_IEEE_802_3;
	o.Checksum.IPv4Transmit.TcpChecksum = NDIS_OFFLOAD_SUPPORTED;
	return ndlw_NdisMSetMiniportAttributes(h, (void *)&a);
}

static NTAPI NDIS_STATUS mp_init(NDIS_HANDLE h, NDIS_HANDLE dctx,
				 NDIS_MINIPORT_INIT_PARAMETERS *p)
{
	NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES r = {
		.Header = { NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES,
			    NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_1,
			    NDIS_SIZEOF_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_1 },
		.MiniportAdapterContext = &mp,
		.AttributeFlags = NDIS_MINIPORT_ATTRIBUTES_BUS_MASTER,
		.CheckForHangTimeInSeconds = 1,
	};

	passive();
	mp.inits++;
	mp.handle = h;
	mp.driver_ctx_seen = dctx;
	mp.init_params = *p;
	if (mp.init_status)
		return mp.init_status;
	if (mp.gen_first)
		mp.early_gen_status = set_gen(h);
	if (!mp.no_reg_attrs &&
	    ndlw_NdisMSetMiniportAttributes(h, (void *)&r) != NDIS_STATUS_SUCCESS)
		return NDIS_STATUS_FAILURE;
	if (!mp.no_gen_attrs)
		mp.gen_attr_status = set_gen(h);
	if (mp.offer_csum)
		set_offload(h);
	if (mp.link_down_in_init) {
		NDIS_LINK_STATE ls = {
			.Header = { NDIS_OBJECT_TYPE_DEFAULT,
				    NDIS_LINK_STATE_REVISION_1, sizeof(ls) },
			.MediaConnectState = MediaConnectStateDisconnected,
			.XmitLinkSpeed = NDIS_LINK_SPEED_UNKNOWN,
			.RcvLinkSpeed = NDIS_LINK_SPEED_UNKNOWN,
		};
		NDIS_STATUS_INDICATION si = {
			.Header = { NDIS_OBJECT_TYPE_STATUS_INDICATION,
				    NDIS_STATUS_INDICATION_REVISION_1,
				    sizeof(si) },
			.SourceHandle = h, .StatusCode = NDIS_STATUS_LINK_STATE,
			.StatusBuffer = &ls, .StatusBufferSize = sizeof(ls),
		};

		ndlw_NdisMIndicateStatusEx(h, &si);
	}
	mp.state = MP_PAUSED;
	return NDIS_STATUS_SUCCESS;
}

static NTAPI void mp_halt(NDIS_HANDLE ctx, ULONG action)
{
	passive();
	if (ctx != &mp || mp.state != MP_PAUSED || mp.pending_req || mp.nheld)
		mp.bad_state++;
	mp.halts++;
	mp.halt_action = action;
	mp.state = MP_HALTED;
}

static NTAPI void mp_unload(DRIVER_OBJECT *obj) {}

static void complete_held(void)
{
	for (u32 i = 0; i < mp.nheld; i++) {
		mp.held[i]->Status = NDIS_STATUS_SUCCESS;
		mp.held[i]->Next = i + 1 < mp.nheld ? mp.held[i + 1] : NULL;
	}
	if (mp.nheld)
		ndlw_NdisMSendNetBufferListsComplete(mp.handle, mp.held[0], 0);
	mp.nheld = 0;
}

/* Later, at DISPATCH: what a pending pause waited for, then complete it. */
static NTAPI void pause_dpc(KDPC *d, void *ctx, void *a1, void *a2)
{
	complete_held();
	mp.state = MP_PAUSED;
	ndlw_NdisMPauseComplete(mp.handle);
}

static NTAPI NDIS_STATUS mp_pause(NDIS_HANDLE ctx,
				  NDIS_MINIPORT_PAUSE_PARAMETERS *p)
{
	passive();
	if (mp.state != MP_RUNNING)
		mp.bad_state++;
	/* NDIS has given back every received list by the time it pauses */
	mp.pauses++;
	mp.pause_hdr = p->Header;
	mp.state = MP_PAUSING;
	if (mp.pend_pause) {
		ndlw_KeInsertQueueDpc(&mp.pause_dpc, NULL, NULL);
		return NDIS_STATUS_PENDING;
	}
	complete_held();
	mp.state = MP_PAUSED;
	return NDIS_STATUS_SUCCESS;
}

static NTAPI NDIS_STATUS mp_restart(NDIS_HANDLE ctx,
				    NDIS_MINIPORT_RESTART_PARAMETERS *p)
{
	passive();
	if (mp.state != MP_PAUSED)
		mp.bad_state++;
	mp.restarts++;
	mp.restart_hdr = p->Header;
	if (mp.indicate_in_restart) {
		NET_BUFFER_LIST *l = rx_list(60, 0, 0);

		indicate(l, 1, NDIS_RECEIVE_FLAGS_RESOURCES);
		ndlw_NdisFreeNetBufferList(l);
	}
	if (mp.restart_status)
		return mp.restart_status;
	mp.state = MP_RUNNING;
	if (mp.pend_restart) {
		ndlw_NdisMRestartComplete(mp.handle, NDIS_STATUS_SUCCESS);
		return NDIS_STATUS_PENDING;
	}
	return NDIS_STATUS_SUCCESS;
}

static NTAPI NDIS_STATUS mp_oid(NDIS_HANDLE ctx, NDIS_OID_REQUEST *r)
{
	u32 v = 0x1234;

	mp.oid_irql = ndl_os_irql_current();
	if (mp.completing)
		mp.nested_oids++;
	if (mp.state == MP_HALTED)
		mp.bad_state++;
	mp.oids++;
	mp.oid_hdr = r->Header;
	mp.last_oid = r->DATA.QUERY_INFORMATION.Oid;
	mp.last_type = r->RequestType;
	if (mp.pend_oid) {
		mp.pending_req = r;
		return NDIS_STATUS_PENDING;
	}
	if (r->RequestType == NdisRequestSetInformation) {
		r->DATA.SET_INFORMATION.BytesRead =
			r->DATA.SET_INFORMATION.InformationBufferLength;
		return NDIS_STATUS_SUCCESS;
	}
	if (r->DATA.QUERY_INFORMATION.Oid != OID_VENDOR_ID)
		return NDIS_STATUS_NOT_SUPPORTED;
	if (r->DATA.QUERY_INFORMATION.InformationBufferLength < 4) {
		r->DATA.QUERY_INFORMATION.BytesNeeded = 4;
		return NDIS_STATUS_BUFFER_TOO_SHORT;
	}
	memcpy(r->DATA.QUERY_INFORMATION.InformationBuffer, &v, 4);
	r->DATA.QUERY_INFORMATION.BytesWritten = 4;
	return NDIS_STATUS_SUCCESS;
}

static NTAPI void mp_send(NDIS_HANDLE ctx, NET_BUFFER_LIST *l, ULONG port,
			  ULONG flags)
{
	NET_BUFFER *nb = l->FirstNetBuffer;
	u32 off = nb->CurrentMdlOffset, n = 0;

	mp.send_irql = ndl_os_irql_current();
	mp.send_flags = flags;
	if (mp.state != MP_RUNNING || port != 0)
		mp.sends_not_running++;
	mp.sends++;
	mp.frame_len = nb->DataLength;
	mp.frame_mdls = 0;
	for (MDL *m = nb->CurrentMdl; m && n < nb->DataLength; m = m->Next) {
		u32 take = m->ByteCount - off;

		if (take > nb->DataLength - n)
			take = nb->DataLength - n;
		memcpy(mp.frame + n, (u8 *)ndl_mdl_va(m) + off, take);
		n += take;
		off = 0;
		mp.frame_mdls++;
	}
	mp.csum_info = (uintptr_t)l->NetBufferListInfo[TcpIpChecksumNetBufferListInfo];
	mp.vlan_info = (uintptr_t)l->NetBufferListInfo[Ieee8021QNetBufferListInfo];
	if (mp.hold_sends && mp.nheld < HELD_MAX) {
		mp.held[mp.nheld++] = l;
		return;
	}
	l->Status = NDIS_STATUS_SUCCESS;
	ndlw_NdisMSendNetBufferListsComplete(mp.handle, l,
					     NDIS_SEND_COMPLETE_FLAGS_DISPATCH_LEVEL);
}

static NTAPI void mp_return(NDIS_HANDLE ctx, NET_BUFFER_LIST *l, ULONG f)
{
	mp.return_flags = f;
	if (mp.in_indicate)
		mp.returned_inside = true;
	mp.returned_lists++;
	for (; l; l = l->Next)
		mp.returned++;
}

static NTAPI void mp_cancel_send(NDIS_HANDLE ctx, void *id) {}
static NTAPI void mp_pnp(NDIS_HANDLE ctx, void *ev)
{
	NET_DEVICE_PNP_EVENT *e = ev;

	mp.pnp_events++;
	mp.pnp_event = e->Header.Type == NDIS_OBJECT_TYPE_DEFAULT &&
		       e->Header.Size >= sizeof(*e) ? e->DevicePnPEvent : 99;
}
static NTAPI void mp_shutdown(NDIS_HANDLE ctx, ULONG action)
{
	mp.shutdowns++;
	mp.shutdown_action = action;
}
static NTAPI void mp_cancel_oid(NDIS_HANDLE ctx, void *id) {}
static NTAPI BOOLEAN mp_hang(NDIS_HANDLE ctx)
{
	mp.hang_irql = ndl_os_irql_current();
	mp.hang_checks++;
	return mp.hung;
}
static NTAPI NDIS_STATUS mp_reset(NDIS_HANDLE ctx, BOOLEAN *addressing)
{
	if (ctx != &mp)
		mp.bad_state++;
	mp.resets++;
	mp.hung = false;
	*addressing = FALSE;
	return NDIS_STATUS_SUCCESS;
}

/* ---- setup ------------------------------------------------------------------- */

static struct ndl_driver *drv;
static NDIS_HANDLE drv_handle;

static bool register_driver(void)
{
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS c = {
		.Header = { NDIS_OBJECT_TYPE_MINIPORT_DRIVER_CHARACTERISTICS,
			    NDIS_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_2,
			    NDIS_SIZEOF_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_2 },
		.MajorNdisVersion = 6, .MinorNdisVersion = 20,
		.InitializeHandlerEx = mp_init, .HaltHandlerEx = mp_halt,
		.UnloadHandler = mp_unload, .PauseHandler = mp_pause,
		.RestartHandler = mp_restart, .OidRequestHandler = mp_oid,
		.SendNetBufferListsHandler = mp_send,
		.ReturnNetBufferListsHandler = mp_return,
		.CancelSendHandler = mp_cancel_send,
		.DevicePnPEventNotifyHandler = mp_pnp,
		.ShutdownHandlerEx = mp_shutdown,
		.CancelOidRequestHandler = mp_cancel_oid,
		.CheckForHangHandlerEx = mp_hang, .ResetHandlerEx = mp_reset,
	};
	struct ndl_pe_error err;
	size_t len;
	void *f = read_file(fixture_path("fx_basic"), &len);

	if (!f || ndl_driver_load(f, len, "fx_ndis6ad", NULL, &drv, &err))
		drv = NULL;
	free(f);
	if (!drv)
		return false;
	if (ndlw_NdisMRegisterMiniportDriver(&drv->object, &drv->registry_path,
					     (void *)0x6d70, &c, &drv_handle))
		return false;
	drv->entry_status = 0;		/* as if DriverEntry had succeeded */
	return true;
}

/*
 * A fresh miniport and host; an adapter created (not initialized) with at
 * most tx_slots send slots (0: the runtime's default).
 */
static struct ndl_adapter *fresh_slots(u32 tx_slots)
{
	struct ndl_adapter_params p = {
		.drv = drv, .ops = &host_ops, .name = "ndis6-test",
		.tx_slots = tx_slots,
	};
	struct ndl_adapter *ad = NULL;
	NET_BUFFER_LIST_POOL_PARAMETERS pp = {
		.Header = { NDIS_OBJECT_TYPE_DEFAULT,
			    NET_BUFFER_LIST_POOL_PARAMETERS_REVISION_1,
			    NDIS_SIZEOF_NET_BUFFER_LIST_POOL_PARAMETERS_REVISION_1 },
		.fAllocateNetBuffer = TRUE,
	};

	if (mp.pool)
		ndlw_NdisFreeNetBufferListPool(mp.pool);
	memset(&mp, 0, sizeof(mp));
	memset(&host, 0, sizeof(host));
	ndlw_KeInitializeDpc(&mp.pause_dpc, pause_dpc, NULL);
	mp.pool = ndlw_NdisAllocateNetBufferListPool(NULL, &pp);
	CHECK(mp.pool);
	CHECK_EQ_INT(ndl_adapter_create(&p, &ad), 0);
	return ad;
}

static struct ndl_adapter *fresh(void)
{
	return fresh_slots(8);
}

static struct ndl_adapter *running_slots(struct ndl_adapter_info *info,
					 u32 tx_slots)
{
	struct ndl_adapter *ad = fresh_slots(tx_slots);
	u32 st = 0;

	if (ad)
		CHECK_EQ_INT(ndl_adapter_initialize(ad, info, &st), 0);
	return ad;
}

static struct ndl_adapter *running(struct ndl_adapter_info *info)
{
	return running_slots(info, 8);
}

static void done(struct ndl_adapter *ad)
{
	ndl_adapter_destroy(ad);
	ndl_user_run_pending();
	CHECK_EQ_INT(mp.bad_irql, 0);
	CHECK_EQ_INT(mp.bad_state, 0);
	CHECK_EQ_INT(mp.sends_not_running, 0);
}

/* A received list of one NET_BUFFER over two MDLs (CurrentMdlOffset 2). */
static u8 rx_a[64], rx_b[1500];
static MDL *rx_mdl[2];

static NET_BUFFER_LIST *rx_list(u32 len, uintptr_t csum, uintptr_t vlan)
{
	NET_BUFFER_LIST *l;

	for (u32 i = 0; i < sizeof(rx_a); i++)
		rx_a[i] = (u8)i;
	for (u32 i = 0; i < sizeof(rx_b); i++)
		rx_b[i] = (u8)(0x80 + i);
	if (!rx_mdl[0]) {
		rx_mdl[0] = ndl_mdl_alloc_pages(2, NDL_MEM_MDLS);
		rx_mdl[1] = ndl_mdl_alloc_pages(2, NDL_MEM_MDLS);
	}
	ndl_mdl_set(rx_mdl[0], rx_a, sizeof(rx_a));
	ndl_mdl_set(rx_mdl[1], rx_b, sizeof(rx_b));
	rx_mdl[0]->Next = rx_mdl[1];
	rx_mdl[1]->Next = NULL;
	l = ndlw_NdisAllocateNetBufferAndNetBufferList(mp.pool, 0, 0,
						       rx_mdl[0], 2, len);
	CHECK(l);
	if (l) {
		l->NetBufferListInfo[TcpIpChecksumNetBufferListInfo] = (void *)csum;
		l->NetBufferListInfo[Ieee8021QNetBufferListInfo] = (void *)vlan;
	}
	return l;
}

static void indicate(NET_BUFFER_LIST *l, ULONG n, ULONG flags)
{
	KIRQL old = ndl_irql_raise(NDL_DISPATCH_LEVEL);

	mp.in_indicate = true;
	ndlw_NdisMIndicateReceiveNetBufferLists(mp.handle, l, 0, n,
						flags | NDIS_RECEIVE_FLAGS_DISPATCH_LEVEL);
	mp.in_indicate = false;
	ndl_irql_lower(old);
}

/* ---- tests ------------------------------------------------------------------- */

/*
 * MiniportInitializeEx gets NDIS_MINIPORT_INIT_PARAMETERS (header 0x81,
 * revision 1) and the MiniportDriverContext of the registration; the
 * adapter is Paused after it, and NDIS calls MiniportRestart to run it.
 * What the host learns comes from the general attributes.
 */
static void test_initialize_then_restart(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = running(&info);

	if (!ad)
		return;
	CHECK_EQ_INT(mp.inits, 1);
	CHECK_EQ_INT(mp.init_params.Header.Type,
		     NDIS_OBJECT_TYPE_MINIPORT_INIT_PARAMETERS);
	CHECK_EQ_INT(mp.init_params.Header.Revision, 1);
	CHECK_EQ_INT(mp.init_params.Header.Size,
		     sizeof(NDIS_MINIPORT_INIT_PARAMETERS));
	CHECK(mp.init_params.IfIndex != 0);
	CHECK(mp.init_params.DefaultPortAuthStates);
	CHECK(mp.driver_ctx_seen == (void *)0x6d70);
	CHECK_EQ_INT(mp.restarts, 1);
	CHECK_EQ_INT(mp.restart_hdr.Type, NDIS_OBJECT_TYPE_DEFAULT);
	CHECK_EQ_INT(mp.restart_hdr.Revision, 1);
	CHECK(!strcmp(ndl_adapter_state_name(ad), "Running"));
	CHECK(!memcmp(info.perm_addr, mac, 6) && !memcmp(info.cur_addr, mac, 6));
	CHECK_EQ_INT(info.max_frame, 1500);
	CHECK_EQ_INT(info.max_mcast, 32);
	CHECK(info.media_connected && info.deserialized && info.bus_master);
	CHECK_EQ_INT(info.link_speed_bps, 1000000000);
	CHECK_EQ_INT(mp.gen_attr_status, NDIS_STATUS_SUCCESS);
	done(ad);
}

/* Registration attributes come first: general ones before are refused. */
static void test_attributes_order(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = fresh();

	if (!ad)
		return;
	mp.gen_first = true;
	CHECK_EQ_INT(ndl_adapter_initialize(ad, &info, NULL), 0);
	CHECK_EQ_INT(mp.early_gen_status, NDIS_STATUS_FAILURE);
	CHECK(log_contains("before the registration attributes"));
	/* only from MiniportInitializeEx */
	CHECK_EQ_INT(set_gen(mp.handle), NDIS_STATUS_FAILURE);
	CHECK(log_contains("outside MiniportInitializeEx"));
	done(ad);
}

/* A failed MiniportInitializeEx: Halted, and MiniportHaltEx never runs. */
static void test_initialize_fails(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = fresh();
	u32 st = 0;

	if (!ad)
		return;
	mp.init_status = NDIS_STATUS_RESOURCES;
	CHECK_EQ_INT(ndl_adapter_initialize(ad, &info, &st), -NDL_ENOMEM);
	CHECK_EQ_INT(st, NDIS_STATUS_RESOURCES);
	CHECK(!strcmp(ndl_adapter_state_name(ad), "Halted"));
	CHECK_EQ_INT(mp.restarts, 0);
	ndl_adapter_destroy(ad);
	CHECK_EQ_INT(mp.halts, 0);
}

/*
 * A miniport that succeeds without registration (or general) attributes
 * gave NDIS nothing to run: it is halted with
 * NdisHaltDeviceInitializationFailed and initialize fails precisely.
 */
static void test_attributes_required(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = fresh();

	if (!ad)
		return;
	mp.no_gen_attrs = true;
	log_clear();
	CHECK_EQ_INT(ndl_adapter_initialize(ad, &info, NULL), -NDL_EIO);
	CHECK(log_contains("set no general attributes"));
	CHECK_EQ_INT(mp.halts, 1);
	CHECK_EQ_INT(mp.halt_action, NdisHaltDeviceInitializationFailed);
	CHECK_EQ_INT(mp.restarts, 0);
	ndl_adapter_destroy(ad);

	ad = fresh();
	if (!ad)
		return;
	mp.no_reg_attrs = true;
	mp.no_gen_attrs = true;
	CHECK_EQ_INT(ndl_adapter_initialize(ad, &info, NULL), -NDL_EIO);
	CHECK(log_contains("set no registration attributes"));
	ndl_adapter_destroy(ad);
}

/* A restart that fails leaves the adapter Paused: initialize fails. */
static void test_restart_fails(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = fresh();

	if (!ad)
		return;
	mp.restart_status = NDIS_STATUS_RESOURCES;
	CHECK_EQ_INT(ndl_adapter_initialize(ad, &info, NULL), -NDL_ENOMEM);
	CHECK_EQ_INT(mp.halts, 1);
	ndl_adapter_destroy(ad);
}

/*
 * MiniportRestart may pend and finish with NdisMRestartComplete; the
 * miniport may indicate receives from the Restarting state on.
 */
static void test_restart_pending(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = fresh();

	if (!ad)
		return;
	mp.pend_restart = true;
	mp.indicate_in_restart = true;
	CHECK_EQ_INT(ndl_adapter_initialize(ad, &info, NULL), 0);
	CHECK(!strcmp(ndl_adapter_state_name(ad), "Running"));
	CHECK_EQ_INT(host.frames, 1);
	done(ad);
}

/*
 * Pause: no send reaches MiniportSendNetBufferLists while Pausing or
 * Paused (the host gets -EBUSY); restart runs again and tells the host.
 */
static void test_pause_restart(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = running(&info);
	u8 f[60] = { 0 };
	struct ndl_frag fr = { f, sizeof(f) };

	if (!ad)
		return;
	CHECK_EQ_INT(ndl_adapter_pause(ad), 0);
	CHECK_EQ_INT(mp.pauses, 1);
	CHECK_EQ_INT(mp.pause_hdr.Type, NDIS_OBJECT_TYPE_DEFAULT);
	CHECK_EQ_INT(mp.pause_hdr.Size, sizeof(NDIS_MINIPORT_PAUSE_PARAMETERS));
	CHECK(!strcmp(ndl_adapter_state_name(ad), "Paused"));
	CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, (void *)1), -NDL_EBUSY);
	CHECK_EQ_INT(mp.sends, 0);
	CHECK_EQ_INT(ndl_adapter_restart(ad), 0);
	CHECK(!strcmp(ndl_adapter_state_name(ad), "Running"));
	CHECK_EQ_INT(host.ready, 1);
	CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, (void *)1), 0);
	CHECK_EQ_INT(mp.sends, 1);
	CHECK_EQ_INT(host.completes, 1);
	done(ad);
}

/*
 * A pause that pends lasts until the miniport completed its outstanding
 * sends and called NdisMPauseComplete; the host's sends come back first.
 */
static void test_pause_drains_sends(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = running(&info);
	u8 f[60] = { 0 };
	struct ndl_frag fr = { f, sizeof(f) };

	if (!ad)
		return;
	mp.hold_sends = true;
	mp.pend_pause = true;
	CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, (void *)1), 0);
	CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, (void *)2), 0);
	CHECK_EQ_INT(mp.nheld, 2);
	CHECK_EQ_INT(host.completes, 0);
	CHECK_EQ_INT(ndl_adapter_pause(ad), 0);
	CHECK_EQ_INT(host.completes, 2);
	CHECK(host.cookies[0] == (void *)1 && host.cookies[1] == (void *)2);
	CHECK_EQ_INT(mp.state, MP_PAUSED);
	CHECK(!strcmp(ndl_adapter_state_name(ad), "Paused"));
	CHECK(!log_contains("outstanding"));
	done(ad);
}

/*
 * Receives: each NET_BUFFER from CurrentMdl at CurrentMdlOffset for
 * DataLength bytes; checksum and 802.1Q from NetBufferListInfo. Lists go
 * back through MiniportReturnNetBufferLists at DISPATCH_LEVEL, never
 * inside the indication; a pause waits for them.
 */
static void test_receive_and_return(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = running(&info);
	NET_BUFFER_LIST *a, *b;

	if (!ad)
		return;
	a = rx_list(100, NDL_NBL_CSUM_RX_IP_OK | NDL_NBL_CSUM_RX_TCP_OK,
		    3 | 42 << 4);
	b = rx_list(80, NDL_NBL_CSUM_RX_UDP_FAILED, 0);
	if (!a || !b)
		return;
	a->Next = b;
	indicate(a, 2, 0);
	CHECK_EQ_INT(host.frames, 2);
	CHECK_EQ_INT(host.rx_completes, 1);
	CHECK_EQ_INT(host.frame_len, 80);
	CHECK(!memcmp(host.frame, rx_a + 2, sizeof(rx_a) - 2));
	CHECK(!memcmp(host.frame + sizeof(rx_a) - 2, rx_b, 80 - sizeof(rx_a) + 2));
	CHECK_EQ_INT(host.frame_flags, NDL_RX_CSUM_UDP_BAD);
	CHECK_EQ_INT(mp.returned, 0);		/* not inside the indication */
	ndl_user_run_pending();
	CHECK_EQ_INT(mp.returned, 2);
	CHECK(!mp.returned_inside);
	CHECK_EQ_INT(mp.return_flags, NDIS_RETURN_FLAGS_DISPATCH_LEVEL);
	ndlw_NdisFreeNetBufferList(a);
	ndlw_NdisFreeNetBufferList(b);

	/* the first list's flags and VLAN tag, alone */
	indicate(a = rx_list(100, NDL_NBL_CSUM_RX_IP_OK | NDL_NBL_CSUM_RX_TCP_OK,
			     3 | 42 << 4), 1, 0);
	CHECK_EQ_INT(host.frame_flags, NDL_RX_CSUM_IP_OK | NDL_RX_CSUM_TCP_OK |
		     NDL_RX_VLAN);
	CHECK_EQ_INT(host.vlan, 3 << 13 | 42);
	/* a pause returns what is still owed before MiniportPause */
	CHECK_EQ_INT(ndl_adapter_pause(ad), 0);
	CHECK_EQ_INT(mp.returned, 3);
	ndlw_NdisFreeNetBufferList(a);
	done(ad);
}

/* NDIS_RECEIVE_FLAGS_RESOURCES: the miniport keeps its lists, no return. */
static void test_receive_resources(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = running(&info);
	NET_BUFFER_LIST *a;

	if (!ad)
		return;
	a = rx_list(60, 0, 0);
	if (!a)
		return;
	indicate(a, 1, NDIS_RECEIVE_FLAGS_RESOURCES);
	ndl_user_run_pending();
	CHECK_EQ_INT(host.frames, 1);
	CHECK_EQ_INT(mp.returned, 0);
	CHECK_EQ_INT(ndl_adapter_pause(ad), 0);	/* nothing owed */
	ndlw_NdisFreeNetBufferList(a);
	done(ad);
}

/* Lists indicated while Paused are not delivered (and still returned). */
static void test_receive_while_paused(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = running(&info);
	NET_BUFFER_LIST *a;

	if (!ad)
		return;
	CHECK_EQ_INT(ndl_adapter_pause(ad), 0);
	a = rx_list(60, 0, 0);
	if (!a)
		return;
	indicate(a, 1, 0);
	ndl_user_run_pending();
	CHECK_EQ_INT(host.frames, 0);
	CHECK_EQ_INT(mp.returned, 1);
	CHECK(log_contains("paused: dropped"));
	ndlw_NdisFreeNetBufferList(a);
	done(ad);
}

/*
 * Sends: one NET_BUFFER_LIST with one NET_BUFFER over the host's
 * fragments, at DISPATCH_LEVEL with NDIS_SEND_FLAGS_DISPATCH_LEVEL, the
 * checksum request and 802.1Q tag in NetBufferListInfo; completions may
 * come several at once, each list with its own Status.
 */
static void test_send_path(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = fresh();
	struct ndl_csum_offload on = { .v4_tx = NDL_CSUM_TCP };
	u8 hdr[54], pay[200];
	struct ndl_frag fr[3] = { { hdr, sizeof(hdr) }, { pay, 0 },
				  { pay, sizeof(pay) } };
	u32 st = 0;

	if (!ad)
		return;
	/* a checksum is asked for only once it is offered and on */
	mp.offer_csum = true;
	CHECK_EQ_INT(ndl_adapter_initialize(ad, &info, &st), 0);
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	memset(hdr, 0, sizeof(hdr));
	hdr[12] = 0x08;
	hdr[14] = 0x45;			/* IPv4, 20-byte header */
	for (u32 i = 0; i < sizeof(pay); i++)
		pay[i] = (u8)i;
	mp.hold_sends = true;
	CHECK_EQ_INT(ndl_adapter_send_ex(ad, fr, 3, (void *)7,
					 NDL_TX_CSUM_IPV4 | NDL_TX_CSUM_TCP |
					 NDL_TX_VLAN, 5 << 13 | 100), 0);
	CHECK_EQ_INT(mp.send_irql, NDL_DISPATCH_LEVEL);
	CHECK_EQ_INT(mp.send_flags, NDIS_SEND_FLAGS_DISPATCH_LEVEL);
	CHECK_EQ_INT(mp.frame_len, sizeof(hdr) + sizeof(pay));
	CHECK_EQ_INT(mp.frame_mdls, 2);		/* the empty fragment skipped */
	CHECK(!memcmp(mp.frame, hdr, sizeof(hdr)) &&
	      !memcmp(mp.frame + sizeof(hdr), pay, sizeof(pay)));
	CHECK_EQ_INT(mp.csum_info, NDL_NBL_CSUM_TX_IPV4 | NDL_NBL_CSUM_TX_TCP |
		     (14 + 20) << NDL_NBL_CSUM_TX_TCP_OFFSET_SHIFT);
	CHECK_EQ_INT(mp.vlan_info, 5 | 100 << 4);
	CHECK_EQ_INT(ndl_adapter_send(ad, fr, 1, (void *)8), 0);
	CHECK_EQ_INT(mp.csum_info, 0);
	CHECK_EQ_INT(host.completes, 0);
	mp.held[1]->Status = NDIS_STATUS_FAILURE;
	mp.held[0]->Status = NDIS_STATUS_SUCCESS;
	mp.held[0]->Next = mp.held[1];
	mp.held[1]->Next = NULL;
	ndlw_NdisMSendNetBufferListsComplete(mp.handle, mp.held[0], 0);
	mp.nheld = 0;
	CHECK_EQ_INT(host.completes, 2);
	CHECK(host.cookies[0] == (void *)7 && host.cookies[1] == (void *)8);
	CHECK_EQ_INT(host.statuses[0], NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(host.statuses[1], NDIS_STATUS_FAILURE);
	/* a list completed twice is refused, not completed again */
	log_clear();
	ndlw_NdisMSendNetBufferListsComplete(mp.handle, mp.held[1], 0);
	CHECK(log_contains("completed twice"));
	CHECK_EQ_INT(host.completes, 2);
	done(ad);
}

/* All slots in the miniport: -EBUSY, then send_ready after a completion. */
static void test_send_slots_exhausted(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = running(&info);
	u8 f[60] = { 0 };
	struct ndl_frag fr = { f, sizeof(f) };
	int i;

	if (!ad)
		return;
	mp.hold_sends = true;
	for (i = 0; i < 8; i++)
		CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, NULL), 0);
	CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, NULL), -NDL_EBUSY);
	complete_held();
	CHECK_EQ_INT(host.ready, 1);
	CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, NULL), 0);
	complete_held();
	done(ad);
}

/*
 * NDIS 6 has no figure to size the send slots from
 * (OID_GEN_MAXIMUM_SEND_PACKETS is obsolete there): 64, or fewer when
 * the host asks for fewer; the host learns the count as
 * max_send_packets, and the 65th send waits for a completion.
 */
static void test_send_slot_count(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = running_slots(&info, 0);
	u8 f[60] = { 0 };
	struct ndl_frag fr = { f, sizeof(f) };
	u32 n = 0;

	if (!ad)
		return;
	CHECK_EQ_INT(info.max_send_packets, 64);
	mp.hold_sends = true;
	while (n < 100 && !ndl_adapter_send(ad, &fr, 1, NULL))
		n++;
	CHECK_EQ_INT(n, 64);
	CHECK_EQ_INT(mp.nheld, 64);
	complete_held();
	CHECK_EQ_INT(host.completes, 64);
	CHECK_EQ_INT(host.ready, 1);
	done(ad);
	ad = running_slots(&info, 5);
	if (!ad)
		return;
	CHECK_EQ_INT(info.max_send_packets, 5);
	done(ad);
}

/* Bytes an adapter with that many send slots holds, created. */
static u64 adapter_bytes(u32 tx_slots)
{
	struct ndl_adapter *ad = fresh_slots(tx_slots);
	struct ndl_mem_stats with, without;

	ndl_mem_stats(&with);
	if (ad)
		done(ad);
	ndl_mem_stats(&without);
	return with.bytes - without.bytes;
}

/*
 * A slot's memory: its list, NET_BUFFER and two MDLs with two pages'
 * room, under 1 KiB (with 32 MDLs of four pages' room it was about
 * 3 KiB).
 */
static void test_send_slot_memory(void)
{
	u64 small = adapter_bytes(8), big = adapter_bytes(40);
	u64 per_slot = (big - small) / 32;

	CHECK(big > small);
	CHECK(per_slot > 2 * sizeof(MDL));
	CHECK(per_slot <= 1024);
	printf("  a send slot holds %llu bytes\n",
	       (unsigned long long)per_slot);
}

static u32 grown_slots(struct ndl_adapter *ad)
{
	u32 n = 0;

	for (u32 i = 0; i < ndl6(ad)->nslots; i++)
		n += ndl6(ad)->slots[i].bufs.n > NDL_TX_SLOT_MDLS;
	return n;
}

/* The frame in 24 pieces of 50 bytes, each in a place of its own. */
static int send_pieces(struct ndl_adapter *ad, const u8 *frame,
		       u8 (*f)[64], void *cookie)
{
	struct ndl_frag fr[24];

	for (u32 i = 0; i < 24; i++) {
		memcpy(f[i], frame + i * 50, 50);
		fr[i].va = f[i];
		fr[i].len = 50;
	}
	return ndl_adapter_send(ad, fr, 24, cookie);
}

/*
 * A frame in more pieces than a slot starts with: the slot grows and the
 * miniport gets one MDL a piece with the right bytes; the slot keeps what
 * it grew (the next such frame allocates nothing). When a slot cannot
 * grow, the frame goes out whole as one copy.
 */
static void test_send_many_fragments(void)
{
	static u8 frame[24 * 50], f[24][64];
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = running(&info);
	struct ndl_adapter_stats st;
	struct ndl_mem_stats m0, m1;

	if (!ad)
		return;
	for (u32 i = 0; i < sizeof(frame); i++)
		frame[i] = (u8)(i * 7 + 1);
	CHECK_EQ_INT(send_pieces(ad, frame, f, (void *)1), 0);
	CHECK_EQ_INT(mp.frame_mdls, 24);
	CHECK_EQ_INT(mp.frame_len, sizeof(frame));
	CHECK(!memcmp(mp.frame, frame, sizeof(frame)));
	CHECK_EQ_INT(grown_slots(ad), 1);
	CHECK_EQ_INT(host.completes, 1);

	/* The same slot again: nothing allocated. */
	memset(mp.frame, 0, sizeof(mp.frame));
	ndl_mem_stats(&m0);
	CHECK_EQ_INT(send_pieces(ad, frame, f, (void *)2), 0);
	ndl_mem_stats(&m1);
	CHECK_EQ_INT(m1.total_allocations, m0.total_allocations);
	CHECK_EQ_INT(mp.frame_mdls, 24);
	CHECK(!memcmp(mp.frame, frame, sizeof(frame)));

	/*
	 * The grown slot held by the miniport, the next one cannot grow
	 * (its first allocation fails): one MDL over a copy.
	 */
	mp.hold_sends = true;
	CHECK_EQ_INT(send_pieces(ad, frame, f, (void *)3), 0);
	memset(mp.frame, 0, sizeof(mp.frame));
	ndl_mem_fail_after(1);
	CHECK_EQ_INT(send_pieces(ad, frame, f, (void *)4), 0);
	ndl_mem_fail_after(0);
	CHECK_EQ_INT(mp.frame_mdls, 1);
	CHECK_EQ_INT(mp.frame_len, sizeof(frame));
	CHECK(!memcmp(mp.frame, frame, sizeof(frame)));
	CHECK_EQ_INT(grown_slots(ad), 1);
	complete_held();
	CHECK_EQ_INT(host.completes, 4);
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.tx_multi_buffer, 3);
	CHECK_EQ_INT(st.tx_linearized, 1);
	CHECK_EQ_INT(st.tx_frames, 4);
	done(ad);
}

/*
 * OID requests: an NDIS_OID_REQUEST (header 0x96, revision 1) at
 * PASSIVE_LEVEL; a pending one finishes at NdisMOidRequestComplete with
 * the byte counts in the request. Queries NDIS answers itself
 * (OID_GEN_SUPPORTED_LIST) never reach the miniport.
 */
static void test_oid_requests(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = running(&info);
	u32 v = 0, done_ = 0, needed = 0, filter = 0x0b;
	NDIS_OID list[8];

	if (!ad)
		return;
	mp.oids = 0;
	CHECK_EQ_INT(ndl_adapter_query(ad, OID_VENDOR_ID, &v, 4, &done_,
				       &needed), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(v, 0x1234);
	CHECK_EQ_INT(done_, 4);
	CHECK_EQ_INT(mp.oid_hdr.Type, NDIS_OBJECT_TYPE_OID_REQUEST);
	CHECK_EQ_INT(mp.oid_hdr.Revision, NDIS_OID_REQUEST_REVISION_1);
	CHECK_EQ_INT(mp.oid_irql, NDL_PASSIVE_LEVEL);
	CHECK_EQ_INT(mp.last_type, NdisRequestQueryInformation);
	CHECK_EQ_INT(ndl_adapter_query(ad, OID_VENDOR_ID, &v, 2, &done_,
				       &needed), NDIS_STATUS_BUFFER_TOO_SHORT);
	CHECK_EQ_INT(needed, 4);
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_GEN_CURRENT_PACKET_FILTER, &filter,
				     4, &done_, &needed), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(mp.last_type, NdisRequestSetInformation);
	CHECK_EQ_INT(done_, 4);
	CHECK_EQ_INT(mp.oids, 3);
	CHECK_EQ_INT(ndl_adapter_query(ad, OID_GEN_SUPPORTED_LIST, list,
				       sizeof(list), &done_, &needed),
		     NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(done_, sizeof(supported));
	CHECK(!memcmp(list, supported, sizeof(supported)));
	CHECK_EQ_INT(mp.oids, 3);
	/*
	 * NDIS answers the physical medium from the general attributes
	 * (OID_GEN_PHYSICAL_MEDIUM_EX as given; OID_GEN_PHYSICAL_MEDIUM
	 * with 802.3 as Unspecified); the miniport never sees either.
	 */
	CHECK_EQ_INT(ndl_adapter_query(ad, 0x00010213, &v, 4, &done_,
				       &needed), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(v, 14);
	CHECK_EQ_INT(ndl_adapter_query(ad, 0x00010202, &v, 4, &done_,
				       &needed), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(v, 0);
	CHECK_EQ_INT(mp.oids, 3);
	done(ad);
}

static u32 async_status = 0xdead, async_done;
static u8 async_buf[4];
static void async_cb(void *ctx, u32 st, const void *buf, u32 d, u32 n)
{
	async_status = st;
	async_done = d;
	memcpy(async_buf, buf, d < 4 ? d : 4);
}

/*
 * A request the host makes at DISPATCH_LEVEL still reaches the miniport
 * at PASSIVE_LEVEL; pended, it completes through NdisMOidRequestComplete.
 */
static void test_oid_pending_from_dispatch(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = running(&info);
	NDIS_OID_REQUEST *r;
	KIRQL old;
	u32 v = 0x5678;

	if (!ad)
		return;
	mp.pend_oid = true;
	mp.oid_irql = 0xff;
	old = ndl_irql_raise(NDL_DISPATCH_LEVEL);
	CHECK_EQ_INT(ndl_adapter_request_async(ad, false, OID_VENDOR_ID, NULL,
					       4, async_cb, NULL), 0);
	ndl_irql_lower(old);
	CHECK(!mp.pending_req);		/* not called at DISPATCH */
	ndl_user_run_pending();
	r = mp.pending_req;
	CHECK(r);
	CHECK_EQ_INT(mp.oid_irql, NDL_PASSIVE_LEVEL);
	if (r) {
		memcpy(r->DATA.QUERY_INFORMATION.InformationBuffer, &v, 4);
		r->DATA.QUERY_INFORMATION.BytesWritten = 4;
		mp.pending_req = NULL;
		old = ndl_irql_raise(NDL_DISPATCH_LEVEL);
		ndlw_NdisMOidRequestComplete(mp.handle, r, NDIS_STATUS_SUCCESS);
		ndl_irql_lower(old);
	}
	ndl_user_run_pending();
	CHECK_EQ_INT(async_status, NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(async_done, 4);
	CHECK(!memcmp(async_buf, &v, 4));
	/*
	 * Completed at PASSIVE with another request queued: the next one is
	 * not started inside the miniport's NdisMOidRequestComplete call.
	 */
	mp.pending_req = NULL;
	CHECK_EQ_INT(ndl_adapter_request_async(ad, false, OID_VENDOR_ID, NULL,
					       4, async_cb, NULL), 0);
	CHECK_EQ_INT(ndl_adapter_request_async(ad, false, OID_VENDOR_ID, NULL,
					       4, async_cb, NULL), 0);
	r = mp.pending_req;
	CHECK(r);
	mp.pend_oid = false;
	if (r) {
		r->DATA.QUERY_INFORMATION.BytesWritten = 4;
		mp.pending_req = NULL;
		mp.completing = true;
		ndlw_NdisMOidRequestComplete(mp.handle, r, NDIS_STATUS_SUCCESS);
		mp.completing = false;
	}
	ndl_user_run_pending();
	CHECK_EQ_INT(mp.nested_oids, 0);
	CHECK_EQ_INT(mp.last_oid, OID_VENDOR_ID);
	CHECK_EQ_INT(async_status, NDIS_STATUS_SUCCESS);
	/* a completion nobody waits for is refused, not crashed on */
	log_clear();
	ndlw_NdisMOidRequestComplete(mp.handle, &ad->ndis6->oid_req,
				     NDIS_STATUS_SUCCESS);
	CHECK(log_contains("no query request pending"));
	done(ad);
}

/*
 * NdisMIndicateStatusEx with NDIS_STATUS_LINK_STATE: the host hears of
 * link changes and speeds (bit/s); one during initialize is the state
 * after it; a malformed indication is ignored with a message.
 */
static void test_link_state(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = fresh();
	NDIS_LINK_STATE ls = {
		.Header = { NDIS_OBJECT_TYPE_DEFAULT, NDIS_LINK_STATE_REVISION_1,
			    sizeof(ls) },
		.MediaConnectState = MediaConnectStateConnected,
		.XmitLinkSpeed = 100000000, .RcvLinkSpeed = 100000000,
	};
	NDIS_STATUS_INDICATION si = {
		.Header = { NDIS_OBJECT_TYPE_STATUS_INDICATION,
			    NDIS_STATUS_INDICATION_REVISION_1, sizeof(si) },
		.StatusCode = NDIS_STATUS_LINK_STATE,
		.StatusBuffer = &ls, .StatusBufferSize = sizeof(ls),
	};

	if (!ad)
		return;
	mp.link_down_in_init = true;
	CHECK_EQ_INT(ndl_adapter_initialize(ad, &info, NULL), 0);
	CHECK(!info.media_connected);
	CHECK_EQ_INT(host.events, 0);
	si.SourceHandle = mp.handle;
	ndlw_NdisMIndicateStatusEx(mp.handle, &si);
	CHECK(ndl_adapter_media_connected(ad));
	CHECK_EQ_INT(host.up_events, 1);
	CHECK_EQ_INT(host.speed_events, 1);
	CHECK_EQ_INT(host.last_speed, 100000000);
	ls.MediaConnectState = MediaConnectStateDisconnected;
	ndlw_NdisMIndicateStatusEx(mp.handle, &si);
	CHECK(!ndl_adapter_media_connected(ad));
	CHECK_EQ_INT(host.down_events, 1);
	/* SourceHandle 0 (netvmini's QoS indications): the adapter's own */
	si.SourceHandle = NULL;
	ls.MediaConnectState = MediaConnectStateConnected;
	ndlw_NdisMIndicateStatusEx(mp.handle, &si);
	CHECK(ndl_adapter_media_connected(ad));
	CHECK_EQ_INT(host.up_events, 2);
	/* another handle: refused, nothing changes */
	log_clear();
	si.SourceHandle = &ls;
	ls.MediaConnectState = MediaConnectStateDisconnected;
	ndlw_NdisMIndicateStatusEx(mp.handle, &si);
	CHECK(log_contains("SourceHandle is not the miniport adapter handle"));
	CHECK(ndl_adapter_media_connected(ad));
	si.SourceHandle = mp.handle;
	ndlw_NdisMIndicateStatusEx(mp.handle, &si);
	CHECK_EQ_INT(host.down_events, 2);
	log_clear();
	si.Header.Type = NDIS_OBJECT_TYPE_DEFAULT;
	ndlw_NdisMIndicateStatusEx(mp.handle, &si);
	CHECK(log_contains("Header.Type is not NDIS_OBJECT_TYPE_STATUS_INDICATION"));
	si.Header.Type = NDIS_OBJECT_TYPE_STATUS_INDICATION;
	si.StatusBufferSize = 8;
	ndlw_NdisMIndicateStatusEx(mp.handle, &si);
	CHECK(log_contains("not an NDIS_LINK_STATE"));
	CHECK_EQ_INT(host.down_events, 2);
	done(ad);
}

/*
 * Halt: NDIS pauses a running adapter first, then MiniportHaltEx with
 * NdisHaltDeviceDisabled, no OID request or send outstanding; nothing is
 * called after it. Surprise removal first reaches
 * MiniportDevicePnPEventNotify and then halts with
 * NdisHaltDeviceSurpriseRemoved.
 */
static void test_halt(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = running(&info);
	u8 f[60] = { 0 };
	struct ndl_frag fr = { f, sizeof(f) };

	if (!ad)
		return;
	mp.hold_sends = true;
	CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, (void *)3), 0);
	ndl_adapter_halt(ad);
	CHECK_EQ_INT(mp.pauses, 1);
	CHECK_EQ_INT(mp.halts, 1);
	CHECK_EQ_INT(mp.halt_action, NdisHaltDeviceDisabled);
	CHECK_EQ_INT(host.completes, 1);
	CHECK(!strcmp(ndl_adapter_state_name(ad), "Halted"));
	CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, NULL), -NDL_EBUSY);
	CHECK_EQ_INT(ndl_adapter_pause(ad), -NDL_EBUSY);
	done(ad);

	ad = running(&info);
	if (!ad)
		return;
	ndl_adapter_surprise_removed(ad);
	CHECK_EQ_INT(mp.pnp_events, 1);
	CHECK_EQ_INT(mp.pnp_event, NdisDevicePnPEventSurpriseRemoved);
	ndl_adapter_shutdown(ad);
	CHECK_EQ_INT(mp.shutdowns, 1);
	CHECK_EQ_INT(mp.shutdown_action, NdisShutdownPowerOff);
	ndl_adapter_halt(ad);
	CHECK_EQ_INT(mp.halt_action, NdisHaltDeviceSurpriseRemoved);
	done(ad);
}

/*
 * MiniportCheckForHangEx runs at PASSIVE_LEVEL every
 * CheckForHangTimeInSeconds (here 1 s); when it says hung NDIS resets the
 * miniport with MiniportResetEx and the host hears of it.
 */
static void test_check_for_hang(void)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = running(&info);

	if (!ad)
		return;
	mp.hang_irql = 0xff;
	ndl_user_run_until(ndl_os_monotonic_ns() + 1500ull * 1000 * 1000);
	CHECK(mp.hang_checks >= 1);
	CHECK_EQ_INT(mp.hang_irql, NDL_PASSIVE_LEVEL);
	CHECK_EQ_INT(mp.resets, 0);
	mp.hung = true;
	CHECK(ndl_adapter_check_for_hang(ad));
	ndl_user_run_pending();
	CHECK_EQ_INT(mp.resets, 1);
	CHECK(host.events >= 3);	/* hung, reset start, reset end */
	CHECK_EQ_INT(ndl_adapter_reset(ad), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(mp.resets, 2);
	done(ad);
}

/*
 * Drivers reach these through ndis.sys's export table: each name bound to
 * its implementation with the documented number of parameters.
 */
static void test_exports(void)
{
	static const struct {
		const char *name;
		void *fn;
		u8 nargs;
	} want[] = {
		{ "NdisMSetMiniportAttributes",
		  (void *)ndlw_NdisMSetMiniportAttributes, 2 },
		{ "NdisMPauseComplete", (void *)ndlw_NdisMPauseComplete, 1 },
		{ "NdisMRestartComplete", (void *)ndlw_NdisMRestartComplete, 2 },
		{ "NdisMOidRequestComplete",
		  (void *)ndlw_NdisMOidRequestComplete, 3 },
		{ "NdisMIndicateStatusEx", (void *)ndlw_NdisMIndicateStatusEx, 2 },
		{ "NdisMSendNetBufferListsComplete",
		  (void *)ndlw_NdisMSendNetBufferListsComplete, 3 },
		{ "NdisMIndicateReceiveNetBufferLists",
		  (void *)ndlw_NdisMIndicateReceiveNetBufferLists, 5 },
	};
	const struct ndl_dll *ndis = ndl_dll_find(ndl_exports_default(),
						  "NDIS.SYS");

	CHECK(ndis);
	if (!ndis)
		return;
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const struct ndl_export *e = ndl_dll_export_by_name(ndis,
								    want[i].name);

		CHECK(e && e->kind == NDL_EXPORT_FUNC);
		if (!e)
			continue;
		CHECK(e->addr == want[i].fn);
		CHECK_EQ_INT(e->nargs, want[i].nargs);
	}
}

/* The registration is reported as an NDIS 6.20 miniport. */
static void test_describe(void)
{
	char desc[512];

	ndl_ndis_describe(drv, desc, sizeof(desc));
	CHECK(strstr(desc, "NDIS 6.20 miniport:"));
}

int main(void)
{
	int rc;

	test_init();
	if (!register_driver()) {
		printf("FAIL: setup (the fixture driver did not load or register)\n");
		return 1;
	}
	RUN(test_initialize_then_restart);
	RUN(test_attributes_order);
	RUN(test_initialize_fails);
	RUN(test_attributes_required);
	RUN(test_restart_fails);
	RUN(test_restart_pending);
	RUN(test_pause_restart);
	RUN(test_pause_drains_sends);
	RUN(test_receive_and_return);
	RUN(test_receive_resources);
	RUN(test_receive_while_paused);
	RUN(test_send_path);
	RUN(test_send_slots_exhausted);
	RUN(test_send_slot_count);
	RUN(test_send_slot_memory);
	RUN(test_send_many_fragments);
	RUN(test_oid_requests);
	RUN(test_oid_pending_from_dispatch);
	RUN(test_link_state);
	RUN(test_halt);
	RUN(test_check_for_hang);
	RUN(test_exports);
	RUN(test_describe);
	if (mp.pool)
		ndlw_NdisFreeNetBufferListPool(mp.pool);
	ndl_free(rx_mdl[0]);
	ndl_free(rx_mdl[1]);
	ndlw_NdisMDeregisterMiniportDriver(drv_handle);
	ndl_driver_unload(drv);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
