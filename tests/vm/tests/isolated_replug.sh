# SPDX-License-Identifier: GPL-2.0-only
# A card bound --isolated that goes away and comes back comes back
# isolated: udev (systemd-udevd, with ndisload's installed rules) runs
# `ndisload load --device` for the PCI function that appears, and the
# helper takes it from e1000, which probed it first, onto vfio-pci and
# starts its host again. Checked on QEMU's e1000 behind the emulated Intel
# IOMMU: bound isolated, traffic with checksum; `echo 1 > .../remove`:
# the kernel asks the host for the device back, the host exits (status
# stopped, not restarted), the function is gone; `echo 1 >
# /sys/bus/pci/rescan`: the function reappears, udev's rule runs, a new
# unprivileged host runs on the same TAP, the function is vfio-pci's, ping
# and a download with checksum work again; twice over. A function with no
# isolated binding (the second e1000) removed and rescanned stays e1000's.
# No IOMMU fault, no kernel warning. On the default kernel only: what it
# adds (udev's rule, the helper's start lock) is user space; VFIO's
# take-over and hot-unplug run on every kernel in isolated_e1000 and
# isolated_bind.
# nic: e1000 e1000
# iommu: yes
# overlay: nm
# serve: 2
# timeout: 240
# kernels: default
. /tests/_ndl.sh
. /tests/_isolated.sh

pkg=$NDL_DRIVERS/e1000
slot=$(iso_e1000_slot)

udevd() {
	mkdir -p /run/udev &&
	grep -q 'ndisload load --device $kernel' /lib/udev/rules.d/90-ndisload.rules &&
	/lib/systemd/systemd-udevd --daemon && udevadm settle --timeout=20
}
# Removed under its running host: the host lets go and is not restarted.
removed() {
	_p=$(host_pid)
	echo 1 >"/sys/bus/pci/devices/$slot/remove" || return 1
	_n=200
	while [ -e "/sys/bus/pci/devices/$slot" ] || kill -0 "$_p" 2>/dev/null ||
		[ "$(state state)" != stopped ]; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || { ndisload status; cat "/run/ndisload/host/$slot.log"; return 1; }
		sleep 0.1
	done
	grep -q 'the kernel wants the device back' "/run/ndisload/host/$slot.log"
}
# Rescanned: udev's rule starts a new host on it, isolated again.
replugged() {
	_old=$(cat /tmp/replug-pid 2>/dev/null)
	echo 1 >/sys/bus/pci/rescan && udevadm settle --timeout=30 || return 1
	_n=300
	until [ "$(state state)" = running ] && [ -n "$(host_pid)" ] && [ "$(host_pid)" != "$_old" ] &&
		grep -q "running on TAP $(tap)" "/run/ndisload/host/$slot.log"; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || { ndisload status; cat "/run/ndisload/host/$slot.log"; return 1; }
		sleep 0.1
	done
	host_pid >/tmp/replug-pid
	[ "$(basename "$(readlink "/sys/bus/pci/devices/$slot/driver")")" = vfio-pci ] &&
	grep -qE '^Uid:[[:space:]]+991[[:space:]]' "/proc/$(host_pid)/status" &&
	ndisload status | grep -E "^  $slot +ndle1000 +running +TAP $(tap)," >/dev/null ||
		{ ndisload status; return 1; }
}
traffic() {
	ndl_wait_carrier "$(tap)" 10 && ping -c 3 -W 3 10.0.2.2 && ndl_download
}
# The second e1000 has no binding: the rule leaves it to e1000.
other_untouched() {
	_s2=$(iso_e1000_slot 2)
	echo 1 >"/sys/bus/pci/devices/$_s2/remove" && echo 1 >/sys/bus/pci/rescan &&
	udevadm settle --timeout=30 || return 1
	_n=50
	until [ -e "/sys/bus/pci/devices/$_s2/driver" ]; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || return 1; sleep 0.1
	done
	sleep 1
	[ "$(basename "$(readlink "/sys/bus/pci/devices/$_s2/driver")")" = e1000 ] &&
	[ ! -e "/run/ndisload/host/$_s2.state" ] && ! iso_listed "$_s2"
}

check device test -n "$slot"
check prepare iso_prepare
check udevd udevd
check bind-isolated bind_isolated
check up up
check traffic traffic
check save-pid sh -c "sed -n 's/^pid //p' /run/ndisload/host/$slot.state >/tmp/replug-pid"
check removed removed
check replugged replugged
check traffic-after-replug traffic
check removed-again removed
check replugged-again replugged
check traffic-after-second-replug traffic
check other-untouched other_untouched
check unbind ndisload unbind "$slot"
check no-iommu-fault iso_no_iommu_fault
check dmesg-clean ndl_dmesg_clean
