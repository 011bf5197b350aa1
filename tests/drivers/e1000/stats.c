// SPDX-License-Identifier: GPL-2.0-only
/*
 * The chip's statistics registers are 32 bits wide and clear when read:
 * fold them into 64-bit totals (from the OID handlers, at every
 * check-for-hang so none can wrap, and before a reset) and derive the NDIS
 * error counters from them. Good-frame counts are the driver's own.
 */
#include "ndle1000.h"

static VOID E1kAdd(PE1K_ADAPTER A, ULONG Reg, ULONG64 *Total)
{
	*Total += E1kRead(A, Reg);
}

VOID E1kUpdateStats(PE1K_ADAPTER A)
{
	E1K_HWSTATS *S = &A->HwStats;

	if (A->Removed)
		return;
	NdisAcquireSpinLock(&A->StatLock);
	E1kAdd(A, E1K_CRCERRS, &S->CrcErrors);
	E1kAdd(A, E1K_ALGNERRC, &S->AlignErrors);
	E1kAdd(A, E1K_RXERRC, &S->RxErrors);
	E1kAdd(A, E1K_MPC, &S->Missed);
	E1kAdd(A, E1K_RLEC, &S->LengthErrors);
	E1kAdd(A, E1K_SCC, &S->SingleCol);
	E1kAdd(A, E1K_MCC, &S->MultiCol);
	E1kAdd(A, E1K_ECOL, &S->ExcessCol);
	E1kAdd(A, E1K_LATECOL, &S->LateCol);
	E1kAdd(A, E1K_DC, &S->Deferred);

	A->Eth.Stats.RcvCrcError = S->CrcErrors;
	A->Eth.Stats.RcvAlignmentError = S->AlignErrors;
	A->Eth.Stats.RcvNoBuffer = S->Missed;
	A->Eth.Stats.RcvError = A->SwRxErrors + S->CrcErrors + S->AlignErrors +
				S->RxErrors + S->LengthErrors;
	A->Eth.Stats.XmitOneCollision = S->SingleCol;
	A->Eth.Stats.XmitMoreCollisions = S->MultiCol;
	NdisReleaseSpinLock(&A->StatLock);
}
