// SPDX-License-Identifier: GPL-2.0-only
/*
 * Load-time handling of inline Windows intrinsics (intrinsics.h): patch
 * KUSER_SHARED_DATA addresses, recognise cr8 and gs: accesses.
 */
#include "core/intrinsics.h"
#include "nt/nt_objects.h"
#include "pe/pe_format.h"
#include "core/rt.h"
#include "core/fmt.h"
#include "nt/nt_time.h"

u8 *ndl_kusd;

int ndl_kusd_init(void)
{
	ndl_kusd = ndl_alloc(NDL_KUSD_SIZE, NDL_OS_ZERO);
	if (!ndl_kusd)
		return -NDL_ENOMEM;
	/* Windows XP x64 / Server 2003 SP2 values: an NDIS 5.1 host. */
	*(u32 *)(ndl_kusd + NDL_KUSD_TICK_COUNT_MULTIPLIER) =
		(u32)(((u64)NDL_TICK_100NS << 24) / 10000);
	*(u32 *)(ndl_kusd + NDL_KUSD_NT_PRODUCT_TYPE) = 1;	/* WinNt */
	*(u32 *)(ndl_kusd + NDL_KUSD_NT_MAJOR_VERSION) = 5;
	*(u32 *)(ndl_kusd + NDL_KUSD_NT_MINOR_VERSION) = 2;
	ndl_kusd_update();
	return 0;
}

void ndl_kusd_exit(void)
{
	ndl_free(ndl_kusd);
	ndl_kusd = NULL;
}

/*
 * KSYSTEM_TIME update in the order readers expect: High2, Low, High1 (each
 * release store is seen after the ones before it).
 */
static void store_system_time(KSYSTEM_TIME *t, u64 v)
{
	ndl_atomic_store(&t->High2Time, (LONG)(v >> 32));
	ndl_atomic_store(&t->LowPart, (ULONG)v);
	ndl_atomic_store(&t->High1Time, (LONG)(v >> 32));
}

static void set_system_time(u32 off, u64 v)
{
	store_system_time((KSYSTEM_TIME *)(ndl_kusd + off), v);
}

/*
 * The KeTickCount data export (x86 drivers' KeQueryTickCount reads it,
 * x64 ones may import it too): refreshed with the shared page, and an
 * image importing it keeps the refresh timer running (pe_load.c).
 */
KSYSTEM_TIME ndlw_KeTickCount;

void ndl_kusd_update(void)
{
	u64 ticks;

	if (!ndl_kusd)
		return;
	ticks = ndl_nt_tick_count();
	set_system_time(NDL_KUSD_INTERRUPT_TIME, ndl_nt_interrupt_time());
	set_system_time(NDL_KUSD_SYSTEM_TIME, ndl_nt_system_time());
	set_system_time(NDL_KUSD_TICK_COUNT, ticks);
	store_system_time(&ndlw_KeTickCount, ticks);
	ndl_atomic_store((u32 *)(ndl_kusd + NDL_KUSD_TICK_COUNT_LOW_DEPR),
			 (u32)ticks);
}

bool ndl_intrinsic_decode(const u8 *c, size_t len, struct ndl_intrinsic *out)
{
	u8 rex = 0;
	size_t i = 0;

	out->kind = NDL_INTR_NONE;
	if (len >= 1 && (c[0] & 0xf0) == 0x40) {
		rex = c[0];
		i = 1;
	}
	/* mov r64, cr8: REX.R 0F 20 /r (mod 11, reg 0); mov cr8: 0F 22. */
	if (len >= i + 3 && (rex & 0x4) && c[i] == 0x0f &&
	    (c[i + 1] == 0x20 || c[i + 1] == 0x22) &&
	    (c[i + 2] & 0xf8) == 0xc0) {
		out->kind = c[i + 1] == 0x20 ? NDL_INTR_READ_CR8 :
					       NDL_INTR_WRITE_CR8;
		out->reg = (c[i + 2] & 7) | ((rex & 1) << 3);
		out->len = (u8)(i + 3);
		return true;
	}
	return false;
}

/* Is the 8-byte little-endian value at p a KUSER_SHARED_DATA address? */
static bool is_kusd(const u8 *p, u32 *off)
{
	u64 v = pe_rd64(p);

	if ((v & ~(u64)(NDL_KUSD_SIZE - 1)) != NDL_KUSD_ADDRESS)
		return false;
	*off = (u32)(v & (NDL_KUSD_SIZE - 1));
	return true;
}

