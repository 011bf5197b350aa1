/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reading wpa_supplicant's answers: SCAN_RESULTS lines (BSSID, frequency,
 * signal, flags, SSID with wpa_supplicant's escapes) into networks with the
 * security ndisload's profiles name, and GET_CAPABILITY lists into what a
 * profile may ask of this driver. Pure functions (unit-tested).
 */
#ifndef NDL_WIFI_SCAN_H
#define NDL_WIFI_SCAN_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

#include "wifi/wifi_profile.h"

/* Undo wpa_supplicant's printf_encode (\\, \", \e, \n, \r, \t, \xNN). */
size_t wifi_unescape(const char *in, unsigned char *out, size_t size);
/* The security a flags field ("[WPA2-PSK-CCMP][ESS]") calls for. */
enum wifi_security wifi_security_of_flags(const char *flags);
/* 2412 -> 1, 5180 -> 36; 0 if not a Wi-Fi frequency. */
int wifi_channel_of(int freq);
/*
 * SCAN_RESULTS text to [{"bssid", "ssid", "frequency", "channel",
 * "signal_dbm", "security", "hidden"}], strongest first, one per BSSID.
 */
json_object *wifi_parse_scan(const char *text);

/* What a driver can do, from wpa_supplicant's GET_CAPABILITY replies. */
struct wifi_caps {
	bool security[WIFI_SEC_COUNT];
	const char *why_not[WIFI_SEC_COUNT];	/* reason, when not */
};
void wifi_parse_caps(const char *key_mgmt, const char *group,
		     struct wifi_caps *caps);
/* {"open": {"supported": true}, "wpa3-sae": {"supported": false, "reason": ...}} */
json_object *wifi_caps_json(const struct wifi_caps *caps);

#endif
