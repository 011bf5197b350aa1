// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self-test of the RTL8139C+ model: pokes registers the way a driver does
 * (through both BARs), builds C+ descriptor rings in DMA memory and checks
 * the frames, descriptors, interrupts and counters the model produces.
 * The transmit offloads are checked against the RFCs: IPv4 header (RFC
 * 791), TCP (RFC 793) and UDP (RFC 768) checksums verified with an
 * independent RFC 1071 sum, large-send segments for their lengths,
 * identification, sequence numbers, flags and payload.
 */
#include <stdint.h>
#include <string.h>

#include "../lib/check.h"
#include "rtl8139.h"
#include "test_host.h"

#define RX_RING	(TEST_DMA_BASE + 0x0000)
#define TX_RING	(TEST_DMA_BASE + 0x1000)
#define TALLY	(TEST_DMA_BASE + 0x2000)
#define RX_BUF	(TEST_DMA_BASE + 0x10000)	/* 4 x 2 KiB */
#define TX_BUF	(TEST_DMA_BASE + 0x20000)
#define OWN	0x80000000u
#define EOR	0x40000000u
#define FS	0x20000000u
#define LS	0x10000000u
#define LGSEN	(1u << 27)
#define IPCS	(1u << 18)
#define UDPCS	(1u << 17)
#define TCPCS	(1u << 16)

static const uint8_t mac[6] = { 0x00, 0xe0, 0x4c, 0x12, 0x34, 0x56 };
static int bar;	/* 0: port I/O, 1: memory — both must behave the same */

static uint32_t rd(struct ndl_sim_dev *d, uint32_t off, int size)
{
	return ndl_sim_rtl8139.read(d, bar, off, size);
}

static void wr(struct ndl_sim_dev *d, uint32_t off, int size, uint32_t v)
{
	ndl_sim_rtl8139.write(d, bar, off, size, v);
}

static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> 8 * i);
}

static void desc(struct ndl_sim_dev *d, uint64_t at, uint32_t opts1,
		 uint64_t addr)
{
	uint8_t *p = test_dma(d, at);

	put32(p, opts1);
	put32(p + 4, 0);
	put32(p + 8, (uint32_t)addr);
	put32(p + 12, (uint32_t)(addr >> 32));
}

static uint16_t eeprom_read(struct ndl_sim_dev *d, int word)
{
	uint32_t cmd = (uint32_t)word | 6u << 6;
	uint16_t v = 0;

	wr(d, 0x50, 1, 0x80);
	wr(d, 0x50, 1, 0x88);
	for (int i = 8; i >= 0; i--) {
		uint8_t di = (cmd >> i) & 1 ? 0x02 : 0;

		wr(d, 0x50, 1, 0x88 | di);
		wr(d, 0x50, 1, 0x8c | di);
	}
	wr(d, 0x50, 1, 0x88);
	for (int i = 0; i < 16; i++) {
		wr(d, 0x50, 1, 0x8c);
		v = (uint16_t)(v << 1 | (rd(d, 0x50, 1) & 1));
		wr(d, 0x50, 1, 0x88);
	}
	wr(d, 0x50, 1, 0);
	return v;
}

/* The driver's bring-up: C+ mode, rings, engines, filter, interrupts. */
static struct ndl_sim_dev *start(uint32_t rcr)
{
	struct ndl_sim_dev *d = ndl_sim_create(&ndl_sim_rtl8139);

	ndl_sim_rtl8139_set_mac(d, mac);
	wr(d, 0x37, 1, 0x10);
	for (int i = 0; i < 4; i++)
		desc(d, RX_RING + 16 * i, OWN | (i == 3 ? EOR : 0) | 2048,
		     RX_BUF + 2048 * i);
	wr(d, 0xe0, 2, 0x000b);
	wr(d, 0xe4, 4, (uint32_t)RX_RING);
	wr(d, 0xe8, 4, 0);
	wr(d, 0x20, 4, (uint32_t)TX_RING);
	wr(d, 0x24, 4, 0);
	wr(d, 0x37, 1, 0x0c);
	wr(d, 0x40, 4, 0x03000600);
	wr(d, 0x44, 4, 0xe700 | rcr);
	wr(d, 0x3c, 2, 0x807f);
	return d;
}

