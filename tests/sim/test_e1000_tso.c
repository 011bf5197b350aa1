// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self-test of the e1000/e1000e models' TCP segmentation (TSE), against
 * the 8254x/82574 datasheets' rules, with checksums verified by an
 * independent RFC 1071 sum: a TCP/IP context descriptor with TSE, PAYLEN,
 * HDRLEN and MSS, data descriptors with DCMD.TSE; each segment on the
 * wire at most MSS payload bytes (only the last shorter), the header
 * template copied with the IPv4 total length and identification or the
 * IPv6 payload length, the TCP sequence number, PSH and FIN fixed up, the
 * IPv4 header and TCP checksums right, the payload intact; TSCTC counts
 * the packets; data without TSE goes out whole; a packet shorter than
 * its header sends nothing.
 */
#include <stdint.h>
#include <string.h>

#include "../lib/check.h"
#include "e1000.h"
#include "test_host.h"

#define TX_RING		(TEST_DMA_BASE + 0x0000)
#define TX_BUF		(TEST_DMA_BASE + 0x10000)
#define R_TCTL		0x0400
#define R_TDBAL		0x3800
#define R_TDBAH		0x3804
#define R_TDLEN		0x3808
#define R_TDH		0x3810
#define R_TDT		0x3818
#define R_TSCTC		0x40f8
#define TCTL_EN		0x02
#define DCMD_EOP	0x01
#define DCMD_IFCS	0x02
#define DCMD_TSE	0x04
#define DCMD_RS		0x08
#define DCMD_DEXT	0x20
#define TUCMD_TCP	0x01
#define TUCMD_IP	0x02
#define TUCMD_TSE	0x04
#define POPTS_IXSM	0x01
#define POPTS_TXSM	0x02
#define TCP_FIN		0x01
#define TCP_PSH		0x08
#define TCP_ACK		0x10

static const struct ndl_sim_model *model;
static uint32_t tail;

static void wr(struct ndl_sim_dev *d, uint32_t off, uint32_t v)
{
	model->write(d, 0, off, 4, v);
}

static uint32_t rd(struct ndl_sim_dev *d, uint32_t off)
{
	return model->read(d, 0, off, 4);
}

static void put_le(uint8_t *p, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> 8 * i);
}

static void put_be16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static uint32_t be16(const uint8_t *p)
{
	return (uint32_t)p[0] << 8 | p[1];
}

static uint32_t be32(const uint8_t *p)
{
	return be16(p) << 16 | be16(p + 2);
}

/* RFC 1071: the one's complement sum of len bytes, added to sum. */
static uint32_t sum16(uint32_t sum, const uint8_t *p, uint32_t len)
{
	for (uint32_t i = 0; i + 1 < len; i += 2)
		sum += be16(p + i);
	if (len & 1)
		sum += (uint32_t)p[len - 1] << 8;
	return sum;
}

static uint16_t fold(uint32_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)sum;
}

static struct ndl_sim_dev *start(void)
{
	struct ndl_sim_dev *d = ndl_sim_create(model);

	if (!d)
		return NULL;
	wr(d, R_TDBAL, (uint32_t)TX_RING);
	wr(d, R_TDBAH, 0);
	wr(d, R_TDLEN, 64 * 16);
	wr(d, R_TDH, 0);
	wr(d, R_TDT, 0);
	wr(d, R_TCTL, TCTL_EN);
	tail = 0;
	return d;
}

static void context(struct ndl_sim_dev *d, const uint8_t off[6], uint32_t ipcse,
		    uint32_t paylen, uint8_t tucmd, uint8_t hdrlen, uint16_t mss)
{
	uint8_t *p = test_dma(d, TX_RING + tail * 16);

	memset(p, 0, 16);
	p[0] = off[0];			/* IPCSS */
	p[1] = off[1];			/* IPCSO */
	put_le(p + 2, ipcse, 2);
	p[4] = off[3];			/* TUCSS */
	p[5] = off[4];			/* TUCSO */
	put_le(p + 6, 0, 2);		/* TUCSE: to the end */
	put_le(p + 8, paylen & 0xfffff, 3);
	p[11] = tucmd | DCMD_DEXT;	/* DTYP 0000: context */
	p[13] = hdrlen;
	put_le(p + 14, mss, 2);
	tail++;
}

static void data(struct ndl_sim_dev *d, uint64_t buf, uint32_t len,
		 uint8_t dcmd, uint8_t popts)
{
	uint8_t *p = test_dma(d, TX_RING + tail * 16);

	put_le(p, buf, 8);
	put_le(p + 8, len | 0x100000, 3);	/* DTYP 0001: data */
	p[11] = dcmd | DCMD_DEXT | DCMD_IFCS;
	p[12] = 0;
	p[13] = popts;
	put_le(p + 14, 0, 2);
	tail++;
}

