# SPDX-License-Identifier: GPL-2.0-only
# Exploration, not a test (names starting "_" are left out of --all): what
# Linux makes of QEMU's usb-net on xHCI — its descriptors, the
# configuration Linux chose and the driver that took each interface.
# Run with:
#   NDL_VM_MODULES="xhci-pci cdc_ether rndis_host" \
#   NDL_VM_QEMU="-device qemu-xhci -netdev user,id=u0 -device usb-net,netdev=u0" \
#   tests/vm/run.sh _usb_probe
# timeout: 90
check xhci load_module xhci-pci
check cdc_ether load_module cdc_ether
load_module rndis_host || true
sleep 3
for d in /sys/bus/usb/devices/*; do
	[ -e "$d/idVendor" ] || continue
	echo "device $d: $(cat "$d/idVendor"):$(cat "$d/idProduct") bcdDevice $(cat "$d/bcdDevice") class $(cat "$d/bDeviceClass") configs $(cat "$d/bNumConfigurations") active $(cat "$d/bConfigurationValue") speed $(cat "$d/speed")"
	for i in "$d":*; do
		[ -e "$i/bInterfaceClass" ] || continue
		drv=$(basename "$(readlink "$i/driver" 2>/dev/null)" 2>/dev/null)
		echo "  interface $i: class $(cat "$i/bInterfaceClass")/$(cat "$i/bInterfaceSubClass")/$(cat "$i/bInterfaceProtocol") alt $(cat "$i/bAlternateSetting") endpoints $(cat "$i/bNumEndpoints") driver ${drv:-none}"
		for e in "$i"/ep_*; do
			[ -e "$e/type" ] && echo "    $e: $(cat "$e/type") $(cat "$e/direction") maxp $(cat "$e/wMaxPacketSize") interval $(cat "$e/interval")"
		done
	done
done
ip -o link | sed 's/^/link: /'
check usb-net-seen sh -c 'grep -qx 0525 /sys/bus/usb/devices/*/idVendor'
