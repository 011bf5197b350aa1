// SPDX-License-Identifier: GPL-2.0-only
/* Wireless profiles: checks, the file under /etc/ndisload/wireless, JSON. */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/conf.h"
#include "lib/fsutil.h"
#include "lib/jsonx.h"
#include "lib/paths.h"
#include "lib/strutil.h"
#include "wifi/wifi_profile.h"

#define WIFI_DIR	NDL_CONF_DIR "/wireless"
#define SECTION		"profile"

static const char *const security_names[WIFI_SEC_COUNT] = {
	"open", "wep", "wpa2-psk", "wpa3-sae",
};

const char *wifi_security_name(enum wifi_security s)
{
	return s < WIFI_SEC_COUNT ? security_names[s] : "?";
}

bool wifi_security_parse(const char *name, enum wifi_security *s)
{
	int i;

	for (i = 0; name && i < WIFI_SEC_COUNT; i++)
		if (!strcmp(name, security_names[i])) {
			*s = (enum wifi_security)i;
			return true;
		}
	return false;
}

bool wifi_ifname_ok(const char *name)
{
	size_t i, n = name ? strlen(name) : 0;

	if (!n || n > WIFI_IFNAME_MAX || !strcmp(name, ".") || !strcmp(name, ".."))
		return false;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)name[i]) && !strchr("_.-", name[i]))
			return false;
	return true;
}

static bool all_hex(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

static bool all_printable(const char *s)
{
	for (; *s; s++)
		if (*s < 0x20 || *s > 0x7e)
			return false;
	return true;
}

int wifi_profile_check(const struct wifi_profile *p, struct ndl_err *err)
{
	size_t k = strlen(p->key);

	if (!p->ssid_len || p->ssid_len > WIFI_SSID_MAX)
		return ndl_fail(err, NDL_E_INVALID,
				"the network name (SSID) must be 1 to 32 bytes long");
	if (p->security >= WIFI_SEC_COUNT)
		return ndl_fail(err, NDL_E_INVALID, "unknown security");
	if (p->country[0] && (!isupper((unsigned char)p->country[0]) ||
			      !isupper((unsigned char)p->country[1]) || p->country[2]))
		return ndl_fail(err, NDL_E_INVALID,
				"the country must be two capital letters (ISO 3166), e.g. DE");
	switch (p->security) {
	case WIFI_SEC_OPEN:
		if (k)
			return ndl_fail(err, NDL_E_INVALID, "an open network takes no key");
		break;
	case WIFI_SEC_WEP:
		if (!((k == 5 || k == 13) && all_printable(p->key)) &&
		    !((k == 10 || k == 26) && all_hex(p->key, k)))
			return ndl_fail(err, NDL_E_INVALID,
					"a WEP key is 5 or 13 characters, or 10 or 26 hex digits");
		break;
	case WIFI_SEC_WPA2_PSK:
		if (!(k >= 8 && k <= 63 && all_printable(p->key)) &&
		    !(k == 64 && all_hex(p->key, k)))
			return ndl_fail(err, NDL_E_INVALID,
					"a WPA2 passphrase is 8 to 63 printable characters "
					"(or 64 hex digits)");
		break;
	case WIFI_SEC_WPA3_SAE:
		if (!k || !all_printable(p->key))
			return ndl_fail(err, NDL_E_INVALID,
					"a WPA3 password is 1 to 64 printable characters");
		break;
	default:
		break;
	}
	return 0;
}

static bool profile_path(const char *ifname, char *out, size_t size)
{
	return wifi_ifname_ok(ifname) &&
	       ndl_path(out, size, WIFI_DIR "/%s.conf", ifname);
}

/* The SSID in the file: hex, so any bytes survive the text format. */
static void ssid_hex(const struct wifi_profile *p, char *out)
{
	size_t i;

	for (i = 0; i < p->ssid_len; i++)
		sprintf(out + 2 * i, "%02x", p->ssid[i]);
	out[2 * p->ssid_len] = '\0';
}

static bool parse_bool(const char *v, bool *out)
{
	if (v && (!strcmp(v, "yes") || !strcmp(v, "no"))) {
		*out = v[0] == 'y';
		return true;
	}
	return false;
}

int wifi_profile_load(const char *ifname, struct wifi_profile *p,
		      struct ndl_err *err)
{
	char path[NDL_PATH_MAX];
	const char *ssid, *sec, *key, *v;
	struct conf c;
	size_t i, n;
	int ret = -1;

	memset(p, 0, sizeof(*p));
	if (!profile_path(ifname, path, sizeof(path)))
		return ndl_fail(err, NDL_E_BAD_REQUEST, "\"%.32s\" is not an interface name",
				ifname ? ifname : "");
	if (access(path, F_OK))
		return ndl_fail(err, NDL_E_NOT_FOUND, "no wireless profile for %s", ifname);
	conf_init(&c);
	if (conf_load(&c, path, err))
		goto out;
	ssid = conf_get(&c, SECTION, "ssid");
	sec = conf_get(&c, SECTION, "security");
	key = conf_get(&c, SECTION, "key");
	n = ssid ? strlen(ssid) : 0;
	if (!n || n % 2 || n > 2 * WIFI_SSID_MAX || !all_hex(ssid, n) ||
	    !wifi_security_parse(sec, &p->security) ||
	    (key && !str_copy(p->key, sizeof(p->key), key))) {
		ndl_fail(err, NDL_E_INVALID, "%s: bad ssid, security or key", path);
		ndl_hint(err, "set the profile again ('ndisload wifi connect')");
		goto out;
	}
	for (i = 0; i < n / 2; i++) {
		unsigned int b;

		sscanf(ssid + 2 * i, "%2x", &b);
		p->ssid[i] = (unsigned char)b;
	}
	p->ssid_len = n / 2;
	v = conf_get(&c, SECTION, "country");
	if (v && !str_copy(p->country, sizeof(p->country), v))
		p->country[0] = '\0';
	p->autoconnect = true;
	parse_bool(conf_get(&c, SECTION, "hidden"), &p->hidden);
	parse_bool(conf_get(&c, SECTION, "power_save"), &p->power_save);
	parse_bool(conf_get(&c, SECTION, "autoconnect"), &p->autoconnect);
	ret = wifi_profile_check(p, err);
	if (ret)
		ndl_hint(err, "%s was changed by hand; set the profile again", path);
out:
	conf_free(&c);
	return ret;
}

int wifi_profile_save(const char *ifname, const struct wifi_profile *p,
		      struct ndl_err *err)
{
	char path[NDL_PATH_MAX], dir[NDL_PATH_MAX], hex[2 * WIFI_SSID_MAX + 1];
	char text[4 * WIFI_SSID_MAX + 1], header[256];
	struct conf c;
	int ret;

	if (!profile_path(ifname, path, sizeof(path)) ||
	    !ndl_path(dir, sizeof(dir), WIFI_DIR))
		return ndl_fail(err, NDL_E_BAD_REQUEST, "\"%.32s\" is not an interface name",
				ifname ? ifname : "");
	if (wifi_profile_check(p, err))
		return -1;
	/* The key makes the whole directory private. */
	if (fs_mkdirs(dir, 0700, err))
		return -1;
	ssid_hex(p, hex);
	wifi_ssid_text(p->ssid, p->ssid_len, text, sizeof(text));
	snprintf(header, sizeof(header),
		 "Wireless profile of %s ('ndisload wifi connect %s ...').\n"
		 "Network: %s. The SSID is in hex; the key is secret (mode 0600).",
		 ifname, ifname, text);
	conf_init(&c);
	conf_set(&c, SECTION, "ssid", hex);
	conf_set(&c, SECTION, "security", wifi_security_name(p->security));
	conf_set(&c, SECTION, "key", p->key[0] ? p->key : NULL);
	conf_set(&c, SECTION, "hidden", p->hidden ? "yes" : "no");
	conf_set(&c, SECTION, "country", p->country[0] ? p->country : NULL);
	conf_set(&c, SECTION, "power_save", p->power_save ? "yes" : "no");
	conf_set(&c, SECTION, "autoconnect", p->autoconnect ? "yes" : "no");
	ret = conf_save(&c, path, header, 0600, err);
	conf_free(&c);
	return ret;
}

bool wifi_profile_remove(const char *ifname)
{
	char path[NDL_PATH_MAX], dir[NDL_PATH_MAX];

	if (!profile_path(ifname, path, sizeof(path)) || unlink(path))
		return false;
	if (ndl_path(dir, sizeof(dir), WIFI_DIR))
		fs_fsync_dir(dir);
	return true;
}

json_object *wifi_profile_list(void)
{
	json_object *a = json_object_new_array();
	char dir[NDL_PATH_MAX], name[WIFI_IFNAME_MAX + 1];
	struct dirent *e;
	DIR *d;

	if (!ndl_path(dir, sizeof(dir), WIFI_DIR) || !(d = opendir(dir)))
		return a;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);

		if (n <= 5 || n - 5 > WIFI_IFNAME_MAX || strcmp(e->d_name + n - 5, ".conf"))
			continue;
		memcpy(name, e->d_name, n - 5);
		name[n - 5] = '\0';
		if (wifi_ifname_ok(name))
			json_object_array_add(a, json_object_new_string(name));
	}
	closedir(d);
	return a;
}

