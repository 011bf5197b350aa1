// SPDX-License-Identifier: GPL-2.0-only
/*
 * PE32+ validation: every header field, section, data directory,
 * relocation and import is checked against the file's bounds before use.
 * A failure names the field and its value (docs/runtime.md, "Loader").
 */
#include "pe/pe_parse.h"
#include "core/fmt.h"

#define MAX_IMAGE_SIZE	(64u << 20)	/* NDIS drivers are a few MiB */
#define MAX_SECTIONS	96		/* Windows' own limit */
#define MAX_IMPORTS	8192
#define MAX_NAME	256

int pe_fail(struct pe_parser *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ndl_vsnprintf(p->err->msg, sizeof(p->err->msg), fmt, ap);
	va_end(ap);
	return -NDL_ENOEXEC;
}

static bool is_pow2(u32 v)
{
	return v && !(v & (v - 1));
}

/* Bytes of the file behind [rva, rva + len), or NULL if not file-backed. */
const u8 *pe_rva_file(const struct pe_parser *p, u32 rva, u32 len)
{
	const struct ndl_pe_info *in = p->info;
	u64 end = (u64)rva + len;

	if (end <= in->size_of_headers && end <= p->len)
		return p->f + rva;
	for (u32 i = 0; i < in->nsections; i++) {
		const struct ndl_pe_section *s = &in->sections[i];

		if (rva >= s->rva && end <= (u64)s->rva + s->raw_size)
			return p->f + s->raw_off + (rva - s->rva);
	}
	return NULL;
}

/* File bytes at rva and how many follow in the same backed region. */
static const u8 *rva_span(const struct pe_parser *p, u32 rva, u32 *avail)
{
	const struct ndl_pe_info *in = p->info;
	u32 hdr_end = in->size_of_headers < p->len ? in->size_of_headers :
		      (u32)p->len;

	if (rva < hdr_end) {
		*avail = hdr_end - rva;
		return p->f + rva;
	}
	for (u32 i = 0; i < in->nsections; i++) {
		const struct ndl_pe_section *s = &in->sections[i];

		if (rva >= s->rva && rva < s->rva + s->raw_size) {
			*avail = s->raw_size - (rva - s->rva);
			return p->f + s->raw_off + (rva - s->rva);
		}
	}
	return NULL;
}

/* A NUL-terminated string at rva, file-backed, at most MAX_NAME long. */
static const char *rva_string(const struct pe_parser *p, u32 rva)
{
	u32 avail;
	const u8 *s = rva_span(p, rva, &avail);

	if (!s)
		return NULL;
	for (u32 n = 0; n < avail && n < MAX_NAME; n++)
		if (!s[n])
			return (const char *)s;
	return NULL;
}

/*
 * The PE image checksum: 16-bit one's-complement-style sum of the file
 * with the CheckSum field taken as zero, plus the file length. Windows
 * checks it for boot drivers; a mismatch means a damaged or edited file.
 *
 * Summed 32 bits at a time: 2^16 = 1 (mod 0xffff), so a 32-bit word adds
 * the same modulo 0xffff as its two 16-bit halves, and the end-around
 * fold keeps only the sum modulo 0xffff (zero only for an all-zero
 * file, either way). The field's bytes are subtracted again afterwards.
 */
static u32 pe_checksum(const struct pe_parser *p)
{
	size_t skip = p->oh + PE_OH_CHECKSUM, n = p->len & ~(size_t)3;
	u64 sum = 0;	/* 2^32 words of 2^32 - 1 would be needed to wrap */

	for (size_t at = 0; at < n; at += 4)
		sum += pe_rd32(p->f + at);
	for (size_t at = n; at < p->len; at++)
		sum += (u64)p->f[at] << (8 * (at & 3));
	for (size_t at = skip; at < skip + 4 && at < p->len; at++)
		sum -= (u64)p->f[at] << (8 * (at & 3));
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (u32)sum + (u32)p->len;
}

