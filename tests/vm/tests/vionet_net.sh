# SPDX-License-Identifier: GPL-2.0-only
# The legacy virtio-net Windows miniport (tests/drivers/vionet, written
# from the virtio specification, not sharing tests/drivers/common) on
# QEMU's virtio-net-pci, which on the i440fx PC is a transitional device
# (1AF4:1000, legacy I/O BAR), in both build flavours one after the other
# in one boot (mingw-w64, then clang-MSVC when build/drivers-msvc exists):
# installed, bound (taken from virtio-pci, built into 6.12) and loaded
# with the product's CLI, its link up, ping, a TCP
# download with checksum compare (8 MiB: about 5800 frames through the
# 32 receive buffers its ReceiveBuffers parameter asks for: they come back
# through MiniportReturnPacket and are recycled, and a burst longer than
# the buffers still posted goes up with NDIS_STATUS_RESOURCES), a multicast
# join (an IPv6 address's solicited-node group: OID_802_3_MULTICAST_LIST,
# a MAC_TABLE_SET command on the control queue, pended and completed from
# the DPC; the host script reads the control queue's used index through
# the monitor before and after), the link dropped and restored from the
# monitor (config-change interrupts, media disconnect/connect
# indications), down, removal (halt waits until NDIS returned every
# indicated packet through MiniportReturnPacket) with the module's
# accounting back to zero, rmmod, no warning in the kernel log.
# Then the mingw-w64 build once more with InterruptApi=1: its ISR
# connected with IoConnectInterrupt on the resource list's vector, its
# own DPC, KeSynchronizeExecution (NDIS's interrupt counters stay 0 while
# frames, the download and the config-change interrupts go through).
# Cost: one boot, about 15 s per flavour, 10 s for the WDM pass.
# nic: virtio-net-pci
# monitor: yes
# host: vionet_ctrl
# serve: 8
# timeout: 150
. /tests/_ndl.sh

vq=/machine/peripheral/nic0/virtio-backend
stat_of() { ndl_ethtool_stat "$iface" "$1"; }
listed() {
	ndl-ioctl drivers | grep -q "^driver $name state=loaded version=1.0.0.0 ndis=5.1 " &&
	ndl-ioctl devices "$name" | grep -q " 1af4:1000 driver=$name state=running if=$iface flags=up,carrier"
}
# Many times the receive buffers (32) arrived.
recycled() {
	_n=$(stat_of rx_packets)
	[ "${_n:-0}" -gt 4000 ] || { echo "rx_packets ${_n:-none}"; return 1; }
}
# An IPv6 address joins its solicited-node group 33:33:ff:00:12:34.
mcast_join() {
	ip -6 addr add fd00::1234/64 dev "$iface" &&
	grep -q "$iface .*3333ff001234" /proc/net/dev_mcast ||
		{ cat /proc/net/dev_mcast; return 1; }
}
# Halt waits while NDIS holds indicated packets: a bounded wait (the
# background call's output goes to a file, or check's $(...) would wait).
remove() {
	ndl-ioctl remove "$name" >/tmp/remove.out 2>&1 &
	_p=$! _n=300
	while kill -0 $_p 2>/dev/null; do
		_n=$((_n - 1))
		[ $_n -gt 0 ] || { echo "halt still waiting after 30 s"; return 1; }
		sleep 0.1
	done
	wait $_p || { cat /tmp/remove.out; return 1; }
}
# Why not, if not: the load's notes, our devices, who owns the function.
has_interface() {
	[ -n "$iface" ] && [ -d "/sys/class/net/$iface" ] && return 0
	cat /tmp/load.out; ndl-ioctl devices "$name"
	for _d in /sys/bus/pci/devices/*; do
		[ "$(cat "$_d/vendor")" = 0x1af4 ] &&
			echo "${_d##*/} driver=$(basename "$(readlink "$_d/driver" 2>/dev/null)" 2>/dev/null)"
	done
	return 1
}
# The control queue's state (queue 2) into the monitor's log; the sleep
# lets the monitor answer before the next command.
ctrl_status() {
	ndl_monitor "info virtio-queue-status $vq 2"
	sleep 1
}

