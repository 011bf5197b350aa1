// SPDX-License-Identifier: GPL-2.0-only
/*
 * Checksum and large-send offload: what a miniport offers and turning it
 * on, as the TCP/IP transport does on Windows. NDIS 5 negotiates with
 * OID_TCP_TASK_OFFLOAD (query: our NDIS_TASK_OFFLOAD_HEADER in, the same
 * header and a list of NDIS_TASK_OFFLOAD out; set: the header and the
 * tasks to enable, none to disable all); NDIS 6 lives in
 * ndis6/ndis6_offload.c. The enabled set is kept here so sends never ask
 * a miniport for a checksum or a segmentation it was not told to do.
 */
#include "ndis/ndis_priv.h"
#include "ndis/ndis_status.h"

/* ntddndis.h / ndis.h, NDIS 5 task offload */
#define NDIS_TASK_OFFLOAD_VERSION	1
#define IEEE_802_3_ENCAPSULATION	2	/* NDIS_ENCAPSULATION */
#define TCPIP_CHECKSUM_NDIS_TASK	0	/* NDIS_TASK */
#define TCP_LARGE_SEND_NDIS_TASK	2

struct ndis_encapsulation_format {
	u32 encapsulation;
	u32 flags;			/* FixedHeaderSize:1 */
	u32 header_size;
};

struct ndis_task_offload_header {
	u32 version;
	u32 size;
	u32 reserved;
	u32 offset_first_task;		/* from the buffer's start; 0: none */
	struct ndis_encapsulation_format format;
};

struct ndis_task_offload {
	u32 version;
	u32 size;			/* sizeof(NDIS_TASK_OFFLOAD) */
	u32 task;
	u32 offset_next_task;		/* from this task's start; 0: last */
	u32 task_buffer_length;
	u8 task_buffer[4];		/* UCHAR [1], padded */
};
#define TASK_BUFFER_OFFSET	20

/* NDIS_TASK_TCP_IP_CHECKSUM: four ULONGs of bit fields (V4Transmit,
 * V4Receive, V6Transmit, V6Receive), each IpOptionsSupported,
 * TcpOptionsSupported, TcpChecksum, UdpChecksum (IpChecksum for v4):
 * the NDL_CSUM_* bits.
 */
struct ndis_task_tcp_ip_checksum {
	u32 v4_tx, v4_rx, v6_tx, v6_rx;
};

/* NDIS_TASK_TCP_LARGE_SEND, whose Version is 0 */
struct ndis_task_tcp_large_send {
	u32 version;
	u32 max_offload_size;		/* TCP payload bytes */
	u32 min_segment_count;
	u8 tcp_options, ip_options;	/* BOOLEANs */
	u8 pad[2];
};
#define LARGE_SEND_LEN	14		/* without the tail padding */

NDL_STATIC_ASSERT(sizeof(struct ndis_task_tcp_large_send) == 16,
		  "NDIS_TASK_TCP_LARGE_SEND");
NDL_STATIC_ASSERT(sizeof(struct ndis_task_offload_header) == 28,
		  "NDIS_TASK_OFFLOAD_HEADER");
NDL_STATIC_ASSERT(sizeof(struct ndis_task_offload) == 24, "NDIS_TASK_OFFLOAD");
NDL_STATIC_ASSERT(sizeof(struct ndis_task_tcp_ip_checksum) == 16,
		  "NDIS_TASK_TCP_IP_CHECKSUM");

#define V4_BITS	0x1f
#define V6_BITS	0x0f	/* no IPv6 header checksum */

/* The largest answer read: a miniport lists a handful of tasks. */
#define TASK_QUERY_MAX	1024

static void header_init(struct ndis_task_offload_header *h, u32 first)
{
	ndl_memset(h, 0, sizeof(*h));
	h->version = NDIS_TASK_OFFLOAD_VERSION;
	h->size = sizeof(*h);
	h->offset_first_task = first;
	h->format.encapsulation = IEEE_802_3_ENCAPSULATION;
	h->format.flags = 1;		/* FixedHeaderSize */
	h->format.header_size = 14;
}

/*
 * Find a task in a query's answer (len bytes): its first out_len bytes
 * (zero-padded from need on) in out, its version in *version. The offsets
 * come from the driver: each is checked.
 */
