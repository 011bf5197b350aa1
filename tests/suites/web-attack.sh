#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Attacks on ndisload-webconf (tokens, Host header, CSRF, traversal, huge and
# malformed bodies, slow clients, login guessing): each must be refused and
# leave the stored drivers and settings unchanged (tests/web/attack.test.mjs).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/web/lib/suite.sh"
web_suite_prereqs || exit 1
exec node "$top/tests/web/attack.test.mjs"