static void test_power_on(void)
{
	struct ndl_sim_dev *d = ndl_sim_create(&ndl_sim_rtl8139);

	CHECK(d != NULL);
	CHECK_EQ_INT(ndl_sim_config(d)[0x3d], 1);
	CHECK_EQ_INT(rd(d, 0x5e, 1), 0x20);		/* C+ revision */
	CHECK_EQ_INT(rd(d, 0x40, 4) & 0x7c800000, 0x74800000);
	CHECK_EQ_INT(rd(d, 0x37, 1) & 0x10, 0);	/* reset done */
	CHECK_EQ_INT(rd(d, 0x58, 1) & 0x04, 0);	/* link up */
	CHECK_EQ_INT(rd(d, 0x64, 2) & 0x04, 0x04);
	CHECK(!test_irq(d));
	/* Out-of-range, misaligned and odd-sized accesses are harmless. */
	CHECK_EQ_INT(rd(d, 0x100, 4), 0);
	CHECK_EQ_INT(rd(d, 0x3d, 2), 0);
	CHECK_EQ_INT(rd(d, 0x10, 3), 0);
	wr(d, 0xffff, 4, 0xffffffff);
	wr(d, 0x3e, 8, 0);
	ndl_sim_destroy(d);
}

static void test_eeprom_and_idr(void)
{
	struct ndl_sim_dev *d = ndl_sim_create(&ndl_sim_rtl8139);

	ndl_sim_rtl8139_set_mac(d, mac);
	CHECK_EQ_INT(eeprom_read(d, 0), 0x8129);
	CHECK_EQ_INT(eeprom_read(d, 7), 0xe000);
	CHECK_EQ_INT(eeprom_read(d, 8), 0x124c);
	CHECK_EQ_INT(eeprom_read(d, 9), 0x5634);
	for (int i = 0; i < 6; i++)
		CHECK_EQ_INT(rd(d, (uint32_t)i, 1), mac[i]);
	/* A new address through IDR; a chip reset restores the EEPROM's. */
	wr(d, 0x50, 1, 0xc0);
	wr(d, 0x00, 4, 0x44332202);
	wr(d, 0x04, 4, 0x6655);
	wr(d, 0x50, 1, 0x00);
	CHECK_EQ_INT(rd(d, 0x00, 4), 0x44332202);
	CHECK_EQ_INT(rd(d, 0x04, 2), 0x6655);
	wr(d, 0x37, 1, 0x10);
	CHECK_EQ_INT(rd(d, 0x00, 1), 0x00);
	CHECK_EQ_INT(rd(d, 0x05, 1), 0x56);
	ndl_sim_destroy(d);
}

static void test_transmit(void)
{
	struct ndl_sim_dev *d = start(0x0a);
	uint8_t frame[100], out[200];
	size_t n;

	for (int i = 0; i < 100; i++)
		frame[i] = (uint8_t)(i * 7);
	memcpy(test_dma(d, TX_BUF), frame, 40);
	memcpy(test_dma(d, TX_BUF + 0x800), frame + 40, 60);
	desc(d, TX_RING, OWN | FS | 40, TX_BUF);
	desc(d, TX_RING + 16, OWN | LS | 60, TX_BUF + 0x800);
	ndl_sim_run(d);				/* no poll request yet */
	CHECK_EQ_INT(ndl_sim_collect(d, out, sizeof(out)), 0);
	wr(d, 0xd9, 1, 0x40);
	ndl_sim_run(d);
	n = ndl_sim_collect(d, out, sizeof(out));
	CHECK_EQ_INT(n, 100);
	CHECK(!memcmp(out, frame, 100));
	CHECK_EQ_INT(le32(test_dma(d, TX_RING)) & OWN, 0);
	CHECK_EQ_INT(le32(test_dma(d, TX_RING + 16)) & OWN, 0);
	CHECK_EQ_INT(rd(d, 0x3e, 2) & 0x04, 0x04);	/* TOK */
	CHECK(test_irq(d));
	wr(d, 0x3e, 2, 0x04);				/* ack */
	CHECK_EQ_INT(rd(d, 0x3e, 2) & 0x04, 0);
	CHECK(!test_irq(d));
	/* Next descriptor is index 2: the ring continues there. */
	memcpy(test_dma(d, TX_BUF), frame, 60);
	desc(d, TX_RING + 32, OWN | FS | LS | 60, TX_BUF);
	wr(d, 0xd9, 1, 0x40);
	ndl_sim_run(d);
	CHECK_EQ_INT(ndl_sim_collect(d, out, sizeof(out)), 60);
	/* Masked source: status set, line stays low. */
	wr(d, 0x3c, 2, 0x0001);
	CHECK(!test_irq(d));
	ndl_sim_destroy(d);
}

