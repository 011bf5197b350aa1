/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * An isolated device's host as systemd runs it (ndisload-host@<device>):
 * its state, restarts and last exit from `systemctl show`, its last crash
 * line and its refusal from the unit's journal of this boot (the host
 * writes them to stderr, which the journal keeps).
 */
#ifndef NDL_ISO_UNIT_H
#define NDL_ISO_UNIT_H

#include <json-c/json.h>

#define ISO_SYSTEMCTL	"/bin/systemctl"

/* {"state", "pid"?, "restarts", "last_exit"?, "last_crash"?, "refusal"?} */
json_object *iso_unit_state(const char *device);
/*
 * The same from SHOW (`systemctl show` of the unit: KEY=VALUE lines) and
 * JOURNAL (`journalctl -o cat` of it, oldest first; may be empty).
 */
json_object *iso_unit_parse(const char *show, const char *journal);

#endif
