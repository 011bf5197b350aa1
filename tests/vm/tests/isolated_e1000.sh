# SPDX-License-Identifier: GPL-2.0-only
# Isolated mode: the Intel 82540EM Windows miniport (tests/drivers/e1000)
# in ndisload-host, an unprivileged process, on QEMU's e1000 bound to
# vfio-pci behind the emulated Intel IOMMU (q35, intel_iommu=on). The
# process gets only the VFIO group device and a TAP interface made for
# it; no module of ours is loaded. Checked: the refusal as root, an
# out-of-range --msi refused (exit 2), link up
# on the TAP, ping, a TCP download and upload with checksum compare
# through it (the TAP with virtio-net headers, the miniport computing
# the transmit checksums),
# the process without capabilities, a crash (SIGSEGV) contained and
# reported, the device taken again by a fresh process with traffic after, a clean stop
# on SIGTERM, no IOMMU fault and no kernel warning. Then the other test
# miniports that pass traffic isolated, each on its own NIC and user
# network in the same boot: the RTL8139 (rtl8139) and the PCnet (pcnet)
# miniports, each in its own host: ping and a download with checksum,
# then SIGTERM; and the NDIS 6.20 82574L miniport (e1000e6) with message
# interrupts (--msi, what the helper passes for its .inf's MSISupported):
# MSI-X through VFIO's eventfds, the host kernel counting them while
# traffic flows (the line is off while MSI-X is on), its download's
# segments coalesced by the host into GSO frames for the TAP, and its
# large send used for uploads: the host turns on the TAP's TSO, an upload
# goes out in large sends the miniport completed (the host's counts on
# SIGUSR1) and arrives whole (SHA-256 at the receiver); with the TAP's
# TSO off (ethtool -K) none is made and the upload still arrives whole;
# on again, large sends again.
# nic: e1000 rtl8139 pcnet e1000e
# iommu: yes
# serve: 4
# timeout: 360
. /tests/_ndl.sh
. /tests/_isolated.sh

tap=ndl0
log=/tmp/ndisload-host.log
slot=$(iso_e1000_slot)

