# SPDX-License-Identifier: GPL-2.0-only
# Isolated mode refuses a virtio device that bypasses the IOMMU. QEMU's
# virtio devices use guest-physical addresses unless they offer
# VIRTIO_F_ACCESS_PLATFORM (iommu_platform=on), which QEMU 7.2 allows only
# with the legacy interface off ("VIRTIO_F_IOMMU_PLATFORM was supported by
# neither legacy nor transitional device"): the legacy virtio-net miniport
# (tests/drivers/vionet) can never be confined. Checked: on the
# transitional virtio-net (1af4:1000, the one vionet drives), bound to
# vfio-pci behind the emulated Intel IOMMU, ndisload-host as its
# unprivileged user refuses with "virtio device without ACCESS_PLATFORM
# bypasses the IOMMU: isolation impossible" and exits non-zero before the
# driver runs; `ndisload bind --isolated` refuses it the same way (exit
# 5, reading the features through the virtio PCI_CFG window in config
# space) and saves nothing; on a modern-only virtio-net with iommu_platform=on
# (1af4:1041) the check passes: the host gets as far as the driver's
# MiniportInitialize, which finds no legacy I/O BAR and fails; no IOMMU fault, no kernel warning.
# A refusal is final: a saved isolated binding of the transitional device
# (as a boot that offered ACCESS_PLATFORM would have left it) is refused
# by `ndisload load --all` without starting a host, and `ndisload status`
# shows it refused with the reason. Two e1000 functions of one slot share
# an IOMMU group (no ACS between them): `bind --isolated` of the first
# while e1000 holds the second is refused (exit 5, naming 0000:..:06.1
# (e1000), nothing saved); with the second unbound the host runs; the
# second given back to e1000 while the host restarts after a crash: the
# new host refuses the group with exit status 3 and the supervisor does
# not start it again (status: refused, 1 restart, the reason, last exit
# status 3); unbound after, the function goes back to e1000.
# nic: virtio-net-pci virtio-net-pci,disable-legacy=on,iommu_platform=on e1000,addr=0x6.0,multifunction=on e1000,addr=0x6.1
# iommu: yes
# timeout: 180
. /tests/_ndl.sh
. /tests/_isolated.sh

