// SPDX-License-Identifier: GPL-2.0-only
/* Export table of ntoskrnl.exe, built from ntoskrnl.spec.h. */
#define NDL_SPEC_NAME ntoskrnl
#define NDL_SPEC_DLL "ntoskrnl.exe"
#define NDL_SPEC_FILE "nt/ntoskrnl.spec.h"
#include "core/spec_table.h"
