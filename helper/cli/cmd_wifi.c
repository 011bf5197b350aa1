// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload wifi scan|connect|status|disconnect|forget|restore: wireless
 * interfaces and their profiles (docs/wireless.md). Keys are read from a
 * file or standard input (without echo on a terminal), never taken from
 * the command line, where every user could read them.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/jsonx.h"
#include "serve/ops.h"
#include "wifi/wifi_profile.h"

static const char usage[] =
	"Usage: ndisload wifi scan [--json] [IFACE]\n"
	"       ndisload wifi connect [OPTIONS] IFACE SSID\n"
	"       ndisload wifi status [--json] [IFACE]\n"
	"       ndisload wifi disconnect IFACE\n"
	"       ndisload wifi forget IFACE\n"
	"       ndisload wifi restore\n"
	"\n"
	"scan lists the networks the interface hears (strongest first). connect\n"
	"stores the interface's profile in /etc/ndisload/wireless/IFACE.conf (mode\n"
	"0600) and joins the network through the interface's wpa_supplicant; the\n"
	"profile is restored at boot and whenever the driver is loaded. status\n"
	"shows the connection (every wireless interface without IFACE). disconnect\n"
	"leaves the network but keeps the profile; forget removes it.\n"
	"\n"
	"connect options:\n"
	"  --security S     open, wep, wpa2-psk or wpa3-sae (default: what a scan\n"
	"                   shows for SSID)\n"
	"  --key-file FILE  read the passphrase or WEP key from FILE's first line\n"
	"                   ('-' for standard input); without it, it is asked for\n"
	"  --hidden         the network does not broadcast its SSID\n"
	"  --country CC     regulatory country (ISO 3166, e.g. DE)\n"
	"  --power-save     let the radio doze between beacons\n"
	"  --no-autoconnect store the profile without joining at boot\n"
	"\n"
	"Exit status: 0; 3 no such interface or profile; 5 a bad SSID, key or\n"
	"option, or security the driver cannot do; 1 system error.\n";

static int wifi_error(const struct ndl_err *e)
{
	return cli_error("wifi", e);
}

/*
 * Read one line (the key) from path or stdin, without echo on a terminal.
 * 0, or the exit status: 3 no such file, 5 no key.
 */
static int read_key(const char *path, char *key, size_t size)
{
	FILE *f = stdin;
	struct termios old, quiet;
	bool tty = false;
	char *ok;

	if (path && strcmp(path, "-")) {
		f = fopen(path, "r");
		if (!f) {
			fprintf(stderr, "ndisload wifi: %s: %s\n", path, strerror(errno));
			return 3;
		}
	} else if (!path && isatty(0)) {
		tty = !tcgetattr(0, &old);
		quiet = old;
		quiet.c_lflag &= ~(tcflag_t)ECHO;
		fprintf(stderr, "Key for the network: ");
		if (tty)
			tcsetattr(0, TCSAFLUSH, &quiet);
	}
	ok = fgets(key, (int)size, f);
	if (tty) {
		tcsetattr(0, TCSAFLUSH, &old);
		fputc('\n', stderr);
	}
	if (f != stdin)
		fclose(f);
	if (!ok) {
		fprintf(stderr, "ndisload wifi: no key given\n");
		return 5;
	}
	key[strcspn(key, "\r\n")] = '\0';
	return 0;
}

static json_object *call(const char *op, const char *ifname, struct ndl_err *err)
{
	json_object *args = json_object_new_object(), *r;

	if (ifname)
		jx_add_str(args, "interface", ifname);
	r = strcmp(op, "wifi.scan") ? ops_call(op, args, NULL, 0, err) :
				      cli_slow_call("Scanning", op, args, err);
	json_object_put(args);
	return r;
}

/* The wireless interfaces of ndisload's drivers (names, array). */
static json_object *wireless_names(void)
{
	json_object *r, *all, *names = json_object_new_array();
	struct ndl_err err;
	size_t i;

	r = ops_call("interface.list", NULL, NULL, 0, &err);
	if (r && json_object_object_get_ex(r, "interfaces", &all))
		for (i = 0; i < json_object_array_length(all); i++) {
			const char *name = jx_str(json_object_array_get_idx(all, i), "name");
			json_object *st = call("wifi.status", name, &err);

			if (st)
				json_object_array_add(names, json_object_new_string(name));
			json_object_put(st);
		}
	json_object_put(r);
	return names;
}

/* IFACE from the command line, or the only wireless interface. */
static const char *iface_arg(int argc, char **argv, char *buf, size_t size)
{
	json_object *names;
	const char *only = NULL;

	if (optind < argc)
		return argv[optind];
	names = wireless_names();
	if (json_object_array_length(names) == 1) {
		snprintf(buf, size, "%s", json_object_get_string(
			json_object_array_get_idx(names, 0)));
		only = buf;
	}
	json_object_put(names);
	return only;
}

