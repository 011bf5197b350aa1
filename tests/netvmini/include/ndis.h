/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A WDK-compatible <ndis.h> for building Windows NDIS 6 miniports from
 * their unmodified sources (Microsoft's netvmini sample) with clang in
 * MSVC mode. Test-only: it is not part of ndisload.
 *
 * Layers, each written from Microsoft's documentation:
 *  1. SAL and WPP compatibility (wdk_compat.h);
 *  2. mingw-w64's ddk/ndis.h (the build's fixed copy) for the kernel base
 *     types and everything NDIS 5 and 6 share; its NDIS 5 declarations
 *     stay visible (NDIS_LEGACY_*) because its shared prototypes use them;
 *  3. the runtime's binary-exact NDIS 6 structures, generated from
 *     module/runtime/ndis6/ndis6_types.h (ndis6_types_gen.h);
 *  4. the rest of the NDIS 6 miniport interface (ndis6_wdk.h).
 * mingw-w64 knows miniport versions up to 6.20: a 6.30 driver is built
 * through its 6.20 view, then the version macros are set to 6.30.
 */
#ifndef NDL_WDK_NDIS_H
#define NDL_WDK_NDIS_H

#include "wdk_compat.h"

#if defined(NDIS630_MINIPORT)
#define NDL_WDK_MINOR 30
#define NDIS620_MINIPORT 1
#elif defined(NDIS620_MINIPORT)
#define NDL_WDK_MINOR 20
#elif defined(NDIS61_MINIPORT)
#define NDL_WDK_MINOR 1
#elif defined(NDIS60_MINIPORT)
#define NDL_WDK_MINOR 0
#else
#error "this ndis.h builds NDIS 6.0, 6.1, 6.20 and 6.30 miniports"
#endif

/*
 * The NDIS_SUPPORT_* switches first: mingw-w64's ntddndis.h and ndis.h
 * only define the ones not already defined.
 */
#define NDIS_SUPPORT_NDIS6	1
#define NDIS_SUPPORT_NDIS61	(NDL_WDK_MINOR >= 1)
#define NDIS_SUPPORT_NDIS620	(NDL_WDK_MINOR >= 20)
#define NDIS_SUPPORT_NDIS630	(NDL_WDK_MINOR >= 30)
#define NDIS_SUPPORT_NDIS640	0
#define NDIS_SUPPORT_NDIS650	0
#define NDIS_SUPPORT_NDIS651	0
#define NDIS_SUPPORT_NDIS660	0
#define NDIS_SUPPORT_NDIS670	0
#define NDIS_SUPPORT_NDIS680	0
#define NDIS_SUPPORT_NDIS681	0
#define NDIS_SUPPORT_NDIS682	0
#define NDIS_SUPPORT_NDIS683	0
#define NDIS_SUPPORT_NDIS684	0
#define NDIS_SUPPORT_NDIS685	0
#define NDIS_SUPPORT_NDIS686	0

/*
 * mingw-w64's ntddndis.h uses the socket address types (NDIS 6.30 power
 * management and offload structures) without including their headers.
 */
#include "ws2_kernel.h"

#define NDIS_LEGACY_MINIPORT 1
#define NDIS_LEGACY_PROTOCOL 0
#define NDIS_LEGACY_DRIVER 1
#include_next <ndis.h>

#if NDL_WDK_MINOR == 30
#undef NDIS620_MINIPORT
#undef NDIS_MINIPORT_MINOR_VERSION
#define NDIS_MINIPORT_MINOR_VERSION 30
#endif

#include "ndis6_pre.h"
#include "ndis6_types_gen.h"
#include "ndis6_wdk.h"

#endif
