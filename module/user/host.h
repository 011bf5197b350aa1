/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The user-space host: the POSIX implementation of the runtime's OS
 * interface (os_posix.c), its deterministic single-threaded event loop
 * (loop.c), fault-based emulation of inline port I/O, MMIO, cr8 and gs:
 * (trap.c; the ALU forms on MMIO in trap_alu.c), port/MMIO access and DMA
 * memory (devio.c, dma_pool.c), and a device backend: the simulated PCI
 * devices (sim.c, simdev.h) in libndlrt.a, or real ones through VFIO
 * (host/, ndisload-host) in libndlrt-host.a.
 */
#ifndef NDL_USER_HOST_H
#define NDL_USER_HOST_H

#include "core/os.h"
#include "simdev.h"

/* Start/stop the runtime in this process (ndl_rt_init + fault traps). */
int ndl_user_init(void);
void ndl_user_exit(void);

/*
 * Run due timers, queued DPCs and work items, and deliver asserted
 * interrupts until nothing is left to do now. Returns how many things ran.
 */
unsigned int ndl_user_run_pending(void);
/* Keep running pending work until idle or deadline (monotonic ns). */
void ndl_user_run_until(u64 deadline_ns);

/*
 * Run fn(ctx) so that a bug check inside it (KeBugCheckEx, a deadlock the
 * host detects, an IRQL violation) returns here instead of ending the
 * process. Returns 0, or the bug-check code (details: ndl_user_bugcheck).
 */
u32 ndl_user_call_guarded(void (*fn)(void *ctx), void *ctx);
struct ndl_user_bugcheck {
	u32 code;
	u64 params[4];
};
const struct ndl_user_bugcheck *ndl_user_last_bugcheck(void);

/*
 * Log routing: lines at or below the level are written to stderr
 * (NDL_LOG=err|warn|info|debug sets the level; default warn). A hook, if
 * set, sees every line at every level (tests inspect them).
 */
void ndl_user_log_level(enum ndl_log_level level);
void ndl_user_log_silence(void);	/* nothing to stderr (hook still runs) */
void ndl_user_log_hook(void (*hook)(enum ndl_log_level, const char *, void *),
		       void *ctx);

/*
 * The control device the runtime exposed under name (ctldev.c), with a
 * reference the caller drops (ndl_hostdev_put); NULL if there is none.
 */
struct ndl_hostdev *ndl_user_ctldev(const char *name);

/* The OS device behind a simulated device (to hand to the NDIS layer). */
struct ndl_os_dev *ndl_sim_os_dev(struct ndl_sim_dev *dev);

/*
 * The device backend (sim.c, or host/vfio*.c): claim a port or MMIO access
 * for a device (false: not a device's; MMIO then is ordinary memory),
 * deliver pending interrupts (true if an ISR ran), and sleep until the
 * deadline (monotonic ns) or until a device event, whichever comes first.
 */
bool ndl_user_port_access(u32 port, int size, bool write, u32 *val);
bool ndl_user_mmio_access(const volatile void *addr, int size, bool write,
			  u64 *val);
bool ndl_user_dev_poll(void);
void ndl_user_dev_idle(u64 deadline_ns);

/*
 * dma_pool.c: all DMA memory, NDL_USER_DMA_SIZE bytes at bus address
 * NDL_USER_DMA_BUS. ndl_user_dma_pool creates it (NULL: no memory);
 * bus_to_va: the pool's bytes at a bus range, NULL outside.
 */
#define NDL_USER_DMA_BUS	0x10000000ull
#define NDL_USER_DMA_SIZE	(32u << 20)
void *ndl_user_dma_pool(void);
u8 *ndl_user_dma_bus_to_va(u64 bus, size_t len);

/* loop.c: when the next timer or system-thread wait is due (or FOREVER). */
u64 ndl_user_next_due(void);

/* Internal to module/user/ (loop.c <-> thread.c <-> trap.c). */
int ndl_trap_install(void);
void ndl_trap_remove(void);
extern u64 ndl_user_fake_kpcr[512];	/* gs: reads are served from here */
/* thread.c: system threads as coroutines the loop runs. */
bool ndl_user_threads_run(void);	/* run the runnable ones; any ran? */
u64 ndl_user_threads_next_due(void);	/* earliest wait deadline */
bool ndl_user_thread_running(void);	/* called from a system thread? */
void *ndl_user_thread_identity(void);	/* its identity, or NULL */
/* Block the running system thread until *woken or the deadline. */
enum ndl_os_wait_result ndl_user_thread_wait(bool *woken, u64 deadline);
__noreturn void ndl_user_thread_park(void);	/* after a bug check on it */

#endif
