/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel's compiler shorthands the runtime uses (<linux/compiler_types.h>,
 * <linux/compiler_attributes.h>), for the runtime built in user space:
 * module/runtime/core/ndl_types.h includes this instead of the kernel's headers.
 */
#ifndef NDL_USER_COMPILER_ATTRS_H
#define NDL_USER_COMPILER_ATTRS_H

#define __aligned(x) __attribute__((__aligned__(x)))
#define __printf(a, b) __attribute__((__format__(printf, a, b)))
#define __noreturn __attribute__((__noreturn__))
#define __packed __attribute__((__packed__))
#ifndef __always_inline	/* glibc's <sys/cdefs.h> has it */
#define __always_inline inline __attribute__((__always_inline__))
#endif
/* Exempt from -ftrivial-auto-var-init (the kernel's INIT_STACK_ALL_ZERO). */
#if defined(__has_attribute) && __has_attribute(__uninitialized__)
#define __uninitialized __attribute__((__uninitialized__))
#else
#define __uninitialized
#endif

/* Address-space annotations: only sparse gives them meaning. */
#define __iomem
#define __force

#endif
