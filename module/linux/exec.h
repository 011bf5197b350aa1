/* SPDX-License-Identifier: GPL-2.0-only */
/* exec.c: page protections for driver images (and guard pages). */
#ifndef NDL_LINUX_EXEC_H
#define NDL_LINUX_EXEC_H

#include <linux/types.h>

/* Can this kernel give driver code executable memory? */
bool ndl_exec_available(void);
/* Refuse drivers from now on (the load-time self-test failed). */
void ndl_exec_disable(const char *reason);
/* Why not, in words (for logs and ioctl errors); "" if it can. */
const char *ndl_exec_unavailable_reason(void);
/*
 * Set the protection of pages [addr, addr + pages * PAGE_SIZE) of kernel
 * memory: NDL_OS_PROT_* (runtime/core/os.h). Never writable and executable at
 * once. 0 or -errno (-EOPNOTSUPP if the kernel offers no way). May sleep.
 */
int ndl_exec_protect(unsigned long addr, int pages, unsigned int prot);

#endif
