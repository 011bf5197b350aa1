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
status=0
. "$top/tests/lib/run-binary.sh"
NDL_LOG=err run_fuzzer fuzz-pe/loader "$secs" "$work/fuzz.log" \
	"$work/artifacts/" "$fuzz" -max_len=262144 -rss_limit_mb=2048 \
	"$work/corpus" "$work/seeds"
exit $status
