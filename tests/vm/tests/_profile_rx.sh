# SPDX-License-Identifier: GPL-2.0-only
# Developer aid, not a test (its name starts with "_"): profile the guest
# during a 32 MiB download through the wrapped RTL8139 miniport, or through
# 8139cp with ndl_which=native on the kernel command line. Needs perf in
# the guest and is best run under -icount, where samples count guest
# instructions, not host time:
#   NDL_VM_PROGS=/usr/bin/perf NDL_VM_QEMU="-icount shift=1,sleep=on" \
#   NDL_VM_APPEND=ndl_which=native tests/vm/run.sh _profile_rx
# The report comes out as "PROFILE:" lines. ndl_what=ping profiles 200
# pings to the gateway instead (their summary as "PING:" lines).
# nic: rtl8139
# serve: 32
# timeout: 600
. /tests/_ndl.sh

slot=0000:00:03.0
bring_up() { ndl_net_up "$1" && ndl_wait_carrier "$1" 5; }
profile() { # LABEL
	command -v perf >/dev/null || { fail perf "no perf in the guest (NDL_VM_PROGS=/usr/bin/perf)"; return; }
	wget -q -O /tmp/dl "http://$ndl_serve" && rm -f /tmp/dl	# warm up
	if [ "${ndl_what:-download}" = ping ]; then
		perf record -q -o /tmp/perf.data -a -F 20000 -g -- \
			ping -c 200 -i 0.01 -q 10.0.2.2 >/tmp/ping 2>&1
		while read -r line; do ndl_report "PING: $1 $line"; done </tmp/ping
	else
		perf record -q -o /tmp/perf.data -a -F 20000 -g -- \
			wget -q -O /tmp/dl "http://$ndl_serve" 2>/dev/null
	fi
	rm -f /tmp/dl
	perf report -i /tmp/perf.data --no-children --sort dso,sym --stdio \
		-g none 2>/dev/null | grep -v '^#' | grep -v '^$' | head -n 120 >/tmp/report
	while read -r line; do ndl_report "PROFILE: $1 $line"; done </tmp/report
	pass profile
}

if [ "${ndl_which:-wrapped}" = native ]; then
	load_module 8139cp
	_if=$(basename "$(ls -d /sys/bus/pci/devices/$slot/net/* | head -n1)")
	check up bring_up "$_if"
	profile native
else
	check insmod ndl_load
	ndl_add_rtl8139 >/dev/null
	_if=$(ndl_iface rtl8139)
	check up bring_up "$_if"
	profile wrapped
fi
