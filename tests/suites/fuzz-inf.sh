#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# libFuzzer on the .inf parser (40 s) and the configuration parser (15 s),
# seeded with tests/helper/inf/ and the Microsoft samples. A crash, leak or
# sanitizer report fails the suite; the reproducer stays in
# build/helper/fuzz/findings/.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/build/helper/fuzz
if ! command -v clang >/dev/null; then
	echo "SKIP: fuzz/inf (clang missing; run installer/deps.sh)"
	exit 0
fi
if ! make -s -C "$top/helper" fuzz >"$top/build/fuzz-helper-build.log" 2>&1; then
	echo "FAIL: fuzz/build (see build/fuzz-helper-build.log)"
	exit 1
fi
status=0
. "$top/tests/lib/run-binary.sh"
fuzz() { # NAME SECONDS SEEDS...: build/helper/fuzz/fuzz-NAME on its corpus
	name=$1 secs=$2
	shift 2
	corpus=$out/corpus-$name
	mkdir -p "$corpus" "$out/findings"
	for s in "$@"; do [ -f "$s" ] && cp "$s" "$corpus/"; done
	run_fuzzer "fuzz/$name" "$secs" "$out/$name.log" "$out/findings/$name-" \
		"$out/fuzz-$name" -rss_limit_mb=1024 -max_len=65536 "$corpus"
}
fuzz inf 40 "$top"/tests/helper/inf/*.inf "$top"/tests/helper/inf/bad/*.inf \
	"$top"/tests/helper/inf-corpus/*.inf
printf '[0000:00:03.0]\ndriver = rtl8139\nunbind_native = yes\n' >"$out/seed.conf"
printf '# c\n[device x]\nKey = "a \\" b"\n*J = 1\n' >"$out/seed2.conf"
fuzz conf 15 "$out/seed.conf" "$out/seed2.conf"
exit $status
