// SPDX-License-Identifier: GPL-2.0-only
/*
 * x64 table-based unwinding over a loaded image's own unwind data:
 * RtlLookupFunctionEntry (binary search of the image's .pdata) and
 * RtlVirtualUnwind (UNWIND_INFO version 1: every UWOP_* code, chained
 * unwind info, prolog offsets, epilog detection by the code stream), as
 * Microsoft's "x64 exception handling" and "x64 prolog and epilog" pages
 * define them. Unwind data is read only through range-checked image RVAs;
 * data that does not parse ends the walk (the exception is then
 * unhandled) instead of being guessed at.
 */
#include "nt/nt_seh.h"
#include "pe/pe.h"

#define UWOP_PUSH_NONVOL	0
#define UWOP_ALLOC_LARGE	1
#define UWOP_ALLOC_SMALL	2
#define UWOP_SET_FPREG		3
#define UWOP_SAVE_NONVOL	4
#define UWOP_SAVE_NONVOL_FAR	5
#define UWOP_SAVE_XMM128	8
#define UWOP_SAVE_XMM128_FAR	9
#define UWOP_PUSH_MACHFRAME	10

#define REG_RSP			4
#define UNWIND_CHAIN_MAX	32

struct unwind_info {
	u8 version_flags;	/* Version : 3, Flags : 5 */
	u8 prolog_size;
	u8 ncodes;
	u8 frame;		/* FrameRegister : 4, FrameOffset : 4 */
	u16 codes[];		/* CodeOffset, UnwindOp : 4, OpInfo : 4 */
};

#define UI_VERSION(ui)	((ui)->version_flags & 7)
#define UI_FLAGS(ui)	((ui)->version_flags >> 3)
#define UI_FREG(ui)	((ui)->frame & 15)
#define UI_FOFF(ui)	(((ui)->frame >> 4) * 16u)
#define UC_OFFSET(c)	((c) & 0xff)
#define UC_OP(c)	(((c) >> 8) & 15)
#define UC_INFO(c)	((c) >> 12)

RUNTIME_FUNCTION *NTAPI ndlw_RtlLookupFunctionEntry(ULONG64 pc, ULONG64 *base,
						    void *history)
{
	struct ndl_image *img = ndl_image_containing((void *)(uintptr_t)pc);
	RUNTIME_FUNCTION *tab;
	u32 rva, lo = 0, hi;

	if (base)
		*base = 0;
	if (!img)
		return NULL;
	hi = img->info.dir[NDL_PE_DIR_EXCEPTION].size / sizeof(*tab);
	tab = ndl_pe_rva(img, img->info.dir[NDL_PE_DIR_EXCEPTION].rva,
			 hi * sizeof(*tab));
	if (base)
		*base = (ULONG64)(uintptr_t)img->base;
	if (!tab)
		return NULL;
	rva = (u32)(pc - (uintptr_t)img->base);
	while (lo < hi) {		/* entries are sorted (PE spec) */
		u32 mid = lo + (hi - lo) / 2;

		if (rva < tab[mid].BeginAddress)
			hi = mid;
		else if (rva >= tab[mid].EndAddress)
			lo = mid + 1;
		else
			return &tab[mid];
	}
	return NULL;
}

/* The image's UNWIND_INFO at rva, with its codes and trailer in range. */
static const struct unwind_info *unwind_info_at(const struct ndl_image *img,
						u32 rva)
{
	const struct unwind_info *ui = ndl_pe_rva(img, rva, sizeof(*ui));

	if (!ui || (rva & 3) || UI_VERSION(ui) != 1)
		return NULL;
	/* codes (an even count of slots) + handler or chained entry */
	if (!ndl_pe_rva(img, rva, sizeof(*ui) +
			((ui->ncodes + 1u) & ~1u) * 2 + sizeof(RUNTIME_FUNCTION)))
		return NULL;
	return ui;
}

static unsigned int code_slots(u16 c)
{
	switch (UC_OP(c)) {
	case UWOP_ALLOC_LARGE:
		return UC_INFO(c) ? 3 : 2;
	case UWOP_SAVE_NONVOL:
	case UWOP_SAVE_XMM128:
		return 2;
	case UWOP_SAVE_NONVOL_FAR:
	case UWOP_SAVE_XMM128_FAR:
		return 3;
	default:
		return 1;
	}
}

