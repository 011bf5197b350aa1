// SPDX-License-Identifier: GPL-2.0-only
/*
 * Checksum offload for NDIS 6 miniports. A miniport tells what it can do
 * in the NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES it sets during
 * MiniportInitializeEx: two NDIS_OFFLOAD structures, its hardware
 * capabilities and its current (default) configuration. The checksum
 * part of the capabilities is kept here, per IP version and direction,
 * as the adapter API's NDL_CSUM_* bits, and its large sends (LsoV1 for
 * IPv4, LsoV2 for IPv4 and IPv6: LSOv2 is used where offered) as struct
 * ndl_lso; the driver's structures need not outlive the call. Turning
 * them on or off is an OID_TCP_OFFLOAD_PARAMETERS set
 * (NDIS_OFFLOAD_PARAMETERS of the
 * revision of the miniport's NDIS version), then, as the documentation
 * asks before a miniport may start receive checksums, an
 * OID_OFFLOAD_ENCAPSULATION set (IEEE 802.3, a 14-byte header). The
 * miniport reports its new configuration with
 * NDIS_STATUS_TASK_OFFLOAD_CURRENT_CONFIG, which is logged and which,
 * as it updates the protocols above, decides which large sends the
 * runtime asks for (a transport follows it); the adapter API's front end
 * (ndis/ndis_offload.c) keeps what is on.
 */
#include "ndis6/ndis6_priv.h"

#define NDL6_ETH_HEADER	14

/* The revisions NDIS 6.1 and 6.30 added (x64, ndis6_types.h's layout). */
NDL_STATIC_ASSERT(NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_2 == 144, "NDIS_OFFLOAD rev 2");
NDL_STATIC_ASSERT(NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_3 == 156, "NDIS_OFFLOAD rev 3");
NDL_STATIC_ASSERT(NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_2 == 22,
		  "offload parameters rev 2");
NDL_STATIC_ASSERT(NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_3 == 26,
		  "offload parameters rev 3");

/* ---- NDIS_OFFLOAD -> NDL_CSUM_* ---------------------------------------------- */

/*
 * The 2-bit fields after each direction's Encapsulation, in the order the
 * structure declares them (bit fields fill a ULONG from its low bit up):
 * IPv4's IpOptionsSupported is IPv6's IpExtensionHeadersSupported, and
 * only IPv4 has IpChecksum.
 */
static const struct {
	u8 bit;
	const char *v4, *v6;
} csum_fields[] = {
	{ NDL_CSUM_IP_OPTIONS, "IpOptionsSupported", "IpExtensionHeadersSupported" },
	{ NDL_CSUM_TCP_OPTIONS, "TcpOptionsSupported", "TcpOptionsSupported" },
	{ NDL_CSUM_TCP, "TcpChecksum", "TcpChecksum" },
	{ NDL_CSUM_UDP, "UdpChecksum", "UdpChecksum" },
	{ NDL_CSUM_IP, "IpChecksum", NULL },
};

/*
 * One direction of one IP version ({ Encapsulation; fields }): its
 * NDL_CSUM_* bits. Offloads count only on IEEE 802.3 frames (the host
 * sends nothing else); a field counts only as NDIS_OFFLOAD_SUPPORTED.
 */
static u8 direction(struct ndl_adapter *ad, const char *what, const char *dir,
		    const void *half, bool v6)
{
	u32 encapsulation, fields, v;
	u8 out = 0;

	ndl_memcpy(&encapsulation, half, sizeof(u32));
	ndl_memcpy(&fields, (const u8 *)half + sizeof(u32), sizeof(u32));
	if (!(encapsulation & NDIS_ENCAPSULATION_IEEE_802_3)) {
		if (encapsulation)
			ndl_info("%s: %s: %s checksums only for encapsulation 0x%x, not IEEE 802.3: not used",
				 ad->name, what, dir, encapsulation);
		return 0;
	}
	for (u32 i = 0; i < NDL_ARRAY_SIZE(csum_fields); i++) {
		const char *name = v6 ? csum_fields[i].v6 : csum_fields[i].v4;

		if (!name)
			continue;
		v = fields >> (2 * i) & 3;
		if (v == NDIS_OFFLOAD_SUPPORTED)
			out |= csum_fields[i].bit;
		else if (v != NDIS_OFFLOAD_NOT_SUPPORTED)
			ndl_warn("%s: %s: %s.%s is %u, neither NDIS_OFFLOAD_SUPPORTED nor NOT_SUPPORTED: taken as not supported",
				 ad->name, what, dir, name, v);
	}
	return out;
}

