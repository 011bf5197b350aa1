// SPDX-License-Identifier: GPL-2.0-only
/* Runtime logging: format with the Windows-aware engine, hand to the host. */
#include "core/rt.h"
#include "core/fmt.h"

void ndl_log(enum ndl_log_level level, const char *fmt, ...)
{
	char line[512];
	va_list ap;

	va_start(ap, fmt);
	ndl_vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	ndl_os_log(level, line);
}
