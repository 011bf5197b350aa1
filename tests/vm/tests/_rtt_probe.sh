# SPDX-License-Identifier: GPL-2.0-only
# Developer aid, not a test (its name starts with "_"): where a ping's
# round trip goes, native 8139cp against the wrapped RTL8139 miniport in
# one VM (docs/kernel.md, "What a ping costs"). For each side: 20 pings
# ("PING: side warm"), a few pings' events from ftrace (system calls,
# send, interrupts, softirqs, NAPI, idle, scheduler: "TRACE:" lines), the
# kernel functions one round trip calls, in order, from ping's wakeup to
# its sleep ("CALLS:" lines, with a count of all calls and the module's),
# then the same again after ("-after"); with perf in the guest
# (NDL_VM_PROGS=/usr/bin/perf) a profile of 3000 pings on the wrapped
# side between the two ("PROFILE:"). Under -icount, where the trace clock
# counts guest instructions:
#   NDL_VM_QEMU="-icount shift=1,sleep=on" tests/vm/run.sh _rtt_probe
# nic: rtl8139
# timeout: 600
. /tests/_ndl.sh

slot=0000:00:03.0
T=/sys/kernel/debug/tracing
bring_up() { ndl_net_up "$1" && ndl_wait_carrier "$1" 5; }
# calltrace LABEL: every kernel function one ping's round trip calls.
calltrace() {
	echo function >$T/current_tracer
	echo 8192 >$T/buffer_size_kb
	echo 1 >$T/events/net/net_dev_queue/enable
	echo 1 >$T/events/sched/sched_switch/enable
	echo >$T/trace
	echo 1 >$T/tracing_on
	ping -c 3 -i 0.05 -q 10.0.2.2 >/dev/null 2>&1
	echo 0 >$T/tracing_on
	sed -n '/^#/d; p' $T/trace >/tmp/ftrace
	echo nop >$T/current_tracer	# (clears the buffer)
	echo 0 >$T/events/enable
	awk '
		/sched_switch:.*next_comm=ping/ { n++; on = (n == 2) }
		on && /sched_switch: prev_comm=ping/ { on = 0 }
		on { sub(/^.*\] [^ ]+ +/, ""); print }' /tmp/ftrace >/tmp/calls
	ndl_report "CALLS: $1 total $(grep -c ' <-' /tmp/calls)" \
		"module $(grep -c ' ndl[a-zA-Z0-9_]* <-' /tmp/calls)"
	while read -r line; do ndl_report "CALLS: $1 $line"; done </tmp/calls
}

# evtrace LABEL: a few pings' events (send, interrupts, softirqs, idle).
evtrace() {
	echo 0 >$T/tracing_on
	echo >$T/trace
	echo 'global' >$T/trace_clock
	for e in net/net_dev_queue net/net_dev_xmit net/netif_receive_skb \
		net/napi_gro_receive_entry irq/irq_handler_entry irq/irq_handler_exit \
		irq/softirq_entry irq/softirq_exit napi/napi_poll power/cpu_idle \
		sched/sched_switch sched/sched_wakeup raw_syscalls/sys_enter raw_syscalls/sys_exit; do
		echo 1 >"$T/events/$e/enable" 2>/dev/null
	done
	echo 1 >$T/tracing_on
	ping -c 4 -i 0.05 10.0.2.2 >/tmp/ping 2>&1
	echo 0 >$T/tracing_on
	while read -r line; do ndl_report "PING: $1 $line"; done </tmp/ping
	sed -n '/^#/d; p' $T/trace | tail -n 400 >/tmp/trace
	while read -r line; do ndl_report "TRACE: $1 $line"; done </tmp/trace
	echo 0 >$T/events/enable
}

probe() { # LABEL
	ping -c 20 -i 0.05 -q 10.0.2.2 >/tmp/ping 2>&1
	while read -r line; do ndl_report "PING: $1 warm $line"; done </tmp/ping
	evtrace "$1"
	calltrace "$1"
	if command -v perf >/dev/null && [ "$1" = wrapped ]; then
		perf record -q -o /tmp/perf.data -a -F 100000 -- \
			ping -c 3000 -i 0.002 -q 10.0.2.2 >/tmp/ping 2>&1
		perf report -i /tmp/perf.data --comm ping --no-children \
			--sort dso,sym --stdio -n 2>/dev/null | grep -v '^#' | grep -v '^$' |
			head -n 2000 >/tmp/report
		while read -r line; do ndl_report "PROFILE: $1 $line"; done </tmp/report
	fi
	ping -c 20 -i 0.05 -q 10.0.2.2 >/tmp/ping 2>&1
	while read -r line; do ndl_report "PING: $1 after $line"; done </tmp/ping
	evtrace "$1-after"
	calltrace "$1-after"
	pass "probe-$1"
}

# ndl_crng_wait=0 on the kernel command line: measure an unseeded random
# number generator too (the first CALLS lines then show the IP ID's
# crng_make_state and extract_entropy; docs/kernel.md).
[ "${ndl_crng_wait:-1}" = 0 ] || ndl_crng_ready
load_module 8139cp
_if=$(basename "$(ls -d /sys/bus/pci/devices/$slot/net/* | head -n1)")
check native-up bring_up "$_if"
probe native
rmmod 8139cp
check insmod ndl_load
ndl_add_rtl8139 >/dev/null
_if=$(ndl_iface rtl8139)
check up bring_up "$_if"
probe wrapped
