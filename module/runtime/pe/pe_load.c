// SPDX-License-Identifier: GPL-2.0-only
/*
 * PE32+ loading: map headers and sections into host image memory, apply
 * base relocations, bind imports against the export tables, initialise
 * the /GS cookie, then give every page its final protection (W^X).
 */
#include "pe/pe_parse.h"
#include "core/fmt.h"
#include "core/intrinsics.h"

struct reloc_ctx {
	struct pe_parser *p;
	u8 *base;
	s64 delta;
};

/* Entries were checked by the parser (types, targets inside the image). */
static int apply_reloc_block(void *ctx, u32 page, const u8 *entries, u32 n)
{
	struct reloc_ctx *r = ctx;
	u8 *at_page = r->base + page;

	for (u32 i = 0; i < n; i++) {
		u16 e = pe_rd16(entries + 2 * i);
		u32 type = e >> 12;
		u8 *at = at_page + (e & 0xfff);

		if (type == PE_REL_DIR64) {
			pe_wr64(at, pe_rd64(at) + (u64)r->delta);
		} else if (type == PE_REL_HIGHLOW) {
			/* A 32-bit absolute address: it must still fit. */
			s64 target = (s64)(s32)pe_rd32(at) + r->delta;

			if (target != (s64)(s32)target)
				return pe_fail(r->p, "HIGHLOW relocation at RVA 0x%x: the moved address 0x%llx does not fit in 32 bits",
					       page + (e & 0xfff),
					       (unsigned long long)target);
			pe_wr32(at, (u32)target);
		}
	}
	return 0;
}

/* Append "dll!name" (or "dll!#ord") to the missing-imports message. */
static void note_missing(struct ndl_pe_error *err, size_t *len, u32 *shown,
			 const struct ndl_pe_import *imp)
{
	size_t room = sizeof(err->msg) - *len;
	size_t n;

	if (room < 64)		/* keep space for the "... more" tail */
		return;
	if (imp->name)
		n = ndl_snprintf(err->msg + *len, room - 48, "%s%s!%s",
				 *shown ? ", " : "", imp->dll, imp->name);
	else
		n = ndl_snprintf(err->msg + *len, room - 48, "%s%s!#%u",
				 *shown ? ", " : "", imp->dll, imp->ordinal);
	if (n >= room - 48) {	/* did not fit: drop the partial entry */
		err->msg[*len] = 0;
		return;
	}
	*len += n;
	(*shown)++;
}

static const struct ndl_export *resolve(const struct ndl_dll_set *set,
					const struct ndl_pe_import *imp)
{
	const struct ndl_dll *dll = ndl_dll_find(set, imp->dll);
	const struct ndl_export *e;

	if (!dll)
		return NULL;
	e = imp->name ? ndl_dll_export_by_name(dll, imp->name) :
			ndl_dll_export_by_ordinal(dll, imp->ordinal);
	return e && e->kind != NDL_EXPORT_TODO ? e : NULL;
}

static int bind_imports(struct pe_parser *p, struct ndl_image *img,
			const struct ndl_load_opts *opts)
{
	const struct ndl_dll_set *set = opts && opts->dlls ? opts->dlls :
					ndl_exports_default();
	struct ndl_pe_info *in = &img->info;
	u32 missing = 0, shown = 0;
	size_t len = 0;

	for (u32 i = 0; i < in->nimports; i++)
		if (!resolve(set, &in->imports[i]))
			missing++;
	if (missing && !(opts && opts->bind_stubs)) {
		len = ndl_snprintf(p->err->msg, sizeof(p->err->msg),
				   "missing imports (%u): ", missing);
		for (u32 i = 0; i < in->nimports; i++)
			if (!resolve(set, &in->imports[i]))
				note_missing(p->err, &len, &shown,
					     &in->imports[i]);
		if (shown < missing)
			ndl_snprintf(p->err->msg + len, sizeof(p->err->msg) - len,
				     " ... and %u more", missing - shown);
		return -NDL_ENOENT;
	}
	if (missing) {
		img->stubs = ndl_alloc(sizeof(void *) * missing, NDL_OS_ZERO);
		if (!img->stubs)
			return pe_fail(p, "out of memory for %u import stubs",
				       missing), -NDL_ENOMEM;
	}
	for (u32 i = 0; i < in->nimports; i++) {
		const struct ndl_pe_import *imp = &in->imports[i];
		const struct ndl_export *e = resolve(set, imp);
		void *addr;

		if (e) {
			addr = e->addr;
			/* Read without a call: keep it fresh while loaded. */
			if (addr == (void *)&ndlw_KeTickCount)
				img->kusd_refs++;
		} else {
			char ord[8];

			ndl_snprintf(ord, sizeof(ord), "#%u", imp->ordinal);
			addr = ndl_stub_bind(imp->dll, imp->name ? imp->name : ord);
			if (!addr)
				return pe_fail(p, "no free logging stub for %s!%s (all in use)",
					       imp->dll, imp->name ? imp->name : ord);
			img->stubs[img->nstubs++] = addr;
			ndl_warn("%s: import %s!%s bound to a logging stub",
				 "loader", imp->dll, imp->name ? imp->name : ord);
		}
		pe_wr64(img->base + imp->iat_rva, (u64)(uintptr_t)addr);
	}
	return 0;
}