/* Valid UTF-8 without control characters (then shown as it is). */
static bool ssid_is_text(const unsigned char *s, size_t len)
{
	size_t i = 0, k, n;

	while (i < len) {
		unsigned char c = s[i];

		if (c < 0x20 || c == 0x7f)
			return false;
		n = c < 0x80 ? 0 : (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 :
		    (c & 0xf8) == 0xf0 ? 3 : 9;
		if (n == 9 || (n && c < 0xc2) || i + n >= len)
			return false;
		for (k = 1; k <= n; k++)
			if ((s[i + k] & 0xc0) != 0x80)
				return false;
		i += n + 1;
	}
	return true;
}

void wifi_ssid_text(const unsigned char *ssid, size_t len, char *out,
		    size_t size)
{
	size_t i, o = 0;

	if (ssid_is_text(ssid, len) && len < size) {
		memcpy(out, ssid, len);
		out[len] = '\0';
		return;
	}
	for (i = 0; i < len && o + 5 <= size; i++) {
		if (ssid[i] >= 0x20 && ssid[i] < 0x7f && ssid[i] != '\\')
			out[o++] = (char)ssid[i];
		else
			o += (size_t)snprintf(out + o, size - o, "\\x%02x", ssid[i]);
	}
	if (size)
		out[o < size ? o : size - 1] = '\0';
}

json_object *wifi_profile_json(const struct wifi_profile *p)
{
	json_object *o = json_object_new_object();
	char text[4 * WIFI_SSID_MAX + 1];

	wifi_ssid_text(p->ssid, p->ssid_len, text, sizeof(text));
	jx_add_str(o, "ssid", text);
	jx_add_str(o, "security", wifi_security_name(p->security));
	json_object_object_add(o, "key_set", json_object_new_boolean(p->key[0] != '\0'));
	json_object_object_add(o, "hidden", json_object_new_boolean(p->hidden));
	jx_add_str_or_null(o, "country", p->country[0] ? p->country : NULL);
	json_object_object_add(o, "power_save", json_object_new_boolean(p->power_save));
	json_object_object_add(o, "autoconnect", json_object_new_boolean(p->autoconnect));
	return o;
}
