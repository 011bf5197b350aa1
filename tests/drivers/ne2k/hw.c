// SPDX-License-Identifier: GPL-2.0-only
/*
 * The DP8390 core of the RTL8029AS: board reset, probe (RTL8029 ID, station
 * address PROM, buffer RAM size), the initialization sequence, remote DMA
 * through the data port (word mode, ring wrap), the receive filter (RCR,
 * PAR, the MAR hash) and the tally counters.
 *
 * The register page lives in CR, which the ISR shares: outside
 * NdisMSynchronizeWithInterrupt the chip always stays on page 0, where
 * the ISR reads ISR and writes IMR. Everything that selects page 1 runs
 * under NdisMSynchronizeWithInterrupt.
 */
#include "ne2k.h"

UCHAR Ne2kIn(PNE2K_ADAPTER A, UINT Reg)
{
	UCHAR V;

	NdisRawReadPortUchar(A->Port + Reg, &V);
	return V;
}

VOID Ne2kOut(PNE2K_ADAPTER A, UINT Reg, UCHAR Value)
{
	NdisRawWritePortUchar(A->Port + Reg, Value);
}

/* Run Fn with the ISR held off (directly before the interrupt exists). */
static VOID Ne2kSync(PNE2K_ADAPTER A, BOOLEAN (*Fn)(PVOID))
{
	if (A->InterruptRegistered)
		NdisMSynchronizeWithInterrupt(&A->Interrupt, (PVOID)Fn, A);
	else
		Fn(A);
}

/* Remote DMA ends with ISR.RDC; a bounded wait, then acknowledge it. */
static VOID Ne2kWaitRdc(PNE2K_ADAPTER A)
{
	UINT i;

	for (i = 0; i < 1000; i++) {
		if (Ne2kIn(A, NE_P0_ISR) & ISR_RDC)
			break;
		NdisStallExecution(1);
	}
	Ne2kOut(A, NE_P0_ISR, ISR_RDC);
}

static VOID Ne2kDmaSetup(PNE2K_ADAPTER A, USHORT Addr, UINT Count, UCHAR Cmd)
{
	Ne2kOut(A, NE_CR, CR_STA | CR_RD_ABORT);
	Ne2kOut(A, NE_P0_RBCR0, (UCHAR)Count);
	Ne2kOut(A, NE_P0_RBCR1, (UCHAR)(Count >> 8));
	Ne2kOut(A, NE_P0_RSAR0, (UCHAR)Addr);
	Ne2kOut(A, NE_P0_RSAR1, (UCHAR)(Addr >> 8));
	Ne2kOut(A, NE_CR, CR_STA | Cmd);
}

/*
 * Len bytes of card memory at Addr into Dst. Word mode moves 16 bits at
 * even addresses only: an odd start or end reads the whole word and keeps
 * the byte asked for.
 */
VOID Ne2kRemoteRead(PNE2K_ADAPTER A, USHORT Addr, PUCHAR Dst, UINT Len)
{
	UINT Skip = Addr & 1, Words;
	USHORT W;

	if (!Len)
		return;
	Ne2kDmaSetup(A, (USHORT)(Addr - Skip), (Skip + Len + 1) & ~1u,
		     CR_RD_READ);
	if (Skip) {
		NdisRawReadPortUshort(A->Port + NE_DATA, &W);
		*Dst++ = (UCHAR)(W >> 8);
		Len--;
	}
	Words = Len / 2;
	if (Words)
		NdisRawReadPortBufferUshort(A->Port + NE_DATA, Dst, Words);
	if (Len & 1) {
		NdisRawReadPortUshort(A->Port + NE_DATA, &W);
		Dst[Len - 1] = (UCHAR)W;
	}
	Ne2kWaitRdc(A);
}

/* Src must hold Len rounded up to even bytes (word mode). */
VOID Ne2kRemoteWrite(PNE2K_ADAPTER A, USHORT Addr, const UCHAR *Src, UINT Len)
{
	UINT Count = (Len + 1) & ~1u;

	Ne2kDmaSetup(A, Addr, Count, CR_RD_WRITE);
	NdisRawWritePortBufferUshort(A->Port + NE_DATA, (PUSHORT)Src, Count / 2);
	Ne2kWaitRdc(A);
}

/* Len bytes from the receive ring at Addr, wrapping from PSTOP to PSTART. */
VOID Ne2kRingRead(PNE2K_ADAPTER A, USHORT Addr, PUCHAR Dst, UINT Len)
{
	UINT Start = (UINT)A->RingStart * NE2K_PAGE;
	UINT Stop = (UINT)A->RingStop * NE2K_PAGE;
	UINT At = Addr;

	while (Len) {
		UINT N;

		if (At >= Stop)
			At -= Stop - Start;
		N = Stop - At;
		if (N > Len)
			N = Len;
		Ne2kRemoteRead(A, (USHORT)At, Dst, N);
		At += N;
		Dst += N;
		Len -= N;
	}
}

