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
# "isolated" is the e1000e again on a q35 machine with the emulated Intel
# IOMMU, where e1000e6 also runs in isolated mode (ndisload bind
# --isolated: ndisload-host on VFIO with MSI-X, as the helper asks for the
# .inf's MSISupported, and a TAP): native e1000e, in-kernel and isolated
# e1000e6, all three behind the IOMMU, busy time counting the host
# process too. Prints each figure, the wrapped/native ratios and, for the
# isolated side, isolated/native and isolated/in-kernel (throughput, ping
# RTT and cost, both directions). The sides are configured alike: the
# wrapped round records the offloads its interface has (what the miniport
# negotiated: checksums, scatter-gather, TSO where it offers large send, as
# e1000e6 does), the isolated one what its host negotiated and gave the TAP, and
# the native driver runs with exactly those on (a round of its own for the
# isolated side if that differs); each side's offloads and interrupts
# (MSI-X, MSI or the line; interrupts per MiB) are printed. One round with
# the native driver's own offloads on is printed beside. Runs on the
# default kernel, or KVER. Exits non-zero, naming the pair, if any side
# failed or left a figure out.
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
# said WHO WHAT: what the guest said of a side ("native e1000e offloads:
# ...", "wrapped interrupts: ..."), the last round's.
said() { echo "$out" | sed -n "s/^.*$1 $2: //p" | tail -n1 | sed 's/ *$//'; }
# irqs NAME: "   N irq/MiB" when the side's interrupts were counted (the
# last round's).
irqs() { _q=$(last "$1_irqs_per_MiB"); [ -z "$_q" ] || echo "   $_q irq/MiB"; }

# isolated_figures: the isolated side against native (the round configured
# like the isolated side: native_iso if it had one of its own) and the
# in-kernel side. Cost ratios are isolated/other: above 1, isolated costs
# more guest time per MiB.
isolated_figures() {
	for f in isolated_MBps isolated_up_MBps isolated_rtt_ms; do
		[ -n "$(best $f max)" ] || missing="$missing $f"
	done
	iso=$(best isolated_MBps max) irtt=$(best isolated_rtt_ms min) ibusy=$(best isolated_busy_us_per_MiB min)
	uiso=$(best isolated_up_MBps max) uibusy=$(best isolated_up_busy_us_per_MiB min)
	# The native side the isolated one is compared with.
	inn=native inname=$nname
	if [ -n "$(best native_iso_MBps max)" ]; then
		inn=native_iso inname="native e1000e (like isolated)"
	fi
	inat=$(best ${inn}_MBps max) inrtt=$(best ${inn}_rtt_ms min) inbusy=$(best ${inn}_busy_us_per_MiB min)
	uin=$(best ${inn}_up_MBps max) uinbusy=$(best ${inn}_up_busy_us_per_MiB min)
	echo "  isolated (the host process's time counted in busy):"
	[ "$inn" = native ] ||
		echo "  $inname  ${inat:-?} MB/s   ping ${inrtt:-?} ms   busy ${inbusy:-?} µs/MiB$(irqs $inn); upload ${uin:-?} MB/s, busy ${uinbusy:-?} µs/MiB$(irqs ${inn}_up)"
	echo "  $iname  ${iso:-?} MB/s   ping ${irtt:-?} ms   busy ${ibusy:-?} µs/MiB$(irqs isolated)"
	echo "  $iname  upload ${uiso:-?} MB/s   busy ${uibusy:-?} µs/MiB$(irqs isolated_up)"
	echo "  isolated offloads (the TAP's; receive checksum as the host negotiated it): $(said "isolated [^ ]*" offloads)"
	if [ "$inn" = native ]; then
		echo "  the same as in-kernel: the native round above serves both"
	else
		echo "  not the in-kernel side's: native ran a round configured like it: $(said "native_iso [^ ]*" offloads)"
	fi
	echo "  interrupts: isolated $(said isolated interrupts)"
	awk -v n="${inat:-0}" -v w="${wrap:-0}" -v i="${iso:-0}" \
	    -v un="${uin:-0}" -v uw="${uwrap:-0}" -v ui="${uiso:-0}" \
	    -v nr="${inrtt:-0}" -v wr="${wrtt:-0}" -v ir="${irtt:-0}" \
	    -v nb="${inbusy:-0}" -v wb="${wbusy:-0}" -v ib="${ibusy:-0}" \
	    -v unb="${uinbusy:-0}" -v uwb="${uwbusy:-0}" -v uib="${uibusy:-0}" '
	function r(a, b) { return b > 0 && a > 0 ? sprintf("%.3f", a / b) : "?" }
	BEGIN {
		printf "  throughput isolated/native: download %s, upload %s\n", r(i, n), r(ui, un)
		printf "  throughput isolated/in-kernel: download %s, upload %s\n", r(i, w), r(ui, uw)
		printf "  ping RTT isolated/native: %s, isolated/in-kernel: %s\n", r(ir, nr), r(ir, wr)
		printf "  guest cost isolated/native (busy time per MiB): download %s, upload %s\n", r(ib, nb), r(uib, unb)
		printf "  guest cost isolated/in-kernel (busy time per MiB): download %s, upload %s\n", r(ib, wb), r(uib, uwb)
	}'
	if [ -n "$missing" ]; then
		echo "vm-throughput ($nic): figures missing:$missing"; status=1
	fi
}

