# SPDX-License-Identifier: GPL-2.0-only
# Developer aid, not a test (its name starts with "_"): a download through
# e1000e6 isolated (ndisload bind --isolated, MSI-X) on QEMU's e1000e
# behind the emulated IOMMU, profiled with perf over the whole guest
# (kernel and the host process) as "PROFILE:" lines; best under -icount:
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
perf record -q -o /tmp/perf.data -a -F 20000 -- \
	wget -q -O /tmp/dl "http://$ndl_serve" 2>/dev/null
perf report -i /tmp/perf.data --sort comm,dso --stdio 2>/dev/null |
	grep -v '^#' | grep -v '^$' | head -n 20 >/tmp/report
while read -r line; do ndl_report "PROFILE: $line"; done </tmp/report
perf report -i /tmp/perf.data --sort comm,dso,sym --stdio 2>/dev/null |
	grep -v '^#' | grep -v '^$' | head -n 60 >/tmp/report
while read -r line; do ndl_report "SYMS: $line"; done </tmp/report
check download sh -c "[ \"\$(sha256sum </tmp/dl | cut -d' ' -f1)\" = \"$ndl_serve_sha\" ]"
ndisload unbind "$slot" >/dev/null
