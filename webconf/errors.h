/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The API's error codes: each has one name (the "code" of the JSON error
 * body) and one HTTP status. Helper error codes map onto these one to one.
 */
#ifndef WC_ERRORS_H
#define WC_ERRORS_H

enum wc_err {
	WC_E_BAD_REQUEST,	/* 400 malformed request, schema violation */
	WC_E_UNAUTHORIZED,	/* 401 no or wrong credentials */
	WC_E_FORBIDDEN,		/* 403 cross-origin request refused */
	WC_E_BAD_HOST,		/* 403 Host header is not a loopback name */
	WC_E_CSRF,		/* 403 missing or wrong CSRF token */
	WC_E_LICENSE,		/* 403 the license does not allow it */
	WC_E_NOT_FOUND,		/* 404 */
	WC_E_METHOD,		/* 405 */
	WC_E_TIMEOUT,		/* 408 request took too long */
	WC_E_CONFLICT,		/* 409 state forbids it */
	WC_E_TOO_LARGE,		/* 413 body, file or message over its cap */
	WC_E_MEDIA_TYPE,	/* 415 wrong Content-Type */
	WC_E_HEADERS_TOO_LARGE,	/* 431 request line + headers over WC_MAX_HEADERS */
	WC_E_INVALID,		/* 422 well-formed but rejected */
	WC_E_INTERNAL,		/* 500 */
	WC_E_NOT_IMPLEMENTED,	/* 501 the helper does not know the operation */
	WC_E_BAD_HELPER,	/* 502 the helper answered nonsense */
	WC_E_MODULE,		/* 503 module not loaded or refused */
	WC_E_HELPER_DOWN,	/* 503 helper socket unreachable */
	WC_E_HELPER_TIMEOUT,	/* 504 helper did not answer in time */
	WC_E_NO_SPACE,		/* 507 the helper's disk or staging area is full */
	WC_E_COUNT
};

/* An error with its message (and an optional hint), e.g. from the helper. */
struct wc_fault {
	enum wc_err code;
	char message[512];
	char hint[256];
	char field[96];		/* the request member at fault, if known */
};

/* Fills f (hint cleared); returns -1 so callers can "return wc_fault_set()". */
int wc_fault_set(struct wc_fault *f, enum wc_err code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

const char *wc_err_name(enum wc_err e);
unsigned int wc_err_status(enum wc_err e);
/* The helper protocol's code ("not_found", ...) as ours; unknown -> bad_helper. */
enum wc_err wc_err_from_helper(const char *code);

#endif