static int wifi_scan(const char *ifname, bool json)
{
	struct ndl_err err;
	json_object *r = call("wifi.scan", ifname, &err), *nets;
	size_t i;

	if (!r)
		return wifi_error(&err);
	if (json)
		return cli_print_json(r);
	json_object_object_get_ex(r, "networks", &nets);
	printf("%-17s %7s %4s %-9s %s\n", "BSSID", "SIGNAL", "CH", "SECURITY", "SSID");
	for (i = 0; i < json_object_array_length(nets); i++) {
		json_object *n = json_object_array_get_idx(nets, i);

		printf("%-17s %3d dBm %4d %-9s %s\n", jx_str(n, "bssid"),
		       (int)jx_int(n, "signal_dbm"), (int)jx_int(n, "channel"),
		       jx_str(n, "security"), jx_bool(n, "hidden") ? "(hidden)" : jx_str(n, "ssid"));
	}
	if (!json_object_array_length(nets))
		printf("(no networks heard)\n");
	json_object_put(r);
	return 0;
}

static void print_status(json_object *r)
{
	const char *state = jx_str(r, "state");

	printf("%s: %s", jx_str(r, "interface"), state);
	if (strcmp(state, "disconnected"))
		printf(" to \"%s\" (%s, channel %d)", jx_str(r, "ssid"),
		       jx_str(r, "bssid") ? jx_str(r, "bssid") : "?",
		       (int)jx_int(r, "channel"));
	if (jx_has(r, "signal_dbm"))
		printf(", signal %d dBm, %d Mbit/s", (int)jx_int(r, "signal_dbm"),
		       (int)jx_int(r, "rate_mbps"));
	printf("\n");
	if (jx_str(r, "last_error"))
		printf("  last attempt: %s\n", jx_str(r, "last_error"));
}

static int wifi_status(const char *ifname, bool json)
{
	json_object *names = NULL, *all = json_object_new_array();
	struct ndl_err err;
	size_t i;

	if (ifname) {
		json_object *r = call("wifi.status", ifname, &err);

		if (!r) {
			json_object_put(all);
			return wifi_error(&err);
		}
		json_object_array_add(all, r);
	} else {
		names = wireless_names();
		for (i = 0; i < json_object_array_length(names); i++) {
			json_object *r = call("wifi.status", json_object_get_string(
				json_object_array_get_idx(names, i)), &err);

			if (r)
				json_object_array_add(all, r);
		}
		json_object_put(names);
	}
	if (json) {
		json_object *o = json_object_new_object();

		json_object_object_add(o, "interfaces", all);
		return cli_print_json(o);
	}
	for (i = 0; i < json_object_array_length(all); i++)
		print_status(json_object_array_get_idx(all, i));
	if (!json_object_array_length(all))
		printf("(no wireless interfaces)\n");
	json_object_put(all);
	return 0;
}

/* The security of SSID as a scan shows it. */
static const char *scanned_security(const char *ifname, const char *ssid,
				    struct ndl_err *err)
{
	static char found[16];
	json_object *r = call("wifi.scan", ifname, err), *nets;
	size_t i;

	if (!r)
		return NULL;
	found[0] = '\0';
	json_object_object_get_ex(r, "networks", &nets);
	for (i = 0; i < json_object_array_length(nets) && !found[0]; i++) {
		json_object *n = json_object_array_get_idx(nets, i);

		if (!strcmp(jx_str(n, "ssid"), ssid))
			snprintf(found, sizeof(found), "%s", jx_str(n, "security"));
	}
	json_object_put(r);
	if (!found[0]) {
		ndl_fail(err, NDL_E_NOT_FOUND, "no network \"%.32s\" in range of %s", ssid, ifname);
		ndl_hint(err, "for a hidden network give --hidden and --security");
		return NULL;
	}
	return found;
}

struct connect_opts {
	const char *security, *key_file, *country;
	bool hidden, power_save, no_autoconnect, json;
};

