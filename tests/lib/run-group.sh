#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Run every suite of the given groups: tests/suites/<group>-<name>.sh.
#
# A suite prints one line per test case: "PASS: name", "FAIL: name (why)" or
# "SKIP: name (reason)", and exits non-zero if anything failed. Its output is
# kept in build/test-results/<group>/<name>.log. A suite that exits non-zero
# without printing a FAIL line is recorded as one failure, so a crashing
# suite can never pass.
#
# T=pattern limits a run to suites (and, for VM suites, tests) matching it.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
results=${RESULTS:-$top/build/test-results}

for group in "$@"; do
	mkdir -p "$results/$group"
	for suite in "$top"/tests/suites/"$group"-*.sh; do
		[ -e "$suite" ] || continue
		name=$(basename "$suite" .sh)
		name=${name#"$group"-}
		log=$results/$group/$name.log
		echo "== $group/$name"
		start=$(date +%s)
		sh "$suite" >"$log" 2>&1
		rc=$?
		if [ $rc -ne 0 ] && ! grep -q '^FAIL: ' "$log"; then
			echo "FAIL: $group/$name (suite exited $rc without naming a failure)" >>"$log"
		fi
		grep -E '^(PASS|FAIL|SKIP): ' "$log" | sed 's/^/   /'
		[ $rc -ne 0 ] && echo "   (log: $log)"
		echo "   $(($(date +%s) - start)) s"
	done
done
exit 0
