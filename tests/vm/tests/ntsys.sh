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
# later calls fail with ENODEV, closing it is clean. One boot, ~15 s
# (~45 s with boot under TCG on a loaded machine).
# device: pci-testdev
# timeout: 90
. /tests/_ndl.sh
sys=$NDL_DRIVERS/ntsys/ntsys.sys
# The firmware file ships in the driver's package (its .inf copies it):
# "NTSF", 4 bytes, then the MAC's first four bytes at offset 8.
fw=$NDL_DRIVERS/ntsys/ntsys.bin

add() {	# add [-d FILE]: push ntsys with the registry values of its .inf
	_out=$(ndl-ioctl add ntsys -s "$sys" -i 1b36:0005 "$@" \
		-r 'FirmwareName=sz:ntsys.bin' -r 'MacByte4=sz:0x5a' \
		-r 'Ndi\Interfaces\UpperRange=sz:ndis5' \
		-r 'Ndi\Interfaces\LowerRange=sz:ethernet' 2>&1)
	echo "$_out" | grep -qx "bound 1 owned 0" || { echo "$_out"; return 1; }
}
mac_is() {
	_ifc=$(ndl_iface ntsys)
	[ -n "$_ifc" ] || { ndl-ioctl devices ntsys; return 1; }
	_mac=$(cat "/sys/class/net/$_ifc/address")
	[ "$_mac" = "$1" ] || { echo "MAC $_mac, want $1"; return 1; }
}
entry_ok() { dmesg | grep -q "ntsys: DriverEntry returned 0x00000000"; }
no_fw_logged() {
	dmesg | grep -q 'ZwCreateFile(\\SystemRoot\\system32\\drivers\\ntsys.bin): no such file'
}
no_leaks() { _l=$(ndl_leaks); [ -z "$_l" ] || { echo "$_l"; return 1; }; }
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
	for _i in 1 2 3 4 5 6 7 8 9 10; do
		grep -q status /tmp/hold.out 2>/dev/null && break
		sleep 0.5
	done
	ndl-ioctl remove ntsys || { touch /tmp/go; return 1; }
	[ ! -e "$ctl" ] || { echo "$ctl still there"; touch /tmp/go; return 1; }
	touch /tmp/go
	wait $_p
	_w='status 0x00000000 returned 2 out 6261
errno ENODEV
errno ENODEV'
	[ "$(cat /tmp/hold.out)" = "$_w" ] || { cat /tmp/hold.out; return 1; }
}

fw_shipped() { [ -f "$fw" ] || { ls "$NDL_DRIVERS/ntsys"; return 1; }; }
check firmware-shipped fw_shipped
check insmod ndl_load
check add add -d "$fw"
check driver-entry entry_ok
check all-checks-hold mac_is 02:4e:54:53:5a:3f
check control-node node_ok
check control-requests devctl_ok
check remove-while-open remove_while_open
check accounting-zero no_leaks
check add-no-firmware add
check thread-ended-early no_fw_logged
# no firmware: bytes 0-3 zero; OK_THREAD and OK_FIRMWARE (0x06) clear
check checks-without-firmware mac_is 00:00:00:00:5a:39
check remove-again ndl-ioctl remove ntsys
check accounting-zero-again no_leaks
check rmmod rmmod ndisload
