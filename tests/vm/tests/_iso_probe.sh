# SPDX-License-Identifier: GPL-2.0-only
# Developer aid, not a test (its name starts with "_"): a download through
# e1000e6 isolated (ndisload bind --isolated, MSI-X) on QEMU's e1000e
# behind the emulated IOMMU, profiled with perf over the whole guest
# (kernel and the host process) as "DOWN-PROFILE:" and "DOWN-SYMS:" lines,
# then the same uploaded back ("UP-..."); best under -icount:
#   NDL_VM_PROGS=/usr/bin/perf NDL_VM_KVM=no \
#   NDL_VM_QEMU="-icount shift=1,sleep=on" tests/vm/run.sh --nic e1000e _iso_probe
# iommu: yes
# serve: 16
# timeout: 900
. /tests/_ndl.sh
. /tests/_isolated.sh

slot=$(iso_pci_slot 8086 10d3)
grep -qs '^ndisload-host:' /etc/passwd ||
	echo "ndisload-host:x:991:991::/nonexistent:/bin/false" >>/etc/passwd
load_module vfio_iommu_type1 && load_module vfio-pci && load_module tun
ndisload install --name e1000e6 "$NDL_DRIVERS/e1000e6/e1000e6.inf" >/dev/null
check bind ndisload bind "$slot" e1000e6 --isolated
_if=$(sed -n 's/^tap //p' "/run/ndisload/host/$slot.conf")
_n=300
until grep -q "running on TAP $_if" "/run/ndisload/host/$slot.log" 2>/dev/null; do
	_n=$((_n - 1)); [ $_n -gt 0 ] || break; sleep 0.1
done
check up ndl_net_up "$_if"
check carrier ndl_wait_carrier "$_if" 10
# profile PREFIX COMMAND...: perf over the whole guest while COMMAND runs,
# reported as "PREFIX-PROFILE:" (by program and object) and "PREFIX-SYMS:"
# (by symbol) lines.
profile() {
	_p=$1
	shift
	perf record -q -o /tmp/perf.data -a -F 20000 -- "$@" 2>/dev/null
	perf report -i /tmp/perf.data --sort comm,dso --stdio 2>/dev/null |
		grep -v '^#' | grep -v '^$' | head -n 20 >/tmp/report
	while read -r line; do ndl_report "$_p-PROFILE: $line"; done </tmp/report
	perf report -i /tmp/perf.data --sort comm,dso,sym --stdio 2>/dev/null |
		grep -v '^#' | grep -v '^$' | head -n 60 >/tmp/report
	while read -r line; do ndl_report "$_p-SYMS: $line"; done </tmp/report
}
profile DOWN wget -q -O /tmp/dl "http://$ndl_serve"
check download sh -c "[ \"\$(sha256sum </tmp/dl | cut -d' ' -f1)\" = \"$ndl_serve_sha\" ]"
# The same bytes back to the harness's CGI sink (as tests/bench does; NUL
# bytes made 0x01: busybox wget posts a file as a C string).
tr '\000' '\001' </tmp/dl >/tmp/up
_upsum=$(sha256sum </tmp/up | cut -d' ' -f1)
profile UP sh -c "wget -q -O /tmp/upsum --post-file /tmp/up \"http://${ndl_serve%%/*}/cgi-bin/ndl-sink\""
check upload sh -c "[ \"\$(cat /tmp/upsum)\" = $_upsum ]"
# The host's last line, on SIGTERM: its frame counts, the merged ones too.
_pid=$(sed -n 's/^pid //p' "/run/ndisload/host/$slot.state")
[ -z "$_pid" ] || kill -TERM "$_pid"
_n=200
until grep -q 'frames merged' "/run/ndisload/host/$slot.log"; do
	_n=$((_n - 1)); [ $_n -gt 0 ] || break; sleep 0.1
done
grep "frames merged" "/run/ndisload/host/$slot.log" | while read -r line; do
	ndl_report "COUNTS: $line"
done
ndisload unbind "$slot" >/dev/null
