// SPDX-License-Identifier: GPL-2.0-only
/*
 * Checksum offload of NDIS 6 miniports (module/runtime/ndis6/
 * ndis6_offload.c), one documented rule per test: the capabilities come
 * from the NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES the miniport sets in
 * MiniportInitializeEx (the hardware capabilities, else the default
 * configuration; only IEEE 802.3 encapsulation; the 2-bit fields
 * NDIS_OFFLOAD_SUPPORTED / NOT_SUPPORTED), malformed NDIS_OFFLOADs are
 * refused with a message, turning checksums on is an
 * OID_TCP_OFFLOAD_PARAMETERS set (header, each member's value, every
 * other member NO_CHANGE) followed by an OID_OFFLOAD_ENCAPSULATION set,
 * and a miniport that offered nothing is asked nothing. The miniport is
 * C handlers registered on a loaded fixture, written from Microsoft's
 * reference pages; it records the buffers NDIS hands it.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common.h"
#include "ndis6/ndis6_priv.h"

/* ---- the miniport ------------------------------------------------------------ */

static struct mp {
	/* knobs */
	bool no_offload_attrs;
	NDIS_OFFLOAD hw, def;		/* copied to the stack for the call */
	bool hw_null, def_null;
	u16 attrs_size;
	u8 attrs_revision;
	NDIS_STATUS params_status, encap_status;
	bool indicate_current;		/* NDIS_STATUS_TASK_OFFLOAD_CURRENT_CONFIG */
	u32 current_size;
	/* what it saw */
	NDIS_HANDLE handle;
	NDIS_STATUS offload_attr_status;
	int params_sets, encap_sets, other_oids;
	NDIS_OFFLOAD_PARAMETERS params;
	u32 params_len;
	NDIS_OFFLOAD_ENCAPSULATION encap;
	u32 encap_len;
	int order;			/* 1: parameters came before encapsulation */
	/* the last send's TcpLargeSendNetBufferListInfo, and what the
	 * miniport writes there before completing it (write_lso)
	 */
	uintptr_t lso_seen, lso_done;
	bool write_lso;
	u32 sends;
} mp;

static struct host {
	u32 events, current_events;
} host;

static void h_receive(void *ctx, const struct ndl_rx_frame *f) {}
static void h_receive_complete(void *ctx) {}
static void h_send_complete(void *ctx, void *cookie, u32 st) {}
static void h_send_ready(void *ctx) {}
static void h_status(void *ctx, const struct ndl_status_event *ev)
{
	host.events++;
	host.current_events +=
		ev->ndis_status == NDIS_STATUS_TASK_OFFLOAD_CURRENT_CONFIG;
}
static const struct ndl_adapter_ops host_ops = {
	.receive = h_receive, .receive_complete = h_receive_complete,
	.send_complete = h_send_complete, .send_ready = h_send_ready,
	.status = h_status,
};

static const u8 mac[6] = { 0x02, 0x6e, 0x64, 0x6c, 0x36, 0x02 };
static NDIS_OID supported[] = { OID_TCP_OFFLOAD_PARAMETERS,
				OID_OFFLOAD_ENCAPSULATION };

static NDIS_STATUS set_gen(NDIS_HANDLE h)
{
	NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES g = {
		.Header = { NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES,
			    NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_2,
			    NDIS_SIZEOF_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_2 },
		.MediaType = NdisMedium802_3, .MtuSize = 1500,
		.MaxXmitLinkSpeed = 1000000000, .XmitLinkSpeed = 1000000000,
		.MaxRcvLinkSpeed = 1000000000, .RcvLinkSpeed = 1000000000,
		.MediaConnectState = MediaConnectStateConnected,
		.LookaheadSize = 1500, .MacAddressLength = 6,
		.SupportedOidList = supported,
		.SupportedOidListLength = sizeof(supported),
	};

	memcpy(g.PermanentMacAddress, mac, 6);
	memcpy(g.CurrentMacAddress, mac, 6);
	return ndlw_NdisMSetMiniportAttributes(h, (void *)&g);
}

/* The offload attributes from the miniport's stack, scribbled over after. */
static NDIS_STATUS set_offload(NDIS_HANDLE h)
{
	NDIS_OFFLOAD hw = mp.hw, def = mp.def;
	NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES a = {
		.Header = { NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES,
			    mp.attrs_revision ? mp.attrs_revision :
			    NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES_REVISION_1,
			    mp.attrs_size ? mp.attrs_size :
			    NDIS_SIZEOF_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES_REVISION_1 },
		.DefaultOffloadConfiguration = mp.def_null ? NULL : &def,
		.HardwareOffloadCapabilities = mp.hw_null ? NULL : &hw,
	};
	NDIS_STATUS st = ndlw_NdisMSetMiniportAttributes(h, (void *)&a);

	memset(&hw, 0xff, sizeof(hw));
	memset(&def, 0xff, sizeof(def));
	memset(&a, 0xff, sizeof(a));
	return st;
}

static NTAPI NDIS_STATUS mp_init(NDIS_HANDLE h, NDIS_HANDLE dctx,
				 NDIS_MINIPORT_INIT_PARAMETERS *p)
{
	NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES r = {
		.Header = { NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES,
			    NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_1,
			    NDIS_SIZEOF_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_1 },
		.MiniportAdapterContext = &mp,
	};

	mp.handle = h;
	if (ndlw_NdisMSetMiniportAttributes(h, (void *)&r) ||
	    set_gen(h))
		return NDIS_STATUS_FAILURE;
	if (!mp.no_offload_attrs)
		mp.offload_attr_status = set_offload(h);
	return NDIS_STATUS_SUCCESS;
}

static void indicate_current(void)
{
	NDIS_OFFLOAD cur = mp.hw;
	NDIS_STATUS_INDICATION si = {
		.Header = { NDIS_OBJECT_TYPE_STATUS_INDICATION,
			    NDIS_STATUS_INDICATION_REVISION_1, sizeof(si) },
		.SourceHandle = mp.handle,
		.StatusCode = NDIS_STATUS_TASK_OFFLOAD_CURRENT_CONFIG,
		.StatusBuffer = &cur,
		.StatusBufferSize = mp.current_size ? mp.current_size :
				    cur.Header.Size,
	};

	ndlw_NdisMIndicateStatusEx(mp.handle, &si);
}

