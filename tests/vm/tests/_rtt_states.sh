# SPDX-License-Identifier: GPL-2.0-only
# Developer aid, not a test: how the ping's two states were told apart
# (docs/kernel.md, "The two states explained"). Native 8139cp only, and no
# wait for the random number generator: one round trip's function trace
# with x86-tsc timestamps (under -icount they count guest instructions)
# in the first state, then traces until the ping is fast (the traces'
# interrupts seed the generator), then the same trace again:
# "FT: LABEL ts func <-parent" lines, for a per-function diff.
# nic: rtl8139
# timeout: 900
. /tests/_ndl.sh

slot=0000:00:03.0
T=/sys/kernel/debug/tracing
avg() { ping -c 30 -i 0.05 -q 10.0.2.2 2>&1 | sed -n 's|.*= [0-9.]*/\([0-9.]*\)/.*|\1|p'; }
ftrace_rt() { # LABEL
	echo x86-tsc >$T/trace_clock
	echo function >$T/current_tracer
	echo 8192 >$T/buffer_size_kb
	echo 1 >$T/events/sched/sched_switch/enable
	echo >$T/trace
	echo 1 >$T/tracing_on
	ping -c 3 -i 0.05 -q 10.0.2.2 >/dev/null 2>&1
	echo 0 >$T/tracing_on
	sed -n '/^#/d; p' $T/trace >/tmp/ftrace
	echo nop >$T/current_tracer
	echo 0 >$T/events/enable
	awk '
		/sched_switch:.*next_comm=ping/ { n++; on = (n == 2) }
		on && /sched_switch: prev_comm=ping/ { on = 0 }
		on { sub(/^.*\] [^ ]+ +/, ""); print }' /tmp/ftrace >/tmp/calls
	while read -r line; do ndl_report "FT: $1 $line"; done </tmp/calls
}

load_module 8139cp
_if=$(basename "$(ls -d /sys/bus/pci/devices/$slot/net/* | head -n1)")
check native-up ndl_net_up "$_if"
ndl_wait_carrier "$_if" 5
a=$(avg); ndl_report "AVG: start $a"
ftrace_rt first
a=$(avg); ndl_report "AVG: after-first $a"
i=0
while [ $i -lt 6 ]; do
	i=$((i + 1))
	ftrace_rt "flip$i"
	a=$(avg); ndl_report "AVG: after-flip$i $a"
	case $a in 0.03*|0.04[0-4]*) break ;; esac
done
ftrace_rt last
a=$(avg); ndl_report "AVG: end $a"
pass states
