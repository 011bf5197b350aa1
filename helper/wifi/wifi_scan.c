// SPDX-License-Identifier: GPL-2.0-only
/* wpa_supplicant's scan results and capabilities, parsed (see wifi_scan.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lib/jsonx.h"
#include "wifi/wifi_scan.h"

size_t wifi_unescape(const char *in, unsigned char *out, size_t size)
{
	size_t n = 0;

	while (*in && n < size) {
		if (*in != '\\') {
			out[n++] = (unsigned char)*in++;
			continue;
		}
		in++;
		switch (*in) {
		case 'n': out[n++] = '\n'; in++; break;
		case 'r': out[n++] = '\r'; in++; break;
		case 't': out[n++] = '\t'; in++; break;
		case 'e': out[n++] = 0x1b; in++; break;
		case 'x':
			if (isxdigit((unsigned char)in[1]) && isxdigit((unsigned char)in[2])) {
				char hex[3] = { in[1], in[2], 0 };

				out[n++] = (unsigned char)strtoul(hex, NULL, 16);
				in += 3;
			} else {
				out[n++] = 'x';
				in++;
			}
			break;
		case '\0':
			break;
		default:		/* \\ and \" */
			out[n++] = (unsigned char)*in++;
			break;
		}
	}
	return n;
}

enum wifi_security wifi_security_of_flags(const char *flags)
{
	if (strstr(flags, "SAE") && !strstr(flags, "PSK"))
		return WIFI_SEC_WPA3_SAE;
	if (strstr(flags, "PSK"))
		return WIFI_SEC_WPA2_PSK;
	if (strstr(flags, "WEP"))
		return WIFI_SEC_WEP;
	return WIFI_SEC_OPEN;
}

int wifi_channel_of(int freq)
{
	if (freq == 2484)
		return 14;
	if (freq >= 2412 && freq <= 2472)
		return (freq - 2407) / 5;
	if (freq >= 5160 && freq <= 5885)
		return (freq - 5000) / 5;
	return 0;
}

/* Keep the strongest entry of each BSSID; sort strongest first. */
static int by_signal(const void *a, const void *b)
{
	json_object *x = *(json_object *const *)a, *y = *(json_object *const *)b;

	return (int)(jx_int(y, "signal_dbm") - jx_int(x, "signal_dbm"));
}

json_object *wifi_parse_scan(const char *text)
{
	json_object *list[256], *a = json_object_new_array();
	size_t n = 0, i;
	char *copy = strdup(text ? text : ""), *line, *save = NULL;

	for (line = copy ? strtok_r(copy, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *f[5], *p = line;
		unsigned char ssid[WIFI_SSID_MAX];
		char shown[4 * WIFI_SSID_MAX + 1];
		size_t k, slen;
		json_object *o;

		/* bssid \t frequency \t signal \t flags \t ssid */
		for (k = 0; k < 5 && p; k++) {
			f[k] = p;
			p = k < 4 ? strchr(p, '\t') : NULL;
			if (p)
				*p++ = '\0';
		}
		if (k < 5 || strlen(f[0]) != 17 || f[0][2] != ':' || !atoi(f[1]))
			continue;		/* the header line, or junk */
		slen = wifi_unescape(f[4], ssid, sizeof(ssid));
		for (i = 0; i < n; i++)
			if (!strcmp(jx_str(list[i], "bssid"), f[0]))
				break;
		if (i < n || n == sizeof(list) / sizeof(list[0]))
			continue;
		o = json_object_new_object();
		jx_add_str(o, "bssid", f[0]);
		wifi_ssid_text(ssid, slen, shown, sizeof(shown));
		jx_add_str(o, "ssid", shown);
		json_object_object_add(o, "hidden", json_object_new_boolean(!slen || !ssid[0]));
		json_object_object_add(o, "frequency", json_object_new_int(atoi(f[1])));
		json_object_object_add(o, "channel", json_object_new_int(wifi_channel_of(atoi(f[1]))));
		json_object_object_add(o, "signal_dbm", json_object_new_int(atoi(f[2])));
		jx_add_str(o, "security", wifi_security_name(wifi_security_of_flags(f[3])));
		list[n++] = o;
	}
	free(copy);
	qsort(list, n, sizeof(list[0]), by_signal);
	for (i = 0; i < n; i++)
		json_object_array_add(a, list[i]);
	return a;
}

static bool has_word(const char *list, const char *word)
{
	size_t w = strlen(word);
	const char *p = list;

	while (p && (p = strstr(p, word))) {
		if ((p == list || p[-1] == ' ') && (p[w] == ' ' || !p[w] || p[w] == '\n'))
			return true;
		p += w;
	}
	return false;
}

void wifi_parse_caps(const char *key_mgmt, const char *group,
		     struct wifi_caps *c)
{
	memset(c, 0, sizeof(*c));
	c->security[WIFI_SEC_OPEN] = true;
	c->security[WIFI_SEC_WEP] = has_word(group, "WEP104") || has_word(group, "WEP40");
	c->security[WIFI_SEC_WPA2_PSK] = has_word(key_mgmt, "WPA-PSK") &&
					 has_word(group, "CCMP");
	c->security[WIFI_SEC_WPA3_SAE] = has_word(key_mgmt, "SAE");
	if (!c->security[WIFI_SEC_WEP])
		c->why_not[WIFI_SEC_WEP] = "the driver offers no WEP cipher";
	if (!c->security[WIFI_SEC_WPA2_PSK])
		c->why_not[WIFI_SEC_WPA2_PSK] = "the driver offers no WPA2-PSK with CCMP";
	if (!c->security[WIFI_SEC_WPA3_SAE])
		c->why_not[WIFI_SEC_WPA3_SAE] =
			"the driver cannot do WPA3-SAE (NDIS 5.1 wireless miniports predate it)";
}

json_object *wifi_caps_json(const struct wifi_caps *c)
{
	json_object *o = json_object_new_object();
	int i;

	for (i = 0; i < WIFI_SEC_COUNT; i++) {
		json_object *s = json_object_new_object();

		json_object_object_add(s, "supported", json_object_new_boolean(c->security[i]));
		if (c->why_not[i])
			jx_add_str(s, "reason", c->why_not[i]);
		json_object_object_add(o, wifi_security_name((enum wifi_security)i), s);
	}
	return o;
}
