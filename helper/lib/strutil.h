/* SPDX-License-Identifier: GPL-2.0-only */
/* Small string helpers shared by the parsers, the store and the CLI. */
#ifndef NDL_STRUTIL_H
#define NDL_STRUTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ASCII case-insensitive comparison (INF names are case-insensitive). */
int str_icmp(const char *a, const char *b);
bool str_ieq(const char *a, const char *b);
bool str_iends(const char *s, const char *suffix);
bool str_istarts(const char *s, const char *prefix);
/* Copies at most size-1 bytes and always terminates; returns false when cut. */
bool str_copy(char *dst, size_t size, const char *src);
/* Lower-cases ASCII letters in place. */
void str_lower(char *s);
/*
 * Parses an unsigned integer in INF style: decimal, or hex with 0x. Fails on
 * trailing garbage or overflow past max.
 */
bool str_to_u64(const char *s, uint64_t max, uint64_t *out);
bool str_to_i64(const char *s, int64_t min, int64_t max, int64_t *out);
/*
 * A file name as stored and passed around: 1..255 bytes of valid UTF-8, no
 * '/', no NUL, no control, format or direction characters (text.h), not "."
 * or "..", not starting with '.'. Every name a
 * client sends goes through this before it is used.
 */
bool name_is_safe_file(const char *name);
/* A driver name: 1..NDL_NAME_LEN of [a-z0-9_.-], starting with a letter or
 * digit (the module's limit, module/uapi/ndisload.h). */
#define NDL_NAME_LEN 31
bool name_is_driver(const char *name);
/* Derives a driver name from an .inf file name (lower case, unsafe -> '_'). */
void name_from_inf(const char *inf_name, char *out, size_t size);
/* The last path component of a Windows or POSIX path ("%13%\a.sys" -> "a.sys"). */
const char *path_basename_any(const char *path);

#endif
