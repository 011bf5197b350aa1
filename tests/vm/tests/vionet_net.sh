# SPDX-License-Identifier: GPL-2.0-only
# The legacy virtio-net Windows miniport (tests/drivers/vionet, written
# from the virtio specification, not sharing tests/drivers/common) on
# QEMU's virtio-net-pci, which on the i440fx PC is a transitional device
# (1AF4:1000, legacy I/O BAR): installed and loaded with the product's
# CLI, its link up, ping, a TCP download with checksum compare (8 MiB:
# about 5800 frames through 128 receive buffers, so buffers must come
# back through MiniportReturnPacket and be recycled), a multicast join
# (ip maddr add: OID_802_3_MULTICAST_LIST, a MAC_TABLE_SET command on the
# control queue, pended and completed from the DPC; the host script reads
# the control queue's used index through the monitor before and after),
# the link dropped and restored from the monitor (config-change
# interrupts, media disconnect/connect indications), down, removal with
# the module's accounting back to zero (halt waits for every returned
# packet), rmmod, no warning in the kernel log. Cost: one boot, ~25 s.
# nic: virtio-net-pci
# monitor: yes
# host: vionet_ctrl
# serve: 8
# timeout: 120
. /tests/_ndl.sh

inf=$NDL_DRIVERS/vionet/vionet.inf
vq=/machine/peripheral/nic0/virtio-backend
listed() {
	ndl-ioctl drivers | grep -q "^driver vionet state=loaded version=1.0.0.0 ndis=5.1 " &&
	ndl-ioctl devices vionet | grep -q " 1af4:1000 driver=vionet state=running if=$iface flags=up,carrier"
}
stat_of() { ndl-ioctl ethtool "$iface" | sed -n "s/^stat $1 //p"; }
# Several times the receive buffers (128) arrived.
recycled() {
	_n=$(stat_of rx_packets)
	[ "${_n:-0}" -gt 4000 ] || { echo "rx_packets ${_n:-none}"; return 1; }
}
carrier_is() { # VALUE SECONDS
	_n=$(($2 * 10))
	while [ "$(cat "/sys/class/net/$iface/carrier" 2>/dev/null)" != "$1" ]; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || return 1; sleep 0.1
	done
}
mcast_join() {
	ip maddr add 01:00:5e:01:02:03 dev "$iface" &&
	ip maddr show dev "$iface" | grep -q '01:00:5e:01:02:03'
}
dmesg_clean() {
	_w=$(dmesg -r | grep -E '^<[0-4]>' | grep -vE 'taints kernel|verification failed')
	[ -z "$_w" ] || { echo "$_w"; return 1; }
}
no_leaks() { _l=$(ndl_leaks); [ -z "$_l" ] || { echo "$_l"; return 1; }; }

check insmod ndl_load
check install ndisload install --name vionet "$inf"
check load ndisload load --unbind-native vionet
iface=$(ndl_iface vionet)
check interface test -n "$iface" -a -d "/sys/class/net/$iface"
check up ndl_net_up "$iface"
check carrier ndl_wait_carrier "$iface" 10
check listed listed
check ping ping -c 3 -W 3 10.0.2.2
check download ndl_download
check recycled recycled
# The control queue (2) before and after the join; sleep lets the
# monitor answer before the next command.
ndl_monitor "info virtio-queue-status $vq 2"
sleep 1
ndl_report "HOST: ctrl-before"
check multicast-join mcast_join
check ping-after-join ping -c 2 -W 3 10.0.2.2
ndl_monitor "info virtio-queue-status $vq 2"
sleep 1
ndl_report "HOST: ctrl-after"
ndl_monitor set_link n0 off
check link-lost carrier_is 0 10
ndl_monitor set_link n0 on
check link-back carrier_is 1 10
check ping-after-link ping -c 2 -W 3 10.0.2.2
check down ip link set "$iface" down
check remove ndl-ioctl remove vionet
check interface-gone test ! -d "/sys/class/net/$iface"
check accounting-zero no_leaks
check rmmod rmmod ndisload
check dmesg-clean dmesg_clean
