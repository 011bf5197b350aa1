/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Where netvmini's declarations and definitions disagree in a way MSVC
 * only warns about (C4028: a parameter declared NDIS_HANDLE is defined
 * as a structure pointer) and clang refuses. For such a file the build
 * renames the declaration in its header (-D<fn>=<fn>AsDeclared, see the
 * Makefile) and defines NDL_FIX_<fn>; this header, included by the
 * file's generated .tmh after the sample's headers, restores the name and
 * declares it as the file defines it. Callers in other files pass the
 * same pointer either way.
 */
#ifndef NDL_WDK_SAMPLE_FIXUPS_H
#define NDL_WDK_SAMPLE_FIXUPS_H

#ifdef NDL_FIX_HWInitialize
#undef HWInitialize
NDIS_STATUS HWInitialize(PMP_ADAPTER Adapter,
			 PNDIS_MINIPORT_INIT_PARAMETERS InitParameters);
#endif

#ifdef NDL_FIX_IndicateRxQueue
#undef IndicateRxQueue
VOID IndicateRxQueue(PMP_ADAPTER Adapter, NDIS_RECEIVE_QUEUE_ID QueueId,
		     NDIS_RECEIVE_QUEUE_OPERATIONAL_STATE State);
#endif

#endif
