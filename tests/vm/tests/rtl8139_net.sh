# SPDX-License-Identifier: GPL-2.0-only
# The RTL8139 Windows miniport on QEMU's RTL8139C+, in both build flavours
# one after the other in one boot (mingw-w64, then clang-MSVC when
# build/drivers-msvc exists), each pushed through /dev/ndisload, bound,
# interface up on QEMU's user network, ping and a TCP download from the
# host with checksum compare, link state, counters, its driver-stack use,
# ethtool (driver info naming the Windows driver, link, statistics), MTU,
# promiscuous mode, a MAC address change (the miniport restarted with
# NetworkAddress, as Windows does), then removal with the module's
# accounting back to zero. Offloads: the interface shows the miniport's
# transmit checksums and TSO (no receive checksum: the chip reports none);
# an upload goes out with the miniport's checksums and in large sends
# (tx_csum_offloaded, tx_lso_sent rise; the host's TCP checks every
# segment); with tso off none is made and the upload still works, with
# tx-checksum off neither. Pings with function_graph tracing the module
# (the Microsoft-convention functions must not be hooked). Cost: one boot, about 10 s per flavour (guest
# time under TCG).
# nic: rtl8139
# serve: 4
# timeout: 200
. /tests/_ndl.sh

added() { ndl_add_rtl8139 "$name" | grep -qx "bound 1 owned 0"; }
listed() {
	ndl-ioctl drivers | grep -q "^driver $name state=loaded version=1.0.0.0 ndis=5.1 " &&
	ndl-ioctl devices | grep -q " 10ec:8139 driver=$name state=running if=$iface flags=up,carrier,"
}
refused_busy() { ndl-ioctl remove "$name" | grep -qx "errno EBUSY"; }
ethtool_ok() {
	ndl-ioctl ethtool "$iface" >/tmp/ethtool.out || return 1
	grep -qx "driver $name" /tmp/ethtool.out &&
	grep -qx "version 1.0.0.0" /tmp/ethtool.out &&
	grep -q "^firmware ndisload .*, NDIS 5.1$" /tmp/ethtool.out &&
	grep -qx "bus 0000:00:03.0" /tmp/ethtool.out &&
	grep -qx "link 1" /tmp/ethtool.out &&
	grep -qx "speed 100" /tmp/ethtool.out &&
	grep -q "^stat rt_interrupts [1-9]" /tmp/ethtool.out &&
	grep -q "^stat rx_packets [1-9]" /tmp/ethtool.out || { cat /tmp/ethtool.out; return 1; }
}
mtu_ok() {
	ip link set "$iface" mtu 1400 && ! ip link set "$iface" mtu 1600 2>/dev/null &&
	ip link set "$iface" mtu 1500 && ping -c 1 -W 3 -s 1400 10.0.2.2 >/dev/null
}
promisc_ok() {
	ip link set "$iface" promisc on && sleep 0.5 && ip link set "$iface" promisc off &&
	sleep 0.5 && ! dmesg | grep -q "receive filter update failed"
}
stat_of() { ndl_ethtool_stat "$iface" "$1"; }
offloads_shown() {
	ndl-ioctl offload "$iface" >/tmp/off.out &&
	grep -qx "tx-checksum on" /tmp/off.out &&
	grep -qx "rx-checksum off" /tmp/off.out &&
	grep -qx "tso on" /tmp/off.out || { cat /tmp/off.out; return 1; }
}
# upload_counts STAT... : an upload works; each stat rose ("up") or stayed.
upload_counts() {
	_c=$(stat_of tx_csum_offloaded) _l=$(stat_of tx_lso_sent)
	ndl_upload || return 1
	_c2=$(stat_of tx_csum_offloaded) _l2=$(stat_of tx_lso_sent)
	case $1 in
	up) [ "$_c2" -gt "$_c" ] ;; *) [ "$_c2" -eq "$_c" ] ;;
	esac || { echo "tx_csum_offloaded $_c -> $_c2, wanted $1"; return 1; }
	case $2 in
	up) [ "$_l2" -gt "$_l" ] ;; *) [ "$_l2" -eq "$_l" ] ;;
	esac || { echo "tx_lso_sent $_l -> $_l2, wanted $2"; return 1; }
}
offload_on_ok() { upload_counts up up; }
tso_off_ok() {
	ndl-ioctl offload "$iface" tso=off | grep -qx "tso off" &&
	upload_counts up same &&
	ndl-ioctl offload "$iface" tso=on | grep -qx "tso on"
}
csum_off_ok() {
	ndl-ioctl offload "$iface" off | grep -qx "tx-checksum off" &&
	upload_counts same same &&
	ndl-ioctl offload "$iface" on | grep -qx "tx-checksum on"
}

