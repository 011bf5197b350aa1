# SPDX-License-Identifier: GPL-2.0-only
# Isolated mode under systemd, as on an installed Debian machine: systemd
# 252 is PID 1 (tests/vm/systemd-overlay.sh), ndisload is installed as
# `make install PREFIX=/usr` puts it (ndisload-host@.service, the
# sysusers.d and tmpfiles.d entries) and configured as the installer does
# (`ndisload-setup configure`: the host's user, the directories). Then
# `ndisload bind --isolated` with the e1000 test miniport's package: the
# helper starts ndisload-host@ADDR.service instead of supervising the host
# itself. Checked: the unit's sandbox as the kernel sees it in the running
# host (its user, no capabilities, no-new-privileges, a seccomp filter,
# the locked-memory and memory limits, its cgroup, a read-only root and
# driver store, /etc/ndisload hidden), ping and a download with checksum
# through its TAP; kill -SEGV of the host: systemd restarts it and status
# (from systemctl show and the journal) gives the restart, the exit and
# the crash line, traffic again; the test miniport's crash switch
# (TestCrashOnRxPacket=2000): the driver dies in mid-download, systemd
# restarts it, the download completes with the right checksum, the crash
# line names ndle1000.sys's .text; unbind stops the unit and gives the
# device back to e1000. About 40 s of guest time (TCG) on one kernel.
# nic: e1000
# iommu: yes
# overlay: systemd
# serve: 4
# timeout: 300
. /tests/_ndl.sh
. /tests/_isolated.sh

pkg=$NDL_DRIVERS/e1000
slot=$(iso_e1000_slot)
unit=ndisload-host@$slot.service
ndisload=/usr/sbin/ndisload	# the installed one

prop() { systemctl show -p "$1" --value "$unit"; } # PROPERTY
host_pid() { prop MainPID; }
journal() { journalctl -q -b -o cat --no-pager -u "$unit"; }
tap() { sed -n 's/^tap //p' "/run/ndisload/host/$slot.conf"; }
wait_for() { # SECONDS COMMAND...: until the command succeeds
	_n=$(($1 * 10)); shift
	until "$@" >/dev/null 2>&1; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || { "$@"; systemctl status --no-pager "$unit"; journal | tail -20; return 1; }
		sleep 0.1
	done
}
running() { [ "$(prop ActiveState)" = active ] && [ "$(host_pid)" -gt 0 ]; }
on_tap() { journal | grep -q "running on TAP $(tap)"; }

installed() {
	[ -x "$ndisload" ] && [ -x /usr/lib/ndisload/ndisload-host ] &&
	grep -qx 'ExecStart=/usr/lib/ndisload/ndisload-host --device %I --conf /run/ndisload/host/%I.conf' \
		/lib/systemd/system/ndisload-host@.service &&
	/usr/lib/ndisload/ndisload-setup configure --no-dkms --no-enable >/dev/null &&
	grep -q '^ndisload-host:' /etc/passwd && [ -d /etc/ndisload ] && [ -d /var/lib/ndisload/drivers ]
}
prepare() {
	load_module e1000 && load_module vfio_iommu_type1 && load_module vfio-pci && load_module tun &&
	$ndisload install "$pkg/ndle1000.inf" >/dev/null
}
bind_isolated() {
	$ndisload bind "$slot" ndle1000 --isolated &&
	wait_for 30 running && wait_for 30 on_tap &&
	[ "$(basename "$(readlink "/sys/bus/pci/devices/$slot/driver")")" = vfio-pci ] &&
	$ndisload status | grep -E "^  $slot +ndle1000 +running"
}
up() { wait_for 30 on_tap && ndl_net_up "$(tap)" && ndl_wait_carrier "$(tap)" 10; }

