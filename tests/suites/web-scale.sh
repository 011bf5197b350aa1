#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Large installations through ndisload-webconf and the real helper: 300
# drivers and a driver with 5000 parameters, answers over the helper's
# 64 KiB inline limit (tests/web/scale.test.mjs).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/web/lib/suite.sh"
web_suite_prereqs || exit 1
exec node "$top/tests/web/scale.test.mjs"