# flavour NAME DRIVERS-DIR: one build of the driver through its checks.
flavour() {
	name=$1
	check $name/install ndisload install --name "$name" "$2/vionet/vionet.inf"
	check $name/params ndisload params "$name" ReceiveBuffers=32
	# Taken from virtio-pci where that is built in (6.12) or loaded.
	check $name/bind ndisload bind --unbind-native "$slot" "$name"
	check $name/load sh -c "ndisload load --unbind-native $name >/tmp/load.out 2>&1"
	iface=$(ndl_iface "$name")
	check $name/interface has_interface
	check $name/up ndl_net_up "$iface"
	check $name/carrier ndl_wait_carrier "$iface" 10
	check $name/listed listed
	check $name/ping ping -c 3 -W 3 10.0.2.2
	check $name/download ndl_download
	check $name/recycled recycled
	check $name/through-ndis ndis_interrupts +
	ctrl_status
	check $name/multicast-join mcast_join
	check $name/ping-after-join ping -c 2 -W 3 10.0.2.2
	ctrl_status
	ndl_report "HOST: ctrl $name"
	ndl_monitor set_link n0 off
	check $name/link-lost ndl_carrier_is "$iface" 0 10
	ndl_monitor set_link n0 on
	check $name/link-back ndl_carrier_is "$iface" 1 10
	check $name/ping-after-link ping -c 2 -W 3 10.0.2.2
	check $name/down ip link set "$iface" down
	check $name/remove remove
	check $name/interface-gone test ! -d "/sys/class/net/$iface"
	check $name/unbind ndisload unbind "$slot"
	check $name/uninstall ndisload remove "$name"
}
# ndis_interrupts 0|+: the interrupts NDIS's own ISR path counted.
ndis_interrupts() {
	_n=$(stat_of rt_interrupts)
	case $1 in
	0) [ "$_n" = 0 ] ;;
	+) [ "${_n:-0}" -gt 0 ] ;;
	esac || { echo "rt_interrupts ${_n:-none}"; return 1; }
}
# The WDM interrupt path: traffic and link changes, none through NDIS.
wdm_pass() {
	name=vionetwdm
	check wdm/install ndisload install --name "$name" "$1/vionet/vionet.inf"
	check wdm/params ndisload params "$name" ReceiveBuffers=32 InterruptApi=1
	check wdm/bind ndisload bind --unbind-native "$slot" "$name"
	check wdm/load sh -c "ndisload load --unbind-native $name >/tmp/load.out 2>&1"
	iface=$(ndl_iface "$name")
	check wdm/interface has_interface
	check wdm/up ndl_net_up "$iface"
	check wdm/carrier ndl_wait_carrier "$iface" 10
	check wdm/ping ping -c 3 -W 3 10.0.2.2
	check wdm/download ndl_download
	ndl_monitor set_link n0 off
	check wdm/link-lost ndl_carrier_is "$iface" 0 10
	ndl_monitor set_link n0 on
	check wdm/link-back ndl_carrier_is "$iface" 1 10
	check wdm/not-through-ndis ndis_interrupts 0
	check wdm/down ip link set "$iface" down
	check wdm/remove remove
	check wdm/unbind ndisload unbind "$slot"
	check wdm/uninstall ndisload remove "$name"
}
dmesg_clean() {
	ndl_dmesg_clean 'taints kernel|verification failed'
}

check insmod ndl_load
slot=$(for d in /sys/bus/pci/devices/*; do
	[ "$(cat "$d/vendor"):$(cat "$d/device")" = 0x1af4:0x1000 ] && echo "${d##*/}"
done | head -n1)
check device test -n "$slot"
flavour vionet "$NDL_DRIVERS"
msvc=/lib/ndl/drivers-msvc
if [ -f "$msvc/vionet/vionet.sys" ]; then
	flavour vionetms "$msvc"
else
	skip vionetms "no clang-MSVC build in $msvc"
fi
ndl_report "HOST: ctrl-done"
wdm_pass "$NDL_DRIVERS"
check accounting-zero ndl_no_leaks
check rmmod rmmod ndisload
check dmesg-clean dmesg_clean
