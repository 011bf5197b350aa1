# SPDX-License-Identifier: GPL-2.0-only
# Sourced by the host sides of VM tests (tests/vm/host/*.sh).

# wait_guest COMMAND...: poll until the command succeeds or QEMU is gone
# (then once more: the guest may have said it just before it ended). The
# test's own time limit (run.sh, times NDL_VM_SLOW) bounds the wait, not a
# figure of ours: fixed waits failed the debug kernel's slower runs that
# passed everything else (vionet_net's 150 s, e1000_net's 120 s).
wait_guest() {
	until "$@"; do
		if ! kill -0 "$NDL_VM_PID" 2>/dev/null; then
			"$@"
			return
		fi
		sleep 0.5
	done
}
