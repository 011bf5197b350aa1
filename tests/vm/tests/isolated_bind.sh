# SPDX-License-Identifier: GPL-2.0-only
# Isolated mode from the CLI: `ndisload bind DEVICE DRIVER --isolated` with
# the e1000 test miniport's package from the store, on QEMU's e1000 behind
# the emulated Intel IOMMU. The helper does what needs root (vfio-pci, the
# group device and a TAP for the user ndisload-host, the options file) and,
# with no systemd here, supervises ndisload-host itself. Checked: the host
# runs unprivileged, traffic with checksum through its TAP, status shows
# it; kill -SEGV: status shows the crash and the restart, traffic resumes;
# unbind stops it, removes the TAP and gives the device back to e1000;
# `load --all` (boot) starts it again from the saved binding. The test
# miniport's fault switches, set as a user would (`ndisload params`, then
# `load --reload`): TestCrashOnRxPacket=2000 crashes the driver (NULL) in
# mid-download; the supervisor restarts it, the download (resumed with
# wget -c where the connection did not survive) completes with the right
# checksum, the crash line names the driver's .text, the kernel stays
# untainted. TestBogusDma=1: the chip's write to 0x7bad000000 is blocked
# by the IOMMU (the DMAR fault in dmesg, the only one allowed) and
# traffic still works.
# nic: e1000
# iommu: yes
# serve: 4
# timeout: 300
. /tests/_ndl.sh
. /tests/_isolated.sh

pkg=$NDL_DRIVERS/e1000
slot=$(iso_e1000_slot)

prepare() {
	load_module e1000 && load_module vfio_iommu_type1 && load_module vfio-pci && load_module tun &&
	{ grep -q '^ndisload-host:' /etc/passwd ||
		echo "ndisload-host:x:991:991::/nonexistent:/bin/false" >>/etc/passwd; } &&
	ndisload install "$pkg/ndle1000.inf" >/dev/null
}
# What `ndisload status` reports comes from the supervisor's state file
# (no jq in the guest: the file's "KEY VALUE" lines are read directly, and
# status's text is checked where it matters).
state() { sed -n "s/^$1 //p" "/run/ndisload/host/$slot.state" 2>/dev/null; }
tap() { sed -n 's/^tap //p' "/run/ndisload/host/$slot.conf"; }
host_pid() { state pid; }
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
up() { # the host says it runs on the TAP, then the link
	_n=300
	until grep -q "running on TAP $(tap)" "/run/ndisload/host/$slot.log"; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || { cat "/run/ndisload/host/$slot.log"; return 1; }
		sleep 0.1
	done
	ndl_net_up "$(tap)" && ndl_wait_carrier "$(tap)" 10
}
unprivileged() {
	_st=/proc/$(host_pid)/status
	grep -qE '^Uid:[[:space:]]+991[[:space:]]' "$_st" &&
	grep -qE '^CapEff:[[:space:]]+0+$' "$_st" &&
	grep -qE '^NoNewPrivs:[[:space:]]+1$' "$_st" || { cat "$_st"; return 1; }
}
crash() {
	_p=$(host_pid)
	kill -SEGV "$_p" || return 1
	_n=200
	while [ "$(host_pid)" = "$_p" ] || [ "$(state state)" != running ]; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || { ndisload status; return 1; }
		sleep 0.1
	done
	[ "$(state restarts)" = 1 ] && state exit | grep -q SIGSEGV &&
	ndisload status | grep -q '1 restart(s)' &&
	ndisload status | grep -q 'last exit: signal 11 (SIGSEGV)' &&
	ndisload status | grep -q 'last crash: SIGSEGV' || { ndisload status; return 1; }
}
# The crash switch in force: one download through the driver's crash.
BOGUS=7bad000000
download_through_crash() {
	_p=$(host_pid)
	rm -f /tmp/iso-dl
	for _try in 1 2 3; do
		timeout 120 wget -q -c -O /tmp/iso-dl "http://$ndl_serve" && break
		wait_state running 30 || return 1
	done
	_sum=$(sha256sum /tmp/iso-dl | cut -d' ' -f1)
	rm -f /tmp/iso-dl
	[ "$_sum" = "$ndl_serve_sha" ] || { echo "checksum $_sum, want $ndl_serve_sha"; return 1; }
	[ "$(host_pid)" != "$_p" ] && [ "$(state restarts)" -ge 1 ] &&
	ndisload status | grep -qE 'last crash: SIGSEGV \(address 0x0\) at ndle1000\.sys\+0x[0-9a-f]+ in \.text' ||
		{ ndisload status; cat "/run/ndisload/host/$slot.log"; return 1; }
}
# NAME=VALUE...: the device's parameters set, the host restarted with them.
set_params() {
	ndisload params --device "$slot" ndle1000 "$@" | grep -q "load --reload ndle1000" &&
	ndisload load --reload ndle1000 | grep -q "Isolated $slot: ndle1000 in ndisload-host" &&
	wait_state running && [ "$(state restarts)" = 0 ] && up
}
bogus_dma_blocked() {
	_n=100
	until dmesg | grep -qE "$(iso_fault_regex $BOGUS)"; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || { dmesg | grep DMAR; return 1; }
		sleep 0.1
	done
	[ "$(state restarts)" = 0 ]
}
given_back() {
	_t=$1
	[ "$(basename "$(readlink "/sys/bus/pci/devices/$slot/driver")")" = e1000 ] &&
	[ ! -e "/sys/class/net/$_t" ] && [ ! -e "/run/ndisload/host/$slot.conf" ] &&
	! grep -q "^\[$slot\]" /etc/ndisload/bindings.conf &&
	[ "$(state state)" = stopped ] && ! ndisload status | grep -q Isolated
}

check device test -n "$slot"
check prepare prepare
check bind-isolated bind_isolated
check up up
check unprivileged unprivileged
check status-shows sh -c "ndisload status | grep -E '^  $slot +ndle1000 +running'"
check ping ping -c 3 -W 3 10.0.2.2
check download ndl_download
check crash-restart crash
check up-after-crash up
check download-after-crash ndl_download
check crash-switch set_params TestCrashOnRxPacket=2000
check download-through-crash download_through_crash
check untainted test "$(ndl_bad_taint)" = 0
check bogus-dma-switch set_params TestCrashOnRxPacket= TestBogusDma=1
check ping-bogus-dma ping -c 3 -W 3 10.0.2.2
check download-bogus-dma ndl_download
check bogus-dma-blocked bogus_dma_blocked
check switches-off sh -c "ndisload params --device $slot ndle1000 TestBogusDma= >/dev/null"
t=$(tap)
check boot-restart sh -c "ndisload bind $slot ndle1000 --isolated >/dev/null && kill \$(cat /run/ndisload/host/$slot.pid) && sleep 1 && ndisload load --all >/dev/null"
check running-after-load wait_state running
check unbind ndisload unbind "$slot"
check given-back given_back "$t"
check no-other-iommu-fault iso_no_iommu_fault $BOGUS
check dmesg-clean ndl_dmesg_clean "$(iso_fault_regex $BOGUS)"
