// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload.ko — module init and exit: brings the subsystems up in order and
 * tears them down in reverse.
 */
#include <linux/module.h>

#include "ndl.h"

static int __init ndl_init(void)
{
	int ret;

	ret = ndl_ctl_init();
	if (ret)
		return ret;
	pr_info("ndisload %s loaded (ABI %d)\n", NDL_RELEASE, NDL_ABI_VERSION);
	return 0;
}

static void __exit ndl_exit(void)
{
	ndl_ctl_uninit();
	pr_info("ndisload unloaded\n");
}

module_init(ndl_init);
module_exit(ndl_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The ndisload developers");
MODULE_DESCRIPTION("Runs Windows NDIS network drivers");
MODULE_VERSION(NDL_RELEASE);
