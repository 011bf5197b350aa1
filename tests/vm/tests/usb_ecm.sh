# SPDX-License-Identifier: GPL-2.0-only
# The usbecm test miniport (NDIS 5.1, CDC Ethernet over URBs) on two of
# QEMU's usb-net devices at once, one behind xHCI (10.0.2.0/24), one on an
# ICH9 EHCI port (10.0.3.0/24; usb-net is full-speed, so the EHCI hands it
# to its UHCI companion): Linux's cdc_ether has both first and is left alone
# (reported as the owner); once it lets go, the Windows driver binds each
# whole device (both interfaces), ping on each and two downloads in
# parallel compared by SHA-256; the xHCI device unplugged under traffic
# (surprise removal: the interface goes, the record says gone, no request
# left behind) while the EHCI one keeps passing traffic, plugged back in
# and bound again by itself; rmmod while both run. Every bind first asks
# for a URB function the bus does not serve (usbecm's TestUnsupportedUrb):
# refused with a warning naming it, the driver carries on.
# nic: usb-net usb-net:ehci
# monitor: yes
# serve: 4
# timeout: 150
. /tests/_ndl.sh

usb_dev() { ndl_usb_dev 0525 a4a2 "$1"; } # HCD: the usb-net behind it
add_usbecm() {
	ndl-ioctl add usbecm -s "$NDL_DRIVERS/usbecm/usbecm.sys" -V 1.0.0.0 \
		-i usb:0525:a4a2 \
		-r 'Ndi\Interfaces\UpperRange=sz:ndis5' \
		-r 'Ndi\Interfaces\LowerRange=sz:ethernet' -r 'BusType=sz:15' \
		-r 'TestUnsupportedUrb=sz:1'
}
# Each bind asked for an isochronous transfer (TestUnsupportedUrb): the
# module named it and the device, refused it, and the driver came up (it
# fails otherwise).
urb_refused() { # COUNT: at least that many refusals logged
	[ "$(dmesg | grep -c 'USB.VID_0525&PID_A4A2&REV_[0-9]*: URB_FUNCTION_ISOCH_TRANSFER (0x000a) not supported')" -ge "$1" ]
}
owned_by_cdc() { add_usbecm | grep -qx "bound 0 owned 2"; }
listed_owned() { [ "$(ndl-ioctl devices usbecm | grep -c "^device usb:.* 0525:a4a2 driver=usbecm state=owned .*owner=cdc_ether")" = 2 ]; }
native_released() { # DEV
	echo "$1:1.0" >/sys/bus/usb/drivers/cdc_ether/unbind &&
	[ ! -e "/sys/bus/usb/devices/$1:1.1/driver" ]
}
bound_by_hand() { # DEV
	echo "$1:1.0" >/sys/bus/usb/drivers/ndisload-usbecm/bind &&
	[ "$(basename "$(readlink "/sys/bus/usb/devices/$1:1.1/driver")")" = ndisload-usbecm ]
}
iface_of() { ls "/sys/bus/usb/devices/$1:1.0/net" 2>/dev/null | head -n1; }
listed() { # IFACE
	ndl-ioctl devices usbecm | grep -q "^device usb:.* 0525:a4a2 driver=usbecm state=running if=$1 flags=up,carrier,"
}
parent_ok() { # IFACE DEV
	[ "$(basename "$(readlink "/sys/class/net/$1/device")")" = "$2:1.0" ]
}
up_on() { # IFACE SUBNET: address it as .15 on 10.0.SUBNET.0/24
	ip link set "$1" up && ip addr add "10.0.$2.15/24" dev "$1"
}
ehci_download() {
	ndl_fetch_via 3 /tmp/sum3
	[ "$(cat /tmp/sum3)" = "$ndl_serve_sha" ] || { echo "checksum $(cat /tmp/sum3)"; return 1; }
}
unplugged() { ! usb_dev xhci_hcd >/dev/null; }
replugged() { usb_dev xhci_hcd >/dev/null; }
recorded_gone() { ndl-ioctl devices usbecm | grep -q " state=gone "; }
rebound() { [ -n "$(iface_of "$dev")" ]; }
no_warnings() { ! dmesg | grep -qE "WARNING:|BUG:|never completed|not deleted|unsupported URB"; }

