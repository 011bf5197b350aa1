// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload setup [PACKAGE]: the setup assistant on the command line. Opens
 * the vendor's package (an archive, or an .inf with the files next to it),
 * says which .inf matches which device and why, and the pre-flight verdict;
 * then installs, binds, starts the driver and brings its interface up with
 * DHCP. Asks before each change on a terminal; --yes for scripts, --json
 * for the whole record.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/jsonx.h"
#include "serve/ops.h"
#include "pkg/pkg_setup.h"
#include "pkg/pkg_unpack.h"
#include "pkg/pkgdir.h"
#include "cli/progress.h"
#include "lib/strutil.h"

#define IFACE_WAIT 10	/* seconds to wait for the driver's interface */

static const char usage[] =
	"Usage: ndisload setup [--device ID] [--inf PATH] [--name NAME] [--unbind-native]\n"
	"                      [--no-start] [--no-dhcp] [--yes] [--json] [PACKAGE]\n"
	"\n"
	"Sets up a network card with the vendor's Windows driver, step by step:\n"
	"opens PACKAGE (a .zip, .cab or .7z archive, a self-extracting .exe that is\n"
	"one of these, or the package's .inf with its files next to it), shows which\n"
	"of its .inf files matches which device here and why (the hardware ID and\n"
	"its line in the .inf), and the pre-flight check's verdict; then installs\n"
	"the driver, binds the device, starts the driver and brings its interface\n"
	"up with DHCP. Without PACKAGE, on a terminal, it lists the devices that\n"
	"need a driver and asks for the package.\n"
	"\n"
	"  --device ID      the device to set up (default: the best match)\n"
	"  --inf PATH       the .inf inside the package to use (as listed)\n"
	"  --name NAME      the driver's name in the store (default: from the .inf)\n"
	"  --unbind-native  take the device from the Linux driver that has it\n"
	"  --no-start       install and bind only; 'ndisload load' starts it later\n"
	"  --no-dhcp        leave the interface down (no DHCP client)\n"
	"  --yes            ask nothing (scripts): go ahead with the best match\n"
	"  --json           print what each step did as one JSON object\n"
	"\n"
	"Exit status: 0 done; 2 bad usage or an unanswered question; 3 no device\n"
	"matches the package; 5 the package is refused or its driver cannot run\n"
	"(the message says why); 7 the module is missing or failed; 1 system error.\n";

struct setup_opts {
	const char *device, *inf, *name;
	bool unbind, no_start, no_dhcp, yes, json;
};

static bool say;	/* human output (not --json) */

/* Opens PACKAGE as package.open takes it: one archive, or an .inf's set. */
static json_object *open_package(const char *path, struct ndl_err *err)
{
	json_object *args = json_object_new_object(), *files = json_object_new_array(), *r;
	struct pkg_set set = { 0 };
	struct progress bar;
	int fds[OPS_MAX_FDS];
	size_t i, n = 0;

	json_object_object_add(args, "files", files);
	if (unpack_is_archive_name(path)) {
		json_object *f;

		fds[0] = open(path, O_RDONLY | O_CLOEXEC);
		if (fds[0] < 0) {
			int e = errno;

			json_object_put(args);
			ndl_fail(err, e == ENOENT ? NDL_E_NOT_FOUND : NDL_E_INTERNAL,
				 "cannot open %s: %s", path, strerror(e));
			return NULL;
		}
		f = json_object_new_object();
		jx_add_str(f, "name", path_basename_any(path));
		json_object_array_add(files, f);
		n = 1;
	} else {
		if (pkg_collect(path, NULL, 0, &set, err)) {
			pkg_free(&set);
			json_object_put(args);
			return NULL;
		}
		if (set.n > OPS_MAX_FDS) {
			pkg_free(&set);
			json_object_put(args);
			ndl_fail(err, NDL_E_TOO_LARGE, "%s needs %zu files; give the vendor's archive instead (a driver takes at most %d)",
				 path, set.n, OPS_MAX_FDS);
			return NULL;
		}
		for (i = 0; i < set.n; i++) {
			json_object *f = json_object_new_object();

			jx_add_str(f, "name", set.items[i].name);
			json_object_array_add(files, f);
			fds[i] = set.items[i].fd;
		}
		n = i;
	}
	progress_begin(&bar, "Unpacking");
	pkg_setup_progress(progress_cb, &bar);
	r = ops_call("package.open", args, fds, n, err);
	pkg_setup_progress(NULL, NULL);
	progress_end(&bar);
	if (!set.n)
		close(fds[0]);
	pkg_free(&set);
	json_object_put(args);
	return r;
}