static void map_checksum(struct ndl_adapter *ad, const char *what,
			 const NDIS_TCP_IP_CHECKSUM_OFFLOAD *c,
			 struct ndl_csum_offload *out)
{
	out->v4_tx = direction(ad, what, "IPv4Transmit", &c->IPv4Transmit, false);
	out->v4_rx = direction(ad, what, "IPv4Receive", &c->IPv4Receive, false);
	out->v6_tx = direction(ad, what, "IPv6Transmit", &c->IPv6Transmit, true);
	out->v6_rx = direction(ad, what, "IPv6Receive", &c->IPv6Receive, true);
}

/*
 * An NDIS_OFFLOAD's header as documented: its type, a revision from 1,
 * at least the size of that revision (later revisions than 3 only add
 * members); size is the room it has, if known (0: not known).
 */
static const char *offload_problem(const NDIS_OFFLOAD *o, u32 size)
{
	u32 need;

	if (size && size < sizeof(NDIS_OBJECT_HEADER))
		return "is shorter than its header";
	if (o->Header.Type != NDIS_OBJECT_TYPE_OFFLOAD)
		return "Header.Type is not NDIS_OBJECT_TYPE_OFFLOAD";
	switch (o->Header.Revision) {
	case 0:
		return "Header.Revision is 0";
	case NDIS_OFFLOAD_REVISION_1:
		need = NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_1;
		break;
	case NDIS_OFFLOAD_REVISION_2:
		need = NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_2;
		break;
	default:
		need = NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_3;
		break;
	}
	if (o->Header.Size < need)
		return "Header.Size is less than its revision's size";
	if (size && size < need)
		return "is shorter than its revision's size";
	return NULL;
}

/*
 * One large send: counted only on IEEE 802.3 frames and with a
 * MaxOffLoadSize; flags NDL_LSO_* as its 2-bit fields say supported.
 */
static bool map_lso(ULONG encapsulation, ULONG max_size, ULONG min_segs,
		    u8 flags, struct ndl_lso *out)
{
	if (!(encapsulation & NDIS_ENCAPSULATION_IEEE_802_3) || !max_size)
		return false;
	out->max_size = max_size;
	out->min_segs = min_segs;
	out->flags = flags;
	return true;
}

static void map_large_send(const NDIS_OFFLOAD *o, struct ndl_csum_offload *out,
			   bool *v1)
{
	const NDIS_TCP_LARGE_SEND_OFFLOAD_V1 *l1 = &o->LsoV1;
	const NDIS_TCP_LARGE_SEND_OFFLOAD_V2 *l2 = &o->LsoV2;

	ndl_memset(&out->lso_v4, 0, sizeof(out->lso_v4));
	ndl_memset(&out->lso_v6, 0, sizeof(out->lso_v6));
	*v1 = map_lso(l1->IPv4.Encapsulation, l1->IPv4.MaxOffLoadSize,
		      l1->IPv4.MinSegmentCount,
		      (l1->IPv4.TcpOptions == NDIS_OFFLOAD_SUPPORTED ?
		       NDL_LSO_TCP_OPTIONS : 0) |
		      (l1->IPv4.IpOptions == NDIS_OFFLOAD_SUPPORTED ?
		       NDL_LSO_IP_OPTIONS : 0), &out->lso_v4);
	/* LSOv2 replicates TCP options and IPv4 options by definition */
	map_lso(l2->IPv4.Encapsulation, l2->IPv4.MaxOffLoadSize,
		l2->IPv4.MinSegmentCount,
		NDL_LSO_V2 | NDL_LSO_TCP_OPTIONS | NDL_LSO_IP_OPTIONS,
		&out->lso_v4);
	map_lso(l2->IPv6.Encapsulation, l2->IPv6.MaxOffLoadSize,
		l2->IPv6.MinSegmentCount,
		NDL_LSO_V2 | (l2->IPv6.TcpOptionsSupported ==
			      NDIS_OFFLOAD_SUPPORTED ? NDL_LSO_TCP_OPTIONS : 0),
		&out->lso_v6);
}

/*
 * The checksum and large-send capabilities an NDIS_OFFLOAD says, if it
 * is one; *v1: it has LSOv1 (NULL: not asked).
 */
static bool offload_checksums(struct ndl_adapter *ad, const char *what,
			      const NDIS_OFFLOAD *o, u32 size,
			      struct ndl_csum_offload *out, bool *v1)
{
	const char *why = offload_problem(o, size);
	bool has_v1;

