/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vserial: a serialized NDIS 5.0 virtual Ethernet miniport modelled on an
 * NE2000-style card. Frames sent go into a few on-"card" transmit slots
 * (MiniportSend answers NDIS_STATUS_RESOURCES when they are full); a timer
 * plays the wire, loops each frame into the card's receive memory and
 * indicates it with NdisMEthIndicateReceive, handing over only the lookahead;
 * protocols fetch the rest with MiniportTransferData.
 */
#ifndef VSERIAL_H
#define VSERIAL_H

#include "ndd.h"

#define VSERIAL_TAG		'lrSV'
#define VSERIAL_VERSION_MAJOR	1
#define VSERIAL_VERSION_MINOR	0
#define VSERIAL_MAX_TX		16
#define VSERIAL_RX_SLOTS	8
#define VSERIAL_LOOKAHEAD	128	/* until NDIS sets another */

typedef struct _VSERIAL_FRAME {
	ULONG Length;
	UCHAR Data[NDD_ETH_MAX_FRAME];
} VSERIAL_FRAME, *PVSERIAL_FRAME;

typedef struct _VSERIAL_ADAPTER {
	NDIS_HANDLE Handle;
	NDD_ETH Eth;

	NDIS_SPIN_LOCK Lock;
	/* Transmit slots, a ring: TxHead is the oldest in flight. */
	PNDIS_PACKET TxPacket[VSERIAL_MAX_TX];
	VSERIAL_FRAME TxFrame[VSERIAL_MAX_TX];
	ULONG TxSlots;			/* TransmitSlots from the INF */
	ULONG TxHead, TxCount;
	/* Receive memory on the card, a ring of whole frames. */
	VSERIAL_FRAME RxFrame[VSERIAL_RX_SLOTS];
	ULONG RxHead, RxCount;
	PVSERIAL_FRAME Indicating;	/* valid ReceiveContext, if any */
	ULONG64 TransfersDone;		/* TransferData calls served */

	NDIS_MINIPORT_TIMER WireTimer;
	ULONG WireDelayMs;
	BOOLEAN TimerArmed;
	BOOLEAN TimerRunning;
	ULONG HangStalls;
} VSERIAL_ADAPTER, *PVSERIAL_ADAPTER;

/* send.c */
NDIS_STATUS VserialSend(NDIS_HANDLE Context, PNDIS_PACKET Packet,
			UINT Flags);
VOID VserialWireTimer(PVOID S1, PVOID Context, PVOID S2, PVOID S3);
VOID VserialAbortSends(PVSERIAL_ADAPTER A, NDIS_STATUS Status);

/* recv.c */
VOID VserialIndicateAll(PVSERIAL_ADAPTER A);
NDIS_STATUS VserialTransferData(PNDIS_PACKET Packet, PUINT BytesTransferred,
				NDIS_HANDLE Context, NDIS_HANDLE ReceiveContext,
				UINT ByteOffset, UINT BytesToTransfer);

/* oid.c */
extern const NDIS_OID VserialOids[];
extern const ULONG VserialOidsSize;
NDIS_STATUS VserialQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				    PVOID Buffer, ULONG Length,
				    PULONG BytesWritten, PULONG BytesNeeded);
NDIS_STATUS VserialSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				  PVOID Buffer, ULONG Length, PULONG BytesRead,
				  PULONG BytesNeeded);

#endif