static void show_package(json_object *pkg)
{
	json_object *infs, *matches, *c;
	size_t i;

	json_object_object_get_ex(pkg, "infs", &infs);
	json_object_object_get_ex(pkg, "matches", &matches);
	printf("The package holds %lld files (%s), %zu .inf file%s:\n",
	       (long long)jx_int(pkg, "files"), jx_str(pkg, "format"),
	       json_object_array_length(infs), json_object_array_length(infs) == 1 ? "" : "s");
	for (i = 0; i < json_object_array_length(infs); i++) {
		json_object *f = json_object_array_get_idx(infs, i);

		if (jx_bool(f, "usable"))
			printf("  %s: %s, version %s\n", jx_str(f, "inf"),
			       jx_str(f, "provider") ? jx_str(f, "provider") : "unknown provider",
			       jx_str(f, "version") ? jx_str(f, "version") : "?");
		else
			printf("  %s: not usable: %s\n", jx_str(f, "inf"), jx_str(f, "reason"));
	}
	if (!json_object_array_length(matches)) {
		printf("None of them names a device of this machine.\n");
		return;
	}
	printf("Matches:\n");
	for (i = 0; i < json_object_array_length(matches); i++) {
		json_object *m = json_object_array_get_idx(matches, i);

		printf("  %d) %s%s%s: %s line %lld names %s (\"%s\")\n", (int)i + 1,
		       jx_str(m, "device"), jx_str(m, "linux_driver") ? ", now used by Linux driver " : "",
		       jx_str(m, "linux_driver") ? jx_str(m, "linux_driver") : "",
		       jx_str(m, "inf"), (long long)jx_int(m, "line"), jx_str(m, "hardware_id"),
		       jx_str(m, "model") ? jx_str(m, "model") : "");
	}
	for (i = 0; i < json_object_array_length(infs); i++)
		if (json_object_object_get_ex(json_object_array_get_idx(infs, i), "check", &c) &&
		    !strcmp(jx_str(json_object_array_get_idx(infs, i), "inf"),
			    jx_str(json_object_array_get_idx(matches, 0), "inf")))
			printf("Pre-flight check of %s: %s\n", jx_str(json_object_array_get_idx(infs, i), "inf"),
			       jx_str(c, "words"));
}

/* The match to set up: as the options say, the user's pick, or the best. */
static json_object *choose(json_object *pkg, const struct setup_opts *o, struct ndl_err *err)
{
	json_object *matches, *pick[64];
	size_t i, n = 0;
	char buf[16];

	json_object_object_get_ex(pkg, "matches", &matches);
	for (i = 0; i < json_object_array_length(matches) && n < 64; i++) {
		json_object *m = json_object_array_get_idx(matches, i);

		if ((!o->device || !strcmp(o->device, jx_str(m, "device"))) &&
		    (!o->inf || !strcmp(o->inf, jx_str(m, "inf"))))
			pick[n++] = m;
	}
	if (!n) {
		ndl_fail(err, NDL_E_NOT_FOUND, "no device here matches %s",
			 o->device || o->inf ? "what --device and --inf ask for" : "the package");
		ndl_hint(err, "'ndisload devices' lists the devices; the package may be for another card or bus");
		return NULL;
	}
	if (n == 1 || o->yes || !isatty(0) || o->json)
		return pick[0];
	fprintf(stderr, "Which one (1-%zu, Enter for 1)? ", n);
	if (!fgets(buf, sizeof(buf), stdin) || buf[0] == '\n')
		return pick[0];
	i = (size_t)strtoul(buf, NULL, 10);
	if (i < 1 || i > n) {
		ndl_fail(err, NDL_E_BAD_REQUEST, "no choice %.8s", buf);
		return NULL;
	}
	return pick[i - 1];
}

static bool ask(const struct setup_opts *o, const char *question)
{
	return o->yes || cli_confirm(question);
}

static json_object *call(const char *op, json_object *args, struct ndl_err *err)
{
	json_object *r = ops_call(op, args, NULL, 0, err);

	json_object_put(args);
	return r;
}

/* The interface of device once the driver runs (it may take a moment). */
static bool wait_iface(const char *device, char *ifname, size_t size)
{
	struct progress bar;
	time_t until = time(NULL) + IFACE_WAIT;
	bool found = false;

	progress_begin(&bar, "Waiting for the interface");
	while (!found && time(NULL) <= until) {
		struct ndl_err e;
		json_object *r = ops_call("interface.list", NULL, NULL, 0, &e), *a;
		size_t i;

		if (r && json_object_object_get_ex(r, "interfaces", &a))
			for (i = 0; i < json_object_array_length(a) && !found; i++) {
				json_object *f = json_object_array_get_idx(a, i);

				if (jx_str(f, "device") && !strcmp(jx_str(f, "device"), device))
					found = str_copy(ifname, size, jx_str(f, "name"));
			}
		json_object_put(r);
		if (!found) {
			progress_update(&bar, 0, 0);
			usleep(250 * 1000);
		}
	}
	progress_end(&bar);
	return found;
}

