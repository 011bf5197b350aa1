# SPDX-License-Identifier: GPL-2.0-only
# Guest helpers shared by the isolated_* tests (sourced, never run alone).

# The emulated 82540EM's PCI address (iso_e1000_slot 2: the second one's).
iso_e1000_slot() {
	grep -l 0x100e /sys/bus/pci/devices/*/device | while read -r f; do
		d=${f%/device}; grep -qx 0x8086 "$d/vendor" && basename "$d"; done | sed -n "${1:-1}p"
}
# iso_fault_regex ADDR: the kernel's lines of a DMAR fault at ADDR (hex,
# as dmesg prints it): the fault status register, then the fault record.
iso_fault_regex() {
	echo "DMAR: DRHD: handling fault status reg|DMAR: \[DMA (Read|Write)[^]]*\] Request device \[[0-9a-f:.]+\].* fault addr 0x$1 "
}
# iso_no_iommu_fault [ADDR]: no DMA the IOMMU blocked (a remapping fault
# means the host programmed an address outside its pool) but at ADDR, the
# one a test provoked; prints what it found.
iso_no_iommu_fault() {
	_ok='^$'
	[ -z "${1:-}" ] || _ok=$(iso_fault_regex "$1")
	_f=$(dmesg | grep -iE 'DMAR:.*fault|DMAR: \[DMA' | grep -vE "$_ok") || true
	[ -z "$_f" ] || { echo "$_f"; return 1; }
}
