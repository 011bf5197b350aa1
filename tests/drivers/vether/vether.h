/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vether: a deserialized NDIS 5.1 virtual Ethernet miniport whose "wire" is
 * a loop: every frame sent is received back after LoopbackDelayMs.
 */
#ifndef VETHER_H
#define VETHER_H

#include "ndd.h"

#define VETHER_TAG		'rhtV'
#define VETHER_VERSION_MAJOR	1
#define VETHER_VERSION_MINOR	2
#define VETHER_MAX_BATCH	16	/* frames looped per timer run */
#define VETHER_HANG_CHECKS	3	/* stalled checks before "hung" */

typedef struct _VETHER_ADAPTER {
	NDIS_HANDLE Handle;
	NDD_ETH Eth;
	char Label[64];

	NDIS_SPIN_LOCK Lock;		/* everything below */
	LIST_ENTRY SendQueue;		/* protocol packets waiting to loop */
	ULONG SendQueued;
	ULONG64 SendsDone;		/* progress marker for CheckForHang */
	ULONG64 HangMark;
	ULONG HangStalls;
	NDD_RX_POOL RxPool;		/* its free list, counts, Idle event */
	BOOLEAN TimerArmed;
	BOOLEAN TimerRunning;
	BOOLEAN Resetting;
	BOOLEAN Halting;
	BOOLEAN Removed;

	NDIS_MINIPORT_TIMER LoopTimer;
	ULONG LoopDelayMs;
	NDIS_WORK_ITEM ResetWork;
	NDIS_EVENT ResetIdle;		/* set while no reset is running */
} VETHER_ADAPTER, *PVETHER_ADAPTER;

/* send.c */
VOID VetherSendPackets(NDIS_HANDLE Context, PPNDIS_PACKET Packets,
		       UINT Count);
VOID VetherCancelSendPackets(NDIS_HANDLE Context, PVOID CancelId);
VOID VetherLoopTimer(PVOID S1, PVOID Context, PVOID S2, PVOID S3);
VOID VetherFailQueuedSends(PVETHER_ADAPTER A, NDIS_STATUS Status);
VOID VetherArmTimerLocked(PVETHER_ADAPTER A, ULONG DelayMs);

/* recv.c */
NDIS_STATUS VetherRxInit(PVETHER_ADAPTER A, ULONG Count);
VOID VetherReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet);

/* oid.c */
extern const NDIS_OID VetherOids[];
extern const ULONG VetherOidsSize;
NDIS_STATUS VetherQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				   PVOID Buffer, ULONG Length,
				   PULONG BytesWritten, PULONG BytesNeeded);
NDIS_STATUS VetherSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				 PVOID Buffer, ULONG Length, PULONG BytesRead,
				 PULONG BytesNeeded);

#endif
