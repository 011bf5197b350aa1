# SPDX-License-Identifier: GPL-2.0-only
# The CLI alone takes the usbecm test package to a working interface on
# QEMU's usb-net (xHCI), the way it does for PCI: install, the USB device
# listed next to the PCI ones with its IDs, bus path and Linux driver
# (cdc_ether) and the package matched, bind with --unbind-native and
# --load (cdc_ether lets go of both interfaces, the module binds the
# device), traffic, unbind, remove, rmmod.
# nic: usb-net
# timeout: 110
ko=/lib/modules/$NDL_KVER/ndisload.ko
pkg=/lib/ndl/drivers/usbecm
usb_dev() { # the usb-net device's sysfs name, e.g. 1-1
	for _d in /sys/bus/usb/devices/*; do
		[ "$(cat "$_d/idVendor" 2>/dev/null)" = 0525 ] &&
			[ "$(cat "$_d/idProduct")" = a4a2 ] && { basename "$_d"; return 0; }
	done
	return 1
}
iface_of() { ls "/sys/bus/usb/devices/$dev:1.0/net" 2>/dev/null | head -n1; }
driver_of() { basename "$(readlink "/sys/bus/usb/devices/$1/driver" 2>/dev/null)" 2>/dev/null; }

check xhci load_module xhci-pci
check cdc_ether load_module cdc_ether
sleep 2
dev=$(usb_dev)
check device test -n "$dev"
check insmod insmod "$ko"
check install ndisload install "$pkg/usbecm.inf"
check devices-listed sh -c "ndisload devices | grep -E '^$dev .*usbecm\$'"
check devices-json sh -c "ndisload devices --json | tr -d ' \n' | grep -q '\"id\":\"$dev\",\"bus\":\"usb\"'"
check native-owner test "$(driver_of "$dev:1.0")" = cdc_ether
check bind ndisload bind --unbind-native --load "$dev" usbecm
check bound-both sh -c "[ \"\$(basename \"\$(readlink /sys/bus/usb/devices/$dev:1.0/driver)\")\" = ndisload-usbecm ] && [ \"\$(basename \"\$(readlink /sys/bus/usb/devices/$dev:1.1/driver)\")\" = ndisload-usbecm ]"
iface=
for _i in 1 2 3 4 5 6 7 8 9 10; do
	iface=$(iface_of)
	[ -n "$iface" ] && break
	sleep 1
done
check interface test -n "$iface"
if [ -n "$iface" ]; then
	check net-up net_up "$iface"
	check ping ping -c 3 -W 5 10.0.2.2
	check status-interface sh -c "ndisload status | grep -q '$iface'"
	ip link set "$iface" down
fi
check remove-forced ndisload remove --force usbecm
check unbound sh -c "[ \"\$(basename \"\$(readlink /sys/bus/usb/devices/$dev:1.0/driver 2>/dev/null)\" 2>/dev/null)\" != ndisload-usbecm ]"
check rmmod rmmod ndisload
