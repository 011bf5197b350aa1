// SPDX-License-Identifier: GPL-2.0-only
/* The table of API error codes, their names and HTTP statuses. */
#include "errors.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const struct {
	const char *name;
	unsigned int status;
	const char *helper_name;	/* the helper protocol's code, if any */
} table[WC_E_COUNT] = {
	[WC_E_BAD_REQUEST]	= { "bad_request", 400, "bad_request" },
	[WC_E_UNAUTHORIZED]	= { "unauthorized", 401, NULL },
	[WC_E_FORBIDDEN]	= { "forbidden", 403, NULL },
	[WC_E_BAD_HOST]		= { "bad_host", 403, NULL },
	[WC_E_CSRF]		= { "csrf", 403, NULL },
	[WC_E_LICENSE]		= { "license", 403, "license" },
	[WC_E_NOT_FOUND]	= { "not_found", 404, "not_found" },
	[WC_E_METHOD]		= { "method_not_allowed", 405, NULL },
	[WC_E_TIMEOUT]		= { "timeout", 408, NULL },
	[WC_E_CONFLICT]		= { "conflict", 409, "conflict" },
	[WC_E_TOO_LARGE]	= { "too_large", 413, "too_large" },
	[WC_E_MEDIA_TYPE]	= { "unsupported_media_type", 415, NULL },
	[WC_E_HEADERS_TOO_LARGE] = { "headers_too_large", 431, NULL },
	[WC_E_INVALID]		= { "invalid", 422, "invalid" },
	[WC_E_INTERNAL]		= { "internal", 500, "internal" },
	[WC_E_NOT_IMPLEMENTED]	= { "not_implemented", 501, "unknown_op" },
	[WC_E_BAD_HELPER]	= { "bad_helper_reply", 502, NULL },
	[WC_E_MODULE]		= { "module", 503, "module" },
	/* The helper refusing us (wrong user) is a set-up fault, not the client's. */
	[WC_E_HELPER_DOWN]	= { "helper_unavailable", 503, "forbidden" },
	[WC_E_HELPER_TIMEOUT]	= { "helper_timeout", 504, NULL },
	[WC_E_NO_SPACE]		= { "insufficient_storage", 507, "no_space" },
};

const char *wc_err_name(enum wc_err e)
{
	return e < WC_E_COUNT ? table[e].name : "internal";
}

unsigned int wc_err_status(enum wc_err e)
{
	return e < WC_E_COUNT ? table[e].status : 500;
}

enum wc_err wc_err_from_helper(const char *code)
{
	if (!code)
		return WC_E_BAD_HELPER;
	for (int i = 0; i < WC_E_COUNT; i++)
		if (table[i].helper_name && !strcmp(table[i].helper_name, code))
			return (enum wc_err)i;
	return WC_E_BAD_HELPER;
}

int wc_fault_set(struct wc_fault *f, enum wc_err code, const char *fmt, ...)
{
	va_list ap;

	f->code = code;
	f->hint[0] = 0;
	f->field[0] = 0;
	va_start(ap, fmt);
	vsnprintf(f->message, sizeof(f->message), fmt, ap);
	va_end(ap);
	return -1;
}
