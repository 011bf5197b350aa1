#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The debug-kernel lane (make check-debug): Debian's linux-source-6.1 built
# once with KASAN, lockdep, kmemleak, KFENCE and friends
# (tests/vm/debug/build.sh, cached in build/debug-kernel/<config hash>),
# ndisload.ko built against it (a compiler warning fails), then every VM
# test booted on it (tests/vm/run.sh --kernel). A detector's report fails
# the test that produced it, with the report in that test's log.
# NDL_DEBUG_TESTS="a b" runs only those tests (what make check runs).
# NDL_VM_LANES=1 boots one guest at a time instead of two.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
if ! dir=$("$top/tests/vm/debug/build.sh"); then
	echo "FAIL: vm-debug/kernel (the debug kernel does not build; see build/debug-kernel/*/build.log)"
	exit 1
fi
k=$(cat "$dir/release")
echo "PASS: vm-debug/kernel ($k; build took $(cat "$dir/build-seconds" 2>/dev/null || echo ?) s, cached in $dir)"
log=$top/build/module-$k.log
if ! make -s -C "$top/module" kmod KVER="$k" KDIR="$dir/obj" >"$log" 2>&1; then
	echo "FAIL: vm/$k/build (module does not build for the debug kernel; see $log)"
	exit 1
fi
if grep -qiE 'warning:' "$log"; then
	echo "FAIL: vm/$k/build-warnings (compiler warnings; see $log)"
	exit 1
fi
echo "PASS: vm/$k/build"
# The runs go in two lanes at once, as in vm-kernels.sh.
. "$top/tests/lib/vm-lanes.sh"
work=$top/build/vm/debug-lanes
rm -rf "$work"; mkdir -p "$work"
if [ -n "${NDL_DEBUG_TESTS:-}" ]; then
	for t in $NDL_DEBUG_TESTS; do echo "TEST: $t"; done >"$work/list"
elif ! "$top/tests/vm/run.sh" --kernel "$dir" --all --list >"$work/list"; then
	echo "FAIL: vm/$k/setup (run.sh --list failed)"
	exit 1
fi
grep -v '^TEST: ' "$work/list"
sed -n "s#^TEST: #$dir #p" "$work/list" >"$work/jobs"
vm_lanes "$work"