static BOOLEAN Ne2kReadCurrSync(PVOID Context)
{
	PNE2K_ADAPTER A = Context;

	Ne2kOut(A, NE_CR, CR_STA | CR_RD_ABORT | CR_PAGE1);
	A->SyncValue = Ne2kIn(A, NE_P1_CURR);
	Ne2kOut(A, NE_CR, CR_STA | CR_RD_ABORT | CR_PAGE0);
	return TRUE;
}

/* CURR, the page the chip writes the next frame to. */
UCHAR Ne2kReadCurr(PNE2K_ADAPTER A)
{
	Ne2kSync(A, Ne2kReadCurrSync);
	return A->SyncValue;
}

/* The Ethernet CRC-32 of an address, bits taken least significant first;
 * its top 6 bits index the 64-bit MAR hash. */
static ULONG Ne2kHashIndex(const UCHAR *Addr)
{
	ULONG Crc = 0xffffffff;
	UINT i, b;

	for (i = 0; i < NE2K_ALEN; i++) {
		UCHAR Byte = Addr[i];

		for (b = 0; b < 8; b++, Byte >>= 1)
			Crc = (Crc << 1) ^ (((Crc >> 31) ^ Byte) & 1 ? 0x04c11db7 : 0);
	}
	return Crc >> 26;
}

/* RCR, PAR and MAR from the packet filter, address and multicast list. */
static BOOLEAN Ne2kFilterSync(PVOID Context)
{
	PNE2K_ADAPTER A = Context;
	UCHAR Mar[8], Rcr = 0, Run = A->Started ? CR_STA : CR_STP;
	ULONG F = A->PacketFilter, i;

	NdisZeroMemory(Mar, sizeof(Mar));
	if (F & NDIS_PACKET_TYPE_BROADCAST)
		Rcr |= RCR_AB;
	if (F & (NDIS_PACKET_TYPE_PROMISCUOUS | NDIS_PACKET_TYPE_ALL_MULTICAST)) {
		Rcr |= RCR_AM;
		NdisFillMemory(Mar, sizeof(Mar), 0xff);
	} else if (F & NDIS_PACKET_TYPE_MULTICAST) {
		Rcr |= RCR_AM;
		for (i = 0; i < A->McCount; i++) {
			ULONG H = Ne2kHashIndex(A->McList[i]);

			Mar[H >> 3] |= (UCHAR)(1 << (H & 7));
		}
	}
	if (F & NDIS_PACKET_TYPE_PROMISCUOUS)
		Rcr |= RCR_PRO | RCR_AB;

	Ne2kOut(A, NE_CR, Run | CR_RD_ABORT | CR_PAGE1);
	for (i = 0; i < NE2K_ALEN; i++)
		Ne2kOut(A, NE_P1_PAR0 + i, A->StationAddress[i]);
	for (i = 0; i < 8; i++)
		Ne2kOut(A, NE_P1_MAR0 + i, Mar[i]);
	Ne2kOut(A, NE_CR, Run | CR_RD_ABORT | CR_PAGE0);
	Ne2kOut(A, NE_P0_RCR, Rcr);
	return TRUE;
}

VOID Ne2kApplyFilter(PNE2K_ADAPTER A)
{
	Ne2kSync(A, Ne2kFilterSync);
}

/* Fold the clear-on-read tally counters into the totals. */
VOID Ne2kReadCounters(PNE2K_ADAPTER A)
{
	A->RxAlign += Ne2kIn(A, NE_P0_CNTR0);
	A->RxCrc += Ne2kIn(A, NE_P0_CNTR1);
	A->RxNoBuffer += Ne2kIn(A, NE_P0_CNTR2);
}

/* Stopped, registers set to a known state, the ring empty. */
static VOID Ne2kQuiesce(PNE2K_ADAPTER A)
{
	Ne2kOut(A, NE_CR, CR_STP | CR_RD_ABORT | CR_PAGE0);
	Ne2kOut(A, NE_P0_DCR, NE2K_DCR);
	Ne2kOut(A, NE_P0_RBCR0, 0);
	Ne2kOut(A, NE_P0_RBCR1, 0);
	Ne2kOut(A, NE_P0_RCR, RCR_MON);
	Ne2kOut(A, NE_P0_TCR, TCR_LOOPBACK);
	Ne2kOut(A, NE_P0_PSTART, A->RingStart);
	Ne2kOut(A, NE_P0_PSTOP, A->RingStop);
	Ne2kOut(A, NE_P0_BNRY, A->RingStart);
	Ne2kOut(A, NE_P0_IMR, 0);
	Ne2kOut(A, NE_P0_ISR, 0xff);
	Ne2kOut(A, NE_CR, CR_STP | CR_RD_ABORT | CR_PAGE1);
	Ne2kOut(A, NE_P1_CURR, (UCHAR)(A->RingStart + 1));
	Ne2kOut(A, NE_CR, CR_STP | CR_RD_ABORT | CR_PAGE0);
	A->NextPage = (UCHAR)(A->RingStart + 1);
}

