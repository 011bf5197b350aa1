# SPDX-License-Identifier: GPL-2.0-only
# Benchmark body for tests/bench/vm-throughput.sh (not a test: its name
# starts with "_"). One VM, one emulated NIC (ndl_bench_nic: rtl8139, the
# default, e1000, e1000e or usb-net on xHCI; run.sh --nic attaches it): a 32 MiB
# TCP download from the host into tmpfs and the same uploaded back (each
# timed, checksums compared after), 20 pings, and on the wrapped side the
# kernel memory the module holds for the driver (debugfs ndisload/stats),
# first through Linux's native driver (8139cp, e1000, e1000e,
# cdc_ether; once with its offloads as it comes, then each round
# configured like the miniport's interface) and through the Windows
# miniport under ndisload (rtl8139, ndle1000, e1000e6, usbecm), alternating
# for ndl_rounds
# rounds (default 2); every figure goes out as a "BENCH: name value" line.
# With ndl_bench_isolated=1 (e1000 only; _bench_isolated.sh, on a machine
# with the emulated IOMMU) each round also runs the miniport isolated, in
# ndisload-host behind vfio-pci, through its TAP.
# serve: 32
# timeout: 1200
. /tests/_ndl.sh

slot=${slot:-0000:00:03.0}
nic=${ndl_bench_nic:-rtl8139}
case $nic in
rtl8139) native=8139cp drv=rtl8139 ;;
e1000) native=e1000 drv=ndle1000 ;;
e1000e) native=e1000e drv=e1000e6 ;;
usb-net) native=cdc_ether drv=usbecm ;;
*) fail setup "no benchmark for NIC $nic"; exit 0 ;;
esac

# wrapped_add: push the NIC's Windows miniport (the others through the CLI).
wrapped_add() {
	case $drv in
	rtl8139) ndl_add_rtl8139 >/dev/null ;;
	ndle1000) ndisload install --name "$drv" "$NDL_DRIVERS/e1000/ndle1000.inf" >/dev/null &&
		ndisload load "$drv" >/dev/null ;;
	e1000e6) ndisload install --name "$drv" "$NDL_DRIVERS/e1000e6/e1000e6.inf" >/dev/null &&
		ndisload load "$drv" >/dev/null ;;
	usbecm) ndisload install --name "$drv" "$NDL_DRIVERS/usbecm/usbecm.inf" >/dev/null &&
		ndisload load "$drv" >/dev/null ;;
	esac
}
# native_iface: the native driver's interface (USB: on the CDC
# communication interface, the device's first).
native_iface() {
	if [ "$nic" = usb-net ]; then
		basename "$(ls -d /sys/bus/usb/devices/*:1.0/net/* 2>/dev/null | head -n1)"
	else
		basename "$(ls -d /sys/bus/pci/devices/$slot/net/* 2>/dev/null | head -n1)"
	fi
}
rounds=${ndl_rounds:-2}

now_ns() { # monotonic clock in ns (busybox date has no %N; uptime is in cs)
	sed -n 's/^now at \([0-9]*\) nsecs$/\1/p' /proc/timer_list
}

# busy_ns: the vCPUs' time not spent idle, in ns (the clock minus the
# tickless idle and iowait time /proc/timer_list keeps in ns). Under
# -icount that is the instructions the guest executed, whatever the host
# was doing: while the guest waits for QEMU's user network, its clock runs
# at host speed (sleep=on), so on a loaded host a download's wall time
# counts the host, its busy time does not.
busy_ns() {
	awk '/^now at/ { now = $3 }
	     /^  \.idle_sleeptime/ { cpus++ }
	     /^  \.(idle|iowait)_sleeptime/ { idle += $3 }
	     END { printf "%.0f\n", now * cpus - idle }' /proc/timer_list
}

