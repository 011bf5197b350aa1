// SPDX-License-Identifier: GPL-2.0-only
/*
 * Intel 82540EM device model, after QEMU's hw/net/e1000.c: registers in
 * BAR0 (32-bit accesses), Tx/Rx descriptor rings read and written by DMA
 * (a TDT or TCTL write transmits at once, as in QEMU; legacy and TCP/IP
 * transmit descriptors, with IP and TCP/UDP checksum insertion and TCP
 * segmentation (TSE); receive checks no checksum and says so, IXSM, as
 * QEMU's e1000 does), the
 * interrupt line as (ICR & IMS) != 0 with ICR cleared by reading, EEPROM
 * words through EERD, PHY registers through MDIC (restarting
 * auto-negotiation drops the link until the next poll, which ends it with
 * LSC), the RA/MTA receive filter and the statistics registers. QEMU's
 * quirks are kept: CTRL.RST resets nothing, CRCERRS..MPC and the collision
 * counters do not clear when read, short frames are sent unpadded.
 */
#include <string.h>

#include "e1000.h"

enum {	/* register byte offsets */
	R_CTRL = 0x0000, R_STATUS = 0x0008, R_EECD = 0x0010, R_EERD = 0x0014,
	R_MDIC = 0x0020, R_ICR = 0x00c0, R_ICS = 0x00c8, R_IMS = 0x00d0,
	R_IMC = 0x00d8, R_RCTL = 0x0100, R_TCTL = 0x0400,
	R_RDBAL = 0x2800, R_RDBAH = 0x2804, R_RDLEN = 0x2808, R_RDH = 0x2810,
	R_RDT = 0x2818, R_TDBAL = 0x3800, R_TDBAH = 0x3804, R_TDLEN = 0x3808,
	R_TDH = 0x3810, R_TDT = 0x3818,
	R_MPC = 0x4010, R_GPRC = 0x4074, R_BPRC = 0x4078, R_MPRC = 0x407c,
	R_GPTC = 0x4080, R_GORCL = 0x4088, R_GORCH = 0x408c, R_GOTCL = 0x4090,
	R_GOTCH = 0x4094, R_RNBC = 0x40a0, R_RUC = 0x40a4, R_ROC = 0x40ac,
	R_TPR = 0x40d0, R_TPT = 0x40d4, R_TSCTC = 0x40f8,
	R_MTA = 0x5200, R_RA = 0x5400,
};

enum {
	CTRL_SLU = 0x40, CTRL_SPD_1000 = 0x200, CTRL_RST = 0x04000000,
	STATUS_FD = 0x01, STATUS_LU = 0x02, STATUS_SPEED_1000 = 0x80,
	EERD_START = 0x01, EERD_DONE = 0x10, EERD_DONE_82574 = 0x02,
	EECD_PRES = 0x100, EECD_GNT = 0x80,
	MDIC_OP_WRITE = 0x04000000, MDIC_OP_READ = 0x08000000,
	MDIC_READY = 0x10000000, MDIC_ERROR = 0x40000000,
	INT_TXDW = 0x01, INT_TXQE = 0x02, INT_LSC = 0x04, INT_RXDMT0 = 0x10,
	INT_RXO = 0x40, INT_RXT0 = 0x80,
	RCTL_EN = 0x02, RCTL_UPE = 0x08, RCTL_MPE = 0x10, RCTL_LPE = 0x20,
	RCTL_RDMTS_QUAT = 0x100, RCTL_MO_SHIFT = 12, RCTL_BAM = 0x8000,
	RCTL_SECRC = 0x04000000,
	TCTL_EN = 0x02,
	RAH_AV = 0x80000000u,
	TXD_EOP = 0x01, TXD_TSE = 0x04, TXD_RS = 0x08, TXD_DEXT = 0x20,
	TXD_DD = 0x01,
	TUCMD_TCP = 0x01, TUCMD_IP = 0x02, TUCMD_TSE = 0x04,
	TCP_FIN = 0x01, TCP_PSH = 0x08,
	TXD_DTYP_CONTEXT = 0x0, TXD_DTYP_DATA = 0x1,
	POPTS_IXSM = 0x01, POPTS_TXSM = 0x02,
	RXD_DD = 0x01, RXD_EOP = 0x02, RXD_IXSM = 0x04,
};

