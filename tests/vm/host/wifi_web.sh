#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Host side of tests/vm/tests/wifi_web.sh: headless Chromium (Debian's,
# driven by playwright-core from tests/web) on the guest's wireless page
# through QEMU's port forward (tests/web/wireless.vm.test.mjs).
set -u
top=$(cd "$(dirname "$0")/../../.." && pwd)
T=$NDL_VM_TEST/page
if [ ! -x /usr/bin/chromium ] || ! command -v node >/dev/null; then
	echo "FAIL: $T/setup (chromium or node missing; run installer/deps.sh)"
	exit 1
fi
. "$top/tests/web/lib/suite.sh"
web_npm_ci >/dev/null || { echo "FAIL: $T/setup (npm ci in tests/web failed)"; exit 1; }
node "$top/tests/web/wireless.vm.test.mjs" | sed "s#^\(PASS\|FAIL\|SKIP\): #\1: $T/#"
