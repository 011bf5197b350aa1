// SPDX-License-Identifier: GPL-2.0-only
/* Error records shared by the CLI and the serve protocol. */
#include <stdarg.h>
#include <stdio.h>

#include "lib/err.h"

static const struct {
	const char *name;
	int exit_status;
} codes[NDL_CODE_COUNT] = {
	[NDL_OK]		= { "ok", 0 },
	[NDL_E_BAD_REQUEST]	= { "bad_request", 2 },
	[NDL_E_UNKNOWN_OP]	= { "unknown_op", 2 },
	[NDL_E_NOT_FOUND]	= { "not_found", 3 },
	[NDL_E_CONFLICT]	= { "conflict", 4 },
	[NDL_E_TOO_LARGE]	= { "too_large", 5 },
	[NDL_E_INVALID]		= { "invalid", 5 },
	[NDL_E_LICENSE]		= { "license", 6 },
	[NDL_E_MODULE]		= { "module", 7 },
	[NDL_E_INTERNAL]	= { "internal", 1 },
	[NDL_E_FORBIDDEN]	= { "forbidden", 1 },
	[NDL_E_NO_SPACE]	= { "no_space", 1 },
};

int ndl_fail(struct ndl_err *e, enum ndl_code code, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return -1;
	e->code = code;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	e->hint[0] = '\0';
	e->field[0] = '\0';
	return -1;
}

int ndl_field(struct ndl_err *e, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return -1;
	va_start(ap, fmt);
	vsnprintf(e->field, sizeof(e->field), fmt, ap);
	va_end(ap);
	return -1;
}

int ndl_hint(struct ndl_err *e, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return -1;
	va_start(ap, fmt);
	vsnprintf(e->hint, sizeof(e->hint), fmt, ap);
	va_end(ap);
	return -1;
}

void ndl_err_clear(struct ndl_err *e)
{
	e->code = NDL_OK;
	e->msg[0] = '\0';
	e->hint[0] = '\0';
	e->field[0] = '\0';
}

const char *ndl_code_name(enum ndl_code code)
{
	return (unsigned)code < NDL_CODE_COUNT ? codes[code].name : "internal";
}

int ndl_code_exit(enum ndl_code code)
{
	return (unsigned)code < NDL_CODE_COUNT ? codes[code].exit_status : 1;
}
