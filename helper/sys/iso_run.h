/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Running ndisload-host for one device: through ndisload-host@.service
 * where systemd is PID 1, otherwise through a supervisor process of the
 * helper's (the VM guest, containers, other inits) that does what the
 * unit does: runs the host as ISO_USER with no privileges and a 64 MiB
 * locked-memory limit, logs to /run/ndisload/host/<device>.log, restarts
 * it 2 s after a crash (at most 5 starts a minute) and records each end in
 * /run/ndisload/host/<device>.state.
 */
#ifndef NDL_ISO_RUN_H
#define NDL_ISO_RUN_H

#include <json-c/json.h>
#include <pwd.h>
#include <stdbool.h>

#include "lib/err.h"

bool iso_run_systemd(void);
int iso_run_start(const char *device, const struct passwd *pw, struct ndl_err *err);
void iso_run_stop(const char *device);
/*
 * {"state": running|restarting|failed|refused|stopped, "pid", "restarts",
 * "last_exit", "last_crash", "refusal"}: from the supervisor's state file
 * and the host's log, or from systemd (iso_unit.h).
 */
json_object *iso_run_state(const char *device);
/* The rest of TEXT's last line from TAG on, as R's KEY (nothing if none). */
void iso_last_line(const char *text, const char *tag, json_object *r, const char *key);

#endif