static NTAPI NDIS_STATUS mp_oid(NDIS_HANDLE ctx, NDIS_OID_REQUEST *r)
{
	void *buf = r->DATA.SET_INFORMATION.InformationBuffer;
	u32 len = r->DATA.SET_INFORMATION.InformationBufferLength;

	if (r->RequestType != NdisRequestSetInformation) {
		mp.other_oids++;
		return NDIS_STATUS_NOT_SUPPORTED;
	}
	switch (r->DATA.SET_INFORMATION.Oid) {
	case OID_TCP_OFFLOAD_PARAMETERS:
		mp.params_sets++;
		mp.params_len = len;
		memset(&mp.params, 0xee, sizeof(mp.params));
		memcpy(&mp.params, buf, len < sizeof(mp.params) ? len :
					sizeof(mp.params));
		if (mp.params_status)
			return mp.params_status;
		r->DATA.SET_INFORMATION.BytesRead = len;
		if (mp.indicate_current)
			indicate_current();
		return NDIS_STATUS_SUCCESS;
	case OID_OFFLOAD_ENCAPSULATION:
		mp.encap_sets++;
		mp.order = mp.params_sets ? 1 : -1;
		mp.encap_len = len;
		memcpy(&mp.encap, buf, len < sizeof(mp.encap) ? len :
					sizeof(mp.encap));
		if (mp.encap_status)
			return mp.encap_status;
		r->DATA.SET_INFORMATION.BytesRead = len;
		return NDIS_STATUS_SUCCESS;
	default:
		mp.other_oids++;
		return NDIS_STATUS_NOT_SUPPORTED;
	}
}

static NTAPI void mp_halt(NDIS_HANDLE ctx, ULONG action) {}
static NTAPI void mp_unload(DRIVER_OBJECT *obj) {}
static NTAPI NDIS_STATUS mp_pause(NDIS_HANDLE ctx,
				  NDIS_MINIPORT_PAUSE_PARAMETERS *p)
{
	return NDIS_STATUS_SUCCESS;
}
static NTAPI NDIS_STATUS mp_restart(NDIS_HANDLE ctx,
				    NDIS_MINIPORT_RESTART_PARAMETERS *p)
{
	return NDIS_STATUS_SUCCESS;
}
static NTAPI void mp_send(NDIS_HANDLE ctx, NET_BUFFER_LIST *l, ULONG port,
			  ULONG flags)
{
	mp.sends++;
	mp.lso_seen = (uintptr_t)l->NetBufferListInfo[TcpLargeSendNetBufferListInfo];
	if (mp.write_lso)
		l->NetBufferListInfo[TcpLargeSendNetBufferListInfo] =
			(void *)mp.lso_done;
	l->Status = NDIS_STATUS_SUCCESS;
	ndlw_NdisMSendNetBufferListsComplete(mp.handle, l,
					     NDIS_SEND_COMPLETE_FLAGS_DISPATCH_LEVEL);
}
static NTAPI void mp_return(NDIS_HANDLE ctx, NET_BUFFER_LIST *l, ULONG f) {}
static NTAPI void mp_cancel_send(NDIS_HANDLE ctx, void *id) {}
static NTAPI void mp_pnp(NDIS_HANDLE ctx, void *ev) {}
static NTAPI void mp_shutdown(NDIS_HANDLE ctx, ULONG action) {}
static NTAPI void mp_cancel_oid(NDIS_HANDLE ctx, void *id) {}

/* ---- setup -------------------------------------------------------------------- */

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
	};
	struct ndl_pe_error err;
	size_t len;
	void *f = read_file(fixture_path("fx_basic"), &len);

	if (!f || ndl_driver_load(f, len, "fx_ndis6off", NULL, &drv, &err))
		drv = NULL;
	free(f);
	if (!drv)
		return false;
	if (ndlw_NdisMRegisterMiniportDriver(&drv->object, &drv->registry_path,
					     NULL, &c, &drv_handle))
		return false;
	drv->entry_status = 0;		/* as if DriverEntry had succeeded */
	return true;
}

/* The checksum part of an NDIS_OFFLOAD of the given revision. */
static NDIS_OFFLOAD offload(u8 rev, u16 size)
{
	NDIS_OFFLOAD o;

	memset(&o, 0, sizeof(o));
	o.Header.Type = NDIS_OBJECT_TYPE_OFFLOAD;
	o.Header.Revision = rev;
	o.Header.Size = size;
	return o;
}

/* An 82574-like set: v4 ip/tcp/udp both ways, v6 tcp/udp both ways. */
static NDIS_OFFLOAD full_caps(void)
{
	NDIS_OFFLOAD o = offload(NDIS_OFFLOAD_REVISION_2,
				 NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_2);
	NDIS_TCP_IP_CHECKSUM_OFFLOAD *c = &o.Checksum;

	c->IPv4Transmit.Encapsulation = NDIS_ENCAPSULATION_IEEE_802_3;
	c->IPv4Transmit.IpOptionsSupported = NDIS_OFFLOAD_SUPPORTED;
	c->IPv4Transmit.TcpOptionsSupported = NDIS_OFFLOAD_SUPPORTED;
	c->IPv4Transmit.TcpChecksum = NDIS_OFFLOAD_SUPPORTED;
	c->IPv4Transmit.UdpChecksum = NDIS_OFFLOAD_SUPPORTED;
	c->IPv4Transmit.IpChecksum = NDIS_OFFLOAD_SUPPORTED;
	memcpy(&c->IPv4Receive, &c->IPv4Transmit, sizeof(c->IPv4Receive));
	c->IPv6Transmit.Encapsulation = NDIS_ENCAPSULATION_IEEE_802_3;
	c->IPv6Transmit.IpExtensionHeadersSupported = NDIS_OFFLOAD_SUPPORTED;
	c->IPv6Transmit.TcpOptionsSupported = NDIS_OFFLOAD_SUPPORTED;
	c->IPv6Transmit.TcpChecksum = NDIS_OFFLOAD_SUPPORTED;
	c->IPv6Transmit.UdpChecksum = NDIS_OFFLOAD_SUPPORTED;
	memcpy(&c->IPv6Receive, &c->IPv6Transmit, sizeof(c->IPv6Receive));
	return o;
}

#define ALL4	(NDL_CSUM_IP_OPTIONS | NDL_CSUM_TCP_OPTIONS | NDL_CSUM_TCP | \
		 NDL_CSUM_UDP | NDL_CSUM_IP)
