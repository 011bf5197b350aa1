/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The helper's wireless operations (registered in ops.c's table; the
 * protocol is in docs/helper-protocol.md, the behaviour in
 * docs/wireless.md): status, scan, profile get/set, connect, disconnect,
 * forget, restore. Each takes checked arguments and returns a result
 * object, or NULL with err set.
 */
#ifndef NDL_WIFI_OPS_H
#define NDL_WIFI_OPS_H

#include <json-c/json.h>
#include <stddef.h>

#include "lib/err.h"

#define WIFI_OP_ARGS json_object *args, const int *fds, size_t nfds, \
		     struct ndl_err *err

json_object *op_wifi_status(WIFI_OP_ARGS);
json_object *op_wifi_scan(WIFI_OP_ARGS);
json_object *op_wifi_profile_get(WIFI_OP_ARGS);
json_object *op_wifi_profile_set(WIFI_OP_ARGS);
json_object *op_wifi_connect(WIFI_OP_ARGS);
json_object *op_wifi_disconnect(WIFI_OP_ARGS);
json_object *op_wifi_forget(WIFI_OP_ARGS);
json_object *op_wifi_restore(WIFI_OP_ARGS);

/* Bring up every profile with autoconnect whose interface exists (boot, load). */
json_object *wifi_restore_all(void);

#endif
