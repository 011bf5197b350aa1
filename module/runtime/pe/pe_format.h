/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * PE/COFF on-disk layout: offsets of the fields the loader reads, and
 * bounds-checked little-endian readers. Offsets, not structs, so a
 * truncated or misaligned file is never read through a struct pointer.
 */
#ifndef NDL_PE_FORMAT_H
#define NDL_PE_FORMAT_H

#include "core/ndl_types.h"

#define PE_DOS_MAGIC		0x5a4d		/* "MZ" */
#define PE_DOS_LFANEW		0x3c
#define PE_SIGNATURE		0x00004550	/* "PE\0\0" */

/* IMAGE_FILE_HEADER, after the 4-byte signature */
#define PE_FH_MACHINE		0
#define PE_FH_NSECTIONS		2
#define PE_FH_TIMESTAMP		4
#define PE_FH_SYMTAB		8
#define PE_FH_NSYMBOLS		12
#define PE_FH_OPT_SIZE		16
#define PE_FH_CHARACTERISTICS	18
#define PE_FH_SIZE		20

#define PE_FILE_RELOCS_STRIPPED	0x0001
#define PE_FILE_EXECUTABLE	0x0002
#define PE_FILE_DLL		0x2000

/* IMAGE_OPTIONAL_HEADER64 */
#define PE_OH_MAGIC		0
#define PE_OH_LINKER_MAJOR	2
#define PE_OH_LINKER_MINOR	3
#define PE_OH_ENTRY		16
#define PE_OH_IMAGE_BASE	24
#define PE_OH_SECTION_ALIGN	32
#define PE_OH_FILE_ALIGN	36
#define PE_OH_OS_MAJOR		40
#define PE_OH_OS_MINOR		42
#define PE_OH_SUBSYS_MAJOR	48
#define PE_OH_SUBSYS_MINOR	50
#define PE_OH_WIN32_VERSION	52
#define PE_OH_SIZE_OF_IMAGE	56
#define PE_OH_SIZE_OF_HEADERS	60
#define PE_OH_CHECKSUM		64
#define PE_OH_SUBSYSTEM		68
#define PE_OH_DLL_CHARS		70
#define PE_OH_LOADER_FLAGS	104
#define PE_OH_NDIRS		108
#define PE_OH_DIRS		112
#define PE_OH_MAGIC_PE32	0x10b
#define PE_OH_MAGIC_PE32PLUS	0x20b

/* IMAGE_SECTION_HEADER */
#define PE_SH_NAME		0
#define PE_SH_VSIZE		8
#define PE_SH_RVA		12
#define PE_SH_RAW_SIZE		16
#define PE_SH_RAW_PTR		20
#define PE_SH_CHARACTERISTICS	36
#define PE_SH_SIZE		40

#define PE_SCN_CNT_CODE		0x00000020
#define PE_SCN_CNT_INIT_DATA	0x00000040
#define PE_SCN_CNT_UNINIT_DATA	0x00000080
#define PE_SCN_MEM_DISCARDABLE	0x02000000
#define PE_SCN_MEM_EXECUTE	0x20000000
#define PE_SCN_MEM_READ		0x40000000
#define PE_SCN_MEM_WRITE	0x80000000

/* IMAGE_IMPORT_DESCRIPTOR */
#define PE_ID_ILT		0
#define PE_ID_NAME		12
#define PE_ID_IAT		16
#define PE_ID_SIZE		20
#define PE_ORDINAL_FLAG64	0x8000000000000000ull

/* IMAGE_BASE_RELOCATION */
#define PE_REL_ABSOLUTE		0
#define PE_REL_HIGH		1
#define PE_REL_LOW		2
#define PE_REL_HIGHLOW		3
#define PE_REL_HIGHADJ		4
#define PE_REL_DIR64		10

/* IMAGE_LOAD_CONFIG_DIRECTORY64 */
#define PE_LC_SIZE		0
#define PE_LC_SECURITY_COOKIE	0x58
#define PE_LC_GUARD_CHECK	0x70	/* GuardCFCheckFunctionPointer */
#define PE_LC_GUARD_DISPATCH	0x78	/* GuardCFDispatchFunctionPointer */
#define PE_LC_GUARD_FLAGS	0x90
#define PE_GUARD_SECURITY_COOKIE_UNUSED	0x00000800
#define PE_GS_DEFAULT_COOKIE64	0x00002B992DDFA232ull

/*
 * Unaligned little-endian access to file and image bytes. The runtime is
 * x86_64 only (little-endian, unaligned loads allowed), so a memcpy of
 * the width is one move; the byte-by-byte stores this replaced were not
 * merged by gcc and were half of the time spent relocating.
 */
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "PE files are little-endian and so is every host the runtime supports"
#endif

static inline u16 pe_rd16(const u8 *p)
{
	u16 v;

	ndl_memcpy(&v, p, sizeof(v));
	return v;
}

static inline u32 pe_rd32(const u8 *p)
{
	u32 v;

	ndl_memcpy(&v, p, sizeof(v));
	return v;
}

static inline u64 pe_rd64(const u8 *p)
{
	u64 v;

	ndl_memcpy(&v, p, sizeof(v));
	return v;
}

static inline void pe_wr64(u8 *p, u64 v)
{
	ndl_memcpy(p, &v, sizeof(v));
}

static inline void pe_wr32(u8 *p, u32 v)
{
	ndl_memcpy(p, &v, sizeof(v));
}

#endif