#define ALL6	(NDL_CSUM_IP_OPTIONS | NDL_CSUM_TCP_OPTIONS | NDL_CSUM_TCP | \
		 NDL_CSUM_UDP)

/* The miniport's knobs reset to the full set; nothing initialized. */
static void reset_mp(void)
{
	memset(&mp, 0, sizeof(mp));
	memset(&host, 0, sizeof(host));
	mp.hw = full_caps();
	mp.def = offload(NDIS_OFFLOAD_REVISION_2,
			 NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_2);
}

/* An adapter initialized with the knobs set; NULL if that failed. */
static struct ndl_adapter *up(void)
{
	struct ndl_adapter_params p = {
		.drv = drv, .ops = &host_ops, .name = "ndis6-offload",
		.tx_slots = 4,
	};
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = NULL;
	u32 st = 0;

	CHECK_EQ_INT(ndl_adapter_create(&p, &ad), 0);
	if (!ad)
		return NULL;
	if (ndl_adapter_initialize(ad, &info, &st)) {
		ndl_adapter_destroy(ad);
		return NULL;
	}
	return ad;
}

static void down(struct ndl_adapter *ad)
{
	ndl_adapter_destroy(ad);
	ndl_user_run_pending();
}

static void caps_of(struct ndl_adapter *ad, struct ndl_csum_offload *c)
{
	memset(c, 0x5a, sizeof(*c));
	ndl6_csum_caps(ad, c);
}

/* ---- capabilities ---------------------------------------------------------------- */

/* The hardware capabilities, mapped per IP version and direction. */
static void test_caps_from_hardware(void)
{
	struct ndl_adapter *ad;
	struct ndl_csum_offload c;

	reset_mp();
	/* the default configuration (all off) is not what is offered */
	ad = up();
	CHECK(ad);
	if (!ad)
		return;
	CHECK_EQ_INT(mp.offload_attr_status, NDIS_STATUS_SUCCESS);
	caps_of(ad, &c);
	/* kept after the miniport's structures were overwritten */
	CHECK_EQ_INT(c.v4_tx, ALL4);
	CHECK_EQ_INT(c.v4_rx, ALL4);
	CHECK_EQ_INT(c.v6_tx, ALL6);
	CHECK_EQ_INT(c.v6_rx, ALL6);
	CHECK(log_contains("checksum offload capabilities"));
	down(ad);

	/* one field at a time: each maps to its own bit */
	reset_mp();
	mp.hw = offload(NDIS_OFFLOAD_REVISION_1,
			NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_1);
	mp.hw.Checksum.IPv4Transmit.Encapsulation = NDIS_ENCAPSULATION_IEEE_802_3;
	mp.hw.Checksum.IPv4Transmit.UdpChecksum = NDIS_OFFLOAD_SUPPORTED;
	mp.hw.Checksum.IPv4Receive.Encapsulation = NDIS_ENCAPSULATION_IEEE_802_3;
	mp.hw.Checksum.IPv4Receive.IpChecksum = NDIS_OFFLOAD_SUPPORTED;
	mp.hw.Checksum.IPv6Transmit.Encapsulation = NDIS_ENCAPSULATION_IEEE_802_3 |
						   NDIS_ENCAPSULATION_IEEE_802_3_P_AND_Q;
	mp.hw.Checksum.IPv6Transmit.IpExtensionHeadersSupported =
		NDIS_OFFLOAD_SUPPORTED;
	mp.hw.Checksum.IPv6Transmit.TcpChecksum = NDIS_OFFLOAD_SUPPORTED;
	mp.hw.Checksum.IPv6Receive.Encapsulation = NDIS_ENCAPSULATION_IEEE_802_3;
	mp.hw.Checksum.IPv6Receive.TcpOptionsSupported = NDIS_OFFLOAD_SUPPORTED;
	ad = up();
	CHECK(ad);
	if (!ad)
		return;
	caps_of(ad, &c);
	CHECK_EQ_INT(c.v4_tx, NDL_CSUM_UDP);
	CHECK_EQ_INT(c.v4_rx, NDL_CSUM_IP);
	CHECK_EQ_INT(c.v6_tx, NDL_CSUM_IP_OPTIONS | NDL_CSUM_TCP);
	CHECK_EQ_INT(c.v6_rx, NDL_CSUM_TCP_OPTIONS);
	down(ad);
}

/* Without hardware capabilities, the default configuration says. */
static void test_caps_from_default(void)
{
	struct ndl_adapter *ad;
	struct ndl_csum_offload c;

	reset_mp();
	mp.hw_null = true;
	mp.def = full_caps();
	mp.def.Checksum.IPv6Transmit.Encapsulation = 0;
	mp.def.Checksum.IPv6Receive.Encapsulation = 0;
	ad = up();
	CHECK(ad);
	if (!ad)
		return;
	caps_of(ad, &c);
	CHECK_EQ_INT(c.v4_tx, ALL4);
	CHECK_EQ_INT(c.v4_rx, ALL4);
	CHECK_EQ_INT(c.v6_tx, 0);	/* no encapsulation: not offered */
	CHECK_EQ_INT(c.v6_rx, 0);
	down(ad);

	/* neither: accepted, nothing offered */
	reset_mp();
	mp.hw_null = mp.def_null = true;
	ad = up();
	CHECK(ad);
	if (!ad)
		return;
	CHECK_EQ_INT(mp.offload_attr_status, NDIS_STATUS_SUCCESS);
	caps_of(ad, &c);
	CHECK_EQ_INT(c.v4_tx | c.v4_rx | c.v6_tx | c.v6_rx, 0);
	down(ad);
}

/* Checksums only over IEEE 802.3 framing: another is not offered. */
static void test_caps_need_802_3(void)
{
	struct ndl_adapter *ad;
	struct ndl_csum_offload c;

	reset_mp();
	mp.hw.Checksum.IPv4Transmit.Encapsulation = NDIS_ENCAPSULATION_NULL;
	mp.hw.Checksum.IPv6Receive.Encapsulation =
		NDIS_ENCAPSULATION_IEEE_LLC_SNAP_ROUTED;
	ad = up();
	CHECK(ad);
	if (!ad)
		return;
	caps_of(ad, &c);
	CHECK_EQ_INT(c.v4_tx, 0);
	CHECK_EQ_INT(c.v4_rx, ALL4);
	CHECK_EQ_INT(c.v6_tx, ALL6);
	CHECK_EQ_INT(c.v6_rx, 0);
	CHECK(log_contains("not IEEE 802.3"));
	down(ad);
}