tracing=/sys/kernel/debug/tracing
# graph_traced_ping: pings while the function_graph tracer hooks every
# traceable function of ndisload. Its return hook may clobber rsi and rdi,
# which a Microsoft-convention caller keeps across a call, so those
# functions are notrace (win_types.h); hooked, the miniport oopsed.
graph_traced_ping() {
	echo ':mod:ndisload' >$tracing/set_ftrace_filter &&
		echo function_graph >$tracing/current_tracer || return 1
	ping -c 3 -W 3 10.0.2.2 >/dev/null
	_rc=$?
	_hooked=$(grep -c 'ndl_xmit_on_stack' $tracing/trace)
	echo nop >$tracing/current_tracer
	echo >$tracing/set_ftrace_filter
	ndl_report "INFO: $name: $_hooked traced sends under function_graph"
	[ "$_rc" = 0 ] && [ "$_hooked" -gt 0 ]
}

# flavour NAME DRIVERS-DIR: one build of the driver through its checks.
flavour() {
	name=$1 NDL_DRIVERS=$2
	check $name/add added
	iface=$(ndl_iface "$name")
	check $name/interface test -n "$iface" -a -d "/sys/class/net/$iface"
	[ -n "$iface" ] || return
	check $name/up ndl_net_up "$iface"
	check $name/carrier ndl_wait_carrier "$iface" 5
	check $name/listed listed
	check $name/ping ping -c 3 -W 3 10.0.2.2
	if grep -qw function_graph $tracing/available_tracers 2>/dev/null; then
		check $name/function-graph graph_traced_ping
	else
		skip $name/function-graph "this kernel has no function_graph tracer"
	fi
	check $name/download ndl_download
	check $name/counters ndl_received "$iface"
	deepest=$(sed -n 's/^deepest //p' "$NDL_DEBUGFS/stacks")
	usable=$(sed -n 's/^usable //p' "$NDL_DEBUGFS/stacks")
	ndl_report "INFO: $name: deepest driver-stack use $deepest of $usable bytes"
	check $name/stack-headroom test "$deepest" -lt "$usable"
	check $name/ethtool ethtool_ok
	check $name/offloads-shown offloads_shown
	check $name/offload-upload offload_on_ok
	check $name/tso-off tso_off_ok
	check $name/csum-off csum_off_ok
	check $name/mtu mtu_ok
	check $name/promisc promisc_ok
	check $name/mac-address ndl_mac_change "$iface" 5
	check $name/remove-busy refused_busy
	check $name/down ip link set "$iface" down
	# Expedited grace periods (on-stack work items) during the removal:
	# usb_ecm says why.
	echo 1 >/sys/kernel/rcu_expedited
	check $name/remove ndl-ioctl remove "$name"
	echo 0 >/sys/kernel/rcu_expedited
	check $name/interface-gone test ! -d "/sys/class/net/$iface"
	check $name/accounting-zero ndl_no_leaks
}

check insmod ndl_load
ndl_flavours flavour rtl8139 rtl8139/rtl8139.sys
check rmmod rmmod ndisload
