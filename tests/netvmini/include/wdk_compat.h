/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the WDK's build environment gives a driver beyond its headers,
 * for clang in MSVC mode: SAL annotations (mingw-w64's sal.h and
 * driverspecs.h, plus the few they lack) and WPP software tracing.
 *
 * WPP: the WDK runs a preprocessor over each source that writes the
 * <file>.tmh the source includes, defining the trace macros its project
 * names (netvmini: DEBUGP(LEVEL, MSG, ...)) from the control GUID's flag
 * bits in trace.h. Here every <file>.tmh is generated to include this
 * header, and a trace call becomes DbgPrintEx to the IHV network
 * component, its level chosen by the flag's position (first flag: errors,
 * second: warnings, third: trace, later ones: info), the way WPP's
 * kernel debugger output path orders them.
 */
#ifndef NDL_WDK_COMPAT_H
#define NDL_WDK_COMPAT_H

#include <sal.h>
#include <driverspecs.h>

#ifndef _Analysis_mode_
#define _Analysis_mode_(x)
#endif

#endif