	if (why) {
		ndl_err("%s: %s: NDIS_OFFLOAD (revision %u, size %u) %s",
			ad->name, what, o->Header.Revision, o->Header.Size, why);
		return false;
	}
	map_checksum(ad, what, &o->Checksum, out);
	map_large_send(o, out, &has_v1);
	if (v1)
		*v1 = has_v1;
	return true;
}

static const char *bits(u8 v, char *buf, size_t len)
{
	ndl_snprintf(buf, len, "%s%s%s%s%s",
		     v & NDL_CSUM_IP ? " ip" : "",
		     v & NDL_CSUM_TCP ? " tcp" : "",
		     v & NDL_CSUM_UDP ? " udp" : "",
		     v & NDL_CSUM_IP_OPTIONS ? " ip-options" : "",
		     v & NDL_CSUM_TCP_OPTIONS ? " tcp-options" : "");
	return buf[0] ? buf + 1 : "none";
}

static void log_csum(struct ndl_adapter *ad, const char *what,
		     const struct ndl_csum_offload *c)
{
	char a[48], b[48], x[48], y[48];

	ndl_info("%s: %s: IPv4 transmit %s, receive %s; IPv6 transmit %s, receive %s",
		 ad->name, what, bits(c->v4_tx, a, sizeof(a)),
		 bits(c->v4_rx, b, sizeof(b)), bits(c->v6_tx, x, sizeof(x)),
		 bits(c->v6_rx, y, sizeof(y)));
	if (c->lso_v4.max_size | c->lso_v6.max_size)
		ndl_info("%s: %s: large send IPv4 LSOv%u %u bytes, %u segments at least; IPv6 %u bytes, %u segments at least",
			 ad->name, what,
			 c->lso_v4.flags & NDL_LSO_V2 ? 2 : 1,
			 c->lso_v4.max_size, c->lso_v4.min_segs,
			 c->lso_v6.max_size, c->lso_v6.min_segs);
}

/* ---- the attributes ------------------------------------------------------------ */

NDIS_STATUS ndl6_offload_attributes(struct ndl_adapter *ad,
			const NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES *a)
{
	static const char what[] = "offload attributes";
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	struct ndl_csum_offload hw, def;
	const NDIS_OFFLOAD *caps;
	bool hw_v1 = false, def_v1 = false;

	if (a->Header.Revision < NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES_REVISION_1) {
		ndl_err("%s: NdisMSetMiniportAttributes: offload attributes revision 0",
			ad->name);
		return NDIS_STATUS_BAD_VERSION;
	}
	if (a->Header.Size <
	    NDIS_SIZEOF_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES_REVISION_1) {
		ndl_err("%s: NdisMSetMiniportAttributes: offload attributes Header.Size %u is less than %u",
			ad->name, a->Header.Size,
			(u32)NDIS_SIZEOF_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES_REVISION_1);
		return NDIS_STATUS_INVALID_LENGTH;
	}
	ndl_memset(&hw, 0, sizeof(hw));
	ndl_memset(&def, 0, sizeof(def));
	if (a->HardwareOffloadCapabilities &&
	    !offload_checksums(ad, "HardwareOffloadCapabilities",
			       a->HardwareOffloadCapabilities, 0, &hw,
			       &hw_v1))
		return NDIS_STATUS_INVALID_PARAMETER;
	if (a->DefaultOffloadConfiguration &&
	    !offload_checksums(ad, "DefaultOffloadConfiguration",
			       a->DefaultOffloadConfiguration, 0, &def,
			       &def_v1))
		return NDIS_STATUS_INVALID_PARAMETER;
	/* What the hardware can do; a miniport that left it out, its default. */
	caps = a->HardwareOffloadCapabilities ? a->HardwareOffloadCapabilities :
					       a->DefaultOffloadConfiguration;
	a6->csum_caps = a->HardwareOffloadCapabilities ? hw : def;
	a6->lso_v1 = a->HardwareOffloadCapabilities ? hw_v1 : def_v1;
	a6->offload_attrs = true;
	if (!caps)
		ndl_info("%s: %s without an NDIS_OFFLOAD: no checksum offload",
			 ad->name, what);
	log_csum(ad, "checksum offload capabilities", &a6->csum_caps);
	if (a->DefaultOffloadConfiguration)
		log_csum(ad, "checksum offload on at start", &def);
	return NDIS_STATUS_SUCCESS;
}

void ndl6_csum_caps(struct ndl_adapter *ad, struct ndl_csum_offload *caps)
{
	ndl_memset(caps, 0, sizeof(*caps));
	if (ndl6(ad))
		*caps = ndl6(ad)->csum_caps;
}

