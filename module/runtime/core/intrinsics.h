/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Windows x64 intrinsics that drivers compile inline instead of importing:
 * reads of KUSER_SHARED_DATA at 0xFFFFF78000000000 (KeQueryTickCount,
 * KeQuerySystemTime, KeQueryInterruptTime), gs:-relative KPCR reads
 * (KeGetCurrentThread, KeGetCurrentProcessorNumber) and mov to/from cr8
 * (KeGetCurrentIrql, KeRaiseIrql, KeLowerIrql). docs/runtime.md,
 * "Inline intrinsics", says how each is handled.
 */
#ifndef NDL_INTRINSICS_H
#define NDL_INTRINSICS_H

#include "pe/pe.h"
#include "nt/nt_objects.h"

/*
 * At load, before protection: rewrite every absolute KUSER_SHARED_DATA
 * address in executable sections to the runtime's copy of that page, and
 * count cr8 and gs: uses (img->*_refs). 0 or -NDL_E* with err filled.
 */
int ndl_intrinsics_patch(struct ndl_image *img, bool trap_cr8,
			 struct ndl_pe_error *err);

/* The runtime's KUSER_SHARED_DATA page (refreshed by ndl_kusd_update). */
extern u8 *ndl_kusd;
int ndl_kusd_init(void);
void ndl_kusd_exit(void);
/* Refresh tick count, interrupt and system time in the page. */
void ndl_kusd_update(void);

/* Classify an instruction at code (len bytes available), for emulators. */
enum ndl_intrinsic_kind {
	NDL_INTR_NONE,
	NDL_INTR_READ_CR8,	/* mov r64, cr8 */
	NDL_INTR_WRITE_CR8,	/* mov cr8, r64 */
};
struct ndl_intrinsic {
	enum ndl_intrinsic_kind kind;
	u8 reg;			/* general register number 0..15 */
	u8 len;			/* instruction length */
};
bool ndl_intrinsic_decode(const u8 *code, size_t len, struct ndl_intrinsic *out);

/*
 * cr8 accesses are rewritten at load to UD0 (0F FF) + NOPs (in the kernel
 * cr8 is the real APIC task priority, so the instruction must not run);
 * the site table remembers what each was. A host that catches the #UD
 * (user space: SIGILL; kernel: a die notifier) asks here what stood at
 * rip. Not ud2: Linux takes every kernel-mode ud2 for a WARN or BUG and
 * looks its address up in the bug tables (a linear scan of thousands of
 * entries) before any notifier runs, which cost an inline-IRQL driver
 * most of its time; no kernel treats UD0 as anything but an invalid
 * opcode.
 */
#define NDL_CR8_TRAP_OP0	0x0f
#define NDL_CR8_TRAP_OP1	0xff
struct ndl_cr8_site {
	u32 rva;
	struct ndl_intrinsic insn;
};
bool ndl_intrinsic_at(const void *rip, struct ndl_intrinsic *out);
/*
 * Emulate it on a register file indexed like the instruction's register
 * numbers (0 = rax .. 15 = r15): a read stores the runtime's IRQL, a write
 * raises or lowers it. Returns the instruction length to skip, 0 if rip
 * is no patched site.
 */
unsigned int ndl_intrinsic_emulate(const void *rip, u64 *(*reg)(void *ctx,
				   int n), void *ctx);
void ndl_intrinsics_release(struct ndl_image *img);

/* The KeTickCount data export (intrinsics.c). */
extern KSYSTEM_TIME ndlw_KeTickCount;

#endif
