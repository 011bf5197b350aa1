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
/*
 * Calls fn with each kernel log line naming ndisload (/dev/kmsg, without
 * blocking); the number of lines, or -1 if the log cannot be read.
 */
int diag_kmsg_each(void (*fn)(const char *msg, void *ctx), void *ctx);

#endif