/* ---- turning them on and off ----------------------------------------------------- */

/* One of NDIS_OFFLOAD_PARAMETERS' checksum members. */
static UCHAR param(u8 tx, u8 rx, u8 bit)
{
	if (tx & bit)
		return rx & bit ? NDIS_OFFLOAD_PARAMETERS_TX_RX_ENABLED :
		       NDIS_OFFLOAD_PARAMETERS_TX_ENABLED_RX_DISABLED;
	return rx & bit ? NDIS_OFFLOAD_PARAMETERS_RX_ENABLED_TX_DISABLED :
	       NDIS_OFFLOAD_PARAMETERS_TX_RX_DISABLED;
}

/* The revision NDIS gives a miniport of this NDIS version, and its size. */
static u16 params_revision(struct ndl_adapter *ad, u8 *rev)
{
	u32 v = (u32)ad->nd->major << 8 | ad->nd->minor;

	if (v >= (6u << 8 | 30)) {
		*rev = NDIS_OFFLOAD_PARAMETERS_REVISION_3;
		return NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_3;
	}
	if (v >= (6u << 8 | 1)) {
		*rev = NDIS_OFFLOAD_PARAMETERS_REVISION_2;
		return NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_2;
	}
	*rev = NDIS_OFFLOAD_PARAMETERS_REVISION_1;
	return NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_1;
}

static void encapsulation(ULONG *enabled, ULONG *type, ULONG *hdr, bool on,
			  bool all_off)
{
	*enabled = on ? NDIS_OFFLOAD_SET_ON :
		   all_off ? NDIS_OFFLOAD_SET_OFF : NDIS_OFFLOAD_SET_NO_CHANGE;
	*type = on ? NDIS_ENCAPSULATION_IEEE_802_3 : 0;
	*hdr = on ? NDL6_ETH_HEADER : 0;
}

static u32 set_oid(struct ndl_adapter *ad, u32 oid, const char *name,
		   const void *buf, u32 len)
{
	u32 done = 0, needed = 0;
	u32 st = ndl_adapter_set(ad, oid, buf, len, &done, &needed);

	if (st != NDIS_STATUS_SUCCESS)
		ndl_dbg("%s: %s set (%u bytes) failed with 0x%08x (needed %u)",
			ad->name, name, len, st, needed);
	return st;
}

/*
 * A large send's member: on, or off if offered (a miniport that does not
 * have it is not told).
 */
static UCHAR lso_param(bool on, bool offered)
{
	if (on)
		return NDIS_OFFLOAD_PARAMETERS_LSOV1_ENABLED;
	return offered ? NDIS_OFFLOAD_PARAMETERS_LSOV1_DISABLED :
	       NDIS_OFFLOAD_PARAMETERS_NO_CHANGE;
}

/* LSOV1's and LSOV2's values are the same. */
NDL_STATIC_ASSERT(NDIS_OFFLOAD_PARAMETERS_LSOV1_ENABLED ==
		  NDIS_OFFLOAD_PARAMETERS_LSOV2_ENABLED &&
		  NDIS_OFFLOAD_PARAMETERS_LSOV1_DISABLED ==
		  NDIS_OFFLOAD_PARAMETERS_LSOV2_DISABLED, "LSO parameters");

/* OID_TCP_OFFLOAD_PARAMETERS with exactly these offloads on. */
static u32 set_params(struct ndl_adapter *ad, const struct ndl_csum_offload *c)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	const struct ndl_csum_offload *cap = &a6->csum_caps;
	bool v4_v2 = cap->lso_v4.flags & NDL_LSO_V2;
	NDIS_OFFLOAD_PARAMETERS p;

	ndl_memset(&p, 0, sizeof(p));	/* NO_CHANGE for every other member */
	p.Header.Type = NDIS_OBJECT_TYPE_DEFAULT;
	p.Header.Size = params_revision(ad, &p.Header.Revision);
	p.IPv4Checksum = param(c->v4_tx, c->v4_rx, NDL_CSUM_IP);
	p.TCPIPv4Checksum = param(c->v4_tx, c->v4_rx, NDL_CSUM_TCP);
	p.UDPIPv4Checksum = param(c->v4_tx, c->v4_rx, NDL_CSUM_UDP);
	p.TCPIPv6Checksum = param(c->v6_tx, c->v6_rx, NDL_CSUM_TCP);
	p.UDPIPv6Checksum = param(c->v6_tx, c->v6_rx, NDL_CSUM_UDP);
	/* IPv4: LSOv2 where offered, LSOv1 off then (one of them only) */
	p.LsoV1 = lso_param(c->lso_v4.max_size && !v4_v2, a6->lso_v1);
	p.LsoV2IPv4 = lso_param(c->lso_v4.max_size && v4_v2, v4_v2);
	p.LsoV2IPv6 = lso_param(c->lso_v6.max_size, cap->lso_v6.max_size);
	return set_oid(ad, OID_TCP_OFFLOAD_PARAMETERS,
		       "OID_TCP_OFFLOAD_PARAMETERS", &p, p.Header.Size);
}