static void set_gpr(CONTEXT *ctx, KNONVOLATILE_CONTEXT_POINTERS *ptrs,
		    unsigned int reg, u64 *from)
{
	*ndl_ctx_gpr(ctx, reg) = *from;
	if (ptrs)
		ptrs->IntegerContext[reg] = from;
}

/*
 * Undo the codes of one UNWIND_INFO whose CodeOffset is at most
 * prolog_off (all of them when it is ~0u). frame_base is where
 * offset-taking codes count from. False on a malformed code.
 */
static bool undo_codes(const struct unwind_info *ui, u32 prolog_off,
		       u64 frame_base, CONTEXT *ctx, bool *machframe,
		       KNONVOLATILE_CONTEXT_POINTERS *ptrs)
{
	unsigned int i, n;

	for (i = 0; i < ui->ncodes; i += n) {
		u16 c = ui->codes[i];
		u32 off;

		n = code_slots(c);
		if (i + n > ui->ncodes)
			return false;
		if (prolog_off != ~0u && UC_OFFSET(c) > prolog_off)
			continue;	/* not executed yet */
		switch (UC_OP(c)) {
		case UWOP_PUSH_NONVOL:
			set_gpr(ctx, ptrs, UC_INFO(c),
				(u64 *)(uintptr_t)ctx->Rsp);
			ctx->Rsp += 8;
			break;
		case UWOP_ALLOC_LARGE:
			if (UC_INFO(c) > 1)
				return false;
			ctx->Rsp += UC_INFO(c) ?
				    ui->codes[i + 1] | (u32)ui->codes[i + 2] << 16 :
				    ui->codes[i + 1] * 8u;
			break;
		case UWOP_ALLOC_SMALL:
			ctx->Rsp += UC_INFO(c) * 8u + 8;
			break;
		case UWOP_SET_FPREG:
			if (!UI_FREG(ui))
				return false;
			ctx->Rsp = *ndl_ctx_gpr(ctx, UI_FREG(ui)) - UI_FOFF(ui);
			break;
		case UWOP_SAVE_NONVOL:
		case UWOP_SAVE_NONVOL_FAR:
			off = UC_OP(c) == UWOP_SAVE_NONVOL ?
			      ui->codes[i + 1] * 8u :
			      ui->codes[i + 1] | (u32)ui->codes[i + 2] << 16;
			set_gpr(ctx, ptrs, UC_INFO(c),
				(u64 *)(uintptr_t)(frame_base + off));
			break;
		case UWOP_SAVE_XMM128:
		case UWOP_SAVE_XMM128_FAR:
			off = UC_OP(c) == UWOP_SAVE_XMM128 ?
			      ui->codes[i + 1] * 16u :
			      ui->codes[i + 1] | (u32)ui->codes[i + 2] << 16;
			ndl_memcpy(&ctx->Xmm[UC_INFO(c)],
				   (void *)(uintptr_t)(frame_base + off), 16);
			if (ptrs)
				ptrs->FloatingContext[UC_INFO(c)] =
					(M128A *)(uintptr_t)(frame_base + off);
			break;
		case UWOP_PUSH_MACHFRAME: {
			/* RIP, CS, EFLAGS, old RSP, SS (+ an error code) */
			u64 *m = (u64 *)(uintptr_t)ctx->Rsp + (UC_INFO(c) ? 1 : 0);

			if (UC_INFO(c) > 1)
				return false;
			ctx->Rip = m[0];
			ctx->Rsp = m[3];
			*machframe = true;
			break;
		}
		default:	/* 6 and 7 are not defined for version 1 */
			return false;
		}
	}
	return true;
}

static bool is_pop(const u8 *p, unsigned int *len, unsigned int *reg)
{
	if (p[0] >= 0x58 && p[0] <= 0x5f) {
		*len = 1;
		*reg = p[0] - 0x58;
		return true;
	}
	if (p[0] == 0x41 && p[1] >= 0x58 && p[1] <= 0x5f) {
		*len = 2;
		*reg = 8 + p[1] - 0x58;
		return true;
	}
	return false;
}

static s32 rd_s32(const u8 *p)
{
	return (s32)(p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24);
}

/*
 * Does the code at pc end a legal epilog ("x64 prolog and epilog"):
 * optional add rsp,imm or lea rsp,[fp+disp], pops, then ret or a jmp
 * (rel8/rel32 out of the function, or an indirect one with ModRM mod 00)?
 * When it does, simulate the rest of it on ctx.
 */
