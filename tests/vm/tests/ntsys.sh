# SPDX-License-Identifier: GPL-2.0-only
# NT kernel services in the kernel: the ntsys miniport (tests/drivers/ntsys)
# reads its service Parameters with RtlQueryRegistryValues, runs a system
# thread (a kthread on a driver stack) that reads its firmware file with
# ZwCreateFile/ZwReadFile and ends with PsTerminateSystemThread, waits for
# the thread object, names an event, and in MiniportInitialize reads and
# writes its device key. Its MAC tells what held: bytes 0-3 from the
# firmware, byte 4 from the registry, byte 5 one bit per check (0x3f: all).
# Pushed again without the firmware file, the thread ends early and the
# load still succeeds with the firmware bits clear. One boot, ~10 s.
# device: pci-testdev
# timeout: 60
. /tests/_ndl.sh
sys=$NDL_DRIVERS/ntsys/ntsys.sys
fw=/tmp/ntsys.bin
# "NTSF", 4 bytes, then the MAC's first four bytes at offset 8
printf 'NTSF\000\000\000\000\002\116\124\123\356\356\356\356' >"$fw"

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

check insmod ndl_load
check add add -d "$fw"
check driver-entry entry_ok
check all-checks-hold mac_is 02:4e:54:53:5a:3f
check remove ndl-ioctl remove ntsys
check accounting-zero no_leaks
check add-no-firmware add
check thread-ended-early no_fw_logged
# no firmware: bytes 0-3 zero; OK_THREAD and OK_FIRMWARE (0x06) clear
check checks-without-firmware mac_is 00:00:00:00:5a:39
check remove-again ndl-ioctl remove ntsys
check accounting-zero-again no_leaks
check rmmod rmmod ndisload
