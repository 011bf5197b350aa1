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

#include "inf/hwid.h"
#include "internal.h"

static bool all_hex(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

/*
 * The forms a license names: vendor and device, on PCI then optionally the
 * subsystem and the revision, on USB the revision; nothing wider (class
 * codes, interfaces) that the parser also knows.
 */
static bool license_form(const struct hwid *id)
{
	const unsigned int need = HWID_VEN | HWID_DEV;
	unsigned int allowed = need | HWID_REV;

	if (id->bus == HWID_PCI)
		allowed |= HWID_SUBSYS;
	return id->bus != HWID_OTHER && (id->has & need) == need &&
	       !(id->has & ~allowed);
}

/* Parsed and spelled by the helper's hardware-ID parser (helper/inf/hwid.c). */
int ndl_lic_device_id_normalize(const char *in, char *out, size_t outlen,
			    char *err, size_t errlen)
{
	char pci[sizeof("PCI\\VEN_0000&DEV_0000")];
	const char *id_text = in;
	struct hwid id;
	size_t n = strlen(in);

	/* The parser forgives blanks around an ID; a license entry has none. */
	if (!n || n >= NDL_LIC_ITEM_MAX || isspace((unsigned char)in[0]) ||
	    isspace((unsigned char)in[n - 1]))
		goto bad;
	if (n == 9 && in[4] == ':' && all_hex(in, 4) && all_hex(in + 5, 4)) {
		snprintf(pci, sizeof(pci), "PCI\\VEN_%.4s&DEV_%.4s", in, in + 5);
		id_text = pci;
	}
	if (!hwid_parse(id_text, &id) || !license_form(&id) ||
	    strlen(id.text) >= outlen)
		goto bad;
	memcpy(out, id.text, strlen(id.text) + 1);
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
