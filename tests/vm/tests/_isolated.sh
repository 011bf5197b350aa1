# SPDX-License-Identifier: GPL-2.0-only
# Guest helpers shared by the isolated_* tests (sourced, never run alone).

# The emulated 82540EM's PCI address.
iso_e1000_slot() {
	grep -l 0x100e /sys/bus/pci/devices/*/device | while read -r f; do
		d=${f%/device}; grep -qx 0x8086 "$d/vendor" && basename "$d"; done | head -n1
}
# No DMA the IOMMU blocked (a remapping fault means the host programmed an
# address outside its pool).
iso_no_iommu_fault() {
	_f=$(dmesg | grep -iE 'DMAR:.*fault|DMAR: \[DMA' ) || true
	[ -z "$_f" ] || { echo "$_f"; return 1; }
}
# No kernel message at warning level or worse (ndl_dmesg_clean).
iso_dmesg_clean() {
	ndl_dmesg_clean
}