/* /GS: replace the linker's default cookie with a random one, as Windows. */
static void init_cookie(struct ndl_image *img)
{
	u8 *at;
	u64 c, v;

	if (!img->info.cookie_rva)
		return;
	at = img->base + img->info.cookie_rva;
	v = pe_rd64(at);
	if (v != PE_GS_DEFAULT_COOKIE64 && v != 0) {
		ndl_info("loader: /GS cookie already initialised (0x%llx); kept",
			 (unsigned long long)v);
		img->cookie = v;
		return;
	}
	do {
		ndl_os_random(&c, sizeof(c));
		c &= 0x0000ffffffffffffull;	/* x64: top 16 bits clear */
	} while (c == 0 || c == PE_GS_DEFAULT_COOKIE64);
	pe_wr64(at, c);
	img->cookie = c;
}

/*
 * /guard:cf: the load config names two function pointers the loader
 * fills (Windows' loader writes its own CFG routines there). Without CFG
 * enforcement the check routine accepts every target and the dispatch
 * routine just jumps to it (nt_seh_asm.c): the image's indirect calls
 * work whatever the linker left in the slots.
 */
static void init_guard_cf(struct ndl_image *img)
{
	if (img->info.guard_check_rva)
		pe_wr64(img->base + img->info.guard_check_rva,
			(u64)(uintptr_t)ndl_guard_check_icall);
	if (img->info.guard_dispatch_rva)
		pe_wr64(img->base + img->info.guard_dispatch_rva,
			(u64)(uintptr_t)ndl_guard_dispatch_icall);
}

static unsigned int section_prot(u32 flags)
{
	unsigned int prot = 0;

	if (flags & (PE_SCN_MEM_READ | PE_SCN_CNT_CODE | PE_SCN_CNT_INIT_DATA |
		     PE_SCN_CNT_UNINIT_DATA))
		prot |= NDL_OS_PROT_R;
	if (flags & PE_SCN_MEM_WRITE)
		prot |= NDL_OS_PROT_W;
	if (flags & (PE_SCN_MEM_EXECUTE | PE_SCN_CNT_CODE))
		prot |= NDL_OS_PROT_X | NDL_OS_PROT_R;
	return prot;
}

/*
 * Final protections, page by page: the union of the sections on a page.
 * Writable+executable is never granted: such pages (a section flagged
 * RWX, or code and data sharing a page) become read+execute, which is
 * what the code needs once relocations and imports are written.
 */
static int protect_image(struct pe_parser *p, struct ndl_image *img)
{
	const struct ndl_pe_info *in = &img->info;
	size_t pages = img->map_size / NDL_OS_PAGE_SIZE;
	size_t run_start = 0;
	unsigned int run_prot = 0;
	bool warned = false;

	for (size_t pg = 0; pg <= pages; pg++) {
		unsigned int prot = 0;
		u64 lo = (u64)pg * NDL_OS_PAGE_SIZE, hi = lo + NDL_OS_PAGE_SIZE;

		if (pg < pages) {
			if (lo < in->size_of_headers)
				prot |= NDL_OS_PROT_R;
			for (u32 i = 0; i < in->nsections; i++) {
				const struct ndl_pe_section *s = &in->sections[i];
				u64 end = NDL_ALIGN_UP((u64)s->rva + s->vsize,
						       in->section_align);

				if (s->rva < hi && end > lo && s->vsize)
					prot |= section_prot(s->flags);
			}
			if ((prot & NDL_OS_PROT_W) && (prot & NDL_OS_PROT_X)) {
				if (!warned)
					ndl_warn("loader: page at RVA 0x%llx is both writable and executable; mapped read+execute (W^X)",
						 (unsigned long long)lo);
				warned = true;
				prot &= ~NDL_OS_PROT_W;
			}
		}
		if (pg == pages || (pg > run_start && prot != run_prot)) {
			int rc = ndl_os_image_protect(img->base + run_start *
						      NDL_OS_PAGE_SIZE,
						      (pg - run_start) *
						      NDL_OS_PAGE_SIZE, run_prot);
			if (rc)
				return pe_fail(p, "setting protection 0x%x on image pages 0x%zx..0x%zx failed (%d)",
					       run_prot, run_start, pg, rc);
			run_start = pg;
		}
		run_prot = prot;
	}
	if (ndl_os_image_protect(img->kpcr, NDL_OS_PAGE_SIZE, NDL_OS_PROT_R))
		return pe_fail(p, "setting the fake KPCR page read-only failed");
	return 0;
}