enum {	/* PHY */
	BMCR = 0, BMSR = 1, ANAR = 4, ANLPAR = 5, CTRL1000 = 9,
	BMCR_ANRESTART = 0x0200, BMCR_AUTOEN = 0x1000, BMCR_RESET = 0x8000,
	BMSR_LINK = 0x0004, BMSR_AN_COMP = 0x0020,
};

#define NREGS		(0x20000 / 4)
#define EE_WORDS	64
#define EE_SUM		0xbaba
#define RX_BUF_SIZE	2048
#define MIN_FRAME	60
#define MAX_FRAME	1518	/* with a VLAN tag, without FCS */
#define TX_MAX		(1u << 18)	/* a TSE packet's header and payload */
#define SEG_MAX		(255 + 65535)	/* HDRLEN + MSS at their widest */

struct e1k_state {
	uint32_t reg[NREGS];
	uint16_t phy[32];
	uint16_t ee[EE_WORDS];
	uint8_t mac[6];
	bool cable;		/* the link partner is there */
	bool is_82574;		/* the e1000e model: 82574L EERD layout */
	bool an_pending;	/* auto-negotiation running */
	uint32_t tx_len;
	bool tx_open;		/* between a packet's first descriptor and EOP */
	uint8_t tx_popts;	/* its first data descriptor's POPTS */
	bool tx_tse;		/* ... and its DCMD.TSE */
	struct {		/* the TCP/IP context: offsets into the frame */
		uint32_t ipcss, ipcso, ipcse, tucss, tucso, tucse;
		uint32_t paylen, hdrlen, mss;	/* segmentation */
		uint8_t tucmd;
	} ctx;
	uint32_t ctx_loads;	/* context descriptors taken */
	uint32_t tso_packets;	/* packets segmented */
	uint8_t tx[TX_MAX];
	uint8_t seg[SEG_MAX];
};

static const uint8_t default_mac[6] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };

static struct e1k_state *st(struct ndl_sim_dev *dev)
{
	return ndl_sim_priv(dev);
}

static uint32_t *r(struct ndl_sim_dev *dev, uint32_t off)
{
	return &st(dev)->reg[off >> 2];
}

static uint32_t get_le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put_le32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_le64(const uint8_t *p)
{
	return get_le32(p) | (uint64_t)get_le32(p + 4) << 32;
}

static void update_irq(struct ndl_sim_dev *dev)
{
	ndl_sim_set_irq(dev, (*r(dev, R_ICR) & *r(dev, R_IMS)) != 0);
}

static void raise_cause(struct ndl_sim_dev *dev, uint32_t cause)
{
	*r(dev, R_ICR) |= cause;
	update_irq(dev);
}

static void eeprom_load(struct e1k_state *s)
{
	uint16_t sum = 0;

	memset(s->ee, 0, sizeof(s->ee));
	for (int i = 0; i < 3; i++)
		s->ee[i] = (uint16_t)(s->mac[2 * i] | s->mac[2 * i + 1] << 8);
	s->ee[11] = s->ee[13] = s->is_82574 ? 0x10d3 : 0x100e;
	for (int i = 0; i < EE_WORDS - 1; i++)
		sum = (uint16_t)(sum + s->ee[i]);
	s->ee[EE_WORDS - 1] = (uint16_t)(EE_SUM - sum);
}

static void load_ra0(struct e1k_state *s)
{
	s->reg[R_RA >> 2] = get_le32(s->mac);
	s->reg[(R_RA + 4) >> 2] = (s->mac[4] | s->mac[5] << 8) | RAH_AV;
}

static void link_down(struct e1k_state *s)
{
	s->reg[R_STATUS >> 2] &= ~STATUS_LU;
	s->phy[BMSR] &= ~(BMSR_LINK | BMSR_AN_COMP);
}