static bool find_task(const u8 *buf, u32 len, u32 task, void *out,
		      u32 out_len, u32 need, u32 *version)
{
	const struct ndis_task_offload_header *h = (const void *)buf;
	u32 off = h->offset_first_task, n;

	for (n = 0; off && n < 16; n++) {
		struct ndis_task_offload t;

		if (off < sizeof(*h) || off > len ||
		    len - off < TASK_BUFFER_OFFSET)
			return false;
		ndl_memcpy(&t, buf + off, TASK_BUFFER_OFFSET);
		if (t.task_buffer_length > len - off - TASK_BUFFER_OFFSET)
			return false;
		if (t.task == task && t.task_buffer_length >= need) {
			ndl_memset(out, 0, out_len);
			ndl_memcpy(out, buf + off + TASK_BUFFER_OFFSET,
				   t.task_buffer_length < out_len ?
				   t.task_buffer_length : out_len);
			*version = t.version;
			return true;
		}
		if (!t.offset_next_task)
			break;
		if (t.offset_next_task > len - off)
			return false;
		off += t.offset_next_task;
	}
	return false;
}

/*
 * NDIS 5: ask OID_TCP_TASK_OFFLOAD; false if the miniport offers no
 * checksum task (*c zero then); a large-send task whose Version is 0 in
 * *lso (zero if none). version[0] and [1]: the NDIS_TASK_OFFLOAD versions
 * of the two tasks, which a set repeats.
 */
static bool ndis5_csum_query(struct ndl_adapter *ad,
			     struct ndis_task_tcp_ip_checksum *c, u32 *version,
			     struct ndis_task_tcp_large_send *lso)
{
	u32 len = 256, done = 0, needed = 0, st;
	u8 *buf;
	bool ok = false;

	ndl_memset(c, 0, sizeof(*c));
	ndl_memset(lso, 0, sizeof(*lso));
	for (;;) {
		buf = ndl_alloc(len, NDL_OS_ZERO);
		if (!buf)
			return false;
		header_init((void *)buf, 0);
		st = ndl_adapter_query(ad, OID_TCP_TASK_OFFLOAD, buf, len,
				       &done, &needed);
		if ((st != NDIS_STATUS_BUFFER_TOO_SHORT &&
		     st != NDIS_STATUS_INVALID_LENGTH) ||
		    needed <= len || needed > TASK_QUERY_MAX)
			break;
		ndl_free(buf);
		len = needed;
	}
	if (st == NDIS_STATUS_SUCCESS && done >= sizeof(struct
	    ndis_task_offload_header) && done <= len) {
		ok = find_task(buf, done, TCPIP_CHECKSUM_NDIS_TASK, c,
			       sizeof(*c), sizeof(*c), &version[0]);
		if (find_task(buf, done, TCP_LARGE_SEND_NDIS_TASK, lso,
			      sizeof(*lso), LARGE_SEND_LEN, &version[1]) &&
		    lso->version) {
			ndl_warn("%s: OID_TCP_TASK_OFFLOAD: NDIS_TASK_TCP_LARGE_SEND version %u, not 0: not used",
				 ad->name, lso->version);
			ndl_memset(lso, 0, sizeof(*lso));
		}
	}
	if (st == NDIS_STATUS_SUCCESS && !ok)
		ndl_info("%s: OID_TCP_TASK_OFFLOAD lists no checksum task",
			 ad->name);
	ndl_free(buf);
	return ok;
}

static void caps_from_task(const struct ndis_task_tcp_ip_checksum *c,
			   const struct ndis_task_tcp_large_send *lso,
			   struct ndl_csum_offload *caps)
{
	caps->v4_tx = c->v4_tx & V4_BITS;
	caps->v4_rx = c->v4_rx & V4_BITS;
	caps->v6_tx = c->v6_tx & V6_BITS;
	caps->v6_rx = c->v6_rx & V6_BITS;
	/* NDIS 5's large send is IPv4's, as LSOv1 */
	caps->lso_v4.max_size = lso->max_offload_size;
	caps->lso_v4.min_segs = lso->min_segment_count;
	caps->lso_v4.flags = (lso->tcp_options ? NDL_LSO_TCP_OPTIONS : 0) |
			     (lso->ip_options ? NDL_LSO_IP_OPTIONS : 0);
	if (!lso->max_offload_size)
		caps->lso_v4.flags = 0;
}

