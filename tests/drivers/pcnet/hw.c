// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Am79C970A's registers: CSRs through RAP/RDP and BCRs through
 * RAP/BDP in word I/O mode, reset, the station address PROM, and the
 * (re)initialization: rings and the initialization block in shared memory
 * (SWSTYLE 2), mode and logical address filter from the packet filter,
 * INIT polled until IDON, then STRT with interrupts enabled.
 *
 * The ISR shares RAP with everything else: it saves and restores it, so a
 * RAP write followed by an RDP access elsewhere is never torn apart.
 */
#include "pcnet.h"

static USHORT PcnIn16(PPCN_ADAPTER A, UINT Reg)
{
	USHORT V;

	NdisRawReadPortUshort(A->Port + Reg, &V);
	return V;
}

static VOID PcnOut16(PPCN_ADAPTER A, UINT Reg, USHORT V)
{
	NdisRawWritePortUshort(A->Port + Reg, V);
}

USHORT PcnReadCsr(PPCN_ADAPTER A, USHORT Csr)
{
	PcnOut16(A, PCN_RAP, Csr);
	return PcnIn16(A, PCN_RDP);
}

VOID PcnWriteCsr(PPCN_ADAPTER A, USHORT Csr, USHORT Value)
{
	PcnOut16(A, PCN_RAP, Csr);
	PcnOut16(A, PCN_RDP, Value);
}

static VOID PcnWriteBcr(PPCN_ADAPTER A, USHORT Bcr, USHORT Value)
{
	PcnOut16(A, PCN_RAP, Bcr);
	PcnOut16(A, PCN_BDP, Value);
}

static BOOLEAN PcnMaskSync(PVOID Context)
{
	PPCN_ADAPTER A = Context;

	A->IntEnabled = FALSE;
	PcnWriteCsr(A, 0, 0);	/* IENA off; acknowledges nothing */
	return TRUE;
}

static BOOLEAN PcnUnmaskSync(PVOID Context)
{
	PPCN_ADAPTER A = Context;

	A->IntEnabled = TRUE;
	PcnWriteCsr(A, 0, CSR0_IENA);
	return TRUE;
}

static BOOLEAN PcnKickSync(PVOID Context)
{
	PPCN_ADAPTER A = Context;

	PcnWriteCsr(A, 0, CSR0_TDMD | (A->IntEnabled ? CSR0_IENA : 0));
	return TRUE;
}

static VOID PcnSync(PPCN_ADAPTER A, BOOLEAN (*Fn)(PVOID))
{
	if (A->InterruptRegistered)
		NdisMSynchronizeWithInterrupt(&A->Interrupt, (PVOID)Fn, A);
	else
		Fn(A);
}

VOID PcnMask(PPCN_ADAPTER A)
{
	PcnSync(A, PcnMaskSync);
}

VOID PcnUnmask(PPCN_ADAPTER A)
{
	PcnSync(A, PcnUnmaskSync);
}

/* Transmit demand: the chip looks at the ring now, not at its next poll. */
VOID PcnKick(PPCN_ADAPTER A)
{
	PcnSync(A, PcnKickSync);
}

/* The little-endian Ethernet CRC-32's top 6 bits index LADRF. */
static UINT PcnHash(const UCHAR *Addr)
{
	ULONG Crc = 0xffffffff;
	UINT i, b;

	for (i = 0; i < PCN_ALEN; i++) {
		UCHAR Byte = Addr[i];

		for (b = 0; b < 8; b++, Byte >>= 1)
			Crc = (Crc >> 1) ^ (((Crc ^ Byte) & 1) ? 0xedb88320 : 0);
	}
	return Crc >> 26;
}

NDIS_STATUS PcnProbe(PPCN_ADAPTER A)
{
	UINT i;

	(void)PcnIn16(A, PCN_RESET);
	NdisStallExecution(10);
	/* After reset CSR0 reads STOP (0x0004). */
	if (PcnReadCsr(A, 0) != CSR0_STOP)
		return NDIS_STATUS_ADAPTER_NOT_FOUND;
	for (i = 0; i < PCN_ALEN; i++)
		NdisRawReadPortUchar(A->Port + PCN_APROM + i,
				     &A->PermanentAddress[i]);
	return NDIS_STATUS_SUCCESS;
}

VOID PcnStop(PPCN_ADAPTER A)
{
	PcnMask(A);
	PcnWriteCsr(A, 0, CSR0_STOP);
}

/*
 * Stopped chip to running: descriptors (receive ones owned by the chip,
 * transmit ones by us), the initialization block, INIT until IDON, STRT.
 */
NDIS_STATUS PcnStart(PPCN_ADAPTER A)
{
	PCN_SHARED *S = A->Sh;
	PCN_INIT_BLOCK *I = &S->Init;
	ULONG Filter = A->PacketFilter, Base = A->ShBus;
	UINT i;

	PcnStop(A);
	PcnSendDone(A, TRUE);
	NdisZeroMemory(S->Tx, sizeof(S->Tx));
	A->TxHead = A->TxTail = 0;
	A->TxFree = PCN_RING;
	A->MapHead = A->MapTail = 0;
	A->MapFree = PCN_MAPS;
	A->RxNext = 0;
	PcnRxFill(A);

	NdisZeroMemory(I, sizeof(*I));
	if (Filter & NDIS_PACKET_TYPE_PROMISCUOUS)
		I->Mode |= 0x8000;		/* PROM */
	if (!(Filter & (NDIS_PACKET_TYPE_BROADCAST | NDIS_PACKET_TYPE_PROMISCUOUS)))
		I->Mode |= 0x4000;		/* DRCVBC */
	I->RLen = PCN_RING_LOG2 << 4;
	I->TLen = PCN_RING_LOG2 << 4;
	NdisMoveMemory(I->Padr, A->StationAddress, PCN_ALEN);
	if (Filter & (NDIS_PACKET_TYPE_ALL_MULTICAST | NDIS_PACKET_TYPE_PROMISCUOUS))
		NdisFillMemory(I->Ladrf, sizeof(I->Ladrf), 0xff);
	else if (Filter & NDIS_PACKET_TYPE_MULTICAST)
		for (i = 0; i < A->McCount; i++) {
			UINT H = PcnHash(A->McList[i]);

			I->Ladrf[H >> 3] |= (UCHAR)(1 << (H & 7));
		}
	I->Rdra = Base + FIELD_OFFSET(PCN_SHARED, Rx);
	I->Tdra = Base + FIELD_OFFSET(PCN_SHARED, Tx);

	PcnWriteBcr(A, 20, BCR20_SWSTYLE2);
	PcnWriteCsr(A, 1, (USHORT)(Base + FIELD_OFFSET(PCN_SHARED, Init)));
	PcnWriteCsr(A, 2, (USHORT)((Base + FIELD_OFFSET(PCN_SHARED, Init)) >> 16));
	PcnWriteCsr(A, 3, CSR3_IDONM);
	PcnWriteCsr(A, 4, PcnReadCsr(A, 4) | CSR4_APAD_XMT);
	PcnWriteCsr(A, 0, CSR0_INIT);
	for (i = 0; i < 1000; i++) {
		if (PcnReadCsr(A, 0) & CSR0_IDON)
			break;
		NdisStallExecution(10);
	}
	if (i == 1000)
		return NDIS_STATUS_HARD_ERRORS;
	PcnWriteCsr(A, 0, CSR0_IDON | CSR0_STRT);
	if (A->InterruptRegistered)	/* else MiniportInitialize unmasks */
		PcnUnmask(A);
	return NDIS_STATUS_SUCCESS;
}
