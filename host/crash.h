/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ndisload-host's crash report: when the process dies of a fault, one
 * line on stderr says which signal, which address, and where the
 * instruction was (inside which driver section, or outside the driver),
 * or, for a fault signal sent with kill(), who sent it; then the process dies of that signal as it would have (exit status and
 * core dump for systemd and the helper to report).
 */
#ifndef NDL_HOST_CRASH_H
#define NDL_HOST_CRASH_H

/* Before ndl_user_init: the user host's fault emulation chains to it. */
void crash_report_install(const char *sys_name);

#endif