static int wifi_connect(const char *ifname, const char *ssid,
			const struct connect_opts *o)
{
	char key[WIFI_KEY_MAX + 2] = "";
	const char *security = o->security;
	json_object *args, *r;
	struct ndl_err err;
	int rc;

	if (!security && !(security = scanned_security(ifname, ssid, &err)))
		return wifi_error(&err);
	if (strcmp(security, "open") && (rc = read_key(o->key_file, key, sizeof(key))))
		return rc;
	args = json_object_new_object();
	jx_add_str(args, "interface", ifname);
	jx_add_str(args, "ssid", ssid);
	jx_add_str(args, "security", security);
	if (key[0])
		jx_add_str(args, "key", key);
	if (o->country)
		jx_add_str(args, "country", o->country);
	json_object_object_add(args, "hidden", json_object_new_boolean(o->hidden));
	json_object_object_add(args, "power_save", json_object_new_boolean(o->power_save));
	json_object_object_add(args, "autoconnect", json_object_new_boolean(!o->no_autoconnect));
	r = ops_call("wifi.profile.set", args, NULL, 0, &err);
	explicit_bzero(key, sizeof(key));
	json_object_put(args);
	if (!r)
		return wifi_error(&err);
	if (o->json)
		return cli_print_json(r);
	printf("Joining \"%s\" on %s ('ndisload wifi status %s' follows it).\n", ssid, ifname,
	       ifname);
	json_object_put(r);
	return 0;
}

static int simple(const char *op, const char *ifname, const char *done)
{
	struct ndl_err err;
	json_object *r = call(op, ifname, &err);

	if (!r)
		return wifi_error(&err);
	printf(done, ifname);
	json_object_put(r);
	return 0;
}

static int wifi_restore(bool json)
{
	struct ndl_err err;
	json_object *r = call("wifi.restore", NULL, &err), *a;
	size_t i;

	if (!r)
		return wifi_error(&err);
	if (json)
		return cli_print_json(r);
	json_object_object_get_ex(r, "restored", &a);
	for (i = 0; i < json_object_array_length(a); i++)
		printf("Restored the profile of %s.\n",
		       json_object_get_string(json_object_array_get_idx(a, i)));
	json_object_object_get_ex(r, "errors", &a);
	for (i = 0; i < json_object_array_length(a); i++)
		fprintf(stderr, "ndisload wifi: %s: %s\n",
			jx_str(json_object_array_get_idx(a, i), "interface"),
			jx_str(json_object_array_get_idx(a, i), "message"));
	i = json_object_array_length(a);
	json_object_put(r);
	return i ? 1 : 0;
}

int cmd_wifi(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "security", required_argument, NULL, 's' },
		{ "key-file", required_argument, NULL, 'k' },
		{ "country", required_argument, NULL, 'c' },
		{ "hidden", no_argument, NULL, 'H' },
		{ "power-save", no_argument, NULL, 'p' },
		{ "no-autoconnect", no_argument, NULL, 'n' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct connect_opts o = { 0 };
	const char *sub, *ifname;
	char only[WIFI_IFNAME_MAX + 1];
	int c;

	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		return argc < 2 ? cli_usage_error("wifi", "give a subcommand") : cli_help(usage);
	sub = argv[1];
	optind = 1;
	while ((c = cli_getopt("wifi", argc - 1, argv + 1, "", opts)) != -1) {
		switch (c) {
		case 's': o.security = optarg; break;
		case 'k': o.key_file = optarg; break;
		case 'c': o.country = optarg; break;
		case 'H': o.hidden = true; break;
		case 'p': o.power_save = true; break;
		case 'n': o.no_autoconnect = true; break;
		case 'j': o.json = true; break;
		case 'h': return cli_help(usage);
		default: return 2;
		}
	}
	argc--;
	argv++;
	if (!strcmp(sub, "restore")) {
		if (optind != argc)
			return cli_usage_error("wifi", "restore takes no argument");
		return wifi_restore(o.json);
	}
	if (!strcmp(sub, "status")) {
		if (argc - optind > 1)
			return cli_usage_error("wifi", "status takes at most one IFACE");
		return wifi_status(optind < argc ? argv[optind] : NULL, o.json);
	}
	if (!strcmp(sub, "connect")) {
		if (argc - optind != 2)
			return cli_usage_error("wifi", "connect takes IFACE and SSID");
		return wifi_connect(argv[optind], argv[optind + 1], &o);
	}
	if (strcmp(sub, "scan") && strcmp(sub, "disconnect") && strcmp(sub, "forget"))
		return cli_usage_error("wifi", "unknown subcommand \"%s\"", sub);
	if (argc - optind > 1)
		return cli_usage_error("wifi", "%s takes one IFACE", sub);
	ifname = iface_arg(argc, argv, only, sizeof(only));
	if (!ifname)
		return cli_usage_error("wifi", "give the IFACE (there is not exactly one "
				       "wireless interface)");
	if (!strcmp(sub, "scan"))
		return wifi_scan(ifname, o.json);
	if (!strcmp(sub, "disconnect"))
		return simple("wifi.disconnect", ifname, "Disconnected %s (profile kept).\n");
	return simple("wifi.forget", ifname, "Forgot the profile of %s.\n");
}
