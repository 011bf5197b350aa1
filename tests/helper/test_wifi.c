// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the helper's wireless code that needs no radio: profile
 * checks, the profile file (hex SSID, mode 0600 in a 0700 directory, the
 * key never in JSON), wpa_supplicant's scan results and capabilities.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "lib/jsonx.h"
#include "wifi/wifi_profile.h"
#include "wifi/wifi_scan.h"

static struct wifi_profile profile(const char *ssid, enum wifi_security s,
				   const char *key)
{
	struct wifi_profile p;

	memset(&p, 0, sizeof(p));
	p.ssid_len = strlen(ssid);
	memcpy(p.ssid, ssid, p.ssid_len);
	p.security = s;
	snprintf(p.key, sizeof(p.key), "%s", key);
	p.autoconnect = true;
	return p;
}

static void test_checks(void)
{
	static const struct {
		const char *ssid;
		enum wifi_security sec;
		const char *key, *country;
		bool ok;
	} cases[] = {
		{ "home", WIFI_SEC_OPEN, "", "", true },
		{ "home", WIFI_SEC_OPEN, "secret", "", false },
		{ "", WIFI_SEC_OPEN, "", "", false },
		{ "home", WIFI_SEC_WPA2_PSK, "1234567", "", false },
		{ "home", WIFI_SEC_WPA2_PSK, "12345678", "", true },
		{ "home", WIFI_SEC_WPA2_PSK, "0123456789abcdef0123456789abcdef"
		  "0123456789abcdef0123456789abcdef", "", true },
		{ "home", WIFI_SEC_WPA2_PSK, "0123456789abcdef0123456789abcdef"
		  "0123456789abcdef0123456789abcdeg", "", false },
		{ "home", WIFI_SEC_WPA2_PSK, "tab\tinside", "", false },
		{ "home", WIFI_SEC_WEP, "abcde", "", true },
		{ "home", WIFI_SEC_WEP, "abcdef", "", false },
		{ "home", WIFI_SEC_WEP, "0123456789", "", true },
		{ "home", WIFI_SEC_WEP, "012345678g", "", false },
		{ "home", WIFI_SEC_WEP, "ndl-wep-key13", "", true },
		{ "home", WIFI_SEC_WPA3_SAE, "", "", false },
		{ "home", WIFI_SEC_WPA3_SAE, "x", "DE", true },
		{ "home", WIFI_SEC_OPEN, "", "de", false },
		{ "home", WIFI_SEC_OPEN, "", "D1", false },
	};
	struct ndl_err err;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct wifi_profile p = profile(cases[i].ssid, cases[i].sec, cases[i].key);
		int rc;

		snprintf(p.country, sizeof(p.country), "%s", cases[i].country);
		rc = wifi_profile_check(&p, &err);
		if ((rc == 0) != cases[i].ok)
			fprintf(stderr, "  case %zu: rc %d (%s)\n", i, rc, rc ? err.msg : "");
		CHECK((rc == 0) == cases[i].ok);
		if (rc)
			CHECK(err.code == NDL_E_INVALID && err.msg[0]);
	}
	CHECK(wifi_ifname_ok("wlan0") && wifi_ifname_ok("wlp2s0.1"));
	CHECK(!wifi_ifname_ok("") && !wifi_ifname_ok("..") && !wifi_ifname_ok("a/b") &&
	      !wifi_ifname_ok("sixteen-chars-ab"));
}

static void test_file(void)
{
	char root[] = "/tmp/ndl-wifi-XXXXXX", path[512];
	struct wifi_profile p, q;
	struct ndl_err err;
	struct stat st;
	json_object *j, *names;
	FILE *f;

	CHECK(mkdtemp(root) != NULL);
	setenv("NDISLOAD_ROOT", root, 1);
	p = profile("caf\xc3\xa9 #1 = \"x\"", WIFI_SEC_WPA2_PSK, "pass \"word\" #1");
	p.hidden = true;
	strcpy(p.country, "DE");
	CHECK(wifi_profile_save("wlan0", &p, &err) == 0);
	snprintf(path, sizeof(path), "%s/etc/ndisload/wireless/wlan0.conf", root);
	CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0600);
	snprintf(path, sizeof(path), "%s/etc/ndisload/wireless", root);
	CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0700);

	CHECK(wifi_profile_load("wlan0", &q, &err) == 0);
	CHECK(q.ssid_len == p.ssid_len && !memcmp(q.ssid, p.ssid, p.ssid_len));
	CHECK(!strcmp(q.key, p.key) && q.security == WIFI_SEC_WPA2_PSK);
	CHECK(q.hidden && !q.power_save && q.autoconnect && !strcmp(q.country, "DE"));

	j = wifi_profile_json(&q);
	CHECK(strstr(jx_text(j, false), "word") == NULL);
	CHECK(jx_bool(j, "key_set") && !strcmp(jx_str(j, "ssid"), "caf\xc3\xa9 #1 = \"x\""));
	json_object_put(j);

	names = wifi_profile_list();
	CHECK(json_object_array_length(names) == 1);
	json_object_put(names);

	/* A file edited into nonsense is refused with what to do. */
	snprintf(path, sizeof(path), "%s/etc/ndisload/wireless/wlan1.conf", root);
	f = fopen(path, "w");
	CHECK(f != NULL);
	if (f) {
		fputs("[profile]\nssid = 6\nsecurity = wpa2-psk\nkey = x\n", f);
		fclose(f);
	}
	CHECK(wifi_profile_load("wlan1", &q, &err) == -1 && err.code == NDL_E_INVALID &&
	      err.hint[0]);
	CHECK(wifi_profile_load("wlan9", &q, &err) == -1 && err.code == NDL_E_NOT_FOUND);
	CHECK(wifi_profile_load("../x", &q, &err) == -1 && err.code == NDL_E_BAD_REQUEST);
	/* An invalid profile is never written. */
	p = profile("x", WIFI_SEC_WPA2_PSK, "short");
	CHECK(wifi_profile_save("wlan2", &p, &err) == -1);
	snprintf(path, sizeof(path), "%s/etc/ndisload/wireless/wlan2.conf", root);
	CHECK(access(path, F_OK) != 0);

	CHECK(wifi_profile_remove("wlan0") && !wifi_profile_remove("wlan0"));
	snprintf(path, sizeof(path), "rm -rf '%s'", root);
	CHECK(system(path) == 0);
}

