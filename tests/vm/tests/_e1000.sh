# SPDX-License-Identifier: GPL-2.0-only
# The checks e1000_net (the NDIS 5.1 82540EM miniport) and e1000e6_net (the
# NDIS 6.20 82574L one) share, sourced after _ndl.sh with the driver's
# e1k_ndis (its NDIS version as ndl-ioctl prints it), e1k_id (the PCI
# vendor:device), e1k_inf (its .inf under a drivers directory),
# e1k_first (the name of the first flavour, whose rings the host reads) and
# e1k_irq (the interrupt chip /proc/interrupts shows for the device:
# IO-APIC for the line, PCI-MSI for MSI or MSI-X), e1k_rxcsum (on if
# the miniport validates receive checksums, else off) and e1k_tso (on if
# the miniport offers large send, else off).

listed() {
	ndl-ioctl drivers | grep -q "^driver $name state=loaded version=1.0.0.0 ndis=$e1k_ndis " &&
	ndl-ioctl devices "$name" | grep -q " $e1k_id driver=$name state=running if=$iface flags=up,carrier,dma64," ||
		{ ndl-ioctl drivers; ndl-ioctl devices "$name"; return 1; }
}
ethtool_ok() {
	ndl-ioctl ethtool "$iface" >/tmp/ethtool.out || return 1
	grep -qx "driver $name" /tmp/ethtool.out &&
	grep -qx "link 1" /tmp/ethtool.out &&
	grep -qx "speed 1000" /tmp/ethtool.out &&
	grep -q "^stat rx_packets [1-9]" /tmp/ethtool.out || { cat /tmp/ethtool.out; return 1; }
}
# Kernel log lines at warning level or worse, but the module's taint notes
# and the hang this test causes.
dmesg_clean() {
	ndl_dmesg_clean 'taints kernel|verification failed|hung[:;] resetting'
}
# QEMU's user network answers the router solicitation with a router
# advertisement to all nodes: a multicast frame, so a fec0:: address
# means the hash filter let it in.
slaac_ok() {
	_n=150
	until ip addr show dev "$iface" | grep -q 'inet6 fec0:'; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || { ip addr show dev "$iface"; return 1; }
		sleep 0.1
	done
}
promisc_ok() {
	ip link set "$iface" promisc on && ping -c 1 -W 3 10.0.2.2 >/dev/null &&
	ip link set "$iface" promisc off && ping -c 1 -W 3 10.0.2.2 >/dev/null
}
stat_of() { ndl_ethtool_stat "$iface" "$1"; }
# The miniport's checksum offload is the interface's: transmit on (and
# receive as e1k_rxcsum says); an upload has the miniport compute the TCP
# checksums (the host's TCP drops a segment with a wrong one) and a
# download has it validate them (e1k_rxcsum on).
csum_on_ok() {
	ndl-ioctl offload "$iface" >/tmp/off.out &&
	grep -qx "tx-checksum on" /tmp/off.out &&
	grep -qx "rx-checksum $e1k_rxcsum" /tmp/off.out || { cat /tmp/off.out; return 1; }
	_tx=$(stat_of tx_csum_offloaded) _rx=$(stat_of rx_csum_offloaded)
	ndl_upload && ndl_download >/dev/null || return 1
	[ "$(stat_of tx_csum_offloaded)" -gt "$_tx" ] ||
		{ echo "tx_csum_offloaded stayed $_tx"; return 1; }
	[ "$e1k_rxcsum" = off ] || [ "$(stat_of rx_csum_offloaded)" -gt "$_rx" ] ||
		{ echo "rx_csum_offloaded stayed $_rx"; return 1; }
}
# Switched off (ethtool -K): the miniport is told, Linux computes them;
# then on again.
csum_off_ok() {
	ndl-ioctl offload "$iface" off | grep -qx "tx-checksum off" || return 1
	_tx=$(stat_of tx_csum_offloaded) _rx=$(stat_of rx_csum_offloaded)
	ndl_upload && ndl_download >/dev/null || return 1
	[ "$(stat_of tx_csum_offloaded)" -eq "$_tx" ] &&
	[ "$(stat_of rx_csum_offloaded)" -eq "$_rx" ] ||
		{ echo "offloaded while off"; return 1; }
	ndl-ioctl offload "$iface" on | grep -qx "tx-checksum on"
}
# Large send: the interface's TSO is the miniport's (on as e1k_tso says);
# on, an upload goes out in large sends the miniport completes (the
# runtime's tx_lso_sent counts them; the host's TCP checks every segment).
tso_on_ok() {
	ndl-ioctl offload "$iface" >/tmp/off.out &&
	grep -qx "tso $e1k_tso" /tmp/off.out || { cat /tmp/off.out; return 1; }
	[ "$e1k_tso" = on ] || return 0
	_n=$(stat_of tx_lso_sent)
	ndl_upload || return 1
	[ "$(stat_of tx_lso_sent)" -gt "$_n" ] ||
		{ echo "tx_lso_sent stayed $_n"; return 1; }
}
# ethtool -K tso off: the miniport is told (OID_TCP_OFFLOAD_PARAMETERS),
# Linux segments, uploads still work and no large send is made; then on.
tso_off_ok() {
	[ "$e1k_tso" = on ] || return 0
	ndl-ioctl offload "$iface" tso=off | grep -qx "tso off" || return 1
	_n=$(stat_of tx_lso_sent)
	ndl_upload || return 1
	[ "$(stat_of tx_lso_sent)" -eq "$_n" ] ||
		{ echo "large sends while off"; return 1; }
	ndl-ioctl offload "$iface" tso=on | grep -qx "tso on"
}
# The module connected the interrupt kind the driver's .inf asks for: the
# line for an NDIS 5.1 miniport, messages for an NDIS 6 one whose .inf
# sets MSISupported (ndisload:<slot> or ndisload:<slot>:<message>).
irq_kind_ok() {
	grep "ndisload:$slot" /proc/interrupts | grep -q "$e1k_irq" ||
		{ grep ndisload /proc/interrupts; return 1; }
}
# set_master 0|1: the PCI command register's bus master bit.
set_master() {
	_cfg=/sys/bus/pci/devices/$slot/config
	_cmd=$(dd if="$_cfg" bs=1 skip=4 count=1 2>/dev/null | od -An -tu1 | tr -d ' ')
	_cmd=$(( $1 ? _cmd | 4 : _cmd & ~4 ))
	printf "\\$(printf '%03o' "$_cmd")" |
		dd of="$_cfg" bs=1 seek=4 count=1 conv=notrunc 2>/dev/null
}
# The chip can no longer fetch descriptors: sends stall until the hang
# check (every 2 s, two checks) resets the miniport.
hang_reset() {
	_r=$(stat_of rt_resets)
	set_master 0 || return 1
	ping -c 2 -W 1 10.0.2.2 >/dev/null 2>&1
	_n=200
	while [ "$(stat_of rt_resets)" -le "$_r" ]; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || { set_master 1; echo "no reset"; return 1; }
		sleep 0.1
	done
	set_master 1 && [ "$(stat_of rt_hangs)" -ge 1 ]
}

