// SPDX-License-Identifier: GPL-2.0-only
/*
 * The conformance suites of tests/runtime (suites.h), built into
 * ndisload.ko and run against the module's own runtime: opening
 * /sys/kernel/debug/ndisload/conformance runs every rule on a driver
 * stack at PASSIVE_LEVEL inside the driver section, the way a driver's
 * call reaches the runtime,
 * and the file reads back one PASS/FAIL line per rule, each failed check
 * below its rule, and a leak check per suite. Rules need a runtime with
 * no driver loaded (some count the runtime's handles or stubs), so the
 * run is refused (EBUSY) while one is. Only builds from the source tree
 * have it (module/Makefile links these files into conform/; DKMS's copy
 * has no tests/).
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include "ndl.h"
#include "stack.h"
#include "stats.h"
#include "conform.h"
#include "core/os.h"
#include "core/rt.h"

#define SUITE(name) int ndl_conform_##name(void);
#include "suites.h"
#undef SUITE

static const struct {
	const char *name;
	int (*run)(void);
} ndl_conform_suites[] = {
#define SUITE(name) { #name, ndl_conform_##name },
#include "suites.h"
#undef SUITE
};

#define NDL_CONFORM_REPORT_MAX	(256 * 1024)
#define NDL_CONFORM_LOG_MAX	(32 * 1024)

struct ndl_conform_buf {
	char *text;
	size_t len, cap;
	bool truncated;
};

static DEFINE_MUTEX(ndl_conform_lock);	/* one run at a time */
static DEFINE_SPINLOCK(ndl_conform_buf_lock);	/* report and log below */
static struct ndl_conform_buf ndl_conform_report;
static struct ndl_conform_buf ndl_conform_logbuf;

static void ndl_conform_append(struct ndl_conform_buf *b, const char *fmt,
			       va_list ap)
{
	int n;

	if (!b->text || b->truncated)
		return;
	n = vsnprintf(b->text + b->len, b->cap - b->len, fmt, ap);
	if (n < 0 || (size_t)n >= b->cap - b->len) {
		b->truncated = true;
		b->text[b->len] = 0;
		return;
	}
	b->len += n;
}

void ndl_conform_printf(const char *fmt, ...)
{
	unsigned long flags;
	va_list ap;

	spin_lock_irqsave(&ndl_conform_buf_lock, flags);
	va_start(ap, fmt);
	ndl_conform_append(&ndl_conform_report, fmt, ap);
	va_end(ap);
	spin_unlock_irqrestore(&ndl_conform_buf_lock, flags);
}

static void ndl_conform_log_line(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ndl_conform_append(&ndl_conform_logbuf, fmt, ap);
	va_end(ap);
}

/* os_log.c: every runtime log line, kept while a run is on. */
void ndl_conform_log(const char *line)
{
	unsigned long flags;

	spin_lock_irqsave(&ndl_conform_buf_lock, flags);
	ndl_conform_log_line("%s\n", line);
	spin_unlock_irqrestore(&ndl_conform_buf_lock, flags);
}

bool ndl_conform_log_contains(const char *needle)
{
	unsigned long flags;
	bool found;

	spin_lock_irqsave(&ndl_conform_buf_lock, flags);
	found = ndl_conform_logbuf.text && strstr(ndl_conform_logbuf.text, needle);
	spin_unlock_irqrestore(&ndl_conform_buf_lock, flags);
	return found;
}

void ndl_conform_log_clear(void)
{
	unsigned long flags;

	spin_lock_irqsave(&ndl_conform_buf_lock, flags);
	if (ndl_conform_logbuf.text) {
		ndl_conform_logbuf.len = 0;
		ndl_conform_logbuf.text[0] = 0;
		ndl_conform_logbuf.truncated = false;
	}
	spin_unlock_irqrestore(&ndl_conform_buf_lock, flags);
}

/* The runtime's IRQL in the high bits, preempt_count() in the low 32. */
unsigned long ndl_conform_context(void)
{
	return (unsigned long)ndl_os_irql_current() << 32 | preempt_count();
}

