/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The OS interface: everything the portable runtime needs from its host.
 * Implemented by module/linux/ (kernel) and module/user/ (POSIX). The
 * runtime calls nothing else of the host; the host calls the runtime's
 * entry points declared at the end of this file. docs/runtime.md explains
 * the contract of each function and which context it runs in.
 *
 * Contexts: the runtime tracks Windows IRQL through ndl_os_irql_*.
 * PASSIVE (0) may sleep; DISPATCH (2) is "no preemption, no bottom halves"
 * (kernel: softirq/tasklet or bh+preempt disabled); above DISPATCH is
 * "interrupts off" (kernel: hard irq or local_irq_save).
 */
#ifndef NDL_OS_H
#define NDL_OS_H

#include "core/ndl_types.h"

/* ---- memory ---------------------------------------------------------- */

/* Allocation flags. */
#define NDL_OS_ATOMIC	0x1	/* caller may be above PASSIVE: never sleep */
#define NDL_OS_ZERO	0x2	/* zero the memory */
#define NDL_OS_CONTIG	0x4	/* physically contiguous (devices DMA to it) */

/*
 * General memory, at least 16-byte aligned (x64 SLIST entries need it),
 * not executable. NULL on failure. Accounting is done by the runtime
 * (mem.c); the host only allocates.
 */
void *ndl_os_alloc(size_t size, unsigned int flags);
void ndl_os_free(void *ptr);
/*
 * Page-aligned blocks of whole pages (size is rounded up), same flags;
 * the host remembers each block: ndl_os_pages_size says how big the one
 * starting at ptr is, 0 if ptr starts none. NULL on failure.
 */
void *ndl_os_alloc_pages(size_t size, unsigned int flags);
void ndl_os_free_pages(void *ptr);
size_t ndl_os_pages_size(const void *ptr);

/*
 * Executable images. The runtime asks for a writable, non-executable
 * region, copies and relocates the image into it, then sets each page
 * range's final protection. size and every range are page multiples.
 */
#define NDL_OS_PROT_R	0x1
#define NDL_OS_PROT_W	0x2
#define NDL_OS_PROT_X	0x4
void *ndl_os_image_alloc(size_t size);
int ndl_os_image_protect(void *addr, size_t size, unsigned int prot);
void ndl_os_image_free(void *addr, size_t size);	/* restores RW first */
#define NDL_OS_PAGE_SIZE 4096u

/* ---- logging --------------------------------------------------------- */

enum ndl_log_level {
	NDL_LOG_ERR,	/* something failed */
	NDL_LOG_WARN,	/* a driver did something odd, or a known gap */
	NDL_LOG_INFO,	/* lifecycle: load, unload, registration */
	NDL_LOG_DEBUG,	/* traces (DbgPrint, per-call tracing) */
};

/* One complete, already formatted line without trailing newline. */
void ndl_os_log(enum ndl_log_level level, const char *line);
/*
 * The DbgPrintEx levels that reach the log (nt/nt_debug.c): bit n shows
 * Level n, as Windows' component filter mask. Hosts may set it at any
 * time (kernel: the dbgprint_mask module parameter).
 */
extern u32 ndl_dbgprint_mask;

/* ---- CPU, IRQL and interrupt state ------------------------------------ */

#define NDL_PASSIVE_LEVEL	0
#define NDL_APC_LEVEL		1
#define NDL_DISPATCH_LEVEL	2
#define NDL_DEVICE_LEVEL	5	/* what the runtime reports as DIRQL */
#define NDL_HIGH_LEVEL		15

/*
 * The current IRQL of this CPU (kernel: per-CPU state, and DISPATCH in
 * softirq context, DEVICE in hard irq context; user: per-thread state).
 */
u8 ndl_os_irql_current(void);
/*
 * Enter the context for IRQL to and record it; return the previous IRQL.
 * Raising to DISPATCH disables preemption and bottom halves, above
 * DISPATCH also local interrupts. A level at or below the current one
 * changes nothing (callers compare the result to catch a "raise" down).
 */
u8 ndl_os_irql_raise(u8 to);
/*
 * Leave back to IRQL to, undoing what raise did, and return the IRQL
 * before. A level at or above the current one changes nothing.
 */
u8 ndl_os_irql_lower(u8 to);

