#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The REST API of ndisload-webconf against the real helper (ndisload serve)
# on a temporary NDISLOAD_ROOT with a fake sysfs: every endpoint, success
# and failure (tests/web/api.test.mjs).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/web/lib/suite.sh"
web_suite_prereqs || exit 1
exec node "$top/tests/web/api.test.mjs"
