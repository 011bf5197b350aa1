# SPDX-License-Identifier: GPL-2.0-only
# Developer aid, not a test: every guest instruction of about 100 pings'
# round trips, native 8139cp then the wrapped RTL8139 miniport, counted by
# QEMU itself (no tracer in the guest, so nothing to subtract, and the
# Microsoft-convention code and the miniport count too). For each side the
# guest asks QEMU's monitor for one instruction per translation block and
# an exec log into /tmp/ndl-exec-SIDE.log on the host; the guest's text
# symbols go out as "SYM: SIDE" lines. tests/vm/exec-profile.sh turns both
# into instructions per round trip by function. With ndl_what=download
# on the kernel command line (NDL_VM_APPEND) the window covers a TCP
# download from the host instead of pings (count per frame received with
# NDL_EXEC_PER=dev_gro_receive); with ndl_what=upload, uploads to the
# host (count per tcp_sendmsg: wget writes the same chunks on both sides).
#   NDL_VM_QEMU="-icount shift=1,sleep=on" NDL_VM_KVM=no \
#     tests/vm/run.sh --kver K _rtt_exec >/tmp/exec.out
#   tests/vm/exec-profile.sh /tmp/exec.out /tmp/ndl-exec-native.log
# nic: rtl8139
# monitor: yes
# serve: 32
# timeout: 1800
. /tests/_ndl.sh

slot=0000:00:03.0
bring_up() { ndl_net_up "$1" && ndl_wait_carrier "$1" 5; }
# window SIDE: a ping every 10 ms for 3 s, the exec log on for the middle
# of it (the monitor acts when the host reads the line: the window is not
# exact, so the count of round trips comes from the log itself), then the
# symbols as they are now (each side has its own modules).
window() {
	ping -c 20 -i 0.05 -q 10.0.2.2 >/dev/null 2>&1	# warm
	case ${ndl_what:-ping} in
	download)
		(while :; do wget -q -O /dev/null "http://$ndl_serve"; done) \
			>/tmp/ping 2>&1 & ;;
	upload)
		(while :; do wget -q -O /dev/null --post-file /tmp/up \
			"http://${ndl_serve%%/*}/cgi-bin/ndl-sink"; done) >/tmp/ping 2>&1 & ;;
	*)
		ping -c 300 -i 0.01 -q 10.0.2.2 >/tmp/ping 2>&1 & ;;
	esac
	# The traffic gets going (wget starts, TCP opens its window) first.
	if [ "${ndl_what:-ping}" = ping ]; then sleep 1; else sleep 3; fi
	ndl_report "MONITOR: singlestep on"
	ndl_report "MONITOR: logfile /tmp/ndl-exec-$1.log"
	ndl_report "MONITOR: log exec,nochain"
	# Bulk traffic keeps the guest busy: under -icount a second of its
	# time is 5e8 instructions, 40 GB of log; 10 ms is about a thousand
	# frames.
	if [ "${ndl_what:-ping}" = ping ]; then sleep 1; else sleep 0.01; fi
	ndl_report "MONITOR: log none"
	ndl_report "MONITOR: singlestep off"
	[ "${ndl_what:-ping}" = ping ] || kill $! 2>/dev/null
	wait
	while read -r line; do ndl_report "PING: $1 $line"; done </tmp/ping
	awk -v side="$1" '$2 ~ /^[tT]$/ { print "SYM: " side " " $1 " " $3 " " $4 }' \
		/proc/kallsyms >"$NDL_RESULTS"
}

ndl_crng_ready
# The upload's file, made once before either window: under TCG making
# 32 MiB takes seconds, which the window would otherwise catch instead.
[ "${ndl_what:-ping}" != upload ] ||
	head -c 33554432 /dev/zero | tr '\000' '\001' >/tmp/up
load_module 8139cp
_if=$(basename "$(ls -d /sys/bus/pci/devices/$slot/net/* | head -n1)")
check native-up bring_up "$_if"
window native
rmmod 8139cp
check insmod ndl_load
ndl_add_rtl8139 >/dev/null
_if=$(ndl_iface rtl8139)
check up bring_up "$_if"
window wrapped
pass windows