/* What the miniport offers; NDIS 5: also its tasks' versions (above). */
static void csum_caps(struct ndl_adapter *ad, struct ndl_csum_offload *caps,
		      u32 version[2])
{
	struct ndis_task_tcp_ip_checksum c;
	struct ndis_task_tcp_large_send lso;

	ndl_memset(caps, 0, sizeof(*caps));
	version[0] = 0;
	version[1] = 0;
	if (ad->ndis6) {
		ndl6_csum_caps(ad, caps);
		return;
	}
	ndis5_csum_query(ad, &c, version, &lso);
	caps_from_task(&c, &lso, caps);
}

void ndl_adapter_csum_caps(struct ndl_adapter *ad, struct ndl_csum_offload *caps)
{
	u32 version[2];

	csum_caps(ad, caps, version);
}

/*
 * Append one task to a set's buffer at *off, chained to the one before
 * (*prev: its offset, 0 for none).
 */
static void put_task(u8 *req, u32 *off, u32 *prev, u32 task, u32 version,
		     const void *buf, u32 len)
{
	struct ndis_task_offload t = {
		.version = version,
		.size = sizeof(t),
		.task = task,
		.task_buffer_length = len,
	};

	if (*prev)
		ndl_memcpy(req + *prev + 12, &(u32){ *off - *prev }, 4);
	/* the task's buffer follows its fixed part directly */
	ndl_memcpy(req + *off, &t, TASK_BUFFER_OFFSET);
	ndl_memcpy(req + *off + TASK_BUFFER_OFFSET, buf, len);
	*prev = *off;
	*off += TASK_BUFFER_OFFSET + len;
}

/*
 * NDIS 5: set the header and the tasks to enable: the checksum task
 * unless no checksum is on, the large-send task if it is on; none: all
 * off.
 */
static u32 ndis5_csum_set(struct ndl_adapter *ad,
			  const struct ndl_csum_offload *on, const u32 *version)
{
	struct ndis_task_offload_header h;
	struct ndis_task_tcp_ip_checksum c = {
		on->v4_tx, on->v4_rx, on->v6_tx, on->v6_rx,
	};
	struct ndis_task_tcp_large_send lso = {
		.version = 0,
		.max_offload_size = on->lso_v4.max_size,
		.min_segment_count = on->lso_v4.min_segs,
		.tcp_options = !!(on->lso_v4.flags & NDL_LSO_TCP_OPTIONS),
		.ip_options = !!(on->lso_v4.flags & NDL_LSO_IP_OPTIONS),
	};
	u8 req[sizeof(h) + 2 * TASK_BUFFER_OFFSET + sizeof(c) + sizeof(lso)];
	u32 off = sizeof(h), prev = 0, done, needed;

	if (c.v4_tx | c.v4_rx | c.v6_tx | c.v6_rx)
		put_task(req, &off, &prev, TCPIP_CHECKSUM_NDIS_TASK, version[0],
			 &c, sizeof(c));
	if (lso.max_offload_size)
		put_task(req, &off, &prev, TCP_LARGE_SEND_NDIS_TASK, version[1],
			 &lso, sizeof(lso));
	header_init(&h, prev ? sizeof(h) : 0);
	ndl_memcpy(req, &h, sizeof(h));
	return ndl_adapter_set(ad, OID_TCP_TASK_OFFLOAD, req, off, &done,
			       &needed);
}

static u32 csum_pack(const struct ndl_csum_offload *c)
{
	return c->v4_tx | (u32)c->v4_rx << 8 | (u32)c->v6_tx << 16 |
	       (u32)c->v6_rx << 24;
}

/* The large send of one IP version to turn on: as offered, if asked. */
static struct ndl_lso lso_want(const struct ndl_lso *on,
			       const struct ndl_lso *cap)
{
	struct ndl_lso none = { 0, 0, 0 };

	return on->max_size && cap->max_size ? *cap : none;
}

static bool any_offload(const struct ndl_csum_offload *c)
{
	return csum_pack(c) || c->lso_v4.max_size || c->lso_v6.max_size;
}

static void csum_unpack(u32 v, struct ndl_csum_offload *c)
{
	c->v4_tx = v & 0xff;
	c->v4_rx = v >> 8 & 0xff;
	c->v6_tx = v >> 16 & 0xff;
	c->v6_rx = v >> 24;
}

