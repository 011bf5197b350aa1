// SPDX-License-Identifier: GPL-2.0-only
/* The runtime's DLL list and export lookups (format: exports.h). */
#include "core/exports.h"
#include "core/rt.h"

/* Every DLL the runtime provides: one line per DLL. */
static const struct ndl_dll *const ndl_dlls[] = {
	&ndl_dll_ntoskrnl,
	&ndl_dll_hal,
	&ndl_dll_ndis,
	&ndl_dll_usbd,
};

static const struct ndl_dll_set ndl_default_set = {
	.dlls = ndl_dlls,
	.count = NDL_ARRAY_SIZE(ndl_dlls),
};

const struct ndl_dll_set *ndl_exports_default(void)
{
	return &ndl_default_set;
}

static int ascii_lower(int c)
{
	return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

static bool name_equal_nocase(const char *a, const char *b)
{
	while (*a && ascii_lower(*a) == ascii_lower(*b)) {
		a++;
		b++;
	}
	return *a == *b || ascii_lower(*a) == ascii_lower(*b);
}

static bool name_equal(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

const struct ndl_dll *ndl_dll_find(const struct ndl_dll_set *set,
				   const char *name)
{
	u32 i;

	for (i = 0; i < set->count; i++)
		if (name_equal_nocase(set->dlls[i]->name, name))
			return set->dlls[i];
	return NULL;
}

const struct ndl_export *ndl_dll_export_by_name(const struct ndl_dll *dll,
						const char *name)
{
	u32 i;

	for (i = 0; i < dll->count; i++)
		if (name_equal(dll->exports[i].name, name))
			return &dll->exports[i];
	return NULL;
}

const struct ndl_export *ndl_dll_export_by_ordinal(const struct ndl_dll *dll,
						   u16 ordinal)
{
	u32 i;

	if (!ordinal)
		return NULL;
	for (i = 0; i < dll->count; i++)
		if (dll->exports[i].ordinal == ordinal)
			return &dll->exports[i];
	return NULL;
}

void *ndl_exports_lookup(const struct ndl_dll_set *set, const char *name)
{
	const struct ndl_export *e;
	u32 i;

	for (i = 0; i < set->count; i++) {
		e = ndl_dll_export_by_name(set->dlls[i], name);
		if (e && e->kind != NDL_EXPORT_TODO)
			return e->addr;
	}
	return NULL;
}
