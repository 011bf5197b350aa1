// SPDX-License-Identifier: GPL-2.0-only
/* Export table of usbd.sys, built from usbd.spec.h. */
#define NDL_SPEC_NAME usbd
#define NDL_SPEC_DLL "usbd.sys"
#define NDL_SPEC_FILE "usb/usbd.spec.h"
#include "core/spec_table.h"