static void go(struct ndl_sim_dev *d)
{
	wr(d, R_TDT, tail);
}

/* A TCP packet of hdr + pay bytes at TX_BUF: IPv4 (with options) or IPv6. */
static uint8_t pkt[16384];

static uint32_t build(struct ndl_sim_dev *d, bool v6, uint32_t pay,
		      uint32_t *l4)
{
	uint32_t l3 = 14, iphl = v6 ? 40 : 24, tcphl = 32, hdr, i, sum;
	uint8_t *ip = pkt + l3, *tcp;

	memset(pkt, 0, sizeof(pkt));
	memset(pkt, 0x02, 12);
	put_be16(pkt + 12, v6 ? 0x86dd : 0x0800);
	*l4 = l3 + iphl;
	tcp = pkt + *l4;
	hdr = *l4 + tcphl;
	if (v6) {
		ip[0] = 0x60;
		put_be16(ip + 4, 0);		/* LSOv2: left 0 */
		ip[6] = 6;
		ip[7] = 64;
		for (i = 0; i < 32; i++)
			ip[8 + i] = (uint8_t)(0xa0 + i);
	} else {
		ip[0] = 0x46;			/* 4 bytes of options */
		put_be16(ip + 2, iphl + tcphl + pay);
		put_be16(ip + 4, 0xfffe);	/* the ID wraps */
		ip[8] = 64;
		ip[9] = 6;
		memcpy(ip + 12, (uint8_t[]){ 10, 0, 2, 15, 10, 0, 2, 2 }, 8);
		memcpy(ip + 20, (uint8_t[]){ 0x94, 0x04, 0, 0 }, 4);
	}
	put_be16(tcp, 40000);
	put_be16(tcp + 2, 5001);
	memcpy(tcp + 4, (uint8_t[]){ 0xff, 0xff, 0xf0, 0x00 }, 4); /* wraps */
	memcpy(tcp + 8, (uint8_t[]){ 0, 0, 0x10, 0x01 }, 4);
	tcp[12] = (uint8_t)(tcphl / 4) << 4;
	tcp[13] = TCP_ACK | TCP_PSH | TCP_FIN;
	put_be16(tcp + 14, 502);
	/* a timestamp option, copied unaltered into each segment */
	memcpy(tcp + 20, (uint8_t[]){ 1, 1, 8, 10, 1, 2, 3, 4, 5, 6, 7, 8 }, 12);
	/* the pseudo-header sum without the length, as NDIS documents */
	sum = v6 ? sum16(6, ip + 8, 32) : sum16(6, ip + 12, 8);
	put_be16(tcp + 16, fold(sum));
	for (i = 0; i < pay; i++)
		pkt[hdr + i] = (uint8_t)(i * 7 + i / 251);
	memcpy(test_dma(d, TX_BUF), pkt, hdr + pay);
	return hdr;
}

/* Each segment checked against the packet; how many there were. */
static uint32_t check_segments(struct ndl_sim_dev *d, bool v6, uint32_t hdr,
			       uint32_t l4, uint32_t pay, uint32_t mss)
{
	static uint8_t f[TEST_FRAME_MAX];
	uint32_t off = 0, n = 0, len;

	while ((len = (uint32_t)ndl_sim_collect(d, f, sizeof(f))) != 0) {
		uint32_t seg = len - hdr, tcplen = len - l4, sum;
		bool last = off + seg == pay;

		CHECK(len > hdr && seg <= mss);
		CHECK(last || seg == mss);
		CHECK(!memcmp(f, pkt, 14));
		if (v6) {
			CHECK_EQ_INT(be16(f + 18), tcplen);
			CHECK(!memcmp(f + 22, pkt + 22, 32));
			sum = sum16(6 + tcplen, f + 22, 32);
		} else {
			CHECK_EQ_INT(be16(f + 16), len - 14);
			CHECK_EQ_INT(be16(f + 18), (0xfffe + n) & 0xffff);
			CHECK_EQ_INT(fold(sum16(0, f + 14, 24)), 0xffff);
			CHECK(!memcmp(f + 34, pkt + 34, 4));	/* options */
			sum = sum16(6 + tcplen, f + 26, 8);
		}
		CHECK_EQ_INT(be32(f + l4 + 4), (uint32_t)(0xfffff000u + off));
		CHECK_EQ_INT(f[l4 + 13], last ? TCP_ACK | TCP_PSH | TCP_FIN :
					       TCP_ACK);
		CHECK(!memcmp(f + l4 + 20, pkt + l4 + 20, 12));
		CHECK_EQ_INT(fold(sum16(sum, f + l4, tcplen)), 0xffff);
		CHECK(!memcmp(f + hdr, pkt + hdr + off, seg));
		off += seg;
		n++;
		if (off >= pay)
			break;
	}
	CHECK_EQ_INT(off, pay);
	CHECK_EQ_INT(ndl_sim_collect(d, f, sizeof(f)), 0);
	return n;
}

