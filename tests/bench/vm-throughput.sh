#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# TCP throughput both ways (a 32 MiB download from the host over QEMU's
# user network, the same uploaded back), ping RTT and, on the wrapped side,
# the kernel memory the module holds for the driver (debugfs accounting:
# image, rings, the rest), through a Windows hardware miniport under ndisload versus
# Linux's native driver for the same emulated NIC, same VM, same run,
# alternating (NDL_BENCH_ROUNDS rounds, default 2; the best round of each
# counts): the RTL8139 miniport against 8139cp on QEMU's RTL8139C+, the
# 82540EM one (ndle1000) against e1000 on QEMU's e1000, the NDIS 6.20
# 82574L one (e1000e6) against e1000e on QEMU's e1000e, then the USB CDC
# Ethernet one (usbecm) against cdc_ether on QEMU's usb-net behind xHCI
# (NDL_BENCH_NICS="rtl8139 e1000 e1000e usb-net isolated" by default);
# "isolated"
# is the e1000 again on a q35 machine with the emulated Intel IOMMU, where
# the miniport also runs in isolated mode (ndisload-host on VFIO, a TAP):
# native, in-kernel and isolated, all three behind the IOMMU. Prints each
# figure and the wrapped/native (and isolated) ratios. The pairs are
# configured alike: the native driver runs with its checksum offloads,
# scatter-gather and TSO off, as the miniports offer none (ratios measure
# the wrapper, not the drivers' features); one round with them on is
# printed beside. Runs on the default kernel, or KVER.
#
# QEMU runs with -icount: the guest's clock counts the instructions its CPU
# executes, so a figure is the guest's own cost per byte, the same on a busy
# machine as on an idle one (wall-clock TCG figures swing by a factor of
# two here). The device model's work (QEMU emulating the chip) is not
# counted, as on real hardware. NDL_BENCH_ICOUNT=0 measures wall-clock time.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
kver=${KVER:-$("$top/tests/vm/kver.sh" default)}
clock="instruction-counted guest time (-icount)"
qemu="-icount shift=1,sleep=on"
if [ "${NDL_BENCH_ICOUNT:-1}" = 0 ]; then
	clock="wall-clock" qemu=""
