// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndle1000's test faults, for isolated mode's tests; both off unless the
 * .inf's parameters turn them on. TestCrashOnRxPacket=N dereferences NULL
 * on the Nth good frame received since the adapter was initialized, as a
 * buggy driver would. TestBogusDma=1 gives the chip one receive descriptor
 * whose buffer address is nowhere the driver allocated: the chip's write
 * there is the IOMMU's to block; the frame is dropped and the entry gets
 * its real buffer back. In-kernel mode has nothing to contain either.
 */
#include "ndle1000.h"

/* Below QEMU's 39-bit IOVA limit, far above any DMA pool, easy to grep. */
#define E1K_BOGUS_DMA_ADDR	0x7bad000000ULL
#define E1K_NO_ENTRY		((ULONG)-1)

VOID E1kFaultReadConfig(PE1K_ADAPTER A, NDIS_HANDLE Config)
{
	A->CrashOnRx = NddReadInt(Config, L"TestCrashOnRxPacket", 0, 0,
				  0x7fffffff);
	A->BogusDma = NddReadInt(Config, L"TestBogusDma", 0, 0, 1) != 0;
	A->BogusEntry = E1K_NO_ENTRY;
}

/* The ring was just filled: point its first entry nowhere. */
VOID E1kFaultRxRingInit(PE1K_ADAPTER A)
{
	A->RxGood = 0;
	if (!A->BogusDma)
		return;
	A->RxRing[0].Addr = E1K_BOGUS_DMA_ADDR;
	A->BogusEntry = 0;
}

/*
 * Entry i completed: FALSE if its frame went to the bogus address (the
 * caller drops it and gives the entry its buffer back). A good frame
 * counts toward the crash.
 */
BOOLEAN E1kFaultRxDone(PE1K_ADAPTER A, ULONG i, BOOLEAN Good)
{
	if (i == A->BogusEntry) {
		A->BogusEntry = E1K_NO_ENTRY;
		A->SwRxErrors++;
		return FALSE;
	}
	if (Good && A->CrashOnRx && ++A->RxGood == A->CrashOnRx)
		*(volatile ULONG *)A->Unset = 0;	/* never set: NULL */
	return Good;
}
