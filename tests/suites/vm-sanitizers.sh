#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# What `make check` runs of the debug-kernel lane (make check-debug runs
# every VM test): module_load (the module's self-tests, load and unload)
# and rtl8139_net (a miniport's whole life: bind, traffic, halt) on the
# KASAN + lockdep + kmemleak + KFENCE kernel. These two exercise every
# runtime subsystem the rest of the suite does, for about two minutes;
# the full lane takes about 25 more (docs/DEVELOPING.md). The kernel is
# built in the background from the start of make check
# (tests/lib/debug-kernel-bg.sh).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
NDL_DEBUG_TESTS=${NDL_DEBUG_TESTS:-"module_load rtl8139_net"} \
	exec sh "$top/tests/suites/debug-kernel.sh"
