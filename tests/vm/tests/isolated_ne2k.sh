# SPDX-License-Identifier: GPL-2.0-only
# Isolated mode: the NDIS 3.0 NE2000 miniport (tests/drivers/ne2k) in
# ndisload-host, unprivileged, on QEMU's ne2k_pci bound to vfio-pci behind
# the emulated Intel IOMMU. Everything the card does goes through its I/O
# BAR (registers and the remote DMA data port, word at a time) and its
# INTx line (masked by VFIO at each interrupt, unmasked by the host after
# the ISR). The TAP takes the card's address (QEMU's NE2000 filters
# unicast frames on its PROM, whatever the driver programs). Two rounds: the driver's own ISR (RequestIsr=1), then NDIS
# masking the card (RequestIsr=0); each ping, a download with checksum,
# SIGTERM. No IOMMU fault, no kernel warning.
# nic: ne2k_pci
# iommu: yes
# serve: 2
# timeout: 180
. /tests/_ndl.sh
. /tests/_isolated.sh

# The card's PROM: QEMU's first NIC without mac= is 52:54:00:12:34:56.
tap_has_card_address() {
	_a=$(cat /sys/class/net/ndl2/address)
	[ "$_a" = 52:54:00:12:34:56 ] || { echo "TAP address $_a"; return 1; }
}

check own-isr iso_miniport ne2k 10ec 8029 2 --reg RequestIsr=1
check tap-has-card-address tap_has_card_address
check ndis-masks iso_miniport ne2k 10ec 8029 2 --reg RequestIsr=0
check no-iommu-fault iso_no_iommu_fault
check dmesg-clean ndl_dmesg_clean
