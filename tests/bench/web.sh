#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Web configurator benchmark (make bench): requests/s on GET /api/v1/status
# with 1, 8 and 32 concurrent clients, and upload MB/s for a 5 MiB file,
# against the real ndisload-webconf and helper, and both daemons' memory under
# repeated floods (issue 17). Prints figures, asserts none.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
for t in wrk curl node; do
	command -v "$t" >/dev/null || { echo "web benchmark: $t is not installed (installer/deps.sh)"; exit 1; }
done
exec node "$top/tests/web/bench.mjs"