/* A 2-bit field with another value than the two defined: not supported. */
static void test_caps_undefined_value(void)
{
	struct ndl_adapter *ad;
	struct ndl_csum_offload c;

	reset_mp();
	mp.hw.Checksum.IPv4Transmit.TcpChecksum = 2;
	mp.hw.Checksum.IPv6Receive.UdpChecksum = 3;
	log_clear();
	ad = up();
	CHECK(ad);
	if (!ad)
		return;
	caps_of(ad, &c);
	CHECK_EQ_INT(c.v4_tx, ALL4 & ~NDL_CSUM_TCP);
	CHECK_EQ_INT(c.v6_rx, ALL6 & ~NDL_CSUM_UDP);
	CHECK(log_contains("IPv4Transmit.TcpChecksum is 2"));
	CHECK(log_contains("IPv6Receive.UdpChecksum is 3"));
	down(ad);
}

/* Malformed attributes are refused, with a message, and offer nothing. */
static void test_malformed(void)
{
	static const struct {
		const char *what, *msg;
		NDIS_STATUS st;
	} cases[] = {
		{ "type", "Header.Type is not NDIS_OBJECT_TYPE_OFFLOAD",
		  NDIS_STATUS_INVALID_PARAMETER },
		{ "revision 0", "Header.Revision is 0",
		  NDIS_STATUS_INVALID_PARAMETER },
		{ "size of revision 2", "less than its revision's size",
		  NDIS_STATUS_INVALID_PARAMETER },
		{ "size of revision 4", "less than its revision's size",
		  NDIS_STATUS_INVALID_PARAMETER },
		{ "default's type", "Header.Type is not NDIS_OBJECT_TYPE_OFFLOAD",
		  NDIS_STATUS_INVALID_PARAMETER },
		{ "attributes size", "offload attributes Header.Size",
		  NDIS_STATUS_INVALID_LENGTH },
		{ "attributes revision", "offload attributes revision 0",
		  NDIS_STATUS_BAD_VERSION },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct ndl_adapter *ad;
		struct ndl_csum_offload c;

		reset_mp();
		switch (i) {
		case 0:
			mp.hw.Header.Type = NDIS_OBJECT_TYPE_DEFAULT;
			break;
		case 1:
			mp.hw.Header.Revision = 0;
			break;
		case 2:
			mp.hw.Header.Size = NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_1;
			break;
		case 3:		/* later revisions hold at least revision 3 */
			mp.hw.Header.Revision = 4;
			mp.hw.Header.Size = NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_2;
			break;
		case 4:
			mp.def.Header.Type = 0;
			break;
		case 5:
			mp.attrs_size = NDIS_SIZEOF_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES_REVISION_1 - 8;
			break;
		}
		log_clear();
		if (i == 6) {
			/* revision 0 (0 is "the default" for mp's knob) */
			NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES a = {
				.Header = { NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES,
					    0, sizeof(a) },
			};
			struct ndl_adapter_params p = {
				.drv = drv, .ops = &host_ops, .name = "x",
			};

			ad = NULL;
			CHECK_EQ_INT(ndl_adapter_create(&p, &ad), 0);
			if (!ad)
				continue;
			/* only inside MiniportInitializeEx: checked directly */
			CHECK_EQ_INT(ndl6_offload_attributes(ad, &a),
				     cases[i].st);
			CHECK(log_contains(cases[i].msg));
			caps_of(ad, &c);
			CHECK_EQ_INT(c.v4_tx | c.v4_rx | c.v6_tx | c.v6_rx, 0);
			ndl_adapter_destroy(ad);
			continue;
		}
		ad = up();
		CHECK(ad);
		if (!ad)
			continue;
		if (mp.offload_attr_status != cases[i].st ||
		    !log_contains(cases[i].msg))
			fprintf(stderr, "  case: %s\n", cases[i].what);
		CHECK_EQ_INT(mp.offload_attr_status, cases[i].st);
		CHECK(log_contains(cases[i].msg));
		caps_of(ad, &c);
		CHECK_EQ_INT(c.v4_tx | c.v4_rx | c.v6_tx | c.v6_rx, 0);
		/* and nothing is asked of it */
		CHECK_EQ_INT(ndl6_csum_enable(ad, &(struct ndl_csum_offload){
			.v4_tx = NDL_CSUM_TCP }), NDIS_STATUS_NOT_SUPPORTED);
		CHECK_EQ_INT(mp.params_sets + mp.encap_sets, 0);
		down(ad);
	}
}

/* A later revision with at least revision 3's size is read. */
static void test_later_revision(void)
{
	struct ndl_adapter *ad;
	struct ndl_csum_offload c;

	reset_mp();
	mp.hw.Header.Revision = 6;
	mp.hw.Header.Size = NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_3 + 40;
	ad = up();
	CHECK(ad);
	if (!ad)
		return;
	CHECK_EQ_INT(mp.offload_attr_status, NDIS_STATUS_SUCCESS);
	caps_of(ad, &c);
	CHECK_EQ_INT(c.v4_tx, ALL4);
	down(ad);
}

/* ---- turning checksums on ----------------------------------------------------------- */

static void check_no_change_rest(const NDIS_OFFLOAD_PARAMETERS *p)
{
	CHECK_EQ_INT(p->LsoV1, NDIS_OFFLOAD_PARAMETERS_NO_CHANGE);
	CHECK_EQ_INT(p->IPsecV1, NDIS_OFFLOAD_PARAMETERS_NO_CHANGE);
	CHECK_EQ_INT(p->LsoV2IPv4, NDIS_OFFLOAD_PARAMETERS_NO_CHANGE);
	CHECK_EQ_INT(p->LsoV2IPv6, NDIS_OFFLOAD_PARAMETERS_NO_CHANGE);
	CHECK_EQ_INT(p->TcpConnectionIPv4, NDIS_OFFLOAD_PARAMETERS_NO_CHANGE);
	CHECK_EQ_INT(p->TcpConnectionIPv6, NDIS_OFFLOAD_PARAMETERS_NO_CHANGE);
	CHECK_EQ_INT(p->Flags, 0);
}

