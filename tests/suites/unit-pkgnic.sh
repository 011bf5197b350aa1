#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# tests/vm/pkg-nic.sh, the NIC model make vm-try picks for a driver
# package: every PCI Ethernet model this QEMU emulates is asked for by the
# hardware ID it reports (read from QEMU itself: "info pci" of a stopped
# machine; revisions, which "info pci" does not show, from QEMU 7.2's
# device sources), and the model picked must report that same ID; then
# the package rules: .inf/.INF, CRLF, lower-case IDs, the first ID QEMU
# emulates wins, the rtl8139 fallback with its note; USB IDs pick usb-net.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
pkgnic=$top/tests/vm/pkg-nic.sh
failed=0 passed=0
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

pass() { echo "PASS: pkgnic/$1"; passed=$((passed + 1)); }
fail() { echo "FAIL: pkgnic/$1 ($2)"; failed=$((failed + 1)); }

# PCI revision IDs of the models that share a vendor/device pair.
rev_of() {
	case $1 in
	i82557a) echo 01 ;; i82557b) echo 02 ;; i82557c) echo 03 ;;
	i82558a) echo 04 ;; i82558b) echo 05 ;; i82559a) echo 06 ;;
	i82559b) echo 07 ;; i82559c) echo 0C ;; i82559er) echo 09 ;;
	i82550 | i82562) echo 0E ;; i82551) echo 0F ;;
	esac
}

# ids MODEL: "VEN DEV SUBVEN SUBDEV" as QEMU reports them (cached).
ids() {
	[ -f "$work/$1.ids" ] || {
		printf 'info pci\nquit\n' | timeout 30 qemu-system-x86_64 -nodefaults \
			-display none -S -machine pc,accel=tcg -device "$1" \
			-monitor stdio 2>/dev/null | tr -d '\r' |
			awk '/(Ethernet|Network) controller: PCI device/ { split($NF, a, ":"); v = a[1]; d = a[2]; f = 1; next }
			     f && /PCI subsystem/ { split($NF, s, ":"); print toupper(v " " d " " s[1] " " s[2]); exit }' \
			>"$work/$1.ids"
	}
	cat "$work/$1.ids"
}

if ! command -v qemu-system-x86_64 >/dev/null; then
	echo "SKIP: pkgnic/qemu-models (no qemu-system-x86_64: cannot list QEMU's NIC models)"
else
	models=$(qemu-system-x86_64 -device help 2>/dev/null |
		sed -n '/^Network devices:/,/^$/p' | grep 'bus PCI' |
		sed -n 's/^name "\([^"]*\)".*/\1/p')
	[ -n "$models" ] || fail qemu-models "qemu-system-x86_64 -device help lists no PCI network device"
	for m in $models; do
		case $m in
		# Not Ethernet NICs a Windows NDIS driver is for: an RDMA
		# function that needs a vmxnet3 beside it, a switch ASIC.
		pvrdma | rocker) echo "INFO: pkgnic/$m not mapped (not an Ethernet NIC)"; continue ;;
		esac
		# shellcheck disable=SC2046 # four words wanted
		set -- $(ids "$m")
		[ $# = 4 ] || { fail "$m" "QEMU reports no PCI IDs for it"; continue; }
		id="PCI\\VEN_$1&DEV_$2&SUBSYS_$4$3"
		rev=$(rev_of "$m")
		[ -n "$rev" ] && id="$id&REV_$rev"
		got=$("$pkgnic" --id "$id")
		if [ -z "$got" ]; then
			fail "$m" "$id maps to no model"
		elif [ "$(ids "$got")" != "$*" ] || [ "$(rev_of "$got")" != "$rev" ]; then
			fail "$m" "$id maps to $got, which reports $(ids "$got") rev $(rev_of "$got")"
		else
			pass "$m"
		fi
	done
fi

# expect NAME WANT FILE-CONTENT...: a package of one INF with these lines.
expect() {
	_name=$1 _want=$2
	shift 2
	rm -rf "$work/pkg" && mkdir "$work/pkg"
	printf '%s\r\n' "$@" >"$work/pkg/Net Driver.INF"
	_got=$("$pkgnic" "$work/pkg" 2>"$work/err")
	if [ "$_got" = "$_want" ]; then
		pass "$_name"
	else
		fail "$_name" "got '$_got', want '$_want'; stderr: $(cat "$work/err")"
	fi
}

expect lowercase-crlf tulip '[Models.NTamd64]' '%D% = Inst, pci\ven_1011&dev_0019'
expect first-emulated-wins i82558b \
	'%A% = Inst, PCI\VEN_14E4&DEV_1677' \
	'%B% = Inst, PCI\VEN_8086&DEV_1229&SUBSYS_00011014&REV_05' \
	'%C% = Inst, PCI\VEN_10EC&DEV_8139'
expect subsystem-picks i82559c '%C% = Inst, PCI\VEN_8086&DEV_1229&SUBSYS_00408086'
expect revision-picks i82551 '%C% = Inst, PCI\VEN_8086&DEV_1209&REV_0F'
expect modern-virtio virtio-net-pci-non-transitional '%V% = Inst, PCI\VEN_1AF4&DEV_1041&SUBSYS_11001AF4'
expect fallback rtl8139 '%X% = Inst, PCI\VEN_14E4&DEV_1677'
if grep -q 'using rtl8139 (say NIC=MODEL)' "$work/err"; then
	pass fallback-note
else
	fail fallback-note "no note on stderr: $(cat "$work/err")"
fi
# USB: QEMU's one USB NIC, usb-net (its IDs as QEMU 7.2's
# hw/usb/dev-network.c gives them), for a USB ID; composite (&MI_) and
# revision (&REV_) forms too; a USB-only package whose IDs QEMU does not
# emulate still gets a USB NIC, with the note.
expect usb-net usb-net '%U% = Inst, USB\VID_0525&PID_A4A2'
expect usb-lowercase-mi-rev usb-net '%U% = Inst, usb\vid_0525&pid_a4a2&rev_0100&mi_00'
expect usb-after-pci usb-net \
	'%A% = Inst, PCI\VEN_14E4&DEV_1677' \
	'%U% = Inst, USB\VID_0525&PID_A4A2'
expect pci-before-usb e1000 \
	'%A% = Inst, PCI\VEN_8086&DEV_100E' \
	'%U% = Inst, USB\VID_0525&PID_A4A2'
expect usb-fallback usb-net '%W% = Inst, USB\VID_0CF3&PID_9271'
if grep -q 'using usb-net (say NIC=MODEL)' "$work/err"; then
	pass usb-fallback-note
else
	fail usb-fallback-note "no note on stderr: $(cat "$work/err")"
fi
if [ "$("$pkgnic" "$top/tests/drivers/usbecm" 2>/dev/null)" = usb-net ]; then
	pass usbecm-package
else
	fail usbecm-package "the usbecm test package does not pick usb-net"
fi
if [ "$("$pkgnic" "$work/none" 2>/dev/null)" = rtl8139 ]; then
	pass no-directory
else
	fail no-directory "a missing directory does not fall back to rtl8139"
fi

echo "pkgnic: $passed passed, $failed failed"
[ "$failed" = 0 ]
