// SPDX-License-Identifier: GPL-2.0-only
/*
 * vionet device access through the legacy I/O BAR: register reads and
 * writes, the status sequence of the specification's legacy driver
 * initialization (reset, ACKNOWLEDGE, DRIVER, features, queues,
 * DRIVER_OK), the MAC address and the link status in device config.
 */
#include "vionet.h"

#define VIO_PORT(A, R)	((ULONG_PTR)(A)->IoBase + (R))

UCHAR VioRead8(PVIO_ADAPTER A, ULONG Reg)
{
	UCHAR V;

	NdisRawReadPortUchar(VIO_PORT(A, Reg), &V);
	return V;
}

USHORT VioRead16(PVIO_ADAPTER A, ULONG Reg)
{
	USHORT V;

	NdisRawReadPortUshort(VIO_PORT(A, Reg), &V);
	return V;
}

ULONG VioRead32(PVIO_ADAPTER A, ULONG Reg)
{
	ULONG V;

	NdisRawReadPortUlong(VIO_PORT(A, Reg), &V);
	return V;
}

VOID VioWrite8(PVIO_ADAPTER A, ULONG Reg, UCHAR V)
{
	NdisRawWritePortUchar(VIO_PORT(A, Reg), V);
}

VOID VioWrite16(PVIO_ADAPTER A, ULONG Reg, USHORT V)
{
	NdisRawWritePortUshort(VIO_PORT(A, Reg), V);
}

VOID VioWrite32(PVIO_ADAPTER A, ULONG Reg, ULONG V)
{
	NdisRawWritePortUlong(VIO_PORT(A, Reg), V);
}

/*
 * A full fence: ring stores must be visible before the index that
 * publishes them, and the index before we read the device's flags. A
 * locked read-modify-write is one on x86-64 and a compiler barrier too.
 */
VOID VioMemoryBarrier(VOID)
{
	LONG Fence = 0;

	InterlockedOr(&Fence, 0);
}

/* Writing 0 to status resets the device; it then uses no ring memory. */
VOID VioDeviceReset(PVIO_ADAPTER A)
{
	VioWrite8(A, VIRTIO_PCI_STATUS, 0);
	/* The spec has the driver read status back until it reads 0. */
	(void)VioRead8(A, VIRTIO_PCI_STATUS);
}

VOID VioReadLink(PVIO_ADAPTER A, BOOLEAN *Up)
{
	USHORT S;

	if (!(A->Features & VIRTIO_BIT(VIRTIO_NET_F_STATUS))) {
		*Up = TRUE;
		return;
	}
	S = VioRead16(A, VIRTIO_PCI_CONFIG + VIRTIO_NET_CFG_STATUS);
	*Up = (S & VIRTIO_NET_S_LINK_UP) != 0;
}

static VOID VioReadMac(PVIO_ADAPTER A)
{
	ULONG i;

	if (!(A->Features & VIRTIO_BIT(VIRTIO_NET_F_MAC)))
		return;
	for (i = 0; i < 6; i++)
		A->PermanentAddress[i] =
			VioRead8(A, VIRTIO_PCI_CONFIG + VIRTIO_NET_CFG_MAC + i);
}

/*
 * Legacy devices take the MAC written into their config space (there is
 * no VIRTIO_NET_F_CTRL_MAC_ADDR here): a NetworkAddress override.
 */
static VOID VioWriteMac(PVIO_ADAPTER A)
{
	ULONG i;

	for (i = 0; i < 6; i++)
		VioWrite8(A, VIRTIO_PCI_CONFIG + VIRTIO_NET_CFG_MAC + i,
			  A->CurrentAddress[i]);
}

/*
 * From reset to DRIVER_OK. The queues' memory exists already (allocated
 * once in MiniportInitialize); here their addresses are given to the
 * device again, as after every reset.
 */
NDIS_STATUS VioDeviceStart(PVIO_ADAPTER A)
{
	ULONG Wanted;

	VioDeviceReset(A);
	VioWrite8(A, VIRTIO_PCI_STATUS, VIRTIO_STATUS_ACKNOWLEDGE);
	VioWrite8(A, VIRTIO_PCI_STATUS,
		  VIRTIO_STATUS_ACKNOWLEDGE | VIRTIO_STATUS_DRIVER);

	A->HostFeatures = VioRead32(A, VIRTIO_PCI_HOST_FEATURES);
	Wanted = VIRTIO_BIT(VIRTIO_NET_F_MAC) |
		 VIRTIO_BIT(VIRTIO_NET_F_STATUS);
	/* Filtering by command needs both the queue and its RX class. */
	if ((A->HostFeatures & VIRTIO_BIT(VIRTIO_NET_F_CTRL_VQ)) &&
	    (A->HostFeatures & VIRTIO_BIT(VIRTIO_NET_F_CTRL_RX)))
		Wanted |= VIRTIO_BIT(VIRTIO_NET_F_CTRL_VQ) |
			  VIRTIO_BIT(VIRTIO_NET_F_CTRL_RX);
	A->Features = A->HostFeatures & Wanted;
	VioWrite32(A, VIRTIO_PCI_GUEST_FEATURES, A->Features);
	A->HasCtrl = (A->Features & VIRTIO_BIT(VIRTIO_NET_F_CTRL_VQ)) != 0;

	VioReadMac(A);
	if (!A->AddressOverridden)
		NdisMoveMemory(A->CurrentAddress, A->PermanentAddress, 6);
	else
		VioWriteMac(A);
	return NDIS_STATUS_SUCCESS;
}