static void link_up(struct e1k_state *s)
{
	s->reg[R_STATUS >> 2] |= STATUS_LU;
	s->phy[BMSR] |= BMSR_LINK | BMSR_AN_COMP;
}

/* PCI reset: the only reset QEMU's e1000 has. */
static int e1k_power_on(struct ndl_sim_dev *dev)
{
	struct e1k_state *s = st(dev);
	uint8_t mac[6];

	/* The address set before (ndl_sim_e1000_set_mac) survives. */
	memcpy(mac, s->mac[0] | s->mac[1] | s->mac[2] | s->mac[3] | s->mac[4] |
	       s->mac[5] ? s->mac : default_mac, 6);
	memset(s, 0, sizeof(*s));
	memcpy(s->mac, mac, 6);
	s->is_82574 = (ndl_sim_config(dev)[2] | ndl_sim_config(dev)[3] << 8) ==
		      0x10d3;
	eeprom_load(s);
	s->cable = true;
	s->reg[R_CTRL >> 2] = CTRL_SLU | CTRL_SPD_1000;
	s->reg[R_STATUS >> 2] = STATUS_FD | STATUS_SPEED_1000 | STATUS_LU;
	s->phy[BMCR] = BMCR_AUTOEN | 0x0140;	/* 1000 Mbit/s, full duplex */
	s->phy[BMSR] = 0x7949 | BMSR_LINK;	/* abilities; AN not done */
	s->phy[2] = 0x0141;
	s->phy[3] = 0x0c20;
	s->phy[ANAR] = 0x0de1;
	s->phy[ANLPAR] = 0x01e0;
	s->phy[CTRL1000] = 0x0e00;
	load_ra0(s);
	ndl_sim_config(dev)[0x3d] = 1;	/* INTA# */
	update_irq(dev);
	return 0;
}

void ndl_sim_e1000_set_mac(struct ndl_sim_dev *dev, const uint8_t mac[6])
{
	struct e1k_state *s = st(dev);

	memcpy(s->mac, mac, 6);
	eeprom_load(s);
	load_ra0(s);
}

uint32_t ndl_sim_e1000_contexts(struct ndl_sim_dev *dev)
{
	return st(dev)->ctx_loads;
}

uint32_t ndl_sim_e1000_tso_packets(struct ndl_sim_dev *dev)
{
	return st(dev)->tso_packets;
}

void ndl_sim_e1000_corrupt_eeprom(struct ndl_sim_dev *dev)
{
	st(dev)->ee[EE_WORDS - 1] ^= 0x5a5a;
}

void ndl_sim_e1000_set_link(struct ndl_sim_dev *dev, bool up)
{
	struct e1k_state *s = st(dev);
	uint32_t old = s->reg[R_STATUS >> 2];

	s->cable = up;
	if (!up) {
		link_down(s);
		s->an_pending = false;
	} else if ((s->phy[BMCR] & BMCR_AUTOEN) &&
		   !(s->phy[BMSR] & BMSR_AN_COMP)) {
		s->an_pending = true;	/* the link comes with the next poll */
	} else {
		link_up(s);
	}
	if (s->reg[R_STATUS >> 2] != old)
		raise_cause(dev, INT_LSC);
}

/* ---- transmit ----------------------------------------------------------- */

/* A 64-bit octet counter (low register at lo, high at lo + 4), FCS too. */
static void add_octets(struct e1k_state *s, uint32_t lo, uint32_t len)
{
	uint64_t oct = ((uint64_t)s->reg[(lo + 4) >> 2] << 32 |
			s->reg[lo >> 2]) + len + 4;

	s->reg[lo >> 2] = (uint32_t)oct;
	s->reg[(lo + 4) >> 2] = (uint32_t)(oct >> 32);
}

static void count_tx(struct e1k_state *s, uint32_t len)
{
	s->reg[R_GPTC >> 2]++;
	s->reg[R_TPT >> 2]++;
	add_octets(s, R_GOTCL, len);
}

