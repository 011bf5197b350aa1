// SPDX-License-Identifier: GPL-2.0-only
/*
 * Executable memory for Windows driver images: the one place where
 * ndisload.ko uses kernel functions that are not exported.
 *
 * Since 5.8 no exported kernel API returns executable memory: vmap() with
 * PAGE_KERNEL_EXEC silently drops the X bit, and module_alloc(),
 * __vmalloc_node_range() (renamed ..._noprof in 6.10) and set_memory_x()
 * are not exported. What remains is to allocate ordinary vmalloc memory and
 * change its page protections with set_memory_{x,ro,nx,rw}, found once at
 * load time through kallsyms_lookup_name(), whose own address a kprobe on
 * it reveals (kallsyms_lookup_name has not been exported since 5.7 either).
 * These four names and kallsyms_lookup_name have been stable for many
 * releases; nothing here depends on allocator internals.
 *
 * Each PE section gets its own protection (the runtime asks through
 * ndl_os_image_protect): code RX, read-only data R, writable data RW+NX;
 * no page is ever writable and executable at once, and every page is back
 * to RW+NX before vfree(). If the lookup fails (a kernel without kprobes,
 * or a future rename), the module still loads and answers ioctls, but
 * refuses to add drivers with EOPNOTSUPP and says why.
 *
 * The functions found are sealed on IBT kernels (no ENDBR64: the kernel
 * never takes their address), so every call through these pointers runs
 * with IBT suspended (ibt.c).
 */
#include <linux/kprobes.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include "ndl.h"
#include "exec.h"
#include "fpu.h"
#include "ibt.h"
#include "stats.h"
#include "core/os.h"

typedef int (*ndl_set_memory_fn)(unsigned long addr, int numpages);

static struct {
	ndl_set_memory_fn x, nx, ro, rw;
} ndl_mem_ops;
static const char *ndl_exec_reason = "not initialised";
static bool ndl_exec_ok;

/* Images handed out, so protect/free can check what they are given. */
struct ndl_image_area {
	struct list_head link;
	unsigned long start;
	size_t size;
};
static LIST_HEAD(ndl_images);
static DEFINE_MUTEX(ndl_images_lock);

bool ndl_exec_available(void)
{
	return READ_ONCE(ndl_exec_ok);
}

void ndl_exec_disable(const char *reason)
{
	ndl_exec_reason = reason;
	WRITE_ONCE(ndl_exec_ok, false);
}

const char *ndl_exec_unavailable_reason(void)
{
	return ndl_exec_available() ? "" : ndl_exec_reason;
}

static int ndl_call_set_memory(ndl_set_memory_fn fn, unsigned long addr,
			       int pages)
{
	int ret;

	migrate_disable();
	ndl_ibt_suspend();
	ret = fn(addr, pages);
	ndl_ibt_resume();
	migrate_enable();
	return ret;
}

int ndl_exec_protect(unsigned long addr, int pages, unsigned int prot)
{
	int ret;

	if (!ndl_mem_ops.x)
		return -EOPNOTSUPP;
	if ((prot & NDL_OS_PROT_W) && (prot & NDL_OS_PROT_X))
		return -EPERM;
	/* Drop X before adding W, drop W before adding X: never both. */
	if (!(prot & NDL_OS_PROT_X)) {
		ret = ndl_call_set_memory(ndl_mem_ops.nx, addr, pages);
		if (ret)
			return ret;
	}
	ret = ndl_call_set_memory(prot & NDL_OS_PROT_W ? ndl_mem_ops.rw :
				  ndl_mem_ops.ro, addr, pages);
	if (ret)
		return ret;
	if (prot & NDL_OS_PROT_X)
		ret = ndl_call_set_memory(ndl_mem_ops.x, addr, pages);
	return ret;
}

/* ---- the runtime's image allocator (os.h) ---------------------------------- */

static struct ndl_image_area *ndl_image_find(unsigned long addr, size_t size)
{
	struct ndl_image_area *a;

	list_for_each_entry(a, &ndl_images, link)
		if (addr >= a->start && size <= a->size &&
		    addr - a->start <= a->size - size)
			return a;
	return NULL;
}