u32 ndl_adapter_csum_enable(struct ndl_adapter *ad,
			    const struct ndl_csum_offload *on)
{
	struct ndl_csum_offload caps, want;
	u32 version[2], st;

	csum_caps(ad, &caps, version);
	want.v4_tx = on->v4_tx & caps.v4_tx;
	want.v4_rx = on->v4_rx & caps.v4_rx;
	want.v6_tx = on->v6_tx & caps.v6_tx;
	want.v6_rx = on->v6_rx & caps.v6_rx;
	want.lso_v4 = lso_want(&on->lso_v4, &caps.lso_v4);
	want.lso_v6 = lso_want(&on->lso_v6, &caps.lso_v6);
	/* Stop asking before the miniport stops computing. */
	ndl_atomic_store(&ad->csum_on, 0);
	ndl_atomic_store(&ad->lso_set, 0);
	ndl_atomic_store(&ad->lso_on, 0);
	if (!any_offload(&caps))
		return any_offload(on) ? NDIS_STATUS_NOT_SUPPORTED :
		       NDIS_STATUS_SUCCESS;
	st = ad->ndis6 ? ndl6_csum_enable(ad, &want) :
	     ndis5_csum_set(ad, &want, version);
	if (st == NDIS_STATUS_SUCCESS) {
		u32 lso = (want.lso_v4.max_size ? NDL_LSO_ON_V4 : 0) |
			  (want.lso_v6.max_size ? NDL_LSO_ON_V6 : 0);

		ad->lso[0] = want.lso_v4;
		ad->lso[1] = want.lso_v6;
		ndl_atomic_store(&ad->lso_set, lso);
		ndl_atomic_store(&ad->lso_on, lso);
		ndl_atomic_store(&ad->csum_on, csum_pack(&want));
	} else
		ndl_warn("%s: turning checksum offload on failed: NDIS_STATUS 0x%08x",
			 ad->name, st);
	return st;
}

void ndl_lso_reported(struct ndl_adapter *ad, const struct ndl_csum_offload *now)
{
	u32 set = ndl_atomic_load(&ad->lso_set), on = 0, was;

	for (u32 v = 0; v < 2; v++) {
		const struct ndl_lso *l = v ? &now->lso_v6 : &now->lso_v4;
		u32 bit = v ? NDL_LSO_ON_V6 : NDL_LSO_ON_V4;

		/* LSOv1 reported where LSOv2 was set is not what we send */
		if ((set & bit) && l->max_size &&
		    !((l->flags ^ ad->lso[v].flags) & NDL_LSO_V2))
			on |= bit;
	}
	was = ndl_atomic_xchg(&ad->lso_on, on);
	if (was != on)
		ndl_info("%s: the miniport reports large send IPv4 %s, IPv6 %s: asked for as reported",
			 ad->name, on & NDL_LSO_ON_V4 ? "on" : "off",
			 on & NDL_LSO_ON_V6 ? "on" : "off");
}

void ndl_adapter_csum_enabled(const struct ndl_adapter *ad,
			      struct ndl_csum_offload *on)
{
	u32 lso = ndl_atomic_load(&ad->lso_on);

	ndl_memset(on, 0, sizeof(*on));
	csum_unpack(ndl_atomic_load(&ad->csum_on), on);
	if (lso & NDL_LSO_ON_V4)
		on->lso_v4 = ad->lso[0];
	if (lso & NDL_LSO_ON_V6)
		on->lso_v6 = ad->lso[1];
}

/* A large send's request: one IP version, its large send on, an MSS. */
static bool lso_flags_allowed(struct ndl_adapter *ad, u32 flags)
{
	u32 on = ndl_atomic_load(&ad->lso_on);
	const struct ndl_lso *l;

	switch (flags & (NDL_TX_CSUM_IPV4 | NDL_TX_CSUM_IPV6)) {
	case NDL_TX_CSUM_IPV4:
		l = &ad->lso[0];
		on &= NDL_LSO_ON_V4;
		break;
	case NDL_TX_CSUM_IPV6:
		l = &ad->lso[1];
		on &= NDL_LSO_ON_V6;
		break;
	default:
		return false;
	}
	/* the miniport computes the segments' checksums itself */
	if (flags & (NDL_TX_CSUM_TCP | NDL_TX_CSUM_UDP | NDL_TX_CSUM_IP))
		return false;
	return on && NDL_TX_LSO_MSS(flags) &&
	       !(flags & NDL_TX_LSO_V2) == !(l->flags & NDL_LSO_V2);
}

