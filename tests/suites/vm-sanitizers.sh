#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# What `make check` runs of the debug-kernel lane (make check-debug runs
# every VM test) on the KASAN + lockdep + kmemleak + KFENCE kernel:
# module_load (the module's self-tests, load and unload), rtl8139_net (an
# NDIS 5 miniport's whole life: bind, traffic, halt), e1000e6_net (NDIS
# 6 with message interrupts) and usb_ecm (the USB glue, two adapters): the
# debug lane found bugs in the last two that the first two cannot reach
# (docs/DEVELOPING.md). In two lanes: about 5 minutes. The kernel is built in the background from the start
# of make check (tests/lib/debug-kernel-bg.sh).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
NDL_DEBUG_TESTS=${NDL_DEBUG_TESTS:-"e1000e6_net module_load rtl8139_net usb_ecm"} \
	exec sh "$top/tests/suites/debug-kernel.sh"