static bool unwind_epilog(const struct ndl_image *img, u64 base,
			  const RUNTIME_FUNCTION *fe,
			  const struct unwind_info *ui, CONTEXT *ctx,
			  KNONVOLATILE_CONTEXT_POINTERS *ptrs)
{
	const u8 *p0 = ndl_pe_rva(img, (u32)(ctx->Rip - base), 64), *p;
	unsigned int len, reg, pops = 0, fp = 0, skip;
	s64 adjust = 0;

	/* 64 bytes cover the longest epilog: 7 + 16 pops * 2 + 7 */
	if (!p0)
		return false;
	p = p0;
	if (p[0] == 0x48 && p[1] == 0x83 && p[2] == 0xc4) {	/* add rsp, imm8 */
		adjust = (s8)p[3];
		p += 4;
	} else if (p[0] == 0x48 && p[1] == 0x81 && p[2] == 0xc4) {
		adjust = rd_s32(p + 3);				/* add rsp, imm32 */
		p += 7;
	} else if ((p[0] == 0x48 || p[0] == 0x49) && p[1] == 0x8d &&
		   ((p[2] >> 3) & 7) == REG_RSP &&
		   ((p[2] >> 6) == 1 || (p[2] >> 6) == 2)) {	/* lea rsp, [fp+d] */
		fp = (p[2] & 7) | (p[0] & 1) << 3;
		if (!UI_FREG(ui) || fp != UI_FREG(ui) || (p[2] & 7) == REG_RSP)
			return false;
		adjust = (p[2] >> 6) == 1 ? (s8)p[3] : rd_s32(p + 3);
		p += (p[2] >> 6) == 1 ? 4 : 7;
	}
	skip = (unsigned int)(p - p0);
	while (pops < 16 && is_pop(p, &len, &reg)) {
		p += len;
		pops++;
	}
	if (p[0] == 0xc3 || (p[0] == 0xf3 && p[1] == 0xc3)) {
		/* ret */
	} else if (p[0] == 0xe9 || p[0] == 0xeb) {
		u64 to = (u64)(uintptr_t)p + (p[0] == 0xe9 ? 5 + rd_s32(p + 1) :
					      2 + (s8)p[1]);

		if (to >= base + fe->BeginAddress && to < base + fe->EndAddress)
			return false;		/* a jump inside the function */
	} else {
		unsigned int i = (p[0] & 0xf0) == 0x40 ? 1 : 0;

		if (p[i] != 0xff || ((p[i + 1] >> 3) & 7) != 4 ||
		    (p[i + 1] >> 6) != 0)
			return false;		/* not jmp [mem] with mod 00 */
	}
	/* It is an epilog: run the rest of it on the context. */
	ctx->Rsp = (fp ? *ndl_ctx_gpr(ctx, fp) : ctx->Rsp) + adjust;
	p = p0 + skip;
	while (pops--) {
		is_pop(p, &len, &reg);
		set_gpr(ctx, ptrs, reg, (u64 *)(uintptr_t)ctx->Rsp);
		ctx->Rsp += 8;
		p += len;
	}
	ctx->Rip = *(u64 *)(uintptr_t)ctx->Rsp;
	ctx->Rsp += 8;
	return true;
}

/* The establisher frame: the base of the fixed stack allocation. */
static u64 frame_base(const struct unwind_info *ui, u32 prolog_off,
		      const CONTEXT *ctx)
{
	unsigned int i;

	if (!UI_FREG(ui))
		return ctx->Rsp;
	if (prolog_off == ~0u)
		return *ndl_ctx_gpr((CONTEXT *)ctx, UI_FREG(ui)) - UI_FOFF(ui);
	/* In the prolog: only once UWOP_SET_FPREG has run. */
	for (i = 0; i < ui->ncodes; i += code_slots(ui->codes[i]))
		if (UC_OP(ui->codes[i]) == UWOP_SET_FPREG &&
		    UC_OFFSET(ui->codes[i]) <= prolog_off)
			return *ndl_ctx_gpr((CONTEXT *)ctx, UI_FREG(ui)) -
			       UI_FOFF(ui);
	return ctx->Rsp;
}