/* The datasheet's initialization sequence, ending started, IMR masked. */
static BOOLEAN Ne2kStartSync(PVOID Context)
{
	PNE2K_ADAPTER A = Context;

	A->Started = FALSE;
	Ne2kQuiesce(A);
	Ne2kFilterSync(A);	/* PAR, MAR, RCR; RCR again below */
	Ne2kOut(A, NE_CR, CR_STA | CR_RD_ABORT | CR_PAGE0);
	Ne2kOut(A, NE_P0_TCR, 0);
	A->Started = TRUE;
	Ne2kFilterSync(A);
	return TRUE;
}

VOID Ne2kStart(PNE2K_ADAPTER A)
{
	Ne2kSync(A, Ne2kStartSync);
}

static BOOLEAN Ne2kStopSync(PVOID Context)
{
	PNE2K_ADAPTER A = Context;

	Ne2kOut(A, NE_CR, CR_STP | CR_RD_ABORT | CR_PAGE0);
	Ne2kOut(A, NE_P0_IMR, 0);
	A->IntEnabled = FALSE;
	A->Started = FALSE;
	return TRUE;
}

VOID Ne2kStop(PNE2K_ADAPTER A)
{
	Ne2kSync(A, Ne2kStopSync);
	NdisStallExecution(1600);	/* a frame in progress ends */
}

/* Board reset (read then write the reset port); the chip sets ISR.RST. */
NDIS_STATUS Ne2kResetChip(PNE2K_ADAPTER A)
{
	UINT i;

	Ne2kOut(A, NE_RESET, Ne2kIn(A, NE_RESET));
	Ne2kOut(A, NE_CR, CR_STP | CR_RD_ABORT | CR_PAGE0);
	for (i = 0; i < 200; i++) {
		if (Ne2kIn(A, NE_P0_ISR) & ISR_RST)
			break;
		NdisStallExecution(10);
	}
	if (i == 200)
		return NDIS_STATUS_HARD_ERRORS;
	Ne2kOut(A, NE_P0_ISR, 0xff);
	return NDIS_STATUS_SUCCESS;
}

static VOID Ne2kPattern(PUCHAR Pat, UINT Len, UCHAR Seed)
{
	UINT i;

	for (i = 0; i < Len; i++)
		Pat[i] = (UCHAR)(Seed + i * 37);
}

static VOID Ne2kRamWrite(PNE2K_ADAPTER A, USHORT Addr, UCHAR Seed)
{
	UCHAR Pat[16];

	Ne2kPattern(Pat, sizeof(Pat), Seed);
	Ne2kRemoteWrite(A, Addr, Pat, sizeof(Pat));
}

/* Does card memory at Addr still hold the pattern written with Seed? */
static BOOLEAN Ne2kRamHolds(PNE2K_ADAPTER A, USHORT Addr, UCHAR Seed)
{
	UCHAR Pat[16], Got[16];

	Ne2kPattern(Pat, sizeof(Pat), Seed);
	Ne2kRemoteRead(A, Addr, Got, sizeof(Got));
	return NdisEqualMemory(Pat, Got, sizeof(Pat));
}

/*
 * Is this an RTL8029AS? Reset it, check its ID registers, read the station
 * address PROM (in word mode each PROM byte fills a word) and size the
 * buffer RAM: 16 KiB at 0x4000, or 32 KiB when 0x8000 holds a pattern
 * without disturbing 0x4000.
 */
NDIS_STATUS Ne2kProbe(PNE2K_ADAPTER A)
{
	UCHAR Prom[32];
	NDIS_STATUS Status;
	UINT i;

	Status = Ne2kResetChip(A);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	A->RingStart = NE2K_MEM_START + NE2K_TX_PAGES;
	A->RingStop = NE2K_MEM_STOP16;
	Ne2kQuiesce(A);
	if (Ne2kIn(A, NE_P0_8029ID0) != 'P' || Ne2kIn(A, NE_P0_8029ID1) != 'C')
		return NDIS_STATUS_ADAPTER_NOT_FOUND;

	Ne2kRemoteRead(A, 0, Prom, sizeof(Prom));
	for (i = 0; i < NE2K_ALEN; i++)
		A->PermanentAddress[i] = Prom[2 * i];

	Ne2kRamWrite(A, NE2K_MEM_START * NE2K_PAGE, 0x11);
	if (!Ne2kRamHolds(A, NE2K_MEM_START * NE2K_PAGE, 0x11))
		return NDIS_STATUS_ADAPTER_NOT_FOUND;
	Ne2kRamWrite(A, NE2K_MEM_STOP16 * NE2K_PAGE, 0x5a);
	if (Ne2kRamHolds(A, NE2K_MEM_STOP16 * NE2K_PAGE, 0x5a) &&
	    Ne2kRamHolds(A, NE2K_MEM_START * NE2K_PAGE, 0x11))
		A->RingStop = NE2K_MEM_STOP32;
	A->TxPage = NE2K_MEM_START;
	Ne2kOut(A, NE_CR, CR_STP | CR_RD_ABORT | CR_PAGE0);
	return NDIS_STATUS_SUCCESS;
}
