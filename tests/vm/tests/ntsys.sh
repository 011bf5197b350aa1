# SPDX-License-Identifier: GPL-2.0-only
# NT kernel services in the kernel: the ntsys miniport (tests/drivers/ntsys)
# reads its service Parameters with RtlQueryRegistryValues, runs a system
# thread (a kthread on a driver stack) that reads its firmware file with
# ZwCreateFile/ZwReadFile and ends with PsTerminateSystemThread, waits for
# the thread object, names an event, and in MiniportInitialize reads and
# writes its device key. Its MAC tells what held: bytes 0-3 from the
# firmware, byte 4 from the registry, byte 5 one bit per check (0x3f: all).
# Pushed again without the firmware file, the thread ends early and the
# load still succeeds with the firmware bits clear. Its control device
# (NdisMRegisterDevice) is /dev/ndisload-dev/ntsys: mode 0600, the three
# IOCTL transfer types, read and write from user space (ndl-devctl); the
# driver is removed while a handle is open: the node goes, the handle's
# later calls fail with ENODEV, closing it is clean. Both build flavours
# one after the other in one boot (mingw-w64, then clang-MSVC when
# build/drivers-msvc exists; the MSVC build's thread, registry and file
# calls go through its import thunks and unwind tables). One boot, ~15 s
# (~45 s with boot under TCG on a loaded machine); the second flavour adds
# about 3 s.
# device: pci-testdev
# timeout: 90
. /tests/_ndl.sh
# The firmware file ships in the driver's package (its .inf copies it):
# "NTSF", 4 bytes, then the MAC's first four bytes at offset 8.

add() {	# add [-d FILE]: push ntsys with the registry values of its .inf
	_out=$(ndl-ioctl add "$name" -s "$sys" -i 1b36:0005 "$@" \
		-r 'FirmwareName=sz:ntsys.bin' -r 'MacByte4=sz:0x5a' \
		-r 'Ndi\Interfaces\UpperRange=sz:ndis5' \
		-r 'Ndi\Interfaces\LowerRange=sz:ethernet' 2>&1)
	echo "$_out" | grep -qx "bound 1 owned 0" || { echo "$_out"; return 1; }
}
mac_is() {
	_ifc=$(ndl_iface "$name")
	[ -n "$_ifc" ] || { ndl-ioctl devices "$name"; return 1; }
	_mac=$(cat "/sys/class/net/$_ifc/address")
	[ "$_mac" = "$1" ] || { echo "MAC $_mac, want $1"; return 1; }
}
# The kernel log since this flavour's first check.
log_since() { dmesg | sed -n "$((mark + 1)),\$p"; }
entry_ok() { log_since | grep -q "$name: DriverEntry returned 0x00000000"; }
no_fw_logged() {
	log_since | grep -q 'ZwCreateFile(\\SystemRoot\\system32\\drivers\\ntsys.bin): no such file'
}
ctl=/dev/ndisload-dev/ntsys
node_ok() {
	[ -c "$ctl" ] || { ls -l /dev/ndisload-dev; return 1; }
	_m=$(stat -c '%a %u' "$ctl")
	[ "$_m" = "600 0" ] || { echo "mode/owner $_m"; return 1; }
}
# CTL_CODE(FILE_DEVICE_UNKNOWN, 0x800.., METHOD_BUFFERED/OUT_DIRECT/NEITHER)
devctl_ok() {
	_o=$(ndl-devctl "$ctl" ioctl:0x222000:616263:8 ioctl:0x222006:616263:8 \
		ioctl:0x22200b:616263:8 ioctl:0x222000:616263:2 \
		ioctl:0x2227fc:-:0 write:hello read:64 ioctl:0x22200c:-:12)
	_w='status 0x00000000 returned 3 out 636261
status 0x00000000 returned 3 out 636261
status 0x00000000 returned 3 out 636261
status 0xc0000023 returned 0 out 
status 0xc0000010 returned 0 out 
wrote 5
read 24 ntsys opens=1 written=5
status 0x00000000 returned 12 out 010000000100000005000000'
	[ "$_o" = "$_w" ] || { echo "$_o"; return 1; }
}
# Remove the driver while a handle is open (its first ioctl done).
remove_while_open() {
	rm -f /tmp/go /tmp/hold.out
	ndl-devctl "$ctl" ioctl:0x222000:6162:4 wait:/tmp/go \
		ioctl:0x222000:6162:4 read:8 >/tmp/hold.out 2>&1 &
	_p=$!
	# Its first ioctl answered (bounded: a slow guest may take seconds).
	_n=600
	until grep -q status /tmp/hold.out 2>/dev/null; do
		_n=$((_n - 1))
		[ $_n -gt 0 ] || { echo "no first answer in 60 s"; touch /tmp/go; return 1; }
		sleep 0.1
	done
	ndl-ioctl remove "$name" || { touch /tmp/go; return 1; }
	[ ! -e "$ctl" ] || { echo "$ctl still there"; touch /tmp/go; return 1; }
	touch /tmp/go
	wait $_p
	_w='status 0x00000000 returned 2 out 6261
errno ENODEV
errno ENODEV'
	[ "$(cat /tmp/hold.out)" = "$_w" ] || { cat /tmp/hold.out; return 1; }
}

fw_shipped() { [ -f "$fw" ] || { ls "${fw%/*}"; return 1; }; }

# flavour NAME DRIVERS-DIR: one build of the driver through its checks.
flavour() {
	name=$1 sys=$2/ntsys/ntsys.sys fw=$2/ntsys/ntsys.bin
	mark=$(dmesg | wc -l)
	check $name/firmware-shipped fw_shipped
	check $name/add add -d "$fw"
	check $name/driver-entry entry_ok
	check $name/all-checks-hold mac_is 02:4e:54:53:5a:3f
	check $name/control-node node_ok
	check $name/control-requests devctl_ok
	check $name/remove-while-open remove_while_open
	check $name/accounting-zero ndl_no_leaks
	check $name/add-no-firmware add
	check $name/thread-ended-early no_fw_logged
	# no firmware: bytes 0-3 zero; OK_THREAD and OK_FIRMWARE (0x06) clear
	check $name/checks-without-firmware mac_is 00:00:00:00:5a:39
	check $name/remove-again ndl-ioctl remove "$name"
	check $name/accounting-zero-again ndl_no_leaks
}

check insmod ndl_load
ndl_flavours flavour ntsys ntsys/ntsys.sys
check rmmod rmmod ndisload
