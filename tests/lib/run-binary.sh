# SPDX-License-Identifier: GPL-2.0-only
# Shared by suites that run C test binaries (sourced): run() relays a
# binary's PASS/FAIL/SKIP lines under a prefix and sets status=1 on failure.

# run NAME CMD...: prefix the binary's PASS/FAIL/SKIP lines with NAME.
run() {
	name=$1
	shift
	out=$("$@" 2>&1)
	rc=$?
	printf '%s\n' "$out" | sed -n "s#^\(PASS\|FAIL\|SKIP\): #\1: $name/#p"
	printf '%s\n' "$out" | grep -v '^\(PASS\|FAIL\|SKIP\): ' >&2
	if [ $rc -ne 0 ]; then
		printf '%s\n' "$out" | grep -q '^FAIL: ' ||
			echo "FAIL: $name (exited $rc: sanitizer report or crash)"
		status=1
	fi
}
