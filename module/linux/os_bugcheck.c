// SPDX-License-Identifier: GPL-2.0-only
/*
 * KeBugCheck(Ex) from a driver (os.h: ndl_os_bugcheck). Windows would stop
 * the machine; we must at least never return into the driver. Where the
 * caller may sleep, its thread is parked for good (the driver is dead, the
 * rest of the system goes on; its device will not work until reboot).
 * Where it cannot (DPC, ISR, spinlock held), the only way out is an oops.
 */
#include <linux/bug.h>
#include <linux/printk.h>
#include <linux/pid.h>
#include <linux/sched.h>

#include "ndl.h"
#include "fpu.h"
#include "core/os.h"

void ndl_os_bugcheck_host(u32 code, u64 p1, u64 p2, u64 p3, u64 p4)
{
	pr_emerg("a Windows driver called KeBugCheckEx(%#x, %#llx, %#llx, %#llx, %#llx)\n",
		 code, p1, p2, p3, p4);
	dump_stack();
	if (ndl_os_irql_current() == NDL_PASSIVE_LEVEL) {
		pr_emerg("parking the calling thread (pid %d) for good; reboot to use the device again\n",
			 task_pid_nr(current));
		ndl_fpu_pause();
		for (;;) {
			set_current_state(TASK_IDLE);
			schedule();
		}
	}
	BUG();
}
