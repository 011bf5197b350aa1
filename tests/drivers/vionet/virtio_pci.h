// SPDX-License-Identifier: GPL-2.0-only
/*
 * The legacy (transitional) virtio PCI interface and the split virtqueue
 * as the OASIS virtio 1.x specification describes them for legacy
 * devices: the I/O BAR's registers, device status bits, the ring layout
 * with its 4096-byte alignment, and the network device's feature bits,
 * header, configuration and control-queue commands. All fields are
 * little-endian, as the guest is.
 */
#ifndef VIRTIO_PCI_H
#define VIRTIO_PCI_H

/* Legacy I/O BAR 0 (without MSI-X: the device config follows at 0x14). */
#define VIRTIO_PCI_HOST_FEATURES	0x00	/* 32, read-only */
#define VIRTIO_PCI_GUEST_FEATURES	0x04	/* 32 */
#define VIRTIO_PCI_QUEUE_PFN		0x08	/* 32, address >> 12 */
#define VIRTIO_PCI_QUEUE_NUM		0x0c	/* 16, read-only */
#define VIRTIO_PCI_QUEUE_SEL		0x0e	/* 16 */
#define VIRTIO_PCI_QUEUE_NOTIFY		0x10	/* 16 */
#define VIRTIO_PCI_STATUS		0x12	/* 8 */
#define VIRTIO_PCI_ISR			0x13	/* 8, reading acknowledges */
#define VIRTIO_PCI_CONFIG		0x14
#define VIRTIO_PCI_IO_MIN		0x20	/* the net device's BAR */

#define VIRTIO_PCI_QUEUE_ADDR_SHIFT	12
#define VIRTIO_PCI_VRING_ALIGN		4096

#define VIRTIO_ISR_QUEUE		0x01
#define VIRTIO_ISR_CONFIG		0x02

#define VIRTIO_STATUS_ACKNOWLEDGE	0x01
#define VIRTIO_STATUS_DRIVER		0x02
#define VIRTIO_STATUS_DRIVER_OK		0x04
#define VIRTIO_STATUS_FAILED		0x80

/* Network device features (bit numbers) we know of. */
#define VIRTIO_NET_F_MAC		5
#define VIRTIO_NET_F_MRG_RXBUF		15
#define VIRTIO_NET_F_STATUS		16
#define VIRTIO_NET_F_CTRL_VQ		17
#define VIRTIO_NET_F_CTRL_RX		18
#define VIRTIO_F_NOTIFY_ON_EMPTY	24
#define VIRTIO_F_RING_INDIRECT_DESC	28
#define VIRTIO_F_RING_EVENT_IDX		29
#define VIRTIO_BIT(b)			(1UL << (b))

/* Device configuration: mac[6] at 0, status at 6. */
#define VIRTIO_NET_CFG_MAC		0
#define VIRTIO_NET_CFG_STATUS		6
#define VIRTIO_NET_S_LINK_UP		1

#define VIRTIO_NET_QUEUE_RX		0
#define VIRTIO_NET_QUEUE_TX		1
#define VIRTIO_NET_QUEUE_CTRL		2

/* The header before every frame without MRG_RXBUF: 10 bytes. */
#pragma pack(push, 1)
typedef struct _VIRTIO_NET_HDR {
	UCHAR Flags;
	UCHAR GsoType;
	USHORT HdrLen;
	USHORT GsoSize;
	USHORT CsumStart;
	USHORT CsumOffset;
} VIRTIO_NET_HDR;
#pragma pack(pop)
#define VIRTIO_NET_HDR_LEN		10

/* Control queue: class, command; then its data; then an ack byte. */
#define VIRTIO_NET_CTRL_RX		0
#define  VIRTIO_NET_CTRL_RX_PROMISC	0
#define  VIRTIO_NET_CTRL_RX_ALLMULTI	1
#define VIRTIO_NET_CTRL_MAC		1
#define  VIRTIO_NET_CTRL_MAC_TABLE_SET	0
#define VIRTIO_NET_OK			0
#define VIRTIO_NET_ERR			1

/* Split virtqueue. */
#define VRING_DESC_F_NEXT		1
#define VRING_DESC_F_WRITE		2
#define VRING_AVAIL_F_NO_INTERRUPT	1
#define VRING_USED_F_NO_NOTIFY		1

typedef struct _VRING_DESC {
	ULONGLONG Addr;
	ULONG Len;
	USHORT Flags;
	USHORT Next;
} VRING_DESC;

typedef struct _VRING_AVAIL {
	USHORT Flags;
	USHORT Idx;
	USHORT Ring[1];		/* [size], then used_event */
} VRING_AVAIL;

typedef struct _VRING_USED_ELEM {
	ULONG Id;
	ULONG Len;
} VRING_USED_ELEM;

typedef struct _VRING_USED {
	USHORT Flags;
	USHORT Idx;
	VRING_USED_ELEM Ring[1];	/* [size], then avail_event */
} VRING_USED;

#endif
