#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Host side of tests/vm/tests/vionet_net.sh: for each build flavour the
# guest had QEMU's monitor print the virtio-net control queue's state
# (info virtio-queue-status, queue 2) before and after a multicast join;
# the device must have used more control commands after it, i.e. the
# miniport's OID_802_3_MULTICAST_LIST reached the device as a command.
set -u
out=$(dirname "$NDL_VM_RESULTS")

. "$(dirname "$0")/_lib.sh"
results() { tr -d '\r' <"$NDL_VM_RESULTS"; }
done_said() { results | grep -q '^HOST: ctrl-done$'; }
# The used_idx values the monitor printed for queue 2, in order.
used() {
	tr -d '\r' <"$out/hmp.log" 2>/dev/null | awk '
		/queue_index:/ { q = $2 }
		/used_idx:/ && q == 2 { print $2 }'
}

if ! wait_guest done_said; then
	echo "FAIL: $NDL_VM_TEST/ctrl-queue (the guest never finished its flavours)"; exit 1
fi
sleep 1
status=0 i=1
for name in $(results | sed -n 's/^HOST: ctrl //p'); do
	T=$NDL_VM_TEST/$name/ctrl-queue
	before=$(used | sed -n "${i}p")
	after=$(used | sed -n "$((i + 1))p")
	i=$((i + 2))
	if [ -n "$before" ] && [ -n "$after" ] && [ "$before" -ge 1 ] &&
	   [ "$after" -gt "$before" ]; then
		echo "PASS: $T (control commands used: $before before the join, $after after)"
	else
		echo "FAIL: $T (control queue used index '$before' before the join, '$after' after)"
		status=1
	fi
done
[ $i -gt 1 ] || { echo "FAIL: $NDL_VM_TEST/ctrl-queue (no flavour reported)"; status=1; }
exit $status