unsigned long ndl_os_irq_save(void);	/* local interrupts off */
void ndl_os_irq_restore(unsigned long flags);
void ndl_os_cpu_relax(void);		/* body of a spin loop */
u32 ndl_os_cpu_count(void);
u32 ndl_os_cpu_id(void);
/* Opaque identity of the running thread (mutex ownership, KTHREAD). */
void *ndl_os_current_thread(void);
/* Bounds of the stack the caller runs on (IoGetStackLimits). */
void ndl_os_stack_limits(uintptr_t *low, uintptr_t *high);

/*
 * Called around every call into Windows code (it may use SSE and expects
 * the x64 Windows register conventions). Nestable. The runtime leaves the
 * section before it blocks and re-enters after.
 */
void ndl_os_driver_enter(void);
void ndl_os_driver_leave(void);

/* ---- time ------------------------------------------------------------ */

u64 ndl_os_monotonic_ns(void);	/* since an arbitrary point, never jumps */
s64 ndl_os_realtime_ns(void);	/* since 1970-01-01 UTC */
void ndl_os_stall_us(u32 us);	/* busy-wait, any IRQL */
/* Cryptographically strong random bytes (/GS cookies), any IRQL. */
void ndl_os_random(void *buf, size_t len);

/* ---- deferred execution ------------------------------------------------ */

/*
 * The runtime keeps its own queues of DPCs, timers and work items (their
 * Windows objects live in driver memory). The host only wakes it:
 *  - schedule_dispatch: soon call ndl_rt_run_dispatch() at DISPATCH level
 *    (kernel: a tasklet); coalescing repeated requests is fine.
 *  - schedule_passive: soon call ndl_rt_run_passive() at PASSIVE level in a
 *    context that may sleep (kernel: a workqueue); each request must lead
 *    to at least one call after it; calls may run in parallel.
 *  - timer_arm: call ndl_rt_run_timers() at DISPATCH level once the
 *    monotonic clock reaches due_ns (replaces any earlier arming;
 *    due_ns == 0 disarms). Called with the runtime's dispatcher lock held
 *    and local interrupts off: it must not sleep or call into the runtime.
 * All three may be called at any IRQL, including from the runtime's own
 * ndl_rt_run_* callbacks.
 */
void ndl_os_schedule_dispatch(void);
void ndl_os_schedule_passive(void);
void ndl_os_timer_arm(u64 due_ns);

/*
 * Blocking waits (PASSIVE only). A waiter is an auto-reset wake-up flag:
 * wait returns WOKEN once ndl_os_waiter_wake() was called (before or
 * during the wait) and clears the flag, or TIMEOUT once the monotonic
 * clock reaches deadline_ns (NDL_OS_WAIT_FOREVER: never).
 */
struct ndl_os_waiter;
#define NDL_OS_WAIT_FOREVER ((u64)-1)
enum ndl_os_wait_result {
	NDL_OS_WAIT_WOKEN,
	NDL_OS_WAIT_TIMEOUT,
	NDL_OS_WAIT_DEADLOCK,	/* the host proved no wake-up can come */
};
struct ndl_os_waiter *ndl_os_waiter_create(void);	/* NULL: no memory */
void ndl_os_waiter_destroy(struct ndl_os_waiter *w);
enum ndl_os_wait_result ndl_os_waiter_wait(struct ndl_os_waiter *w,
					   u64 deadline_ns);
void ndl_os_waiter_wake(struct ndl_os_waiter *w);	/* any IRQL */

/* ---- threads ------------------------------------------------------------ */

/*
 * System threads (PsCreateSystemThread). ndl_os_thread_start runs fn(arg)
 * soon, at PASSIVE level, in a context of its own that may sleep (kernel:
 * a kthread, on a driver stack; user: a coroutine the event loop runs at
 * its pump points). 0, or -NDL_ENOMEM. The thread ends when fn returns, or
 * when it calls ndl_os_thread_exit, which never returns and may only be
 * called on such a thread at PASSIVE level (the Windows frames above it
 * are abandoned; the host undoes its per-call state). The host frees its
 * own resources of the thread.
 */
int ndl_os_thread_start(void (*fn)(void *arg), void *arg);
#ifdef __KERNEL__
/* As ndl_os_bugcheck: the trap tells objtool the call does not return. */
void ndl_os_thread_exit_host(void);
#define ndl_os_thread_exit() do {					\
	ndl_os_thread_exit_host();					\
	__builtin_trap();						\
} while (0)
#else
__noreturn void ndl_os_thread_exit(void);
#endif

