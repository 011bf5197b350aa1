# SPDX-License-Identifier: GPL-2.0-only
# The reference: Linux's own 8139cp driver on the same emulated RTL8139C+,
# same network and transfer as rtl8139_net. With ndisload loaded and the
# Windows driver pushed while 8139cp owns the card, the card is reported
# as owned by 8139cp and left alone.
# nic: rtl8139
# serve: 4
# timeout: 120
. /tests/_ndl.sh

owned() {
	ndl_add_rtl8139 | grep -qx "bound 0 owned 1" &&
	ndl-ioctl devices rtl8139 | grep -q " state=owned .* owner=8139cp "
}
native_iface() {
	for _d in /sys/class/net/*; do
		[ "$(basename "$(readlink "$_d/device/driver" 2>/dev/null)")" = 8139cp ] &&
			basename "$_d" && return 0
	done
	return 1
}

check load-8139cp load_module 8139cp
iface=$(native_iface)
check interface test -n "$iface"
check up ndl_net_up "$iface"
check carrier ndl_wait_carrier "$iface" 5
check ping ping -c 3 -W 3 10.0.2.2
check download ndl_download
check insmod ndl_load
check not-stolen owned
check still-native sh -c "[ \"\$(basename \"\$(readlink /sys/class/net/$iface/device/driver)\")\" = 8139cp ]"
check remove ndl-ioctl remove rtl8139
check rmmod rmmod ndisload