/*
 * The imm64 of "movabs r64, imm64" (REX.W B8+r) or the moffs64 of
 * "mov rAX, [moffs64]" / "mov [moffs64], rAX" (optional REX, A0..A3).
 */
static bool kusd_operand_at(const u8 *code, size_t at)
{
	if (at >= 2 && (code[at - 2] & 0xf8) == 0x48 &&
	    (code[at - 1] & 0xf8) == 0xb8)
		return true;
	if (at >= 1 && code[at - 1] >= 0xa0 && code[at - 1] <= 0xa3)
		return true;
	return false;
}

/*
 * A gs:-relative load with an absolute 32-bit offset below one page,
 *   65 [REX] 8B /r      mod 00, rm 100, SIB 25, disp32   (mov r, gs:[X])
 *   65 [REX] 0F B6|B7 /r ...                              (movzx r, gs:[X])
 * becomes the same load RIP-relative from the image's fake KPCR page,
 * two bytes shorter, followed by a two-byte NOP (66 90). In the kernel gs
 * is Linux's per-CPU base, so the original would read unrelated data.
 */
static bool patch_gs_load(struct ndl_image *img,
			  const struct ndl_pe_section *s, size_t at)
{
	u8 *c = img->base + s->rva + at;
	size_t n = s->vsize - at, op = 1, len;
	u8 insn[4 + 6];	/* REX 0F B6 modrm, rel32, 66 90: the longest */
	u32 disp;
	s64 rel;

	if (n > 1 && (c[1] & 0xf0) == 0x40)
		op = 2;
	len = op + (c[op] == 0x0f ? 2 : 1);
	if (n < len + 6 || !(c[op] == 0x8b || (c[op] == 0x0f &&
	    (c[op + 1] == 0xb6 || c[op + 1] == 0xb7))))
		return false;
	if ((c[len] & 0xc7) != 0x04 || c[len + 1] != 0x25)
		return false;
	disp = pe_rd32(c + len + 2);
	if (disp >= NDL_OS_PAGE_SIZE - 8)
		return false;
	/* new: [REX] opcode modrm(00 reg 101) rel32, then 66 90 */
	ndl_memcpy(insn, c + 1, len - 1);
	insn[len - 1] = (u8)((c[len] & 0x38) | 0x05);
	rel = (s64)((img->kpcr + disp) - (c + len + 4));
	if (rel != (s32)rel)
		return false;
	pe_wr32(insn + len, (u32)(s32)rel);
	insn[len + 4] = 0x66;
	insn[len + 5] = 0x90;
	ndl_memcpy(c, insn, len + 6);
	return true;
}

/* Record the site, then make the instruction trap (UD0, NOP padding). */
static void patch_cr8(struct ndl_image *img, u32 rva,
		      const struct ndl_intrinsic *in)
{
	u8 *c = img->base + rva;

	if (img->cr8_refs >= img->cr8_cap)	/* not seen in the first pass */
		return;
	img->cr8_sites[img->cr8_refs] = (struct ndl_cr8_site){ rva, *in };
	c[0] = NDL_CR8_TRAP_OP0;
	c[1] = NDL_CR8_TRAP_OP1;
	for (u32 k = 2; k < in->len; k++)
		c[k] = 0x90;
}

/* KTHREAD stand-in handed out by inline KeGetCurrentThread reads. */
static u8 fake_kthread[0x400] __aligned(64);

static void init_fake_kpcr(struct ndl_image *img)
{
	pe_wr64(img->kpcr + 0x18, (u64)(uintptr_t)img->kpcr);	/* Self */
	pe_wr64(img->kpcr + 0x20, (u64)(uintptr_t)img->kpcr + 0x180);
	pe_wr64(img->kpcr + 0x188, (u64)(uintptr_t)fake_kthread);
}