/* ---- devices the host's users open (nt_hostdev.c) ---------------------- */

/*
 * A driver registered a control device (NdisMRegisterDevice): give the
 * host's users a way to open it under name ([A-Za-z0-9._-], at most 31
 * characters). The host takes its own reference (ndl_hostdev_get) and
 * calls ndl_hostdev_open & co. from its users' requests. 0 or -NDL_E*:
 * the device then exists for the driver's sake only. PASSIVE.
 */
struct ndl_hostdev;
int ndl_os_ctldev_add(struct ndl_hostdev *hd, const char *name);
/* It goes away: no new open may start once this returns. PASSIVE. */
void ndl_os_ctldev_remove(struct ndl_hostdev *hd);

/* ---- devices: resources, I/O, config space, DMA, interrupts ------------ */

struct ndl_os_dev;	/* one PCI function (kernel: pci_dev; user: sim) */

enum ndl_os_res_kind { NDL_OS_RES_PORT, NDL_OS_RES_MEM, NDL_OS_RES_IRQ };
struct ndl_os_resource {
	enum ndl_os_res_kind kind;
	u8 bar;			/* BAR index for PORT/MEM */
	u64 start;		/* port number, bus address, or IRQ vector */
	u64 length;
	u32 flags;		/* NDL_OS_RES_* below */
};
#define NDL_OS_RES_PREFETCH	0x1
#define NDL_OS_RES_IRQ_SHARED	0x2
#define NDL_OS_RES_IRQ_MSI	0x4
/* Fill up to max resources; return how many the device has (may be > max). */
int ndl_os_dev_resources(struct ndl_os_dev *dev, struct ndl_os_resource *res,
			 int max);
/* PCI IDs and location, for NdisReadPciSlotInformation and properties. */
struct ndl_os_pci_id {
	u16 vendor, device, subvendor, subdevice;
	u8 revision;
	u32 class_code;		/* base << 16 | sub << 8 | prog-if */
	u32 bus, slot, function;
};
void ndl_os_dev_pci_id(struct ndl_os_dev *dev, struct ndl_os_pci_id *id);
/* Config space; return bytes transferred (0 outside the space). */
u32 ndl_os_pci_config_read(struct ndl_os_dev *dev, u32 off, void *buf,
			   u32 len);
u32 ndl_os_pci_config_write(struct ndl_os_dev *dev, u32 off, const void *buf,
			    u32 len);

/* Port I/O (size 1, 2 or 4); the host routes ports of its devices. */
u32 ndl_os_port_read(u32 port, int size);
void ndl_os_port_write(u32 port, int size, u32 val);

/* MMIO: map a memory BAR range; accesses go through mmio_read/write. */
void *ndl_os_mmio_map(struct ndl_os_dev *dev, u64 bus_addr, size_t len);
void ndl_os_mmio_unmap(void *va, size_t len);
u64 ndl_os_mmio_read(const void __iomem *addr, int size);	/* 1,2,4,8 */
void ndl_os_mmio_write(void __iomem *addr, int size, u64 val);

/*
 * Coherent DMA memory (NdisMAllocateSharedMemory). *bus receives the
 * device-visible address. dma_bits is the device's addressing width
 * (32 for drivers that are not 64-bit capable, else 64).
 */
void *ndl_os_dma_alloc(struct ndl_os_dev *dev, size_t size, u64 *bus,
		       int dma_bits);
void ndl_os_dma_free(struct ndl_os_dev *dev, size_t size, void *va, u64 bus);
/* Streaming mappings of driver/stack buffers for scatter-gather DMA. */
enum ndl_os_dma_dir { NDL_OS_DMA_TO_DEVICE, NDL_OS_DMA_FROM_DEVICE,
		      NDL_OS_DMA_BIDIR };
/* Returns false if the buffer cannot be mapped (e.g. above dma_bits). */
bool ndl_os_dma_map(struct ndl_os_dev *dev, void *va, size_t len,
		    enum ndl_os_dma_dir dir, int dma_bits, u64 *bus);
void ndl_os_dma_unmap(struct ndl_os_dev *dev, u64 bus, size_t len,
		      enum ndl_os_dma_dir dir);
/* Best-effort physical address of memory the runtime allocated; 0 if none. */
u64 ndl_os_virt_to_phys(const void *va);

