/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Errors as the helper reports them: one code (shared by the CLI's exit
 * status and the serve protocol's error codes) plus a message that says what
 * happened and why, and an optional hint that says what to do.
 */
#ifndef NDL_ERR_H
#define NDL_ERR_H

enum ndl_code {
	NDL_OK = 0,
	NDL_E_BAD_REQUEST,	/* malformed request or command line */
	NDL_E_UNKNOWN_OP,	/* no such operation */
	NDL_E_NOT_FOUND,	/* no such driver, device, parameter */
	NDL_E_CONFLICT,		/* state forbids it (bound, in use) */
	NDL_E_TOO_LARGE,	/* message or file over its size cap */
	NDL_E_INVALID,		/* well-formed but rejected (bad .inf, range) */
	NDL_E_LICENSE,		/* the license does not allow it */
	NDL_E_MODULE,		/* module missing or it refused */
	NDL_E_INTERNAL,		/* I/O or system failure */
	NDL_E_FORBIDDEN,	/* serve: this peer may not use the helper */
	NDL_E_NO_SPACE,		/* the disk (or the staging area) is full */
	NDL_CODE_COUNT
};

struct ndl_err {
	enum ndl_code code;
	char msg[1024];
	char hint[512];
	char field[96];	/* the request member at fault ("values.Speed"), if one */
};

/* Records code + message (and clears the hint); always returns -1. */
int ndl_fail(struct ndl_err *e, enum ndl_code code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Sets the hint of an error already recorded; returns -1. */
int ndl_hint(struct ndl_err *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Names the request member an error recorded already is about; returns -1. */
int ndl_field(struct ndl_err *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void ndl_err_clear(struct ndl_err *e);

/* "bad_request", "not_found", ...: the protocol's name of a code. */
const char *ndl_code_name(enum ndl_code code);
/* The CLI's exit status for a code (documented in docs/cli.md). */
int ndl_code_exit(enum ndl_code code);

#endif
