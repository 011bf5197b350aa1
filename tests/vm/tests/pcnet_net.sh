# SPDX-License-Identifier: GPL-2.0-only
# The NDIS 4.0 PCnet-PCI II miniport (tests/drivers/pcnet: a serialized bus
# master whose transmit buffers reach the chip through map registers,
# NdisMAllocateMapRegisters + NdisMStartBufferPhysicalMapping /
# NdisMCompleteBufferPhysicalMapping; rings and receive buffers in shared
# memory) on QEMU's pcnet, installed and loaded with the product's CLI:
# listed as NDIS 4.0, up, ping, a timed TCP download with checksum
# compare, promiscuous mode on and off (the chip re-initialized with a new
# mode), the clang-MSVC build the same way when there is one, then the
# module's accounting back to zero and rmmod.
# nic: pcnet
# serve: 4
# timeout: 120
. /tests/_ndl.sh

listed() { # DRIVER
	ndl-ioctl drivers | grep -q "^driver $1 state=loaded version=1.0.0.0 ndis=4.0 " &&
	ndl-ioctl devices "$1" | grep -q " 1022:2000 driver=$1 state=running if=$iface flags=up,carrier" ||
	{ ndl-ioctl drivers; ndl-ioctl devices "$1"; return 1; }
}
download() {
	_dl=$(ndl_download_rate) || { echo "$_dl"; return 1; }
	ndl_report "INFO: $round: download $_dl"
}
promisc_ok() {
	ip link set "$iface" promisc on && ping -c 1 -W 3 10.0.2.2 >/dev/null &&
	ip link set "$iface" promisc off && ping -c 1 -W 3 10.0.2.2 >/dev/null
}

# round NAME DRIVER INF: install, load, traffic, remove.
round() {
	round=$1
	check "$1-install" ndisload install --name "$2" "$3"
	check "$1-load" ndisload load --unbind-native "$2"
	iface=$(ndl_iface "$2")
	check "$1-interface" test -n "$iface" -a -d "/sys/class/net/$iface"
	if [ -n "$iface" ]; then
		check "$1-up" ndl_net_up "$iface"
		check "$1-carrier" ndl_wait_carrier "$iface" 5
		check "$1-listed" listed "$2"
		check "$1-ping" ping -c 3 -W 3 10.0.2.2
		check "$1-download" download
		check "$1-promisc" promisc_ok
		check "$1-down" ip link set "$iface" down
	fi
	check "$1-remove" ndl-ioctl remove "$2"
}

check insmod ndl_load
round mingw pcnet "$NDL_DRIVERS/pcnet/pcnet.inf"
msvc=/lib/ndl/drivers-msvc/pcnet/pcnet.inf
if [ -f "$msvc" ]; then
	round msvc pcnetmsvc "$msvc"
else
	skip msvc "no clang-MSVC build of pcnet in the guest (build/drivers-msvc)"
fi
check accounting-zero ndl_no_leaks
check rmmod rmmod ndisload
