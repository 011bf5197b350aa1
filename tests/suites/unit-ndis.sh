#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The NDIS 5.1 layer (module/runtime/ndis_*) in the user-space host:
# export families, NDIS semantics with a miniport written in C, and the
# test miniports end to end (vether, vserial, rtl8139 on the simulated
# RTL8139C+, e1000's ndle1000 on the simulated 82540EM, usbecm on the
# simulated CDC-ECM USB device, vmissing refused; vether, vserial, rtl8139,
# usbecm, e1000 and e1000e6 also in their MSVC build flavour, whose register
# reads folded into or/and/test on MMIO the host emulates).
# Each binary under ASan+UBSan, then the
# plain build under valgrind.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
export NDL_BUILD="$top/build"
log="$top/build/unit-ndis-build.log"
mkdir -p "$top/build"
if ! { make -s -C "$top/tests/drivers" &&
       make -s -C "$top/tests/runtime" fixtures &&
       make -s -C "$top/tests/runtime" -f ndis_tests.mk; } >"$log" 2>&1; then
	echo "FAIL: ndis/build (see build/unit-ndis-build.log)"
	cat "$log" >&2
	exit 1
fi
echo "PASS: ndis/build"
status=0

. "$top/tests/lib/run-binary.sh"

run_each ndis "$top/build/test-bin/ndis" ndis_test_
# The end-to-end miniport tests again with the MSVC build flavour of the
# drivers (build/drivers-msvc, tests/drivers/Makefile).
export NDL_DRIVERS=drivers-msvc
for t in vether vserial rtl8139 usbecm e1000 e1000e6; do
	run "ndis-msvc/$t" "$top/build/test-bin/ndis/ndis_test_$t"
done
unset NDL_DRIVERS
run_valgrind ndis-valgrind "$top/build/test-bin/ndis/plain" ndis_test_
exit $status
