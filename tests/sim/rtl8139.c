// SPDX-License-Identifier: GPL-2.0-only
/*
 * RTL8139C+ device model: registers (port BAR0 and memory BAR1 alias the
 * same 256 bytes), C+ Tx/Rx descriptor rings read and written by DMA, the
 * interrupt line as (ISR & IMR) != 0, the receive filter, EEPROM, link and
 * tally counters. Behaviour follows the chip as QEMU emulates it, including
 * QEMU's quirks a driver must live with (TCR ignores writes while the
 * transmitter is off; enabling Rx/Tx in CR restarts the rings).
 */
#include <string.h>

#include "rtl8139.h"
#include "rtl8139_eeprom.h"
#include "rtl8139_offload.h"

/* Registers */
enum {
	R_IDR0 = 0x00, R_MAR0 = 0x08, R_DTCCR = 0x10, R_TNPDS = 0x20,
	R_CR = 0x37, R_IMR = 0x3c, R_ISR = 0x3e, R_TCR = 0x40, R_RCR = 0x44,
	R_MPC = 0x4c, R_9346CR = 0x50, R_CONFIG0 = 0x51, R_CONFIG1 = 0x52,
	R_MSR = 0x58, R_CONFIG3 = 0x59, R_CONFIG4 = 0x5a, R_MULINT = 0x5c,
	R_PCIREV = 0x5e, R_BMCR = 0x62, R_BMSR = 0x64, R_ANAR = 0x66,
	R_ANLPAR = 0x68, R_ANER = 0x6a, R_CONFIG5 = 0xd8, R_TPPOLL = 0xd9,
	R_CPCR = 0xe0, R_INTRMIT = 0xe2, R_RDSAR = 0xe4, R_ETTHR = 0xec,
};

enum {
	CR_RST = 0x10, CR_RE = 0x08, CR_TE = 0x04, CR_BUFE = 0x01,
	INT_SERR = 0x8000, INT_LINKCHG = 0x20, INT_RDU = 0x10, INT_TOK = 0x04,
	INT_ROK = 0x01, INT_RESERVED = 0x1e00,
	CP_RXENB = 0x02, CP_TXENB = 0x01,
	RCR_AAP = 0x01, RCR_APM = 0x02, RCR_AM = 0x04, RCR_AB = 0x08,
	TCR_LOOPBACK = 3 << 17,
	BMSR_LINK = 0x04,
};

#define DESC_OWN	0x80000000u
#define DESC_EOR	0x40000000u
#define DESC_FS		0x20000000u
#define DESC_LS		0x10000000u
#define RX_MAR		(1u << 26)
#define RX_PAM		(1u << 25)
#define RX_BAR		(1u << 24)
#define RX_LEN_MASK	0x1fffu
#define RX_TAVA		(1u << 16)
#define TX_LEN_MASK	0xffffu
#define TX_ERR_BITS	((1u << 25) | (1u << 23) | (1u << 22) | (1u << 21) | \
			 (1u << 20))
#define TX_RING_MAX	64	/* the chip wraps its Tx index at 64 */
#define TX_BUF_SIZE	65536
#define MIN_FRAME	60
#define RX_MAX_FRAME	(RX_LEN_MASK - 4)	/* largest an Rx descriptor holds */
#define REVID_CPLUS	0x74800000u	/* TCR hardware version bits */

struct rtl_tally {
	uint64_t tx_ok, rx_ok, tx_err;
	uint32_t rx_err;
	uint16_t miss_pkt, fae;
	uint32_t tx_1col, tx_mcol;
	uint64_t rx_ok_phy, rx_ok_brd;
	uint32_t rx_ok_mul;
	uint16_t tx_abt, tx_undrn;
};

struct rtl_state {
	uint8_t perm_mac[6];
	uint8_t idr[8], mar[8];
	uint32_t dtccr[4], tnpds[4];
	uint16_t isr, imr, mulint, cpcr, bmcr, bmsr, anar, anlpar, aner;
	uint32_t tcr, rcr, mpc, rdsar_lo, rdsar_hi;
	uint8_t cr, cfg9346, config0, config1, config3, config4, config5;
	uint8_t etthr;
	bool cplus, link_up, tx_pending;
	uint32_t rx_cur, tx_cur, tx_off;
	struct rtl_eeprom ee;
	struct rtl_tally tally;
	uint8_t txbuf[TX_BUF_SIZE];
};

static const uint8_t default_mac[6] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };

static struct rtl_state *st(struct ndl_sim_dev *dev)
{
	return ndl_sim_priv(dev);
}

