// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self-test of the RTL8139C+ model: pokes registers the way a driver does
 * (through both BARs), builds C+ descriptor rings in DMA memory and checks
 * the frames, descriptors, interrupts and counters the model produces.
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

static void test_all(void)
{
	test_power_on();
	test_eeprom_and_idr();
	test_transmit();
	test_receive();
	test_receive_disabled_and_bad_dma();
	test_tcr_needs_te_and_loopback();
	test_tally_and_link();
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
