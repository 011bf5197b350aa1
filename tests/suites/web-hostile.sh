#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Hostile local clients against ndisload-webconf (issue 17): slow-header
# floods, wrong-token floods, libmicrohttpd's own error replies, Host ports,
# duplicate JSON keys and bidi characters in file names
# (tests/web/hostile.test.mjs).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/web/lib/suite.sh"
web_suite_prereqs || exit 1
exec node "$top/tests/web/hostile.test.mjs"