static void update_irq(struct ndl_sim_dev *dev)
{
	struct rtl_state *s = st(dev);

	ndl_sim_set_irq(dev, (s->isr & s->imr) != 0);
}

static void put_le16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void put_le32(uint8_t *p, uint32_t v)
{
	put_le16(p, (uint16_t)v);
	put_le16(p + 2, (uint16_t)(v >> 16));
}

static void put_le64(uint8_t *p, uint64_t v)
{
	put_le32(p, (uint32_t)v);
	put_le32(p + 4, (uint32_t)(v >> 32));
}

static uint32_t get_le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Chip reset (CR.RST): registers to defaults; EEPROM and link kept. */
static void chip_reset(struct ndl_sim_dev *dev)
{
	struct rtl_state *s = st(dev);

	memcpy(s->idr, s->perm_mac, 6);
	s->idr[6] = s->idr[7] = 0;
	s->isr = 0;
	s->imr = 0;
	memset(s->dtccr, 0, sizeof(s->dtccr));
	memset(s->tnpds, 0, sizeof(s->tnpds));
	s->rdsar_lo = s->rdsar_hi = 0;
	s->rx_cur = s->tx_cur = s->tx_off = 0;
	s->tx_pending = false;
	s->tcr = REVID_CPLUS;
	s->rcr = 0;
	s->cr = 0;
	s->config0 = 0;
	s->config1 = 0x0c;	/* I/O and memory mapped registers present */
	s->config3 = 0x01;
	s->config5 = 0;
	s->cpcr = 0;
	s->cplus = false;
	s->bmcr = 0x1000;	/* autonegotiation */
	s->bmsr = 0x7809 | 0x0020 | (s->link_up ? BMSR_LINK : 0);
	s->anar = s->anlpar = 0x05e1;
	s->aner = 0x0001;
	memset(&s->tally, 0, sizeof(s->tally));
	update_irq(dev);
}

static void eeprom_load(struct rtl_state *s)
{
	memset(s->ee.word, 0, sizeof(s->ee.word));
	s->ee.word[0] = 0x8129;
	s->ee.word[1] = 0x10ec;
	s->ee.word[2] = 0x8139;
	for (int i = 0; i < 3; i++)
		s->ee.word[7 + i] = (uint16_t)(s->perm_mac[2 * i] |
					       s->perm_mac[2 * i + 1] << 8);
}

static int rtl_power_on(struct ndl_sim_dev *dev)
{
	struct rtl_state *s = st(dev);
	uint8_t *cfg = ndl_sim_config(dev);

	memset(s, 0, sizeof(*s));
	memcpy(s->perm_mac, default_mac, 6);
	eeprom_load(s);
	s->link_up = true;
	cfg[0x3d] = 1;		/* INTA# */
	chip_reset(dev);
	return 0;
}

void ndl_sim_rtl8139_set_mac(struct ndl_sim_dev *dev, const uint8_t mac[6])
{
	struct rtl_state *s = st(dev);

	memcpy(s->perm_mac, mac, 6);
	memcpy(s->idr, mac, 6);
	eeprom_load(s);
}

void ndl_sim_rtl8139_set_link(struct ndl_sim_dev *dev, bool up)
{
	struct rtl_state *s = st(dev);

	s->link_up = up;
	if (up)
		s->bmsr |= BMSR_LINK;
	else
		s->bmsr &= (uint16_t)~BMSR_LINK;
	s->isr |= INT_LINKCHG;
	update_irq(dev);
}

/* IEEE 802.3 FCS (reflected CRC-32), as the MAC appends it. */
static uint32_t fcs32(const uint8_t *p, size_t len)
{
	uint32_t crc = 0xffffffff;

	while (len--) {
		crc ^= *p++;
		for (int i = 0; i < 8; i++)
			crc = crc >> 1 ^ (0xedb88320 & -(crc & 1));
	}
	return ~crc;
}

/* Big-endian CRC-32 of a destination address; top 6 bits pick MAR bit. */
static unsigned int mcast_index(const uint8_t *addr)
{
	uint32_t crc = 0xffffffff;

	for (int i = 0; i < 6; i++) {
		uint8_t b = addr[i];

		for (int j = 0; j < 8; j++, b >>= 1) {
			uint32_t carry = (crc >> 31 ^ b) & 1;

			crc <<= 1;
			if (carry)
				crc = (crc ^ 0x04c11db6) | carry;
		}
	}
	return crc >> 26;
}

