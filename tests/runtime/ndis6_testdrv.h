/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * For the NDIS 6 resource tests: a loaded fixture driver registered as an
 * NDIS 6.0 miniport (C handlers that do nothing), whose driver handle is
 * an NdisHandle the resource exports accept.
 */
#ifndef NDL_TEST_NDIS6_TESTDRV_H
#define NDL_TEST_NDIS6_TESTDRV_H

#include "common.h"
#include "ndis6/ndis6_api.h"

/* The driver (NULL on failure) and its NdisMRegisterMiniportDriver handle. */
struct ndl_driver *ndis6_test_driver(NDIS_HANDLE *handle);
/* Deregister (through its unload handler) and unload it. */
void ndis6_test_driver_unload(struct ndl_driver *drv);

#endif