# virtio_slot DEVICE: the PCI address of virtio function 1af4:DEVICE.
virtio_slot() {
	grep -lx 0x1af4 /sys/bus/pci/devices/*/vendor | while read -r f; do
		grep -qx "0x$1" "${f%/vendor}/device" && basename "${f%/vendor}"; done | head -n1
}
# host_run DEVICE: the vionet driver's host on virtio function DEVICE, as
# the host user, to its end (it must not run on).
host_run() {
	slot=$(virtio_slot "$1") tap=ndl$1 log=/tmp/host-$1.log
	host_cmd="ndisload-host --device $slot --sys $NDL_DRIVERS/vionet/vionet.sys --tap $tap"
	[ -n "$slot" ] && iso_to_vfio && iso_hand_over || return 1
	ulimit -l 65536
	timeout 60 su -s /bin/sh ndlhost -c "exec $host_cmd" >"$log" 2>&1
	echo $? >"/tmp/host-$1.rc"
	[ "$(cat "/tmp/host-$1.rc")" != 0 ] || { echo "the host ran on $slot"; cat "$log"; return 1; }
}
refused() {
	host_run 1000 || return 1
	grep -q "$slot: virtio device without ACCESS_PLATFORM bypasses the IOMMU: isolation impossible" "$log" &&
	! grep -q "DriverEntry\|running on TAP" "$log" || { cat "$log"; return 1; }
}
cli_refused() {
	_s=$(virtio_slot 1000)
	ndisload install "$NDL_DRIVERS/vionet/vionet.inf" >/dev/null || return 1
	_out=$(ndisload bind "$_s" vionet --isolated 2>&1)
	_rc=$?
	[ $_rc = 5 ] &&
	echo "$_out" | grep -q "$_s: virtio device without ACCESS_PLATFORM bypasses the IOMMU: isolation impossible" &&
	! grep -qs "$_s" /etc/ndisload/bindings.conf && [ ! -e "/run/ndisload/host/$_s.conf" ] ||
		{ echo "rc $_rc: $_out"; return 1; }
}
confined() {
	host_run 1041 || return 1
	! grep -q "bypasses the IOMMU\|cannot read its feature bits" "$log" &&
	grep -q "$slot: MiniportInitialize failed" "$log" || { cat "$log"; return 1; }
}

# A binding saved on a boot where the device was confined: at load, the
# helper's check refuses it, no host starts, status says why.
load_refused() {
	_s=$(virtio_slot 1000)
	mkdir -p /etc/ndisload &&
	printf '[%s]\ndriver = vionet\nisolated = yes\n' "$_s" >>/etc/ndisload/bindings.conf || return 1
	_out=$(ndisload load --all 2>&1)
	_st=$(ndisload status | sed -n '/^Isolated/,$p')
	echo "$_out" | grep -q "$_s (isolated): $_s: virtio device without ACCESS_PLATFORM bypasses the IOMMU" &&
	echo "$_st" | grep -qE "^  $_s +vionet +refused +TAP -, 0 restart\(s\)" &&
	echo "$_st" | grep -q "^    refused: $_s: virtio device without ACCESS_PLATFORM bypasses the IOMMU" &&
	[ ! -e "/run/ndisload/host/$_s.log" ] && [ ! -e "/run/ndisload/host/$_s.pid" ] ||
		{ cat /etc/ndisload/bindings.conf; echo "$_out" | tail -n 2; echo "$_st" | tr '\n' ' '; return 1; }
	ndisload unbind "$_s" >/dev/null && ! iso_listed "$_s"
}

# Functions 0 and 1 of slot 6: one IOMMU group; e1000 drives both at first.
e0=$(iso_e1000_slot 1) e1=$(iso_e1000_slot 2)
group_shared() {
	load_module e1000 && [ -n "$e0" ] && [ -n "$e1" ] &&
	[ "$(readlink "/sys/bus/pci/devices/$e0/iommu_group")" = "$(readlink "/sys/bus/pci/devices/$e1/iommu_group")" ] &&
	[ "$(basename "$(readlink "/sys/bus/pci/devices/$e1/driver")")" = e1000 ] ||
		{ ls -l /sys/bus/pci/devices/*/iommu_group; return 1; }
}
# bind --isolated checks the group first: refused (exit 5), naming the
# other function and its driver, nothing saved or touched.
bind_group_refused() {
	grep -q '^ndisload-host:' /etc/passwd ||
		echo "ndisload-host:x:991:991::/nonexistent:/bin/false" >>/etc/passwd
	ndisload install "$NDL_DRIVERS/e1000/ndle1000.inf" >/dev/null || return 1
	_out=$(ndisload bind "$e0" ndle1000 --isolated 2>&1)
	_rc=$?
	[ $_rc = 5 ] &&
	echo "$_out" | grep -q "IOMMU group [0-9]* of $e0 is not viable: .* $e1 (e1000) is Linux's" &&
	! grep -qs "$e0" /etc/ndisload/bindings.conf && [ ! -e "/run/ndisload/host/$e0.conf" ] &&
	[ "$(basename "$(readlink "/sys/bus/pci/devices/$e0/driver")")" = e1000 ] ||
		{ echo "rc $_rc: $_out"; return 1; }
}
# With the other function unbound the group is the host's; that function
# given back to e1000 while the host restarts after a crash (the group is
# free for the supervisor's 2 s): the new host refuses the group with exit
# status 3, and the supervisor starts it no more (status: refused, why).
host_refused_once() {
	echo "$e1" >/sys/bus/pci/drivers/e1000/unbind &&
	ndisload bind "$e0" ndle1000 --isolated >/dev/null || return 1
	_log=/run/ndisload/host/$e0.log _sf=/run/ndisload/host/$e0.state
	_n=300
	until grep -q "running on TAP" "$_log" 2>/dev/null; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || { ndisload status; cat "$_log"; return 1; }
		sleep 0.1
	done
	_p=$(sed -n 's/^pid //p' "$_sf")
	kill -SEGV "$_p" || return 1
	while kill -0 "$_p" 2>/dev/null; do sleep 0.05; done
	echo "$e1" >/sys/bus/pci/drivers/e1000/bind || { grep . "$_sf"; return 1; }
	_n=100
	until grep -q '^state refused' "$_sf" 2>/dev/null; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || { ndisload status; cat "$_log" "$_sf"; return 1; }
		sleep 0.1
	done
	sleep 5	# longer than the supervisor's restart delay (2 s), twice over
	_st=$(ndisload status | sed -n '/^Isolated/,$p')
	[ "$(grep -c 'ndisload-host: refused: ' "$_log")" = 1 ] && [ "$(grep -c 'running on TAP' "$_log")" = 1 ] &&
	grep -qx 'state refused' "$_sf" && grep -qx 'restarts 1' "$_sf" && grep -qx 'exit status 3' "$_sf" &&
	[ ! -e "/run/ndisload/host/$e0.pid" ] &&
	echo "$_st" | grep -qE "^  $e0 +ndle1000 +refused +TAP ndlh[0-9]+, 1 restart\(s\)" &&
	echo "$_st" | grep -q "^    refused: IOMMU group [0-9]* of $e0 is not viable: .* $e1 (e1000) is Linux's" &&
	echo "$_st" | grep -q "^    last exit: status 3" &&
	echo "$_st" | grep -q "^    last crash: SIGSEGV" || { echo "$_st" | tr '\n' ' '; tail -n 3 "$_log"; return 1; }
}
refused_unbind() {
	ndisload unbind "$e0" >/dev/null &&
	[ "$(basename "$(readlink "/sys/bus/pci/devices/$e0/driver")")" = e1000 ] &&
	! iso_listed "$e0"
}

# The modern device passes the helper's virtio check: what refuses it
# next is that vionet's .inf names only 1af4:1000 (the check after).
cli_confined() {
	_s=$(virtio_slot 1041)
	_out=$(ndisload bind "$_s" vionet --isolated 2>&1)
	_rc=$?
	[ $_rc = 5 ] && echo "$_out" | grep -q "driver vionet is not for device $_s (1af4:1041)" &&
	! echo "$_out" | grep -q "bypasses the IOMMU\|cannot read its feature bits" ||
		{ echo "rc $_rc: $_out"; return 1; }
}

check cli-refused cli_refused
check refused refused
# 3: the device cannot be isolated here (the unit and the supervisor do not retry it).
check refused-exit-status sh -c "grep -qx 3 /tmp/host-1000.rc && grep -q '^ndisload-host: refused: ' /tmp/host-1000.log"
check access-platform-passes confined
check cli-access-platform-passes cli_confined
check load-refused load_refused
check group-shared group_shared
check bind-group-refused bind_group_refused
check host-refused-once host_refused_once
check refused-unbind refused_unbind
check no-iommu-fault iso_no_iommu_fault
check dmesg-clean ndl_dmesg_clean