host_cmd="ndisload-host --device $slot --sys $NDL_DRIVERS/e1000/ndle1000.sys --tap $tap --reg ReceiveDescriptors=64 --reg TransmitDescriptors=64"
refuses_root() {
	_out=$($host_cmd 2>&1) && return 1
	echo "$_out" | grep -q "refusing to run as root"
}
bad_msi() {
	_out=$($host_cmd --msi 65 2>&1)
	[ $? -eq 2 ] && echo "$_out" | grep -q "msi 65: want a message count from 1 to 64" ||
		{ echo "$_out"; return 1; }
}
unprivileged() {
	_st=/proc/$(iso_host_pid)/status
	grep -qE "^Uid:[[:space:]]+$HOST_UID[[:space:]]" "$_st" &&
	grep -qE '^CapEff:[[:space:]]+0+$' "$_st" &&
	grep -qE '^NoNewPrivs:[[:space:]]+1$' "$_st" || { cat "$_st"; return 1; }
}
# A crash takes the process, not the machine; a fresh one owns the device.
crash_restart() {
	_p=$(iso_host_pid)
	kill -SEGV "$_p" && iso_gone "$_p" || return 1
	grep -qE "driver crash: SIGSEGV sent by process [0-9]+ \(uid 0\)" "$log" || { cat "$log"; return 1; }
	iso_start_host && ndl_wait_carrier "$tap" 10 && ping -c 2 -W 3 10.0.2.2
}
check device test -n "$slot"
check iommu-group test -e "/sys/bus/pci/devices/$slot/iommu_group"
check vfio-pci iso_to_vfio
check hand-over iso_hand_over
check refuses-root refuses_root
check bad-msi bad_msi
check start iso_start_host
check unprivileged unprivileged
check up ndl_net_up "$tap"
check carrier ndl_wait_carrier "$tap" 10
check ping ping -c 3 -W 3 10.0.2.2
check download ndl_download
check upload ndl_upload
# ndle1000 offers transmit checksums: the TAP leaves them to the miniport.
check csum-offload grep -q "checksum offload: transmit by the miniport" "$log"
check crash-restart crash_restart
check download-after-restart ndl_download
check stop iso_clean_stop
check rtl8139-isolated iso_miniport rtl8139 10ec 8139 3
check pcnet-isolated iso_miniport pcnet 1022 2000 4
# The messages VFIO delivered for the 82574L (vfio-msix[N](SLOT) lines).
msix_counted() {
	grep -q "MSI-X message interrupt(s) for the miniport" "$log" &&
	awk -v s="($slot)" 'index($0, "vfio-msix[") && index($0, s) { n += $2 }
		END { exit !(n > 0) }' /proc/interrupts || { grep vfio /proc/interrupts; return 1; }
}
# The host's counts now (SIGUSR1 adds a "so far:" line to its log).
iso_counts() {
	_c=$(grep -c "so far:" "$log")
	kill -USR1 "$(iso_host_pid)" || return 1
	_n=100
	until [ "$(grep -c "so far:" "$log")" -gt "$_c" ]; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || return 1; sleep 0.1
	done
	grep "so far:" "$log" | tail -n 1
}
# Large sends the miniport completed (the runtime's count) so far.
large_sends() {
	iso_counts | sed -n 's/.* large sends (\([0-9]*\) completed.*/\1/p' | grep .
}
# An upload through the user network 10.0.NET.0/24, checked at the receiver.
upload_via() { # NET
	_p=${ndl_serve%%/*}; _p=${_p#*:}
	timeout 120 wget -q -O - "http://10.0.$1.2:$_p/${ndl_serve#*/}" | tr '\000' '\001' >/tmp/up
	_want=$(sha256sum /tmp/up | cut -d' ' -f1)
	_got=$(timeout 120 wget -q -O - --post-file /tmp/up "http://10.0.$1.2:$_p/cgi-bin/ndl-sink")
	rm -f /tmp/up
	[ "$_got" = "$_want" ] || { echo "the host received ${_got:-nothing}, not $_want"; return 1; }
}
# The guest's TCP segments retransmitted so far (/proc/net/snmp).
retrans_segs() {
	awk '/^Tcp:/ { if (!h) { for (i = 1; i <= NF; i++) k[i] = $i; h = 1; next }
		for (i = 1; i <= NF; i++) if (k[i] == "RetransSegs") print $i }' /proc/net/snmp | grep .
}
# e1000e6 offers large send for both IP versions: the TAP's TSO is on and
# uploads go out in large sends; TSO off on the TAP: Linux segments, none
# is made, the upload still arrives whole; on again: large sends again.
# No segment is retransmitted: QEMU's user network loses none, so one
# would be a frame the device dropped (a large send's wrong header, or its
# buffer refused by the model: module/user/dma_pool.c).
e1000e6_tso() {
	grep -q "TCP segmentation: IPv4 by the miniport, IPv6 by the miniport" "$log" &&
	ndl-ioctl offload "$tap" | grep -qx "tso on" || { ndl-ioctl offload "$tap"; return 1; }
	_r=$(retrans_segs) &&
	_a=$(large_sends) && upload_via 5 && _b=$(large_sends) || return 1
	[ "$_b" -gt "$_a" ] || { echo "large sends stayed $_a"; return 1; }
	ndl-ioctl offload "$tap" tso=off | grep -qx "tso off" &&
	upload_via 5 && _c=$(large_sends) || return 1
	[ "$_c" -eq "$_b" ] || { echo "large sends with the TAP's tso off: $_b -> $_c"; return 1; }
	ndl-ioctl offload "$tap" tso=on | grep -qx "tso on" &&
	upload_via 5 && _d=$(large_sends) || return 1
	[ "$_d" -gt "$_c" ] || { echo "large sends stayed $_c after tso on"; return 1; }
	_s=$(retrans_segs) && [ "$_s" -eq "$_r" ] ||
		{ echo "TCP segments retransmitted during the uploads: $_r -> $_s"; return 1; }
}
e1000e6_running() { msix_counted && e1000e6_tso; }
iso_running_check=e1000e6_running
check e1000e6-isolated-msix iso_miniport e1000e6 8086 10d3 5 --msi 8
iso_running_check=
# e1000e6 validates received checksums: its download's segments went up
# coalesced (host/rx_merge.c; the host's last line counts them), and the
# download still had the right SHA-256.
rx_merged() {
	_l=/tmp/ndisload-host-e1000e6.log	# iso_miniport's (check runs it in a subshell)
	grep -Eq "; [1-9][0-9]* frames merged" "$_l" || { cat "$_l"; return 1; }
}
check e1000e6-rx-merged rx_merged
# ... and its last line: large sends made, no malformed GSO frame.
tso_counted() {
	_l=/tmp/ndisload-host-e1000e6.log
	grep "stopping (signal 15)" "$_l" | grep -Eq "; [1-9][0-9]* large sends \([1-9][0-9]* completed, [1-9][0-9]* payload bytes\).*, 0 malformed dropped" ||
		{ cat "$_l"; return 1; }
}
check e1000e6-large-sends tso_counted
check no-iommu-fault iso_no_iommu_fault
check dmesg-clean ndl_dmesg_clean