status=0
for nic in ${NDL_BENCH_NICS:-rtl8139 e1000 e1000e usb-net isolated}; do
	body=_bench_throughput dev=$nic iname="" what=""
	case $nic in
	rtl8139) nname="native 8139cp     " wname="ndisload + rtl8139" ;;
	e1000) nname="native e1000      " wname="ndisload + ndle1000" ;;
	e1000e) nname="native e1000e     " wname="ndisload + e1000e6 " ;;
	usb-net) nname="native cdc_ether  " wname="ndisload + usbecm  " ;;
	isolated) nname="native e1000e     " wname="ndisload + e1000e6 " iname="isolated e1000e6  " \
		body=_bench_isolated dev=e1000e what=", q35 + emulated IOMMU" ;;
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
	# The figures every side must have (the isolated ones below).
	missing=""
	for f in native_MBps native_up_MBps native_rtt_ms wrapped_MBps wrapped_up_MBps wrapped_rtt_ms; do
		[ -n "$(best $f max)" ] || missing="$missing $f"
	done
	nat=$(best native_MBps max) wrap=$(best wrapped_MBps max)
	nrtt=$(best native_rtt_ms min) wrtt=$(best wrapped_rtt_ms min)
	nbusy=$(best native_busy_us_per_MiB min) wbusy=$(best wrapped_busy_us_per_MiB min)
	echo "vm-throughput ($kver, TCG, $clock, $dev$what): 32 MiB TCP download over QEMU user networking"
	echo "  $nname  ${nat:-?} MB/s   ping ${nrtt:-?} ms   busy ${nbusy:-?} µs/MiB$(irqs native)"
	echo "  $wname  ${wrap:-?} MB/s   ping ${wrtt:-?} ms   busy ${wbusy:-?} µs/MiB$(irqs wrapped)"
	echo "$out" | sed -n 's/^NOTE: /  /p'
	awk -v n="${nat:-0}" -v w="${wrap:-0}" -v nr="${nrtt:-0}" -v wr="${wrtt:-0}" \
	    -v nb="${nbusy:-0}" -v wb="${wbusy:-0}" 'BEGIN {
		if (n > 0) printf "  throughput wrapped/native: %.3f (%.1f%% of native)\n", w / n, 100 * w / n
		# The difference too: what the wrapper adds to a round trip.
		if (nr > 0) printf "  ping RTT wrapped/native: %.2f (wrapped - native: %.0f us)\n", wr / nr, 1000 * (wr - nr)
		if (wb > 0) printf "  guest cost native/wrapped (busy time per MiB): %.3f\n", nb / wb
	}'
	unat=$(best native_up_MBps max) uwrap=$(best wrapped_up_MBps max)
	unbusy=$(best native_up_busy_us_per_MiB min) uwbusy=$(best wrapped_up_busy_us_per_MiB min)
	echo "  upload, the same 32 MiB back:"
	echo "  $nname  ${unat:-?} MB/s   busy ${unbusy:-?} µs/MiB$(irqs native_up)"
	echo "  $wname  ${uwrap:-?} MB/s   busy ${uwbusy:-?} µs/MiB$(irqs wrapped_up)"
	awk -v n="${unat:-0}" -v w="${uwrap:-0}" -v nb="${unbusy:-0}" -v wb="${uwbusy:-0}" 'BEGIN {
		if (n > 0) printf "  upload throughput wrapped/native: %.3f (%.1f%% of native)\n", w / n, 100 * w / n
		if (wb > 0) printf "  upload guest cost native/wrapped (busy time per MiB): %.3f\n", nb / wb
	}'
	hnat=$(best native_hw_MBps max) hbusy=$(best native_hw_busy_us_per_MiB min)
	hunat=$(best native_hw_up_MBps max) hubusy=$(best native_hw_up_busy_us_per_MiB min)
	woff=$(said "wrapped [^ ]*" offloads) noff=$(said "native [^ ]*" offloads)
	echo "  both configured like the miniport's interface: ${woff:-?}"
	[ "$noff" = "$woff" ] || echo "  but the native driver had: ${noff:-?}"
	echo "  interrupts: native $(said native interrupts), wrapped $(said wrapped interrupts)"
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
	cats=$(echo "$out" | sed -n 's/^BENCH: mem_cat_\([a-z]*\) \(-*[0-9]*\)$/\1 \2/p' |
	       awk '!($1 in v) { o[++k] = $1 } { v[$1] = $2 }
		    END { for (i = 1; i <= k; i++) printf " %s %.0f", o[i], v[o[i]] / 1024 }')
	[ -z "$cats" ] || echo "  other by category (KiB, the runtime's accounting):$cats"
	if [ -n "$iname" ]; then
		isolated_figures
	elif [ -n "$missing" ]; then
		echo "vm-throughput ($nic): figures missing:$missing"; status=1
	fi
done
exit $status
