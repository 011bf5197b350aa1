#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Start building the debug kernel (tests/vm/debug/build.sh) in the
# background, for `make check`: the unit, web and fuzz suites mostly keep
# one core busy, so the build (nice 10) takes the idle one, and the
# vm-sanitizers suite later finds the kernel built or waits on build.sh's
# lock for the rest. Nothing is started when the kernel is cached or when
# T= limits the run (the suite would build it itself if it ran).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
[ -z "${T:-}" ] || exit 0
log=$top/build/debug-kernel/background.log
mkdir -p "${log%/*}"
# Same process group: interrupting make check stops the build too (it
# resumes from its object tree next time; the cache only counts a kernel
# whose files were all written).
"$top/tests/vm/debug/build.sh" >"$log" 2>&1 </dev/null &
echo "debug kernel: building in the background (log: ${log#"$top"/})"