/*
 * Interrupts. isr runs in interrupt context (runtime reports DEVICE_LEVEL)
 * and returns true if the device interrupted. irq_sync runs fn with the
 * same lock the isr runs under held and local interrupts off
 * (KeSynchronizeExecution, NdisMSynchronizeWithInterrupt).
 */
struct ndl_os_irq;
struct ndl_os_irq *ndl_os_irq_connect(struct ndl_os_dev *dev,
				      bool (*isr)(void *ctx), void *ctx);
void ndl_os_irq_disconnect(struct ndl_os_irq *irq);
bool ndl_os_irq_sync(struct ndl_os_irq *irq, bool (*fn)(void *ctx),
		     void *ctx);
/*
 * Message-signalled interrupts (MSI-X or MSI) the host granted the device
 * before its miniport started: 0 when it has its line only (the host's
 * choice: the .inf's MSISupported, the device's capability, the OS).
 * Messages are numbered from 0, in the order ndl_os_dev_resources lists
 * them (one NDL_OS_RES_IRQ with NDL_OS_RES_IRQ_MSI each).
 */
u32 ndl_os_dev_msg_count(struct ndl_os_dev *dev);
struct ndl_os_msg_info {
	u64 address;		/* what the device writes where, to signal */
	u32 data;
	u32 vector;		/* the host's interrupt number */
	u64 cpus;		/* processors it may arrive on (bit 0: CPU 0) */
};
bool ndl_os_dev_msg_info(struct ndl_os_dev *dev, u32 msg,
			 struct ndl_os_msg_info *info);
/*
 * Connect message msg (< ndl_os_dev_msg_count). With lock_with (another
 * message's connection) both ISRs run under one lock, and ndl_os_irq_sync
 * on either excludes both.
 */
struct ndl_os_irq *ndl_os_irq_connect_msg(struct ndl_os_dev *dev, u32 msg,
					  struct ndl_os_irq *lock_with,
					  bool (*isr)(void *ctx), void *ctx);
/*
 * Give the messages back (nothing of them connected): a miniport that
 * registers line-based gets the device's line from then on.
 */
void ndl_os_dev_msg_release(struct ndl_os_dev *dev);

/* ---- USB devices ---------------------------------------------------- */

/*
 * A USB device the host bound (kernel: the usb_device behind the bound
 * interface; user: a simulated device, module/user/usbsim.h). The host
 * hands it to the runtime together with its operations
 * (ndl_usb_pdo_create, usb/usb_bus.h): the functions are per device rather
 * than global so that a host without USB binding provides none.
 */
struct ndl_os_usb;

/* A transfer's outcome, translated from the host's own status. */
enum ndl_os_usb_status {
	NDL_OS_USB_OK,
	NDL_OS_USB_STALL,	/* Linux -EPIPE: the endpoint halted */
	NDL_OS_USB_CRC,		/* -EILSEQ: CRC or bit-stuffing error */
	NDL_OS_USB_PROTOCOL,	/* -EPROTO: PID or data toggle error */
	NDL_OS_USB_NO_RESPONSE,	/* -ETIME, -ETIMEDOUT: no handshake */
	NDL_OS_USB_BABBLE,	/* -EOVERFLOW: more data than asked for */
	NDL_OS_USB_OVERRUN,	/* -ECOMM: host buffer overrun (IN) */
	NDL_OS_USB_UNDERRUN,	/* -ENOSR: host buffer underrun (OUT) */
	NDL_OS_USB_CANCELLED,	/* -ENOENT, -ECONNRESET: after cancel */
	NDL_OS_USB_GONE,	/* -ENODEV, -ESHUTDOWN: device removed */
	NDL_OS_USB_NO_MEMORY,	/* -ENOMEM */
	NDL_OS_USB_INVALID,	/* -EINVAL, -EMSGSIZE: refused as malformed */
	NDL_OS_USB_ERROR,	/* anything else */
};

/* Endpoint types, numbered as in the endpoint descriptor's bmAttributes. */
enum ndl_os_usb_type {
	NDL_OS_USB_CONTROL,
	NDL_OS_USB_ISOC,
	NDL_OS_USB_BULK,
	NDL_OS_USB_INTERRUPT,
};

/*
 * One transfer. The runtime owns the memory and fills the request; the
 * host fills status and actual, then calls complete once for every
 * transfer submit accepted, from any context (kernel: the URB completion
 * handler, possibly in hard-irq), never from inside submit or cancel.
 * Short IN transfers are never an error (as on EHCI and xHCI).
 */
