/* SPDX-License-Identifier: GPL-2.0-only */
/* The C library headers the suites include, as the kernel provides them. */
#include <linux/string.h>
