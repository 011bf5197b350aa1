# SPDX-License-Identifier: GPL-2.0-only
# Isolated mode: the Intel 82540EM Windows miniport (tests/drivers/e1000)
# in ndisload-host, an unprivileged process, on QEMU's e1000 bound to
# vfio-pci behind the emulated Intel IOMMU (q35, intel_iommu=on). The
# process gets only the VFIO group device and a TAP interface made for
# it; no module of ours is loaded. Checked: the refusal as root, link up
# on the TAP, ping and a TCP download with checksum compare through it,
# the process without capabilities, a crash (SIGSEGV) contained and
# reported, the device taken again by a fresh process with traffic after, a clean stop
# on SIGTERM, no IOMMU fault and no kernel warning. Then the other test
# miniports that pass traffic isolated, each on its own NIC and user
# network in the same boot: the RTL8139 (rtl8139) and the PCnet (pcnet)
# miniports, each in its own host: ping and a download with checksum,
# then SIGTERM.
# nic: e1000 rtl8139 pcnet
# iommu: yes
# serve: 4
# timeout: 200
. /tests/_ndl.sh
. /tests/_isolated.sh

HOST_UID=990
tap=ndl0
log=/tmp/ndisload-host.log
slot=$(iso_e1000_slot)

to_vfio() {
	load_module vfio-pci && load_module vfio_iommu_type1 && load_module tun || return 1
	[ ! -e "/sys/bus/pci/devices/$slot/driver" ] || echo "$slot" >"/sys/bus/pci/devices/$slot/driver/unbind"
	echo vfio-pci >"/sys/bus/pci/devices/$slot/driver_override" &&
	echo "$slot" >/sys/bus/pci/drivers_probe &&
	[ "$(basename "$(readlink "/sys/bus/pci/devices/$slot/driver")")" = vfio-pci ]
}
# Only the group device, /dev/net/tun (0600 here: no udev) and the TAP
# become the host user's.
hand_over() {
	group=$(basename "$(readlink "/sys/bus/pci/devices/$slot/iommu_group")")
	grep -q '^ndlhost:' /etc/passwd ||
		echo "ndlhost:x:$HOST_UID:$HOST_UID::/nonexistent:/bin/false" >>/etc/passwd
	chown "$HOST_UID:$HOST_UID" "/dev/vfio/$group" /dev/net/tun &&
	ndl-mktap "$tap" "$HOST_UID"
}
host_cmd="ndisload-host --device $slot --sys $NDL_DRIVERS/e1000/ndle1000.sys --tap $tap --reg ReceiveDescriptors=64 --reg TransmitDescriptors=64"
refuses_root() {
	_out=$($host_cmd 2>&1) && return 1
	echo "$_out" | grep -q "refusing to run as root"
}
# start_host: the driver as the host user (the DMA pool is pinned memory:
# the locked-memory limit is raised first, as the systemd unit would). Its
# pid goes to /tmp/host.pid (check runs each step in a subshell).
start_host() {
	: >"$log"
	ulimit -l 65536
	su -s /bin/sh ndlhost -c "exec $host_cmd" >>"$log" 2>&1 &
	echo $! >/tmp/host.pid
	_n=300
	until grep -q "running on TAP $tap" "$log"; do
		_n=$((_n - 1)); [ $_n -gt 0 ] && kill -0 "$(host_pid)" 2>/dev/null ||
			{ cat "$log"; return 1; }
		sleep 0.1
	done
}
host_pid() { cat /tmp/host.pid; }
gone() { # PID: wait up to 10 s for it to end
	_n=100
	while kill -0 "$1" 2>/dev/null; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || return 1; sleep 0.1
	done
}
unprivileged() {
	_st=/proc/$(host_pid)/status
	grep -qE "^Uid:[[:space:]]+$HOST_UID[[:space:]]" "$_st" &&
	grep -qE '^CapEff:[[:space:]]+0+$' "$_st" &&
	grep -qE '^NoNewPrivs:[[:space:]]+1$' "$_st" || { cat "$_st"; return 1; }
}
# A crash takes the process, not the machine; a fresh one owns the device.
crash_restart() {
	_p=$(host_pid)
	kill -SEGV "$_p" && gone "$_p" || return 1
	grep -q "driver crash: SIGSEGV" "$log" || { cat "$log"; return 1; }
	start_host && ndl_wait_carrier "$tap" 10 && ping -c 2 -W 3 10.0.2.2
}
clean_stop() {
	_p=$(host_pid)
	kill -TERM "$_p" && gone "$_p" &&
	grep -q "stopping (signal 15)" "$log" || { cat "$log"; return 1; }
}

# other_miniport DRIVER VENDOR DEVICE NET: the test miniport DRIVER on the
# NIC VENDOR:DEVICE (QEMU's user network 10.0.NET.0/24), in its own host.
other_miniport() {
	slot=$(grep -lx "0x$2" /sys/bus/pci/devices/*/vendor | while read -r f; do
		grep -qx "0x$3" "${f%/vendor}/device" && basename "${f%/vendor}"; done | head -n1)
	tap=ndl$4 log=/tmp/ndisload-host-$1.log
	host_cmd="ndisload-host --device $slot --sys $NDL_DRIVERS/$1/$1.sys --tap $tap"
	[ -n "$slot" ] && to_vfio && hand_over && start_host || return 1
	ip link set "$tap" up && ip addr add "10.0.$4.15/24" dev "$tap" && ndl_wait_carrier "$tap" 10 &&
	ping -c 3 -W 3 "10.0.$4.2" || { cat "$log"; return 1; }
	_sum=$(timeout 120 wget -q -O - "http://10.0.$4.2:${ndl_serve#*:}" | sha256sum | cut -d' ' -f1)
	[ "$_sum" = "$ndl_serve_sha" ] || { echo "$1: checksum $_sum, want $ndl_serve_sha"; return 1; }
	clean_stop
}

check device test -n "$slot"
check iommu-group test -e "/sys/bus/pci/devices/$slot/iommu_group"
check vfio-pci to_vfio
check hand-over hand_over
check refuses-root refuses_root
check start start_host
check unprivileged unprivileged
check up ndl_net_up "$tap"
check carrier ndl_wait_carrier "$tap" 10
check ping ping -c 3 -W 3 10.0.2.2
check download ndl_download
check crash-restart crash_restart
check download-after-restart ndl_download
check stop clean_stop
check rtl8139-isolated other_miniport rtl8139 10ec 8139 3
check pcnet-isolated other_miniport pcnet 1022 2000 4
check no-iommu-fault iso_no_iommu_fault
check dmesg-clean ndl_dmesg_clean
