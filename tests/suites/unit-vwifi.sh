#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# vwifi, the simulated wireless miniport (tests/drivers/vwifi):
#  - its portable core (vw_*.c: crypto, the access point's 4-way handshake,
#    the radio and LAN model) built natively with ASan/UBSan and checked
#    against published test vectors and the test's own supplicant;
#  - the real vwifi.sys in the user-space runtime (libndlrt-san), driven
#    through the adapter API: scan, open/WEP/WPA2 association, handshake
#    over EAPOL, keys, ping, wrong passphrase, bad OID values, no leak.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
src=$top/tests/drivers/vwifi
out=$top/build/vwifi-test
cc=${CC:-cc}
mkdir -p "$out"

if ! "$cc" -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -g -O1 \
	-fsanitize=address,undefined -fno-sanitize-recover=all \
	-I"$src" -I"$src/host" -I"$top/tests/lib" -o "$out/test-vwifi" \
	"$src"/vw_*.c "$src"/host/test_*.c "$src"/host/supplicant.c \
	>"$out/build.log" 2>&1; then
	echo "FAIL: vwifi/build (see build/vwifi-test/build.log)"
	exit 1
fi
echo "PASS: vwifi/build"

status=0
. "$top/tests/lib/run-binary.sh"
run -l "$out/test-vwifi.log" vwifi "$out/test-vwifi"

# The driver itself, in the user-space runtime.
if ! make -s -C "$top/module" userlib >"$out/lib.log" 2>&1 ||
   ! make -s -C "$top/tests/drivers" >"$out/drivers.log" 2>&1; then
	echo "FAIL: vwifi/e2e-build (runtime library or drivers, see build/vwifi-test/*.log)"
	exit 1
fi
if ! "$cc" -std=c11 -D_GNU_SOURCE -g -O1 -Wall -Wextra -Werror \
	-Wno-unused-parameter -fsanitize=address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer \
	-I"$top/module/runtime" -I"$top/module/user" -I"$top/tests/lib" \
	-I"$top/tests/runtime" -I"$src" -I"$src/host" -o "$out/e2e-vwifi" \
	"$src/host/e2e_vwifi.c" "$src/host/e2e_station.c" \
	"$src/host/supplicant.c" "$src/host/test_frames.c" "$src"/vw_*.c \
	"$top/tests/runtime/common.c" \
	"$top/tests/runtime/ndis_testlib.c" "$top/build/lib/libndlrt-san.a" \
	>"$out/e2e-build.log" 2>&1; then
	echo "FAIL: vwifi/e2e-build (see build/vwifi-test/e2e-build.log)"
	exit 1
fi
echo "PASS: vwifi/e2e-build"
run -l "$out/e2e-vwifi.log" vwifi/driver "$out/e2e-vwifi"
exit $status
