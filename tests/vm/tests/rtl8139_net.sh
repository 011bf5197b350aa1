# SPDX-License-Identifier: GPL-2.0-only
# The RTL8139 Windows miniport on QEMU's RTL8139C+: pushed through
# /dev/ndisload, bound, interface up on QEMU's user network, ping and a
# TCP download from the host with checksum compare, link state, counters,
# ethtool (driver info naming the Windows driver, link, statistics), MTU,
# promiscuous mode, a MAC address change (the miniport restarted with
# NetworkAddress, as Windows does), then removal with the module's
# accounting back to zero.
# nic: rtl8139
# serve: 4
# timeout: 150
. /tests/_ndl.sh

added() { ndl_add_rtl8139 | grep -qx "bound 1 owned 0"; }
listed() {
	ndl-ioctl drivers | grep -q "^driver rtl8139 state=loaded version=1.0.0.0 ndis=5.1 " &&
	ndl-ioctl devices | grep -q " 10ec:8139 driver=rtl8139 state=running if=$iface flags=up,carrier,"
}
received() { [ "$(cat "/sys/class/net/$iface/statistics/rx_bytes")" -gt 4000000 ]; }
refused_busy() { ndl-ioctl remove rtl8139 | grep -qx "errno EBUSY"; }
ethtool_ok() {
	ndl-ioctl ethtool "$iface" >/tmp/ethtool.out || return 1
	grep -qx "driver rtl8139" /tmp/ethtool.out &&
	grep -qx "version 1.0.0.0" /tmp/ethtool.out &&
	grep -q "^firmware ndisload .*, NDIS 5.1$" /tmp/ethtool.out &&
	grep -qx "bus 0000:00:03.0" /tmp/ethtool.out &&
	grep -qx "link 1" /tmp/ethtool.out &&
	grep -qx "speed 100" /tmp/ethtool.out &&
	grep -q "^stat rt_interrupts [1-9]" /tmp/ethtool.out &&
	grep -q "^stat rx_packets [1-9]" /tmp/ethtool.out || { cat /tmp/ethtool.out; return 1; }
}
mtu_ok() {
	ip link set "$iface" mtu 1400 && ! ip link set "$iface" mtu 1600 2>/dev/null &&
	ip link set "$iface" mtu 1500 && ping -c 1 -W 3 -s 1400 10.0.2.2 >/dev/null
}
promisc_ok() {
	ip link set "$iface" promisc on && sleep 0.5 && ip link set "$iface" promisc off &&
	sleep 0.5 && ! dmesg | grep -q "receive filter update failed"
}
mac_ok() {
	ip link set "$iface" down && ip link set "$iface" address 02:00:00:11:22:33 &&
	[ "$(cat /sys/class/net/$iface/address)" = 02:00:00:11:22:33 ] &&
	ndl_net_up "$iface" && ndl_wait_carrier "$iface" 5 && ping -c 2 -W 3 10.0.2.2 >/dev/null
}
no_leaks() { _l=$(ndl_leaks); [ -z "$_l" ] || { echo "$_l"; return 1; }; }

check insmod ndl_load
check add added
iface=$(ndl_iface rtl8139)
check interface test -n "$iface" -a -d "/sys/class/net/$iface"
check up ndl_net_up "$iface"
check carrier ndl_wait_carrier "$iface" 5
check listed listed
check ping ping -c 3 -W 3 10.0.2.2
check download ndl_download
check counters received
deepest=$(sed -n 's/^deepest //p' "$NDL_DEBUGFS/stacks")
usable=$(sed -n 's/^usable //p' "$NDL_DEBUGFS/stacks")
ndl_report "INFO: deepest driver-stack use $deepest of $usable bytes"
check stack-headroom test "$deepest" -lt "$usable"
check ethtool ethtool_ok
check mtu mtu_ok
check promisc promisc_ok
check mac-address mac_ok
check remove-busy refused_busy
check down ip link set "$iface" down
check remove ndl-ioctl remove rtl8139
check interface-gone test ! -d "/sys/class/net/$iface"
check accounting-zero no_leaks
check rmmod rmmod ndisload
