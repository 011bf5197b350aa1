// SPDX-License-Identifier: GPL-2.0-only
/* The runtime's log lines into the kernel log (os.h: logging). */
#include <linux/moduleparam.h>
#include <linux/printk.h>

#include "ndl.h"
#include "core/os.h"

void ndl_os_log(enum ndl_log_level level, const char *line)
{
#ifdef NDL_CONFORM
	ndl_conform_log(line);
#endif
	switch (level) {
	case NDL_LOG_ERR:
		pr_err("%s\n", line);
		break;
	case NDL_LOG_WARN:
		pr_warn("%s\n", line);
		break;
	case NDL_LOG_INFO:
		pr_info("%s\n", line);
		break;
	default:
		pr_debug("%s\n", line);
		break;
	}
}

/* /sys/module/ndisload/parameters/dbgprint_mask: which DbgPrintEx levels show. */
module_param_named(dbgprint_mask, ndl_dbgprint_mask, uint, 0644);
MODULE_PARM_DESC(dbgprint_mask, "DbgPrintEx levels logged: bit n = Level n (default 1: errors; DbgPrint is Level 3)");
