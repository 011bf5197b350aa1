// SPDX-License-Identifier: GPL-2.0-only
/*
 * The runtime's OS interface on POSIX: memory, image memory with
 * per-section W^X (mmap/mprotect), logging, IRQL tracking, time, random,
 * bug checks. Deferred execution and waits are in loop.c; devices in
 * sim.c.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "host.h"
#include "core/os_fast.h"

/* ---- memory ---------------------------------------------------------- */

void *ndl_os_alloc(size_t size, unsigned int flags)
{
	void *p;

	if (posix_memalign(&p, 16, size ? size : 1))
		return NULL;
	if (flags & NDL_OS_ZERO)
		memset(p, 0, size);
	return p;
}

void ndl_os_free(void *ptr)
{
	free(ptr);
}

/* Page blocks, remembered in a list (few exist; tests and user hosts). */
struct page_block {
	void *ptr;
	size_t size;
	struct page_block *next;
};
static struct page_block *page_blocks;
static pthread_mutex_t page_blocks_lock = PTHREAD_MUTEX_INITIALIZER;

void *ndl_os_alloc_pages(size_t size, unsigned int flags)
{
	struct page_block *b = malloc(sizeof(*b));
	size_t n = NDL_ALIGN_UP(size, (size_t)NDL_OS_PAGE_SIZE);

	if (!b || n < size || posix_memalign(&b->ptr, NDL_OS_PAGE_SIZE, n)) {
		free(b);
		return NULL;
	}
	if (flags & NDL_OS_ZERO)
		memset(b->ptr, 0, n);
	b->size = n;
	pthread_mutex_lock(&page_blocks_lock);
	b->next = page_blocks;
	page_blocks = b;
	pthread_mutex_unlock(&page_blocks_lock);
	return b->ptr;
}

static struct page_block **page_block_find(const void *ptr)
{
	struct page_block **pp = &page_blocks;

	while (*pp && (*pp)->ptr != ptr)
		pp = &(*pp)->next;
	return pp;
}

size_t ndl_os_pages_size(const void *ptr)
{
	struct page_block *b;
	size_t size;

	pthread_mutex_lock(&page_blocks_lock);
	b = *page_block_find(ptr);
	size = b ? b->size : 0;
	pthread_mutex_unlock(&page_blocks_lock);
	return size;
}

void ndl_os_free_pages(void *ptr)
{
	struct page_block **pp, *b;

	pthread_mutex_lock(&page_blocks_lock);
	pp = page_block_find(ptr);
	b = *pp;
	if (b)
		*pp = b->next;
	pthread_mutex_unlock(&page_blocks_lock);
	if (b)
		free(b->ptr);
	free(b);
}

void *ndl_os_image_alloc(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

int ndl_os_image_protect(void *addr, size_t size, unsigned int prot)
{
	int p = (prot & NDL_OS_PROT_R ? PROT_READ : 0) |
		(prot & NDL_OS_PROT_W ? PROT_WRITE : 0) |
		(prot & NDL_OS_PROT_X ? PROT_EXEC : 0);

	return mprotect(addr, size, p) ? -errno : 0;
}

void ndl_os_image_free(void *addr, size_t size)
{
	munmap(addr, size);
}

/* ---- logging --------------------------------------------------------- */

static enum ndl_log_level log_level = NDL_LOG_WARN;
static bool log_level_set, log_silent;
static void (*log_hook)(enum ndl_log_level, const char *, void *);
static void *log_hook_ctx;

void ndl_user_log_level(enum ndl_log_level level)
{
	log_level = level;
	log_level_set = true;
}

void ndl_user_log_silence(void)
{
	log_silent = true;
	log_level_set = true;
}

void ndl_user_log_hook(void (*hook)(enum ndl_log_level, const char *, void *),
		       void *ctx)
{
	log_hook = hook;
	log_hook_ctx = ctx;
}

static void log_level_from_env(void)
{
	static const char *const names[] = { "err", "warn", "info", "debug" };
	const char *e = getenv("NDL_LOG");

	if (log_level_set || !e)
		return;
	for (int i = 0; i < 4; i++)
		if (!strcmp(e, names[i]))
			log_level = (enum ndl_log_level)i;
}

void ndl_os_log(enum ndl_log_level level, const char *line)
{
	static const char *const tags[] = { "error", "warning", "info",
					    "debug" };

	if (log_hook)
		log_hook(level, line, log_hook_ctx);
	if (level <= log_level && !log_silent)
		fprintf(stderr, "ndl %s: %s\n", tags[level], line);
}

/* ---- IRQL and CPU ---------------------------------------------------- */

_Thread_local u8 ndl_user_irql;	/* os_fast.h */

u8 ndl_os_irql_current(void)
{
	return ndl_user_irql;
}

u8 ndl_os_irql_raise(u8 to)
{
	u8 old = ndl_user_irql;

	if (to > old)
		ndl_user_irql = to;
	return old;
}

u8 ndl_os_irql_lower(u8 to)
{
	u8 old = ndl_user_irql;

	if (to < old)
		ndl_user_irql = to;
	return old;
}

/* One thread runs everything: there is no interrupt to hold off. */
unsigned long ndl_os_irq_save(void)
{
	return 0;
}

void ndl_os_irq_restore(unsigned long flags)
{
}

void ndl_os_cpu_relax(void)
{
	__builtin_ia32_pause();
}

u32 ndl_os_cpu_count(void)
{
	return 1;
}

u32 ndl_os_cpu_id(void)
{
	return 0;
}

static _Thread_local u8 thread_identity;

void *ndl_os_current_thread(void)
{
	void *sys = ndl_user_thread_identity();

	return sys ? sys : &thread_identity;
}

void ndl_os_stack_limits(uintptr_t *low, uintptr_t *high)
{
	pthread_attr_t a;
	void *addr = NULL;
	size_t size = 0;

	if (!pthread_getattr_np(pthread_self(), &a)) {
		pthread_attr_getstack(&a, &addr, &size);
		pthread_attr_destroy(&a);
	}
	*low = (uintptr_t)addr;
	*high = (uintptr_t)addr + size;
}

void ndl_os_driver_enter(void)
{
}

void ndl_os_driver_leave(void)
{
}

/* ---- time and randomness ---------------------------------------------- */

u64 ndl_os_monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ull + (u64)ts.tv_nsec;
}

