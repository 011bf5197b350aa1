// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of isolated mode's status under systemd (helper/sys/iso_unit.c):
 * what `ndisload status` says of ndisload-host@<device>.service from the
 * unit's `systemctl show` properties and its journal, as systemd 252
 * writes them: running, restarting after a crash (restart count, the last
 * exit as systemd logged it, the host's crash line), failed at the start
 * limit, refused (exit status 3: no restart, the host's reason), stopped.
 * And the capture of a program's output the helper reads them with
 * (lib/spawn.c): complete, cut at its limit, the rest drained.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "check.h"
#include "lib/jsonx.h"
#include "lib/spawn.h"
#include "sys/iso_unit.h"

#define UNIT "ndisload-host@0000:00:03.0.service: "
#define CRASH "ndisload-host: driver crash: SIGSEGV (address 0x0) at ndle1000.sys+0x1a2b in .text\n"

static const char journal_crash[] =
	"Started ndisload isolated driver host for PCI 0000:00:03.0.\n"
	"ndisload-host: 0000:00:03.0: driver ndle1000 running on TAP ndlh0, link up\n"
	CRASH
	UNIT "Main process exited, code=killed, status=11/SEGV\n"
	UNIT "Failed with result 'signal'.\n"
	UNIT "Scheduled restart job, restart counter is at 1.\n"
	"Stopped ndisload isolated driver host for PCI 0000:00:03.0.\n"
	"Started ndisload isolated driver host for PCI 0000:00:03.0.\n"
	"ndisload-host: 0000:00:03.0: driver ndle1000 running on TAP ndlh0, link up\n";

static bool str_is(json_object *r, const char *key, const char *want)
{
	const char *v = jx_str(r, key);

	if (!want)
		return !v;
	if (!v || strcmp(v, want))
		fprintf(stderr, "  %s: \"%s\", want \"%s\"\n", key, v ? v : "(none)", want);
	return v && !strcmp(v, want);
}

static void test_running_after_crash(void)
{
	json_object *r = iso_unit_parse("MainPID=4242\nResult=success\nNRestarts=1\n"
					 "ExecMainCode=0\nExecMainStatus=0\n"
					 "ActiveState=active\nSubState=running\n", journal_crash);

	CHECK(str_is(r, "state", "running"));
	CHECK_EQ_INT(jx_int(r, "pid"), 4242);
	CHECK_EQ_INT(jx_int(r, "restarts"), 1);
	CHECK(str_is(r, "last_exit", "signal 11 (SIGSEGV)"));
	CHECK(str_is(r, "last_crash", "SIGSEGV (address 0x0) at ndle1000.sys+0x1a2b in .text"));
	CHECK(str_is(r, "refusal", NULL));
	json_object_put(r);
}

static void test_restarting(void)
{
	static const char journal[] =
		"ndisload-host: driver crash: SIGBUS (address 0x7f00) at 0x401000 outside the driver (runtime or host)\n"
		UNIT "Main process exited, code=dumped, status=7/BUS\n";
	json_object *r = iso_unit_parse("MainPID=0\nResult=core-dump\nNRestarts=3\nExecMainCode=3\n"
					"ExecMainStatus=7\nActiveState=activating\nSubState=auto-restart\n",
					journal);

	CHECK(str_is(r, "state", "restarting"));
	CHECK(!jx_has(r, "pid"));
	CHECK_EQ_INT(jx_int(r, "restarts"), 3);
	CHECK(str_is(r, "last_exit", "signal 7 (SIGBUS)"));
	CHECK(str_is(r, "last_crash", "SIGBUS (address 0x7f00) at 0x401000 outside the driver (runtime or host)"));
	json_object_put(r);
}

/* The start limit: five crashes in a minute, then failed (not refused). */
static void test_failed(void)
{
	json_object *r = iso_unit_parse("MainPID=0\nResult=start-limit-hit\nNRestarts=4\nExecMainCode=2\n"
					"ExecMainStatus=11\nActiveState=failed\nSubState=failed\n",
					journal_crash);

	CHECK(str_is(r, "state", "failed"));
	CHECK_EQ_INT(jx_int(r, "restarts"), 4);
	CHECK(str_is(r, "last_crash", "SIGSEGV (address 0x0) at ndle1000.sys+0x1a2b in .text"));
	CHECK(str_is(r, "refusal", NULL));
	json_object_put(r);
	/* A driver that fails to start (status 1) is failed too, once the limit is hit. */
	r = iso_unit_parse("Result=exit-code\nNRestarts=4\nExecMainCode=1\nExecMainStatus=1\n"
			   "ActiveState=failed\nSubState=failed\n", "");
	CHECK(str_is(r, "state", "failed"));
	CHECK(str_is(r, "last_exit", "status 1"));
	json_object_put(r);
}

static void test_refused(void)
{
	static const char journal[] =
		"Started ndisload isolated driver host for PCI 0000:00:05.0.\n"
		"ndisload-host: refused: IOMMU group 4 of 0000:00:05.0 is not viable: the IOMMU cannot tell its devices apart, and 0000:00:05.1 (e1000) is Linux's: every device in the group must be bound to vfio-pci or to no driver (unbind it first); refusing\n"
		UNIT "Main process exited, code=exited, status=3/NOTIMPLEMENTED\n"
		UNIT "Failed with result 'exit-code'.\n";
	json_object *r = iso_unit_parse("MainPID=0\nResult=exit-code\nNRestarts=0\nExecMainCode=1\n"
					"ExecMainStatus=3\nActiveState=failed\nSubState=failed\n", journal);

	CHECK(str_is(r, "state", "refused"));
	CHECK_EQ_INT(jx_int(r, "restarts"), 0);
	CHECK(str_is(r, "last_exit", "status 3"));
	CHECK(str_is(r, "refusal", "IOMMU group 4 of 0000:00:05.0 is not viable: the IOMMU cannot tell its devices apart, and 0000:00:05.1 (e1000) is Linux's: every device in the group must be bound to vfio-pci or to no driver (unbind it first); refusing"));
	CHECK(str_is(r, "last_crash", NULL));
	json_object_put(r);
	/* No journal to read: the state and the exit from the properties alone. */
	r = iso_unit_parse("Result=exit-code\nExecMainCode=1\nExecMainStatus=3\nActiveState=failed\n", "");
	CHECK(str_is(r, "state", "refused"));
	CHECK(str_is(r, "last_exit", "status 3"));
	CHECK(str_is(r, "refusal", NULL));
	json_object_put(r);
}

static void test_stopped(void)
{
	json_object *r = iso_unit_parse("MainPID=0\nResult=success\nNRestarts=0\nExecMainCode=0\n"
					"ExecMainStatus=0\nActiveState=inactive\nSubState=dead\n", "");

	CHECK(str_is(r, "state", "stopped"));
	CHECK(!jx_has(r, "last_exit"));
	json_object_put(r);
	/* systemctl could not be run at all: stopped, nothing invented. */
	r = iso_unit_parse("", "");
	CHECK(str_is(r, "state", "stopped"));
	CHECK_EQ_INT(jx_int(r, "restarts"), 0);
	CHECK(!jx_has(r, "last_exit") && !jx_has(r, "last_crash"));
	json_object_put(r);
}

static void test_capture(void)
{
	const char *const small[] = { "/bin/sh", "-c", "printf 'a=1\\nb=2\\n'; exit 3", NULL };
	/* 1 MiB of output into a 100-byte limit: cut, and the child not left blocked. */
	const char *const big[] = { "/bin/sh", "-c", "head -c 1048576 /dev/zero | tr '\\0' x", NULL };
	struct ndl_err e;
	char *out = NULL;
	int st;

	CHECK(spawn_capture("/bin/sh", small, 4096, &out, &st, &e) == 0);
	CHECK(out && !strcmp(out, "a=1\nb=2\n"));
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 3);
	free(out);
	out = NULL;
	CHECK(spawn_capture("/bin/sh", big, 100, &out, &st, &e) == 0);
	CHECK(out && strlen(out) == 100 && strspn(out, "x") == 100);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	free(out);
	out = NULL;
	/* A program that is not there: exit status 127, nothing read. */
	CHECK(spawn_capture("/nonexistent/prog", small, 100, &out, &st, &e) == 0);
	CHECK(out && !out[0]);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 127);
	free(out);
}

int main(void)
{
	RUN(test_running_after_crash);
	RUN(test_restarting);
	RUN(test_failed);
	RUN(test_refused);
	RUN(test_stopped);
	RUN(test_capture);
	return CHECK_EXIT_CODE();
}
