// SPDX-License-Identifier: GPL-2.0-only
/* An isolated device's host under systemd (see iso_unit.h). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "host/exit_status.h"
#include "lib/jsonx.h"
#include "lib/spawn.h"
#include "lib/strutil.h"
#include "sys/iso_run.h"
#include "sys/iso_unit.h"

#define JOURNALCTL	"/bin/journalctl"
#define SHOW_MAX	4096
#define JOURNAL_MAX	(256 << 10)
#define JOURNAL_LINES	"500"	/* a crash loop writes a few lines a start */
#define EXITED		"Main process exited, "

/* The value of KEY in `systemctl show` output, into OUT ("" if absent). */
static void show_value(const char *show, const char *key, char *out, size_t size)
{
	size_t klen = strlen(key);
	const char *p;

	out[0] = 0;
	for (p = show; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		if (strncmp(p, key, klen) || p[klen] != '=')
			continue;
		p += klen + 1;
		snprintf(out, size, "%.*s", (int)strcspn(p, "\n"), p);
		return;
	}
}

static long show_long(const char *show, const char *key)
{
	char v[32];

	show_value(show, key, v, sizeof(v));
	return strtol(v, NULL, 10);
}

/* "signal 11 (SIGSEGV)" or "status 1", as the helper's supervisor says it. */
static void exit_text(const char *code, int status, char *out, size_t size)
{
	const char *abbrev = sigabbrev_np(status);

	if (!strcmp(code, "killed") || !strcmp(code, "dumped"))
		snprintf(out, size, "signal %d (SIG%s)", status, abbrev ? abbrev : "?");
	else
		snprintf(out, size, "status %d", status);
}

/*
 * systemd's own line for the last end of the unit's process (it outlives
 * the restart, unlike ExecMainStatus=): "...: Main process exited,
 * code=killed, status=11/SEGV".
 */
static void journal_exit(const char *journal, char *out, size_t size)
{
	const char *p, *hit = NULL;
	char code[16];
	int status;

	out[0] = 0;
	for (p = journal; (p = strstr(p, EXITED)); p++)
		hit = p;
	if (hit && sscanf(hit + strlen(EXITED), "code=%15[a-z], status=%d", code, &status) == 2)
		exit_text(code, status, out, size);
}

json_object *iso_unit_parse(const char *show, const char *journal)
{
	json_object *r = json_object_new_object();
	char active[32], sub[32], result[32], code[16], last[96];
	long status = show_long(show, "ExecMainStatus"), how = show_long(show, "ExecMainCode");
	const char *state = "stopped";

	show_value(show, "ActiveState", active, sizeof(active));
	show_value(show, "SubState", sub, sizeof(sub));
	show_value(show, "Result", result, sizeof(result));
	if (!strcmp(sub, "auto-restart"))
		state = "restarting";
	else if (!strcmp(active, "active") || !strcmp(active, "activating") ||
		 !strcmp(active, "reloading"))
		state = "running";
	else if (!strcmp(active, "failed"))
		state = !strcmp(result, "exit-code") && how == CLD_EXITED &&
			status == NDL_HOST_EXIT_REFUSED ? "refused" : "failed";
	jx_add_str(r, "state", state);
	if (!strcmp(state, "running") && show_long(show, "MainPID") > 0)
		json_object_object_add(r, "pid", json_object_new_int((int)show_long(show, "MainPID")));
	json_object_object_add(r, "restarts", json_object_new_int((int)show_long(show, "NRestarts")));
	journal_exit(journal, last, sizeof(last));
	if (!last[0] && strcmp(state, "running") && how > 0) {
		/* No journal (or rotated away): the status of the process systemd last saw end. */
		snprintf(code, sizeof(code), "%s", how == CLD_EXITED ? "exited" : "killed");
		exit_text(code, (int)status, last, sizeof(last));
	}
	if (last[0])
		jx_add_str(r, "last_exit", last);
	iso_last_line(journal, "driver crash: ", r, "last_crash");
	if (!strcmp(state, "refused"))
		iso_last_line(journal, NDL_HOST_REFUSED_LINE, r, "refusal");
	return r;
}

json_object *iso_unit_state(const char *dev)
{
	char unit[96], *show = NULL, *journal = NULL;
	const char *show_argv[] = { ISO_SYSTEMCTL, "show", "--no-pager",
		"-p", "ActiveState,SubState,Result,NRestarts,ExecMainCode,ExecMainStatus,MainPID",
		unit, NULL };
	const char *journal_argv[] = { JOURNALCTL, "-q", "-b", "-o", "cat", "--no-pager",
		"-n", JOURNAL_LINES, "-u", unit, NULL };
	struct ndl_err e;
	json_object *r;
	int st;

	snprintf(unit, sizeof(unit), "ndisload-host@%s.service", dev);
	if (spawn_capture(ISO_SYSTEMCTL, show_argv, SHOW_MAX, &show, &st, &e))
		show = NULL;
	/* The journal may be unreadable (not kept, no permission): state without the lines then. */
	if (spawn_capture(JOURNALCTL, journal_argv, JOURNAL_MAX, &journal, &st, &e))
		journal = NULL;
	r = iso_unit_parse(show ? show : "", journal ? journal : "");
	free(show);
	free(journal);
	return r;
}
