# SPDX-License-Identifier: GPL-2.0-only
# Developer aid, not a test (its name starts with "_"): an upload through
# e1000e6 (or e1000e with ndl_which=native) to the bench's CGI sink (which
# tests/bench/vm-throughput.sh writes into build/vm/serve: run it once
# first), with what the guest saw during it as "PROBE:" lines (interrupts,
# the interface's counters before and after) and, with ndl_perf=1 on the
# kernel command line, a profile as "PROFILE:" lines (ndl_offload=off
# turns the native driver's offloads off, as the bench does); best under
# -icount:
#   NDL_VM_PROGS=/usr/bin/perf NDL_VM_APPEND=ndl_perf=1 NDL_VM_KVM=no \
#   NDL_VM_QEMU="-icount shift=1,sleep=on" tests/vm/run.sh _upload_probe
# nic: e1000e
# serve: 16
# timeout: 900
. /tests/_ndl.sh

slot=0000:00:03.0
snap() { # LABEL IFACE
	ndl_report "PROBE: $1 t_ns $(ndl_now_ns)"
	grep -E 'e1000e|ndl|PCI-MSI' /proc/interrupts | while read -r l; do ndl_report "PROBE: $1 irq $l"; done
	ndl-ioctl ethtool "$2" 2>/dev/null | grep '^stat' | while read -r l; do ndl_report "PROBE: $1 $l"; done
	for f in tx_packets tx_bytes rx_packets; do
		ndl_report "PROBE: $1 $f $(cat /sys/class/net/$2/statistics/$f)"
	done
}

if [ "${ndl_which:-wrapped}" = native ]; then
	load_module e1000e
	_if=$(basename "$(ls -d /sys/bus/pci/devices/$slot/net/* | head -n1)")
	# ndl_offload=off: configured like the miniport (the bench's pairs).
	[ "${ndl_offload:-on}" = on ] || ndl-ioctl offload "$_if" off >/dev/null
else
	check insmod ndl_load
	ndisload install --name e1000e6 "$NDL_DRIVERS/e1000e6/e1000e6.inf" >/dev/null
	ndisload load e1000e6 >/dev/null
	_if=$(ndl_iface e1000e6)
fi
check up ndl_net_up "$_if"
check carrier ndl_wait_carrier "$_if" 10
wget -q -O /tmp/dl "http://$ndl_serve"
tr '\000' '\001' </tmp/dl >/tmp/up
rm -f /tmp/dl
snap before "$_if"
upload() { wget -q -O - --post-file /tmp/up "http://${ndl_serve%%/*}/cgi-bin/ndl-sink"; }
if [ "${ndl_perf:-0}" = 1 ]; then
	perf record -q -o /tmp/perf.data -a -F 20000 -g -- sh -c \
		"wget -q -O /tmp/got --post-file /tmp/up http://${ndl_serve%%/*}/cgi-bin/ndl-sink" 2>/dev/null
	_got=$(cat /tmp/got)
else
	_got=$(upload)
fi
snap after "$_if"
if [ "${ndl_perf:-0}" = 1 ]; then
	perf report -i /tmp/perf.data --no-children --sort dso,sym --stdio \
		-g none 2>/dev/null | grep -v '^#' | grep -v '^$' | head -n 60 >/tmp/report
	while read -r line; do ndl_report "PROFILE: $line"; done </tmp/report
	perf report -i /tmp/perf.data --no-children --sort sym --stdio \
		-g caller,0.5,callee --percent-limit 3 2>/dev/null | grep -v '^$' | head -n 150 >/tmp/report
	while read -r line; do ndl_report "CALLS: $line"; done </tmp/report
fi
_want=$(sha256sum /tmp/up | cut -d' ' -f1)
if [ "$_got" = "$_want" ]; then
	pass upload
else
	fail upload "the host received ${_got:-nothing}, not $_want"
fi
