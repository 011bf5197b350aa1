// SPDX-License-Identifier: GPL-2.0-only
/*
 * IBT suspension, as the kernel itself does around EFI runtime calls
 * (firmware has no ENDBR64 either): clear CET_ENDBR_EN in MSR_IA32_S_CET
 * on this CPU while a per-CPU count of suspenders is non-zero. Built only
 * for kernels with CONFIG_X86_KERNEL_IBT, and a no-op on CPUs without IBT.
 */
#include <linux/irqflags.h>
#include <linux/percpu.h>
#include <asm/cpufeature.h>
#include <asm/msr.h>

#include "ibt.h"

static DEFINE_PER_CPU(unsigned int, ndl_ibt_depth);

bool ndl_ibt_active(void)
{
	return cpu_feature_enabled(X86_FEATURE_IBT);
}

void ndl_ibt_suspend(void)
{
	unsigned long flags;
	u64 msr;

	if (!cpu_feature_enabled(X86_FEATURE_IBT))
		return;
	local_irq_save(flags);
	if (this_cpu_inc_return(ndl_ibt_depth) == 1) {
		rdmsrl(MSR_IA32_S_CET, msr);
		wrmsrl(MSR_IA32_S_CET, msr & ~CET_ENDBR_EN);
	}
	local_irq_restore(flags);
}

void ndl_ibt_resume(void)
{
	unsigned long flags;
	u64 msr;

	if (!cpu_feature_enabled(X86_FEATURE_IBT))
		return;
	local_irq_save(flags);
	if (this_cpu_dec_return(ndl_ibt_depth) == 0) {
		rdmsrl(MSR_IA32_S_CET, msr);
		wrmsrl(MSR_IA32_S_CET, msr | CET_ENDBR_EN);
	}
	local_irq_restore(flags);
}