/* Receive filter; *flags gets the descriptor's address-match bits. */
static bool rx_accept(struct rtl_state *s, const uint8_t *f, uint32_t *flags)
{
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	unsigned int idx;

	*flags = 0;
	if (!memcmp(f, bcast, 6)) {
		*flags = RX_BAR;
		return (s->rcr & (RCR_AB | RCR_AAP)) != 0;
	}
	if (f[0] & 1) {
		*flags = RX_MAR;
		if (s->rcr & RCR_AAP)
			return true;
		idx = mcast_index(f);
		return (s->rcr & RCR_AM) && (s->mar[idx >> 3] & (1 << (idx & 7)));
	}
	if (!memcmp(f, s->idr, 6)) {
		*flags = RX_PAM;
		return (s->rcr & (RCR_APM | RCR_AAP)) != 0;
	}
	return (s->rcr & RCR_AAP) != 0;
}

static void rx_missed(struct ndl_sim_dev *dev)
{
	struct rtl_state *s = st(dev);

	s->isr |= INT_RDU;
	s->mpc = (s->mpc + 1) & 0xffffff;
	s->tally.rx_err++;
	s->tally.miss_pkt++;
	update_irq(dev);
}

static bool do_receive(struct ndl_sim_dev *dev, const void *frame, size_t len)
{
	struct rtl_state *s = st(dev);
	uint8_t buf[RX_MAX_FRAME + 4], d[16];
	uint64_t desc, addr;
	uint32_t opts1, opts2, flags;

	if (!(s->cr & CR_RE) || !(s->cpcr & CP_RXENB) || len < 14)
		return false;
	if (!rx_accept(s, frame, &flags)) {
		s->tally.rx_err++;
		return false;
	}
	if (!s->rdsar_lo && !s->rdsar_hi)
		return false;	/* rings not set up yet */
	if (len > RX_MAX_FRAME) {	/* fits no descriptor */
		rx_missed(dev);
		return false;
	}
	memcpy(buf, frame, len);
	if (len < MIN_FRAME) {
		memset(buf + len, 0, MIN_FRAME - len);
		len = MIN_FRAME;
	}
	put_le32(buf + len, fcs32(buf, len));

	desc = ((uint64_t)s->rdsar_hi << 32 | s->rdsar_lo) + 16ull * s->rx_cur;
	if (!ndl_sim_dma_read(dev, desc, d, sizeof(d))) {
		s->isr |= INT_SERR;
		update_irq(dev);
		return false;
	}
	opts1 = get_le32(d);
	opts2 = get_le32(d + 4);
	addr = get_le32(d + 8) | (uint64_t)get_le32(d + 12) << 32;
	if (!(opts1 & DESC_OWN) || len + 4 > (opts1 & RX_LEN_MASK)) {
		rx_missed(dev);
		return false;
	}
	if (!ndl_sim_dma_write(dev, addr, buf, len + 4)) {
		s->isr |= INT_SERR;
		update_irq(dev);
		return false;
	}
	opts1 = (opts1 & DESC_EOR) | DESC_FS | DESC_LS | flags |
		(uint32_t)(len + 4);
	opts2 &= ~RX_TAVA;
	put_le32(d, opts1);
	put_le32(d + 4, opts2);
	ndl_sim_dma_write(dev, desc, d, 8);
	s->rx_cur = (opts1 & DESC_EOR) ? 0 : s->rx_cur + 1;
	s->tally.rx_ok++;
	if (flags & RX_BAR)
		s->tally.rx_ok_brd++;
	else if (flags & RX_MAR)
		s->tally.rx_ok_mul++;
	else
		s->tally.rx_ok_phy++;
	s->isr |= INT_ROK;
	update_irq(dev);
	return true;
}

static bool rtl_receive(struct ndl_sim_dev *dev, const void *frame, size_t len)
{
	return do_receive(dev, frame, len);
}

/* A finished frame (or segment) to the wire, or back in on loopback. */
static void tx_emit(struct ndl_sim_dev *dev, const uint8_t *f, size_t len)
{
	if ((st(dev)->tcr & TCR_LOOPBACK) == TCR_LOOPBACK)
		do_receive(dev, f, len);
	else
		ndl_sim_transmit(dev, f, len);
}

