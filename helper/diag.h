/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The diagnostic report: versions, module state, the module's kernel log
 * lines, devices, installed drivers and configuration — with every value
 * that may be a key or passphrase redacted.
 */
#ifndef NDL_DIAG_H
#define NDL_DIAG_H

#include <stdbool.h>

/* The report text (malloc'ed), or NULL when out of memory. */
char *diag_collect(void);
/* Does a configuration key name a secret (key, passphrase, PSK, ...)? */
bool diag_is_secret(const char *key);

#endif
