#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Wireless without a radio: the helper's profile, scan-result and capability
# code (tests/helper/test_wifi.c, ASan/UBSan), the `ndisload wifi` CLI's
# refusals and exit codes, and the wireless API of the real webconf + helper
# (tests/web/wireless.api.test.mjs). The radio side is in QEMU
# (tests/vm/tests/wifi_*.sh).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/web/lib/suite.sh"
web_suite_prereqs || exit 1
suite=wireless/cli
. "$top/tests/lib/suite.sh"
make_or_fail wireless/build "$top/build/web-wireless-build.log" -C "$top/helper" test-bins
status=0
"$top/build/helper/asan/test_wifi" | sed 's/^\(PASS\|FAIL\): /\1: wireless\//' || status=1

T=$(mktemp -d "${TMPDIR:-/tmp}/ndl-wifi.XXXXXX")
trap 'rm -rf "$T"' EXIT
export NDISLOAD_ROOT=$T/root
mkdir -p "$NDISLOAD_ROOT"
N=$top/build/helper/asan/ndisload
echo ndisload-passphrase >"$T/key"
expect help 0 'ndisload wifi scan' "$N" wifi --help </dev/null
expect no-subcommand 2 'give a subcommand' "$N" wifi </dev/null
expect unknown-subcommand 2 'unknown subcommand "fly"' "$N" wifi fly wlan0 </dev/null
expect status-none 0 'no wireless interfaces' "$N" wifi status </dev/null
expect status-unknown 3 'wlan0 is not an interface of ndisload' "$N" wifi status wlan0 </dev/null
expect scan-unknown 3 'not an interface of ndisload' "$N" wifi scan wlan0 </dev/null
expect scan-no-iface 2 'give the IFACE' "$N" wifi scan </dev/null
expect connect-args 2 'connect takes IFACE and SSID' "$N" wifi connect wlan0 </dev/null
expect connect-no-key 5 'no key given' "$N" wifi connect --security wpa2-psk wlan0 net </dev/null
expect connect-key-file 3 'nope: No such file' "$N" wifi connect --security wep --key-file "$T/nope" wlan0 net </dev/null
expect connect-unknown 3 'not an interface of ndisload' "$N" wifi connect --security wpa2-psk --key-file "$T/key" wlan0 net </dev/null
expect forget-bad-name 2 'is not an interface name' "$N" wifi forget 'a/b' </dev/null
expect forget-none 3 'no wireless profile for wlan0' "$N" wifi forget wlan0 </dev/null
expect restore-none 0 '' "$N" wifi restore </dev/null
expect restore-json 0 '"restored": \[' "$N" wifi restore --json </dev/null
expect bad-option 2 'wifi' "$N" wifi status --bogus </dev/null

web_npm_ci || exit 1
node "$top/tests/web/wireless.api.test.mjs" >"$T/api.out" 2>&1 || status=1
sed 's/^\(PASS\|FAIL\|SKIP\): /\1: wireless\/api\//' "$T/api.out"
exit $status
