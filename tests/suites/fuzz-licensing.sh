#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Bounded libFuzzer run of the license parser (tests/licensing/fuzz-license.c),
# seeded with licenses the vendor tool issues. FUZZ_SECONDS (default 30)
# bounds the run.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
fuzzer=$top/build/fuzz/licensing/fuzz-license
tool=$top/build/bin/ndisload-license
secs=${FUZZ_SECONDS:-30}

if ! command -v clang >/dev/null 2>&1; then
	echo "SKIP: licensing/fuzz-license (clang is not installed; run installer/deps.sh)"
	exit 0
fi
log=$top/build/fuzz/licensing/build.log
mkdir -p "$(dirname "$log")"
if ! make -s -C "$top/licensing" fuzz >"$log" 2>&1; then
	echo "FAIL: licensing/fuzz-license-build (see $log)"
	exit 1
fi
work=$(mktemp -d /tmp/ndl-lic-fuzz-XXXXXX) || exit 1
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/corpus"
if [ -x "$tool" ]; then
	"$tool" keygen --out "$work/k" --vendor V --product P >/dev/null
	"$tool" issue --key "$work/k.key" --licensee "Jane Doe" --out "$work/corpus/any.lic" 2>/dev/null
	"$tool" issue --key "$work/k.key" --licensee "Dev" --devices 10ec:8139,'USB\VID_0BDA&PID_8187' \
		--macs 52:54:00:12:34:56 --host M26S-5KZ4-MEE4-PQ9W --features a,b \
		--expires 2030-01-01 --out "$work/corpus/scoped.lic" 2>/dev/null
fi
status=0
. "$top/tests/lib/run-binary.sh"
run_fuzzer licensing/fuzz-license "$secs" "$top/build/fuzz/licensing/fuzz.log" \
	"$top/build/fuzz/licensing/" "$fuzzer" -max_len=9000 "$work/corpus"
exit $status
