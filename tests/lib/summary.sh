#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Count PASS/FAIL/SKIP lines over all suite logs and print the one summary
# line; exit non-zero when anything failed or nothing ran.
set -u
results=${1:-build/test-results}
count() { cat "$results"/*/*.log 2>/dev/null | grep -c "^$1: "; }
pass=$(count PASS); fail=$(count FAIL); skip=$(count SKIP)
if [ "$fail" -gt 0 ]; then
	echo "Failures:"
	cat "$results"/*/*.log | grep '^FAIL: ' | sed 's/^/  /'
fi
if [ "$skip" -gt 0 ]; then
	echo "Skipped:"
	cat "$results"/*/*.log | grep '^SKIP: ' | sed 's/^/  /'
fi
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
