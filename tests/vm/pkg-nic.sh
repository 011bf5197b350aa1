#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# pkg-nic.sh DIR: the QEMU NIC model for a Windows driver package (make
# vm-try without NIC=): the first PCI or USB hardware ID in the package's
# .inf files that a QEMU 7.2 NIC answers to picks it (USB: usb-net, which
# tests/vm/run.sh puts on an xHCI controller); when none does, with a
# note, usb-net if the first ID named is a USB one, rtl8139 otherwise.
# Where one vendor/device pair names several models (the eepro100
# family), the ID's REV_ (and SUBSYS_) pick among them.
# pkg-nic.sh --id 'PCI\VEN_..&DEV_..[&SUBSYS_..][&REV_..]' or
# 'USB\VID_..&PID_..[&REV_..][&MI_..]': the model for one hardware ID, or
# nothing (tests/suites/unit-pkgnic.sh).
set -u

# VEN DEV SUBSYS REV MODEL: what each model reports (QEMU 7.2's
# "info pci" and its device sources); "-" matches any. More specific rows
# first: the first row that matches wins.
models() {
	cat <<'EOF'
10EC 8139 - - rtl8139
10EC 8029 - - ne2k_pci
8086 100E - - e1000
8086 100F - - e1000-82545em
8086 100C - - e1000-82544gc
8086 10D3 - - e1000e
8086 1229 00408086 - i82559c
8086 1229 - 01 i82557a
8086 1229 - 02 i82557b
8086 1229 - 03 i82557c
8086 1229 - 04 i82558a
8086 1229 - 05 i82558b
8086 1229 - 06 i82559a
8086 1229 - 07 i82559b
8086 1229 - - i82559c
8086 1209 - 09 i82559er
8086 1209 - 0E i82550
8086 1209 - 0F i82551
8086 1209 - - i82559er
8086 2449 - - i82801
1022 2000 - - pcnet
1011 0019 - - tulip
15AD 07B0 - - vmxnet3
1AF4 1000 - - virtio-net-pci
1AF4 1041 - - virtio-net-pci-non-transitional
EOF
}

# VID PID MODEL: the USB NICs (QEMU 7.2's hw/usb/dev-network.c: usb-net
# reports the Linux USB gadget's CDC Ethernet/RNDIS IDs).
usb_models() {
	echo "0525 A4A2 usb-net"
}

# model_of ID: the model row matching one upper-case hardware ID, or nothing.
model_of() {
	case "$1" in
	USB\\*)
		_vid=$(printf '%s\n' "$1" | sed -n 's/.*VID_\([0-9A-F]\{4\}\).*/\1/p')
		_pid=$(printf '%s\n' "$1" | sed -n 's/.*PID_\([0-9A-F]\{4\}\).*/\1/p')
		usb_models | while read -r v d m; do
			[ "$v" = "$_vid" ] && [ "$d" = "$_pid" ] && { echo "$m"; break; }
		done
		return
		;;
	esac
	_ven=$(printf '%s\n' "$1" | sed -n 's/.*VEN_\([0-9A-F]\{4\}\).*/\1/p')
	_dev=$(printf '%s\n' "$1" | sed -n 's/.*DEV_\([0-9A-F]\{4\}\).*/\1/p')
	_sub=$(printf '%s\n' "$1" | sed -n 's/.*SUBSYS_\([0-9A-F]\{8\}\).*/\1/p')
	_rev=$(printf '%s\n' "$1" | sed -n 's/.*REV_\([0-9A-F]\{2\}\).*/\1/p')
	models | while read -r v d s r m; do
		if [ "$v" = "$_ven" ] && [ "$d" = "$_dev" ] &&
		   { [ "$s" = - ] || [ "$s" = "$_sub" ]; } &&
		   { [ "$r" = - ] || [ "$r" = "$_rev" ]; }; then
			echo "$m"
			break
		fi
	done
}

ids_of() { # INF -> its PCI and USB hardware IDs, upper case, in order
	grep -ohiE 'PCI\\VEN_[0-9a-f]{4}&DEV_[0-9a-f]{4}(&SUBSYS_[0-9a-f]{8})?(&REV_[0-9a-f]{2})?|USB\\VID_[0-9a-f]{4}&PID_[0-9a-f]{4}(&REV_[0-9a-f]{4})?(&MI_[0-9a-f]{2})?' "$@" |
		tr '[:lower:]' '[:upper:]'
}

if [ "${1:-}" = --id ]; then
	model_of "$(printf '%s\n' "${2:?usage: pkg-nic.sh --id HARDWARE-ID}" | tr '[:lower:]' '[:upper:]')"
	exit 0
fi
dir=${1:?usage: pkg-nic.sh DIR}
ids=$(find "$dir" -maxdepth 1 -type f -iname '*.inf' 2>/dev/null | sort |
	while IFS= read -r inf; do ids_of "$inf"; done)
model=$(printf '%s\n' "$ids" | while read -r id; do
		[ -n "$id" ] || continue
		m=$(model_of "$id")
		[ -n "$m" ] && { echo "$m"; break; }
	done)
[ -n "$model" ] && { echo "$model"; exit 0; }
fallback=rtl8139
case "$ids" in USB\\*) fallback=usb-net ;; esac
echo "pkg-nic.sh: no .inf in $dir names a NIC QEMU emulates; using $fallback (say NIC=MODEL)" >&2
echo "$fallback"
