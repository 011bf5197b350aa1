// SPDX-License-Identifier: GPL-2.0-only
/* Command line and defaults of ndisload-webconf. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
"Usage: ndisload-webconf [OPTION]...\n"
"The ndisload web configurator: serves the web pages and the REST API\n"
"(/api/v1) on http://localhost:PORT and forwards every operation to the\n"
"root helper (ndisload serve). Listens on 127.0.0.1 and ::1 only.\n"
"\n"
"  --port N                 TCP port (default 8087)\n"
"  --www DIR                web pages (default: share/ndisload/www beside\n"
"                           the program's bin/ or sbin/ directory)\n"
"  --brand-dir DIR          vendor brand (brand.json, logo); default\n"
"                           $NDISLOAD_BRAND_DIR, else ../brand beside --www\n"
"  --helper-socket PATH     the helper's socket\n"
"                           (default $NDISLOAD_ROOT/run/ndisload/helper.sock)\n"
"  --token-file PATH        the API token, created 0600 if missing\n"
"                           (default $NDISLOAD_ROOT/etc/ndisload/webconf.token)\n"
"  --tmp-dir DIR            where uploads are spooled (default $TMPDIR or /tmp)\n"
"  --max-upload MIB         largest upload request (default 64)\n"
"  --max-connections N      simultaneous connections, all addresses\n"
"                           together (default 1024)\n"
"  --max-per-address N      simultaneous connections from one client\n"
"                           address (default 32)\n"
"  --header-timeout SEC     longest time for a request line and headers,\n"
"                           and for a request without credentials\n"
"                           (default 5)\n"
"  --idle-timeout SEC       close a connection silent this long (default 15)\n"
"  --request-timeout SEC    longest time for one authenticated request,\n"
"                           body and answer (default 300)\n"
"  --helper-timeout SEC     longest wait for the helper's answer (default 120)\n"
"  --threads N              worker threads (default 4)\n"
"  --verbose                log every request to stderr\n"
"  --demo-insecure-listen ADDR\n"
"                           DEMO VM ONLY: also listen on the IPv4 address\n"
"                           ADDR (e.g. 10.0.2.15, where QEMU's port forward\n"
"                           delivers). Never use it on a real machine: it\n"
"                           exposes the configurator beyond loopback. The\n"
"                           Host header check still applies.\n"
"  --help, --version\n";

static int parse_uint(const char *opt, const char *s, unsigned long min,
		      unsigned long max, unsigned long *out)
{
	char *end;

	errno = 0;
	unsigned long v = strtoul(s, &end, 10);
	if (errno || end == s || *end || s[0] == '-' || v < min || v > max) {
		fprintf(stderr, "ndisload-webconf: %s wants a number from %lu to %lu, not \"%s\"\n",
			opt, min, max, s);
		return -1;
	}
	*out = v;
	return 0;
}

static int set_path(char *dst, const char *opt, const char *src)
{
	if (!*src || strlen(src) >= PATH_MAX) {
		fprintf(stderr, "ndisload-webconf: %s wants a path (1..%d bytes)\n",
			opt, PATH_MAX - 1);
		return -1;
	}
	strcpy(dst, src);
	return 0;
}

/* The root prefix of every state path; "" when NDISLOAD_ROOT is unset. */
static const char *state_root(void)
{
	const char *r = getenv("NDISLOAD_ROOT");

	return r ? r : "";
}

/* <dir of /proc/self/exe>/../share/ndisload/www: right for /usr and /usr/local. */
static void default_www(char *out, size_t size)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n <= 0) {
		snprintf(out, size, "/usr/share/ndisload/www");
		return;
	}
	exe[n] = 0;
	if (snprintf(out, size, "%s/../share/ndisload/www", dirname(exe)) >= (int)size)
		snprintf(out, size, "/usr/share/ndisload/www");
}

enum { O_PORT = 256, O_WWW, O_BRAND, O_HELPER, O_TOKEN, O_TMP, O_UPLOAD,
       O_CONNS, O_PER_ADDR, O_HEADER, O_IDLE, O_REQ, O_HTIME, O_THREADS, O_VERBOSE, O_DEMO,
       O_HELP, O_VERSION };

static const struct option longopts[] = {
	{ "port", required_argument, NULL, O_PORT },
	{ "www", required_argument, NULL, O_WWW },
	{ "brand-dir", required_argument, NULL, O_BRAND },
	{ "helper-socket", required_argument, NULL, O_HELPER },
	{ "token-file", required_argument, NULL, O_TOKEN },
	{ "tmp-dir", required_argument, NULL, O_TMP },
	{ "max-upload", required_argument, NULL, O_UPLOAD },
	{ "max-connections", required_argument, NULL, O_CONNS },
	{ "max-per-address", required_argument, NULL, O_PER_ADDR },
	{ "header-timeout", required_argument, NULL, O_HEADER },
	{ "idle-timeout", required_argument, NULL, O_IDLE },
	{ "request-timeout", required_argument, NULL, O_REQ },
	{ "helper-timeout", required_argument, NULL, O_HTIME },
	{ "threads", required_argument, NULL, O_THREADS },
	{ "verbose", no_argument, NULL, O_VERBOSE },
	{ "demo-insecure-listen", required_argument, NULL, O_DEMO },
	{ "help", no_argument, NULL, O_HELP },
	{ "version", no_argument, NULL, O_VERSION },
	{ NULL, 0, NULL, 0 }
};