/*
 * Checksum offload: the one's complement sum of the frame from css to cse
 * (inclusive; 0 or past the end: to the end), complemented and stored at
 * cso, big-endian. What is at cso counts in the sum, as on the chip: the
 * stack leaves the pseudo-header sum there (TCP, UDP) or zero (IP). A sum
 * of 0 goes out as 0xffff, as QEMU's model does.
 */
static void insert_csum(uint8_t *f, uint32_t len, uint32_t css, uint32_t cso,
			uint32_t cse)
{
	uint32_t end = cse && cse < len ? cse + 1 : len, sum = 0, i;

	if (css >= end || cso + 2 > end)
		return;
	for (i = css; i + 1 < end; i += 2)
		sum += (uint32_t)f[i] << 8 | f[i + 1];
	if (i < end)
		sum += (uint32_t)f[i] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	sum = ~sum & 0xffff;
	if (!sum)
		sum = 0xffff;
	f[cso] = (uint8_t)(sum >> 8);
	f[cso + 1] = (uint8_t)sum;
}

/*
 * A context descriptor: the offsets the next data descriptors use, and
 * for segmentation PAYLEN (bits 19:0 of the third dword), TUCMD (its top
 * byte), HDRLEN and MSS (the last dword's upper bytes).
 */
static void load_context(struct e1k_state *s, const uint8_t *d)
{
	s->ctx.ipcss = d[0];
	s->ctx.ipcso = d[1];
	s->ctx.ipcse = d[2] | d[3] << 8;
	s->ctx.tucss = d[4];
	s->ctx.tucso = d[5];
	s->ctx.tucse = d[6] | d[7] << 8;
	s->ctx.paylen = get_le32(d + 8) & 0xfffff;
	s->ctx.tucmd = d[11];
	s->ctx.hdrlen = d[13];
	s->ctx.mss = d[14] | d[15] << 8;
	s->ctx_loads++;
}

static uint16_t get_be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static void put_be16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

/* A frame to the wire with the checksums its packet's POPTS ask for. */
static void tx_frame(struct ndl_sim_dev *dev, uint8_t *f, uint32_t len)
{
	struct e1k_state *s = st(dev);

	if (s->tx_popts & POPTS_TXSM)
		insert_csum(f, len, s->ctx.tucss, s->ctx.tucso, s->ctx.tucse);
	if (s->tx_popts & POPTS_IXSM)
		insert_csum(f, len, s->ctx.ipcss, s->ctx.ipcso, s->ctx.ipcse);
	if (len)
		ndl_sim_transmit(dev, f, len);
	count_tx(s, len);
}

/*
 * TCP segmentation, as the 8254x/82574 datasheets describe it: the first
 * HDRLEN bytes are the header template, the PAYLEN bytes after them go
 * out MSS at a time (the last segment takes the rest), each behind a copy
 * of the template with the per-segment fields fixed up: the IPv4 total
 * length and identification (+1 a segment) or the IPv6 payload length;
 * the TCP sequence number (+ the payload bytes before it), PSH and FIN
 * only in the last segment; the UDP length for UDP. The checksum field
 * holds the pseudo-header sum without the length: the segment's TCP/UDP
 * length is added to it before the checksum is computed. Payload beyond
 * what the descriptors brought is not sent; no header, nothing sent.
 */
