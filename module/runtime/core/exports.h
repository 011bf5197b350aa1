/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Export tables: the Windows DLLs the runtime pretends to be.
 *
 * Each DLL's exports are data, listed once in a spec file
 * (<dll>.spec.h, Wine's spec-file idea) with one line per export:
 *
 *   NDL_FN(ExAllocatePoolWithTag, 3)       implemented, 3 arguments
 *   NDL_FN_ORD(NdisFoo, 2, 17)             implemented, also ordinal 17
 *   NDL_FN_AS(RtlInitString, 2, RtlInitAnsiString)
 *                                          implemented by ndlw_RtlInitAnsiString
 *                                          (same convention and arguments)
 *   NDL_DATA(KeNumberProcessors)           implemented data export
 *   NDL_TODO(IoCreateDevice, 7)            known export, not implemented
 *
 * The implementation of export X is the symbol ndlw_X (ms_abi on x86_64,
 * stdcall/fastcall/cdecl on i386 as Windows declares it); the prefix keeps
 * Windows names (memcpy, sprintf, ...) apart from the kernel's own. The
 * argument count is what an i386 build needs for stdcall decoration and
 * what logging stubs print.
 *
 * A DLL's table is built by a small C file:
 *
 *   #define NDL_SPEC_NAME ntoskrnl             table ndl_dll_ntoskrnl
 *   #define NDL_SPEC_DLL "ntoskrnl.exe"        name drivers import
 *   #define NDL_SPEC_FILE "nt/ntoskrnl.spec.h"
 *   #include "core/spec_table.h"
 *
 * and listed once in exports.c (ndl_dlls[]). Nothing else names exports.
 */
#ifndef NDL_EXPORTS_H
#define NDL_EXPORTS_H

#include "core/ndl_types.h"

enum ndl_export_kind {
	NDL_EXPORT_FUNC,	/* implemented function */
	NDL_EXPORT_DATA,	/* implemented data object */
	NDL_EXPORT_TODO,	/* known Windows export, not implemented */
};

struct ndl_export {
	const char *name;
	void *addr;		/* NULL for NDL_EXPORT_TODO */
	u16 ordinal;		/* 0: none */
	u8 nargs;
	u8 kind;		/* enum ndl_export_kind */
};

struct ndl_dll {
	const char *name;		/* e.g. "ntoskrnl.exe" */
	const struct ndl_export *exports;
	u32 count;
};

/* A set of DLLs to link against (the runtime's own, or a test's). */
struct ndl_dll_set {
	const struct ndl_dll *const *dlls;
	u32 count;
};

/* The tables of the DLLs the runtime provides (<dll>_exports.c). */
extern const struct ndl_dll ndl_dll_ntoskrnl;
extern const struct ndl_dll ndl_dll_hal;
extern const struct ndl_dll ndl_dll_ndis;
extern const struct ndl_dll ndl_dll_usbd;

/* The DLLs this runtime provides. */
const struct ndl_dll_set *ndl_exports_default(void);

/* DLL by name, case-insensitive ("NTOSKRNL.EXE" == "ntoskrnl.exe"). */
const struct ndl_dll *ndl_dll_find(const struct ndl_dll_set *set,
				   const char *name);
/* Export by name (case-sensitive, as Windows) or ordinal; NULL if none. */
const struct ndl_export *ndl_dll_export_by_name(const struct ndl_dll *dll,
						const char *name);
const struct ndl_export *ndl_dll_export_by_ordinal(const struct ndl_dll *dll,
						   u16 ordinal);
/* An implemented export's address, searching every DLL of set; or NULL. */
void *ndl_exports_lookup(const struct ndl_dll_set *set, const char *name);

/*
 * Logging stubs (the loader's "bind stubs" option): an ms_abi function that
 * logs "DLL!name called" and returns STATUS_NOT_IMPLEMENTED (0xC0000002).
 * A fixed pool of slots serves every loaded image; NULL once exhausted.
 * Release a stub when its image is unloaded.
 */
void *ndl_stub_bind(const char *dll, const char *name);
void ndl_stub_release(void *stub);
u32 ndl_stub_calls(void *stub);		/* how often it was called */

#endif