s64 ndl_os_realtime_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (s64)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

void ndl_os_stall_us(u32 us)
{
	u64 end = ndl_os_monotonic_ns() + (u64)us * 1000;

	while (ndl_os_monotonic_ns() < end)
		__builtin_ia32_pause();
}

void ndl_os_random(void *buf, size_t len)
{
	u8 *p = buf;

	while (len) {
		ssize_t n = getrandom(p, len, 0);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			perror("ndl: getrandom");
			abort();
		}
		p += n;
		len -= (size_t)n;
	}
}

/* ---- bug checks -------------------------------------------------------- */

static _Thread_local sigjmp_buf *guard;
static struct ndl_user_bugcheck last_bugcheck;

void ndl_os_bugcheck(u32 code, u64 p1, u64 p2, u64 p3, u64 p4)
{
	last_bugcheck = (struct ndl_user_bugcheck){ code, { p1, p2, p3, p4 } };
	fprintf(stderr, "ndl: BUG CHECK 0x%08x (0x%llx, 0x%llx, 0x%llx, 0x%llx)\n",
		code, (unsigned long long)p1, (unsigned long long)p2,
		(unsigned long long)p3, (unsigned long long)p4);
	/* On a system thread: park it for good, as the kernel glue does. */
	if (ndl_user_thread_running()) {
		ndl_user_irql = NDL_PASSIVE_LEVEL;
		ndl_user_thread_park();
	}
	if (guard)
		siglongjmp(*guard, 1);
	fprintf(stderr, "ndl: no recovery point: exiting\n");
	exit(70);	/* EX_SOFTWARE */
}

u32 ndl_user_call_guarded(void (*fn)(void *ctx), void *ctx)
{
	sigjmp_buf jb, *outer = guard;
	u32 code = 0;

	if (sigsetjmp(jb, 1) == 0) {
		guard = &jb;
		fn(ctx);
	} else {
		code = last_bugcheck.code ? last_bugcheck.code : 0xffffffffu;
		/* The driver's frames are gone: back to PASSIVE_LEVEL. */
		ndl_user_irql = NDL_PASSIVE_LEVEL;
	}
	guard = outer;
	return code;
}

const struct ndl_user_bugcheck *ndl_user_last_bugcheck(void)
{
	return &last_bugcheck;
}

/* ---- start-up ----------------------------------------------------------- */

int ndl_user_init(void)
{
	int rc;

	log_level_from_env();
	rc = ndl_rt_init();
	if (rc)
		return rc;
	rc = ndl_trap_install();
	if (rc)
		ndl_rt_exit();
	return rc;
}

void ndl_user_exit(void)
{
	ndl_trap_remove();
	ndl_rt_exit();
}
