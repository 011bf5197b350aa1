# SPDX-License-Identifier: GPL-2.0-only
# Guest helpers shared by the isolated_* tests (sourced, never run alone).

# iso_pci_slot VENDOR DEVICE [N]: the PCI address of the first (Nth)
# function with those IDs (hex, without 0x).
iso_pci_slot() {
	grep -lx "0x$1" /sys/bus/pci/devices/*/vendor | while read -r f; do
		grep -qx "0x$2" "${f%/vendor}/device" && basename "${f%/vendor}"; done | sed -n "${3:-1}p"
}
# The emulated 82540EM's PCI address (iso_e1000_slot 2: the second one's).
iso_e1000_slot() { iso_pci_slot 8086 100e "$@"; }
# iso_fault_regex ADDR: the kernel's lines of a DMAR fault at ADDR (hex,
# as dmesg prints it): the fault status register, then the fault record.
iso_fault_regex() {
	echo "DMAR: DRHD: handling fault status reg|DMAR: \[DMA (Read|Write)[^]]*\] Request device \[[0-9a-f:.]+\].* fault addr 0x$1 "
}
# iso_no_iommu_fault [ADDR]: no DMA the IOMMU blocked (a remapping fault
# means the host programmed an address outside its pool) but at ADDR, the
# one a test provoked; prints what it found.
iso_no_iommu_fault() {
	_ok='^$'
	[ -z "${1:-}" ] || _ok=$(iso_fault_regex "$1")
	_f=$(dmesg | grep -iE 'DMAR:.*fault|DMAR: \[DMA' | grep -vE "$_ok") || true
	[ -z "$_f" ] || { echo "$_f"; return 1; }
}

# ---- a host run directly (no helper): the caller sets slot (PCI address),
# tap, log and host_cmd; the host user is HOST_UID (990 unless set).
HOST_UID=${HOST_UID:-990}

# iso_to_vfio: the device at slot to vfio-pci, its Linux driver unbound.
iso_to_vfio() {
	load_module vfio-pci && load_module vfio_iommu_type1 && load_module tun || return 1
	[ ! -e "/sys/bus/pci/devices/$slot/driver" ] || echo "$slot" >"/sys/bus/pci/devices/$slot/driver/unbind"
	echo vfio-pci >"/sys/bus/pci/devices/$slot/driver_override" &&
	echo "$slot" >/sys/bus/pci/drivers_probe &&
	[ "$(basename "$(readlink "/sys/bus/pci/devices/$slot/driver")")" = vfio-pci ]
}
# Only the group device, /dev/net/tun (0600 here: no udev) and the TAP
# become the host user's.
iso_hand_over() {
	group=$(basename "$(readlink "/sys/bus/pci/devices/$slot/iommu_group")")
	grep -q '^ndlhost:' /etc/passwd ||
		echo "ndlhost:x:$HOST_UID:$HOST_UID::/nonexistent:/bin/false" >>/etc/passwd
	chown "$HOST_UID:$HOST_UID" "/dev/vfio/$group" /dev/net/tun &&
	ndl-mktap "$tap" "$HOST_UID"
}
# iso_start_host: the driver as the host user (the DMA pool is pinned memory:
# the locked-memory limit is raised first, as the systemd unit would). Its
# pid goes to /tmp/host.pid (check runs each step in a subshell).
iso_start_host() {
	: >"$log"
	ulimit -l 65536
	su -s /bin/sh ndlhost -c "exec $host_cmd" >>"$log" 2>&1 &
	echo $! >/tmp/host.pid
	_n=300
	until grep -q "running on TAP $tap" "$log"; do
		_n=$((_n - 1)); [ $_n -gt 0 ] && kill -0 "$(iso_host_pid)" 2>/dev/null ||
			{ cat "$log"; return 1; }
		sleep 0.1
	done
}
iso_host_pid() { cat /tmp/host.pid; }
iso_gone() { # PID: wait up to 10 s for it to end
	_n=100
	while kill -0 "$1" 2>/dev/null; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || return 1; sleep 0.1
	done
}
iso_clean_stop() {
	_p=$(iso_host_pid)
	kill -TERM "$_p" && iso_gone "$_p" &&
	grep -q "stopping (signal 15)" "$log" || { cat "$log"; return 1; }
}

# iso_miniport DRIVER VENDOR DEVICE NET [HOST ARG...]: the test miniport
# DRIVER on the NIC VENDOR:DEVICE (QEMU's user network 10.0.NET.0/24), in
# its own host (with the extra arguments, e.g. --reg NAME=VALUE): ping, a
# download with checksum, then the caller's iso_running_check (a command,
# if set) while the host still runs, SIGTERM.
iso_miniport() {
	slot=$(iso_pci_slot "$2" "$3")
	tap=ndl$4 log=/tmp/ndisload-host-$1.log
	host_cmd="ndisload-host --device $slot --sys $NDL_DRIVERS/$1/$1.sys --tap $tap"
	[ $# -le 4 ] || host_cmd="$host_cmd $(shift 4; echo "$*")"
	[ -n "$slot" ] && iso_to_vfio && iso_hand_over && iso_start_host || return 1
	ip link set "$tap" up && ip addr replace "10.0.$4.15/24" dev "$tap" && ndl_wait_carrier "$tap" 10 &&
	ping -c 3 -W 3 "10.0.$4.2" || { cat "$log"; return 1; }
	_sum=$(timeout 120 wget -q -O - "http://10.0.$4.2:${ndl_serve#*:}" | sha256sum | cut -d' ' -f1)
	[ "$_sum" = "$ndl_serve_sha" ] || { echo "$1: checksum $_sum, want $ndl_serve_sha"; return 1; }
	[ -z "${iso_running_check:-}" ] || $iso_running_check || { cat "$log"; return 1; }
	iso_clean_stop
}

# ---- a device bound with `ndisload bind --isolated` (the helper and its
# supervisor; no systemd in the guest): the caller sets slot, pkg.

# The e1000 test miniport's package installed; the host's user exists.
iso_prepare() {
	load_module e1000 && load_module vfio_iommu_type1 && load_module vfio-pci && load_module tun &&
	{ grep -q '^ndisload-host:' /etc/passwd ||
		echo "ndisload-host:x:991:991::/nonexistent:/bin/false" >>/etc/passwd; } &&
	ndisload install "$pkg/ndle1000.inf" >/dev/null
}
# What `ndisload status` reports comes from the supervisor's state file
# (no jq in the guest: the file's "KEY VALUE" lines are read directly, and
# status's text is checked where it matters).
# SLOT: the device, the first e1000 by default.
state() { sed -n "s/^$1 //p" "/run/ndisload/host/${2:-$slot}.state" 2>/dev/null; } # KEY [SLOT]
tap() { sed -n 's/^tap //p' "/run/ndisload/host/${1:-$slot}.conf"; } # [SLOT]
host_pid() { state pid "$@"; } # [SLOT]
wait_state() { # STATE [SECONDS]
	_n=$((${2:-20} * 10))
	until [ "$(state state)" = "$1" ]; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || { ndisload status; cat "/run/ndisload/host/$slot.log"; return 1; }
		sleep 0.1
	done
}
bind_isolated() {
	ndisload bind "$slot" ndle1000 --isolated && wait_state running &&
	[ "$(basename "$(readlink "/sys/bus/pci/devices/$slot/driver")")" = vfio-pci ] &&
	grep -qx 'isolated = yes' /etc/ndisload/bindings.conf
}
on_tap() { # [SLOT]: the host says it runs on its TAP
	_n=300 _s=${1:-$slot}
	until grep -q "running on TAP $(tap "$_s")" "/run/ndisload/host/$_s.log" 2>/dev/null; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || { cat "/run/ndisload/host/$_s.log"; return 1; }
		sleep 0.1
	done
}
up() { # the host on its TAP, then the link
	on_tap && ndl_net_up "$(tap)" && ndl_wait_carrier "$(tap)" 10
}
# iso_listed DEVICE: status's Isolated section lists DEVICE.
iso_listed() {
	ndisload status | sed -n '/^Isolated (ndisload-host):/,$p' | grep -qE "^  $1 "
}
