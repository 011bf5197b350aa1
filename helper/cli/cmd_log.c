// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload log [-f] [--driver NAME] [--device ID] [-n N] [--json]: the
 * module's kernel log lines and the helper's own entries about drivers
 * and devices (logview.c), oldest first; -f keeps printing new ones.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/jsonx.h"
#include "serve/ops.h"

static const char usage[] =
	"Usage: ndisload log [-f] [--driver NAME] [--device ID] [-n N] [--json]\n"
	"\n"
	"Shows what the kernel module (its lines of the kernel log) and the helper\n"
	"(installs, bindings, loads and their failures) said about each driver and\n"
	"device, oldest first: missing imports, a failed MiniportInitialize with its\n"
	"NDIS_STATUS, resets, refused settings.\n"
	"\n"
	"  -f, --follow        keep printing new messages until interrupted\n"
	"  --driver NAME       only this driver's messages\n"
	"  --device ID         only this device's (PCI address, USB path or interface)\n"
	"  -n, --lines N       the newest N messages (default 200, at most 1000)\n"
	"  --json              the helper's \"log\" result (with -f: one object per line)\n"
	"\n"
	"Reading the kernel log needs root where kernel.dmesg_restrict is set.\n"
	"\n"
	"Exit status: 0; 2 bad usage; 1 the log cannot be read.\n";

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void print_entry(json_object *e)
{
	const char *drv = jx_str(e, "driver"), *dev = jx_str(e, "device");
	const char *ifn = jx_str(e, "interface"), *time = jx_str(e, "time");
	char who[160];

	const char *msg = jx_str(e, "message");

	/* "rtl8139 removed" names its driver already. */
	if (drv && !dev && !strncmp(msg, drv, strlen(drv)) && msg[strlen(drv)] == ' ')
		drv = NULL;
	snprintf(who, sizeof(who), "%s%s%s%s%s", drv ? drv : "", drv && dev ? " " : "",
		 dev ? dev : "", ifn ? " " : "", ifn ? ifn : "");
	/* "2026-12-03T18:40:01.123456Z" shown as "2026-12-03 18:40:01" (UTC). */
	printf("%.10s %.8s %-6s %-7s %s%s%s\n", time ? time : "?", time && strlen(time) > 11 ?
	       time + 11 : "?", jx_str(e, "source"), jx_str(e, "level"), who, who[0] ? ": " : "",
	       msg);
}

static void print_entries(json_object *r, bool json, bool follow)
{
	json_object *a;
	size_t i;

	if (json) {
		if (follow) {
			puts(jx_text(r, false));
			json_object_put(r);
		} else {
			cli_print_json(r);
		}
		return;
	}
	json_object_object_get_ex(r, "entries", &a);
	for (i = 0; i < json_object_array_length(a); i++)
		print_entry(json_object_array_get_idx(a, i));
	json_object_put(r);
}

int cmd_log(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "follow", no_argument, NULL, 'f' },
		{ "driver", required_argument, NULL, 'd' },
		{ "device", required_argument, NULL, 'D' },
		{ "lines", required_argument, NULL, 'n' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool follow = false, json = false, warned = false;
	json_object *args = json_object_new_object(), *r, *k;
	struct ndl_err err;
	char *end, cursor[64];
	long lines;
	int c;

	optind = 1;
	while ((c = cli_getopt("log", argc, argv, "fn:", opts)) != -1) {
		switch (c) {
		case 'f': follow = true; break;
		case 'd': jx_add_str(args, "driver", optarg); break;
		case 'D': jx_add_str(args, "device", optarg); break;
		case 'n':
			lines = strtol(optarg, &end, 10);
			if (*end || end == optarg || lines < 1 || lines > 1000) {
				json_object_put(args);
				return cli_usage_error("log", "-n wants a number from 1 to 1000, not %s",
						       optarg);
			}
			json_object_object_add(args, "limit", json_object_new_int((int)lines));
			break;
		case 'j': json = true; break;
		case 'h': json_object_put(args); return cli_help(usage);
		default: json_object_put(args); return 2;
		}
	}
	if (optind != argc) {
		json_object_put(args);
		return cli_usage_error("log", "unexpected argument %s", argv[optind]);
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	for (;;) {
		r = ops_call("log", args, NULL, 0, &err);
		if (!r) {
			json_object_put(args);
			return cli_error("log", &err);
		}
		json_object_object_get_ex(r, "kernel", &k);
		if (!jx_bool(k, "readable") && !warned) {
			fprintf(stderr, "ndisload log: %s; showing the helper's messages only\n",
				jx_str(k, "error") ? jx_str(k, "error") : "the kernel log is unreadable");
			warned = true;
		}
		snprintf(cursor, sizeof(cursor), "%s", jx_str(r, "cursor") ? jx_str(r, "cursor") : "");
		print_entries(r, json, follow);
		if (!follow || stop)
			break;
		fflush(stdout);
		/* Read on from where this answer ended, once a second. */
		jx_add_str(args, "since", cursor);
		json_object_object_del(args, "limit");
		sleep(1);
		if (stop)
			break;
	}
	json_object_put(args);
	return 0;
}
