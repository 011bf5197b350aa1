#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Every VM test (tests/vm/tests/*.sh) on every kernel we can boot
# (tests/vm/kver.sh list), or only on the one given as make KVER=; the module
# is rebuilt for each kernel first, and a compiler warning fails the build.
#
# The (kernel, test) runs go in two lanes at once (tests/lib/vm-lanes.sh:
# that halves the suite's wall time); NDL_VM_LANES=1 runs them in one.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/vm-lanes.sh"
kvers=${KVER_ONLY:-$("$top/tests/vm/kver.sh" list)}
[ -n "$kvers" ] || { echo "FAIL: vm/setup (no bootable Debian kernel; run installer/deps.sh)"; exit 1; }
work=$top/build/vm/lanes
rm -rf "$work"; mkdir -p "$work"
status=0
: >"$work/jobs"
# Built one kernel after another: the kernels' build trees are separate,
# but each build also copies its module to module/ndisload.ko.
for k in $kvers; do
	# Always rebuild: a module left over from an older tree must never be tested.
	if ! make -s -C "$top/module" kmod KVER="$k" >"$top/build/module-$k.log" 2>&1; then
		echo "FAIL: vm/$k/build (module does not build for $k; see build/module-$k.log)"
		status=1; continue
	fi
	if grep -qiE 'warning:' "$top/build/module-$k.log"; then
		echo "FAIL: vm/$k/build-warnings (compiler warnings; see build/module-$k.log)"
		status=1
	else
		echo "PASS: vm/$k/build"
	fi
	"$top/tests/vm/run.sh" --kver "$k" --all --list >"$work/list" ||
		{ echo "FAIL: vm/$k/setup (run.sh --list failed)"; status=1; continue; }
	grep -v '^TEST: ' "$work/list"
	sed -n "s/^TEST: /$k /p" "$work/list" >>"$work/jobs"
done

vm_lanes "$work" || status=1
exit $status
