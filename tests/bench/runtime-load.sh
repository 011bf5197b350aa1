#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Median time to load + relocate + link a ~1 MiB driver image (the
# fx_big fixture: 128 Ki DIR64 relocations) with the user-space runtime.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
make -s -C "$top/tests/runtime" >/dev/null
exec "$top/build/test-bin/runtime/bench-load" \
	"$top/build/test-bin/runtime/fixtures/fx_big.sys" 51
