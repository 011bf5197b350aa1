// SPDX-License-Identifier: GPL-2.0-only
/*
 * Large sends for the end-to-end tests of miniports that segment: a TCP
 * packet as Linux hands one over, sent through the runtime's large-send
 * path in pieces, and the segments on the wire checked against the
 * documented rules with sums of our own (RFC 1071), not the chip
 * model's.
 */
#include <string.h>

#include "ndis_testlib.h"

/* Payload bytes in lso_send's first piece, after the headers (as in an
 * skb's linear part).
 */
#define LSO_HEAD_PAY	10

/* RFC 1071: the one's complement sum of len bytes, folded. */
static u32 sum16(u32 sum, const u8 *p, u32 len)
{
	for (u32 i = 0; i + 1 < len; i += 2)
		sum += (u32)p[i] << 8 | p[i + 1];
	if (len & 1)
		sum += (u32)p[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return sum;
}

static u32 be16(const u8 *p)
{
	return (u32)p[0] << 8 | p[1];
}

u32 lso_packet(u8 *f, bool v6, u32 pay, const u8 dst[6], const u8 src[6])
{
	u32 l4 = v6 ? 54 : 34, hdr = l4 + LSO_TCP_HLEN, i;
	u8 *ip = f + 14, *tcp = f + l4;

	memset(f, 0, hdr);
	memcpy(f, dst, 6);
	memcpy(f + 6, src, 6);
	f[12] = v6 ? 0x86 : 0x08;
	f[13] = v6 ? 0xdd : 0x00;
	if (v6) {
		ip[0] = 0x60;
		ip[4] = (u8)((LSO_TCP_HLEN + pay) >> 8);
		ip[5] = (u8)(LSO_TCP_HLEN + pay);
		ip[6] = 6;
		ip[7] = 64;
		for (i = 0; i < 32; i++)
			ip[8 + i] = (u8)(0xfe - i);
	} else {
		ip[0] = 0x45;
		ip[2] = (u8)((20 + LSO_TCP_HLEN + pay) >> 8);
		ip[3] = (u8)(20 + LSO_TCP_HLEN + pay);
		ip[4] = 0x12;
		ip[6] = 0x40;			/* DF */
		ip[8] = 64;
		ip[9] = 6;
		memcpy(ip + 12, (const u8[]){ 10, 0, 2, 15, 10, 0, 2, 2 }, 8);
		i = ~sum16(0, ip, 20) & 0xffff;
		ip[10] = (u8)(i >> 8);
		ip[11] = (u8)i;
	}
	tcp[0] = 0x9c;
	tcp[1] = 0x40;
	tcp[3] = 80;
	memcpy(tcp + 4, (const u8[]){ 0xff, 0xff, 0xfa, 0x00 }, 4);
	tcp[11] = 1;
	tcp[12] = (LSO_TCP_HLEN / 4) << 4;
	tcp[13] = 0x18;				/* ACK, PSH */
	tcp[14] = 0x01;
	memcpy(tcp + 20, (const u8[]){ 1, 1, 8, 10, 0, 0, 0, 7, 0, 0, 0, 9 },
	       12);
	for (i = 0; i < pay; i++)
		f[hdr + i] = (u8)(i * 13 + i / 256);
	return hdr;
}

u32 lso_check(u8 (*out)[1600], const u32 *out_len, u32 first, u32 n,
	      const u8 *f, bool v6, u32 pay)
{
	u32 l4 = v6 ? 54 : 34, hdr = l4 + LSO_TCP_HLEN, off = 0, bad = 0;

	for (u32 k = 0; k < n && first + k < WIRE_KEEP; k++) {
		const u8 *g = out[first + k];
		u32 len = out_len[first + k], seg = len - hdr, tl = len - l4;
		u32 seq = 0xfffffa00u + off, sum;
		bool last = k + 1 == n, ok;

		ok = len > hdr && seg <= LSO_MSS && (last || seg == LSO_MSS) &&
		     !memcmp(g, f, 14) && off + seg <= pay &&
		     !memcmp(g + hdr, f + hdr + off, seg) &&
		     !memcmp(g + l4 + 20, f + l4 + 20, 12) &&
		     be16(g + l4 + 4) == seq >> 16 &&
		     be16(g + l4 + 6) == (seq & 0xffff) &&
		     g[l4 + 13] == (last ? 0x18 : 0x10);
		if (v6) {
			ok = ok && be16(g + 18) == tl &&
			     !memcmp(g + 22, f + 22, 32);
			sum = sum16(6 + tl, g + 22, 32);
		} else {
			ok = ok && be16(g + 16) == len - 14 &&
			     be16(g + 18) == 0x1200 + k && g[20] == 0x40 &&
			     !memcmp(g + 22, f + 22, 2) &&
			     sum16(0, g + 14, 20) == 0xffff;
			sum = sum16(6 + tl, g + 26, 8);
		}
		ok = ok && sum16(sum, g + l4, tl) == 0xffff;
		bad += !ok;
		off += ok ? seg : 0;
	}
	return bad + (off != pay);
}

u32 lso_send(struct ndl_adapter *ad, struct wire *w, u8 *f, u32 hdr, u32 pay,
	     u32 nfrag, u32 req)
{
	struct ndl_frag fr[NDL_TX_MAX_FRAGS];
	u32 done = w->tap->ndone, at = hdr + LSO_HEAD_PAY, k;

	if (nfrag < 2 || nfrag > NDL_TX_MAX_FRAGS ||
	    pay < LSO_HEAD_PAY + nfrag)
		return NDIS_STATUS_FAILURE;
	fr[0] = (struct ndl_frag){ f, at };
	for (k = 1; k < nfrag; k++) {
		u32 n = k + 1 == nfrag ? hdr + pay - at :
			(pay - LSO_HEAD_PAY) / (nfrag - 1);

		fr[k] = (struct ndl_frag){ f + at, n };
		at += n;
	}
	if (!req)
		req = ndl_adapter_lso_request(ad, f, hdr, hdr + pay, LSO_MSS);
	if (!(req & NDL_TX_LSO))
		return NDIS_STATUS_NOT_SUPPORTED;
	ndl_lso_headers(f, hdr + pay, req);
	if (ndl_adapter_send_ex(ad, fr, nfrag, f, req, 0))
		return NDIS_STATUS_FAILURE;
	w->want_done = done + 1;
	w->want_in = w->tap->nframes;
	w->want_out = 0;
	if (!run_until(wire_progress, w, 5000))
		return NDIS_STATUS_PENDING;
	return w->tap->done_status[done];
}