# The sandbox the unit asks for, read back from the running process.
field() { sed -n "s/^$1:[[:space:]]*//p" "/proc/$(host_pid)/status"; } # NAME
# What the host sees of the file system, through its own mount namespace
# (/proc/PID/root): PATH cannot be written (root's writes fail too), and
# /etc/ndisload is systemd's inaccessible node (mode 0000).
read_only_for() { # PID PATH
	! touch "/proc/$1/root$2/.ndl-write-test" 2>/dev/null ||
		{ rm -f "/proc/$1/root$2/.ndl-write-test"; return 1; }
}
sandboxed() {
	_p=$(host_pid) _uid=$(sed -n 's/^ndisload-host:[^:]*:\([0-9]*\):.*/\1/p' /etc/passwd) _bad=""
	[ "$(field Uid | cut -f1)" = "$_uid" ] && [ "$_uid" -ne 0 ] || _bad="$_bad uid"
	[ "$(field CapEff)" = 0000000000000000 ] && [ "$(field CapBnd)" = 0000000000000000 ] ||
		_bad="$_bad capabilities"
	[ "$(field NoNewPrivs)" = 1 ] || _bad="$_bad no-new-privs"
	[ "$(field Seccomp)" = 2 ] || _bad="$_bad seccomp"
	grep -qE '^Max locked memory +67108864 +67108864 ' "/proc/$_p/limits" || _bad="$_bad memlock"
	grep -qx "0::/system.slice/system-ndisload\\\\x2dhost.slice/$unit" "/proc/$_p/cgroup" ||
		_bad="$_bad cgroup"
	[ "$(prop MemoryMax)" = 536870912 ] || _bad="$_bad memory-max"
	read_only_for "$_p" / || _bad="$_bad root-rw"
	read_only_for "$_p" /var/lib/ndisload/drivers || _bad="$_bad store-rw"
	[ "$(stat -c %a "/proc/$_p/root/etc/ndisload")" = 0 ] || _bad="$_bad etc-visible"
	[ -z "$_bad" ] || {
		{ cat "/proc/$_p/cgroup" "/proc/$_p/mountinfo"; ls -ld "/proc/$_p/root/etc/ndisload"; } |
			sed 's/^/sandbox: /' >"$NDL_RESULTS"
		echo "not as the unit says:$_bad"; return 1; }
}
crash() {
	_p=$(host_pid)
	kill -SEGV "$_p" &&
	wait_for 30 sh -c "[ \"\$(systemctl show -p NRestarts --value $unit)\" = 1 ] &&
		[ \"\$(systemctl show -p MainPID --value $unit)\" -gt 0 ] &&
		[ \"\$(systemctl show -p MainPID --value $unit)\" != $_p ]" &&
	journal | grep -q 'Main process exited, code=dumped, status=11/SEGV\|Main process exited, code=killed, status=11/SEGV' &&
	$ndisload status | grep -E "^  $slot +ndle1000 +running .* 1 restart\(s\)" &&
	$ndisload status | grep -q 'last exit: signal 11 (SIGSEGV)' &&
	$ndisload status | grep -qE 'last crash: SIGSEGV sent by process [0-9]+ \(uid 0\)' || { journal | tail -20; $ndisload status; return 1; }
}
set_params() { # NAME=VALUE...: the device's parameters, the unit restarted with them
	$ndisload params --device "$slot" ndle1000 "$@" | grep -q "load --reload ndle1000" &&
	$ndisload load --reload ndle1000 | grep -q "Isolated $slot: ndle1000 in ndisload-host" &&
	wait_for 30 running && up
}
download_through_crash() {
	_p=$(host_pid) _r=$(prop NRestarts)
	rm -f /tmp/iso-dl
	for _try in 1 2 3; do
		timeout 120 wget -q -c -O /tmp/iso-dl "http://$ndl_serve" && break
		wait_for 30 running || return 1
	done
	_sum=$(sha256sum /tmp/iso-dl | cut -d' ' -f1)
	rm -f /tmp/iso-dl
	[ "$_sum" = "$ndl_serve_sha" ] || { echo "checksum $_sum, want $ndl_serve_sha"; return 1; }
	[ "$(host_pid)" != "$_p" ] && [ "$(prop NRestarts)" -gt "$_r" ] &&
	$ndisload status | grep -qE 'last crash: SIGSEGV \(address 0x0\) at ndle1000\.sys\+0x[0-9a-f]+ in \.text' ||
		{ journal | tail -20; $ndisload status; return 1; }
}
given_back() {
	_t=$1
	[ "$(prop ActiveState)" = inactive ] &&
	[ "$(basename "$(readlink "/sys/bus/pci/devices/$slot/driver")")" = e1000 ] &&
	[ ! -e "/sys/class/net/$_t" ] && [ ! -e "/run/ndisload/host/$slot.conf" ] &&
	! $ndisload status | grep -q Isolated
}

check device test -n "$slot"
check systemd-pid1 test "$(cat /proc/1/comm)" = systemd
check installed installed
check prepare prepare
check bind-isolated bind_isolated
check up up
check sandboxed sandboxed
check ping ping -c 3 -W 3 10.0.2.2
check download ndl_download
check crash-restart crash
check up-after-crash up
check download-after-crash ndl_download
check crash-switch set_params TestCrashOnRxPacket=2000
check download-through-crash download_through_crash
check untainted test "$(ndl_bad_taint)" = 0
check switches-off sh -c "$ndisload params --device $slot ndle1000 TestCrashOnRxPacket= >/dev/null"
t=$(tap)
check unbind $ndisload unbind "$slot"
check given-back given_back "$t"
check no-iommu-fault iso_no_iommu_fault
check dmesg-clean ndl_dmesg_clean
