/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the Linux side holds on behalf of drivers, counted so that leaks
 * show: debugfs ndisload/stats prints these (and the runtime's own
 * counters); after every driver is removed each "live" figure is zero.
 */
#ifndef NDL_LINUX_STATS_H
#define NDL_LINUX_STATS_H

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/percpu.h>

struct ndl_stats {
	atomic64_t mem_live;		/* ndl_os_alloc blocks */
	atomic64_t mem_bytes;
	atomic64_t mem_total;		/* allocations since load */
	atomic64_t mem_failed;
	atomic64_t image_live;		/* executable images */
	atomic64_t image_bytes;
	atomic64_t dma_live;		/* coherent DMA blocks */
	atomic64_t dma_bytes;
	atomic64_t mmio_live;		/* ioremap'ed ranges */
	atomic64_t irq_live;		/* connected interrupts */
	atomic64_t waiter_live;
	atomic64_t passive_live;	/* queued passive-level requests */
	atomic64_t stack_fallbacks;	/* calls run on the Linux stack */
};

extern struct ndl_stats ndl_stats;

/*
 * Counted on every frame or every entry into a driver: per CPU, so that
 * CPUs sending at once do not bounce a shared cache line (this_cpu_inc is
 * one unlocked instruction); summed when read. A "live" figure may be
 * incremented on one CPU and decremented on another: only the sum means
 * anything.
 */
struct ndl_pcpu_stats {
	s64 dma_maps_live;	/* streaming mappings */
	s64 driver_calls;	/* entries onto a driver stack */
};

DECLARE_PER_CPU(struct ndl_pcpu_stats, ndl_pcpu_stats);

#define ndl_pcpu_stat(field) ({					\
	s64 __sum = 0;							\
	int __cpu;							\
									\
	for_each_possible_cpu(__cpu)					\
		__sum += per_cpu(ndl_pcpu_stats.field, __cpu);		\
	__sum;								\
})

static inline void ndl_stat_add(atomic64_t *live, atomic64_t *bytes, s64 n)
{
	atomic64_inc(live);
	if (bytes)
		atomic64_add(n, bytes);
}

static inline void ndl_stat_sub(atomic64_t *live, atomic64_t *bytes, s64 n)
{
	atomic64_dec(live);
	if (bytes)
		atomic64_sub(n, bytes);
}

#endif
