// SPDX-License-Identifier: GPL-2.0-only
/*
 * Canonical forms of the entries a license scope lists: hardware IDs
 * (PCI\VEN_10EC&DEV_8139..., USB\VID_...&PID_..., or the 10ec:8139
 * shorthand), MAC addresses and feature names; and the comma-list parser.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

struct id_part {
	const char *name;
	size_t digits;
	bool required;
};

static const struct id_part pci_parts[] = {
	{ "VEN_", 4, true }, { "DEV_", 4, true },
	{ "SUBSYS_", 8, false }, { "REV_", 2, false }, { NULL, 0, false },
};

static const struct id_part usb_parts[] = {
	{ "VID_", 4, true }, { "PID_", 4, true },
	{ "REV_", 4, false }, { NULL, 0, false },
};

static bool all_hex(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

/* s (upper-case) after "PCI\" or "USB\": parts in order, '&'-separated. */
static bool parts_ok(const char *s, const struct id_part *parts)
{
	for (const struct id_part *p = parts; p->name; p++) {
		size_t nl = strlen(p->name);

		if (!*s)
			return !p->required;
		if (strncmp(s, p->name, nl) != 0) {
			if (p->required)
				return false;
			continue;
		}
		s += nl;
		if (!all_hex(s, p->digits))
			return false;
		s += p->digits;
		if (*s == '&' && s[1])
			s++;
		else if (*s)
			return false;
	}
	return !*s;
}

int ndl_lic_device_id_normalize(const char *in, char *out, size_t outlen,
			    char *err, size_t errlen)
{
	char up[NDL_LIC_ITEM_MAX];
	size_t n = strlen(in);
	bool ok;

	if (n >= sizeof(up) || n >= outlen)
		goto bad;
	for (size_t i = 0; i <= n; i++)
		up[i] = (char)toupper((unsigned char)in[i]);
	if (n == 9 && up[4] == ':' && all_hex(up, 4) && all_hex(up + 5, 4)) {
		snprintf(out, outlen, "PCI\\VEN_%.4s&DEV_%.4s", up, up + 5);
		return 0;
	}
	if (!strncmp(up, "PCI\\", 4))
		ok = parts_ok(up + 4, pci_parts);
	else if (!strncmp(up, "USB\\", 4))
		ok = parts_ok(up + 4, usb_parts);
	else
		ok = false;
	if (!ok)
		goto bad;
	memcpy(out, up, n + 1);
	return 0;
bad:
	ndll_errf(err, errlen, "\"%s\" is not a device ID: use PCI\\VEN_xxxx&DEV_xxxx[&SUBSYS_xxxxxxxx][&REV_xx], USB\\VID_xxxx&PID_xxxx, or vendor:device in hex (10ec:8139)",
		 in);
	return -1;
}

int ndl_lic_mac_normalize(const char *in, char *out, size_t outlen,
		      char *err, size_t errlen)
{
	char hex[13];
	size_t h = 0;

	for (const char *p = in; *p; p++) {
		if (isxdigit((unsigned char)*p) && h < 12)
			hex[h++] = (char)tolower((unsigned char)*p);
		else if ((*p != ':' && *p != '-') || (p - in) % 3 != 2)
			goto bad;
	}
	if (h != 12 || outlen < 18 || (strlen(in) != 12 && strlen(in) != 17))
		goto bad;
	hex[12] = '\0';
	snprintf(out, outlen, "%.2s:%.2s:%.2s:%.2s:%.2s:%.2s",
		 hex, hex + 2, hex + 4, hex + 6, hex + 8, hex + 10);
	return 0;
bad:
	ndll_errf(err, errlen, "\"%s\" is not a MAC address (aa:bb:cc:dd:ee:ff)", in);
	return -1;
}

static int feature_normalize(const char *in, char *out, size_t outlen,
			     char *err, size_t errlen)
{
	size_t n = strlen(in);

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)in[i];

		if (!isalnum(c) && c != '-' && c != '_' && c != '.')
			n = 0;
	}
	if (!n || n >= outlen || n > 63) {
		ndll_errf(err, errlen, "\"%s\" is not a feature name (letters, digits, '-', '_', '.', at most 63)",
			 in);
		return -1;
	}
	memcpy(out, in, n + 1);
	return 0;
}

int ndl_lic_list_parse(const char *text, struct ndl_lic_list *list,
		   int (*norm)(const char *, char *, size_t, char *, size_t),
		   const char *what, char *err, size_t errlen)
{
	const char *p = text;

	list->n = 0;
	if (!norm)
		norm = feature_normalize;
	while (*p) {
		const char *e = strchr(p, ',');
		const char *b = p, *ee;
		char item[NDL_LIC_ITEM_MAX];

		if (!e)
			e = p + strlen(p);
		ee = e;
		while (b < ee && isspace((unsigned char)*b))
			b++;
		while (ee > b && isspace((unsigned char)ee[-1]))
			ee--;
		if (b == ee) {
			ndll_errf(err, errlen, "the %s list has an empty entry", what);
			return -1;
		}
		if ((size_t)(ee - b) >= sizeof(item)) {
			ndll_errf(err, errlen, "a %s entry is longer than %d characters: \"%.*s...\"",
				 what, NDL_LIC_ITEM_MAX - 1, 20, b);
			return -1;
		}
		if (list->n == NDL_LIC_LIST_MAX) {
			ndll_errf(err, errlen, "the %s list has more than %d entries", what, NDL_LIC_LIST_MAX);
			return -1;
		}
		memcpy(item, b, (size_t)(ee - b));
		item[ee - b] = '\0';
		if (norm(item, list->item[list->n], NDL_LIC_ITEM_MAX, err, errlen) != 0)
			return -1;
		for (size_t i = 0; i < list->n; i++) {
			if (!strcmp(list->item[i], list->item[list->n])) {
				ndll_errf(err, errlen, "the %s list names %s twice", what,
					 list->item[i]);
				return -1;
			}
		}
		list->n++;
		p = *e ? e + 1 : e;
		if (*e && !*p) {
			ndll_errf(err, errlen, "the %s list ends with a comma", what);
			return -1;
		}
	}
	return 0;
}
