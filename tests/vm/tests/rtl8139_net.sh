# SPDX-License-Identifier: GPL-2.0-only
# The RTL8139 Windows miniport on QEMU's RTL8139C+: pushed through
# /dev/ndisload, bound, interface up on QEMU's user network, ping and a
# TCP download from the host with checksum compare, link state, counters,
# then removal with the module's accounting back to zero.
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
check remove-busy refused_busy
check down ip link set "$iface" down
check remove ndl-ioctl remove rtl8139
check interface-gone test ! -d "/sys/class/net/$iface"
check accounting-zero no_leaks
check rmmod rmmod ndisload