u32 ndl6_csum_enable(struct ndl_adapter *ad, const struct ndl_csum_offload *on)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	const struct ndl_csum_offload *cap;
	NDIS_OFFLOAD_ENCAPSULATION e;
	struct ndl_csum_offload want;
	bool v4, v6;
	u32 st;

	if (!a6)
		return NDIS_STATUS_NOT_SUPPORTED;
	cap = &a6->csum_caps;
	want.v4_tx = on->v4_tx & cap->v4_tx;
	want.v4_rx = on->v4_rx & cap->v4_rx;
	want.v6_tx = on->v6_tx & cap->v6_tx;
	want.v6_rx = on->v6_rx & cap->v6_rx;
	want.lso_v4 = on->lso_v4.max_size && cap->lso_v4.max_size ?
		      cap->lso_v4 : (struct ndl_lso){ 0 };
	want.lso_v6 = on->lso_v6.max_size && cap->lso_v6.max_size ?
		      cap->lso_v6 : (struct ndl_lso){ 0 };
	v4 = want.v4_tx || want.v4_rx || want.lso_v4.max_size;
	v6 = want.v6_tx || want.v6_rx || want.lso_v6.max_size;
	if (!a6->offload_attrs || !(cap->v4_tx || cap->v4_rx || cap->v6_tx ||
				    cap->v6_rx || cap->lso_v4.max_size ||
				    cap->lso_v6.max_size)) {
		/* A miniport that offers nothing is not asked anything. */
		return v4 || v6 || (on->v4_tx | on->v4_rx | on->v6_tx |
				    on->v6_rx) || on->lso_v4.max_size ||
		       on->lso_v6.max_size ?
		       NDIS_STATUS_NOT_SUPPORTED : NDIS_STATUS_SUCCESS;
	}
	st = set_params(ad, &want);
	if (st != NDIS_STATUS_SUCCESS)
		return st;

	/* Receive checksums start only once the encapsulation is set. */
	ndl_memset(&e, 0, sizeof(e));
	e.Header.Type = NDIS_OBJECT_TYPE_OFFLOAD_ENCAPSULATION;
	e.Header.Revision = NDIS_OFFLOAD_ENCAPSULATION_REVISION_1;
	e.Header.Size = NDIS_SIZEOF_OFFLOAD_ENCAPSULATION_REVISION_1;
	encapsulation(&e.IPv4.Enabled, &e.IPv4.EncapsulationType,
		      &e.IPv4.HeaderSize, v4, !v4 && !v6);
	encapsulation(&e.IPv6.Enabled, &e.IPv6.EncapsulationType,
		      &e.IPv6.HeaderSize, v6, !v4 && !v6);
	st = set_oid(ad, OID_OFFLOAD_ENCAPSULATION, "OID_OFFLOAD_ENCAPSULATION",
		     &e, sizeof(e));
	if (st == NDIS_STATUS_SUCCESS) {
		log_csum(ad, "checksum offload on", &want);
		return st;
	}
	if (!v4 && !v6)
		return NDIS_STATUS_SUCCESS;	/* off either way */
	/* Without the encapsulation none may be used: none is left on. */
	ndl_memset(&want, 0, sizeof(want));
	set_params(ad, &want);
	return st;
}

/* ---- NDIS_STATUS_TASK_OFFLOAD_CURRENT_CONFIG ---------------------------------------- */

void ndl6_offload_current(struct ndl_adapter *ad, const void *buf, u32 len)
{
	struct ndl_csum_offload c;

	if (!buf || len < sizeof(NDIS_OBJECT_HEADER)) {
		ndl_err("%s: NDIS_STATUS_TASK_OFFLOAD_CURRENT_CONFIG with %u bytes, not an NDIS_OFFLOAD: ignored",
			ad->name, len);
		return;
	}
	if (!offload_checksums(ad, "NDIS_STATUS_TASK_OFFLOAD_CURRENT_CONFIG",
			       buf, len, &c, NULL))
		return;
	log_csum(ad, "the miniport reports checksum offload on", &c);
	ndl_lso_reported(ad, &c);
}