# rate NAME BYTES NS BUSY_NS: the throughput and busy-time figures.
rate() {
	ndl_report "BENCH: $1_MBps $(awk -v b="$2" -v ns="$3" 'BEGIN { printf "%.1f", ns ? b / 1048576 / (ns / 1e9) : 0 }')"
	# Busy time per MiB in µs (the guest's cost, idle waits left out).
	ndl_report "BENCH: $1_busy_us_per_MiB $(awk -v b="$2" -v ns="$4" 'BEGIN { printf "%.1f", b ? ns / 1000 / (b / 1048576) : 0 }')"
}

# measure NAME: download, upload and ping on the interface that is up.
# The upload sends the downloaded data back (NUL bytes made 0x01: busybox
# wget posts a file as a C string) to the host's CGI sink
# (tests/bench/vm-throughput.sh puts it next to the served file), which
# answers with the SHA-256 of what it received.
measure() {
	_t0=$(now_ns) _b0=$(busy_ns)
	wget -q -O /tmp/dl "http://$ndl_serve"
	_t1=$(now_ns) _b1=$(busy_ns)
	_sum=$(sha256sum /tmp/dl | cut -d' ' -f1)
	if [ "$_sum" != "$ndl_serve_sha" ]; then
		rm -f /tmp/dl
		fail "$1-download" "checksum mismatch"
		return
	fi
	_bytes=$(wc -c </tmp/dl)
	rate "$1" "$_bytes" $((_t1 - _t0)) $((_b1 - _b0))
	tr '\000' '\001' </tmp/dl >/tmp/up
	rm -f /tmp/dl
	_upsum=$(sha256sum /tmp/up | cut -d' ' -f1)
	_t0=$(now_ns) _b0=$(busy_ns)
	_got=$(wget -q -O - --post-file /tmp/up "http://${ndl_serve%%/*}/cgi-bin/ndl-sink")
	_t1=$(now_ns) _b1=$(busy_ns)
	rm -f /tmp/up
	if [ "$_got" != "$_upsum" ]; then
		fail "$1-upload" "the host received ${_got:-nothing}, not $_upsum"
		return
	fi
	rate "$1_up" "$_bytes" $((_t1 - _t0)) $((_b1 - _b0))
	_rtt=$(ping -c 20 -i 0.2 -W 2 10.0.2.2 | sed -n 's|.*min/avg/max = [0-9.]*/\([0-9.]*\)/.*|\1|p')
	ndl_report "BENCH: $1_rtt_ms ${_rtt:-nan}"
}

# mem_figures: "mem_bytes image_bytes dma_bytes stack_bytes memfree_kib
# pool_bytes" from debugfs ndisload/stats and stacks, and /proc/meminfo
# (pool_bytes: the runtime's blocks the driver asked for itself).
mem_figures() {
	echo "$(ndl_stat mem_bytes) $(ndl_stat image_bytes) $(ndl_stat dma_bytes)" \
	     "$(awk '/^count/ { c = $2 } /^size/ { s = $2 } END { print c * s }' "$NDL_DEBUGFS/stacks")" \
	     "$(awk '/^MemFree:/ { print $2 }' /proc/meminfo) $(ndl_stat rt_pool_bytes)"
}

# mem_report BEFORE AFTER: what loading and running the driver added —
# its image, its shared memory (the rings: NdisMAllocateSharedMemory),
# everything else the module allocated for it, driver stacks the pool
# grew by — and the guest's MemFree drop (the whole kernel: net_device,
# the network stack's caches, slab rounding) as a cross-check.
mem_report() {
	# shellcheck disable=SC2086
	set -- $1 $2	# before: $1-$6, after: $7-$12 (mem_figures' order)
	ndl_report "BENCH: mem_image_bytes $(($8 - $2))"
	ndl_report "BENCH: mem_rings_bytes $(($9 - $3))"
	ndl_report "BENCH: mem_other_bytes $(($7 - $1))"
	ndl_report "BENCH: mem_stack_bytes $((${10} - $4))"
	ndl_report "BENCH: mem_memfree_drop_kib $(($5 - ${11}))"
	ndl_report "BENCH: mem_driver_pool_bytes $((${12} - $6))"
}

