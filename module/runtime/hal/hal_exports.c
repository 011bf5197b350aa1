// SPDX-License-Identifier: GPL-2.0-only
/* Export table of hal.dll, built from hal.spec.h. */
#define NDL_SPEC_NAME hal
#define NDL_SPEC_DLL "hal.dll"
#define NDL_SPEC_FILE "hal/hal.spec.h"
#include "core/spec_table.h"
