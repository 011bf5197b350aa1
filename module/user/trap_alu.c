// SPDX-License-Identifier: GPL-2.0-only
/*
 * The ALU forms of trap.c's MMIO emulation: compilers fold a register
 * read into an instruction with a memory operand (`or ecx, [rax]`,
 * `test dword ptr [rcx+8], 4`, `and [reg], imm` read-modify-write).
 * Emulated with a memory operand: add/or/adc/sbb/and/sub/xor/cmp r/m, r
 * and r, r/m (00-3B) and r/m, imm (80, 81, 83 /0-/7); test r/m, r (84,
 * 85) and r/m, imm (F6/F7 /0); xchg r/m, r (86, 87); bt r/m, imm (0F BA
 * /4). A destination in memory is read once and written once; cmp, test
 * and bt only read. The operation itself runs natively on the loaded
 * value with the interrupted code's arithmetic flags (adc/sbb take CF),
 * so EFLAGS come out as the CPU sets them, undefined ones included.
 */
#include <string.h>

#include "trap.h"

/* CF, PF, AF, ZF, SF, OF: what the ALU sets; nothing else is touched. */
#define ARITH_FLAGS	0x8d5ull

/* Group-1 order (opcode bits 5:3, ModRM.reg of 80/81/83), then the rest. */
enum alu_op {
	ALU_ADD, ALU_OR, ALU_ADC, ALU_SBB, ALU_AND, ALU_SUB, ALU_XOR, ALU_CMP,
	ALU_TEST, ALU_XCHG, ALU_BT,
};

struct alu_form {
	enum alu_op op;
	int size;		/* operand bytes */
	bool reg_first;		/* r, r/m: the register is the destination */
	int imm_len;		/* source is an immediate of this length */
};

/*
 * The form of in (opcode, op2, ModRM.reg), or false if it is not one
 * emulated here.
 */
static bool alu_form(const struct ndl_trap_insn *in, struct alu_form *f)
{
	int sub = (in->modrm >> 3) & 7;
	int v = ndl_trap_op_size(in);
	int iz = v == 2 ? 2 : 4;	/* imm16/32, sign-extended to 64 */

	memset(f, 0, sizeof(*f));
	f->size = in->op & 1 ? v : 1;
	if (in->op < 0x40 && (in->op & 7) < 4) {
		f->op = (enum alu_op)(in->op >> 3);
		f->reg_first = in->op & 2;
		return true;
	}
	switch (in->op) {
	case 0x80: case 0x81: case 0x83:
		f->op = (enum alu_op)sub;
		f->imm_len = in->op == 0x81 ? iz : 1;
		return true;
	case 0x84: case 0x85:
		f->op = ALU_TEST;
		return true;
	case 0xf6: case 0xf7:
		f->op = ALU_TEST;
		f->imm_len = in->op == 0xf6 ? 1 : iz;
		return sub == 0;	/* /1 is an undocumented alias */
	case 0x86: case 0x87:
		f->op = ALU_XCHG;
		return true;
	case 0x0f:
		f->op = ALU_BT;
		f->size = v;
		f->imm_len = 1;
		return in->op2 == 0xba && sub == 4;
	default:
		return false;
	}
}

int ndl_trap_alu_imm_len(const struct ndl_trap_insn *in)
{
	struct alu_form f;

	return alu_form(in, &f) ? f.imm_len : -1;
}

/*
 * insn at the operand width (suffix b/w/l/q, register modifier m) on d
 * and s with the arithmetic flags f in, f out. The stack pointer first
 * steps over the red zone, where the compiler may keep locals.
 */
#define RUN(insn, m)							\
	__asm__ volatile("add $-128, %%rsp\n\t"				\
			 "push %[f]\n\t"				\
			 "popfq\n\t"					\
			 insn " %" m "[s], %" m "[d]\n\t"		\
			 "pushfq\n\t"					\
			 "pop %[f]\n\t"					\
			 "sub $-128, %%rsp"				\
			 : [d] "+r" (d), [f] "+r" (f)			\
			 : [s] "r" (s)					\
			 : "cc")

#define RUN_SIZED(insn)							\
	do {								\
		if (size == 1)						\
			RUN(insn "b", "b");				\
		else if (size == 2)					\
			RUN(insn "w", "w");				\
		else if (size == 4)					\
			RUN(insn "l", "k");				\
		else							\
			RUN(insn "q", "q");				\
	} while (0)

/*
 * d op s natively, for the result and the flags the CPU gives them (AT&T
 * order: d is the destination, the first operand of cmp/test/bt).
 */
static u64 alu_native(enum alu_op op, int size, u64 d, u64 s, u64 *flags)
{
	u64 f = (*flags & ARITH_FLAGS) | 2;	/* bit 1 is always set */

	switch (op) {
	case ALU_ADD: RUN_SIZED("add"); break;
	case ALU_OR: RUN_SIZED("or"); break;
	case ALU_ADC: RUN_SIZED("adc"); break;
	case ALU_SBB: RUN_SIZED("sbb"); break;
	case ALU_AND: RUN_SIZED("and"); break;
	case ALU_SUB: RUN_SIZED("sub"); break;
	case ALU_XOR: RUN_SIZED("xor"); break;
	case ALU_CMP: RUN_SIZED("cmp"); break;
	case ALU_TEST: RUN_SIZED("test"); break;
	case ALU_BT:			/* no byte form */
		if (size == 2)
			RUN("btw", "w");
		else if (size == 4)
			RUN("btl", "k");
		else
			RUN("btq", "q");
		break;
	case ALU_XCHG:			/* no flags */
		return s;
	}
	*flags = (*flags & ~ARITH_FLAGS) | (f & ARITH_FLAGS);
	return d;
}

bool ndl_trap_alu_emulate(ucontext_t *uc, const struct ndl_trap_insn *in,
			  ndl_trap_access_fn *access, void *ctx)
{
	u64 *efl = (u64 *)&uc->uc_mcontext.gregs[REG_EFL];
	int reg = ndl_trap_reg_field(in);
	u64 flags = *efl, mem = 0, other, res;
	struct alu_form f;
	bool writes;

	if (!alu_form(in, &f) || !access(ctx, f.size, false, &mem))
		return false;
	other = f.imm_len ? ndl_trap_imm(in, f.imm_len, f.size) :
			    ndl_trap_get_reg(uc, in, reg, f.size);
	writes = f.op != ALU_CMP && f.op != ALU_TEST && f.op != ALU_BT;
	if (f.reg_first) {
		res = alu_native(f.op, f.size, other, mem, &flags);
		if (writes)
			ndl_trap_set_reg(uc, in, reg, f.size, res);
	} else {
		res = alu_native(f.op, f.size, mem, other, &flags);
		if (writes && !access(ctx, f.size, true, &res))
			return false;
		if (f.op == ALU_XCHG)
			ndl_trap_set_reg(uc, in, reg, f.size, mem);
	}
	*efl = flags;
	return true;
}
