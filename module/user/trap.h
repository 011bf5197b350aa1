/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Inside the user host's fault emulation: the decoded instruction and the
 * register access the emulators share. trap.c decodes and emulates the
 * mov, port I/O, cr8 and gs: forms; trap_alu.c the ALU forms on MMIO.
 */
#ifndef NDL_USER_TRAP_H
#define NDL_USER_TRAP_H

#include <stdbool.h>
#include <ucontext.h>

#include "core/ndl_types.h"

struct ndl_trap_insn {
	u8 rex;
	bool opsize16, rep, gs;
	u8 op, op2;		/* op2 after 0F */
	u8 modrm;
	bool has_modrm;
	bool alu;		/* an ALU form (trap_alu.c) */
	int len;		/* total length */
	const u8 *imm;
};

/* One access to the emulated memory operand; false: not emulated. */
typedef bool ndl_trap_access_fn(void *ctx, int size, bool write, u64 *v);

/* Operand size of a non-byte form: 2 (66), 4, or 8 (REX.W). */
int ndl_trap_op_size(const struct ndl_trap_insn *in);
/* The register ModRM.reg names (REX.R extends it). */
int ndl_trap_reg_field(const struct ndl_trap_insn *in);
/*
 * The nbytes-wide immediate sign-extended, then cut to size bytes (what
 * the CPU uses: 83's imm8 and a REX.W form's imm32 are sign-extended).
 */
u64 ndl_trap_imm(const struct ndl_trap_insn *in, int nbytes, int size);
/* Register reg at size, with x86 partial-register rules (ah..bh). */
u64 ndl_trap_get_reg(ucontext_t *uc, const struct ndl_trap_insn *in, int reg,
		     int size);
void ndl_trap_set_reg(ucontext_t *uc, const struct ndl_trap_insn *in, int reg,
		      int size, u64 v);

/*
 * trap_alu.c: the immediate length of an ALU form this emulates (its
 * opcode, op2 and ModRM read), or -1; and its emulation on the memory
 * operand behind access (registers and EFLAGS in uc updated).
 */
int ndl_trap_alu_imm_len(const struct ndl_trap_insn *in);
bool ndl_trap_alu_emulate(ucontext_t *uc, const struct ndl_trap_insn *in,
			  ndl_trap_access_fn *access, void *ctx);

#endif
