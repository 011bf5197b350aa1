/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Running a system program (wpa_supplicant, a DHCP client) from the
 * helper: a fixed argument vector through execv, never a shell; none of
 * the helper's descriptors reach it; stdin/out/err are /dev/null.
 */
#ifndef NDL_SPAWN_H
#define NDL_SPAWN_H

#include "lib/err.h"

/*
 * Run BIN with ARGV and wait for it (programs that put themselves into the
 * background return at once). 0 with its exit status in *status, or -1
 * with err when it could not be started.
 */
int spawn_wait(const char *bin, const char *const argv[], int *status, struct ndl_err *err);
/*
 * The same, with the program's standard output in *out (NUL-terminated,
 * its first MAX bytes; the rest is read and dropped; free() it).
 */
int spawn_capture(const char *bin, const char *const argv[], size_t max, char **out,
		  int *status, struct ndl_err *err);

#endif
