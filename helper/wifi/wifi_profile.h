/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Wireless profiles: per interface, the network to join and how — SSID,
 * security (open, WEP, WPA2-PSK, WPA3-SAE), key, hidden network, country,
 * power saving, autoconnect — kept in /etc/ndisload/wireless/IFACE.conf
 * (mode 0600: the key is in it; the directory is 0700). Every field is
 * checked here; the key never leaves the helper in any JSON it returns.
 */
#ifndef NDL_WIFI_PROFILE_H
#define NDL_WIFI_PROFILE_H

#include <json-c/json.h>
#include <stdbool.h>

#include "lib/err.h"

#define WIFI_SSID_MAX	32
#define WIFI_KEY_MAX	64
#define WIFI_IFNAME_MAX	15

enum wifi_security {
	WIFI_SEC_OPEN,
	WIFI_SEC_WEP,
	WIFI_SEC_WPA2_PSK,
	WIFI_SEC_WPA3_SAE,
	WIFI_SEC_COUNT
};

struct wifi_profile {
	unsigned char ssid[WIFI_SSID_MAX];
	size_t ssid_len;
	enum wifi_security security;
	char key[WIFI_KEY_MAX + 1];	/* passphrase, WEP key; "" for open */
	bool hidden;
	char country[3];		/* ISO 3166 alpha-2, or "" */
	bool power_save;
	bool autoconnect;
};

/* "open", "wep", "wpa2-psk", "wpa3-sae" and back (false if unknown). */
const char *wifi_security_name(enum wifi_security s);
bool wifi_security_parse(const char *name, enum wifi_security *s);

/* An interface name as the kernel allows it (and safe as a file name). */
bool wifi_ifname_ok(const char *name);
/*
 * The checks, each with a message that says what is wrong: SSID 1-32
 * bytes; WPA2 passphrase 8-63 printable ASCII or 64 hex digits; WPA3
 * password 1-64 printable; WEP key 5 or 13 characters or 10 or 26 hex
 * digits; open takes no key; country two capital letters.
 */
int wifi_profile_check(const struct wifi_profile *p, struct ndl_err *err);

/* Load IFACE's profile: 0, or -1 with NDL_E_NOT_FOUND when there is none. */
int wifi_profile_load(const char *ifname, struct wifi_profile *p,
		      struct ndl_err *err);
int wifi_profile_save(const char *ifname, const struct wifi_profile *p,
		      struct ndl_err *err);
/* Remove it; true if there was one. */
bool wifi_profile_remove(const char *ifname);
/* The names of the interfaces with a profile (array of strings). */
json_object *wifi_profile_list(void);

/* The profile as JSON: everything but the key ("key_set" says if there is one). */
json_object *wifi_profile_json(const struct wifi_profile *p);
/* The SSID as text for humans and JSON (bytes outside printable ASCII as \xNN). */
void wifi_ssid_text(const unsigned char *ssid, size_t len, char *out,
		    size_t size);

#endif
