// SPDX-License-Identifier: GPL-2.0-only
/*
 * The str* and wcs* exports (strlen, wcscpy, _stricmp, wcsstr, ...):
 * crt_string_tmpl.h instantiated for char and for 16-bit WCHAR.
 */
#include "nt/nt_api.h"
#include "nt/nt_exports.h"

#define CH char
#define UCH u8
#define NAME(x) ndlw_str##x
#define NAME_(x) ndlw__str##x
#define ARG int
#define LOWER(c) ndlw_tolower(c)
#include "crt/crt_string_tmpl.h"
#undef CH
#undef UCH
#undef NAME
#undef NAME_
#undef ARG
#undef LOWER

#define CH WCHAR
#define UCH WCHAR
#define NAME(x) ndlw_wcs##x
#define NAME_(x) ndlw__wcs##x
#define ARG WCHAR
#define LOWER(c) ndlw_towlower(c)
#include "crt/crt_string_tmpl.h"
