#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# pkg-nic.sh DIR: the QEMU NIC model for a Windows driver package (make
# vm-try without NIC=): the first PCI hardware ID in the package's .inf
# that QEMU emulates picks it; rtl8139, with a note, when none does.
set -u
dir=${1:?usage: pkg-nic.sh DIR}
for inf in "$dir"/*.inf "$dir"/*.INF; do
	[ -f "$inf" ] || continue
	grep -oiE 'PCI\\VEN_[0-9a-f]{4}&DEV_[0-9a-f]{4}' "$inf" | tr 'a-f' 'A-F' |
	while read -r id; do
		case "$id" in
		*VEN_10EC\&DEV_8139) echo rtl8139 ;;
		*VEN_10EC\&DEV_8029) echo ne2k_pci ;;
		*VEN_8086\&DEV_100E) echo e1000 ;;
		*VEN_8086\&DEV_100F) echo e1000-82545em ;;
		*VEN_8086\&DEV_100C) echo e1000-82544gc ;;
		*VEN_8086\&DEV_10D3) echo e1000e ;;
		*VEN_1022\&DEV_2000) echo pcnet ;;
		*VEN_1AF4\&DEV_1000|*VEN_1AF4\&DEV_1041) echo virtio-net-pci ;;
		*VEN_15AD\&DEV_07B0) echo vmxnet3 ;;
		*) continue ;;
		esac
	done
done | head -n1 | grep . && exit 0
echo "pkg-nic.sh: no .inf in $dir names a NIC QEMU emulates; using rtl8139 (say NIC=MODEL)" >&2
echo rtl8139
