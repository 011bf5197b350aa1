#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The web pages in headless Chromium (Debian's /usr/bin/chromium, driven by
# playwright-core from tests/web/package-lock.json): login, upload with
# progress and the missing-file prompt, binding, parameters, errors, 360 px.
# Screenshots: build/test-results/web/screenshots/.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/web/lib/suite.sh"
web_suite_prereqs || exit 1
if [ ! -x /usr/bin/chromium ]; then
	echo "FAIL: web/setup (/usr/bin/chromium missing; run installer/deps.sh)"
	exit 1
fi
web_npm_ci || exit 1
exec node "$top/tests/web/browser.test.mjs"
