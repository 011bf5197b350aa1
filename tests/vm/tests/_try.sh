# SPDX-License-Identifier: GPL-2.0-only
# make vm-try PKG=DIR [NIC=MODEL]: any Windows driver package through the
# same end-to-end network test, with the product's own CLI. The package is
# in /lib/ndl/try (tests/vm/run.sh --pkg); the NIC comes from --nic (by
# default the model the package's .inf names, tests/vm/pkg-nic.sh; a USB
# NIC's host controller driver is loaded first). The
# driver is installed (ndisload install) and loaded (ndisload load), its
# interface brought up on QEMU's user network, then ping and an 8 MiB TCP
# download with checksum compare, timed (its MB/s in the verdict); the
# verdict is the last line.
# serve: 8
# timeout: 180
. /tests/_ndl.sh

pkg=/lib/ndl/try
inf=$(ls "$pkg"/*.inf "$pkg"/*.INF 2>/dev/null | head -n1)
verdict() { ndl_report "VERDICT: $*"; }

# A USB NIC (make vm-try picked usb-net): the host controllers' drivers,
# then any USB device enumerated, before the driver is loaded.
usb_hosts() { grep -lsE '^0x0c03(00|20|30)$' /sys/bus/pci/devices/*/class; }
usb_hosts_up() {
	for _c in $(usb_hosts); do
		case "$(cat "$_c")" in
		0x0c0330) load_module xhci-pci || return 1 ;;
		0x0c0320) load_module ehci-pci || return 1 ;;
		0x0c0300) load_module uhci-hcd || return 1 ;;
		esac
	done
}
usb_device_seen() { ls /sys/bus/usb/devices | grep -qvE '^usb|:'; }
try_install() { ndisload install --name try "$inf"; }
try_load() { ndisload load --unbind-native try; }

if [ -z "$inf" ]; then
	fail package "no .inf in the package (make vm-try PKG=DIR)"
	verdict "FAIL: no .inf in the package"
	exit 0
fi
if [ -n "$(usb_hosts)" ]; then
	check usb-hosts usb_hosts_up
	check usb-device ndl_wait_for 10 usb_device_seen
fi
check insmod ndl_load
check install try_install
check load try_load
ndl-ioctl devices try | sed 's/^/INFO: /' | while read -r l; do ndl_report "$l"; done
iface=$(ndl_iface try)
check interface test -n "$iface"
check up ndl_net_up "$iface"
check carrier ndl_wait_carrier "$iface" 10
check ping ping -c 3 -W 3 10.0.2.2
rate=""
if dl=$(ndl_download_rate 2>&1); then
	pass download
	rate=$(echo "$dl" | sed -n 's/.*, \([0-9.]* MB\/s\)$/\1/p')
	ndl_report "INFO: download $dl"
else
	fail download "$dl"
fi
if [ "$NDL_FAILED" = 0 ]; then
	verdict "PASS: $(basename "$inf") drives the NIC: interface $iface, ping and an 8 MiB download with matching checksum at $rate"
else
	verdict "FAIL: see the FAIL lines above and the kernel log below"
fi