static void tx_segment(struct ndl_sim_dev *dev)
{
	struct e1k_state *s = st(dev);
	uint32_t hdr = s->ctx.hdrlen, mss = s->ctx.mss, pay, off = 0, n = 0;
	uint32_t ipcss = s->ctx.ipcss, tucss = s->ctx.tucss;
	uint8_t *f = s->seg;

	if (hdr > s->tx_len || !mss || ipcss + 20 > hdr || tucss + 8 > hdr ||
	    ((s->ctx.tucmd & TUCMD_TCP) && tucss + 20 > hdr) ||
	    s->ctx.tucso + 2 > hdr)
		return;
	pay = s->tx_len - hdr;
	if (s->ctx.paylen < pay)
		pay = s->ctx.paylen;
	do {
		uint32_t seg = pay - off < mss ? pay - off : mss;
		uint32_t len = hdr + seg, l4 = len - tucss, sum;
		bool last = off + seg == pay;

		memcpy(f, s->tx, hdr);
		memcpy(f + hdr, s->tx + hdr + off, seg);
		if (s->ctx.tucmd & TUCMD_IP) {
			put_be16(f + ipcss + 2, len - ipcss);
			put_be16(f + ipcss + 4, get_be16(f + ipcss + 4) + n);
		} else {
			put_be16(f + ipcss + 4, len - ipcss - 40);
		}
		if (s->ctx.tucmd & TUCMD_TCP) {
			uint8_t *p = f + tucss + 4;
			uint32_t seq = ((uint32_t)get_be16(p) << 16 |
					get_be16(p + 2)) + off;

			put_be16(p, seq >> 16);
			put_be16(p + 2, seq);
			if (!last)
				f[tucss + 13] &= (uint8_t)~(TCP_PSH | TCP_FIN);
		} else {
			put_be16(f + tucss + 4, l4);
		}
		if (s->tx_popts & POPTS_TXSM) {
			sum = get_be16(f + s->ctx.tucso) + l4;
			put_be16(f + s->ctx.tucso, (sum & 0xffff) + (sum >> 16));
		}
		tx_frame(dev, f, len);
		off += seg;
		n++;
	} while (off < pay);
	s->tso_packets++;
	s->reg[R_TSCTC >> 2]++;
}

/* A legacy or TCP/IP data descriptor: its bytes, and the frame at EOP. */
static void tx_data(struct ndl_sim_dev *dev, const uint8_t *d, uint32_t len,
		    bool dext, bool eop)
{
	struct e1k_state *s = st(dev);

	if (!s->tx_open) {
		/* POPTS and TSE count in a packet's first descriptor only. */
		s->tx_popts = dext ? d[13] : 0;
		s->tx_tse = dext && (d[11] & TXD_TSE);
		s->tx_open = true;
	}
	if (len > TX_MAX - s->tx_len)
		len = TX_MAX - s->tx_len;
	if (len && !ndl_sim_dma_read(dev, get_le64(d), s->tx + s->tx_len, len))
		len = 0;
	s->tx_len += len;
	if (!eop)
		return;
	if (s->tx_tse && (s->ctx.tucmd & TUCMD_TSE))
		tx_segment(dev);
	else
		tx_frame(dev, s->tx, s->tx_len);
	s->tx_len = 0;
	s->tx_open = false;
}

/*
 * Legacy descriptors (16-bit length, no checksum here), TCP/IP context
 * descriptors and TCP/IP data descriptors (20-bit length, POPTS, TSE).
 */
static void start_xmit(struct ndl_sim_dev *dev)
{
	struct e1k_state *s = st(dev);
	uint32_t ndesc = s->reg[R_TDLEN >> 2] / 16, cause = INT_TXQE;
	uint64_t base = (uint64_t)s->reg[R_TDBAH >> 2] << 32 |
			(s->reg[R_TDBAL >> 2] & ~0xfu);

	if (!(s->reg[R_TCTL >> 2] & TCTL_EN) || !ndesc)
		return;
	while (s->reg[R_TDH >> 2] != s->reg[R_TDT >> 2]) {
		uint32_t h = s->reg[R_TDH >> 2];
		uint8_t d[16];
		uint32_t lower, cmd, dtyp;

		if (h >= ndesc || !ndl_sim_dma_read(dev, base + h * 16, d, 16))
			break;
		lower = get_le32(d + 8);
		cmd = lower >> 24;
		dtyp = (lower >> 20) & 0xf;
		if (!(cmd & TXD_DEXT))
			tx_data(dev, d, lower & 0xffff, false, cmd & TXD_EOP);
		else if (dtyp == TXD_DTYP_CONTEXT)
			load_context(s, d);
		else if (dtyp == TXD_DTYP_DATA)
			tx_data(dev, d, lower & 0xfffff, true, cmd & TXD_EOP);
		if (cmd & TXD_RS) {
			d[12] |= TXD_DD;
			ndl_sim_dma_write(dev, base + h * 16 + 12, d + 12, 4);
			cause |= INT_TXDW;
		}
		s->reg[R_TDH >> 2] = (h + 1) % ndesc;
	}
	raise_cause(dev, cause);
}

