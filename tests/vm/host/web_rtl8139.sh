#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Host side of tests/vm/tests/web_rtl8139.sh: through QEMU's port forward,
# upload the RTL8139 package with curl, as a headless admin would
# (docs/api.md), then drive the pages in headless Chromium
# (tests/web/devices.vm.test.mjs): bind, start, DHCP, the Status graph, stop;
# then the setup assistant from login with a .zip (tests/web/setup.vm.test.mjs).
set -u
top=$(cd "$(dirname "$0")/../../.." && pwd)
T=$NDL_VM_TEST/api
pkg=$top/build/drivers/rtl8139
B=http://127.0.0.1:$NDL_VM_PORT/api/v1

# Wait for the guest's token line (as long as QEMU runs).
. "$(dirname "$0")/_lib.sh"
token_line() { tr -d '\r' <"$NDL_VM_RESULTS" | sed -n 's/^HOST: token //p' | head -n1; }
has_token() { [ -n "$(token_line)" ]; }
wait_guest has_token || { echo "FAIL: $T/token (guest ended first)"; exit 1; }
token=$(token_line)
A="Authorization: Bearer $token"

# api NAME WANT-STATUS CURL-ARGS...: one call; the body lands in $body.
body=""
api() {
	_name=$1 _want=$2; shift 2
	_code=$(curl -sS -o /tmp/ndl-web-$$.json -w '%{http_code}' -H "$A" "$@")
	body=$(cat /tmp/ndl-web-$$.json 2>/dev/null)
	rm -f /tmp/ndl-web-$$.json
	if [ "$_code" = "$_want" ]; then echo "PASS: $T/$_name"
	else echo "FAIL: $T/$_name (HTTP $_code, want $_want: $(echo "$body" | head -c 300))"; return 1; fi
}
json() { # JS expression over the parsed body "b"
	printf '%s' "$body" | node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const b=JSON.parse(s);console.log($1)})"
}

status=0
api status 200 "$B/status" || status=1
api upload 201 -F "file=@$pkg/rtl8139.inf" -F "file=@$pkg/rtl8139.sys" "$B/drivers" || status=1
api devices 200 "$B/devices" || status=1
dev=$(json "(b.devices.find(d => /10ec/i.test(d.vendor)) || {}).id || ''")
if [ -z "$dev" ]; then
	echo "FAIL: $T/device-listed (no 10ec device in $(echo "$body" | head -c 300))"; exit 1
fi
echo "PASS: $T/device-listed"
if [ ! -x /usr/bin/chromium ] || ! command -v node >/dev/null; then
	echo "FAIL: $NDL_VM_TEST/page/setup (chromium or node missing; run installer/deps.sh)"
	exit 1
fi
. "$top/tests/web/lib/suite.sh"
web_npm_ci >/dev/null || { echo "FAIL: $NDL_VM_TEST/page/setup (npm ci in tests/web failed)"; exit 1; }
# page_test FILE PREFIX: one Chromium test file against the guest.
page_test() {
	NDL_VM_TOKEN=$token node "$top/tests/web/$1" |
		sed "s#^\(PASS\|FAIL\|SKIP\): #\1: $NDL_VM_TEST/$2/#" >/tmp/ndl-web-page-$$.txt
	cat /tmp/ndl-web-page-$$.txt
	grep -q '^FAIL' /tmp/ndl-web-page-$$.txt && status=1
	rm -f /tmp/ndl-web-page-$$.txt
}
page_test devices.vm.test.mjs page
page_test setup.vm.test.mjs assistant

# Let the guest finish its own checks.
n=0
until tr -d '\r' <"$NDL_VM_RESULTS" | grep -q '^HOST: done'; do
	kill -0 "$NDL_VM_PID" 2>/dev/null || break
	n=$((n + 1)); [ $n -gt 240 ] && break
	sleep 0.5
done
exit $status
