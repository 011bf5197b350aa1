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
run() { # NAME SECONDS SEEDS...
	name=$1 secs=$2
	shift 2
	corpus=$out/corpus-$name findings=$out/findings
	mkdir -p "$corpus" "$findings"
	for s in "$@"; do [ -f "$s" ] && cp "$s" "$corpus/"; done
	if "$out/fuzz-$name" -max_total_time="$secs" -timeout=10 -rss_limit_mb=1024 \
		-max_len=65536 -artifact_prefix="$findings/$name-" "$corpus" \
		>"$out/$name.log" 2>&1; then
		echo "PASS: fuzz/$name ($(grep -o 'Done [0-9]* runs' "$out/$name.log" | head -n1) in $secs s)"
	else
		echo "FAIL: fuzz/$name (see $out/$name.log; reproducer in $findings)"
		tail -n 30 "$out/$name.log"
		status=1
	fi
}
run inf 40 "$top"/tests/helper/inf/*.inf "$top"/tests/helper/inf/bad/*.inf \
	"$top"/tests/helper/inf-corpus/*.inf
printf '[0000:00:03.0]\ndriver = rtl8139\nunbind_native = yes\n' >"$out/seed.conf"
printf '# c\n[device x]\nKey = "a \\" b"\n*J = 1\n' >"$out/seed2.conf"
run conf 15 "$out/seed.conf" "$out/seed2.conf"
exit $status
