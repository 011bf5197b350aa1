/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Expands one DLL's spec file (exports.h explains the format) into its
 * export table, struct ndl_dll ndl_dll_<NDL_SPEC_NAME>. Included once per
 * DLL by <dll>_exports.c after defining NDL_SPEC_NAME, NDL_SPEC_DLL and
 * NDL_SPEC_FILE.
 */
#include "core/exports.h"

#define NDL_SPEC_CAT_(a, b) a##b
#define NDL_SPEC_CAT(a, b) NDL_SPEC_CAT_(a, b)

/*
 * Declarations, as one: extern char ndlw_a[], ndlw_b[], ..., <end>[];
 * the real prototypes live in the implementing files.
 */
#define NDL_FN(name, nargs) ndlw_##name[],
#define NDL_FN_ORD(name, nargs, ord) ndlw_##name[],
#define NDL_FN_AS(name, nargs, impl) ndlw_##impl[],
#define NDL_DATA(name) ndlw_##name[],
#define NDL_TODO(name, nargs)
extern char
#include NDL_SPEC_FILE
	NDL_SPEC_CAT(ndl_spec_end_, NDL_SPEC_NAME)[];
#undef NDL_FN
#undef NDL_FN_ORD
#undef NDL_FN_AS
#undef NDL_DATA
#undef NDL_TODO

static const struct ndl_export NDL_SPEC_CAT(ndl_exports_, NDL_SPEC_NAME)[] = {
#define NDL_FN(name, nargs) \
	{ #name, ndlw_##name, 0, nargs, NDL_EXPORT_FUNC },
#define NDL_FN_ORD(name, nargs, ord) \
	{ #name, ndlw_##name, ord, nargs, NDL_EXPORT_FUNC },
#define NDL_FN_AS(name, nargs, impl) \
	{ #name, ndlw_##impl, 0, nargs, NDL_EXPORT_FUNC },
#define NDL_DATA(name) \
	{ #name, ndlw_##name, 0, 0, NDL_EXPORT_DATA },
#define NDL_TODO(name, nargs) \
	{ #name, NULL, 0, nargs, NDL_EXPORT_TODO },
#include NDL_SPEC_FILE
#undef NDL_FN
#undef NDL_FN_ORD
#undef NDL_FN_AS
#undef NDL_DATA
#undef NDL_TODO
};

const struct ndl_dll NDL_SPEC_CAT(ndl_dll_, NDL_SPEC_NAME) = {
	.name = NDL_SPEC_DLL,
	.exports = NDL_SPEC_CAT(ndl_exports_, NDL_SPEC_NAME),
	.count = NDL_ARRAY_SIZE(NDL_SPEC_CAT(ndl_exports_, NDL_SPEC_NAME)),
};