# flavour NAME DRIVERS-DIR: one build of the driver through its checks;
# the first ($e1k_first) has the host read the ring base registers.
flavour() {
	name=$1
	check $name/install ndisload install --name "$name" "$2/$e1k_inf"
	check $name/load ndisload load --unbind-native "$name"
	iface=$(ndl_iface "$name")
	check $name/interface test -n "$iface" -a -d "/sys/class/net/$iface"
	[ -n "$iface" ] || return
	check $name/up ndl_net_up "$iface"
	check $name/carrier ndl_wait_carrier "$iface" 10
	check $name/listed listed
	check $name/multicast-ra slaac_ok
	check $name/ping ping -c 3 -W 3 10.0.2.2
	check $name/download ndl_download
	check $name/counters ndl_received "$iface"
	check $name/ethtool ethtool_ok
	check $name/csum-offload csum_on_ok
	# TSO as the interface came up (csum_off_ok turns every offload on)
	check $name/tso tso_on_ok
	check $name/tso-off tso_off_ok
	check $name/csum-offload-off csum_off_ok
	slot=$(ndl-ioctl devices "$name" | sed -n 's/^device \([^ ]*\) .*/\1/p' | head -n1)
	check $name/irq-kind irq_kind_ok
	if [ "$name" = "$e1k_first" ]; then
		bar0=$(cut -d' ' -f1 "/sys/bus/pci/devices/$slot/resource" | head -n1)
		for reg in 0x2800 0x2804 0x3800 0x3804; do
			ndl_monitor "xp /1wx $(printf '0x%x' $((bar0 + reg)))"
		done
		ndl_report "HOST: rings $bar0"
	fi
	check $name/hang-reset hang_reset
	check $name/ping-after-reset ping -c 2 -W 3 10.0.2.2
	ndl_monitor set_link n0 off
	check $name/link-lost ndl_carrier_is "$iface" 0 10
	ndl_monitor set_link n0 on
	check $name/link-back ndl_carrier_is "$iface" 1 10
	check $name/ping-after-link ping -c 2 -W 3 10.0.2.2
	check $name/promisc promisc_ok
	check $name/mac-address ndl_mac_change "$iface" 10
	check $name/down ip link set "$iface" down
	check $name/remove ndl-ioctl remove "$name"
	check $name/interface-gone test ! -d "/sys/class/net/$iface"
	check $name/accounting-zero ndl_no_leaks
	check $name/uninstall ndisload remove "$name"
}

