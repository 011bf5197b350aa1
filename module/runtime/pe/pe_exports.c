// SPDX-License-Identifier: GPL-2.0-only
/* Look up a symbol a loaded image exports (its .edata), bounds-checked. */
#include "pe/pe_parse.h"

static const char *export_name(const struct ndl_image *img, u32 rva)
{
	u32 max = img->info.size_of_image;

	for (u32 n = 0; rva + n < max && n < 256; n++)
		if (!img->base[rva + n])
			return (const char *)img->base + rva;
	return NULL;
}

void *ndl_pe_export(const struct ndl_image *img, const char *name)
{
	u32 dir = img->info.dir[NDL_PE_DIR_EXPORT].rva;
	const u8 *ed = dir ? ndl_pe_rva(img, dir, 40) : NULL;
	u32 nnames, funcs, names, ords, nfuncs;

	if (!ed)
		return NULL;
	nfuncs = pe_rd32(ed + 20);
	nnames = pe_rd32(ed + 24);
	funcs = pe_rd32(ed + 28);
	names = pe_rd32(ed + 32);
	ords = pe_rd32(ed + 36);
	if (!ndl_pe_rva(img, names, nnames * 4) ||
	    !ndl_pe_rva(img, ords, nnames * 2) ||
	    !ndl_pe_rva(img, funcs, nfuncs * 4) || nnames > 0x10000)
		return NULL;
	for (u32 i = 0; i < nnames; i++) {
		const char *n = export_name(img, pe_rd32(img->base + names + 4 * i));
		u16 ord = pe_rd16(img->base + ords + 2 * i);

		if (n && !ndl_strcmp(n, name) && ord < nfuncs)
			return ndl_pe_rva(img, pe_rd32(img->base + funcs + 4 * ord),
					  1);
	}
	return NULL;
}
