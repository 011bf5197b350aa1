#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Host side of tests/vm/tests/e1000_net.sh: the guest (more than 4 GiB of
# memory) had QEMU's monitor read the e1000's ring base registers (xp on
# BAR0); the high halves (TDBAH, RDBAH) must be non-zero, i.e. the
# miniport's 64-bit DMA declaration really gave it rings above 4 GiB (and
# the guest's download through them passed). The guest reports
# "HOST: rings skip REASON" when its driver could not run at all.
set -u
T=$NDL_VM_TEST/dma64
out=$(dirname "$NDL_VM_RESULTS")

. "$(dirname "$0")/_lib.sh"

# wait_for SECONDS COMMAND...: poll until the command succeeds.
wait_for() {
	_n=$(($1 * 2)); shift
	until "$@"; do
		kill -0 "$NDL_VM_PID" 2>/dev/null || return 1
		_n=$((_n - 1)); [ $_n -gt 0 ] || return 1
		sleep 0.5
	done
}
bar_line() { tr -d '\r' <"$NDL_VM_RESULTS" | sed -n 's/^HOST: rings //p' | head -n1; }
have_bar() { [ -n "$(bar_line)" ]; }
reg() { # OFFSET: the register's value as the monitor printed it
	_a=$(printf '%016x' $((bar + $1)))
	tr -d '\r' <"$out/hmp.log" 2>/dev/null | sed -n "s/^$_a: \(0x[0-9a-f]*\).*/\1/p" | tail -n1
}
have_regs() { [ -n "$(reg 0x3804)" ] && [ -n "$(reg 0x2804)" ]; }

if ! wait_guest have_bar; then
	echo "FAIL: $T (the guest never reported its BAR0)"; exit 1
fi
bar=$(bar_line)
# "skip REASON": the guest's driver never ran (it said why in its results).
if [ "${bar%% *}" = skip ]; then
	echo "SKIP: $T (${bar#skip })"; exit 0
fi
if ! wait_for 20 have_regs; then
	echo "FAIL: $T (no monitor output for BAR0 $bar in $out/hmp.log)"; exit 1
fi
tx="$(reg 0x3804)$(reg 0x3800 | sed 's/^0x//')"
rx="$(reg 0x2804)$(reg 0x2800 | sed 's/^0x//')"
if [ $(($(reg 0x3804))) -ne 0 ] && [ $(($(reg 0x2804))) -ne 0 ]; then
	echo "PASS: $T (transmit ring at $tx, receive ring at $rx)"
else
	echo "FAIL: $T (rings below 4 GiB: transmit $tx, receive $rx)"; exit 1
fi
