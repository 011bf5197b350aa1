# SPDX-License-Identifier: GPL-2.0-only
# A miniport that fails MiniportInitialize: the RTL8139 driver pushed for
# an e1000 card (its ID list made to say so). The add succeeds with
# nothing bound; the device list says "failed" with the NDIS_STATUS and the
# reason, the driver's last error names the device, the kernel log says the
# same (and `ndisload log --driver` shows it with the NDIS_STATUS, from the
# real /dev/kmsg), nothing leaks, and the driver is removed cleanly.
# nic: e1000
# timeout: 90
. /tests/_ndl.sh

added() {
	ndl-ioctl add wrong -s "$NDL_DRIVERS/rtl8139/rtl8139.sys" -i 8086:100e \
		-r 'IoMode=sz:0' | grep -qx "bound 0 owned 0"
}
listed_failed() {
	ndl-ioctl devices wrong | grep -q " 8086:100e driver=wrong state=failed if=- .* error=-5 status=0x[0-9a-f]* .*msg=MiniportInitialize failed"
}
driver_error() {
	ndl-ioctl drivers | grep -q "^driver wrong .* error=-5 msg=0000:00:03.0: MiniportInitialize failed"
}
logged() { dmesg | grep -q "wrong: 0000:00:03.0: MiniportInitialize failed"; }
# The CLI's log view: the failure with its status, attributed to driver and
# device; the runtime's own line (device only) joined to the driver too.
cli_log() {
	_out=$(ndisload log --driver wrong) || return 1
	echo "$_out" | grep -q "kernel error *wrong 0000:00:03.0: MiniportInitialize failed: NDIS_STATUS 0x[0-9a-f]\{8\}" &&
	echo "$_out" | grep -q "wrong 0000:00:03.0: MiniportInitialize failed with 0x[0-9a-f]\{8\}" &&
	! echo "$_out" | grep -q "ndisload [0-9.]* loaded" ||
		{ echo "$_out"; return 1; }
}

check insmod ndl_load
check add-binds-nothing added
check device-failed listed_failed
check driver-error driver_error
check logged logged
check cli-log cli_log
check no-interface sh -c '! ls /sys/bus/pci/devices/0000:00:03.0/net 2>/dev/null'
check remove ndl-ioctl remove wrong
check accounting-zero ndl_no_leaks
check rmmod rmmod ndisload