static void map_image(struct pe_parser *p, struct ndl_image *img)
{
	const struct ndl_pe_info *in = &img->info;

	ndl_memset(img->base, 0, img->map_size + NDL_OS_PAGE_SIZE);
	img->kpcr = img->base + img->map_size;
	ndl_memcpy(img->base, p->f, in->size_of_headers);
	for (u32 i = 0; i < in->nsections; i++) {
		const struct ndl_pe_section *s = &in->sections[i];

		if (s->raw_size)
			ndl_memcpy(img->base + s->rva, p->f + s->raw_off,
				   s->raw_size);
	}
}

int ndl_pe_load(const void *file, size_t len, const struct ndl_load_opts *opts,
		struct ndl_image **out, struct ndl_pe_error *err)
{
	struct pe_parser p;
	struct reloc_ctx rc_ctx;
	struct ndl_image *img;
	int rc;

	*out = NULL;
	img = ndl_alloc(sizeof(*img), NDL_OS_ZERO);
	if (!img) {
		ndl_snprintf(err->msg, sizeof(err->msg), "out of memory");
		return -NDL_ENOMEM;
	}
	rc = ndl_pe_parse_into(&p, file, len, &img->info, err);
	if (rc)
		goto fail_free;
	if (img->info.checksum && img->info.checksum != img->info.checksum_actual)
		ndl_warn("loader: OptionalHeader.CheckSum = 0x%08x but the file sums to 0x%08x: damaged or modified",
			 img->info.checksum, img->info.checksum_actual);
	img->map_size = NDL_ALIGN_UP((size_t)img->info.size_of_image,
				     (size_t)NDL_OS_PAGE_SIZE);
	/* One more page: the fake KPCR that gs: loads are redirected to. */
	img->base = ndl_os_image_alloc(img->map_size + NDL_OS_PAGE_SIZE);
	if (!img->base) {
		rc = pe_fail(&p, "cannot allocate %zu bytes of image memory",
			     img->map_size + NDL_OS_PAGE_SIZE);
		rc = -NDL_ENOMEM;
		goto fail_info;
	}
	map_image(&p, img);
	rc_ctx = (struct reloc_ctx){ &p, img->base,
		(s64)((u64)(uintptr_t)img->base - img->info.image_base) };
	rc = ndl_pe_relocs_walk(&p, apply_reloc_block, &rc_ctx);
	if (!rc)
		rc = bind_imports(&p, img, opts);
	if (!rc) {
		init_cookie(img);
		init_guard_cf(img);
	}
	if (!rc)
		rc = ndl_intrinsics_patch(img, opts && opts->trap_cr8, err);
	if (!rc)
		rc = protect_image(&p, img);
	if (rc)
		goto fail_map;
	/* Import names point into the caller's file: drop them now. */
	ndl_free(img->info.imports);
	img->info.imports = NULL;
	img->info.nimports = 0;
	ndl_image_register(img);
	*out = img;
	return 0;

fail_map:
	ndl_intrinsics_release(img);
	for (u32 i = 0; i < img->nstubs; i++)
		ndl_stub_release(img->stubs[i]);
	ndl_free(img->stubs);
	ndl_os_image_free(img->base, img->map_size + NDL_OS_PAGE_SIZE);
fail_info:
	ndl_pe_info_free(&img->info);
fail_free:
	ndl_free(img);
	return rc;
}

void ndl_pe_unload(struct ndl_image *img)
{
	if (!img)
		return;
	ndl_image_unregister(img);
	ndl_intrinsics_release(img);
	for (u32 i = 0; i < img->nstubs; i++)
		ndl_stub_release(img->stubs[i]);
	ndl_free(img->stubs);
	ndl_os_image_free(img->base, img->map_size + NDL_OS_PAGE_SIZE);
	ndl_pe_info_free(&img->info);
	ndl_free(img);
}

void *ndl_pe_rva(const struct ndl_image *img, u32 rva, u32 len)
{
	if ((u64)rva + len > img->info.size_of_image)
		return NULL;
	return img->base + rva;
}

bool ndl_pe_contains(const struct ndl_image *img, const void *addr)
{
	const u8 *a = addr;

	return a >= img->base && a < img->base + img->info.size_of_image;
}