struct ndl_os_usb_xfer {
	u8 endpoint;		/* address, bit 7 = IN; 0: default pipe */
	u8 type;		/* enum ndl_os_usb_type */
	bool in;		/* direction of the data stage */
	u8 setup[8];		/* control: the SETUP packet, wLength = len */
	void *buf;		/* any runtime memory; the host bounces */
	u32 len;
	void (*complete)(struct ndl_os_usb_xfer *x);
	enum ndl_os_usb_status status;	/* set by the host */
	u32 actual;			/* bytes moved, set by the host */
	void *host;			/* the host's own (its URB) */
};

/* Port status bits (IOCTL_INTERNAL_USB_GET_PORT_STATUS). */
#define NDL_OS_USB_PORT_ENABLED		0x1
#define NDL_OS_USB_PORT_CONNECTED	0x2

struct ndl_os_usb_ops {
	/*
	 * Start a transfer (IRQL <= DISPATCH, may run under a spin lock).
	 * NDL_OS_USB_OK: complete will be called; any other status: it
	 * was not started and complete is not called.
	 */
	enum ndl_os_usb_status (*submit)(struct ndl_os_usb *dev,
					 struct ndl_os_usb_xfer *x);
	/*
	 * End a started transfer early (IRQL <= DISPATCH, under a spin
	 * lock): asynchronous; its complete still comes, CANCELLED unless
	 * it finished first. Only called before complete was called.
	 */
	void (*cancel)(struct ndl_os_usb *dev, struct ndl_os_usb_xfer *x);
	/* PASSIVE: SET_CONFIGURATION (0: unconfigured), SET_INTERFACE. */
	enum ndl_os_usb_status (*set_configuration)(struct ndl_os_usb *dev,
						    u8 value);
	enum ndl_os_usb_status (*set_interface)(struct ndl_os_usb *dev,
						u8 interface, u8 alternate);
	/* PASSIVE: clear the endpoint's halt and reset its data toggle. */
	enum ndl_os_usb_status (*clear_halt)(struct ndl_os_usb *dev,
					     u8 endpoint);
	/* PASSIVE: reset the port; the device keeps its address. */
	enum ndl_os_usb_status (*reset_port)(struct ndl_os_usb *dev);
	/* Any IRQL: NDL_OS_USB_PORT_* bits; the bus's current frame. */
	u32 (*port_status)(struct ndl_os_usb *dev);
	u32 (*frame_number)(struct ndl_os_usb *dev);
	/*
	 * PASSIVE: the active configuration's whole descriptor set as the
	 * device sent it, copied to buf up to size; its length (0: none).
	 * Needed only for a function of a composite device.
	 */
	u32 (*config_descriptor)(struct ndl_os_usb *dev, void *buf, u32 size);
};

/*
 * A driver called KeBugCheck(Ex): Windows would stop the machine. The host
 * must not return into the driver: the user host unwinds to the recovery
 * point around the current driver call (ndl_user_call_guarded) or exits;
 * the kernel glue marks the driver dead, logs, and parks the thread.
 */
#ifdef __KERNEL__
/*
 * objtool (kernel build) only knows the kernel's own noreturn functions;
 * the trap after the call tells it, and the compiler, that the call never
 * returns. The kernel glue implements ndl_os_bugcheck_host.
 */
void ndl_os_bugcheck_host(u32 code, u64 p1, u64 p2, u64 p3, u64 p4);
#define ndl_os_bugcheck(code, p1, p2, p3, p4) do {			\
	ndl_os_bugcheck_host(code, p1, p2, p3, p4);			\
	__builtin_trap();						\
} while (0)
#else
__noreturn
void ndl_os_bugcheck(u32 code, u64 p1, u64 p2, u64 p3, u64 p4);
#endif

/* ---- entry points the host calls (implemented by the runtime) --------- */

int ndl_rt_init(void);		/* once, before anything else; 0 or -errno */
void ndl_rt_exit(void);		/* after every image is unloaded */
void ndl_rt_run_dispatch(void);	/* see ndl_os_schedule_dispatch */
void ndl_rt_run_passive(void);	/* see ndl_os_schedule_passive */
void ndl_rt_run_timers(void);	/* see ndl_os_timer_arm */

#endif