/*
 * One TSE packet: the header in one buffer and the payload split over
 * two more at an odd point, as a driver's scatter-gather list may be.
 */
static void test_segment(bool v6, uint32_t pay, uint16_t mss)
{
	struct ndl_sim_dev *d = start();
	uint32_t l4, hdr;
	uint8_t ipcss[6];

	CHECK(d != NULL);
	if (!d)
		return;
	hdr = build(d, v6, pay, &l4);
	ipcss[0] = 14;
	ipcss[1] = v6 ? 0 : 24;
	ipcss[3] = (uint8_t)l4;
	ipcss[4] = (uint8_t)(l4 + 16);
	context(d, ipcss, v6 ? 0 : l4 - 1, pay,
		TUCMD_TCP | TUCMD_TSE | (v6 ? 0 : TUCMD_IP), (uint8_t)hdr, mss);
	data(d, TX_BUF, hdr, DCMD_TSE, POPTS_TXSM | (v6 ? 0 : POPTS_IXSM));
	data(d, TX_BUF + hdr, 1001, DCMD_TSE, 0);
	data(d, TX_BUF + hdr + 1001, pay - 1001, DCMD_TSE | DCMD_EOP | DCMD_RS,
	     0);
	go(d);
	CHECK_EQ_INT(check_segments(d, v6, hdr, l4, pay, mss),
		     (pay + mss - 1) / mss);
	CHECK_EQ_INT(ndl_sim_e1000_tso_packets(d), 1);
	CHECK_EQ_INT(rd(d, R_TSCTC), 1);
	CHECK_EQ_INT(rd(d, R_TSCTC), 0);	/* cleared by reading */
	ndl_sim_destroy(d);
}

static void test_ipv4(void)
{
	test_segment(false, 5000, 1448);
	test_segment(false, 2896, 1448);	/* two full segments */
}

static void test_ipv6(void)
{
	test_segment(true, 3000, 1220);
}

/* Without DCMD.TSE the same context only checksums: one frame, whole. */
static void test_no_tse(void)
{
	static uint8_t f[TEST_FRAME_MAX];
	struct ndl_sim_dev *d = start();
	uint32_t l4, hdr, pay = 900;
	uint8_t off[6] = { 14, 24, 0, 0, 0, 0 };

	CHECK(d != NULL);
	if (!d)
		return;
	hdr = build(d, false, pay, &l4);
	off[3] = (uint8_t)l4;
	off[4] = (uint8_t)(l4 + 16);
	context(d, off, l4 - 1, pay, TUCMD_TCP | TUCMD_IP | TUCMD_TSE,
		(uint8_t)hdr, 400);
	data(d, TX_BUF, hdr + pay, DCMD_EOP | DCMD_RS, 0);
	go(d);
	CHECK_EQ_INT(ndl_sim_collect(d, f, sizeof(f)), hdr + pay);
	CHECK(!memcmp(f, pkt, hdr + pay));
	CHECK_EQ_INT(ndl_sim_e1000_tso_packets(d), 0);
	ndl_sim_destroy(d);
}

/* HDRLEN beyond the data, or MSS 0: nothing goes out, nothing breaks. */
static void test_malformed(void)
{
	static uint8_t f[TEST_FRAME_MAX];
	struct ndl_sim_dev *d = start();
	uint32_t l4, hdr;
	uint8_t off[6] = { 14, 24, 0, 0, 0, 0 };

	CHECK(d != NULL);
	if (!d)
		return;
	hdr = build(d, false, 100, &l4);
	off[3] = (uint8_t)l4;
	off[4] = (uint8_t)(l4 + 16);
	context(d, off, l4 - 1, 100, TUCMD_TCP | TUCMD_IP | TUCMD_TSE, 255,
		1448);
	data(d, TX_BUF, hdr + 100, DCMD_TSE | DCMD_EOP | DCMD_RS, POPTS_TXSM);
	context(d, off, l4 - 1, 100, TUCMD_TCP | TUCMD_IP | TUCMD_TSE,
		(uint8_t)hdr, 0);
	data(d, TX_BUF, hdr + 100, DCMD_TSE | DCMD_EOP | DCMD_RS, POPTS_TXSM);
	go(d);
	CHECK_EQ_INT(ndl_sim_collect(d, f, sizeof(f)), 0);
	CHECK_EQ_INT(rd(d, R_TDH), tail);
	ndl_sim_destroy(d);
}

static void run_all(const struct ndl_sim_model *m)
{
	model = m;
	RUN(test_ipv4);
	RUN(test_ipv6);
	RUN(test_no_tse);
	RUN(test_malformed);
}

int main(void)
{
	run_all(&ndl_sim_e1000);
	run_all(&ndl_sim_e1000e);
	return CHECK_EXIT_CODE();
}
