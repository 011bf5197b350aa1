/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Runtime-internal services shared by every part of module/runtime/:
 * logging, accounted memory, error codes, and the calling wrapper for
 * Windows code. Everything here sits on os.h.
 */
#ifndef NDL_RT_H
#define NDL_RT_H

#include "core/os.h"
#include "core/win_types.h"

/* Error codes returned as negative values (same numbers as Linux errno). */
#define NDL_ENOENT	2
#define NDL_ENOEXEC	8
#define NDL_ENOMEM	12
#define NDL_EBUSY	16
#define NDL_EINVAL	22
#define NDL_ENOSPC	28
#define NDL_ERANGE	34
#define NDL_ENOSYS	38

/* printf-style logging through ndl_os_log (format: fmt.h). */
void ndl_log(enum ndl_log_level level, const char *fmt, ...) __printf(2, 3);
#define ndl_err(...) ndl_log(NDL_LOG_ERR, __VA_ARGS__)
#define ndl_warn(...) ndl_log(NDL_LOG_WARN, __VA_ARGS__)
#define ndl_info(...) ndl_log(NDL_LOG_INFO, __VA_ARGS__)
#define ndl_dbg(...) ndl_log(NDL_LOG_DEBUG, __VA_ARGS__)
/* Log a known gap once per call site ("FIXME" in Wine's terms). */
#define ndl_fixme_once(...) do {					\
	static bool ndl_fixme_done_;					\
	if (!ndl_fixme_done_) {						\
		ndl_fixme_done_ = true;					\
		ndl_log(NDL_LOG_WARN, __VA_ARGS__);			\
	}								\
} while (0)

/*
 * Accounted memory: every runtime and driver allocation goes through here
 * so leaks are visible (ndl_mem_stats) at unload and in tests.
 * ndl_alloc: NDL_OS_ATOMIC / NDL_OS_ZERO flags; 16-byte aligned.
 */
void *ndl_alloc(size_t size, unsigned int flags);
/*
 * What an allocation is for, counted apart (ndl_mem_stats, debugfs
 * ndisload/stats) to show where a loaded driver's memory goes.
 */
enum ndl_mem_cat {
	NDL_MEM_OTHER,		/* anything not below */
	NDL_MEM_ADAPTER,	/* per-driver and per-adapter objects */
	NDL_MEM_PACKETS,	/* NDIS 5 packet pools and their descriptors */
	NDL_MEM_MDLS,		/* MDLs (NDIS_BUFFERs) drivers allocate */
	NDL_MEM_NBLS,		/* NDIS 6 NET_BUFFER_LISTs and NET_BUFFERs */
	NDL_MEM_SEND,		/* the runtime's send slots and their buffers */
	NDL_MEM_SG,		/* scatter-gather lists, DMA bookkeeping */
	NDL_MEM_POOL,		/* drivers' own pool blocks (ndl_alloc_pool) */
	NDL_MEM_CATS
};
void *ndl_alloc_cat(size_t size, unsigned int flags, enum ndl_mem_cat cat);
const char *ndl_mem_cat_name(enum ndl_mem_cat cat);
/*
 * Windows pool placement (ExAllocatePool, NdisAllocateMemory): a page or
 * more is page-aligned; less is 16-byte aligned within one page.
 * Freed with ndl_free.
 */
void *ndl_alloc_pool(size_t size, unsigned int flags);
void ndl_free(void *ptr);
size_t ndl_alloc_size(const void *ptr);	/* usable size of an allocation */
struct ndl_mem_stats {
	u64 allocations;	/* live allocations */
	u64 bytes;		/* live bytes */
	u64 total_allocations;	/* since start */
	u64 failures;
	/*
	 * Live bytes of pool blocks (ndl_alloc_pool), included in bytes:
	 * what drivers asked for themselves (ExAllocatePool*,
	 * NdisAllocateMemory*), whole pages for a page or more.
	 */
	u64 pool_bytes;
	/*
	 * Live bytes by category (sum: bytes), and what the blocks cost
	 * beyond their size: the 16-byte header of each, the page slack of
	 * a small pool block moved off a page boundary.
	 */
	u64 cat_bytes[NDL_MEM_CATS];
	u64 overhead_bytes;
};
void ndl_mem_stats(struct ndl_mem_stats *out);
/* Fail the n-th allocation from now (1 = next), 0 = off; for tests. */
void ndl_mem_fail_after(u64 n);

/* Allocation flags for the current IRQL. */
static inline unsigned int ndl_alloc_flags_for_irql(void)
{
	return ndl_os_irql_current() > NDL_PASSIVE_LEVEL ? NDL_OS_ATOMIC : 0;
}

/*
 * Call into Windows code: wraps the call in ndl_os_driver_enter/leave so
 * the host can provide FPU state (and, later, a stack of its own).
 */
#define NDL_CALL_DRIVER(ret, fn, ...) do {				\
	ndl_os_driver_enter();						\
	ret = (fn)(__VA_ARGS__);					\
	ndl_os_driver_leave();						\
} while (0)
#define NDL_CALL_DRIVER_VOID(fn, ...) do {				\
	ndl_os_driver_enter();						\
	(fn)(__VA_ARGS__);						\
	ndl_os_driver_leave();						\
} while (0)

#endif
