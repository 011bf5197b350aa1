#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# vwifi's portable core (tests/drivers/vwifi/vw_*.c: crypto, the access
# point's 4-way handshake, the radio and LAN model) built natively with
# ASan/UBSan and checked against published test vectors and against the
# test's own supplicant (tests/drivers/vwifi/host/).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
src=$top/tests/drivers/vwifi
out=$top/build/vwifi-test
cc=${CC:-cc}
mkdir -p "$out"

if ! "$cc" -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -g -O1 \
	-fsanitize=address,undefined -fno-sanitize-recover=all \
	-I"$src" -I"$src/host" -I"$top/tests/lib" -o "$out/test-vwifi" \
	"$src"/vw_*.c "$src"/host/*.c >"$out/build.log" 2>&1; then
	echo "FAIL: vwifi/build (see build/vwifi-test/build.log)"
	exit 1
fi
echo "PASS: vwifi/build"

res=$("$out/test-vwifi" 2>"$out/test.log")
rc=$?
printf '%s\n' "$res" | sed -n 's#^\(PASS\|FAIL\|SKIP\): #\1: vwifi/#p'
cat "$out/test.log" >&2
if [ $rc -ne 0 ]; then
	printf '%s\n' "$res" | grep -q '^FAIL: ' ||
		echo "FAIL: vwifi/run (exited $rc: sanitizer report or crash, see build/vwifi-test/test.log)"
	exit 1
fi
exit 0
