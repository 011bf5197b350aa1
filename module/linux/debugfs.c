// SPDX-License-Identifier: GPL-2.0-only
/*
 * /sys/kernel/debug/ndisload/: what the module holds on behalf of drivers
 * ("stats": one "name value" line each; every *_live figure, and the
 * runtime's own live allocations, are 0 once every driver is removed;
 * rt_cat_* split rt_bytes by what the memory is for),
 * and the driver stacks ("stacks": count, usable size, deepest use).
 */
#include <linux/debugfs.h>
#include <linux/seq_file.h>

#include "ndl.h"
#include "exec.h"
#include "stack.h"
#include "stats.h"
#include "core/rt.h"

struct ndl_stats ndl_stats;
DEFINE_PER_CPU(struct ndl_pcpu_stats, ndl_pcpu_stats);
static struct dentry *ndl_debugfs_dir;

static long ndl_rt_stats_on_stack(void *arg)
{
	ndl_mem_stats(arg);
	return 0;
}

static int ndl_stats_show(struct seq_file *m, void *unused)
{
	struct ndl_mem_stats rt = { 0 };
	const struct {
		const char *name;
		atomic64_t *v;
	} rows[] = {
		{ "mem_live", &ndl_stats.mem_live },
		{ "mem_bytes", &ndl_stats.mem_bytes },
		{ "mem_total", &ndl_stats.mem_total },
		{ "mem_failed", &ndl_stats.mem_failed },
		{ "image_live", &ndl_stats.image_live },
		{ "image_bytes", &ndl_stats.image_bytes },
		{ "dma_live", &ndl_stats.dma_live },
		{ "dma_bytes", &ndl_stats.dma_bytes },
		{ "mmio_live", &ndl_stats.mmio_live },
		{ "irq_live", &ndl_stats.irq_live },
		{ "waiter_live", &ndl_stats.waiter_live },
		{ "passive_live", &ndl_stats.passive_live },
		{ "stack_fallbacks", &ndl_stats.stack_fallbacks },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++)
		seq_printf(m, "%s %lld\n", rows[i].name,
			   atomic64_read(rows[i].v));
	seq_printf(m, "dma_maps_live %lld\ndriver_calls %lld\n",
		   ndl_pcpu_stat(dma_maps_live), ndl_pcpu_stat(driver_calls));
	ndl_stack_run(ndl_rt_stats_on_stack, &rt, -1);
	seq_printf(m, "rt_live %llu\nrt_bytes %llu\nrt_total %llu\nrt_failed %llu\nrt_pool_bytes %llu\n",
		   rt.allocations, rt.bytes, rt.total_allocations, rt.failures,
		   rt.pool_bytes);
	/* Where the runtime's bytes go (they add up to rt_bytes). */
	for (i = 0; i < NDL_MEM_CATS; i++)
		seq_printf(m, "rt_cat_%s %llu\n", ndl_mem_cat_name(i),
			   rt.cat_bytes[i]);
	seq_printf(m, "rt_overhead %llu\n", rt.overhead_bytes);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ndl_stats);

static int ndl_stacks_show(struct seq_file *m, void *unused)
{
	seq_printf(m, "count %u\nsize %lu\nusable %zu\ndeepest %zu\n",
		   ndl_stack_count(), NDL_STACK_SIZE, ndl_stack_usable(),
		   ndl_stack_deepest());
	seq_printf(m, "exec %s\n", ndl_exec_available() ? "available" :
		   ndl_exec_unavailable_reason());
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ndl_stacks);

int ndl_debugfs_init(void)
{
	ndl_debugfs_dir = debugfs_create_dir("ndisload", NULL);
	debugfs_create_file("stats", 0444, ndl_debugfs_dir, NULL,
			    &ndl_stats_fops);
	debugfs_create_file("stacks", 0444, ndl_debugfs_dir, NULL,
			    &ndl_stacks_fops);
#ifdef NDL_CONFORM
	ndl_conform_debugfs(ndl_debugfs_dir);
#endif
	return 0;
}

void ndl_debugfs_uninit(void)
{
	debugfs_remove_recursive(ndl_debugfs_dir);
}
