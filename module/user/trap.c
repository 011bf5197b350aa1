// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fault-based emulation of what x64 drivers do inline, for the user host
 * (in the kernel these instructions simply run). A SIGSEGV whose RIP lies
 * in a loaded driver image is decoded against a short whitelist, emulated
 * and skipped, like Wine's instr.c:
 *   - in/out/ins/outs (port I/O: #GP at CPL 3) -> the device backend;
 *   - mov to/from cr8 -> the runtime's IRQL: the loader turned them into
 *     UD0 (SIGILL) and keeps what each was; unpatched ones #GP;
 *   - loads/stores to a PROT_NONE MMIO mapping: mov r/m<->r (88, 89, 8A,
 *     8B), mov r/m, imm (C6, C7), movzx/movsx (0F B6/B7/BE/BF) -> backend;
 *   - ALU forms on a PROT_NONE MMIO mapping (trap_alu.c): add/or/adc/sbb/
 *     and/sub/xor/cmp r/m<->r (00-3B) and r/m, imm (80, 81, 83), test
 *     (84, 85, F6/F7 /0), xchg r/m, r (86, 87), bt r/m, imm (0F BA /4);
 *     EFLAGS as the CPU sets them. A lock prefix is emulated as a plain
 *     read then write: the device sees two accesses, as a locked MMIO
 *     access on the bus would not be atomic either;
 *   - gs:-relative loads (KPCR: gs base is 0 here) -> a fake KPCR.
 * Only memory operands are emulated (ModRM.mod != 3). Anything else goes
 * to the previous handler (e.g. ASan's report): bt r/m, r (0F A3) too,
 * whose register bit offset may address outside the operand.
 * Port I/O by rep ins/outs assumes DF clear (refused otherwise).
 */
#include <signal.h>
#include <string.h>
#include <ucontext.h>

#include "host.h"
#include "trap.h"
#include "pe/pe.h"
#include "core/intrinsics.h"

u64 ndl_user_fake_kpcr[512];

static struct sigaction old_segv, old_ill;
static bool installed;

/* General register number (0 = rax .. 15 = r15) to gregs index. */
static const int greg_index[16] = {
	REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
	REG_R8, REG_R9, REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15,
};

static u64 *greg(ucontext_t *uc, int n)
{
	return (u64 *)&uc->uc_mcontext.gregs[greg_index[n]];
}

/* Length of ModRM + SIB + displacement at p (64-bit addressing). */
static int modrm_len(const u8 *p)
{
	u8 mod = p[0] >> 6, rm = p[0] & 7;
	int n = 1;

	if (mod == 3)
		return 1;
	if (rm == 4) {
		n++;
		if (mod == 0 && (p[1] & 7) == 5)
			n += 4;
	} else if (mod == 0 && rm == 5) {
		n += 4;		/* RIP-relative */
	}
	if (mod == 1)
		n += 1;
	else if (mod == 2)
		n += 4;
	return n;
}

/* Immediate length of a mov form with a memory operand, or -1. */
static int mov_imm_len(const struct ndl_trap_insn *in)
{
	switch (in->op) {
	case 0x88: case 0x89: case 0x8a: case 0x8b:
		return 0;
	case 0xc6: case 0xc7:
		if ((in->modrm >> 3) & 7)	/* only /0 is mov */
			return -1;
		return in->op == 0xc6 ? 1 : in->opsize16 ? 2 : 4;
	case 0x0f:
		return in->op2 == 0xb6 || in->op2 == 0xb7 ||
		       in->op2 == 0xbe || in->op2 == 0xbf ? 0 : -1;
	default:
		return -1;
	}
}

static bool decode(const u8 *c, struct ndl_trap_insn *in)
{
	int i = 0, imm;

	memset(in, 0, sizeof(*in));
	for (;; i++) {
		if (i >= 14)
			return false;
		if (c[i] == 0x66)
			in->opsize16 = true;
		else if (c[i] == 0xf3 || c[i] == 0xf2)
			in->rep = true;
		else if (c[i] == 0x65)
			in->gs = true;
		else if (c[i] == 0x2e || c[i] == 0x3e || c[i] == 0x26 ||
			 c[i] == 0x36 || c[i] == 0x64 || c[i] == 0xf0)
			continue;
		else
			break;
	}
	if ((c[i] & 0xf0) == 0x40)
		in->rex = c[i++];
	in->op = c[i++];
	if (in->op == 0x0f)
		in->op2 = c[i++];
	switch (in->op) {
	case 0xe4: case 0xe5: case 0xe6: case 0xe7:
		in->imm = c + i;
		in->len = i + 1;
		return true;
	case 0xec: case 0xed: case 0xee: case 0xef:
	case 0x6c: case 0x6d: case 0x6e: case 0x6f:
		in->len = i;
		return true;
	}
	/* The rest take a memory operand: a register one (mod 3) never faults. */
	in->has_modrm = true;
	in->modrm = c[i];
	if (in->modrm >> 6 == 3)
		return false;
	imm = mov_imm_len(in);
	if (imm < 0) {
		imm = ndl_trap_alu_imm_len(in);
		in->alu = imm >= 0;
	}
	if (imm < 0)
		return false;
	i += modrm_len(c + i);
	in->imm = c + i;
	in->len = i + imm;
	return true;
}

int ndl_trap_op_size(const struct ndl_trap_insn *in)
{
	if (in->rex & 8)
		return 8;
	return in->opsize16 ? 2 : 4;
}

int ndl_trap_reg_field(const struct ndl_trap_insn *in)
{
	return ((in->modrm >> 3) & 7) | ((in->rex & 4) << 1);
}

static u64 cut_to_size(u64 v, int size)
{
	return size == 8 ? v : v & ((1ull << (8 * size)) - 1);
}

u64 ndl_trap_imm(const struct ndl_trap_insn *in, int nbytes, int size)
{
	u64 v = 0;

	memcpy(&v, in->imm, (size_t)nbytes);
	if (nbytes < 8 && (v >> (8 * nbytes - 1) & 1))
		v |= ~0ull << (8 * nbytes);
	return cut_to_size(v, size);
}

void ndl_trap_set_reg(ucontext_t *uc, const struct ndl_trap_insn *in, int reg,
		      int size, u64 v)
{
	u64 *r;

	if (size == 1 && !in->rex && reg >= 4) {	/* ah, ch, dh, bh */
		r = greg(uc, reg - 4);
		*r = (*r & ~0xff00ull) | (v & 0xff) << 8;
		return;
	}
	r = greg(uc, reg);
	switch (size) {
	case 1: *r = (*r & ~0xffull) | (v & 0xff); break;
	case 2: *r = (*r & ~0xffffull) | (v & 0xffff); break;
	case 4: *r = (u32)v; break;	/* 32-bit writes zero-extend */
	default: *r = v; break;
	}
}

u64 ndl_trap_get_reg(ucontext_t *uc, const struct ndl_trap_insn *in, int reg,
		     int size)
{
	if (size == 1 && !in->rex && reg >= 4)
		return (*greg(uc, reg - 4) >> 8) & 0xff;
	return cut_to_size(*greg(uc, reg), size);
}

static u64 sign_extend(u64 v, int size)
{
	return size == 1 ? (u64)(s64)(s8)v : (u64)(s64)(s16)v;
}

/* A mov to or from an emulated memory operand (MMIO or the fake KPCR). */
static bool emulate_mov(ucontext_t *uc, const struct ndl_trap_insn *in,
			ndl_trap_access_fn *access, void *ctx)
{
	int reg = ndl_trap_reg_field(in);
	int size = in->op & 1 ? ndl_trap_op_size(in) : 1;
	u64 v = 0;

	switch (in->op) {
	case 0x88: case 0x89:
		v = ndl_trap_get_reg(uc, in, reg, size);
		return access(ctx, size, true, &v);
	case 0xc6: case 0xc7:
		v = ndl_trap_imm(in, size == 1 ? 1 : size == 2 ? 2 : 4, size);
		return access(ctx, size, true, &v);
	case 0x8a: case 0x8b:
		if (!access(ctx, size, false, &v))
			return false;
		ndl_trap_set_reg(uc, in, reg, size, v);
		return true;
	case 0x0f: {
		int src = (in->op2 & 1) ? 2 : 1;

		if (!access(ctx, src, false, &v))
			return false;
		if (in->op2 >= 0xbe)
			v = sign_extend(v, src);
		ndl_trap_set_reg(uc, in, reg, ndl_trap_op_size(in), v);
		return true;
	}
	default:
		return false;
	}
}

static bool mmio_access(void *ctx, int size, bool write, u64 *v)
{
	return ndl_user_mmio_access(ctx, size, write, v);
}

static bool kpcr_access(void *ctx, int size, bool write, u64 *v)
{
	uintptr_t off = (uintptr_t)ctx;

	if (write || off + (uintptr_t)size > sizeof(ndl_user_fake_kpcr))
		return false;
	ndl_user_fake_kpcr[0x188 / 8] = (u64)(uintptr_t)ndl_os_current_thread();
	*v = 0;
	memcpy(v, (u8 *)ndl_user_fake_kpcr + off, (size_t)size);
	return true;
}

static bool emulate_port(ucontext_t *uc, const struct ndl_trap_insn *in)
{
	int size = (in->op & 1) ? (in->opsize16 ? 2 : 4) : 1;
	u32 port = (in->op & 8) ? (u16)*greg(uc, 2) : in->imm ? in->imm[0] : 0;
	u64 count = 1, *rcx = greg(uc, 1);
	u32 v;

	if (in->op >= 0xe4 && in->op <= 0xef) {
		if (in->op & 2) {		/* out */
			v = (u32)*greg(uc, 0);
			ndl_os_port_write(port, size, v);
		} else {			/* in */
			v = ndl_os_port_read(port, size);
			ndl_trap_set_reg(uc, in, 0, size, v);
		}
		return true;
	}
	/* ins (6C/6D): [rdi] <- port; outs (6E/6F): port <- [rsi]. */
	port = (u16)*greg(uc, 2);
	if (in->rep)
		count = *rcx;
	if (uc->uc_mcontext.gregs[REG_EFL] & 0x400)	/* DF set: refuse */
		return false;
	for (u64 i = 0; i < count; i++) {
		if (in->op <= 0x6d) {
			u8 *dst = (u8 *)(uintptr_t)*greg(uc, 7);

			v = ndl_os_port_read(port, size);
			memcpy(dst, &v, (size_t)size);
			*greg(uc, 7) += (u64)size;
		} else {
			const u8 *src = (const u8 *)(uintptr_t)*greg(uc, 6);

			v = 0;
			memcpy(&v, src, (size_t)size);
			ndl_os_port_write(port, size, v);
			*greg(uc, 6) += (u64)size;
		}
	}
	if (in->rep)
		*rcx = 0;
	return true;
}

static bool emulate_cr8(ucontext_t *uc, const struct ndl_intrinsic *ci)
{
	u8 cur = ndl_os_irql_current();

	if (ci->kind == NDL_INTR_READ_CR8) {
		*greg(uc, ci->reg) = cur;
	} else {
		u8 to = (u8)(*greg(uc, ci->reg) & 0xf);

		if (to > cur)
			ndl_os_irql_raise(to);
		else if (to < cur)
			ndl_os_irql_lower(to);
	}
	return true;
}

static u64 *cr8_reg(void *ctx, int n)
{
	return greg(ctx, n);
}

static bool emulate(siginfo_t *si, ucontext_t *uc)
{
	const u8 *rip = (const u8 *)uc->uc_mcontext.gregs[REG_RIP];
	struct ndl_intrinsic ci;
	struct ndl_trap_insn in;
	unsigned int len;
	bool ok = false;

	if (!ndl_image_containing(rip))
		return false;
	len = ndl_intrinsic_emulate(rip, cr8_reg, uc);	/* patched cr8 sites */
	if (len) {
		uc->uc_mcontext.gregs[REG_RIP] += len;
		return true;
	}
	if (ndl_intrinsic_decode(rip, 15, &ci)) {
		ok = emulate_cr8(uc, &ci);
		if (ok)
			uc->uc_mcontext.gregs[REG_RIP] += ci.len;
		return ok;
	}
	if (!decode(rip, &in))
		return false;
	if (!in.has_modrm)
		ok = emulate_port(uc, &in);
	else if (in.alu)	/* MMIO only: the fake KPCR is read with mov */
		ok = !in.gs && ndl_trap_alu_emulate(uc, &in, mmio_access,
						    si->si_addr);
	else if (in.gs)
		ok = emulate_mov(uc, &in, kpcr_access, si->si_addr);
	else
		ok = emulate_mov(uc, &in, mmio_access, si->si_addr);
	if (ok)
		uc->uc_mcontext.gregs[REG_RIP] += in.len;
	return ok;
}

/*
 * SIGSEGV on hardware (#GP, #PF); SIGILL under valgrind, whose CPU
 * refuses privileged instructions itself.
 */
static void on_fault(int sig, siginfo_t *si, void *ctx)
{
	struct sigaction *old = sig == SIGILL ? &old_ill : &old_segv;

	if (emulate(si, ctx))
		return;
	if (old->sa_flags & SA_SIGINFO && old->sa_sigaction) {
		old->sa_sigaction(sig, si, ctx);
		return;
	}
	if (old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN) {
		old->sa_handler(sig);
		return;
	}
	/*
	 * Back to the default action: a fault repeats and kills; a signal
	 * sent (kill, tgkill: si_code <= 0) does not repeat, so raise it.
	 */
	sigaction(sig, old, NULL);
	if (si->si_code <= 0)
		raise(sig);
}

int ndl_trap_install(void)
{
	struct sigaction sa;

	if (installed)
		return 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGSEGV, &sa, &old_segv))
		return -1;
	if (sigaction(SIGILL, &sa, &old_ill)) {
		sigaction(SIGSEGV, &old_segv, NULL);
		return -1;
	}
	/* KPCR fields drivers read: Self, CurrentPrcb, Prcb.Number. */
	ndl_user_fake_kpcr[0x18 / 8] = (u64)(uintptr_t)ndl_user_fake_kpcr;
	ndl_user_fake_kpcr[0x20 / 8] = (u64)(uintptr_t)ndl_user_fake_kpcr + 0x180;
	installed = true;
	return 0;
}

void ndl_trap_remove(void)
{
	if (installed) {
		sigaction(SIGSEGV, &old_segv, NULL);
		sigaction(SIGILL, &old_ill, NULL);
	}
	installed = false;
}