static void test_scan_results(void)
{
	const char *text =
		"bssid / frequency / signal level / flags / ssid\n"
		"02:4e:44:57:00:03\t2462\t-50\t[WPA2-PSK-CCMP][ESS]\tndl-wpa2\n"
		"02:4e:44:57:00:01\t2412\t-42\t[ESS]\tndl-open\n"
		"02:4e:44:57:00:02\t2437\t-55\t[WEP][ESS]\tndl-wep\n"
		"02:4e:44:57:00:04\t5180\t-67\t[WPA2-PSK-CCMP][ESS]\tndl-wpa2-5g\n"
		"02:4e:44:57:00:05\t2412\t-80\t[RSN-SAE-CCMP][ESS]\tsae\\x20net\n"
		"02:4e:44:57:00:06\t2437\t-70\t[ESS]\t\\x00\\x00\n"
		"02:4e:44:57:00:01\t2412\t-90\t[ESS]\tndl-open\n"
		"garbage line\n";
	json_object *a = wifi_parse_scan(text), *n;

	CHECK(json_object_array_length(a) == 6);
	n = json_object_array_get_idx(a, 0);
	CHECK(!strcmp(jx_str(n, "ssid"), "ndl-open") && jx_int(n, "signal_dbm") == -42 &&
	      jx_int(n, "channel") == 1 && !strcmp(jx_str(n, "security"), "open"));
	n = json_object_array_get_idx(a, 1);
	CHECK(!strcmp(jx_str(n, "ssid"), "ndl-wpa2") && !strcmp(jx_str(n, "security"), "wpa2-psk") &&
	      jx_int(n, "channel") == 11);
	n = json_object_array_get_idx(a, 2);
	CHECK(!strcmp(jx_str(n, "security"), "wep"));
	n = json_object_array_get_idx(a, 3);
	CHECK(jx_int(n, "channel") == 36 && jx_int(n, "frequency") == 5180);
	n = json_object_array_get_idx(a, 4);
	CHECK(jx_bool(n, "hidden"));
	n = json_object_array_get_idx(a, 5);
	CHECK(!strcmp(jx_str(n, "ssid"), "sae net") && !strcmp(jx_str(n, "security"), "wpa3-sae"));
	json_object_put(a);
	a = wifi_parse_scan("");
	CHECK(json_object_array_length(a) == 0);
	json_object_put(a);
}

static void test_unescape_and_channels(void)
{
	unsigned char out[32];

	CHECK(wifi_unescape("a\\\\b\\\"c\\x41\\n", out, sizeof(out)) == 7 &&
	      !memcmp(out, "a\\b\"cA\n", 7));
	CHECK(wifi_unescape("\\x4", out, sizeof(out)) == 2);
	CHECK(wifi_unescape("abcdef", out, 3) == 3);
	CHECK(wifi_channel_of(2412) == 1 && wifi_channel_of(2484) == 14 &&
	      wifi_channel_of(5825) == 165 && wifi_channel_of(100) == 0);
}

static void test_caps(void)
{
	struct wifi_caps c;
	json_object *j;

	/* What wpa_supplicant says for vwifi: no SAE. */
	wifi_parse_caps("NONE IEEE8021X WPA-EAP WPA-PSK", "CCMP WEP104 WEP40", &c);
	CHECK(c.security[WIFI_SEC_OPEN] && c.security[WIFI_SEC_WEP] &&
	      c.security[WIFI_SEC_WPA2_PSK] && !c.security[WIFI_SEC_WPA3_SAE]);
	CHECK(c.why_not[WIFI_SEC_WPA3_SAE] && strstr(c.why_not[WIFI_SEC_WPA3_SAE], "SAE"));
	j = wifi_caps_json(&c);
	CHECK(strstr(jx_text(j, false), "\"reason\""));
	json_object_put(j);
	/* A word inside another is not the word. */
	wifi_parse_caps("NONE FT-SAE-EXT WPA-PSK-SHA256", "CCMP", &c);
	CHECK(!c.security[WIFI_SEC_WPA3_SAE] && !c.security[WIFI_SEC_WPA2_PSK] &&
	      !c.security[WIFI_SEC_WEP]);
	wifi_parse_caps("SAE WPA-PSK", "CCMP", &c);
	CHECK(c.security[WIFI_SEC_WPA3_SAE] && c.security[WIFI_SEC_WPA2_PSK]);
}

int main(void)
{
	RUN(test_checks);
	RUN(test_file);
	RUN(test_scan_results);
	RUN(test_unescape_and_channels);
	RUN(test_caps);
	return CHECK_EXIT_CODE();
}