/* Process one normal-priority Tx descriptor; false when none is ready. */
static bool tx_one(struct ndl_sim_dev *dev)
{
	struct rtl_state *s = st(dev);
	uint64_t desc, addr;
	uint32_t opts1, size, asked;
	uint8_t d[16];

	desc = ((uint64_t)s->tnpds[1] << 32 | s->tnpds[0]) + 16ull * s->tx_cur;
	if (!ndl_sim_dma_read(dev, desc, d, sizeof(d))) {
		s->isr |= INT_SERR;
		return false;
	}
	opts1 = get_le32(d);
	if (!(opts1 & DESC_OWN))
		return false;
	if (opts1 & DESC_FS)
		s->tx_off = 0;
	addr = get_le32(d + 8) | (uint64_t)get_le32(d + 12) << 32;
	size = opts1 & TX_LEN_MASK;
	if (size > TX_BUF_SIZE - s->tx_off)
		size = TX_BUF_SIZE - s->tx_off;
	if (!ndl_sim_dma_read(dev, addr, s->txbuf + s->tx_off, size)) {
		s->isr |= INT_SERR;
		s->tally.tx_err++;
		size = 0;
	}
	s->tx_off += size;
	s->tx_cur = (opts1 & DESC_EOR) ? 0 : (s->tx_cur + 1) % TX_RING_MAX;
	/* The status written back overlaps the MSS: keep what was asked. */
	asked = opts1;
	opts1 &= ~(DESC_OWN | TX_ERR_BITS);
	put_le32(d, opts1);
	ndl_sim_dma_write(dev, desc, d, 4);
	if (opts1 & DESC_LS) {
		size_t len = s->tx_off;

		s->tx_off = 0;
		s->tally.tx_ok++;
		/* The last descriptor's offload bits apply to the frame. */
		if (len)
			rtl_tx_offload(dev, s->txbuf, len, asked, tx_emit);
	}
	return true;
}

static void rtl_poll(struct ndl_sim_dev *dev)
{
	struct rtl_state *s = st(dev);
	int n = 0;

	if (!s->tx_pending)
		return;
	s->tx_pending = false;
	if (!(s->cr & CR_TE) || !(s->cpcr & CP_TXENB))
		return;
	while (n < TX_RING_MAX && tx_one(dev))
		n++;
	if (n)
		s->isr |= INT_TOK;
	update_irq(dev);
}

static void dump_tally(struct ndl_sim_dev *dev)
{
	struct rtl_state *s = st(dev);
	const struct rtl_tally *t = &s->tally;
	uint64_t at = ((uint64_t)s->dtccr[1] << 32) | (s->dtccr[0] & ~0x3fu);
	uint8_t b[64];

	put_le64(b, t->tx_ok);
	put_le64(b + 8, t->rx_ok);
	put_le64(b + 16, t->tx_err);
	put_le32(b + 24, t->rx_err);
	put_le16(b + 28, t->miss_pkt);
	put_le16(b + 30, t->fae);
	put_le32(b + 32, t->tx_1col);
	put_le32(b + 36, t->tx_mcol);
	put_le64(b + 40, t->rx_ok_phy);
	put_le64(b + 48, t->rx_ok_brd);
	put_le32(b + 56, t->rx_ok_mul);
	put_le16(b + 60, t->tx_abt);
	put_le16(b + 62, t->tx_undrn);
	if (!ndl_sim_dma_write(dev, at, b, sizeof(b)))
		s->isr |= INT_SERR;
	s->dtccr[0] &= ~0x8u;
}

static void write_cr(struct ndl_sim_dev *dev, uint8_t v)
{
	struct rtl_state *s = st(dev);

	if (v & CR_RST)
		chip_reset(dev);
	if (v & CR_RE)
		s->rx_cur = 0;
	if (v & CR_TE)
		s->tx_cur = 0;
	s->cr = v & (CR_RE | CR_TE);
}

static void write_9346(struct ndl_sim_dev *dev, uint8_t v)
{
	struct rtl_state *s = st(dev);

	v = (uint8_t)((v & ~0x31) | (s->cfg9346 & 0x31));
	if ((v & 0xc0) == 0x80) {
		rtl_eeprom_pins(&s->ee, !!(v & 0x08), !!(v & 0x04),
				!!(v & 0x02));
	} else if ((v & 0xc0) == 0x40) {	/* auto-load: a reset */
		v = 0;
		chip_reset(dev);
	}
	s->cfg9346 = v;
}

static bool config_writable(struct rtl_state *s)
{
	return (s->cfg9346 & 0xc0) == 0xc0;
}