static int parse_file_header(struct pe_parser *p)
{
	struct ndl_pe_info *in = p->info;
	const u8 *fh;
	u32 lfanew;

	if (p->len < 0x40)
		return pe_fail(p, "file is %zu bytes: too short for a DOS header (64 bytes)",
			       p->len);
	if (pe_rd16(p->f) != PE_DOS_MAGIC)
		return pe_fail(p, "DOS header e_magic = 0x%04x: not an MZ executable (expected 0x5a4d)",
			       pe_rd16(p->f));
	lfanew = pe_rd32(p->f + PE_DOS_LFANEW);
	if (lfanew < 0x40 || (u64)lfanew + 4 + PE_FH_SIZE > p->len)
		return pe_fail(p, "DOS header e_lfanew = 0x%x: PE header outside the file (%zu bytes)",
			       lfanew, p->len);
	if (pe_rd32(p->f + lfanew) != PE_SIGNATURE)
		return pe_fail(p, "PE signature at 0x%x = 0x%08x: not a PE image (expected 0x00004550)",
			       lfanew, pe_rd32(p->f + lfanew));
	p->fh = lfanew + 4;
	fh = p->f + p->fh;
	in->machine = pe_rd16(fh + PE_FH_MACHINE);
	if (in->machine == NDL_PE_MACHINE_I386)
		return pe_fail(p, "FileHeader.Machine = 0x014c (i386): a 32-bit driver; this runtime runs x86_64 (AMD64, 0x8664) drivers");
	if (in->machine != NDL_PE_MACHINE_AMD64)
		return pe_fail(p, "FileHeader.Machine = 0x%04x: not an x86_64 image (expected 0x8664)",
			       in->machine);
	in->nsections = pe_rd16(fh + PE_FH_NSECTIONS);
	if (in->nsections == 0 || in->nsections > MAX_SECTIONS)
		return pe_fail(p, "FileHeader.NumberOfSections = %u: must be 1..%u",
			       in->nsections, MAX_SECTIONS);
	in->timestamp = pe_rd32(fh + PE_FH_TIMESTAMP);
	in->characteristics = pe_rd16(fh + PE_FH_CHARACTERISTICS);
	if (!(in->characteristics & PE_FILE_EXECUTABLE))
		return pe_fail(p, "FileHeader.Characteristics = 0x%04x: IMAGE_FILE_EXECUTABLE_IMAGE (0x0002) not set (object file?)",
			       in->characteristics);
	p->opt_size = pe_rd16(fh + PE_FH_OPT_SIZE);
	if (p->opt_size < PE_OH_DIRS)
		return pe_fail(p, "FileHeader.SizeOfOptionalHeader = %u: too small for PE32+ (at least %u)",
			       p->opt_size, PE_OH_DIRS);
	p->oh = p->fh + PE_FH_SIZE;
	if ((u64)p->oh + p->opt_size > p->len)
		return pe_fail(p, "FileHeader.SizeOfOptionalHeader = %u: optional header runs past the end of the file (%zu bytes)",
			       p->opt_size, p->len);
	return 0;
}

