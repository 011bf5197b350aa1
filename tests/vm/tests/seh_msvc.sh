# SPDX-License-Identifier: GPL-2.0-only
# Structured exception handling in the kernel: the MSVC-built vseh driver
# (tests/drivers/vseh) runs its checks in DriverEntry — __try/__except
# around ExRaiseStatus, filters continuing the search and the execution,
# __finally on unwind, raises through frames with and without a frame
# pointer on the driver stack, probes, RtlCaptureContext/RtlVirtualUnwind,
# its /GS cookie and /guard:cf pointers, the inline IRQL intrinsics
# (mov to/from cr8, emulated by cr8.c) — and fails the load with
# 0xE05E00nn naming the first that failed. Costs one boot, ~10 s.
# timeout: 60
. /tests/_ndl.sh
sys=/lib/ndl/drivers-msvc/vseh/vseh.sys
added() {
	_out=$(ndl-ioctl add vseh -s "$sys" -i 1af4:7e5e 2>&1)
	echo "$_out" | grep -qx "bound 0 owned 0" || { echo "$_out"; return 1; }
}
entry_ok() { dmesg | grep -q "vseh: DriverEntry returned 0x00000000"; }
removed() { ndl-ioctl remove vseh >/dev/null; }

if [ ! -f "$sys" ]; then
	skip seh "no MSVC build of vseh in the guest (build/drivers-msvc)"
else
	check insmod ndl_load
	check checks-pass added
	check driver-entry entry_ok
	check remove removed
	check accounting-zero ndl_no_leaks
	check rmmod rmmod ndisload
fi
