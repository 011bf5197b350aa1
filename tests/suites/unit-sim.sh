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
for t in "$top"/build/sim/test-*; do
	[ -x "$t" ] || continue
	name=${t##*/test-}
	out=$("$t" 2>&1)
	rc=$?
	printf '%s\n' "$out" | sed -n "s#^\(PASS\|FAIL\|SKIP\): #\1: sim/$name/#p"
	printf '%s\n' "$out" | grep -v '^\(PASS\|FAIL\|SKIP\): ' >&2
	if [ $rc -ne 0 ]; then
		printf '%s\n' "$out" | grep -q '^FAIL: ' ||
			echo "FAIL: sim/$name (exited $rc: sanitizer report or crash)"
		status=1
	fi
done
exit $status
