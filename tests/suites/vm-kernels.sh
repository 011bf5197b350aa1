#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Every VM test (tests/vm/tests/*.sh) on every kernel we can boot
# (tests/vm/kver.sh list), or only on the one given as make KVER=; the module
# is rebuilt for each kernel first, and a compiler warning fails the build.
#
# The tests run in two lanes at once, as one QEMU guest (one emulated CPU,
# one host thread) cannot use both of a 2-core machine: the list of
# (kernel, test) runs, in kernel order, is cut in two halves of equal
# count, each lane boots its half one test after another. That halves the
# suite's wall time; each test still has a machine of its own.
# NDL_VM_LANES=1 runs them all in one lane.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
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

# lane FIRST LAST: run jobs FIRST..LAST (line numbers), one run.sh per
# stretch of one kernel's tests.
lane() {
	sed -n "$1,$2p" "$work/jobs" | awk '
		$1 != k { if (k != "") print k, t; k = $1; t = "" }
		{ t = t " " $2 }
		END { if (k != "") print k, t }' |
	while read -r k names; do
		# shellcheck disable=SC2086
		"$top/tests/vm/run.sh" --kver "$k" $names || echo "lane-failed"
	done
}
n=$(wc -l <"$work/jobs")
if [ "$n" = 0 ]; then
	:
elif [ "${NDL_VM_LANES:-2}" = 1 ] || [ "$n" -lt 2 ]; then
	lane 1 "$n" >"$work/lane1.log" 2>&1
else
	half=$(((n + 1) / 2))
	lane 1 "$half" >"$work/lane1.log" 2>&1 &
	pid=$!
	lane $((half + 1)) "$n" >"$work/lane2.log" 2>&1
	wait $pid
fi
# A lane's failing run.sh said FAIL already; the marker only sets the status.
grep -vxh lane-failed "$work"/lane*.log
grep -qx lane-failed "$work"/lane*.log && status=1
exit $status