static int parse_optional_header(struct pe_parser *p)
{
	struct ndl_pe_info *in = p->info;
	const u8 *oh = p->f + p->oh;
	u16 magic = pe_rd16(oh + PE_OH_MAGIC);
	u32 ndirs;

	if (magic == PE_OH_MAGIC_PE32)
		return pe_fail(p, "OptionalHeader.Magic = 0x10b: a PE32 (32-bit) image; expected PE32+ (0x20b)");
	if (magic != PE_OH_MAGIC_PE32PLUS)
		return pe_fail(p, "OptionalHeader.Magic = 0x%x: expected PE32+ (0x20b)",
			       magic);
	in->linker_major = oh[PE_OH_LINKER_MAJOR];
	in->linker_minor = oh[PE_OH_LINKER_MINOR];
	in->entry_rva = pe_rd32(oh + PE_OH_ENTRY);
	in->image_base = pe_rd64(oh + PE_OH_IMAGE_BASE);
	in->section_align = pe_rd32(oh + PE_OH_SECTION_ALIGN);
	in->file_align = pe_rd32(oh + PE_OH_FILE_ALIGN);
	in->os_major = pe_rd16(oh + PE_OH_OS_MAJOR);
	in->os_minor = pe_rd16(oh + PE_OH_OS_MINOR);
	in->subsys_major = pe_rd16(oh + PE_OH_SUBSYS_MAJOR);
	in->subsys_minor = pe_rd16(oh + PE_OH_SUBSYS_MINOR);
	in->size_of_image = pe_rd32(oh + PE_OH_SIZE_OF_IMAGE);
	in->size_of_headers = pe_rd32(oh + PE_OH_SIZE_OF_HEADERS);
	in->checksum = pe_rd32(oh + PE_OH_CHECKSUM);
	in->checksum_actual = pe_checksum(p);
	in->subsystem = pe_rd16(oh + PE_OH_SUBSYSTEM);
	in->dll_characteristics = pe_rd16(oh + PE_OH_DLL_CHARS);

	if (in->image_base & 0xffff)
		return pe_fail(p, "OptionalHeader.ImageBase = 0x%llx: not a multiple of 64 KiB",
			       (unsigned long long)in->image_base);
	if (!is_pow2(in->section_align))
		return pe_fail(p, "OptionalHeader.SectionAlignment = 0x%x: not a power of two",
			       in->section_align);
	if (!is_pow2(in->file_align) || in->file_align > 0x10000)
		return pe_fail(p, "OptionalHeader.FileAlignment = 0x%x: not a power of two up to 0x10000",
			       in->file_align);
	if (in->file_align > in->section_align)
		return pe_fail(p, "OptionalHeader.FileAlignment = 0x%x: larger than SectionAlignment 0x%x",
			       in->file_align, in->section_align);
	if (in->size_of_image == 0 || in->size_of_image > MAX_IMAGE_SIZE)
		return pe_fail(p, "OptionalHeader.SizeOfImage = 0x%x: must be 1..0x%x",
			       in->size_of_image, MAX_IMAGE_SIZE);
	if (in->size_of_image % in->section_align)
		return pe_fail(p, "OptionalHeader.SizeOfImage = 0x%x: not a multiple of SectionAlignment 0x%x",
			       in->size_of_image, in->section_align);
	if (in->subsystem != NDL_PE_SUBSYSTEM_NATIVE)
		return pe_fail(p, "OptionalHeader.Subsystem = %u: not a kernel driver (expected 1, native)",
			       in->subsystem);
	ndirs = pe_rd32(oh + PE_OH_NDIRS);
	if (ndirs > (p->opt_size - PE_OH_DIRS) / 8)
		return pe_fail(p, "OptionalHeader.NumberOfRvaAndSizes = %u: %u directories do not fit in SizeOfOptionalHeader %u",
			       ndirs, ndirs, p->opt_size);
	in->ndirs = ndirs < NDL_PE_DIR_COUNT ? ndirs : NDL_PE_DIR_COUNT;
	for (u32 i = 0; i < in->ndirs; i++) {
		in->dir[i].rva = pe_rd32(oh + PE_OH_DIRS + 8 * i);
		in->dir[i].size = pe_rd32(oh + PE_OH_DIRS + 8 * i + 4);
	}
	return 0;
}

static int parse_headers_size(struct pe_parser *p)
{
	struct ndl_pe_info *in = p->info;
	u64 end = (u64)p->oh + p->opt_size + (u64)in->nsections * PE_SH_SIZE;

	if (end > p->len)
		return pe_fail(p, "FileHeader.NumberOfSections = %u: section table ends at 0x%llx, past the end of the file (%zu bytes)",
			       in->nsections, (unsigned long long)end, p->len);
	if (in->size_of_headers < end || in->size_of_headers > p->len)
		return pe_fail(p, "OptionalHeader.SizeOfHeaders = 0x%x: must cover the section table (0x%llx) and lie within the file (%zu bytes)",
			       in->size_of_headers, (unsigned long long)end,
			       p->len);
	if (in->size_of_headers > in->size_of_image)
		return pe_fail(p, "OptionalHeader.SizeOfHeaders = 0x%x: larger than SizeOfImage 0x%x",
			       in->size_of_headers, in->size_of_image);
	return 0;
}

