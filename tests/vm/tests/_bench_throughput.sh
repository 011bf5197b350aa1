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
# With ndl_bench_isolated=1 (_bench_isolated.sh: e1000e, on a machine
# with the emulated IOMMU) each round also runs the miniport isolated, in
# ndisload-host behind vfio-pci, through its TAP; the native driver gets a
# round of its own configured like the isolated side when that negotiated
# other offloads than the in-kernel one. Each side says which offloads it
# had and which interrupts it took (PCI NICs: interrupts per MiB too).
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

# drv_inf: the miniport's .inf (not rtl8139's: pushed with ndl-ioctl).
drv_inf() {
	case $drv in
	ndle1000) echo "$NDL_DRIVERS/e1000/ndle1000.inf" ;;
	*) echo "$NDL_DRIVERS/$drv/$drv.inf" ;;
	esac
}
# wrapped_add: push the NIC's Windows miniport (the others through the CLI).
wrapped_add() {
	if [ "$drv" = rtl8139 ]; then
		ndl_add_rtl8139 >/dev/null
	else
		ndisload install --name "$drv" "$(drv_inf)" >/dev/null &&
			ndisload load "$drv" >/dev/null
	fi
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

# dev_irqs: the interrupt numbers the PCI NIC's driver holds (its
# messages, else its line); none for usb-net (the xHCI's are shared).
dev_irqs() {
	[ "$nic" != usb-net ] || return 0
	_v=$(ls "/sys/bus/pci/devices/$slot/msi_irqs" 2>/dev/null)
	if [ -n "$_v" ]; then echo "$_v"; else cat "/sys/bus/pci/devices/$slot/irq"; fi
}
# irq_count: the interrupts those numbers took so far, all CPUs ("" for
# usb-net). For the isolated side they are vfio-pci's (vfio-msix lines),
# each one signalling the host process's eventfd.
irq_count() {
	_irqs=" $(dev_irqs | tr '\n' ' ')"
	[ "$_irqs" != " " ] || return 0
	awk -v irqs="$_irqs" '{ n = $1; sub(":", "", n) }
		index(irqs, " " n " ") { for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) s += $i }
		END { print s + 0 }' /proc/interrupts
}
# irq_kind: which interrupts the device raises now: "MSI-X, 1 vector(s)",
# "MSI, ..." or "line" (msi_irqs: one file per vector saying msi or msix;
# a directory with a mode file on older kernels).
irq_kind() {
	[ "$nic" != usb-net ] || { echo "the xHCI controller's (not counted)"; return; }
	_d=/sys/bus/pci/devices/$slot/msi_irqs
	_m=$(for _v in "$_d"/*; do
		if [ -d "$_v" ]; then cat "$_v/mode"; elif [ -f "$_v" ]; then cat "$_v"; fi
	done 2>/dev/null | sort -u)
	_n=$(dev_irqs | wc -l)
	case $_m in
	msix) echo "MSI-X, $_n vector(s)" ;;
	msi) echo "MSI, $_n vector(s)" ;;
	*) echo line ;;
	esac
}

# rate NAME BYTES NS BUSY_NS [IRQS]: the throughput, busy-time and
# interrupt figures.
rate() {
	ndl_report "BENCH: $1_MBps $(awk -v b="$2" -v ns="$3" 'BEGIN { printf "%.1f", ns ? b / 1048576 / (ns / 1e9) : 0 }')"
	# Busy time per MiB in µs (the guest's cost, idle waits left out).
	ndl_report "BENCH: $1_busy_us_per_MiB $(awk -v b="$2" -v ns="$4" 'BEGIN { printf "%.1f", b ? ns / 1000 / (b / 1048576) : 0 }')"
	[ -z "${5:-}" ] ||
		ndl_report "BENCH: $1_irqs_per_MiB $(awk -v b="$2" -v n="$5" 'BEGIN { printf "%.1f", b ? n / (b / 1048576) : 0 }')"
}

# measure NAME: download, upload and ping on the interface that is up.
# The upload sends the downloaded data back (NUL bytes made 0x01: busybox
# wget posts a file as a C string) to the host's CGI sink
# (tests/bench/vm-throughput.sh puts it next to the served file), which
# answers with the SHA-256 of what it received.
measure() {
	ndl_report "$1 interrupts: $(irq_kind)"
	_i0=$(irq_count) _t0=$(ndl_now_ns) _b0=$(busy_ns)
	wget -q -O /tmp/dl "http://$ndl_serve"
	_t1=$(ndl_now_ns) _b1=$(busy_ns) _i1=$(irq_count)
	_sum=$(sha256sum /tmp/dl | cut -d' ' -f1)
	if [ "$_sum" != "$ndl_serve_sha" ]; then
		rm -f /tmp/dl
		fail "$1-download" "checksum mismatch"
		return
	fi
	_bytes=$(wc -c </tmp/dl)
	rate "$1" "$_bytes" $((_t1 - _t0)) $((_b1 - _b0)) ${_i0:+$((_i1 - _i0))}
	tr '\000' '\001' </tmp/dl >/tmp/up
	rm -f /tmp/dl
	_upsum=$(sha256sum /tmp/up | cut -d' ' -f1)
	_i0=$(irq_count) _t0=$(ndl_now_ns) _b0=$(busy_ns)
	_got=$(wget -q -O - --post-file /tmp/up "http://${ndl_serve%%/*}/cgi-bin/ndl-sink")
	_t1=$(ndl_now_ns) _b1=$(busy_ns) _i1=$(irq_count)
	rm -f /tmp/up
	if [ "$_got" != "$_upsum" ]; then
		fail "$1-upload" "the host received ${_got:-nothing}, not $_upsum"
		return
	fi
	rate "$1_up" "$_bytes" $((_t1 - _t0)) $((_b1 - _b0)) ${_i0:+$((_i1 - _i0))}
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

# mem_cats: the runtime's live bytes by category (debugfs rt_cat_*, and
# rt_overhead: block headers, page slack), "name bytes" a line.
mem_cats() {
	sed -n 's/^rt_cat_\([a-z]*\) /\1 /p; s/^rt_overhead /overhead /p' "$NDL_DEBUGFS/stats"
}

# mem_cats_report BEFORE AFTER (mem_cats' output): what each grew by.
mem_cats_report() {
	echo "$2" | while read -r _n _v; do
		_b=$(echo "$1" | sed -n "s/^$_n //p")
		ndl_report "BENCH: mem_cat_$_n $((_v - ${_b:-0}))"
	done
}

# native_round [offloads | FILE NAME]: the native driver configured like
# the miniport's interface (the wrapped round before wrote what it had on
# to /tmp/wrapped-offload, or FILE: the checksum offloads and TSO the
# miniport negotiated, each applied by name; figures named "native", or
# NAME): the pair then
# compares what the wrapper costs, not what the two drivers can do. With
# "offloads" the driver as it comes, its hardware offloads on
# ("native_hw" figures: what the miniport does not offer).
native_round() {
	load_module "$native" || { fail native-load "$native"; return; }
	_if=$(native_iface) _name=native_hw
	if [ "${1:-}" != offloads ]; then
		_name=${2:-native}
		# shellcheck disable=SC2046
		ndl-ioctl offload "$_if" off >/dev/null &&
		ndl-ioctl offload "$_if" $(sed -n -e 's/ on$/=on/p' -e 's/ off$/=off/p' "${1:-/tmp/wrapped-offload}") >/tmp/offload ||
			{ fail "$_name-offload" "$_if"; rmmod "$native"; return; }
		ndl_report "$_name $native offloads: $(tr '\n' ' ' </tmp/offload)"
	fi
	ndl_net_up "$_if" && ndl_wait_carrier "$_if" 10 || { fail native-up "$_if"; return; }
	measure "$_name"
	rmmod "$native"
}

wrapped_round() {
	ndl_load || { fail wrapped-load "insmod"; return; }
	_m0=$(mem_figures) _c0=$(mem_cats)
	wrapped_add || { fail wrapped-add "$drv"; rmmod ndisload; return; }
	_if=$(ndl_iface "$drv")
	ndl_net_up "$_if" && ndl_wait_carrier "$_if" 10 || { fail wrapped-up "$_if"; return; }
	ndl-ioctl offload "$_if" >/tmp/wrapped-offload ||
		{ fail wrapped-offload "$_if"; return; }
	ndl_report "wrapped $drv offloads: $(tr '\n' ' ' </tmp/wrapped-offload)"
	measure wrapped
	# After the traffic: what the driver holds in steady state.
	mem_report "$_m0" "$(mem_figures)"
	mem_cats_report "$_c0" "$(mem_cats)"
	ip link set "$_if" down
	ndl-ioctl remove "$drv" >/dev/null
	rmmod ndisload
}

if [ "$nic" = usb-net ]; then
	load_module xhci-pci || fail setup "xhci-pci"
	ndl_wait_for 10 ndl_usb_dev 0525 a4a2 || fail setup "no usb-net device"
fi
# isolated_offloads TAP LOG: what the isolated side has, in ndl-ioctl
# offload's form: the TAP's features (transmit checksum on when the host
# gave it TUN_F_CSUM, the miniport checksumming) but receive checksum as
# the host negotiated it (its log): a TAP has no rx-checksum feature, the
# host marks the frames the miniport validated in their virtio-net header.
isolated_offloads() {
	_rx=off
	grep -q "checksum offload: .*receive validated by the miniport" "$2" && _rx=on
	ndl-ioctl offload "$1" | sed "s/^rx-checksum .*/rx-checksum $_rx/"
}

# isolated_round: the same miniport in ndisload-host (ndisload bind
# --isolated: vfio-pci, the supervisor, a TAP; message interrupts when the
# .inf asks for them), the device given back after; then the native
# driver configured like it, if not like the in-kernel side already.
isolated_round() {
	grep -qs '^ndisload-host:' /etc/passwd ||
		echo "ndisload-host:x:991:991::/nonexistent:/bin/false" >>/etc/passwd
	load_module vfio_iommu_type1 && load_module vfio-pci && load_module tun &&
	ndisload install --name "$drv" "$(drv_inf)" >/dev/null &&
	ndisload bind "$slot" "$drv" --isolated >/dev/null || { fail isolated-bind "$drv"; return; }
	_log=/run/ndisload/host/$slot.log _conf=/run/ndisload/host/$slot.conf
	_if=$(sed -n 's/^tap //p' "$_conf")
	_n=300
	until grep -q "running on TAP $_if" "$_log" 2>/dev/null; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || { fail isolated-start "$(cat "$_log")"; return; }
		sleep 0.1
	done
	# The helper passes --msi for the .inf's MSISupported: the host must
	# have got the messages, or the figures are the line's.
	if grep -q '^msi ' "$_conf" && ! grep -q "message interrupt(s) for the miniport" "$_log"; then
		fail isolated-msi "$(grep -i 'interrupt' "$_log" | tr '\n' ' ')"
		ndisload unbind "$slot" >/dev/null; return
	fi
	ndl_net_up "$_if" && ndl_wait_carrier "$_if" 10 || { fail isolated-up "$_if"; return; }
	isolated_offloads "$_if" "$_log" >/tmp/isolated-offload ||
		{ fail isolated-offload "$_if"; return; }
	ndl_report "isolated $drv offloads: $(tr '\n' ' ' </tmp/isolated-offload)"
	measure isolated
	ndisload unbind "$slot" >/dev/null || { fail isolated-unbind "$slot"; return; }
	cmp -s /tmp/isolated-offload /tmp/wrapped-offload ||
		native_round /tmp/isolated-offload native_iso
}

ndl_crng_ready
i=0
while [ $i -lt "$rounds" ]; do
	i=$((i + 1))
	[ $i -gt 1 ] || native_round offloads
	wrapped_round
	native_round
	[ "${ndl_bench_isolated:-0}" != 1 ] || isolated_round
done
pass rounds
