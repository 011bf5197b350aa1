// SPDX-License-Identifier: GPL-2.0-only
/*
 * Whether a bound PCI device's miniport gets message-signalled interrupts,
 * decided as Windows decides it before the miniport starts: only an NDIS 6
 * miniport (NDIS 5 has no message-based registration), only when its .inf
 * sets MSISupported = 1 in the device's hardware key ("Interrupt
 * Management\MessageSignaledInterruptProperties", NDL_REG_HARDWARE values),
 * at most MessageNumberLimit messages when it sets one, and only when the
 * device has MSI-X or MSI (MSI-X first, as Windows prefers it). Anything
 * else keeps the line, and the kernel log says why (os_dev.c). The
 * miniport itself may still register line-based; NDIS 6's
 * NdisMRegisterInterruptEx then gives the messages back.
 */
#include <linux/pci.h>

#include "ndl.h"
#include "adapter.h"
#include "drv.h"
#include "dev.h"

#define MSI_KEY "Interrupt Management\\MessageSignaledInterruptProperties\\"
/* PCI MSI-X tables hold 2048 entries; our runtime takes up to 64. */
#define NDL_MSI_DEFAULT_LIMIT 64

void ndl_bound_msi_grant(struct ndl_bound *b)
{
	u32 supported = 0, limit = NDL_MSI_DEFAULT_LIMIT;

	if (!b->pdev || b->drv->rt->miniport.ndis_major < 6)
		return;
	if (!ndl_devreg_hw_dword(b, MSI_KEY "MSISupported", &supported) ||
	    !supported) {
		dev_info(&b->pdev->dev, "ndisload: the .inf does not set MSISupported: the miniport gets the interrupt line\n");
		return;
	}
	if (ndl_devreg_hw_dword(b, MSI_KEY "MessageNumberLimit", &limit) &&
	    !limit)
		limit = 1;
	ndl_os_dev_msg_alloc(&b->osdev, min_t(u32, limit,
					      NDL_MSI_DEFAULT_LIMIT));
}