/* ---- receive ------------------------------------------------------------ */

static bool rx_filter(struct e1k_state *s, const uint8_t *f)
{
	static const int mo_shift[] = { 4, 3, 2, 0 };
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	uint32_t rctl = s->reg[R_RCTL >> 2], hash;

	if (!memcmp(f, bcast, 6)) {
		if (rctl & RCTL_BAM)
			return true;
	} else if (f[0] & 1) {
		if (rctl & RCTL_MPE)
			return true;
	} else if (rctl & RCTL_UPE) {
		return true;
	}
	for (int i = 0; i < 16; i++) {
		uint8_t ra[8];

		if (!(s->reg[(R_RA >> 2) + 2 * i + 1] & RAH_AV))
			continue;
		put_le32(ra, s->reg[(R_RA >> 2) + 2 * i]);
		put_le32(ra + 4, s->reg[(R_RA >> 2) + 2 * i + 1]);
		if (!memcmp(f, ra, 6))
			return true;
	}
	hash = ((f[5] << 8 | f[4]) >> mo_shift[(rctl >> RCTL_MO_SHIFT) & 3]) &
	       0xfff;
	return s->reg[(R_MTA >> 2) + (hash >> 5)] & (1u << (hash & 31));
}

static void count_rx(struct e1k_state *s, const uint8_t *f, uint32_t len)
{
	s->reg[R_GPRC >> 2]++;
	s->reg[R_TPR >> 2]++;
	add_octets(s, R_GORCL, len);
	if ((f[0] & f[1] & f[2] & f[3] & f[4] & f[5]) == 0xff)
		s->reg[R_BPRC >> 2]++;
	else if (f[0] & 1)
		s->reg[R_MPRC >> 2]++;
}

static bool e1k_receive(struct ndl_sim_dev *dev, const void *frame, size_t len)
{
	struct e1k_state *s = st(dev);
	uint32_t ndesc = s->reg[R_RDLEN >> 2] / 16, h = s->reg[R_RDH >> 2];
	uint32_t rctl = s->reg[R_RCTL >> 2], total, tail, cause = INT_RXT0;
	uint64_t base = (uint64_t)s->reg[R_RDBAH >> 2] << 32 |
			(s->reg[R_RDBAL >> 2] & ~0xfu);
	uint8_t f[MAX_FRAME], d[16];

	if (!(s->reg[R_STATUS >> 2] & STATUS_LU) || !(rctl & RCTL_EN) || !ndesc)
		return false;
	if (len > MAX_FRAME && !(rctl & RCTL_LPE)) {
		s->reg[R_ROC >> 2]++;
		return true;
	}
	if (len > MAX_FRAME)
		return false;	/* jumbo frames are not modelled */
	memcpy(f, frame, len);
	if (len < MIN_FRAME) {
		memset(f + len, 0, MIN_FRAME - len);
		len = MIN_FRAME;
	}
	if (!rx_filter(s, f))
		return true;
	total = (uint32_t)len + (rctl & RCTL_SECRC ? 0 : 4);
	/* Only RDBAL..RDT-1 are the driver's gift; none left: overrun. */
	if (h == s->reg[R_RDT >> 2] || h >= ndesc || total > RX_BUF_SIZE) {
		s->reg[R_MPC >> 2]++;
		s->reg[R_RNBC >> 2]++;
		raise_cause(dev, INT_RXO);
		return false;
	}
	if (!ndl_sim_dma_read(dev, base + h * 16, d, 16))
		return false;
	if (get_le64(d))
		ndl_sim_dma_write(dev, get_le64(d), f, len);
	d[8] = (uint8_t)total;
	d[9] = (uint8_t)(total >> 8);
	d[12] = RXD_DD | RXD_EOP | RXD_IXSM;
	d[13] = 0;	/* errors */
	ndl_sim_dma_write(dev, base + h * 16, d, 16);
	s->reg[R_RDH >> 2] = h = (h + 1) % ndesc;
	count_rx(s, f, (uint32_t)len);
	tail = s->reg[R_RDT >> 2];
	if (tail < h)
		tail += ndesc;
	if ((tail - h) * 16 <= s->reg[R_RDLEN >> 2] >>
	    (((rctl / RCTL_RDMTS_QUAT) & 3) + 1))
		cause |= INT_RXDMT0;
	raise_cause(dev, cause);
	return true;
}

