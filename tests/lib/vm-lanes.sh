# SPDX-License-Identifier: GPL-2.0-only
# Sourced by the VM suites (tests/suites/vm-kernels.sh, debug-kernel.sh):
# run a list of VM test runs in two lanes at once. One QEMU guest under TCG
# is one emulated CPU, one host thread, so one guest at a time leaves one
# of a 2-core machine's cores idle; each lane boots its half of the list
# one test after another, and each test still has a machine of its own.
#
# vm_lanes WORK: runs the jobs in WORK/jobs, one per line, "KERNEL TEST",
# where KERNEL is a Debian kernel version (run.sh --kver) or the directory
# of a debug kernel (an absolute path: run.sh --kernel). The list, in
# kernel order, is cut in two halves of equal count; the lanes' output
# goes to WORK/lane{1,2}.log, then to stdout. Returns 1 if a run failed.
# NDL_VM_LANES=1 runs every job in one lane. Needs $top.

# vm_lane N FIRST LAST WORK: lane N runs jobs FIRST..LAST (line numbers),
# one run.sh per stretch of one kernel's tests (NDL_VM_LANE=N keeps its
# host ports apart from the other lane's: run.sh's host_port).
vm_lane() {
	_lane=$1 _work=$4
	sed -n "$2,$3p" "$_work/jobs" | awk '
		$1 != k { if (k != "") print k, t; k = $1; t = "" }
		{ t = t " " $2 }
		END { if (k != "") print k, t }' |
	while read -r _k _names; do
		case $_k in
		/*) set -- --kernel "$_k" ;;
		*) set -- --kver "$_k" ;;
		esac
		# shellcheck disable=SC2086
		NDL_VM_LANE=$_lane "$top/tests/vm/run.sh" "$@" $_names \
			</dev/null || echo "lane-failed"
	done
}

vm_lanes() {
	_n=$(wc -l <"$1/jobs")
	rm -f "$1"/lane*.log
	if [ "$_n" = 0 ]; then
		return 0
	elif [ "${NDL_VM_LANES:-2}" = 1 ] || [ "$_n" -lt 2 ]; then
		vm_lane 1 1 "$_n" "$1" >"$1/lane1.log" 2>&1
	else
		_half=$(((_n + 1) / 2))
		vm_lane 1 1 "$_half" "$1" >"$1/lane1.log" 2>&1 &
		_pid=$!
		vm_lane 2 $((_half + 1)) "$_n" "$1" >"$1/lane2.log" 2>&1
		wait $_pid
	fi
	# A failing run.sh said FAIL already; the marker only sets the status.
	grep -vxh lane-failed "$1"/lane*.log
	! grep -qx lane-failed "$1"/lane*.log
}
