// SPDX-License-Identifier: GPL-2.0-only
/*
 * Message-signalled interrupts of the VFIO backend (os.h): none yet. The
 * host connects the INTx line only, so every NDIS 6 miniport registers
 * line-based here (docs/runtime.md, docs/isolated.md); VFIO's MSI and
 * MSI-X IRQ indexes would be the way to offer them.
 */
#include "vfio.h"

u32 ndl_os_dev_msg_count(struct ndl_os_dev *dev)
{
	return 0;
}

bool ndl_os_dev_msg_info(struct ndl_os_dev *dev, u32 msg,
			 struct ndl_os_msg_info *info)
{
	return false;
}

struct ndl_os_irq *ndl_os_irq_connect_msg(struct ndl_os_dev *dev, u32 msg,
					  struct ndl_os_irq *lock_with,
					  bool (*isr)(void *ctx), void *ctx)
{
	return NULL;
}

void ndl_os_dev_msg_release(struct ndl_os_dev *dev)
{
}
