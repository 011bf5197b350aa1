# SPDX-License-Identifier: GPL-2.0-only
# Two NICs at once: the RTL8139 driver bound to two emulated RTL8139C+
# cards (each on its own user network, 10.0.2.0/24 and 10.0.3.0/24), both
# interfaces passing traffic at the same time (two downloads in parallel,
# checksums compared). two_drivers.sh does the same with two different
# Windows drivers.
# nic: rtl8139 rtl8139
# serve: 4
# timeout: 180
. /tests/_ndl.sh

added() { ndl_add_rtl8139 | grep -qx "bound 2 owned 0"; }
up_on() { # IFACE SUBNET: address it as .15 on 10.0.SUBNET.0/24
	ip link set "$1" up && ip addr add "10.0.$2.15/24" dev "$1"
}
both_counted() {
	[ "$(cat /sys/class/net/$if1/statistics/rx_bytes)" -gt 4000000 ] &&
	[ "$(cat /sys/class/net/$if2/statistics/rx_bytes)" -gt 4000000 ]
}

check insmod ndl_load
check add-binds-both added
if1=$(ndl_iface rtl8139 1) if2=$(ndl_iface rtl8139 2)
check two-interfaces test -n "$if1" -a -n "$if2" -a "$if1" != "$if2"
check up-1 up_on "$if1" 2
check up-2 up_on "$if2" 3
check carrier-1 ndl_wait_carrier "$if1" 5
check carrier-2 ndl_wait_carrier "$if2" 5
check ping-1 ping -c 2 -W 3 -I "$if1" 10.0.2.2
check ping-2 ping -c 2 -W 3 -I "$if2" 10.0.3.2
check parallel-downloads ndl_parallel_downloads
check both-counted both_counted
check down sh -c "ip link set $if1 down && ip link set $if2 down"
check remove ndl-ioctl remove rtl8139
check rmmod rmmod ndisload
