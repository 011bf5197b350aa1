// SPDX-License-Identifier: GPL-2.0-only
/* Clocks, busy waits and randomness for the runtime (os.h: time). */
#include <linux/delay.h>
#include <linux/ktime.h>
#include <linux/random.h>
#include <linux/timekeeping.h>

#include "ndl.h"
#include "core/os.h"

u64 ndl_os_monotonic_ns(void)
{
	return ktime_get_ns();
}

s64 ndl_os_realtime_ns(void)
{
	return ktime_get_real_ns();
}

void ndl_os_stall_us(u32 us)
{
	/* udelay() is only accurate for short waits: whole ms, then rest. */
	if (us >= 1000)
		mdelay(us / 1000);
	udelay(us % 1000);
}

void ndl_os_random(void *buf, size_t len)
{
	get_random_bytes(buf, len);
}
