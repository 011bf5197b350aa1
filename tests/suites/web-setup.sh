#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The setup assistant in headless Chromium (tests/web/setup.test.mjs):
# login lands on it, a vendor .zip is matched to the device that needs a
# driver (the .inf line and hardware ID shown), a dropped hostile .zip is
# refused, install and bind work and the missing module is named.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/web/lib/suite.sh"
web_suite_prereqs || exit 1
for p in /usr/bin/chromium python3; do
	command -v "$p" >/dev/null || { echo "FAIL: web/setup ($p missing; run installer/deps.sh)"; exit 1; }
done
web_npm_ci || exit 1
exec node "$top/tests/web/setup.test.mjs"