/* The OID_TCP_OFFLOAD_PARAMETERS buffer: header and each member. */
static void test_enable_parameters(void)
{
	struct ndl_adapter *ad;
	struct ndl_csum_offload on = {
		.v4_tx = NDL_CSUM_TCP | NDL_CSUM_UDP | NDL_CSUM_IP,
		.v4_rx = NDL_CSUM_TCP | NDL_CSUM_IP,
		.v6_tx = 0,
		.v6_rx = NDL_CSUM_UDP,
	};
	const NDIS_OFFLOAD_PARAMETERS *p = &mp.params;

	reset_mp();
	mp.indicate_current = true;
	ad = up();
	CHECK(ad);
	if (!ad)
		return;
	log_clear();
	CHECK_EQ_INT(ndl6_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(mp.params_sets, 1);
	/* an NDIS 6.20 miniport gets revision 2 (NDIS 6.1's) */
	CHECK_EQ_INT(p->Header.Type, NDIS_OBJECT_TYPE_DEFAULT);
	CHECK_EQ_INT(p->Header.Revision, NDIS_OFFLOAD_PARAMETERS_REVISION_2);
	CHECK_EQ_INT(p->Header.Size, NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_2);
	CHECK_EQ_INT(mp.params_len, NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_2);
	CHECK_EQ_INT(p->IPv4Checksum, NDIS_OFFLOAD_PARAMETERS_TX_RX_ENABLED);
	CHECK_EQ_INT(p->TCPIPv4Checksum, NDIS_OFFLOAD_PARAMETERS_TX_RX_ENABLED);
	CHECK_EQ_INT(p->UDPIPv4Checksum,
		     NDIS_OFFLOAD_PARAMETERS_TX_ENABLED_RX_DISABLED);
	CHECK_EQ_INT(p->TCPIPv6Checksum, NDIS_OFFLOAD_PARAMETERS_TX_RX_DISABLED);
	CHECK_EQ_INT(p->UDPIPv6Checksum,
		     NDIS_OFFLOAD_PARAMETERS_RX_ENABLED_TX_DISABLED);
	check_no_change_rest(p);
	CHECK_EQ_INT(p->IPsecV2, NDIS_OFFLOAD_PARAMETERS_NO_CHANGE);
	CHECK_EQ_INT(p->IPsecV2IPv4, NDIS_OFFLOAD_PARAMETERS_NO_CHANGE);

	/* then the encapsulation: 802.3, 14-byte header, both versions on */
	CHECK_EQ_INT(mp.encap_sets, 1);
	CHECK_EQ_INT(mp.order, 1);
	CHECK_EQ_INT(mp.encap_len, sizeof(NDIS_OFFLOAD_ENCAPSULATION));
	CHECK_EQ_INT(mp.encap.Header.Type, NDIS_OBJECT_TYPE_OFFLOAD_ENCAPSULATION);
	CHECK_EQ_INT(mp.encap.Header.Revision,
		     NDIS_OFFLOAD_ENCAPSULATION_REVISION_1);
	CHECK_EQ_INT(mp.encap.Header.Size,
		     NDIS_SIZEOF_OFFLOAD_ENCAPSULATION_REVISION_1);
	CHECK_EQ_INT(mp.encap.IPv4.Enabled, NDIS_OFFLOAD_SET_ON);
	CHECK_EQ_INT(mp.encap.IPv4.EncapsulationType,
		     NDIS_ENCAPSULATION_IEEE_802_3);
	CHECK_EQ_INT(mp.encap.IPv4.HeaderSize, 14);
	CHECK_EQ_INT(mp.encap.IPv6.Enabled, NDIS_OFFLOAD_SET_ON);
	CHECK_EQ_INT(mp.encap.IPv6.HeaderSize, 14);
	/* the miniport's NDIS_STATUS_TASK_OFFLOAD_CURRENT_CONFIG: logged */
	CHECK(log_contains("the miniport reports checksum offload on"));
	CHECK_EQ_INT(host.current_events, 1);

	/* only v4 now: IPv6 encapsulation left as it is */
	memset(&on, 0, sizeof(on));
	on.v4_tx = NDL_CSUM_TCP;
	CHECK_EQ_INT(ndl6_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(p->TCPIPv4Checksum,
		     NDIS_OFFLOAD_PARAMETERS_TX_ENABLED_RX_DISABLED);
	CHECK_EQ_INT(p->IPv4Checksum, NDIS_OFFLOAD_PARAMETERS_TX_RX_DISABLED);
	CHECK_EQ_INT(mp.encap.IPv4.Enabled, NDIS_OFFLOAD_SET_ON);
	CHECK_EQ_INT(mp.encap.IPv6.Enabled, NDIS_OFFLOAD_SET_NO_CHANGE);
	CHECK_EQ_INT(mp.encap.IPv6.EncapsulationType, 0);
	CHECK_EQ_INT(mp.encap.IPv6.HeaderSize, 0);
	down(ad);
}

/* Nothing asked beyond the capabilities; all off is said as such. */
static void test_enable_masked_and_off(void)
{
	struct ndl_adapter *ad;
	struct ndl_csum_offload on = {
		.v4_tx = ALL4, .v4_rx = ALL4, .v6_tx = ALL6, .v6_rx = ALL6,
	};
	const NDIS_OFFLOAD_PARAMETERS *p = &mp.params;

	reset_mp();
	mp.hw.Checksum.IPv6Transmit.TcpChecksum = NDIS_OFFLOAD_NOT_SUPPORTED;
	mp.hw.Checksum.IPv4Receive.IpChecksum = NDIS_OFFLOAD_NOT_SUPPORTED;
	ad = up();
	CHECK(ad);
	if (!ad)
		return;
	CHECK_EQ_INT(ndl6_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(p->IPv4Checksum,
		     NDIS_OFFLOAD_PARAMETERS_TX_ENABLED_RX_DISABLED);
	CHECK_EQ_INT(p->TCPIPv6Checksum,
		     NDIS_OFFLOAD_PARAMETERS_RX_ENABLED_TX_DISABLED);
	CHECK_EQ_INT(p->UDPIPv6Checksum, NDIS_OFFLOAD_PARAMETERS_TX_RX_ENABLED);

	memset(&on, 0, sizeof(on));
	CHECK_EQ_INT(ndl6_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(mp.params_sets, 2);
	CHECK_EQ_INT(p->IPv4Checksum, NDIS_OFFLOAD_PARAMETERS_TX_RX_DISABLED);
	CHECK_EQ_INT(p->TCPIPv4Checksum, NDIS_OFFLOAD_PARAMETERS_TX_RX_DISABLED);
	CHECK_EQ_INT(p->UDPIPv4Checksum, NDIS_OFFLOAD_PARAMETERS_TX_RX_DISABLED);
	CHECK_EQ_INT(p->TCPIPv6Checksum, NDIS_OFFLOAD_PARAMETERS_TX_RX_DISABLED);
	CHECK_EQ_INT(p->UDPIPv6Checksum, NDIS_OFFLOAD_PARAMETERS_TX_RX_DISABLED);
	check_no_change_rest(p);
	/* deactivating everything: the encapsulation goes off */
	CHECK_EQ_INT(mp.encap.IPv4.Enabled, NDIS_OFFLOAD_SET_OFF);
	CHECK_EQ_INT(mp.encap.IPv6.Enabled, NDIS_OFFLOAD_SET_OFF);
	down(ad);
}

/* The miniport's refusal is the answer; no encapsulation after it. */
static void test_enable_refused(void)
{
	struct ndl_adapter *ad;
	struct ndl_csum_offload on = { .v4_tx = NDL_CSUM_TCP };

	reset_mp();
	mp.params_status = NDIS_STATUS_INVALID_DATA;
	ad = up();
	CHECK(ad);
	if (!ad)
		return;
	CHECK_EQ_INT(ndl6_csum_enable(ad, &on), NDIS_STATUS_INVALID_DATA);
	CHECK_EQ_INT(mp.params_sets, 1);
	CHECK_EQ_INT(mp.encap_sets, 0);

	/*
	 * A failed encapsulation means no offload may be used: the
	 * miniport is told to turn every checksum off again.
	 */
	mp.params_status = 0;
	mp.encap_status = NDIS_STATUS_INVALID_PARAMETER;
	CHECK_EQ_INT(ndl6_csum_enable(ad, &on), NDIS_STATUS_INVALID_PARAMETER);
	CHECK_EQ_INT(mp.params_sets, 3);
	CHECK_EQ_INT(mp.params.TCPIPv4Checksum,
		     NDIS_OFFLOAD_PARAMETERS_TX_RX_DISABLED);
	CHECK_EQ_INT(mp.params.UDPIPv6Checksum,
		     NDIS_OFFLOAD_PARAMETERS_TX_RX_DISABLED);
	/* turning all off stays off even so */
	memset(&on, 0, sizeof(on));
	CHECK_EQ_INT(ndl6_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	down(ad);
}

/* The revision follows the miniport's NDIS version: 6.0 1, 6.30 3. */
static void test_enable_revision(void)
{
	struct ndl_adapter *ad;
	struct ndl_csum_offload on = { .v6_rx = NDL_CSUM_TCP };
	u8 minor;

	reset_mp();
	ad = up();
	CHECK(ad);
	if (!ad)
		return;
	minor = ad->nd->minor;
	ad->nd->minor = 0;
	CHECK_EQ_INT(ndl6_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(mp.params.Header.Revision, NDIS_OFFLOAD_PARAMETERS_REVISION_1);
	CHECK_EQ_INT(mp.params_len, NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_1);
	CHECK_EQ_INT(mp.params.TCPIPv6Checksum,
		     NDIS_OFFLOAD_PARAMETERS_RX_ENABLED_TX_DISABLED);
	ad->nd->minor = 30;
	CHECK_EQ_INT(ndl6_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(mp.params.Header.Revision, NDIS_OFFLOAD_PARAMETERS_REVISION_3);
	CHECK_EQ_INT(mp.params_len, NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_3);
	CHECK_EQ_INT(mp.params.RscIPv4, NDIS_OFFLOAD_PARAMETERS_NO_CHANGE);
	CHECK_EQ_INT(mp.params.EncapsulatedPacketTaskOffload,
		     NDIS_OFFLOAD_PARAMETERS_NO_CHANGE);
	ad->nd->minor = minor;
	down(ad);
}

/* No offload attributes: no capabilities, and no OID ever sent. */
static void test_no_caps_nothing_set(void)
{
	struct ndl_adapter *ad;
	struct ndl_csum_offload c, on = { .v4_tx = NDL_CSUM_TCP };

	reset_mp();
	mp.no_offload_attrs = true;
	ad = up();
	CHECK(ad);
	if (!ad)
		return;
	caps_of(ad, &c);
	CHECK_EQ_INT(c.v4_tx | c.v4_rx | c.v6_tx | c.v6_rx, 0);
	CHECK_EQ_INT(ndl6_csum_enable(ad, &on), NDIS_STATUS_NOT_SUPPORTED);
	memset(&on, 0, sizeof(on));
	CHECK_EQ_INT(ndl6_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(mp.params_sets + mp.encap_sets, 0);
	down(ad);
}

/* A short NDIS_STATUS_TASK_OFFLOAD_CURRENT_CONFIG is reported, not read. */
static void test_current_config_short(void)
{
	struct ndl_adapter *ad;
	struct ndl_csum_offload on = { .v4_tx = NDL_CSUM_TCP };

	reset_mp();
	mp.indicate_current = true;
	mp.current_size = NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_1 - 4;
	ad = up();
	CHECK(ad);
	if (!ad)
		return;
	log_clear();
	CHECK_EQ_INT(ndl6_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK(log_contains("is shorter than its revision's size"));
	CHECK(!log_contains("the miniport reports checksum offload on"));
	down(ad);
}

/* ---- large send ------------------------------------------------------------------- */

/* LSOv1 (IPv4) and LSOv2 (IPv4, IPv6) as NDIS_OFFLOAD documents them. */
static void offer_lso(NDIS_OFFLOAD *o, bool v1, bool v2)
{
	if (v1) {
		o->LsoV1.IPv4.Encapsulation = NDIS_ENCAPSULATION_IEEE_802_3;
		o->LsoV1.IPv4.MaxOffLoadSize = 62000;
		o->LsoV1.IPv4.MinSegmentCount = 2;
		o->LsoV1.IPv4.TcpOptions = NDIS_OFFLOAD_SUPPORTED;
		o->LsoV1.IPv4.IpOptions = NDIS_OFFLOAD_NOT_SUPPORTED;
	}
	if (v2) {
		o->LsoV2.IPv4.Encapsulation = NDIS_ENCAPSULATION_IEEE_802_3;
		o->LsoV2.IPv4.MaxOffLoadSize = 64000;
		o->LsoV2.IPv4.MinSegmentCount = 3;
		o->LsoV2.IPv6.Encapsulation = NDIS_ENCAPSULATION_IEEE_802_3;
		o->LsoV2.IPv6.MaxOffLoadSize = 32000;
		o->LsoV2.IPv6.MinSegmentCount = 4;
		o->LsoV2.IPv6.TcpOptionsSupported = NDIS_OFFLOAD_SUPPORTED;
	}
}

/* What the capabilities say of each large send; 802.3 and a size only. */
static void test_lso_caps(void)
{
	struct ndl_adapter *ad;
	struct ndl_csum_offload c;

	reset_mp();
	offer_lso(&mp.hw, true, false);
	ad = up();
	CHECK(ad);
	if (!ad)
		return;
	caps_of(ad, &c);
	CHECK_EQ_INT(c.lso_v4.max_size, 62000);
	CHECK_EQ_INT(c.lso_v4.min_segs, 2);
	CHECK_EQ_INT(c.lso_v4.flags, NDL_LSO_TCP_OPTIONS);
	CHECK_EQ_INT(c.lso_v6.max_size, 0);
	down(ad);

	/* LSOv2 where offered (it replicates every option) */
	reset_mp();
	offer_lso(&mp.hw, true, true);
	ad = up();
	if (!ad)
		return;
	caps_of(ad, &c);
	CHECK_EQ_INT(c.lso_v4.max_size, 64000);
	CHECK_EQ_INT(c.lso_v4.min_segs, 3);
	CHECK_EQ_INT(c.lso_v4.flags, NDL_LSO_V2 | NDL_LSO_TCP_OPTIONS |
		     NDL_LSO_IP_OPTIONS);
	CHECK_EQ_INT(c.lso_v6.max_size, 32000);
	CHECK_EQ_INT(c.lso_v6.min_segs, 4);
	CHECK_EQ_INT(c.lso_v6.flags, NDL_LSO_V2 | NDL_LSO_TCP_OPTIONS);
	down(ad);

	/* not IEEE 802.3, or MaxOffLoadSize 0: not offered */
	reset_mp();
	offer_lso(&mp.hw, true, true);
	mp.hw.LsoV1.IPv4.Encapsulation = NDIS_ENCAPSULATION_NULL;
	mp.hw.LsoV2.IPv4.Encapsulation = NDIS_ENCAPSULATION_NULL;
	mp.hw.LsoV2.IPv6.MaxOffLoadSize = 0;
	ad = up();
	if (!ad)
		return;
	caps_of(ad, &c);
	CHECK_EQ_INT(c.lso_v4.max_size, 0);
	CHECK_EQ_INT(c.lso_v6.max_size, 0);
	down(ad);
}

/* OID_TCP_OFFLOAD_PARAMETERS' LsoV1, LsoV2IPv4 and LsoV2IPv6. */
static void test_lso_parameters(void)
{
	struct ndl_adapter *ad;
	struct ndl_csum_offload on = {
		.lso_v4.max_size = 1, .lso_v6.max_size = 1,
	};
	const NDIS_OFFLOAD_PARAMETERS *p = &mp.params;

	reset_mp();
	offer_lso(&mp.hw, true, true);
	ad = up();
	if (!ad)
		return;
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	/* IPv4 through LSOv2, LSOv1 off: one of them at a time */
	CHECK_EQ_INT(p->LsoV1, NDIS_OFFLOAD_PARAMETERS_LSOV1_DISABLED);
	CHECK_EQ_INT(p->LsoV2IPv4, NDIS_OFFLOAD_PARAMETERS_LSOV2_ENABLED);
	CHECK_EQ_INT(p->LsoV2IPv6, NDIS_OFFLOAD_PARAMETERS_LSOV2_ENABLED);
	CHECK_EQ_INT(p->TCPIPv4Checksum, NDIS_OFFLOAD_PARAMETERS_TX_RX_DISABLED);
	CHECK_EQ_INT(mp.encap.IPv4.Enabled, NDIS_OFFLOAD_SET_ON);
	CHECK_EQ_INT(mp.encap.IPv6.Enabled, NDIS_OFFLOAD_SET_ON);
	memset(&on, 0, sizeof(on));
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(p->LsoV1, NDIS_OFFLOAD_PARAMETERS_LSOV1_DISABLED);
	CHECK_EQ_INT(p->LsoV2IPv4, NDIS_OFFLOAD_PARAMETERS_LSOV2_DISABLED);
	CHECK_EQ_INT(p->LsoV2IPv6, NDIS_OFFLOAD_PARAMETERS_LSOV2_DISABLED);
	down(ad);

	/* LSOv1 only: LSOv2 never mentioned */
	reset_mp();
	offer_lso(&mp.hw, true, false);
	ad = up();
	if (!ad)
		return;
	on.lso_v4.max_size = 1;
	on.lso_v6.max_size = 1;
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(p->LsoV1, NDIS_OFFLOAD_PARAMETERS_LSOV1_ENABLED);
	CHECK_EQ_INT(p->LsoV2IPv4, NDIS_OFFLOAD_PARAMETERS_NO_CHANGE);
	CHECK_EQ_INT(p->LsoV2IPv6, NDIS_OFFLOAD_PARAMETERS_NO_CHANGE);
	CHECK_EQ_INT(mp.encap.IPv6.Enabled, NDIS_OFFLOAD_SET_NO_CHANGE);
	down(ad);
}

/* Ethernet, IPv4 10.0.0.1 -> 10.0.0.2 or IPv6 fe80::1 -> fe80::2, TCP
 * with doff words, payload bytes: Linux's TSO lengths in the headers.
 */
static u32 tso_frame(u8 *f, bool v6, u32 doff, u32 payload)
{
	u32 l4 = v6 ? 54 : 34, len = l4 + doff * 4 + payload;

	memset(f, 0, 128);
	if (v6) {
		f[12] = 0x86;
		f[13] = 0xdd;
		f[14] = 0x60;
		f[14 + 4] = (len - 54) >> 8;
		f[14 + 5] = (len - 54) & 0xff;
		f[14 + 6] = 6;
		f[14 + 8] = 0xfe;
		f[14 + 9] = 0x80;
		f[14 + 23] = 1;
		f[14 + 24] = 0xfe;
		f[14 + 25] = 0x80;
		f[14 + 39] = 2;
	} else {
		f[12] = 0x08;
		f[14] = 0x45;
		f[14 + 2] = (len - 14) >> 8;
		f[14 + 3] = (len - 14) & 0xff;
		f[14 + 9] = 6;
		f[14 + 12] = 10;
		f[14 + 15] = 1;
		f[14 + 16] = 10;
		f[14 + 19] = 2;
	}
	f[l4 + 12] = doff << 4;
	f[l4 + 13] = 0x10;
	f[l4 + 16] = 0x12;
	f[l4 + 17] = 0x34;
	return len;
}

/*
 * A large send's NET_BUFFER_LIST information (MSS, TcpHeaderOffset, Type,
 * IPVersion), its headers (LSOv2: length 0; the seed without length),
 * the completion read back (LSOv1's TcpPayload), refusal when off.
 */
static void test_lso_send(void)
{
	struct ndl_adapter *ad;
	struct ndl_csum_offload on = {
		.lso_v4.max_size = 1, .lso_v6.max_size = 1,
	};
	struct ndl_adapter_stats st;
	static u8 f[0x10000];
	struct ndl_frag fr = { f, 0 };
	u32 req, len;

	reset_mp();
	offer_lso(&mp.hw, true, true);
	ad = up();
	if (!ad)
		return;
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	/* IPv4 by LSOv2 */
	len = tso_frame(f, false, 8, 10000);
	req = ndl_adapter_lso_request(ad, f, 128, len, 1448);
	CHECK_EQ_INT(req, NDL_TX_LSO | NDL_TX_LSO_V2 | NDL_TX_CSUM_IPV4 |
		     1448 << NDL_TX_LSO_MSS_SHIFT);
	ndl_lso_headers(f, len, req);
	CHECK_EQ_INT(f[16] << 8 | f[17], 0);
	CHECK_EQ_INT(f[34 + 16] << 8 | f[34 + 17], 0x1409);
	fr.len = len;
	mp.write_lso = true;
	mp.lso_done = 1u << 30;		/* LsoV2TransmitComplete.Type */
	CHECK_EQ_INT(ndl_adapter_send_ex(ad, &fr, 1, f, req, 0), 0);
	/* MSS:20 | TcpHeaderOffset:10 | Type:1 (LSOv2) | IPVersion:1 (v4) */
	CHECK_EQ_INT(mp.lso_seen, 1448 | 34 << 20 | 1u << 30);
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.tx_lso, 1);
	CHECK_EQ_INT(st.tx_lso_bytes, 10000);
	/* IPv6 by LSOv2: IPVersion 1, the TCP header at 54 */
	len = tso_frame(f, true, 5, 5000);
	req = ndl_adapter_lso_request(ad, f, 128, len, 1000);
	CHECK_EQ_INT(req, NDL_TX_LSO | NDL_TX_LSO_V2 | NDL_TX_CSUM_IPV6 |
		     1000 << NDL_TX_LSO_MSS_SHIFT);
	ndl_lso_headers(f, len, req);
	CHECK_EQ_INT(f[18] << 8 | f[19], 0);
	/* 0xfe80 + 1 + 0xfe80 + 2 + 6, folded */
	CHECK_EQ_INT(f[54 + 16] << 8 | f[54 + 17], 0xfd0a);
	fr.len = len;
	CHECK_EQ_INT(ndl_adapter_send_ex(ad, &fr, 1, f, req, 0), 0);
	CHECK_EQ_INT(mp.lso_seen, 1000 | 54 << 20 | 1u << 30 | 1u << 31);
	/* an ordinary send carries none */
	fr.len = 64;
	CHECK_EQ_INT(ndl_adapter_send_ex(ad, &fr, 1, f, 0, 0), 0);
	CHECK_EQ_INT(mp.lso_seen, 0);
	/* IPv6 off: neither asked nor accepted */
	on.lso_v6.max_size = 0;
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	len = tso_frame(f, true, 5, 5000);
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, 128, len, 1000), 0);
	fr.len = len;
	mp.sends = 0;
	CHECK_EQ_INT(ndl_adapter_send_ex(ad, &fr, 1, f, req, 0), -NDL_EINVAL);
	CHECK_EQ_INT(mp.sends, 0);
	down(ad);

	/* LSOv1: the Total Length kept, TcpPayload read back */
	reset_mp();
	offer_lso(&mp.hw, true, false);
	ad = up();
	if (!ad)
		return;
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	len = tso_frame(f, false, 5, 9000);
	req = ndl_adapter_lso_request(ad, f, 128, len, 1460);
	CHECK_EQ_INT(req, NDL_TX_LSO | NDL_TX_CSUM_IPV4 |
		     1460 << NDL_TX_LSO_MSS_SHIFT);
	ndl_lso_headers(f, len, req);
	CHECK_EQ_INT(f[16] << 8 | f[17], len - 14);
	CHECK_EQ_INT(f[34 + 16] << 8 | f[34 + 17], 0x1409);
	fr.len = len;
	mp.write_lso = true;
	mp.lso_done = 8999;		/* LsoV1TransmitComplete.TcpPayload */
	CHECK_EQ_INT(ndl_adapter_send_ex(ad, &fr, 1, f, req, 0), 0);
	CHECK_EQ_INT(mp.lso_seen, 1460 | 34 << 20);
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.tx_lso, 1);
	CHECK_EQ_INT(st.tx_lso_bytes, 8999);
	/* an LSOv2 request to an LSOv1 adapter: refused */
	CHECK_EQ_INT(ndl_adapter_send_ex(ad, &fr, 1, f, req | NDL_TX_LSO_V2, 0),
		     -NDL_EINVAL);
	down(ad);
}

int main(void)
{
	int rc;

	test_init();
	if (!register_driver()) {
		printf("FAIL: setup (the fixture driver did not load or register)\n");
		return 1;
	}
	RUN(test_caps_from_hardware);
	RUN(test_caps_from_default);
	RUN(test_caps_need_802_3);
	RUN(test_caps_undefined_value);
	RUN(test_malformed);
	RUN(test_later_revision);
	RUN(test_enable_parameters);
	RUN(test_enable_masked_and_off);
	RUN(test_enable_refused);
	RUN(test_enable_revision);
	RUN(test_no_caps_nothing_set);
	RUN(test_current_config_short);
	RUN(test_lso_caps);
	RUN(test_lso_parameters);
	RUN(test_lso_send);
	ndlw_NdisMDeregisterMiniportDriver(drv_handle);
	ndl_driver_unload(drv);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