/* The first error of a load result, as an ndl_err. */
static bool load_failed(json_object *r, struct ndl_err *err)
{
	json_object *a, *e;
	enum ndl_code code;

	if (!json_object_object_get_ex(r, "errors", &a) || !json_object_array_length(a))
		return false;
	e = json_object_array_get_idx(a, 0);
	ndl_fail(err, NDL_E_INTERNAL, "%s", jx_str(e, "message") ? jx_str(e, "message") : "failed");
	if (jx_str(e, "hint"))
		ndl_hint(err, "%s", jx_str(e, "hint"));
	for (code = NDL_OK; code < NDL_CODE_COUNT; code++)
		if (jx_str(e, "code") && !strcmp(ndl_code_name(code), jx_str(e, "code")))
			err->code = code;
	return true;
}

static int run(const char *path, const struct setup_opts *o, json_object *rec,
	       struct ndl_err *err)
{
	json_object *pkg, *m, *r, *args, *check = NULL, *infs;
	const char *device, *driver;
	char ifname[16], q[512];
	size_t i;
	bool unbind = o->unbind;

	pkg = open_package(path, err);
	if (!pkg)
		return -1;
	json_object_object_add(rec, "package", pkg);
	if (say)
		show_package(pkg);
	m = choose(pkg, o, err);
	if (!m)
		return -1;
	json_object_object_add(rec, "chosen", json_object_get(m));
	device = jx_str(m, "device");
	json_object_object_get_ex(pkg, "infs", &infs);
	for (i = 0; i < json_object_array_length(infs); i++)
		if (!strcmp(jx_str(json_object_array_get_idx(infs, i), "inf"), jx_str(m, "inf")))
			json_object_object_get_ex(json_object_array_get_idx(infs, i), "check", &check);
	if (check && jx_str(check, "verdict") && !strcmp(jx_str(check, "verdict"), "fail")) {
		ndl_fail(err, NDL_E_INVALID, "%s", jx_str(check, "words"));
		return ndl_hint(err, "look for the vendor's NDIS 5.x (Windows XP) x64 driver for this card");
	}
	snprintf(q, sizeof(q), "Install %s and use it for %s?", jx_str(m, "inf"), device);
	if (!ask(o, q))
		return ndl_fail(err, NDL_E_BAD_REQUEST, "nothing changed: %s",
				isatty(0) ? "not confirmed" : "not a terminal; add --yes to go ahead");
	args = json_object_new_object();
	jx_add_str(args, "package", jx_str(pkg, "package"));
	jx_add_str(args, "inf", jx_str(m, "inf"));
	if (o->name)
		jx_add_str(args, "name", o->name);
	r = call("package.install", args, err);
	if (!r)
		return -1;
	json_object_object_add(rec, "install", r);
	driver = jx_str(json_object_object_get(r, "driver"), "name");
	if (say)
		printf("Installed driver %s.\n", driver);
	if (jx_str(m, "linux_driver") && !unbind) {
		snprintf(q, sizeof(q), "%s is used by the Linux driver %s. Take it from %s?", device,
			 jx_str(m, "linux_driver"), jx_str(m, "linux_driver"));
		unbind = !o->yes && cli_confirm(q);
	}
	args = json_object_new_object();
	jx_add_str(args, "device", device);
	jx_add_str(args, "driver", driver);
	json_object_object_add(args, "unbind_native", json_object_new_boolean(unbind));
	r = call("device.bind", args, err);
	if (!r)
		return -1;
	json_object_object_add(rec, "bind", r);
	if (say)
		printf("Bound %s to %s.%s%s\n", device, driver, jx_str(r, "note") ? " Note: " : "",
		       jx_str(r, "note") ? jx_str(r, "note") : "");
	if (o->no_start)
		return 0;
	args = json_object_new_object();
	jx_add_str(args, "driver", driver);
	json_object_object_add(args, "unbind_native", json_object_new_boolean(unbind));
	json_object_object_add(args, "reload", json_object_new_boolean(true));
	r = call("load", args, err);
	if (!r)
		return -1;
	json_object_object_add(rec, "load", r);
	if (load_failed(r, err))
		return -1;
	if (!wait_iface(device, ifname, sizeof(ifname))) {
		ndl_fail(err, NDL_E_MODULE, "driver %s started, but %s has no interface after %d s",
			 driver, device, IFACE_WAIT);
		return ndl_hint(err, "'ndisload log --driver %s' shows what the driver said", driver);
	}
	if (say)
		printf("Driver %s runs %s as %s.\n", driver, device, ifname);
	jx_add_str(rec, "interface_name", ifname);
	if (o->no_dhcp)
		return 0;
	args = json_object_new_object();
	jx_add_str(args, "interface", ifname);
	json_object_object_add(args, "dhcp", json_object_new_boolean(true));
	r = call("interface.up", args, err);
	if (!r && err->code == NDL_E_CONFLICT) {	/* a network manager has it: fine */
		if (say)
			printf("%s\n", err->msg);
		jx_add_str(rec, "interface_note", err->msg);
		ndl_err_clear(err);
		return 0;
	}
	if (!r)
		return -1;
	json_object_object_add(rec, "interface", r);
	if (say) {
		json_object *a;
		char list[256] = "";

		if (json_object_object_get_ex(r, "addresses", &a))
			for (i = 0; i < json_object_array_length(a); i++)
				snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
					 i ? ", " : "", json_object_get_string(json_object_array_get_idx(a, i)));
		printf("%s is up%s%s.%s%s\n", ifname, list[0] ? " with " : "", list,
		       jx_str(r, "note") ? " " : "", jx_str(r, "note") ? jx_str(r, "note") : "");
	}
	return 0;
}

