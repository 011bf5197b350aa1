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
if ! make -s -C "$top/helper" test-bins >"$top/build/web-wireless-build.log" 2>&1; then
	echo "FAIL: wireless/build (see build/web-wireless-build.log)"
	exit 1
fi
status=0
"$top/build/helper/asan/test_wifi" | sed 's/^\(PASS\|FAIL\): /\1: wireless\//' || status=1

T=$(mktemp -d "${TMPDIR:-/tmp}/ndl-wifi.XXXXXX")
trap 'rm -rf "$T"' EXIT
export NDISLOAD_ROOT=$T/root
mkdir -p "$NDISLOAD_ROOT"
N=$top/build/helper/asan/ndisload
# expect NAME STATUS PATTERN [STDIN-FILE] -- COMMAND...
expect() {
	name=$1 want=$2 pat=$3 in=$4
	shift 5
	out=$("$@" <"$in" 2>&1)
	rc=$?
	if [ "$rc" != "$want" ]; then
		echo "FAIL: wireless/cli/$name (exit $rc, wanted $want: $(echo "$out" | head -n 2 | tr '\n' ' '))"
		status=1
	elif ! printf '%s\n' "$out" | grep -qE -- "$pat"; then
		echo "FAIL: wireless/cli/$name (output lacks /$pat/: $(echo "$out" | head -n 2 | tr '\n' ' '))"
		status=1
	elif printf '%s\n' "$out" | grep -q 'Sanitizer\|runtime error'; then
		echo "FAIL: wireless/cli/$name (sanitizer report)"
		status=1
	else
		echo "PASS: wireless/cli/$name"
	fi
}
echo ndisload-passphrase >"$T/key"
expect help 0 'ndisload wifi scan' /dev/null -- "$N" wifi --help
expect no-subcommand 2 'give a subcommand' /dev/null -- "$N" wifi
expect unknown-subcommand 2 'unknown subcommand "fly"' /dev/null -- "$N" wifi fly wlan0
expect status-none 0 'no wireless interfaces' /dev/null -- "$N" wifi status
expect status-unknown 3 'wlan0 is not an interface of ndisload' /dev/null -- "$N" wifi status wlan0
expect scan-unknown 3 'not an interface of ndisload' /dev/null -- "$N" wifi scan wlan0
expect scan-no-iface 2 'give the IFACE' /dev/null -- "$N" wifi scan
expect connect-args 2 'connect takes IFACE and SSID' /dev/null -- "$N" wifi connect wlan0
expect connect-no-key 5 'no key given' /dev/null -- "$N" wifi connect --security wpa2-psk wlan0 net
expect connect-key-file 3 'nope: No such file' /dev/null -- "$N" wifi connect --security wep --key-file "$T/nope" wlan0 net
expect connect-unknown 3 'not an interface of ndisload' /dev/null -- "$N" wifi connect --security wpa2-psk --key-file "$T/key" wlan0 net
expect forget-bad-name 2 'is not an interface name' /dev/null -- "$N" wifi forget 'a/b'
expect forget-none 3 'no wireless profile for wlan0' /dev/null -- "$N" wifi forget wlan0
expect restore-none 0 '' /dev/null -- "$N" wifi restore
expect restore-json 0 '"restored": \[' /dev/null -- "$N" wifi restore --json
expect bad-option 2 'wifi' /dev/null -- "$N" wifi status --bogus

web_npm_ci || exit 1
node "$top/tests/web/wireless.api.test.mjs" >"$T/api.out" 2>&1 || status=1
sed 's/^\(PASS\|FAIL\|SKIP\): /\1: wireless\/api\//' "$T/api.out"
exit $status
