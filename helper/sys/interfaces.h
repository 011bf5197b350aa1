/* SPDX-License-Identifier: GPL-2.0-only */
/* The network interfaces ndisload's drivers created, with state and counters. */
#ifndef NDL_INTERFACES_H
#define NDL_INTERFACES_H

#include <json-c/json.h>

/* [{"name", "device", "driver", "state", "carrier", "mac", "speed_mbps", "mtu",
 *   "wireless", "addresses", "managed_by", "stats"}] */
json_object *interfaces_json(void);

#endif
