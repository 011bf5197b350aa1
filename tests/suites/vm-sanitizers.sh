#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# What `make check` runs of the debug-kernel lane (make check-debug runs
# every VM test) on the KASAN + lockdep + kmemleak + KFENCE kernel:
# module_load (the module's self-tests, load and unload), rtl8139_net (an
# NDIS 5 miniport's whole life: bind, traffic, halt) and e1000e6_net
# (NDIS 6 with message interrupts, where the debug lane found a bug the
# first two cannot reach; docs/DEVELOPING.md). usb_ecm, which found two,
# joins when its last ODEBUG report (at rmmod) is fixed. In two lanes:
# about 4 minutes. The kernel is built in the background from the start
# of make check (tests/lib/debug-kernel-bg.sh).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
NDL_DEBUG_TESTS=${NDL_DEBUG_TESTS:-"e1000e6_net module_load rtl8139_net"} \
	exec sh "$top/tests/suites/debug-kernel.sh"
