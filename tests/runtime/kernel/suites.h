/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The conformance suites of tests/runtime that also run inside
 * ndisload.ko (conform.c), one SUITE(file) per test_<family>.c. A suite
 * joins when its rules touch only the runtime (no fixture files, no
 * simulated devices, no user-space host loop). module/Makefile reads
 * this list to link the files into the module's build tree.
 */
SUITE(test_ndis6_ke)
SUITE(test_registry)
SUITE(test_irp)
SUITE(test_mem)
SUITE(test_ndis6_nbl)
SUITE(test_rtl)
SUITE(test_rtl_ansi)
SUITE(test_spin)