void *ndl_os_image_alloc(size_t size)
{
	struct ndl_image_area *a;
	void *mem = NULL;

	if (!ndl_exec_available()) {
		pr_err("cannot load driver code: %s\n", ndl_exec_reason);
		return NULL;
	}
	if (!size || size & ~PAGE_MASK)
		return NULL;
	ndl_fpu_pause();
	a = kmalloc(sizeof(*a), GFP_KERNEL);
	if (a)
		mem = vzalloc(size);
	if (mem) {
		a->start = (unsigned long)mem;
		a->size = size;
		mutex_lock(&ndl_images_lock);
		list_add(&a->link, &ndl_images);
		mutex_unlock(&ndl_images_lock);
		ndl_stat_add(&ndl_stats.image_live, &ndl_stats.image_bytes,
			     size);
	} else {
		kfree(a);
	}
	ndl_fpu_resume();
	return mem;
}

int ndl_os_image_protect(void *addr, size_t size, unsigned int prot)
{
	unsigned long start = (unsigned long)addr;
	int ret = -EINVAL;

	if (!size || (start | size) & ~PAGE_MASK)
		return -EINVAL;
	ndl_fpu_pause();
	mutex_lock(&ndl_images_lock);
	if (ndl_image_find(start, size))
		ret = ndl_exec_protect(start, size >> PAGE_SHIFT, prot);
	mutex_unlock(&ndl_images_lock);
	ndl_fpu_resume();
	if (ret == -EPERM)
		pr_err("refusing a writable and executable image range at %p\n",
		       addr);
	else if (ret)
		pr_err("cannot set protection %#x on image range %p+%#zx: %d\n",
		       prot, addr, size, ret);
	return ret;
}

void ndl_os_image_free(void *addr, size_t size)
{
	struct ndl_image_area *a;
	int ret;

	if (!addr)
		return;
	ndl_fpu_pause();
	mutex_lock(&ndl_images_lock);
	a = ndl_image_find((unsigned long)addr, 1);
	if (a && a->start == (unsigned long)addr) {
		list_del(&a->link);
	} else {
		WARN(1, "ndisload: freeing unknown image %p\n", addr);
		a = NULL;
	}
	mutex_unlock(&ndl_images_lock);
	if (a) {
		ret = ndl_exec_protect(a->start, a->size >> PAGE_SHIFT,
				       NDL_OS_PROT_R | NDL_OS_PROT_W);
		if (ret) {
			/* vfree of non-RW pages would corrupt the allocator. */
			pr_err("cannot restore RW+NX on image %p (%d): leaking it\n",
			       addr, ret);
		} else {
			vfree(addr);
		}
		ndl_stat_sub(&ndl_stats.image_live, &ndl_stats.image_bytes,
			     a->size);
		kfree(a);
	}
	ndl_fpu_resume();
}

/* ---- finding the functions ----------------------------------------------- */

typedef unsigned long (*ndl_lookup_fn)(const char *name);

static unsigned long ndl_lookup(ndl_lookup_fn lookup, const char *name)
{
	unsigned long addr;

	preempt_disable();
	ndl_ibt_suspend();
	addr = lookup(name);
	ndl_ibt_resume();
	preempt_enable();
	return addr;
}

int ndl_exec_init(void)
{
	struct kprobe kp = { .symbol_name = "kallsyms_lookup_name" };
	unsigned long x, nx, ro, rw;
	ndl_lookup_fn lookup;
	int ret;

	ret = register_kprobe(&kp);
	if (ret) {
		ndl_exec_reason = "kallsyms_lookup_name cannot be found (kprobes unavailable)";
		pr_warn("cannot find kallsyms_lookup_name through a kprobe (%d): driver code cannot be made executable on this kernel; drivers will be refused\n",
			ret);
		return 0;
	}
	lookup = (ndl_lookup_fn)kp.addr;
	unregister_kprobe(&kp);

	x = ndl_lookup(lookup, "set_memory_x");
	nx = ndl_lookup(lookup, "set_memory_nx");
	ro = ndl_lookup(lookup, "set_memory_ro");
	rw = ndl_lookup(lookup, "set_memory_rw");
	if (!x || !nx || !ro || !rw) {
		ndl_exec_reason = "set_memory_x/nx/ro/rw not found by kallsyms";
		pr_warn("%s: driver code cannot be made executable on this kernel; drivers will be refused\n",
			ndl_exec_reason);
		return 0;
	}
	ndl_mem_ops.nx = (ndl_set_memory_fn)nx;
	ndl_mem_ops.ro = (ndl_set_memory_fn)ro;
	ndl_mem_ops.rw = (ndl_set_memory_fn)rw;
	ndl_mem_ops.x = (ndl_set_memory_fn)x;
	ndl_exec_reason = "";
	ndl_exec_ok = true;
	return 0;
}

void ndl_exec_uninit(void)
{
	WARN_ON(!list_empty(&ndl_images));
}