/* Auto-negotiation ends at the next poll (QEMU: after 500 ms). */
static void e1k_poll(struct ndl_sim_dev *dev)
{
	struct e1k_state *s = st(dev);

	if (!s->an_pending || !s->cable)
		return;
	s->an_pending = false;
	link_up(s);
	raise_cause(dev, INT_LSC);
}

/* ---- registers ---------------------------------------------------------- */

static bool phy_readable(uint32_t a)
{
	return a <= 6 || a == 9 || a == 10 || a == 0x10 || a == 0x11 ||
	       a == 0x14 || a == 0x15;
}

static void write_mdic(struct ndl_sim_dev *dev, uint32_t v)
{
	struct e1k_state *s = st(dev);
	uint32_t a = (v >> 16) & 0x1f;
	uint16_t data = (uint16_t)v;

	if (((v >> 21) & 0x1f) != 1) {
		v = s->reg[R_MDIC >> 2] | MDIC_ERROR;
	} else if (v & MDIC_OP_READ) {
		v = phy_readable(a) ? (v & ~0xffffu) | s->phy[a] :
				      v | MDIC_ERROR;
	} else if (v & MDIC_OP_WRITE) {
		if (a == BMCR) {
			s->phy[BMCR] = data & ~(0x3f | BMCR_RESET |
						BMCR_ANRESTART);
			if ((s->phy[BMCR] & BMCR_AUTOEN) &&
			    (data & BMCR_ANRESTART)) {
				link_down(s);
				s->an_pending = true;
			}
		} else if (a == ANAR || a == CTRL1000 || a == 0x10 ||
			   a == 0x14) {
			s->phy[a] = data;
		} else {
			v |= MDIC_ERROR;
		}
	}
	s->reg[R_MDIC >> 2] = v | MDIC_READY;
}

/*
 * EERD: the 8254x has start in bit 0, done in bit 4 and the word address
 * from bit 8; the 82574 done in bit 1 and the address from bit 2.
 */
static uint32_t read_eerd(struct e1k_state *s)
{
	uint32_t v = s->reg[R_EERD >> 2];
	uint32_t done = s->is_82574 ? EERD_DONE_82574 : EERD_DONE;
	uint32_t a = s->is_82574 ? (v & ~EERD_START) >> 2 & 0x3fff :
				   (v & ~EERD_START) >> 8;

	if (!(v & EERD_START))
		return v;
	if (a >= EE_WORDS)
		return done | (v & ~EERD_START);
	return (uint32_t)s->ee[a] << 16 | done | (v & ~EERD_START);
}

static uint32_t read_reg(struct ndl_sim_dev *dev, uint32_t off)
{
	struct e1k_state *s = st(dev);
	uint32_t v = *r(dev, off);

	switch (off) {
	case R_ICR:
		*r(dev, R_ICR) = 0;
		update_irq(dev);
		return v;
	case R_EERD:
		return read_eerd(s);
	case R_EECD:
		return v | EECD_PRES | EECD_GNT;
	/* Statistics QEMU clears on read (CRCERRS..MPC it does not). */
	case R_GPRC: case R_GPTC: case R_TPR: case R_TPT: case R_BPRC:
	case R_MPRC: case R_RUC: case R_ROC: case R_TSCTC:
		*r(dev, off) = 0;
		return v;
	case R_GORCH: case R_GOTCH:
		*r(dev, off) = *r(dev, off - 4) = 0;
		return v;
	default:
		return v;
	}
}

