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
	_spell="$(echo "$1" | tr - _)|$(echo "$1" | tr _ -)"	# either spelling
	_deps=$(grep -E "^($_spell)( |$)" "$_mods/ndl-deps" | head -n1)
	if [ -z "$_deps" ]; then
		grep -qE "/($_spell)\.ko\$" "$_mods/modules.builtin" 2>/dev/null &&
			return 0
		echo "load_module: $1 not in the initramfs" >&2; return 1
	fi
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
# with DHCP" (helper/sys/link.c) finds a DHCP client in the guest.
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

# Kernel problems that fail the test that caused them. Besides oopses and
# warnings: the debug kernel's detectors (KASAN, KFENCE and lockdep say
# "BUG:"/"WARNING:" too; these catch the lines that do not).
ndl_kernel_problems() {
	dmesg | grep -E 'WARNING:|BUG:|Oops|general protection|Call Trace:|UBSAN:|KFENCE:|KASAN:|ODEBUG:|DMA-API:|kernel BUG|INFO: task .* blocked|INFO: trying to register non-static key|inconsistent lock state|possible (circular|recursive) locking' | head -n 20
}

# ndl_dmesg_clean [REGEX]: no kernel log line at warning level or worse
# but those REGEX (extended) matches and the clock watchdogs' (a loaded TCG
# host starves the emulated CPU for seconds, so the clocksource watchdog
# sees a long readout or marks the TSC unstable, and hrtimer_interrupt
# finds it "took" tens of ms: vionet_net on the debug kernel; that says
# nothing about the code under test); prints what it found.
ndl_dmesg_clean() {
	_w=$(dmesg -r | grep -E '^<[0-4]>' |
		grep -vE 'clocksource|tsc: Marking TSC unstable|TSC found unstable|hrtimer: interrupt took' |
		grep -vE "${1:-^$}")
	[ -z "$_w" ] || { echo "$_w"; return 1; }
}

# ndl_debug_config: on a debug kernel (ndl_debug=1, tests/vm/run.sh
# --kernel), every option of tests/vm/debug/kernel.config must be in the
# running kernel's /proc/config.gz, and kmemleak, KFENCE and lockdep must
# be live: the lane proves something only if its detectors really ran.
ndl_debug_config() {
	_missing=""
	_cfg=$(zcat /proc/config.gz 2>/dev/null) || { fail debug-config "no /proc/config.gz"; return; }
	for _opt in $(grep -E '^CONFIG_' /lib/ndl/debug.config); do
		echo "$_cfg" | grep -qxF "$_opt" || _missing="$_missing $_opt"
	done
	[ -e /sys/kernel/debug/kmemleak ] || _missing="$_missing kmemleak(debugfs)"
	grep -q 'enabled: 1' /sys/kernel/debug/kfence/stats 2>/dev/null ||
		_missing="$_missing kfence(enabled)"
	grep -qE 'debug_locks: +1$' /proc/lockdep_stats 2>/dev/null ||
		_missing="$_missing lockdep(debug_locks)"
	if [ -n "$_missing" ]; then fail debug-config "missing:$_missing"
	else pass "debug-config ($(grep -oE '^CONFIG_(KASAN_INLINE|KFENCE|PROVE_LOCKING|DEBUG_ATOMIC_SLEEP|DEBUG_KMEMLEAK|DEBUG_OBJECTS_TIMERS|DEBUG_OBJECTS_WORK|DMA_API_DEBUG|UBSAN|PAGE_POISONING|SLUB_DEBUG|X86_KERNEL_IBT)=y' \
		/lib/ndl/debug.config | sed 's/^CONFIG_//; s/=y$//' | tr '\n' ' ' | sed 's/ $//'))"
	fi
}

# ndl_kmemleak: after a test on a kernel with kmemleak, scan and print the
# suspected leaks that are ours (/lib/ndl/kmemleak.awk says which). Objects
# younger than 5 s are never reported, hence the wait; and an object is
# reported only when a scan finds it unreferenced with the same contents
# as the scan before (its checksum), so one scan alone reports nothing new
# (an injected leak went unreported that way): scan twice.
ndl_kmemleak() {
	_kml=/sys/kernel/debug/kmemleak
	[ -w $_kml ] || return 0
	sleep 6
	echo scan >$_kml
	echo scan >$_kml
	awk -f /lib/ndl/kmemleak.awk $_kml
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
		[ "${ndl_debug:-0}" = 1 ] && ndl_debug_config
		( . "$_script" ) || fail exit "test script exited $?"
		_leaks=$(ndl_kmemleak)
		if [ -n "$_leaks" ]; then
			fail kmemleak "$(echo "$_leaks" | grep -c '^unreferenced object') suspected leak(s) of ours"
			echo "$_leaks" | sed 's/^/kmemleak: /' >"$NDL_RESULTS"
		fi
		_problems=$(ndl_kernel_problems)
		[ -n "$_problems" ] && fail kernel-log "$(echo "$_problems" | head -n 3 | tr '\n' ' ')"
		[ "$(ndl_bad_taint)" -ne 0 ] && fail taint "kernel tainted $(cat /proc/sys/kernel/tainted)"
		dmesg | sed 's/^/dmesg: /' >"$NDL_RESULTS"
		echo "END: $NDL_TEST" >"$NDL_RESULTS"
	done
}
