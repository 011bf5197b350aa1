// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload.ko — module init and exit: brings the subsystems up in order
 * and tears them down in reverse.
 */
#include <linux/module.h>

#include "ndl.h"
#include "exec.h"

static int __init ndl_init(void)
{
	int ret;

	ret = ndl_exec_init();
	if (ret)
		return ret;
	ret = ndl_stack_init();
	if (ret)
		goto err_exec;
	ret = ndl_defer_init();
	if (ret)
		goto err_stack;
	ret = ndl_cr8_init();
	if (ret)
		goto err_defer;
	ret = ndl_rt_glue_init();
	if (ret)
		goto err_cr8;
	if (ndl_selftest())
		ndl_exec_disable("the load-time self-test failed (see the kernel log)");
	ret = ndl_debugfs_init();
	if (ret)
		goto err_rt;
	ret = ndl_ctl_init();
	if (ret)
		goto err_debugfs;
	pr_info("ndisload %s loaded (ABI %d)%s%s\n", NDL_RELEASE,
		NDL_ABI_VERSION, ndl_exec_available() ? "" : "; drivers refused: ",
		ndl_exec_unavailable_reason());
	return 0;

err_debugfs:
	ndl_debugfs_uninit();
err_rt:
	ndl_rt_glue_uninit();
err_cr8:
	ndl_cr8_uninit();
err_defer:
	ndl_defer_uninit();
err_stack:
	ndl_stack_uninit();
err_exec:
	ndl_exec_uninit();
	return ret;
}

static void __exit ndl_exit(void)
{
	ndl_ctl_uninit();
	ndl_drv_uninit();
	ndl_debugfs_uninit();
	ndl_rt_glue_uninit();
	ndl_cr8_uninit();
	ndl_defer_uninit();
	ndl_stack_uninit();
	ndl_exec_uninit();
	pr_info("ndisload unloaded\n");
}

module_init(ndl_init);
module_exit(ndl_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The ndisload developers");
MODULE_DESCRIPTION("Runs Windows NDIS network drivers");
MODULE_VERSION(NDL_RELEASE);