static int parse_sections(struct pe_parser *p)
{
	struct ndl_pe_info *in = p->info;
	u64 next = NDL_ALIGN_UP((u64)in->size_of_headers, in->section_align);

	in->sections = ndl_alloc(sizeof(*in->sections) * in->nsections,
				 NDL_OS_ZERO);
	if (!in->sections)
		return pe_fail(p, "out of memory for %u section descriptors",
			       in->nsections), -NDL_ENOMEM;
	for (u32 i = 0; i < in->nsections; i++) {
		const u8 *sh = p->f + p->oh + p->opt_size + i * PE_SH_SIZE;
		struct ndl_pe_section *s = &in->sections[i];
		u32 raw_size = pe_rd32(sh + PE_SH_RAW_SIZE);

		for (int c = 0; c < 8; c++) {
			u8 ch = sh[PE_SH_NAME + c];

			s->name[c] = (ch >= 0x20 && ch < 0x7f) ? (char)ch :
				     ch ? '?' : 0;
			if (!ch)
				break;
		}
		s->vsize = pe_rd32(sh + PE_SH_VSIZE);
		s->rva = pe_rd32(sh + PE_SH_RVA);
		s->raw_off = pe_rd32(sh + PE_SH_RAW_PTR);
		s->flags = pe_rd32(sh + PE_SH_CHARACTERISTICS);
		if (s->vsize == 0)
			s->vsize = raw_size;
		if (s->rva % in->section_align)
			return pe_fail(p, "section %u (%s): VirtualAddress = 0x%x not aligned to SectionAlignment 0x%x",
				       i, s->name, s->rva, in->section_align);
		if (s->rva < next)
			return pe_fail(p, "section %u (%s): VirtualAddress = 0x%x overlaps the headers or the previous section (next free RVA 0x%llx)",
				       i, s->name, s->rva,
				       (unsigned long long)next);
		if ((u64)s->rva + s->vsize > in->size_of_image)
			return pe_fail(p, "section %u (%s): VirtualAddress 0x%x + VirtualSize 0x%x exceeds SizeOfImage 0x%x",
				       i, s->name, s->rva, s->vsize,
				       in->size_of_image);
		if (raw_size && (u64)s->raw_off + raw_size > p->len)
			return pe_fail(p, "section %u (%s): PointerToRawData 0x%x + SizeOfRawData 0x%x exceeds the file size (%zu bytes)",
				       i, s->name, s->raw_off, raw_size,
				       p->len);
		/* Raw data past the virtual size is file padding: ignore it. */
		s->raw_size = raw_size < s->vsize ? raw_size : s->vsize;
		if (s->flags & PE_SCN_CNT_UNINIT_DATA && !(s->flags &
		    PE_SCN_CNT_INIT_DATA))
			s->raw_size = 0;
		next = NDL_ALIGN_UP((u64)s->rva + s->vsize, in->section_align);
	}
	return 0;
}

static const char *const dir_names[NDL_PE_DIR_COUNT] = {
	"export", "import", "resource", "exception", "security",
	"base relocation", "debug", "architecture", "global pointer", "TLS",
	"load config", "bound import", "IAT", "delay import", "CLR",
	"reserved",
};

static int parse_directories(struct pe_parser *p)
{
	struct ndl_pe_info *in = p->info;

	for (u32 i = 0; i < in->ndirs; i++) {
		u32 rva = in->dir[i].rva, size = in->dir[i].size;

		if (!rva && !size)
			continue;
		if (i == NDL_PE_DIR_SECURITY) {	/* a file offset, not an RVA */
			if ((u64)rva + size > p->len)
				return pe_fail(p, "certificate directory: offset 0x%x + size 0x%x exceeds the file size (%zu bytes)",
					       rva, size, p->len);
			continue;
		}
		if (i == NDL_PE_DIR_BOUND_IMPORT)	/* in the headers; ignored */
			continue;
		if ((u64)rva + size > in->size_of_image)
			return pe_fail(p, "%s directory: RVA 0x%x + size 0x%x exceeds SizeOfImage 0x%x",
				       dir_names[i], rva, size,
				       in->size_of_image);
	}
	if (in->dir[NDL_PE_DIR_TLS].rva)
		return pe_fail(p, "TLS directory at RVA 0x%x: thread-local storage is not possible in a kernel driver",
			       in->dir[NDL_PE_DIR_TLS].rva);
	if (in->dir[NDL_PE_DIR_DELAY_IMPORT].rva)
		return pe_fail(p, "delay-import directory at RVA 0x%x: delay-loaded imports are not supported in drivers",
			       in->dir[NDL_PE_DIR_DELAY_IMPORT].rva);
	if (in->dir[NDL_PE_DIR_CLR].rva)
		return pe_fail(p, "CLR directory at RVA 0x%x: a .NET image, not a driver",
			       in->dir[NDL_PE_DIR_CLR].rva);
	return 0;
}