static void writeb(struct ndl_sim_dev *dev, uint32_t a, uint8_t v)
{
	struct rtl_state *s = st(dev);

	if (a < 6) {
		s->idr[a] = v;
	} else if (a >= R_MAR0 && a < R_MAR0 + 8) {
		s->mar[a - R_MAR0] = v;
	} else if (a == R_CR) {
		write_cr(dev, v);
	} else if (a == R_9346CR) {
		write_9346(dev, v);
	} else if (a == R_CONFIG0 || a == R_CONFIG1 || a == R_CONFIG3 ||
		   a == R_CONFIG4) {
		if (!config_writable(s))
			return;
		if (a == R_CONFIG0)
			s->config0 = (uint8_t)((v & ~0xf8) | (s->config0 & 0xf8));
		else if (a == R_CONFIG1)
			s->config1 = (uint8_t)((v & ~0x0c) | (s->config1 & 0x0c));
		else if (a == R_CONFIG3)
			s->config3 = (uint8_t)((v & ~0x8f) | (s->config3 & 0x8f));
		else
			s->config4 = (uint8_t)((v & ~0x0a) | (s->config4 & 0x0a));
	} else if (a == R_CONFIG5) {
		s->config5 = (uint8_t)((v & ~0x80) | (s->config5 & 0x80));
	} else if (a == R_TPPOLL) {
		if (v & 0x40)
			s->tx_pending = true;
	} else if (a == R_ETTHR) {
		s->etthr = v;
	} else if (a == R_TCR) {	/* byte write of TCR's low byte */
		if (s->cr & CR_TE)
			s->tcr = (s->tcr & 0xffffff00) | v;
	}
}

static void writew(struct ndl_sim_dev *dev, uint32_t a, uint16_t v)
{
	struct rtl_state *s = st(dev);

	switch (a) {
	case R_IMR:
		s->imr = (uint16_t)((v & ~INT_RESERVED) | (s->imr & INT_RESERVED));
		update_irq(dev);
		return;
	case R_ISR:
		/* Write 1 to clear; the reserved bits cannot be cleared. */
		s->isr = (uint16_t)((s->isr & ~v) | (s->isr & INT_RESERVED));
		update_irq(dev);
		return;
	case R_MULINT:
		s->mulint = (uint16_t)((v & 0x0fff) | (s->mulint & 0xf000));
		return;
	case R_CPCR:
		s->cplus = true;
		s->cpcr = (uint16_t)((v & ~0xff84) | (s->cpcr & 0xff84));
		return;
	case R_INTRMIT:
		return;
	case R_BMCR:
		s->bmcr = (uint16_t)((v & ~0x7dff) | (s->bmcr & 0x7dff));
		return;
	case R_ANAR:
		s->anar = v;
		return;
	default:
		writeb(dev, a, (uint8_t)v);
		writeb(dev, a + 1, (uint8_t)(v >> 8));
	}
}

static void writel(struct ndl_sim_dev *dev, uint32_t a, uint32_t v)
{
	struct rtl_state *s = st(dev);

	if (a >= R_DTCCR && a < R_DTCCR + 16 && !(a & 3)) {
		if (!s->cplus)
			return;	/* C-mode TSD registers: not modelled */
		s->dtccr[(a - R_DTCCR) / 4] = v;
		if (a == R_DTCCR && (v & 0x8))
			dump_tally(dev);
		return;
	}
	if (a >= R_TNPDS && a < R_TNPDS + 16 && !(a & 3)) {
		s->tnpds[(a - R_TNPDS) / 4] = v;
		return;
	}
	switch (a) {
	case R_TCR:
		if (s->cr & CR_TE)	/* QEMU drops TCR writes otherwise */
			s->tcr = (v & ~0xfcf0f80fu) | (s->tcr & 0xfcf0f80fu);
		return;
	case R_RCR:
		s->rcr = (v & ~0xf0fc0040u) | (s->rcr & 0xf0fc0040u);
		return;
	case R_MPC:
		s->mpc = 0;
		return;
	case R_RDSAR:
		s->rdsar_lo = v;
		return;
	case R_RDSAR + 4:
		s->rdsar_hi = v;
		return;
	default:
		writew(dev, a, (uint16_t)v);
		writew(dev, a + 2, (uint16_t)(v >> 16));
	}
}