check xhci load_module xhci-pci
check ehci load_module ehci-pci
check uhci load_module uhci-hcd
check cdc_ether load_module cdc_ether
check device ndl_wait_for 10 usb_dev xhci_hcd
check device-ehci ndl_wait_for 10 usb_dev uhci_hcd
dev=$(usb_dev xhci_hcd) dev2=$(usb_dev uhci_hcd)
check insmod ndl_load
check owned-by-native owned_by_cdc
check listed-owned listed_owned
check native-released native_released "$dev"
check native-released-ehci native_released "$dev2"
check bound-by-hand bound_by_hand "$dev"
check bound-by-hand-ehci bound_by_hand "$dev2"
iface=$(iface_of "$dev") iface2=$(iface_of "$dev2")
check interfaces test -n "$iface" -a -n "$iface2" -a "$iface" != "$iface2"
check parent parent_ok "$iface" "$dev"
check parent-ehci parent_ok "$iface2" "$dev2"
check up ndl_net_up "$iface"
check up-ehci up_on "$iface2" 3
check carrier ndl_wait_carrier "$iface" 5
check carrier-ehci ndl_wait_carrier "$iface2" 5
check listed listed "$iface"
check listed-ehci listed "$iface2"
check ping ping -c 3 -W 3 -I "$iface" 10.0.2.2
check ping-ehci ping -c 3 -W 3 -I "$iface2" 10.0.3.2
check parallel-downloads ndl_parallel_downloads
check unsupported-urb-refused urb_refused 2

# Surprise removal of the xHCI device under traffic, the EHCI one passing
# traffic meanwhile; the driver binds the new device itself (cdc_ether
# goes first so it cannot take it).
rmmod cdc_ether
wget -q -O /dev/null "http://$ndl_serve" 2>/dev/null &
wget_pid=$!
sleep 1
ndl_monitor device_del nic0
check unplugged ndl_wait_for 20 unplugged
check interface-gone ndl_wait_for 10 test ! -d "/sys/class/net/$iface"
check recorded-gone recorded_gone
kill "$wget_pid" 2>/dev/null
wait "$wget_pid" 2>/dev/null
check ehci-survives ehci_download
ndl_monitor device_add usb-net,netdev=n0,id=nic0,bus=usbhc0.0
check replugged ndl_wait_for 20 replugged
dev=$(usb_dev xhci_hcd)
check rebound ndl_wait_for 20 rebound
iface=$(iface_of "$dev")
check up-again ndl_net_up "$iface"
check carrier-again ndl_wait_carrier "$iface" 5
check download-again ndl_download
check unsupported-urb-refused-again urb_refused 3
check no-warnings no_warnings
# rmmod with both interfaces up and traffic flowing: every driver removed.
ping -q -i 0.05 -I "$iface" 10.0.2.2 >/dev/null 2>&1 &
ping_pid=$!
ping -q -i 0.05 -I "$iface2" 10.0.3.2 >/dev/null 2>&1 &
ping2_pid=$!
# Expedited grace periods, as synchronize_net takes whenever any task holds
# the RTNL (linkwatch, NetworkManager): an on-stack work item each, which
# the debug kernel reported when free_netdev ran on a driver stack.
echo 1 >/sys/kernel/rcu_expedited
sleep 0.5
check rmmod-running rmmod ndisload
echo 0 >/sys/kernel/rcu_expedited
kill "$ping_pid" "$ping2_pid" 2>/dev/null
wait "$ping_pid" "$ping2_pid" 2>/dev/null
check rmmod-gone test ! -d "/sys/class/net/$iface" -a ! -d "/sys/class/net/$iface2"
