#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# libFuzzer on the PE loader (tests/runtime/fuzz_pe.c) for a bounded time,
# seeded with the runtime fixtures and the test miniports. FUZZ_SECONDS
# (default 60) sets the budget; docs/runtime.md describes longer runs.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
secs=${FUZZ_SECONDS:-60}
fuzz=$top/build/test-bin/runtime/fuzz-pe
if ! command -v clang >/dev/null 2>&1; then
	echo "SKIP: fuzz-pe (clang not installed: run installer/deps.sh)"
	exit 0
fi
if ! make -s -C "$top/tests/runtime" >"$top/build/fuzz-pe-build.log" 2>&1 ||
   [ ! -x "$fuzz" ]; then
	echo "FAIL: fuzz-pe/build (see build/fuzz-pe-build.log)"
	exit 1
fi
echo "PASS: fuzz-pe/build"
work=$top/build/fuzz-pe
rm -rf "$work/seeds"
mkdir -p "$work/seeds" "$work/corpus" "$work/artifacts"
for f in "$top"/build/test-bin/runtime/fixtures/*.sys "$top"/build/drivers/*/*.sys; do
	[ -f "$f" ] || continue
	# The 1 MiB benchmark image slows every iteration: leave it out.
	[ "$(wc -c <"$f")" -lt 262144 ] && cp "$f" "$work/seeds/"
done
NDL_LOG=err "$fuzz" -max_total_time="$secs" -max_len=262144 \
	-rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
	-artifact_prefix="$work/artifacts/" "$work/corpus" "$work/seeds" \
	>"$work/fuzz.log" 2>&1
rc=$?
tail -n 20 "$work/fuzz.log" >&2
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/fuzz.log")
if [ $rc -eq 0 ]; then
	echo "PASS: fuzz-pe/loader (${runs:-?} inputs in ${secs}s, no crash)"
else
	echo "FAIL: fuzz-pe/loader (libFuzzer exited $rc; reproducer in build/fuzz-pe/artifacts)"
	exit 1
fi
