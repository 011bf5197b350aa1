/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The address a DLL's export table gives a driver for a name, as a
 * conformance test calls an export. Include after check.h: the CHECK
 * counts against the including test.
 */
#ifndef NDL_TEST_RUNTIME_EXPORT_H
#define NDL_TEST_RUNTIME_EXPORT_H

#include "core/exports.h"

static inline void *test_export(const char *dll, const char *name)
{
	const struct ndl_dll *d = ndl_dll_find(ndl_exports_default(), dll);
	const struct ndl_export *e = d ? ndl_dll_export_by_name(d, name) : NULL;

	CHECK(e != NULL && e->addr != NULL);
	return e ? e->addr : NULL;
}

#endif