bool ndl_csum_flags_allowed(struct ndl_adapter *ad, u32 flags)
{
	u32 on = ndl_atomic_load(&ad->csum_on), need = 0;

	if (flags & NDL_TX_LSO)
		return lso_flags_allowed(ad, flags);
	if (flags & NDL_TX_LSO_V2)
		return false;

	if (!(flags & (NDL_TX_CSUM_TCP | NDL_TX_CSUM_UDP | NDL_TX_CSUM_IP)))
		return true;
	if (flags & NDL_TX_CSUM_TCP)
		need |= NDL_CSUM_TCP;
	if (flags & NDL_TX_CSUM_UDP)
		need |= NDL_CSUM_UDP;
	if (flags & NDL_TX_CSUM_IP)
		need |= NDL_CSUM_IP;
	switch (flags & (NDL_TX_CSUM_IPV4 | NDL_TX_CSUM_IPV6)) {
	case NDL_TX_CSUM_IPV4:
		return (on & need) == need;
	case NDL_TX_CSUM_IPV6:
		return !(need & NDL_CSUM_IP) && (on >> 16 & need) == need;
	}
	return false;
}

void ndl_lso_sent(struct ndl_adapter *ad, u32 bytes)
{
	ndl_atomic_add(&ad->stats.tx_lso, 1);
	ndl_atomic_add(&ad->stats.tx_lso_bytes, bytes);
}

void ndl_csum_host_choice(const struct ndl_csum_offload *caps, bool tx,
			  bool rx, struct ndl_csum_offload *on)
{
	const u8 asked = NDL_CSUM_TCP | NDL_CSUM_UDP | NDL_CSUM_IP_OPTIONS |
			 NDL_CSUM_TCP_OPTIONS;

	on->v4_tx = tx ? caps->v4_tx & asked : 0;
	on->v6_tx = tx ? caps->v6_tx & asked : 0;
	on->v4_rx = rx ? caps->v4_rx : 0;
	on->v6_rx = rx ? caps->v6_rx : 0;
	/* large send is the host's own choice (Linux: NETIF_F_TSO*) */
	ndl_memset(&on->lso_v4, 0, sizeof(on->lso_v4));
	ndl_memset(&on->lso_v6, 0, sizeof(on->lso_v6));
}

/* TCP's and UDP's checksum fields, in their headers */
#define TCP_CHECK_OFFSET	16
#define UDP_CHECK_OFFSET	6

u32 ndl_adapter_csum_request(const struct ndl_adapter *ad, const u8 *head,
			     u32 head_len, u32 csum_start, u32 csum_offset)
{
	struct ndl_csum_offload on;
	u32 ip, l4, allowed, need = 0;
	u8 proto;

	/* The miniport reads the headers from the first buffer. */
	if (csum_start < 14 + 20 || csum_start > head_len ||
	    head_len - csum_start < csum_offset + 2)
		return 0;
	ndl_adapter_csum_enabled(ad, &on);
	if (head[12] == 0x08 && head[13] == 0x00) {
		/* IPv4 right after the 14-byte header: no tag */
		if (head[14] >> 4 != 4 || csum_start != 14 + (head[14] & 0xfu) * 4)
			return 0;
		if ((head[14] & 0xf) > 5)
			need |= NDL_CSUM_IP_OPTIONS;
		ip = NDL_TX_CSUM_IPV4;
		proto = head[14 + 9];
		allowed = on.v4_tx;
	} else if (head[12] == 0x86 && head[13] == 0xdd) {
		/* no extension headers: TCP or UDP right after */
		if (csum_start != 14 + 40)
			return 0;
		ip = NDL_TX_CSUM_IPV6;
		proto = head[14 + 6];
		allowed = on.v6_tx;
	} else {
		return 0;
	}
	if (proto == 6 && csum_offset == TCP_CHECK_OFFSET) {
		if (head[csum_start + 12] >> 4 > 5)
			need |= NDL_CSUM_TCP_OPTIONS;
		need |= NDL_CSUM_TCP;
		l4 = NDL_TX_CSUM_TCP;
	} else if (proto == 17 && csum_offset == UDP_CHECK_OFFSET) {
		need |= NDL_CSUM_UDP;
		l4 = NDL_TX_CSUM_UDP;
	} else {
		return 0;
	}
	return (allowed & need) == need ? ip | l4 : 0;
}
