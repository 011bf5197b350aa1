// SPDX-License-Identifier: GPL-2.0-only
/* Starting and stopping the portable runtime (os.h), on a driver stack. */
#include "ndl.h"
#include "stack.h"
#include "core/os.h"

static long ndl_rt_init_on_stack(void *unused)
{
	return ndl_rt_init();
}

static long ndl_rt_exit_on_stack(void *unused)
{
	ndl_rt_exit();
	return 0;
}

int ndl_rt_glue_init(void)
{
	int ret = ndl_stack_run(ndl_rt_init_on_stack, NULL, NDL_PASSIVE_LEVEL);

	if (ret)
		pr_err("the driver runtime did not start: %d\n", ret);
	return ret;
}

void ndl_rt_glue_uninit(void)
{
	ndl_stack_run(ndl_rt_exit_on_stack, NULL, NDL_PASSIVE_LEVEL);
}
