# SPDX-License-Identifier: GPL-2.0-only
# Shell helpers for guest-side VM tests (sourced by /init and by each test).
#
# A test is tests/vm/tests/<name>.sh, run by busybox sh inside the guest. It
# reports with pass/fail/skip (one line per case, on the results port) and
# may use the helpers below. Its first lines may carry harness directives:
#   # nic: rtl8139 [e1000 ...]   emulated NICs to attach (QEMU -device names)
#   # timeout: 120               hard limit for the whole VM run, in seconds
#   # mem: 512                   guest memory in MiB

NDL_RESULTS=/dev/ttyS1
NDL_KVER=$(cat /etc/ndl-kver 2>/dev/null || uname -r)

ndl_report() {
	echo "$*" >"$NDL_RESULTS"
	[ "${ndl_mode:-test}" = test ] || echo "$*"	# shell/demo: show it too
}
pass() { ndl_report "PASS: vm/$NDL_KVER/$NDL_TEST/$1"; }
fail() { ndl_report "FAIL: vm/$NDL_KVER/$NDL_TEST/$1${2:+ ($2)}"; NDL_FAILED=1; }
skip() { ndl_report "SKIP: vm/$NDL_KVER/$NDL_TEST/$1 ($2)"; }
# check NAME COMMAND...: pass if the command succeeds, else fail with its output
check() {
	_name=$1; shift
	if _out=$("$@" 2>&1); then pass "$_name"
	else fail "$_name" "$(echo "$_out" | tail -n 3 | tr '\n' ' ')"; fi
}

# load_module NAME: insmod a Debian module with its dependencies, in order.
load_module() {
	_mods=/lib/modules/$NDL_KVER
	_deps=$(grep -E "^($(echo "$1" | tr - _)|$(echo "$1" | tr _ -))( |$)" \
		"$_mods/ndl-deps" | head -n1)
	[ -n "$_deps" ] || { echo "load_module: $1 not in the initramfs" >&2; return 1; }
	for _m in $(echo "$_deps" | tr ' ' '\n' | tac); do
		grep -qE "^$(echo "$_m" | tr - _) " /proc/modules && continue
		insmod "$_mods/$_m.ko" || return 1
	done
}

# net_up IFACE: configure QEMU user networking statically (guest 10.0.2.15,
# host 10.0.2.2).
net_up() {
	ip link set "$1" up &&
	ip addr add 10.0.2.15/24 dev "$1" &&
	ip route add default via 10.0.2.2
}

# udhcpc_script: the script busybox's udhcpc runs, where Debian's udhcpc
# package puts it (busybox-static ships none), so the helper's "bring up
# with DHCP" (helper/link.c) finds a DHCP client in the guest.
udhcpc_script() {
	mkdir -p /etc/udhcpc
	cat >/etc/udhcpc/default.script <<'EOS'
#!/bin/sh
case "$1" in
deconfig) ip addr flush dev "$interface" ;;
bound|renew)
	ip addr flush dev "$interface"
	ip addr add "$ip/${mask:-24}" dev "$interface"
	[ -z "$router" ] || ip route replace default via "${router%% *}" dev "$interface" ;;
esac
exit 0
EOS
	chmod 0755 /etc/udhcpc/default.script
}

# pci_devices: "slot vendor:device driver" for every PCI function (busybox
# has no lspci).
pci_devices() {
	for d in /sys/bus/pci/devices/*; do
		_drv=-
		[ -e "$d/driver" ] && _drv=$(basename "$(readlink "$d/driver")")
		echo "$(basename "$d") $(sed 's/0x//' "$d/vendor"):$(sed 's/0x//' "$d/device") $_drv"
	done
}

# Kernel problems that fail the test that caused them.
ndl_kernel_problems() {
	dmesg | grep -E 'WARNING:|BUG:|Oops|general protection|Call Trace:|UBSAN:|KFENCE:|kernel BUG|INFO: task .* blocked' | head -n 20
}
# Taint flags other than O (out-of-tree, 4096) and E (unsigned, 8192).
ndl_bad_taint() {
	echo $(( $(cat /proc/sys/kernel/tainted) & ~(4096 | 8192) ))
}

ndl_run_tests() {
	for NDL_TEST in $1; do
		export NDL_TEST
		NDL_FAILED=0
		dmesg -c >/dev/null
		_script=/tests/$NDL_TEST.sh
		if [ ! -f "$_script" ]; then
			fail setup "no guest test $NDL_TEST"
			continue
		fi
		( . "$_script" ) || fail exit "test script exited $?"
		_problems=$(ndl_kernel_problems)
		[ -n "$_problems" ] && fail kernel-log "$(echo "$_problems" | head -n 3 | tr '\n' ' ')"
		[ "$(ndl_bad_taint)" -ne 0 ] && fail taint "kernel tainted $(cat /proc/sys/kernel/tainted)"
		dmesg | sed 's/^/dmesg: /' >"$NDL_RESULTS"
		echo "END: $NDL_TEST" >"$NDL_RESULTS"
	done
}
