#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Simulated PCI device models of the user-space host (tests/sim): build
# their self-tests with ASan/UBSan and run them.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$top/build"
if ! make -s -C "$top/tests/sim" >"$top/build/sim-build.log" 2>&1; then
	echo "FAIL: sim/build (see build/sim-build.log)"
	exit 1
fi
echo "PASS: sim/build"
status=0
. "$top/tests/lib/run-binary.sh"
run_each sim "$top/build/sim" test-
exit $status
