/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * PE32+ loader: validates a Windows .sys file, maps it with per-section
 * protections, applies base relocations and binds its imports against the
 * runtime's export tables. Every failure fills a precise message naming
 * the field and its value.
 */
#ifndef NDL_PE_H
#define NDL_PE_H

#include "core/exports.h"

#define NDL_PE_ERR_LEN 1024
struct ndl_pe_error {
	char msg[NDL_PE_ERR_LEN];
};

#define NDL_PE_MACHINE_AMD64	0x8664
#define NDL_PE_MACHINE_I386	0x014c
#define NDL_PE_SUBSYSTEM_NATIVE	1

enum {
	NDL_PE_DIR_EXPORT, NDL_PE_DIR_IMPORT, NDL_PE_DIR_RESOURCE,
	NDL_PE_DIR_EXCEPTION, NDL_PE_DIR_SECURITY, NDL_PE_DIR_BASERELOC,
	NDL_PE_DIR_DEBUG, NDL_PE_DIR_ARCH, NDL_PE_DIR_GLOBALPTR,
	NDL_PE_DIR_TLS, NDL_PE_DIR_LOAD_CONFIG, NDL_PE_DIR_BOUND_IMPORT,
	NDL_PE_DIR_IAT, NDL_PE_DIR_DELAY_IMPORT, NDL_PE_DIR_CLR,
	NDL_PE_DIR_RESERVED, NDL_PE_DIR_COUNT
};

struct ndl_pe_section {
	char name[9];		/* NUL-terminated */
	u32 rva, vsize;		/* vsize: VirtualSize, or raw size if 0 */
	u32 raw_off, raw_size;	/* raw_size already clipped to vsize */
	u32 flags;		/* IMAGE_SCN_* */
};

struct ndl_cr8_site;

/* Imports of a parsed file (ndl_pe_parse only: freed once loaded). */
struct ndl_pe_import {
	const char *dll;	/* points into the file */
	const char *name;	/* NULL when imported by ordinal */
	u16 ordinal;
	u16 hint;
	u32 iat_rva;		/* where the address is written */
};

/* Everything the loader learnt from the headers (pointers into the file). */
struct ndl_pe_info {
	u16 machine;
	u16 nsections;
	u32 timestamp;
	u16 characteristics;
	u16 subsystem;
	u16 dll_characteristics;
	u16 os_major, os_minor, subsys_major, subsys_minor;
	u8 linker_major, linker_minor;
	u64 image_base;
	u32 size_of_image;
	u32 size_of_headers;
	u32 entry_rva;
	u32 section_align, file_align;
	u32 checksum;			/* OptionalHeader.CheckSum */
	u32 checksum_actual;		/* computed over the file */
	struct { u32 rva, size; } dir[NDL_PE_DIR_COUNT];
	u32 ndirs;			/* NumberOfRvaAndSizes (clamped) */
	struct ndl_pe_section *sections;	/* nsections entries */
	struct ndl_pe_import *imports;
	u32 nimports;
	u32 nrelocs;			/* DIR64/HIGHLOW entries */
	u32 cookie_rva;			/* /GS cookie (load config), or 0 */
	u32 guard_check_rva;		/* GuardCFCheckFunctionPointer, or 0 */
	u32 guard_dispatch_rva;		/* GuardCFDispatchFunctionPointer, or 0 */
};

/*
 * Parse and validate file[0..len): headers, sections, relocations,
 * imports. Fills *info (free with ndl_pe_info_free). 0 or -NDL_ENOEXEC
 * (or -NDL_ENOMEM) with err filled.
 */
int ndl_pe_parse(const void *file, size_t len, struct ndl_pe_info *info,
		 struct ndl_pe_error *err);
void ndl_pe_info_free(struct ndl_pe_info *info);

struct ndl_load_opts {
	const struct ndl_dll_set *dlls;	/* NULL: the runtime's own DLLs */
	bool bind_stubs;	/* missing import: logging stub, not failure */
	/*
	 * Turn cr8 accesses into UD0 traps for ndl_intrinsic_emulate: for
	 * hosts that catch #UD in driver code (user host: SIGILL; kernel:
	 * its die notifier, module/linux/cr8.c). Otherwise cr8 runs natively.
	 */
	bool trap_cr8;
};

struct ndl_image {
	u8 *base;			/* mapped image */
	size_t map_size;		/* page-rounded SizeOfImage */
	u8 *kpcr;			/* fake KPCR page after the image */
	struct ndl_pe_info info;
	void **stubs;			/* logging stubs bound (released at unload) */
	u32 nstubs;
	u64 cookie;			/* /GS cookie value written, or 0 */
	/* Inline intrinsics found in code (intrinsics.c). */
	u32 kusd_refs;			/* KUSER_SHARED_DATA addresses patched */
	u32 cr8_refs;			/* mov to/from cr8, now UD0 traps */
	struct ndl_cr8_site *cr8_sites;	/* sorted by rva (intrinsics.c) */
	u32 cr8_cap;			/* entries allocated */
	u32 gs_refs;			/* gs:-relative KPCR loads rewritten */
	struct ndl_image *next;		/* list of loaded images */
};

/* Load file into memory ready to run. *out is ndl_alloc'ed. */
int ndl_pe_load(const void *file, size_t len, const struct ndl_load_opts *opts,
		struct ndl_image **out, struct ndl_pe_error *err);
void ndl_pe_unload(struct ndl_image *img);

/* Map an image address to RVA-checked pointer; NULL if outside. */
void *ndl_pe_rva(const struct ndl_image *img, u32 rva, u32 len);
/* Does addr lie within the image? (for .pdata lookups, diagnostics) */
bool ndl_pe_contains(const struct ndl_image *img, const void *addr);

/* Address of a symbol the image itself exports, or NULL. */
void *ndl_pe_export(const struct ndl_image *img, const char *name);

/*
 * The /guard:cf routines the loader puts in an image's load config
 * (nt_seh_asm.c): the check accepts every target (RCX) and preserves
 * every register; the dispatch jumps to the target in RAX.
 */
void ndl_guard_check_icall(void);
void ndl_guard_dispatch_icall(void);
/* Registry of loaded images (image_list.c). */
void ndl_image_register(struct ndl_image *img);
void ndl_image_unregister(struct ndl_image *img);
struct ndl_image *ndl_image_containing(const void *addr);

#endif
