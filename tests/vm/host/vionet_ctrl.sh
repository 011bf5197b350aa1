#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Host side of tests/vm/tests/vionet_net.sh: the guest had QEMU's monitor
# print the virtio-net control queue's state (info virtio-queue-status,
# queue 2) before and after a multicast join; the device must have used
# more control commands after it, i.e. the miniport's
# OID_802_3_MULTICAST_LIST really reached the device as a control-queue
# command (the guest's check already saw the request complete).
set -u
T=$NDL_VM_TEST/ctrl-queue
out=$(dirname "$NDL_VM_RESULTS")

wait_for() {
	_n=$(($1 * 2)); shift
	until "$@"; do
		kill -0 "$NDL_VM_PID" 2>/dev/null || return 1
		_n=$((_n - 1)); [ $_n -gt 0 ] || return 1
		sleep 0.5
	done
}
said() { tr -d '\r' <"$NDL_VM_RESULTS" | grep -q "^HOST: $1\$"; }
# The used_idx values the monitor printed for queue 2, in order.
used() {
	tr -d '\r' <"$out/hmp.log" 2>/dev/null | awk '
		/queue_index:/ { q = $2 }
		/used_idx:/ && q == 2 { print $2 }'
}
two_answers() { [ "$(used | wc -l)" -ge 2 ]; }

if ! wait_for 120 said ctrl-after; then
	echo "FAIL: $T (the guest never reached the multicast join)"; exit 1
fi
if ! wait_for 20 two_answers; then
	echo "FAIL: $T (no control-queue status in $out/hmp.log)"; exit 1
fi
before=$(used | head -n1)
after=$(used | sed -n 2p)
if [ "$before" -ge 1 ] && [ "$after" -gt "$before" ]; then
	echo "PASS: $T (control commands used: $before before the join, $after after)"
else
	echo "FAIL: $T (control queue used index $before before the join, $after after)"; exit 1
fi
