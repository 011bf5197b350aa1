# SPDX-License-Identifier: GPL-2.0-only
# Load/unload endurance: N cycles (kernel command line ndl_cycles=N; 20
# by default, which fits every kernel of make check; the vm-endurance
# suite runs 200) of add driver, bind, interface up, traffic (ping and a
# 1 MiB download with checksum), down, remove; then the module's
# accounting is back where it was at load, no kernel warning was logged,
# and rmmod succeeds.
# nic: rtl8139
# serve: 1
# timeout: 1500
. /tests/_ndl.sh

cycles=${ndl_cycles:-20}

one_cycle() {
	ndl_add_rtl8139 | grep -qx "bound 1 owned 0" || { echo "add failed"; return 1; }
	_if=$(ndl_iface rtl8139)
	[ -n "$_if" ] || { echo "no interface"; return 1; }
	ndl_net_up "$_if" || return 1
	ndl_wait_carrier "$_if" 5 || { echo "no carrier"; return 1; }
	ping -c 1 -W 3 10.0.2.2 >/dev/null || { echo "no ping reply"; return 1; }
	ndl_download >/dev/null || { echo "download failed"; return 1; }
	ip link set "$_if" down || return 1
	ndl-ioctl remove rtl8139 >/dev/null || { echo "remove failed"; return 1; }
}


check insmod ndl_load
i=0 failed=""
start=$(date +%s)
while [ $i -lt "$cycles" ]; do
	i=$((i + 1))
	if ! out=$(one_cycle 2>&1); then
		failed="cycle $i: $out"
		break
	fi
done
end=$(date +%s)
if [ -z "$failed" ]; then
	pass "cycles-$cycles"
else
	fail "cycles-$cycles" "$failed"
	ndl-ioctl remove rtl8139 force >/dev/null 2>&1
fi
ndl_report "INFO: $i cycles in $((end - start)) s"
check accounting-zero ndl_no_leaks
check no-drivers sh -c '[ -z "$(ndl-ioctl drivers)" ]'
check rmmod rmmod ndisload