int wc_config_parse(struct wc_config *cfg, int argc, char **argv)
{
	const char *tmp = getenv("TMPDIR");
	bool brand_given = false;
	unsigned long v;
	int c, rc;

	memset(cfg, 0, sizeof(*cfg));
	cfg->port = WC_DEFAULT_PORT;
	cfg->max_upload = 64UL << 20;
	cfg->max_connections = 1024;
	cfg->max_per_address = 32;
	cfg->header_timeout = 5;
	cfg->idle_timeout = 15;
	cfg->request_timeout = 300;
	cfg->helper_timeout = 120;
	cfg->threads = 4;
	snprintf(cfg->helper_socket, sizeof(cfg->helper_socket),
		 "%s/run/ndisload/helper.sock", state_root());
	snprintf(cfg->token_file, sizeof(cfg->token_file),
		 "%s/etc/ndisload/webconf.token", state_root());
	snprintf(cfg->tmp_dir, sizeof(cfg->tmp_dir), "%s",
		 tmp && *tmp ? tmp : "/tmp");
	default_www(cfg->www_dir, sizeof(cfg->www_dir));

	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		rc = 0;
		switch (c) {
		case O_PORT:
			rc = parse_uint("--port", optarg, 1, 65535, &v);
			cfg->port = (unsigned short)v;
			break;
		case O_WWW:
			rc = set_path(cfg->www_dir, "--www", optarg);
			break;
		case O_BRAND:
			rc = set_path(cfg->brand_dir, "--brand-dir", optarg);
			brand_given = true;
			break;
		case O_HELPER:
			rc = set_path(cfg->helper_socket, "--helper-socket", optarg);
			break;
		case O_TOKEN:
			rc = set_path(cfg->token_file, "--token-file", optarg);
			break;
		case O_TMP:
			rc = set_path(cfg->tmp_dir, "--tmp-dir", optarg);
			break;
		case O_UPLOAD:
			rc = parse_uint("--max-upload", optarg, 1, 4096, &v);
			cfg->max_upload = v << 20;
			break;
		case O_CONNS:
			rc = parse_uint("--max-connections", optarg, 2, 4096, &v);
			cfg->max_connections = (unsigned int)v;
			break;
		case O_PER_ADDR:
			rc = parse_uint("--max-per-address", optarg, 1, 4096, &v);
			cfg->max_per_address = (unsigned int)v;
			break;
		case O_HEADER:
			rc = parse_uint("--header-timeout", optarg, 1, 3600, &v);
			cfg->header_timeout = (unsigned int)v;
			break;
		case O_IDLE:
			rc = parse_uint("--idle-timeout", optarg, 1, 3600, &v);
			cfg->idle_timeout = (unsigned int)v;
			break;
		case O_REQ:
			rc = parse_uint("--request-timeout", optarg, 1, 86400, &v);
			cfg->request_timeout = (unsigned int)v;
			break;
		case O_HTIME:
			rc = parse_uint("--helper-timeout", optarg, 1, 3600, &v);
			cfg->helper_timeout = (unsigned int)v;
			break;
		case O_THREADS:
			rc = parse_uint("--threads", optarg, 1, 64, &v);
			cfg->threads = (unsigned int)v;
			break;
		case O_VERBOSE:
			cfg->verbose = true;
			break;
		case O_DEMO:
			cfg->demo_listen = optarg;
			break;
		case O_HELP:
			fputs(usage, stdout);
			return 1;
		case O_VERSION:
			printf("ndisload-webconf %s\n", WC_VERSION);
			return 1;
		default:
			fputs("Try 'ndisload-webconf --help'.\n", stderr);
			return -1;
		}
		if (rc)
			return -1;
	}
	if (optind < argc) {
		fprintf(stderr, "ndisload-webconf: unexpected argument \"%s\"\n", argv[optind]);
		return -1;
	}
	if (cfg->max_per_address > cfg->max_connections)
		cfg->max_per_address = cfg->max_connections;
	if (!brand_given && getenv("NDISLOAD_BRAND_DIR") && *getenv("NDISLOAD_BRAND_DIR")) {
		rc = set_path(cfg->brand_dir, "NDISLOAD_BRAND_DIR", getenv("NDISLOAD_BRAND_DIR"));
		if (rc)
			return -1;
		brand_given = true;
	}
	if (!brand_given) {
		char www[PATH_MAX];

		snprintf(www, sizeof(www), "%s", cfg->www_dir);
		if (snprintf(cfg->brand_dir, sizeof(cfg->brand_dir), "%s/../brand", www) >=
		    (int)sizeof(cfg->brand_dir)) {
			fputs("ndisload-webconf: --www path too long\n", stderr);
			return -1;
		}
	}
	return 0;
}
