// SPDX-License-Identifier: GPL-2.0-only
/* Export table of ndis.sys, built from ndis.spec.h (NDIS layer's files). */
#define NDL_SPEC_NAME ndis
#define NDL_SPEC_DLL "ndis.sys"
#define NDL_SPEC_FILE "ndis/ndis.spec.h"
#include "core/spec_table.h"