static int parse_entry(struct pe_parser *p)
{
	struct ndl_pe_info *in = p->info;

	if (!in->entry_rva)
		return pe_fail(p, "OptionalHeader.AddressOfEntryPoint = 0: a driver needs DriverEntry");
	for (u32 i = 0; i < in->nsections; i++) {
		const struct ndl_pe_section *s = &in->sections[i];

		if (in->entry_rva >= s->rva && in->entry_rva < s->rva + s->vsize) {
			if (!(s->flags & (PE_SCN_MEM_EXECUTE | PE_SCN_CNT_CODE)))
				return pe_fail(p, "OptionalHeader.AddressOfEntryPoint = 0x%x: in section %s, which is not executable (Characteristics 0x%08x)",
					       in->entry_rva, s->name, s->flags);
			return 0;
		}
	}
	return pe_fail(p, "OptionalHeader.AddressOfEntryPoint = 0x%x: not inside any section",
		       in->entry_rva);
}

int ndl_pe_relocs_walk(const struct pe_parser *p,
		       int (*fn)(void *ctx, u32 page, const u8 *entries, u32 n),
		       void *ctx)
{
	const struct ndl_pe_info *in = p->info;
	u32 rva = in->dir[NDL_PE_DIR_BASERELOC].rva;
	u32 left = in->dir[NDL_PE_DIR_BASERELOC].size;
	int rc;

	if (!rva)
		return 0;
	while (left >= 8) {
		const u8 *blk = pe_rva_file(p, rva, 8);
		u32 page, size;

		if (!blk)
			return pe_fail((struct pe_parser *)p, "relocation block at RVA 0x%x: not backed by file data",
				       rva);
		page = pe_rd32(blk);
		size = pe_rd32(blk + 4);
		if (size < 8 || size > left || size % 2)
			return pe_fail((struct pe_parser *)p, "relocation block at RVA 0x%x: SizeOfBlock = %u invalid (8..%u, even)",
				       rva, size, left);
		blk = pe_rva_file(p, rva, size);
		if (!blk)
			return pe_fail((struct pe_parser *)p, "relocation block at RVA 0x%x (%u bytes): not backed by file data",
				       rva, size);
		rc = fn(ctx, page, blk + 8, (size - 8) / 2);
		if (rc)
			return rc;
		rva += size;
		left -= size;
	}
	if (left)
		return pe_fail((struct pe_parser *)p, "base relocation directory: %u trailing bytes after the last block",
			       left);
	return 0;
}

static const char *reloc_type_name(u32 type)
{
	static const char *const names[] = {
		"ABSOLUTE", "HIGH", "LOW", "HIGHLOW", "HIGHADJ",
		"MIPS_JMPADDR/ARM_MOV32", "RESERVED", "THUMB_MOV32",
		"RISCV_LOW12S", "MIPS_JMPADDR16", "DIR64",
	};

	return type < NDL_ARRAY_SIZE(names) ? names[type] : "unknown";
}

static int check_reloc(struct pe_parser *p, u32 type, u32 rva)
{
	u32 width;

	if (type == PE_REL_ABSOLUTE)
		return 0;
	if (type == PE_REL_DIR64)
		width = 8;
	else if (type == PE_REL_HIGHLOW)
		width = 4;
	else
		return pe_fail(p, "relocation at RVA 0x%x: type %s (%u) is not supported (only DIR64, HIGHLOW, ABSOLUTE)",
			       rva, reloc_type_name(type), type);
	if ((u64)rva + width > p->info->size_of_image)
		return pe_fail(p, "relocation %s at RVA 0x%x: target outside the image (SizeOfImage 0x%x)",
			       reloc_type_name(type), rva,
			       p->info->size_of_image);
	p->info->nrelocs++;
	return 0;
}

static int check_reloc_block(void *ctx, u32 page, const u8 *entries, u32 n)
{
	struct pe_parser *p = ctx;
	/* Any offset of a page well inside the image takes 8 bytes. */
	bool inside = (u64)page + 0xfff + 8 <= p->info->size_of_image;
	u32 counted = 0;
	int rc = 0;

	for (u32 i = 0; i < n && !rc; i++) {
		u16 e = pe_rd16(entries + 2 * i);
		u32 type = e >> 12;

		if (inside && (type == PE_REL_DIR64 || type == PE_REL_HIGHLOW))
			counted++;
		else
			rc = check_reloc(p, type, page + (e & 0xfff));
	}
	p->info->nrelocs += counted;
	return rc;
}