/*
 * Wine, ReactOS and Windows agree on this contract: the context becomes
 * the caller's, *frame the establisher frame of fe's function, and the
 * handler of the requested type is returned only when pc lies in the
 * function's body (not in its prolog or an epilog).
 */
PEXCEPTION_ROUTINE NTAPI ndlw_RtlVirtualUnwind(ULONG type, ULONG64 base,
					       ULONG64 pc, RUNTIME_FUNCTION *fe,
					       CONTEXT *ctx, void **data,
					       ULONG64 *frame,
					       KNONVOLATILE_CONTEXT_POINTERS *ptrs)
{
	struct ndl_image *img = ndl_image_containing((void *)(uintptr_t)pc);
	const struct unwind_info *ui, *first;
	PEXCEPTION_ROUTINE handler = NULL;
	u32 prolog_off, depth = 0;
	bool machframe = false;
	u64 fbase;

	if (data)
		*data = NULL;
	if (!img || (uintptr_t)img->base != base || !fe)
		goto bad;
	first = ui = unwind_info_at(img, fe->UnwindData);
	if (!ui)
		goto bad;
	prolog_off = (u32)(pc - base) - fe->BeginAddress;
	if (prolog_off >= ui->prolog_size)
		prolog_off = ~0u;
	fbase = frame_base(ui, prolog_off, ctx);
	if (frame)
		*frame = fbase;
	ctx->Rip = pc;
	if (prolog_off == ~0u && !(UI_FLAGS(ui) & UNW_FLAG_CHAININFO) &&
	    unwind_epilog(img, base, fe, ui, ctx, ptrs))
		return NULL;
	for (;;) {
		const RUNTIME_FUNCTION *next;
		u32 trailer;

		if (!undo_codes(ui, prolog_off, fbase, ctx, &machframe, ptrs))
			goto bad;
		if (!(UI_FLAGS(ui) & UNW_FLAG_CHAININFO))
			break;
		trailer = (u32)((const u8 *)&ui->codes[(ui->ncodes + 1) & ~1] -
				img->base);
		next = ndl_pe_rva(img, trailer, sizeof(*next));
		if (!next || ++depth > UNWIND_CHAIN_MAX)
			goto bad;
		ui = unwind_info_at(img, next->UnwindData);
		if (!ui)
			goto bad;
		prolog_off = ~0u;	/* a chained parent is undone whole */
	}
	if (!machframe) {
		ctx->Rip = *(u64 *)(uintptr_t)ctx->Rsp;
		ctx->Rsp += 8;
	}
	if ((u32)(pc - base) - fe->BeginAddress >= first->prolog_size &&
	    !(UI_FLAGS(first) & UNW_FLAG_CHAININFO) &&
	    (UI_FLAGS(first) & type)) {
		const ULONG *h = (const ULONG *)&first->codes[(first->ncodes + 1) & ~1];
		u32 hrva = h[0];

		if (!ndl_pe_rva(img, hrva, 1))
			goto bad;
		handler = (PEXCEPTION_ROUTINE)(uintptr_t)(base + hrva);
		if (data)
			*data = (void *)(h + 1);
	}
	return handler;
bad:
	ndl_warn("RtlVirtualUnwind: no valid unwind data for pc %p", (void *)(uintptr_t)pc);
	ctx->Rip = 0;
	return NULL;
}

bool ndl_unwind_step(CONTEXT *ctx, ULONG type, RUNTIME_FUNCTION **fe,
		     ULONG64 *base, PEXCEPTION_ROUTINE *handler, void **data,
		     ULONG64 *frame)
{
	u64 pc = ctx->Rip, rsp = ctx->Rsp;

	*handler = NULL;
	*data = NULL;
	*fe = ndlw_RtlLookupFunctionEntry(pc, base, NULL);
	if (!*base)
		return false;		/* pc outside every image: boundary */
	if (!*fe) {			/* leaf: [rsp] is the return address */
		*frame = rsp;
		ctx->Rip = *(u64 *)(uintptr_t)rsp;
		ctx->Rsp = rsp + 8;
	} else {
		*handler = ndlw_RtlVirtualUnwind(type, *base, pc, *fe, ctx,
						 data, frame, NULL);
		if (!ctx->Rip)
			return false;
	}
	/* Frames only ever get older: the stack pointer must grow. */
	return ctx->Rsp > rsp && !(ctx->Rsp & 7);
}