static uint8_t readb(struct ndl_sim_dev *dev, uint32_t a)
{
	struct rtl_state *s = st(dev);

	if (a < 6)
		return s->idr[a];
	if (a >= R_MAR0 && a < R_MAR0 + 8)
		return s->mar[a - R_MAR0];
	if (a >= R_DTCCR && a < R_DTCCR + 16)
		return (uint8_t)(s->dtccr[(a - R_DTCCR) / 4] >> 8 * (a & 3));
	if (a >= R_TNPDS && a < R_TNPDS + 16)
		return (uint8_t)(s->tnpds[(a - R_TNPDS) / 4] >> 8 * (a & 3));
	switch (a) {
	case R_CR:
		return s->cr | CR_BUFE;	/* no C-mode ring: always empty */
	case R_9346CR:
		return (uint8_t)((s->cfg9346 & ~1) |
				 ((s->cfg9346 & 0xc0) == 0x80 ?
				  rtl_eeprom_dout(&s->ee) : 0));
	case R_CONFIG0:
		return s->config0;
	case R_CONFIG1:
		return s->config1;
	case R_CONFIG3:
		return s->config3;
	case R_CONFIG4:
		return s->config4;
	case R_CONFIG5:
		return s->config5;
	case R_MSR:	/* LINKB is the inverse of the PHY's link bit */
		return (uint8_t)(0xd0 | (~s->bmsr & BMSR_LINK));
	case R_PCIREV:
		return 0x20;
	case R_ETTHR:
		return s->etthr;
	default:
		if (a >= R_TCR && a < R_TCR + 4)
			return (uint8_t)(s->tcr >> 8 * (a - R_TCR));
		if (a >= R_RCR && a < R_RCR + 4)
			return (uint8_t)(s->rcr >> 8 * (a - R_RCR));
		return 0;
	}
}

static uint16_t readw(struct ndl_sim_dev *dev, uint32_t a)
{
	struct rtl_state *s = st(dev);

	switch (a) {
	case R_IMR:
		return s->imr;
	case R_ISR:
		return s->isr;
	case R_MULINT:
		return s->mulint;
	case R_CPCR:
		return s->cpcr;
	case R_INTRMIT:
		return 0;
	case R_BMCR:
		return s->bmcr;
	case R_BMSR:
		return s->bmsr;
	case R_ANAR:
		return s->anar;
	case R_ANLPAR:
		return s->anlpar;
	case R_ANER:
		return s->aner;
	default:
		return (uint16_t)(readb(dev, a) | readb(dev, a + 1) << 8);
	}
}

static uint32_t readl(struct ndl_sim_dev *dev, uint32_t a)
{
	struct rtl_state *s = st(dev);

	switch (a) {
	case R_TCR:
		return s->tcr;
	case R_RCR:
		return s->rcr;
	case R_MPC:
		return s->mpc;
	case R_RDSAR:
		return s->rdsar_lo;
	case R_RDSAR + 4:
		return s->rdsar_hi;
	default:
		return (uint32_t)readw(dev, a) | (uint32_t)readw(dev, a + 2) << 16;
	}
}

/* Both BARs decode the same 256 registers; unaligned wide accesses and
 * accesses past the end read as 0 and are ignored, never fault. */
static bool access_ok(uint32_t off, int size)
{
	return (size == 1 || size == 2 || size == 4) && off < 0x100 &&
		off + (uint32_t)size <= 0x100 && !(off & (uint32_t)(size - 1));
}

static uint32_t rtl_read(struct ndl_sim_dev *dev, int bar, uint32_t off,
			 int size)
{
	(void)bar;
	if (!access_ok(off, size))
		return 0;
	if (size == 1)
		return readb(dev, off);
	if (size == 2)
		return readw(dev, off);
	return readl(dev, off);
}

static void rtl_write(struct ndl_sim_dev *dev, int bar, uint32_t off, int size,
		      uint32_t val)
{
	(void)bar;
	if (!access_ok(off, size))
		return;
	if (size == 1)
		writeb(dev, off, (uint8_t)val);
	else if (size == 2)
		writew(dev, off, (uint16_t)val);
	else
		writel(dev, off, val);
}

const struct ndl_sim_model ndl_sim_rtl8139 = {
	.name = "rtl8139",
	.vendor = 0x10ec,
	.device = 0x8139,
	.subvendor = 0x1af4,	/* QEMU's default subsystem IDs */
	.subdevice = 0x1100,
	.revision = 0x20,	/* RTL8139C+ */
	.bars = {
		{ NDL_SIM_BAR_IO, 0x100 },
		{ NDL_SIM_BAR_MEM, 0x100 },
	},
	.priv_size = sizeof(struct rtl_state),
	.reset = rtl_power_on,
	.read = rtl_read,
	.write = rtl_write,
	.receive = rtl_receive,
	.poll = rtl_poll,
};
