// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload-license verify: check a license's signature against a vendor
 * public key, and optionally that it applies to a given host, devices,
 * MACs and date.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tool.h"

/* Parse a --devices/--macs list into the host's table (rows of stride bytes). */
static int host_list(const char *text,
		     int (*norm)(const char *, char *, size_t, char *, size_t),
		     const char *what, char *rows, size_t stride, size_t *n,
		     char err[NDL_LIC_ERRLEN])
{
	struct ndl_lic_list l;

	if (ndl_lic_list_parse(text, &l, norm, what, err, NDL_LIC_ERRLEN))
		return -1;
	for (size_t i = 0; i < l.n; i++)
		snprintf(rows + stride * (*n)++, stride, "%s", l.item[i]);
	return 0;
}

int cmd_verify(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "pubkey", required_argument, NULL, 'p' },
		{ "host", required_argument, NULL, 'h' },
		{ "devices", required_argument, NULL, 'd' },
		{ "macs", required_argument, NULL, 'm' },
		{ "date", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 },
	};
	const char *pubpath = NULL, *host = NULL, *devices = NULL, *macs = NULL, *when = NULL;
	char err[NDL_LIC_ERRLEN], *text;
	struct ndl_license lic;
	struct ndl_lic_pubkey pub;
	struct ndl_lic_host *h;
	enum ndl_lic_err e;
	int32_t day;
	size_t len;
	int c;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'p': pubpath = optarg; break;
		case 'h': host = optarg; break;
		case 'd': devices = optarg; break;
		case 'm': macs = optarg; break;
		case 't': when = optarg; break;
		default: return tool_usage("verify", "unknown option");
		}
	}
	if (!pubpath || optind != argc - 1)
		return tool_usage("verify", "give --pubkey PREFIX.pub and one license FILE (or -)");
	if (when && ndl_lic_date_parse(when, &day) != 0)
		return tool_usage("verify", "--date must be YYYY-MM-DD");
	if (ndl_lic_pubkey_load(pubpath, &pub, err, sizeof(err)) != 0)
		return tool_fail(EX_BAD, "%s", err);
	if (tool_read_license(argv[optind], &text, &len) != 0)
		return EX_SYS;
	e = ndl_license_parse(text, len, &lic, err, sizeof(err));
	free(text);
	if (e == NDL_LIC_OK)
		e = ndl_license_verify(&lic, &pub, err, sizeof(err));
	if (e != NDL_LIC_OK)
		return tool_fail(EX_BAD, "%s: %s", argv[optind], err);

	/* Scope: check only what was asked; an unasked dimension always matches. */
	h = calloc(1, sizeof(*h));
	if (!h)
		return tool_fail(EX_SYS, "out of memory");
	h->now = when ? ndl_lic_day_start(day) + 12 * 3600 : time(NULL);
	if (host && ndl_lic_hostid_normalize(host, h->host_id, sizeof(h->host_id), err, sizeof(err))) {
		free(h);
		return tool_usage("verify", "%s", err);
	}
	if (!host)
		lic.hosts.n = 0;
	if (!devices)
		lic.devices.n = 0;
	if (!macs)
		lic.macs.n = 0;
	if ((devices && host_list(devices, ndl_lic_device_id_normalize, "--devices",
				  h->devices[0], sizeof(h->devices[0]), &h->n_devices, err)) ||
	    (macs && host_list(macs, ndl_lic_mac_normalize, "--macs",
			       h->macs[0], sizeof(h->macs[0]), &h->n_macs, err))) {
		free(h);
		return tool_usage("verify", "%s", err);
	}
	e = ndl_license_check_scope(&lic, h, NULL, err, sizeof(err));
	free(h);
	if (e != NDL_LIC_OK)
		return tool_fail(EX_BAD, "%s: signature valid, but %s", argv[optind], err);
	printf("%s: valid license for %s, signed with key %s\n", argv[optind],
	       lic.licensee, pub.key_id);
	return EX_OK;
}