static int parse_relocs(struct pe_parser *p)
{
	struct ndl_pe_info *in = p->info;

	if (!in->dir[NDL_PE_DIR_BASERELOC].rva &&
	    (in->characteristics & PE_FILE_RELOCS_STRIPPED))
		return pe_fail(p, "FileHeader.Characteristics = 0x%04x: relocations stripped; the image could only run at ImageBase 0x%llx",
			       in->characteristics,
			       (unsigned long long)in->image_base);
	return ndl_pe_relocs_walk(p, check_reloc_block, p);
}

/* Walk one descriptor's lookup table; add entries when imports != NULL. */
static int walk_thunks(struct pe_parser *p, const char *dll, u32 ilt, u32 iat,
		       u32 *count)
{
	struct ndl_pe_info *in = p->info;

	for (u32 i = 0;; i++) {
		const u8 *t = pe_rva_file(p, ilt + 8 * i, 8);
		struct ndl_pe_import *imp;
		u64 v;

		if (!t)
			return pe_fail(p, "imports from %s: lookup entry %u at RVA 0x%x not backed by file data (missing terminator?)",
				       dll, i, ilt + 8 * i);
		v = pe_rd64(t);
		if (!v)
			return 0;
		if ((u64)iat + 8 * (i + 1) > in->size_of_image)
			return pe_fail(p, "imports from %s: IAT entry %u at RVA 0x%x outside the image",
				       dll, i, iat + 8 * i);
		if (*count >= MAX_IMPORTS)
			return pe_fail(p, "more than %u imports", MAX_IMPORTS);
		imp = in->imports ? &in->imports[*count] : NULL;
		(*count)++;
		if (v & PE_ORDINAL_FLAG64) {
			if (v & 0x7fffffffffff0000ull)
				return pe_fail(p, "imports from %s: entry %u = 0x%llx: ordinal import with reserved bits set",
					       dll, i, (unsigned long long)v);
			if (imp) {
				imp->ordinal = (u16)v;
				imp->name = NULL;
			}
		} else {
			const u8 *hint;
			const char *name;

			if (v >> 31)
				return pe_fail(p, "imports from %s: entry %u = 0x%llx: name RVA with reserved bits set",
					       dll, i, (unsigned long long)v);
			hint = pe_rva_file(p, (u32)v, 2);
			name = hint ? rva_string(p, (u32)v + 2) : NULL;
			if (!name || !*name)
				return pe_fail(p, "imports from %s: entry %u: name at RVA 0x%llx is not a string within the file",
					       dll, i, (unsigned long long)v + 2);
			if (imp) {
				imp->hint = pe_rd16(hint);
				imp->name = name;
			}
		}
		if (imp) {
			imp->dll = dll;
			imp->iat_rva = iat + 8 * i;
		}
	}
}

static int walk_imports(struct pe_parser *p, u32 *count)
{
	struct ndl_pe_info *in = p->info;
	u32 rva = in->dir[NDL_PE_DIR_IMPORT].rva;
	int rc;

	*count = 0;
	if (!rva)
		return 0;
	for (u32 d = 0;; d++) {
		const u8 *id = pe_rva_file(p, rva + d * PE_ID_SIZE, PE_ID_SIZE);
		u32 ilt, name_rva, iat;
		const char *dll;

		if (!id)
			return pe_fail(p, "import descriptor %u at RVA 0x%x: not backed by file data (missing terminator?)",
				       d, rva + d * PE_ID_SIZE);
		ilt = pe_rd32(id + PE_ID_ILT);
		name_rva = pe_rd32(id + PE_ID_NAME);
		iat = pe_rd32(id + PE_ID_IAT);
		if (!ilt && !name_rva && !iat)
			return 0;
		dll = rva_string(p, name_rva);
		if (!dll || !*dll)
			return pe_fail(p, "import descriptor %u: Name RVA 0x%x is not a string within the file",
				       d, name_rva);
		if (!iat)
			return pe_fail(p, "import descriptor %u (%s): FirstThunk = 0", d,
				       dll);
		rc = walk_thunks(p, dll, ilt ? ilt : iat, iat, count);
		if (rc)
			return rc;
	}
}

static int parse_imports(struct pe_parser *p)
{
	struct ndl_pe_info *in = p->info;
	u32 n;
	int rc;

	rc = walk_imports(p, &n);	/* count and validate */
	if (rc || !n)
		return rc;
	in->imports = ndl_alloc(sizeof(*in->imports) * n, NDL_OS_ZERO);
	if (!in->imports)
		return pe_fail(p, "out of memory for %u imports", n), -NDL_ENOMEM;
	rc = walk_imports(p, &in->nimports);
	return rc;
}

