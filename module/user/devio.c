// SPDX-License-Identifier: GPL-2.0-only
/*
 * Port I/O, MMIO and interrupt synchronisation of the user host's OS
 * interface, common to its device backends (host.h): an access the
 * backend claims goes to the device (a simulated model, or a VFIO region
 * read/write); any other MMIO address is ordinary memory (a BAR mapped
 * straight into the process).
 */
#include "host.h"

u32 ndl_os_port_read(u32 port, int size)
{
	u32 v = 0xffffffffu;	/* what an unclaimed ISA/PCI read returns */

	if (!ndl_user_port_access(port, size, false, &v))
		ndl_os_log(NDL_LOG_WARN, "host: read of an unclaimed I/O port");
	return size == 4 ? v : v & ((1u << (8 * size)) - 1);
}

void ndl_os_port_write(u32 port, int size, u32 val)
{
	if (!ndl_user_port_access(port, size, true, &val))
		ndl_os_log(NDL_LOG_WARN, "host: write to an unclaimed I/O port");
}

u64 ndl_os_mmio_read(const void __iomem *addr, int size)
{
	u64 v = 0;

	if (ndl_user_mmio_access(addr, size, false, &v))
		return size == 8 ? v : v & ((1ull << (8 * size)) - 1);
	switch (size) {		/* ordinary memory */
	case 1: return *(const volatile u8 *)addr;
	case 2: return *(const volatile u16 *)addr;
	case 4: return *(const volatile u32 *)addr;
	default: return *(const volatile u64 *)addr;
	}
}

void ndl_os_mmio_write(void __iomem *addr, int size, u64 val)
{
	if (ndl_user_mmio_access(addr, size, true, &val))
		return;
	switch (size) {
	case 1: *(volatile u8 *)addr = (u8)val; break;
	case 2: *(volatile u16 *)addr = (u16)val; break;
	case 4: *(volatile u32 *)addr = (u32)val; break;
	default: *(volatile u64 *)addr = val; break;
	}
}

bool ndl_os_irq_sync(struct ndl_os_irq *irq, bool (*fn)(void *ctx), void *ctx)
{
	u8 cur = ndl_os_irql_current();
	u8 old = ndl_os_irql_raise(cur > NDL_DEVICE_LEVEL ? cur :
				   NDL_DEVICE_LEVEL);
	bool r = fn(ctx);

	ndl_os_irql_lower(old);
	return r;
}
