/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Fixed-width types and the few compiler facilities the runtime uses, the
 * same in the kernel (<linux/types.h>) and in user space (<stdint.h>). This
 * is the only header of module/runtime/ that includes system headers, but
 * for core/os_fast.h (the OS layer's inline IRQL read, for spin locks).
 */
#ifndef NDL_TYPES_H
#define NDL_TYPES_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/stdarg.h>
#else
#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdarg.h>
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;
/* __aligned, __printf, __noreturn, __iomem, ... as in the kernel. */
#include "compiler_attrs.h"	/* module/user/ */
#endif

#define NDL_STATIC_ASSERT(expr, msg) _Static_assert(expr, msg)
#define NDL_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define NDL_CONTAINER_OF(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define NDL_ALIGN_UP(x, a) (((x) + ((a) - 1)) & ~((__typeof__(x))(a) - 1))
#define NDL_LIKELY(x) __builtin_expect(!!(x), 1)
#define NDL_UNLIKELY(x) __builtin_expect(!!(x), 0)

/* Both environments provide these; no string header is needed for them. */
#define ndl_memcpy __builtin_memcpy
#define ndl_memmove __builtin_memmove
#define ndl_memset __builtin_memset
#define ndl_memcmp __builtin_memcmp
#define ndl_strlen __builtin_strlen
#define ndl_strcmp __builtin_strcmp

/* Keeps stores to *p that look dead (the kernel's barrier_data()). */
static inline void ndl_barrier_data(void *p)
{
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

/* Atomic helpers (GCC builtins compile the same in kernel and user space). */
#define ndl_atomic_load(p) __atomic_load_n(p, __ATOMIC_ACQUIRE)
#define ndl_atomic_store(p, v) __atomic_store_n(p, v, __ATOMIC_RELEASE)
#define ndl_atomic_add(p, v) __atomic_add_fetch(p, v, __ATOMIC_SEQ_CST)
#define ndl_atomic_xchg(p, v) __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST)
#define ndl_atomic_cmpxchg(p, oldp, v) \
	__atomic_compare_exchange_n(p, oldp, v, false, __ATOMIC_SEQ_CST, \
				    __ATOMIC_SEQ_CST)

#endif