fi
# last NAME: the last round's figure (memory: each round loads anew).
last() { echo "$out" | sed -n "s/^BENCH: $1 //p" | tail -n1; }
best() { # NAME max|min
	echo "$out" | sed -n "s/^BENCH: $1 //p" | grep -v nan |
		sort -g | if [ "$2" = max ]; then tail -n1; else head -n1; fi
}
status=0
for nic in ${NDL_BENCH_NICS:-rtl8139 e1000 e1000e usb-net isolated}; do
	body=_bench_throughput dev=$nic iname="" what=""
	case $nic in
	rtl8139) nname="native 8139cp     " wname="ndisload + rtl8139" ;;
	e1000) nname="native e1000      " wname="ndisload + ndle1000" ;;
	e1000e) nname="native e1000e     " wname="ndisload + e1000e6 " ;;
	usb-net) nname="native cdc_ether  " wname="ndisload + usbecm  " ;;
	isolated) nname="native e1000      " wname="ndisload + ndle1000" iname="isolated ndle1000 " \
		body=_bench_isolated dev=e1000 what=", q35 + emulated IOMMU" ;;
	*) echo "vm-throughput: no benchmark for NIC $nic"; status=1; continue ;;
	esac
	# -icount needs TCG: no KVM, even where it would boot.
	out=$(NDL_VM_APPEND="ndl_rounds=${NDL_BENCH_ROUNDS:-2} ndl_bench_nic=$dev" \
		NDL_VM_QEMU="$qemu" NDL_VM_KVM=${qemu:+no} \
		"$top/tests/vm/run.sh" --kver "$kver" --nic "$dev" "$body" 2>&1)
	if echo "$out" | grep -q '^FAIL'; then
		echo "vm-throughput ($nic): the benchmark run failed:"
		echo "$out" | grep -E '^(FAIL|console)'
		status=1; continue
	fi
	nat=$(best native_MBps max) wrap=$(best wrapped_MBps max)
	nrtt=$(best native_rtt_ms min) wrtt=$(best wrapped_rtt_ms min)
	nbusy=$(best native_busy_us_per_MiB min) wbusy=$(best wrapped_busy_us_per_MiB min)
	echo "vm-throughput ($kver, TCG, $clock, $dev$what): 32 MiB TCP download over QEMU user networking"
	echo "  $nname  ${nat:-?} MB/s   ping ${nrtt:-?} ms   busy ${nbusy:-?} µs/MiB"
	echo "  $wname  ${wrap:-?} MB/s   ping ${wrtt:-?} ms   busy ${wbusy:-?} µs/MiB"
	awk -v n="${nat:-0}" -v w="${wrap:-0}" -v nr="${nrtt:-0}" -v wr="${wrtt:-0}" \
	    -v nb="${nbusy:-0}" -v wb="${wbusy:-0}" 'BEGIN {
		if (n > 0) printf "  throughput wrapped/native: %.3f (%.1f%% of native)\n", w / n, 100 * w / n
		if (nr > 0) printf "  ping RTT wrapped/native: %.2f\n", wr / nr
		if (wb > 0) printf "  guest cost native/wrapped (busy time per MiB): %.3f\n", nb / wb
	}'
	unat=$(best native_up_MBps max) uwrap=$(best wrapped_up_MBps max)
	unbusy=$(best native_up_busy_us_per_MiB min) uwbusy=$(best wrapped_up_busy_us_per_MiB min)
	echo "  upload, the same 32 MiB back:"
	echo "  $nname  ${unat:-?} MB/s   busy ${unbusy:-?} µs/MiB"
	echo "  $wname  ${uwrap:-?} MB/s   busy ${uwbusy:-?} µs/MiB"
	awk -v n="${unat:-0}" -v w="${uwrap:-0}" -v nb="${unbusy:-0}" -v wb="${uwbusy:-0}" 'BEGIN {
		if (n > 0) printf "  upload throughput wrapped/native: %.3f (%.1f%% of native)\n", w / n, 100 * w / n
		if (wb > 0) printf "  upload guest cost native/wrapped (busy time per MiB): %.3f\n", nb / wb
	}'
	hnat=$(best native_hw_MBps max) hbusy=$(best native_hw_busy_us_per_MiB min)
	hunat=$(best native_hw_up_MBps max) hubusy=$(best native_hw_up_busy_us_per_MiB min)
	woff=$(echo "$out" | sed -n 's/^.*wrapped [^ ]* offloads: //p' | tail -n1)
	echo "  both configured like the miniport's interface: ${woff:-?}"
	echo "  the native driver with its own offloads on (one round):"
	echo "  $nname  download ${hnat:-?} MB/s, busy ${hbusy:-?} µs/MiB; upload ${hunat:-?} MB/s, busy ${hubusy:-?} µs/MiB"
	awk -v nb="${hubusy:-0}" -v wb="${uwbusy:-0}" 'BEGIN {
		if (wb > 0 && nb > 0) printf "  upload guest cost native with offloads/wrapped: %.3f\n", nb / wb
	}'
	awk -v img="$(last mem_image_bytes)" -v dma="$(last mem_rings_bytes)" \
	    -v oth="$(last mem_other_bytes)" -v stk="$(last mem_stack_bytes)" \
	    -v mf="$(last mem_memfree_drop_kib)" -v pool="$(last mem_driver_pool_bytes)" \
	    -v w="$wname" 'BEGIN {
		if (img == "") { print "  memory: no figures"; exit }
		tot = img + dma + oth + stk
		printf "  memory held for %s: %.0f KiB = image %.0f + rings %.0f + other %.0f + stacks %.0f KiB\n",
			w, tot / 1024, img / 1024, dma / 1024, oth / 1024, stk / 1024
		printf "  other: allocations the driver made itself (ExAllocatePool*, NdisAllocateMemory*) %.0f KiB, the rest (the runtime, block headers) %.0f KiB\n",
			pool / 1024, (oth - pool) / 1024
		printf "  against 2 x image + rings (%.0f KiB): %.2f (goal <= 1); guest MemFree drop %d KiB\n",
			(2 * img + dma) / 1024, tot / (2 * img + dma), mf
	}'
	[ -n "$iname" ] || continue
	iso=$(best isolated_MBps max) irtt=$(best isolated_rtt_ms min) ibusy=$(best isolated_busy_us_per_MiB min)
	echo "  $iname  ${iso:-?} MB/s   ping ${irtt:-?} ms   busy ${ibusy:-?} µs/MiB"
	awk -v n="${nat:-0}" -v w="${wrap:-0}" -v i="${iso:-0}" -v nr="${nrtt:-0}" -v wr="${wrtt:-0}" \
	    -v ir="${irtt:-0}" -v nb="${nbusy:-0}" -v ib="${ibusy:-0}" 'BEGIN {
		if (n > 0) printf "  throughput isolated/native: %.3f (%.1f%% of native)\n", i / n, 100 * i / n
		if (w > 0) printf "  throughput isolated/in-kernel: %.3f\n", i / w
		if (nr > 0 && wr > 0) printf "  ping RTT isolated/native: %.2f, isolated/in-kernel: %.2f\n", ir / nr, ir / wr
		if (ib > 0) printf "  guest cost native/isolated (busy time per MiB, the host process included): %.3f\n", nb / ib
	}'
	[ -n "$iso" ] || status=1
done
exit $status
