/* SPDX-License-Identifier: GPL-2.0-only */
/* One-line log messages to stderr (the journal under systemd). */
#ifndef WC_LOG_H
#define WC_LOG_H

void wc_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