static void write_reg(struct ndl_sim_dev *dev, uint32_t off, uint32_t v)
{
	switch (off) {
	case R_CTRL:
		*r(dev, off) = v & ~CTRL_RST;	/* and no reset at all */
		break;
	case R_STATUS:
		break;
	case R_ICR:
		*r(dev, R_ICR) &= ~v;
		update_irq(dev);
		break;
	case R_ICS:
		raise_cause(dev, v);
		break;
	case R_IMS:
		*r(dev, R_IMS) |= v;
		update_irq(dev);
		break;
	case R_IMC:
		*r(dev, R_IMS) &= ~v;
		update_irq(dev);
		break;
	case R_MDIC:
		write_mdic(dev, v);
		break;
	case R_TDLEN: case R_RDLEN:
		*r(dev, off) = v & 0xfff80;
		break;
	case R_TDH: case R_RDH: case R_RDT:
		*r(dev, off) = v & 0xffff;
		break;
	case R_TDT: case R_TCTL:
		*r(dev, off) = off == R_TDT ? v & 0xffff : v;
		start_xmit(dev);
		break;
	default:
		*r(dev, off) = v;
		break;
	}
}

/* QEMU implements 32-bit accesses; narrower ones act on the whole word. */
static uint32_t e1k_read(struct ndl_sim_dev *dev, int bar, uint32_t off,
			 int size)
{
	uint32_t v;

	if (bar != 0 || off >= NREGS * 4)
		return 0;
	v = read_reg(dev, off & ~3u) >> (8 * (off & 3));
	return size == 4 ? v : v & ((1u << (8 * size)) - 1);
}

static void e1k_write(struct ndl_sim_dev *dev, int bar, uint32_t off, int size,
		      uint32_t val)
{
	if (bar != 0 || off >= NREGS * 4)
		return;
	write_reg(dev, off & ~3u, size == 4 ? val : val << (8 * (off & 3)));
}

const struct ndl_sim_model ndl_sim_e1000 = {
	.name = "e1000",
	.vendor = 0x8086,
	.device = 0x100e,
	.subvendor = 0x1af4,	/* QEMU's default subsystem IDs */
	.subdevice = 0x1100,
	.revision = 0x03,
	.bars = {
		{ NDL_SIM_BAR_MEM, 0x20000 },
		{ NDL_SIM_BAR_IO, 0x40 },
	},
	.priv_size = sizeof(struct e1k_state),
	.reset = e1k_power_on,
	.read = e1k_read,
	.write = e1k_write,
	.receive = e1k_receive,
	.poll = e1k_poll,
};

/*
 * The Intel 82574L as QEMU's -device e1000e presents it to a driver that
 * uses legacy descriptors and INTx: the same register model with the
 * 82574's IDs, EERD layout and BARs (registers, flash, I/O, MSI-X table).
 */
const struct ndl_sim_model ndl_sim_e1000e = {
	.name = "e1000e",
	.vendor = 0x8086,
	.device = 0x10d3,
	.subvendor = 0x8086,	/* QEMU's e1000e subsystem IDs */
	.subdevice = 0x0000,
	.revision = 0x00,
	.bars = {
		{ NDL_SIM_BAR_MEM, 0x20000 },
		{ NDL_SIM_BAR_MEM, 0x20000 },
		{ NDL_SIM_BAR_IO, 0x20 },
		{ NDL_SIM_BAR_MEM, 0x4000 },
	},
	.priv_size = sizeof(struct e1k_state),
	.reset = e1k_power_on,
	.read = e1k_read,
	.write = e1k_write,
	.receive = e1k_receive,
	.poll = e1k_poll,
};
