#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Load/unload endurance on the default kernel (or make KVER=): NDL_CYCLES
# (default 200) cycles of add driver, bind, interface up, traffic, down,
# remove, then the module's accounting back to its load-time figures and
# rmmod (tests/vm/tests/load_cycles.sh; make check's per-kernel VM suite
# runs the same test with 20 cycles on every kernel).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
if [ -n "${T:-}" ]; then
	case load_cycles in *"$T"*) ;; *) echo "SKIP: vm/endurance (T=$T)"; exit 0 ;; esac
fi
kver=${KVER_ONLY:-$("$top/tests/vm/kver.sh" default)}
[ -n "$kver" ] || { echo "FAIL: vm/setup (no bootable Debian kernel; run installer/deps.sh)"; exit 1; }
NDL_VM_APPEND="ndl_cycles=${NDL_CYCLES:-200}" \
	exec "$top/tests/vm/run.sh" --kver "$kver" load_cycles
