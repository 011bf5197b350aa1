/* SPDX-License-Identifier: GPL-2.0-only */
/* Loader-internal parsing state shared by pe_parse.c and pe_load.c. */
#ifndef NDL_PE_PARSE_H
#define NDL_PE_PARSE_H

#include "pe/pe.h"
#include "pe/pe_format.h"
#include "core/rt.h"

struct pe_parser {
	const u8 *f;
	size_t len;
	struct ndl_pe_info *info;
	struct ndl_pe_error *err;
	u32 fh;		/* file offset of IMAGE_FILE_HEADER */
	u32 oh;		/* file offset of the optional header */
	u32 opt_size;
};

/* Fill err->msg and return -NDL_ENOEXEC. */
int pe_fail(struct pe_parser *p, const char *fmt, ...) __printf(2, 3);
/* File bytes behind image range [rva, rva + len), or NULL. */
const u8 *pe_rva_file(const struct pe_parser *p, u32 rva, u32 len);
/* ndl_pe_parse keeping the parser state for the loader. */
int ndl_pe_parse_into(struct pe_parser *p, const void *file, size_t len,
		      struct ndl_pe_info *info, struct ndl_pe_error *err);
/*
 * Call fn(ctx, page_rva, entries, n) for every relocation block: n 16-bit
 * entries (type in the top 4 bits, page offset in the low 12) at entries,
 * checked to lie in the file. Per block, not per entry: a driver has
 * 10^5 relocations, and an indirect call each was most of the load time.
 */
int ndl_pe_relocs_walk(const struct pe_parser *p,
		       int (*fn)(void *ctx, u32 page, const u8 *entries, u32 n),
		       void *ctx);

#endif
