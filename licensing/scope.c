// SPDX-License-Identifier: GPL-2.0-only
/*
 * Does a (verified) license apply here and now? Product, host, validity
 * window, devices and MACs, each failure with its own message.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* "A", "A, B" — for messages. */
static void join(const struct ndl_lic_list *l, char *out, size_t outlen)
{
	size_t pos = 0;

	out[0] = '\0';
	for (size_t i = 0; i < l->n && pos < outlen; i++) {
		int n = snprintf(out + pos, outlen - pos, "%s%s", i ? ", " : "",
				 l->item[i]);

		if (n < 0)
			break;
		pos += (size_t)n;
	}
}

/* License entry PCI\VEN_10EC&DEV_8139 covers PCI\VEN_10EC&DEV_8139&SUBSYS_... */
static bool device_covers(const char *lic, const char *dev)
{
	size_t n = strlen(lic);

	return !strncmp(lic, dev, n) && (dev[n] == '\0' || dev[n] == '&');
}

static bool any_device(const struct ndl_license *lic, const struct ndl_lic_host *host)
{
	for (size_t i = 0; i < lic->devices.n; i++)
		for (size_t j = 0; j < host->n_devices; j++)
			if (device_covers(lic->devices.item[i], host->devices[j]))
				return true;
	return false;
}

static bool any_mac(const struct ndl_license *lic, const struct ndl_lic_host *host)
{
	for (size_t i = 0; i < lic->macs.n; i++)
		for (size_t j = 0; j < host->n_macs; j++)
			if (!strcmp(lic->macs.item[i], host->macs[j]))
				return true;
	return false;
}

static bool has_host(const struct ndl_license *lic, const char *id)
{
	for (size_t i = 0; i < lic->hosts.n; i++)
		if (!strcmp(lic->hosts.item[i], id))
			return true;
	return false;
}

enum ndl_lic_err ndl_license_check_scope(const struct ndl_license *lic,
					 const struct ndl_lic_host *host,
					 const char *product,
					 char *err, size_t errlen)
{
	char list[NDL_LIC_LIST_MAX * NDL_LIC_ITEM_MAX], date[11];
	int32_t today = ndl_lic_day_of(host->now);
	bool many;

	if (product && *product && strcmp(product, lic->product)) {
		ndll_errf(err, errlen, "the license is for the product \"%s\", not for \"%s\"",
			 lic->product, product);
		return NDL_LIC_WRONG_PRODUCT;
	}
	if (lic->hosts.n && !has_host(lic, host->host_id)) {
		join(&lic->hosts, list, sizeof(list));
		many = lic->hosts.n > 1;
		if (!*host->host_id)
			ndll_errf(err, errlen, "the license is for host%s %s, and this host's ID is unknown: %s",
				 many ? "s" : "", list, host->host_id_err);
		else
			ndll_errf(err, errlen, "the license is for host%s %s, not for this host (%s)",
				 many ? "s" : "", list, host->host_id);
		return NDL_LIC_WRONG_HOST;
	}
	if (today < lic->not_before) {
		ndl_lic_date_format(lic->not_before, date);
		ndll_errf(err, errlen, "the license is not valid before %s", date);
		return NDL_LIC_NOT_YET_VALID;
	}
	if (lic->expires != NDL_LIC_NEVER && today > lic->expires) {
		ndl_lic_date_format(lic->expires, date);
		ndll_errf(err, errlen, "the license expired: it was valid until %s", date);
		return NDL_LIC_EXPIRED;
	}
	if (lic->devices.n && !any_device(lic, host)) {
		join(&lic->devices, list, sizeof(list));
		many = lic->devices.n > 1;
		ndll_errf(err, errlen, "the license is for the device%s %s, %s present",
			 many ? "s" : "", list, many ? "none of which is" : "which is not");
		return NDL_LIC_WRONG_DEVICE;
	}
	if (lic->macs.n && !any_mac(lic, host)) {
		join(&lic->macs, list, sizeof(list));
		many = lic->macs.n > 1;
		ndll_errf(err, errlen, "the license is for the network adapter%s with MAC address%s %s, %s present",
			 many ? "s" : "", many ? "es" : "", list,
			 many ? "none of which is" : "which is not");
		return NDL_LIC_WRONG_MAC;
	}
	return NDL_LIC_OK;
}
