# SPDX-License-Identifier: GPL-2.0-only
# Shared by suites that run C test binaries (sourced): run() relays a
# binary's PASS/FAIL/SKIP lines under a prefix, run_each and run_valgrind
# do so for every test binary of a directory, run_fuzzer runs a libFuzzer
# binary for a bounded time. Each sets status=1 on a failure.

# run [-l LOG] NAME CMD...: prefix the binary's PASS/FAIL/SKIP lines with
# NAME; its other output goes to stderr, or with -l to the file LOG.
run() {
	local log="" name out rc
	if [ "$1" = -l ]; then
		log=$2
		shift 2
	fi
	name=$1
	shift
	out=$("$@" 2>&1)
	rc=$?
	printf '%s\n' "$out" | sed -n "s#^\(PASS\|FAIL\|SKIP\): #\1: $name/#p"
	if [ -n "$log" ]; then
		printf '%s\n' "$out" | grep -v '^\(PASS\|FAIL\|SKIP\): ' >"$log"
	else
		printf '%s\n' "$out" | grep -v '^\(PASS\|FAIL\|SKIP\): ' >&2
	fi
	if [ $rc -ne 0 ]; then
		printf '%s\n' "$out" | grep -q '^FAIL: ' ||
			echo "FAIL: $name (exited $rc: sanitizer report or crash${log:+, see $log})"
		status=1
	fi
}

# run_each NAME DIR PREFIX [WRAPPER...]: run every executable DIR/PREFIX*
# (through WRAPPER if given) as NAME/<file name without PREFIX>.
run_each() {
	local name=$1 dir=$2 prefix=$3 t base
	shift 3
	for t in "$dir/$prefix"*; do
		[ -x "$t" ] || continue
		base=${t##*/}
		run "$name/${base#"$prefix"}" "$@" "$t"
	done
}

# run_valgrind NAME DIR PREFIX: run_each under valgrind's memcheck (a
# definite leak fails too); the binaries see NDL_TEST_UNDER_VALGRIND=1.
run_valgrind() {
	if ! command -v valgrind >/dev/null 2>&1; then
		echo "SKIP: $1 (valgrind not installed)"
		return
	fi
	NDL_TEST_UNDER_VALGRIND=1 run_each "$1" "$2" "$3" valgrind -q \
		--error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite
}

# run_fuzzer NAME SECONDS LOG ARTIFACTS FUZZER [OPTION|CORPUS-DIR...]: a
# libFuzzer run of SECONDS, its output in LOG, a crashing input saved as
# ARTIFACTS<kind>-<hash>. PASS says how many inputs ran; FAIL shows the
# log's end.
run_fuzzer() {
	local name=$1 secs=$2 log=$3 art=$4 fuzzer=$5 rc runs
	shift 5
	"$fuzzer" -max_total_time="$secs" -timeout=10 -print_final_stats=1 \
		-artifact_prefix="$art" "$@" >"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	if [ $rc -eq 0 ]; then
		echo "PASS: $name (${runs:-?} inputs in $secs s, no crash)"
	else
		echo "FAIL: $name (libFuzzer exited $rc: see $log; the input is $art*)"
		tail -n 30 "$log" >&2
		status=1
	fi
}