/*
 * A pointer field of the load config (a VA the loader writes through):
 * 0 or an 8-byte slot inside the image, as an RVA in *rva.
 */
static int lc_pointer(struct pe_parser *p, const u8 *lc, u32 size, u32 off,
		      const char *field, u32 *rva)
{
	struct ndl_pe_info *in = p->info;
	u64 va, r;

	*rva = 0;
	if (size < off + 8)
		return 0;	/* too old a layout to have the field */
	va = pe_rd64(lc + off);
	if (!va)
		return 0;
	r = va - in->image_base;
	if (va < in->image_base || r + 8 > in->size_of_image)
		return pe_fail(p, "load config %s = 0x%llx: outside the image (ImageBase 0x%llx, SizeOfImage 0x%x)",
			       field, (unsigned long long)va,
			       (unsigned long long)in->image_base,
			       in->size_of_image);
	*rva = (u32)r;
	return 0;
}

static int parse_load_config(struct pe_parser *p)
{
	struct ndl_pe_info *in = p->info;
	u32 rva = in->dir[NDL_PE_DIR_LOAD_CONFIG].rva;
	const u8 *lc;
	u32 size;
	int rc;

	if (!rva)
		return 0;
	lc = pe_rva_file(p, rva, 4);
	if (!lc)
		return pe_fail(p, "load config directory at RVA 0x%x: not backed by file data",
			       rva);
	size = pe_rd32(lc + PE_LC_SIZE);
	if (size > PE_LC_GUARD_FLAGS + 4)
		size = PE_LC_GUARD_FLAGS + 4;	/* all the fields we use */
	if (size < PE_LC_SECURITY_COOKIE + 8)
		return 0;	/* too old to carry a cookie */
	lc = pe_rva_file(p, rva, size);
	if (!lc)
		return pe_fail(p, "load config directory at RVA 0x%x: Size %u runs past the file data",
			       rva, size);
	rc = lc_pointer(p, lc, size, PE_LC_SECURITY_COOKIE, "SecurityCookie",
			&in->cookie_rva);
	if (!rc)
		rc = lc_pointer(p, lc, size, PE_LC_GUARD_CHECK,
				"GuardCFCheckFunctionPointer",
				&in->guard_check_rva);
	if (!rc)
		rc = lc_pointer(p, lc, size, PE_LC_GUARD_DISPATCH,
				"GuardCFDispatchFunctionPointer",
				&in->guard_dispatch_rva);
	/* The image says its cookie is not a /GS cookie: leave it alone. */
	if (!rc && size >= PE_LC_GUARD_FLAGS + 4 &&
	    (pe_rd32(lc + PE_LC_GUARD_FLAGS) & PE_GUARD_SECURITY_COOKIE_UNUSED))
		in->cookie_rva = 0;
	return rc;
}

int ndl_pe_parse_into(struct pe_parser *p, const void *file, size_t len,
		      struct ndl_pe_info *info, struct ndl_pe_error *err)
{
	int rc;

	ndl_memset(p, 0, sizeof(*p));
	ndl_memset(info, 0, sizeof(*info));
	p->f = file;
	p->len = len;
	p->info = info;
	p->err = err;
	err->msg[0] = 0;
	if (!file)
		return pe_fail(p, "no file data");
	rc = parse_file_header(p);
	if (!rc)
		rc = parse_optional_header(p);
	if (!rc)
		rc = parse_headers_size(p);
	if (!rc)
		rc = parse_sections(p);
	if (!rc)
		rc = parse_directories(p);
	if (!rc)
		rc = parse_entry(p);
	if (!rc)
		rc = parse_relocs(p);
	if (!rc)
		rc = parse_imports(p);
	if (!rc)
		rc = parse_load_config(p);
	if (rc)
		ndl_pe_info_free(info);
	return rc;
}

int ndl_pe_parse(const void *file, size_t len, struct ndl_pe_info *info,
		 struct ndl_pe_error *err)
{
	struct pe_parser p;

	return ndl_pe_parse_into(&p, file, len, info, err);
}

void ndl_pe_info_free(struct ndl_pe_info *info)
{
	ndl_free(info->sections);
	ndl_free(info->imports);
	info->sections = NULL;
	info->imports = NULL;
	info->nimports = 0;
}
