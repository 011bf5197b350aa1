// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload-license issue: build, sign and write one license file.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

#include "tool.h"

/* Repeated options (--host A --host B) accumulate as "A,B". */
static int add(char *acc, size_t len, const char *v)
{
	size_t n = strlen(acc);

	if ((size_t)snprintf(acc + n, len - n, "%s%s", n ? "," : "", v) >= len - n)
		return -1;
	return 0;
}

static int hostid_norm(const char *in, char *out, size_t outlen, char *err, size_t errlen)
{
	return ndl_lic_hostid_normalize(in, out, outlen, err, errlen);
}

static int text(char *dst, const char *v, const char *what)
{
	if (!*v || strlen(v) >= NDL_LIC_TEXT_MAX || strpbrk(v, "\r\n\t")) {
		tool_usage("issue", "%s must be one line of 1 to %d bytes", what, NDL_LIC_TEXT_MAX - 1);
		return -1;
	}
	strcpy(dst, v);
	return 0;
}

static int date(int32_t *day, const char *v, const char *what, int never_ok)
{
	if (never_ok && !strcmp(v, "never")) {
		*day = NDL_LIC_NEVER;
		return 0;
	}
	if (ndl_lic_date_parse(v, day) != 0) {
		tool_usage("issue", "%s must be a date YYYY-MM-DD%s, not \"%s\"", what,
			   never_ok ? " or \"never\"" : "", v);
		return -1;
	}
	return 0;
}

static int write_out(const char *path, const char *data, size_t len)
{
	FILE *f;

	if (!strcmp(path, "-"))
		return fwrite(data, 1, len, stdout) == len && fflush(stdout) == 0 ? 0 : -1;
	f = fopen(path, "wx");
	if (!f)
		return -1;
	if (fwrite(data, 1, len, f) != len) {
		fclose(f);
		remove(path);
		return -1;
	}
	return fclose(f);
}

int cmd_issue(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "key", required_argument, NULL, 'k' },
		{ "licensee", required_argument, NULL, 'l' },
		{ "vendor", required_argument, NULL, 'V' },
		{ "product", required_argument, NULL, 'P' },
		{ "host", required_argument, NULL, 'h' },
		{ "devices", required_argument, NULL, 'd' },
		{ "macs", required_argument, NULL, 'm' },
		{ "features", required_argument, NULL, 'f' },
		{ "issued", required_argument, NULL, 'i' },
		{ "not-before", required_argument, NULL, 'n' },
		{ "expires", required_argument, NULL, 'e' },
		{ "out", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 },
	};
	static char hosts[4096], devices[4096], macs[4096], features[4096];
	const char *keypath = NULL, *out = NULL, *licensee = NULL, *vendor = NULL,
		   *product = NULL, *issued = NULL, *nb = NULL, *expires = "never";
	char err[NDL_LIC_ERRLEN], file[NDL_LICENSE_MAX + 512], exp[11];
	unsigned char serial[NDL_LIC_SERIAL_LEN / 2];
	struct ndl_license lic;
	struct ndl_lic_seckey key;
	int c, n;

	hosts[0] = devices[0] = macs[0] = features[0] = '\0';
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		char *acc = NULL;

		switch (c) {
		case 'k': keypath = optarg; break;
		case 'l': licensee = optarg; break;
		case 'V': vendor = optarg; break;
		case 'P': product = optarg; break;
		case 'h': acc = hosts; break;
		case 'd': acc = devices; break;
		case 'm': acc = macs; break;
		case 'f': acc = features; break;
		case 'i': issued = optarg; break;
		case 'n': nb = optarg; break;
		case 'e': expires = optarg; break;
		case 'o': out = optarg; break;
		default: return tool_usage("issue", "unknown option");
		}
		if (acc && add(acc, sizeof(hosts), optarg) != 0)
			return tool_usage("issue", "too many list entries");
	}
	if (optind != argc)
		return tool_usage("issue", "unexpected argument \"%s\"", argv[optind]);
	if (!keypath || !licensee || !out)
		return tool_usage("issue", "--key, --licensee and --out are required");

	if (ndl_lic_seckey_load(keypath, &key, err, sizeof(err)) != 0)
		return tool_fail(EX_BAD, "%s", err);
	memset(&lic, 0, sizeof(lic));
	if (!vendor)
		vendor = key.vendor;
	if (!product)
		product = key.product;
	if (!*vendor || !*product) {
		sodium_memzero(&key, sizeof(key));
		return tool_usage("issue", "--vendor and --product are required: %s names no default",
				  keypath);
	}
	if (text(lic.vendor, vendor, "--vendor") || text(lic.product, product, "--product") ||
	    text(lic.licensee, licensee, "--licensee"))
		goto usage;
	lic.issued = ndl_lic_day_of(time(NULL));
	if ((issued && date(&lic.issued, issued, "--issued", 0)) ||
	    (lic.not_before = lic.issued, nb && date(&lic.not_before, nb, "--not-before", 0)) ||
	    date(&lic.expires, expires, "--expires", 1))
		goto usage;
	if (lic.expires != NDL_LIC_NEVER && lic.expires < lic.not_before) {
		tool_usage("issue", "--expires is before the license becomes valid");
		goto usage;
	}
	if (ndl_lic_list_parse(hosts, &lic.hosts, hostid_norm, "--host", err, sizeof(err)) ||
	    ndl_lic_list_parse(devices, &lic.devices, ndl_lic_device_id_normalize, "--devices", err, sizeof(err)) ||
	    ndl_lic_list_parse(macs, &lic.macs, ndl_lic_mac_normalize, "--macs", err, sizeof(err)) ||
	    ndl_lic_list_parse(features, &lic.features, NULL, "--features", err, sizeof(err))) {
		tool_usage("issue", "%s", err);
		goto usage;
	}
	randombytes_buf(serial, sizeof(serial));
	for (size_t i = 0; i < sizeof(serial); i++)
		sprintf(lic.serial + 2 * i, "%02x", serial[i]);
	if (ndl_license_sign(&lic, &key, err, sizeof(err)) != 0) {
		sodium_memzero(&key, sizeof(key));
		return tool_fail(EX_SYS, "%s", err);
	}
	sodium_memzero(&key, sizeof(key));
	n = ndl_license_format(&lic, file, sizeof(file));
	if (n < 0)
		return tool_fail(EX_BAD, "the license would be larger than %d bytes", NDL_LICENSE_MAX);
	if (write_out(out, file, (size_t)n) != 0)
		return tool_fail(EX_SYS, "cannot write %s: %m%s", out,
				 strcmp(out, "-") ? " (an existing file is never overwritten)" : "");
	ndl_lic_date_format(lic.expires, exp);
	if (strcmp(out, "-"))
		fprintf(stderr, "wrote %s: %s license %s for %s, expires %s\n", out,
			lic.product, lic.serial, lic.licensee, exp);
	return EX_OK;
usage:
	sodium_memzero(&key, sizeof(key));
	return EX_USAGE;
}