/* Without PACKAGE on a terminal: the devices that need a driver, then ask. */
static bool ask_package(char *path, size_t size)
{
	struct ndl_err e;
	json_object *r = ops_call("device.list", NULL, NULL, 0, &e), *a;
	size_t i;

	if (r && json_object_object_get_ex(r, "devices", &a)) {
		printf("Network devices without a working driver:\n");
		for (i = 0; i < json_object_array_length(a); i++) {
			json_object *d = json_object_array_get_idx(a, i);

			if (!jx_has(d, "linux_driver") && !jx_has(d, "bound"))
				printf("  %s  %s %s:%s\n", jx_str(d, "id"), jx_str(d, "bus"),
				       jx_str(d, "vendor"), jx_str(d, "device"));
		}
	}
	json_object_put(r);
	fprintf(stderr, "The vendor's driver package (.zip, .cab, .exe, or its .inf): ");
	if (!fgets(path, (int)size, stdin))
		return false;
	path[strcspn(path, "\n")] = '\0';
	return path[0] != '\0';
}

int cmd_setup(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "inf", required_argument, NULL, 'i' },
		{ "name", required_argument, NULL, 'n' },
		{ "unbind-native", no_argument, NULL, 'u' },
		{ "no-start", no_argument, NULL, 'S' },
		{ "no-dhcp", no_argument, NULL, 'D' },
		{ "yes", no_argument, NULL, 'y' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct setup_opts o = { 0 };
	struct ndl_err err;
	json_object *rec;
	char path[1024];
	int c;

	optind = 1;
	while ((c = cli_getopt("setup", argc, argv, "", opts)) != -1) {
		switch (c) {
		case 'd': o.device = optarg; break;
		case 'i': o.inf = optarg; break;
		case 'n': o.name = optarg; break;
		case 'u': o.unbind = true; break;
		case 'S': o.no_start = true; break;
		case 'D': o.no_dhcp = true; break;
		case 'y': o.yes = true; break;
		case 'j': o.json = true; break;
		case 'h': return cli_help(usage);
		default: return 2;
		}
	}
	if (argc - optind > 1)
		return cli_usage_error("setup", "give one PACKAGE");
	say = !o.json;
	if (argc - optind == 1) {
		str_copy(path, sizeof(path), argv[optind]);
	} else if (o.yes || o.json || !isatty(0) || !ask_package(path, sizeof(path))) {
		return cli_usage_error("setup", "no PACKAGE given");
	}
	rec = json_object_new_object();
	ndl_err_clear(&err);
	if (run(path, &o, rec, &err)) {
		if (o.json) {
			json_object *e = json_object_new_object();

			jx_add_str(e, "code", ndl_code_name(err.code));
			jx_add_str(e, "message", err.msg);
			if (err.hint[0])
				jx_add_str(e, "hint", err.hint);
			json_object_object_add(rec, "error", e);
			cli_print_json(rec);
			return ndl_code_exit(err.code);
		}
		json_object_put(rec);
		return cli_error("setup", &err);
	}
	json_object_object_add(rec, "done", json_object_new_boolean(true));
	if (o.json)
		return cli_print_json(rec);
	json_object_put(rec);
	return 0;
}
