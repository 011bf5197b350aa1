# SPDX-License-Identifier: GPL-2.0-only
# The usbecm test miniport (NDIS 5.1, CDC Ethernet over URBs) on QEMU's
# usb-net behind xHCI: Linux's cdc_ether has the device first and is left
# alone (reported as the owner); once it lets go, the Windows driver binds
# the whole device (both interfaces), ping and a download compared by
# SHA-256; the device unplugged under traffic (surprise removal: the
# interface goes, the record says gone, no request left behind), plugged
# back in and bound again by itself; rmmod while it runs.
# nic: usb-net
# monitor: yes
# serve: 4
# timeout: 110
. /tests/_ndl.sh

wait_for() { # SECONDS COMMAND...: poll until the command succeeds
	_t=$(($1 * 10)); shift
	while ! "$@" 2>/dev/null; do
		_t=$((_t - 1)); [ $_t -gt 0 ] || return 1; sleep 0.1
	done
}
usb_dev() { # the usb-net device's sysfs name, e.g. 1-1
	for _d in /sys/bus/usb/devices/*; do
		[ "$(cat "$_d/idVendor" 2>/dev/null)" = 0525 ] &&
			[ "$(cat "$_d/idProduct")" = a4a2 ] && { basename "$_d"; return 0; }
	done
	return 1
}
add_usbecm() {
	ndl-ioctl add usbecm -s "$NDL_DRIVERS/usbecm/usbecm.sys" -V 1.0.0.0 \
		-i usb:0525:a4a2 \
		-r 'Ndi\Interfaces\UpperRange=sz:ndis5' \
		-r 'Ndi\Interfaces\LowerRange=sz:ethernet' -r 'BusType=sz:15'
}
owned_by_cdc() { add_usbecm | grep -qx "bound 0 owned 1"; }
listed_owned() { ndl-ioctl devices usbecm | grep -q "^device usb:.* 0525:a4a2 driver=usbecm state=owned .*owner=cdc_ether"; }
native_released() {
	echo "$dev:1.0" >/sys/bus/usb/drivers/cdc_ether/unbind &&
	[ ! -e "/sys/bus/usb/devices/$dev:1.1/driver" ]
}
bound_by_hand() {
	echo "$dev:1.0" >/sys/bus/usb/drivers/ndisload-usbecm/bind &&
	[ "$(basename "$(readlink "/sys/bus/usb/devices/$dev:1.1/driver")")" = ndisload-usbecm ]
}
listed() { ndl-ioctl devices usbecm | grep -q "^device usb:.* 0525:a4a2 driver=usbecm state=running if=$iface flags=up,carrier,"; }
parent_ok() { [ "$(basename "$(readlink "/sys/class/net/$iface/device")")" = "$dev:1.0" ]; }
unplugged() { ! usb_dev >/dev/null; }
replugged() { usb_dev >/dev/null; }
recorded_gone() { ndl-ioctl devices usbecm | grep -q " state=gone "; }
rebound() { [ -n "$(ndl_iface usbecm)" ]; }
no_warnings() { ! dmesg | grep -qE "WARNING:|BUG:|never completed|not deleted|unsupported URB"; }

check xhci load_module xhci-pci
check cdc_ether load_module cdc_ether
check device wait_for 10 usb_dev
dev=$(usb_dev)
check insmod ndl_load
check owned-by-native owned_by_cdc
check listed-owned listed_owned
check native-released native_released
check bound-by-hand bound_by_hand
iface=$(ndl_iface usbecm)
check interface test -n "$iface" -a -d "/sys/class/net/$iface"
check parent parent_ok
check up ndl_net_up "$iface"
check carrier ndl_wait_carrier "$iface" 5
check listed listed
check ping ping -c 3 -W 3 10.0.2.2
check download ndl_download

# Surprise removal under traffic; the driver binds the new device itself
# (cdc_ether goes first so it cannot take it).
rmmod cdc_ether
wget -q -O /dev/null "http://$ndl_serve" 2>/dev/null &
wget_pid=$!
sleep 1
ndl_monitor device_del nic0
check unplugged wait_for 20 unplugged
check interface-gone wait_for 10 test ! -d "/sys/class/net/$iface"
check recorded-gone recorded_gone
kill "$wget_pid" 2>/dev/null
wait "$wget_pid" 2>/dev/null
ndl_monitor device_add usb-net,netdev=n0,id=nic0,bus=usbhc0.0
check replugged wait_for 20 replugged
check rebound wait_for 20 rebound
iface=$(ndl_iface usbecm)
check up-again ndl_net_up "$iface"
check carrier-again ndl_wait_carrier "$iface" 5
check download-again ndl_download
check no-warnings no_warnings
# rmmod with the interface up and traffic flowing: every driver removed.
ping -q -i 0.05 10.0.2.2 >/dev/null 2>&1 &
ping_pid=$!
sleep 0.5
check rmmod-running rmmod ndisload
kill "$ping_pid" 2>/dev/null
wait "$ping_pid" 2>/dev/null
check rmmod-gone test ! -d "/sys/class/net/$iface"