int ndl_conform_context_changed(const char *test, unsigned long before)
{
	unsigned long now = ndl_conform_context();
	int changed = 0;

	if (now >> 32 != before >> 32) {
		ndl_conform_printf("  %s: returned at IRQL %lu, called at %lu\n",
				   test, now >> 32, before >> 32);
		changed++;
	}
	if ((u32)now != (u32)before) {
		ndl_conform_printf("  %s: returned with preempt_count %#x, called with %#x\n",
				   test, (u32)now, (u32)before);
		changed++;
	}
	return changed;
}

u64 ndl_conform_live(void)
{
	struct ndl_mem_stats st;

	ndl_mem_stats(&st);
	return st.allocations;
}

/*
 * A suite's rules call the exports as driver code does: inside the
 * driver section (fpu.c), which the runtime's waits step out of and back
 * into around a sleep.
 */
static long ndl_conform_run_suite(void *arg)
{
	int (*run)(void) = arg;
	int ret;

	ndl_os_driver_enter();
	ret = run();
	ndl_os_driver_leave();
	return ret;
}

/* Every suite, into the report; 0, or why the run could not start. */
static int ndl_conform_run(void)
{
	size_t i, failed = 0;
	char *report, *log;

	if (atomic64_read(&ndl_stats.image_live))
		return -EBUSY;
	report = kvzalloc(NDL_CONFORM_REPORT_MAX, GFP_KERNEL);
	log = kvzalloc(NDL_CONFORM_LOG_MAX, GFP_KERNEL);
	if (!report || !log) {
		kvfree(report);
		kvfree(log);
		return -ENOMEM;
	}
	spin_lock_irq(&ndl_conform_buf_lock);
	ndl_conform_report = (struct ndl_conform_buf){ report, 0,
		NDL_CONFORM_REPORT_MAX, false };
	ndl_conform_logbuf = (struct ndl_conform_buf){ log, 0,
		NDL_CONFORM_LOG_MAX, false };
	spin_unlock_irq(&ndl_conform_buf_lock);

	for (i = 0; i < ARRAY_SIZE(ndl_conform_suites); i++) {
		unsigned int before = preempt_count();

		if (ndl_stack_run(ndl_conform_run_suite,
				  ndl_conform_suites[i].run, -1))
			failed++;
		/* A suite leaves the Linux context as it found it. */
		if (preempt_count() != before) {
			ndl_conform_printf("FAIL: %s/linux-context (preempt_count %#x, was %#x)\n",
					   ndl_conform_suites[i].name,
					   preempt_count(), before);
			failed++;
		}
	}
	ndl_conform_printf("suites %zu failed %zu%s\n",
			   ARRAY_SIZE(ndl_conform_suites), failed,
			   ndl_conform_report.truncated ? " (report truncated)" : "");

	spin_lock_irq(&ndl_conform_buf_lock);
	ndl_conform_logbuf = (struct ndl_conform_buf){ 0 };
	spin_unlock_irq(&ndl_conform_buf_lock);
	kvfree(log);
	return 0;
}

static int ndl_conform_open(struct inode *inode, struct file *file)
{
	int ret;

	ret = mutex_lock_killable(&ndl_conform_lock);
	if (ret)
		return ret;
	ret = ndl_conform_run();
	if (!ret) {
		file->private_data = ndl_conform_report.text;
		ndl_conform_report.text = NULL;
	}
	mutex_unlock(&ndl_conform_lock);
	return ret;
}

static ssize_t ndl_conform_read(struct file *file, char __user *ubuf,
				size_t count, loff_t *pos)
{
	const char *text = file->private_data;

	return simple_read_from_buffer(ubuf, count, pos, text, strlen(text));
}

static int ndl_conform_release(struct inode *inode, struct file *file)
{
	kvfree(file->private_data);
	return 0;
}

static const struct file_operations ndl_conform_fops = {
	.owner = THIS_MODULE,
	.open = ndl_conform_open,
	.read = ndl_conform_read,
	.release = ndl_conform_release,
	.llseek = default_llseek,
};

void ndl_conform_debugfs(struct dentry *dir)
{
	debugfs_create_file("conformance", 0400, dir, NULL, &ndl_conform_fops);
}