static void test_receive(void)
{
	struct ndl_sim_dev *d = start(0x0a);	/* APM | AB */
	uint8_t f[1000];
	uint32_t o;

	memset(f, 0xa5, sizeof(f));
	memcpy(f, mac, 6);
	CHECK(ndl_sim_inject(d, f, sizeof(f)));
	o = le32(test_dma(d, RX_RING));
	CHECK_EQ_INT(o & OWN, 0);
	CHECK_EQ_INT(o & (FS | LS), FS | LS);
	CHECK_EQ_INT(o & (1u << 25), 1u << 25);	/* physical match */
	CHECK_EQ_INT(o & 0x1fff, 1004);		/* frame + FCS */
	CHECK(!memcmp(test_dma(d, RX_BUF), f, sizeof(f)));
	CHECK_EQ_INT(rd(d, 0x3e, 2) & 0x01, 0x01);
	CHECK(test_irq(d));

	/* Someone else's unicast is filtered; broadcast is flagged. */
	f[0] = 0x02;
	CHECK(!ndl_sim_inject(d, f, sizeof(f)));
	memset(f, 0xff, 6);
	CHECK(ndl_sim_inject(d, f, 20));		/* runt: padded */
	o = le32(test_dma(d, RX_RING + 16));
	CHECK_EQ_INT(o & 0x1fff, 64);
	CHECK_EQ_INT(o & (1u << 24), 1u << 24);
	CHECK_EQ_INT(test_dma(d, RX_BUF + 2048)[59], 0);

	/* Multicast passes only with AM and its hash bit. */
	f[0] = 0x01; f[1] = 0x00; f[2] = 0x5e; f[3] = 0x00; f[4] = 0x00;
	f[5] = 0x01;
	CHECK(!ndl_sim_inject(d, f, 64));
	wr(d, 0x44, 4, 0xe70e);
	CHECK(!ndl_sim_inject(d, f, 64));
	wr(d, 0x08, 4, 0xffffffff);
	wr(d, 0x0c, 4, 0xffffffff);
	CHECK(ndl_sim_inject(d, f, 64));
	CHECK_EQ_INT(le32(test_dma(d, RX_RING + 32)) & (1u << 26), 1u << 26);

	/* Descriptor 3 has EOR: after it the ring wraps to 0, still ours. */
	memcpy(f, mac, 6);
	CHECK(ndl_sim_inject(d, f, 64));
	CHECK(!ndl_sim_inject(d, f, 64));		/* no descriptor */
	CHECK_EQ_INT(rd(d, 0x3e, 2) & 0x10, 0x10);	/* RDU */
	CHECK_EQ_INT(rd(d, 0x4c, 4), 1);
	wr(d, 0x4c, 4, 0);
	CHECK_EQ_INT(rd(d, 0x4c, 4), 0);
	desc(d, RX_RING, OWN | 2048, RX_BUF);
	CHECK(ndl_sim_inject(d, f, 64));
	ndl_sim_destroy(d);
}

