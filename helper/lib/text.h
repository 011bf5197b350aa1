/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Checking text a client sends (parameter values, file names): valid UTF-8
 * with no NUL, no control characters and no invisible format or direction
 * characters (U+202E and friends) that would make what a page or a terminal
 * shows differ from what is stored.
 */
#ifndef NDL_TEXT_H
#define NDL_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * true when the len bytes at s are clean text; otherwise false and why
 * ("contains a NUL character", "is not valid UTF-8 (byte 7)",
 * "contains the format character U+202E") is written to why.
 */
bool text_is_clean(const char *s, size_t len, char *why, size_t whysize);

#endif
