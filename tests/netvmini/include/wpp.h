/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * WPP software tracing without the WPP preprocessor: what each generated
 * <file>.tmh includes, after the driver's trace.h defined
 * WPP_CONTROL_GUIDS. The flag bits become an enum (WPP_BIT_<flag>, in
 * the order trace.h lists them) and a trace call DEBUGP(FLAG, fmt, ...)
 * becomes DbgPrintEx to the IHV network component at a level chosen by
 * the flag's position: first error, second warning, third trace, later
 * ones info (dpfilter.h's DPFLTR_*_LEVEL 0-3).
 */
#ifndef NDL_WDK_WPP_H
#define NDL_WDK_WPP_H

#define WPP_DEFINE_BIT(flag) WPP_BIT_##flag,
#define WPP_DEFINE_CONTROL_GUID(name, guid, bits) \
	enum { bits WPP_BIT_COUNT_##name };
WPP_CONTROL_GUIDS
#undef WPP_DEFINE_BIT
#undef WPP_DEFINE_CONTROL_GUID

#ifndef DPFLTR_IHVNETWORK_ID
#define DPFLTR_IHVNETWORK_ID 80
#endif
#define NDL_WPP_LEVEL(flag) (WPP_BIT_##flag < 3 ? (ULONG)WPP_BIT_##flag : 3u)

#define DEBUGP(flag, ...) \
	DbgPrintEx(DPFLTR_IHVNETWORK_ID, NDL_WPP_LEVEL(flag), __VA_ARGS__)
#define WPP_INIT_TRACING(drv, regpath) ((void)(drv), (void)(regpath))
#define WPP_CLEANUP(drv) ((void)(drv))

#endif