static void test_receive_disabled_and_bad_dma(void)
{
	struct ndl_sim_dev *d = ndl_sim_create(&ndl_sim_rtl8139);
	uint8_t f[64] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };

	CHECK(!ndl_sim_inject(d, f, sizeof(f)));	/* receiver off */
	ndl_sim_destroy(d);

	d = start(0x0a);
	memcpy(f, mac, 6);
	desc(d, RX_RING, OWN | 2048, 0xdead0000ull);	/* outside the pool */
	CHECK(!ndl_sim_inject(d, f, sizeof(f)));
	CHECK_EQ_INT(rd(d, 0x3e, 2) & 0x8000, 0x8000);	/* PCI error */
	wr(d, 0xe4, 4, 0xfffffff0);			/* ring itself bad */
	CHECK(!ndl_sim_inject(d, f, sizeof(f)));
	wr(d, 0x20, 4, 0xfffffff0);
	wr(d, 0xd9, 1, 0x40);
	ndl_sim_run(d);
	CHECK_EQ_INT(ndl_sim_collect(d, f, sizeof(f)), 0);
	ndl_sim_destroy(d);
}

static void test_tcr_needs_te_and_loopback(void)
{
	struct ndl_sim_dev *d = ndl_sim_create(&ndl_sim_rtl8139);
	uint8_t f[64], out[64];

	wr(d, 0x40, 4, 0x00060000);
	CHECK_EQ_INT(rd(d, 0x40, 4) & 0x00060000, 0);	/* ignored: TE off */
	ndl_sim_destroy(d);

	d = start(0x0a);
	wr(d, 0x40, 4, 0x03060600);			/* loopback */
	memset(f, 0x11, sizeof(f));
	memcpy(f, mac, 6);
	memcpy(test_dma(d, TX_BUF), f, sizeof(f));
	desc(d, TX_RING, OWN | FS | LS | 64, TX_BUF);
	wr(d, 0xd9, 1, 0x40);
	ndl_sim_run(d);
	CHECK_EQ_INT(ndl_sim_collect(d, out, sizeof(out)), 0);
	CHECK(!memcmp(test_dma(d, RX_BUF), f, sizeof(f)));
	CHECK_EQ_INT(rd(d, 0x3e, 2) & 0x05, 0x05);	/* TOK and ROK */
	ndl_sim_destroy(d);
}

static void test_tally_and_link(void)
{
	struct ndl_sim_dev *d = start(0x0a);
	uint8_t f[64] = { 0 }, *t;

	memcpy(f, mac, 6);
	CHECK(ndl_sim_inject(d, f, sizeof(f)));
	memcpy(test_dma(d, TX_BUF), f, sizeof(f));
	desc(d, TX_RING, OWN | FS | LS | 64, TX_BUF);
	wr(d, 0xd9, 1, 0x40);
	ndl_sim_run(d);
	wr(d, 0x14, 4, 0);
	wr(d, 0x10, 4, (uint32_t)TALLY | 0x8);
	CHECK_EQ_INT(rd(d, 0x10, 4) & 0x8, 0);		/* dump done */
	t = test_dma(d, TALLY);
	CHECK_EQ_INT(le32(t), 1);			/* TxOk */
	CHECK_EQ_INT(le32(t + 8), 1);			/* RxOk */
	CHECK_EQ_INT(le32(t + 40), 1);			/* RxOkPhy */

	wr(d, 0x3e, 2, 0xffff);
	ndl_sim_rtl8139_set_link(d, false);
	CHECK_EQ_INT(rd(d, 0x58, 1) & 0x04, 0x04);	/* LINKB */
	CHECK_EQ_INT(rd(d, 0x64, 2) & 0x04, 0);
	CHECK_EQ_INT(rd(d, 0x3e, 2) & 0x20, 0x20);
	CHECK(test_irq(d));
	ndl_sim_rtl8139_set_link(d, true);
	CHECK_EQ_INT(rd(d, 0x58, 1) & 0x04, 0);

	/* Reset: interrupts off, counters and rings forgotten. */
	wr(d, 0x37, 1, 0x10);
	CHECK_EQ_INT(rd(d, 0x3c, 2), 0);
	CHECK_EQ_INT(rd(d, 0x3e, 2), 0);
	CHECK_EQ_INT(rd(d, 0xe4, 4), 0);
	CHECK(!test_irq(d));
	ndl_sim_destroy(d);
}