# native_round [offloads]: the native driver configured like the
# miniport's interface (the wrapped round before wrote what it had on to
# /tmp/wrapped-offload: the checksum offloads the miniport negotiated, no
# TSO): the pair then compares what the wrapper costs, not what the two
# drivers can do. With "offloads" the driver as it comes, its hardware
# offloads on ("native_hw" figures: what the miniport does not offer).
native_round() {
	load_module "$native" || { fail native-load "$native"; return; }
	_if=$(native_iface) _name=native_hw
	if [ "${1:-}" != offloads ]; then
		_name=native
		ndl-ioctl offload "$_if" off >/dev/null &&
		ndl-ioctl offload "$_if" $(sed -n -e 's/ on$/=on/p' -e 's/ off$/=off/p' /tmp/wrapped-offload) >/tmp/offload ||
			{ fail native-offload "$_if"; rmmod "$native"; return; }
		ndl_report "native $native offloads: $(tr '\n' ' ' </tmp/offload)"
	fi
	ndl_net_up "$_if" && ndl_wait_carrier "$_if" 10 || { fail native-up "$_if"; return; }
	measure "$_name"
	rmmod "$native"
}

wrapped_round() {
	ndl_load || { fail wrapped-load "insmod"; return; }
	_m0=$(mem_figures)
	wrapped_add || { fail wrapped-add "$drv"; rmmod ndisload; return; }
	_if=$(ndl_iface "$drv")
	ndl_net_up "$_if" && ndl_wait_carrier "$_if" 10 || { fail wrapped-up "$_if"; return; }
	ndl-ioctl offload "$_if" >/tmp/wrapped-offload ||
		{ fail wrapped-offload "$_if"; return; }
	ndl_report "wrapped $drv offloads: $(tr '\n' ' ' </tmp/wrapped-offload)"
	measure wrapped
	# After the traffic: what the driver holds in steady state.
	mem_report "$_m0" "$(mem_figures)"
	ip link set "$_if" down
	ndl-ioctl remove "$drv" >/dev/null
	rmmod ndisload
}

if [ "$nic" = usb-net ]; then
	load_module xhci-pci || fail setup "xhci-pci"
	ndl_wait_for 10 ndl_usb_dev 0525 a4a2 || fail setup "no usb-net device"
fi
# isolated_round: the same miniport in ndisload-host (ndisload bind
# --isolated: vfio-pci, the supervisor, a TAP), the device given back after.
isolated_round() {
	grep -qs '^ndisload-host:' /etc/passwd ||
		echo "ndisload-host:x:991:991::/nonexistent:/bin/false" >>/etc/passwd
	load_module vfio_iommu_type1 && load_module vfio-pci && load_module tun &&
	ndisload install --name "$drv" "$NDL_DRIVERS/e1000/ndle1000.inf" >/dev/null &&
	ndisload bind "$slot" "$drv" --isolated >/dev/null || { fail isolated-bind "$drv"; return; }
	_log=/run/ndisload/host/$slot.log
	_if=$(sed -n 's/^tap //p' "/run/ndisload/host/$slot.conf")
	_n=300
	until grep -q "running on TAP $_if" "$_log" 2>/dev/null; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || { fail isolated-start "$(cat "$_log")"; return; }
		sleep 0.1
	done
	ndl_net_up "$_if" && ndl_wait_carrier "$_if" 10 || { fail isolated-up "$_if"; return; }
	measure isolated
	ndisload unbind "$slot" >/dev/null || fail isolated-unbind "$slot"
}

i=0
while [ $i -lt "$rounds" ]; do
	i=$((i + 1))
	[ $i -gt 1 ] || native_round offloads
	wrapped_round
	native_round
	[ "${ndl_bench_isolated:-0}" != 1 ] || isolated_round
done
pass rounds