static void scan_section(struct ndl_image *img, const struct ndl_pe_section *s)
{
	u8 *code = img->base + s->rva;
	size_t n = s->vsize;

	for (size_t i = 0; i + 8 <= n; i++) {
		struct ndl_intrinsic in;
		u32 off;

		if (code[i + 7] == 0xff && code[i + 6] == 0xff &&
		    is_kusd(code + i, &off) && kusd_operand_at(code, i)) {
			pe_wr64(code + i, (u64)(uintptr_t)(ndl_kusd + off));
			img->kusd_refs++;
			i += 7;
			continue;
		}
		if (ndl_intrinsic_decode(code + i, n - i, &in)) {
			if (img->cr8_sites)
				patch_cr8(img, s->rva + (u32)i, &in);
			img->cr8_refs++;
			i += in.len - 1u;
			continue;
		}
		if (code[i] == 0x65 && patch_gs_load(img, s, i))
			img->gs_refs++;
	}
}

static void scan_all(struct ndl_image *img)
{
	const struct ndl_pe_info *in = &img->info;

	for (u32 i = 0; i < in->nsections; i++)
		if (in->sections[i].flags & (PE_SCN_MEM_EXECUTE | PE_SCN_CNT_CODE))
			scan_section(img, &in->sections[i]);
}

int ndl_intrinsics_patch(struct ndl_image *img, bool trap_cr8,
			 struct ndl_pe_error *err)
{
	u32 kusd, gs;

	init_fake_kpcr(img);
	/* First pass counts cr8 sites (and patches the rest), second records. */
	scan_all(img);
	if (img->cr8_refs && trap_cr8) {
		img->cr8_sites = ndl_alloc(sizeof(*img->cr8_sites) *
					   img->cr8_refs, 0);
		if (!img->cr8_sites) {
			ndl_snprintf(err->msg, sizeof(err->msg),
				     "out of memory for %u cr8 sites",
				     img->cr8_refs);
			return -NDL_ENOMEM;
		}
		kusd = img->kusd_refs;
		gs = img->gs_refs;
		img->cr8_cap = img->cr8_refs;
		img->cr8_refs = 0;
		scan_all(img);
		if (img->cr8_refs > img->cr8_cap)
			img->cr8_refs = img->cr8_cap;
		img->kusd_refs = kusd;
		img->gs_refs = gs;
	}
	if (img->kusd_refs)
		ndl_info("loader: %u KUSER_SHARED_DATA references redirected",
			 img->kusd_refs);
	if (img->gs_refs)
		ndl_info("loader: %u gs: (KPCR) loads redirected to a fake KPCR",
			 img->gs_refs);
	if (img->cr8_refs && img->cr8_sites)
		ndl_info("loader: %u cr8 (inline IRQL) accesses made trapping",
			 img->cr8_refs);
	else if (img->cr8_refs)	/* user space: each faults (#GP), trap.c */
		ndl_info("loader: %u cr8 (inline IRQL) accesses left to fault and be emulated",
			 img->cr8_refs);
	return 0;
}

void ndl_intrinsics_release(struct ndl_image *img)
{
	ndl_free(img->cr8_sites);
	img->cr8_sites = NULL;
}

bool ndl_intrinsic_at(const void *rip, struct ndl_intrinsic *out)
{
	struct ndl_image *img = ndl_image_containing(rip);
	u32 rva, lo = 0, hi;

	if (!img || !img->cr8_sites)
		return false;
	rva = (u32)((const u8 *)rip - img->base);
	hi = img->cr8_refs;
	while (lo < hi) {	/* sites were recorded in address order */
		u32 mid = lo + (hi - lo) / 2;

		if (img->cr8_sites[mid].rva < rva) {
			lo = mid + 1;
		} else if (img->cr8_sites[mid].rva > rva) {
			hi = mid;
		} else {
			*out = img->cr8_sites[mid].insn;
			return true;
		}
	}
	return false;
}

unsigned int ndl_intrinsic_emulate(const void *rip, u64 *(*reg)(void *ctx,
				   int n), void *ctx)
{
	struct ndl_intrinsic in;
	u8 cur = ndl_os_irql_current();

	if (!ndl_intrinsic_at(rip, &in))
		return 0;
	if (in.kind == NDL_INTR_READ_CR8) {
		*reg(ctx, in.reg) = cur;
	} else {
		u8 to = (u8)(*reg(ctx, in.reg) & 0xf);

		if (to > cur)
			ndl_os_irql_raise(to);
		else if (to < cur)
			ndl_os_irql_lower(to);
	}
	return in.len;
}