static uint32_t be16(const uint8_t *p)
{
	return (uint32_t)p[0] << 8 | p[1];
}

static uint32_t be32(const uint8_t *p)
{
	return be16(p) << 16 | be16(p + 2);
}

static void put_be16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

/* RFC 1071: the one's complement sum of len bytes, added to sum, folded. */
static uint32_t rfc1071(uint32_t sum, const uint8_t *p, uint32_t len)
{
	for (uint32_t i = 0; i + 1 < len; i += 2)
		sum += be16(p + i);
	if (len & 1)
		sum += (uint32_t)p[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return sum;
}

/* A received IPv4 header verifies: its sum is all ones (RFC 791/1071). */
static bool ip_ok(const uint8_t *ip)
{
	return rfc1071(0, ip, (ip[0] & 15u) * 4) == 0xffff;
}

/* The TCP/UDP segment under ip verifies with its pseudo-header. */
static bool l4_ok(const uint8_t *ip)
{
	uint32_t hl = (ip[0] & 15u) * 4, len = be16(ip + 2) - hl, sum;

	sum = rfc1071(0, ip + 12, 8) + ip[9] + len;
	return rfc1071(sum, ip + hl, len) == 0xffff;
}

/*
 * An IPv4 frame: ihl 4-byte words of IP header (options are NOPs), proto
 * TCP (with thl bytes of header, options NOPs) or UDP, pay payload bytes;
 * checksum fields hold junk the chip must overwrite. Its length.
 */
static uint32_t ip_frame(uint8_t *f, uint32_t ihl, uint8_t proto, uint32_t thl,
			 uint32_t pay, uint8_t tcp_flags)
{
	uint8_t *ip = f + 14, *l4;
	uint32_t l4len = (proto == 6 ? thl : 8) + pay;

	memset(f, 0, 14 + ihl * 4 + l4len);
	memcpy(f, mac, 6);
	f[6] = 0x02;
	put_be16(f + 12, 0x0800);
	ip[0] = (uint8_t)(0x40 | ihl);
	put_be16(ip + 2, ihl * 4 + l4len);
	put_be16(ip + 4, 0xfff0);		/* id, wraps during a large send */
	put_be16(ip + 6, 0x4000);		/* DF */
	ip[8] = 64;
	ip[9] = proto;
	put_be16(ip + 10, 0xdead);
	memcpy(ip + 12, "\xc0\xa8\x01\x02\xc0\xa8\x01\x63", 8);
	memset(ip + 20, 1, ihl * 4 - 20);
	l4 = ip + ihl * 4;
	if (proto == 6) {
		put_be16(l4, 40000);
		put_be16(l4 + 2, 5001);
		memcpy(l4 + 4, "\xff\xff\xfc\x00", 4);	/* seq wraps too */
		memcpy(l4 + 8, "\x00\x00\x10\x00", 4);
		l4[12] = (uint8_t)(thl / 4 << 4);
		l4[13] = tcp_flags;
		put_be16(l4 + 14, 512);
		put_be16(l4 + 16, 0xbeef);
		memset(l4 + 20, 1, thl - 20);
	} else {
		put_be16(l4, 5353);
		put_be16(l4 + 2, 53);
		put_be16(l4 + 4, 8 + pay);
		put_be16(l4 + 6, 0xbeef);
	}
	for (uint32_t i = 0; i < pay; i++)
		l4[l4len - pay + i] = (uint8_t)(i * 13 + 5);
	return 14 + ihl * 4 + l4len;
}

static uint32_t tx_at;	/* send2's next descriptor */

/* Send f as two descriptors, opts (offload bits) in both; run the chip. */
static void send2(struct ndl_sim_dev *d, const uint8_t *f, uint32_t len,
		  uint32_t opts)
{
	uint32_t at = tx_at, first = len / 3;

	memcpy(test_dma(d, TX_BUF), f, first);
	memcpy(test_dma(d, TX_BUF + 0x8000), f + first, len - first);
	desc(d, TX_RING + 16 * at, OWN | FS | opts | first, TX_BUF);
	desc(d, TX_RING + 16 * ((at + 1) % 4),
	     OWN | LS | opts | (at + 1 == 3 ? EOR : 0) | (len - first),
	     TX_BUF + 0x8000);
	tx_at = (at + 2) % 4;
	wr(d, 0xd9, 1, 0x40);
	ndl_sim_run(d);
}

static struct ndl_sim_dev *start_tx(void)
{
	/* A four-descriptor Tx ring (EOR on the last), from its start. */
	tx_at = 0;
	return start(0x0a);
}

static void test_tx_checksums(void)
{
	static uint8_t f[4000], out[4000];
	struct ndl_sim_dev *d = start_tx();
	uint32_t len;
	size_t n;

	/* TCP with IP and TCP options, odd payload: both sums right. */
	len = ip_frame(f, 7, 6, 32, 1001, 0x18);
	send2(d, f, len, IPCS | TCPCS);
	n = ndl_sim_collect(d, out, sizeof(out));
	CHECK_EQ_INT(n, len);
	CHECK(ip_ok(out + 14));
	CHECK(l4_ok(out + 14));
	CHECK(!memcmp(out + 14 + 28 + 32, f + 14 + 28 + 32, 1001));
	/* UDP: its checksum only; the IP one stays as it was. */
	len = ip_frame(f, 5, 17, 0, 300, 0);
	send2(d, f, len, UDPCS);
	n = ndl_sim_collect(d, out, sizeof(out));
	CHECK_EQ_INT(n, len);
	CHECK(l4_ok(out + 14));
	CHECK_EQ_INT(be16(out + 24), 0xdead);
	CHECK(be16(out + 14 + 20 + 6) != 0);	/* 0 is "no checksum" */
	/* IP only: the TCP field keeps its junk. */
	len = ip_frame(f, 5, 6, 20, 50, 0x10);
	send2(d, f, len, IPCS);
	n = ndl_sim_collect(d, out, sizeof(out));
	CHECK(ip_ok(out + 14));
	CHECK_EQ_INT(be16(out + 14 + 20 + 16), 0xbeef);
	/* TCPCS on a UDP packet: nothing to do, sent as it is. */
	len = ip_frame(f, 5, 17, 0, 40, 0);
	send2(d, f, len, TCPCS);
	n = ndl_sim_collect(d, out, sizeof(out));
	CHECK_EQ_INT(n, len);
	CHECK(!memcmp(out, f, len));
	/* Not IPv4 (ARP type), and an IP header longer than the frame. */
	put_be16(f + 12, 0x0806);
	send2(d, f, len, IPCS | UDPCS);
	CHECK_EQ_INT(ndl_sim_collect(d, out, sizeof(out)), len);
	CHECK(!memcmp(out, f, len));
	len = ip_frame(f, 15, 6, 20, 0, 0);
	send2(d, f, 40, IPCS | TCPCS);
	CHECK_EQ_INT(ndl_sim_collect(d, out, sizeof(out)), 40);
	CHECK(!memcmp(out, f, 40));
	ndl_sim_destroy(d);
}

/* One segment of a large send checked against RFC 791/793. */
static void check_segment(const uint8_t *s, size_t n, const uint8_t *orig,
			  uint32_t ihl4, uint32_t thl, uint32_t k,
			  uint32_t off, uint32_t chunk, bool last)
{
	const uint8_t *ip = s + 14, *tcp = ip + ihl4;
	const uint8_t *oip = orig + 14, *otcp = oip + ihl4;

	CHECK_EQ_INT(n, 14 + ihl4 + thl + chunk);
	CHECK(!memcmp(s, orig, 14));
	CHECK_EQ_INT(be16(ip + 2), ihl4 + thl + chunk);
	CHECK_EQ_INT(be16(ip + 4), (be16(oip + 4) + k) & 0xffff);
	CHECK(!memcmp(ip + 6, oip + 6, 4));	/* flags, TTL, protocol */
	CHECK(!memcmp(ip + 12, oip + 12, ihl4 - 12));
	CHECK(ip_ok(ip));
	CHECK_EQ_INT(be32(tcp + 4), be32(otcp + 4) + off);
	CHECK(!memcmp(tcp, otcp, 4));
	CHECK(!memcmp(tcp + 8, otcp + 8, 5));	/* ack, data offset */
	CHECK_EQ_INT(tcp[13], last ? otcp[13] : otcp[13] & ~0x09);
	CHECK(!memcmp(tcp + 14, otcp + 14, 2));
	CHECK(!memcmp(tcp + 18, otcp + 18, thl - 18));
	CHECK(l4_ok(ip));
	CHECK(!memcmp(tcp + thl, otcp + thl + off, chunk));
}

static void test_large_send(void)
{
	static uint8_t f[20000], out[4000];
	struct ndl_sim_dev *d = start_tx();
	uint32_t len, pay = 5000, mss = 1448, off, k;
	size_t n;

	/* PSH and FIN set: only the last segment keeps them. */
	len = ip_frame(f, 6, 6, 32, pay, 0x19);
	send2(d, f, len, LGSEN | mss << 16);
	for (off = 0, k = 0; off < pay; off += mss, k++) {
		uint32_t chunk = pay - off < mss ? pay - off : mss;

		n = ndl_sim_collect(d, out, sizeof(out));
		check_segment(out, n, f, 24, 32, k, off, chunk,
			      off + chunk == pay);
	}
	CHECK_EQ_INT(k, 4);
	CHECK_EQ_INT(ndl_sim_collect(d, out, sizeof(out)), 0);
	/* Payload a multiple of the MSS: equal segments. */
	len = ip_frame(f, 5, 6, 20, 3 * 536, 0x10);
	send2(d, f, len, LGSEN | 536u << 16);
	for (k = 0; k < 3; k++) {
		n = ndl_sim_collect(d, out, sizeof(out));
		check_segment(out, n, f, 20, 20, k, k * 536, 536, k == 2);
	}
	CHECK_EQ_INT(ndl_sim_collect(d, out, sizeof(out)), 0);
	/* MSS 0, or not TCP: the frame goes out as it is. */
	len = ip_frame(f, 5, 6, 20, 100, 0x10);
	send2(d, f, len, LGSEN);
	CHECK_EQ_INT(ndl_sim_collect(d, out, sizeof(out)), len);
	CHECK(!memcmp(out, f, len));
	len = ip_frame(f, 5, 17, 0, 100, 0);
	send2(d, f, len, LGSEN | 100u << 16);
	CHECK_EQ_INT(ndl_sim_collect(d, out, sizeof(out)), len);
	CHECK(!memcmp(out, f, len));
	/* No TCP payload: nothing to send; a bad data offset: as it is. */
	len = ip_frame(f, 5, 6, 20, 0, 0x10);
	send2(d, f, len, LGSEN | 100u << 16);
	CHECK_EQ_INT(ndl_sim_collect(d, out, sizeof(out)), 0);
	len = ip_frame(f, 5, 6, 20, 10, 0x10);
	f[14 + 20 + 12] = 0xf0;
	send2(d, f, len, LGSEN | 100u << 16);
	CHECK_EQ_INT(ndl_sim_collect(d, out, sizeof(out)), len);
	ndl_sim_destroy(d);
}

static void test_all(void)
{
	test_power_on();
	test_eeprom_and_idr();
	test_transmit();
	test_receive();
	test_receive_disabled_and_bad_dma();
	test_tcr_needs_te_and_loopback();
	test_tally_and_link();
	test_tx_checksums();
	test_large_send();
}

static void port_io_bar(void)
{
	bar = 0;
	test_all();
}

static void mmio_bar(void)
{
	bar = 1;
	test_all();
}

int main(void)
{
	RUN(port_io_bar);
	RUN(mmio_bar);
	return CHECK_EXIT_CODE();
}
