// SPDX-License-Identifier: GPL-2.0-only
/*
 * Wireless operations: a wireless interface of ndisload's drivers, its
 * profile and its wpa_supplicant, put together. Connecting replaces the
 * supplicant's networks with the profile's one, sent over the control
 * socket; the key goes nowhere else.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/fsutil.h"
#include "sys/interfaces.h"
#include "lib/jsonx.h"
#include "lib/paths.h"
#include "wifi/wifi_ops.h"
#include "wifi/wifi_profile.h"
#include "wifi/wifi_scan.h"
#include "wifi/wifi_supp.h"

#define SCAN_WAIT_MS	15000

/* IFACE is an interface of ndisload's drivers and a wireless one. */
static int wireless_iface(const char *ifname, struct ndl_err *err)
{
	json_object *all = interfaces_json();
	char path[NDL_PATH_MAX];
	bool ours = false;
	size_t i;

	if (!wifi_ifname_ok(ifname))
		return ndl_fail(err, NDL_E_BAD_REQUEST, "\"%.32s\" is not an interface name",
				ifname ? ifname : "");
	for (i = 0; i < json_object_array_length(all); i++)
		ours |= !strcmp(jx_str(json_object_array_get_idx(all, i), "name"), ifname);
	json_object_put(all);
	if (!ours) {
		ndl_fail(err, NDL_E_NOT_FOUND, "%s is not an interface of ndisload's drivers",
			 ifname);
		return ndl_hint(err, "'ndisload status' lists them");
	}
	if (!ndl_path(path, sizeof(path), NDL_SYS_DIR "/class/net/%s/phy80211", ifname) ||
	    access(path, F_OK))
		return ndl_fail(err, NDL_E_INVALID, "%s is not a wireless interface", ifname);
	return 0;
}

static int open_iface(const char *ifname, struct wifi_supp *s, struct ndl_err *err)
{
	if (wireless_iface(ifname, err))
		return -1;
	return wifi_supp_open(s, ifname, err);
}

static int caps_of(struct wifi_supp *s, struct wifi_caps *caps, struct ndl_err *err)
{
	char km[512], group[256];

	if (wifi_supp_request(s, "GET_CAPABILITY key_mgmt", km, sizeof(km), err) ||
	    wifi_supp_request(s, "GET_CAPABILITY group", group, sizeof(group), err))
		return -1;
	wifi_parse_caps(km, group, caps);
	return 0;
}

/* "connected", "connecting", "disconnected" from wpa_supplicant's state. */
static const char *state_of(const char *wpa_state)
{
	static const char *const busy[] = {
		"SCANNING", "AUTHENTICATING", "ASSOCIATING", "ASSOCIATED",
		"4WAY_HANDSHAKE", "GROUP_HANDSHAKE",
	};
	size_t i;

	if (!strcmp(wpa_state, "COMPLETED"))
		return "connected";
	for (i = 0; i < sizeof(busy) / sizeof(busy[0]); i++)
		if (!strcmp(wpa_state, busy[i]))
			return "connecting";
	return "disconnected";
}

/* Why the last attempt failed, from wpa_supplicant's log (or null). */
static void add_last_failure(json_object *o, const char *ifname, bool connected)
{
	char line[512], done[512];
	const char *reason;

	if (connected || !wifi_supp_log_last(ifname, "CTRL-EVENT-SSID-TEMP-DISABLED", line,
					     sizeof(line))) {
		json_object_object_add(o, "last_error", NULL);
		return;
	}
	/* Only if nothing connected after it. */
	if (wifi_supp_log_last(ifname, "CTRL-EVENT-CONNECTED", done, sizeof(done)) &&
	    strcmp(done, line) > 0) {
		json_object_object_add(o, "last_error", NULL);
		return;
	}
	reason = strstr(line, "reason=WRONG_KEY") ? "wrong key: check the passphrase or key" :
		 strstr(line, "reason=CONN_FAILED") ? "the network refused the connection" :
		 strstr(line, "reason=AUTH_FAILED") ? "authentication failed" :
		 "the connection failed";
	jx_add_str(o, "last_error", reason);
}

json_object *op_wifi_status(WIFI_OP_ARGS)
{
	const char *ifname = jx_str(args, "interface");
	char st[WIFI_REPLY_MAX], sig[512], v[128];
	struct wifi_profile p;
	struct wifi_caps caps;
	struct wifi_supp s;
	json_object *r;
	const char *state;
	struct ndl_err e2;

	(void)fds; (void)nfds;
	if (open_iface(ifname, &s, err))
		return NULL;
	if (caps_of(&s, &caps, err) ||
	    wifi_supp_request(&s, "STATUS", st, sizeof(st), err)) {
		wifi_supp_close(&s);
		return NULL;
	}
	r = json_object_new_object();
	jx_add_str(r, "interface", ifname);
	state = state_of(wifi_kv(st, "wpa_state", v, sizeof(v)));
	jx_add_str(r, "state", state);
	jx_add_str(r, "wpa_state", v);
	if (strcmp(state, "disconnected")) {
		unsigned char raw[WIFI_SSID_MAX];
		char shown[4 * WIFI_SSID_MAX + 1];
		size_t n = wifi_unescape(wifi_kv(st, "ssid", v, sizeof(v)), raw, sizeof(raw));

		wifi_ssid_text(raw, n, shown, sizeof(shown));
		jx_add_str(r, "ssid", shown);
		jx_add_str_or_null(r, "bssid", *wifi_kv(st, "bssid", v, sizeof(v)) ? v : NULL);
		json_object_object_add(r, "frequency", json_object_new_int(
			atoi(wifi_kv(st, "freq", v, sizeof(v)))));
		json_object_object_add(r, "channel", json_object_new_int(
			wifi_channel_of(atoi(v))));
		jx_add_str_or_null(r, "key_mgmt", *wifi_kv(st, "key_mgmt", v, sizeof(v)) ? v : NULL);
	}
	if (!strcmp(state, "connected") &&
	    !wifi_supp_request(&s, "SIGNAL_POLL", sig, sizeof(sig), &e2)) {
		json_object_object_add(r, "signal_dbm", json_object_new_int(
			atoi(wifi_kv(sig, "RSSI", v, sizeof(v)))));
		json_object_object_add(r, "rate_mbps", json_object_new_int(
			atoi(wifi_kv(sig, "LINKSPEED", v, sizeof(v)))));
	}
	jx_add_str_or_null(r, "ip_address", *wifi_kv(st, "ip_address", v, sizeof(v)) ? v : NULL);
	add_last_failure(r, ifname, !strcmp(state, "connected"));
	json_object_object_add(r, "capabilities", wifi_caps_json(&caps));
	json_object_object_add(r, "profile", wifi_profile_load(ifname, &p, &e2) ? NULL :
			       wifi_profile_json(&p));
	wifi_supp_close(&s);
	return r;
}

json_object *op_wifi_scan(WIFI_OP_ARGS)
{
	static const char *const ends[] = {
		"CTRL-EVENT-SCAN-RESULTS", "CTRL-EVENT-SCAN-FAILED", NULL
	};
	const char *ifname = jx_str(args, "interface");
	char reply[WIFI_REPLY_MAX * 4], ev[512];
	struct wifi_supp s;
	json_object *r;
	int got;

	(void)fds; (void)nfds;
	if (open_iface(ifname, &s, err))
		return NULL;
	if (wifi_supp_attach(&s, err) ||
	    wifi_supp_request(&s, "SCAN", reply, sizeof(reply), err)) {
		/* Busy means a scan is already running: wait for its end. */
		if (err->code && strstr(err->msg, "FAIL-BUSY") == NULL) {
			wifi_supp_close(&s);
			return NULL;
		}
		ndl_err_clear(err);
	}
	got = wifi_supp_wait(&s, ends, SCAN_WAIT_MS, ev, sizeof(ev));
	if (got != 0) {
		wifi_supp_close(&s);
		return ndl_fail(err, NDL_E_INTERNAL, "the scan on %s %s", ifname,
				got < 0 ? "did not finish within 15 s" : "failed"), NULL;
	}
	if (wifi_supp_request(&s, "SCAN_RESULTS", reply, sizeof(reply), err)) {
		wifi_supp_close(&s);
		return NULL;
	}
	wifi_supp_close(&s);
	r = json_object_new_object();
	jx_add_str(r, "interface", ifname);
	json_object_object_add(r, "networks", wifi_parse_scan(reply));
	return r;
}

json_object *op_wifi_profile_get(WIFI_OP_ARGS)
{
	const char *ifname = jx_str(args, "interface");
	struct wifi_profile p;
	json_object *r;

	(void)fds; (void)nfds;
	if (wireless_iface(ifname, err) || wifi_profile_load(ifname, &p, err))
		return NULL;
	r = json_object_new_object();
	json_object_object_add(r, "profile", wifi_profile_json(&p));
	return r;
}

/* A request value with wpa_supplicant's quoting: "text" (printable). */
static int set_network(struct wifi_supp *s, const char *id, const char *name,
		       const char *value, bool quote, struct ndl_err *err)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), quote ? "SET_NETWORK %s %s \"%s\"" :
		 "SET_NETWORK %s %s %s", id, name, value);
	return wifi_supp_ok(s, cmd, err);
}

/* Replace the supplicant's networks with the profile's, and select it. */
static int apply(struct wifi_supp *s, const struct wifi_profile *p,
		 struct ndl_err *err)
{
	char id[16], hex[2 * WIFI_SSID_MAX + 1], cmd[64];
	size_t i, k = strlen(p->key);
	bool hexkey = p->security == WIFI_SEC_WEP ? k == 10 || k == 26 : k == 64;
	int ret;

	for (i = 0; i < p->ssid_len; i++)
		sprintf(hex + 2 * i, "%02x", p->ssid[i]);
	if (wifi_supp_ok(s, "REMOVE_NETWORK all", err) ||
	    wifi_supp_request(s, "ADD_NETWORK", id, sizeof(id), err))
		return -1;
	id[strcspn(id, "\n")] = '\0';
	ret = set_network(s, id, "ssid", hex, false, err);
	switch (p->security) {
	case WIFI_SEC_OPEN:
		ret = ret ? ret : set_network(s, id, "key_mgmt", "NONE", false, err);
		break;
	case WIFI_SEC_WEP:
		ret = ret ? ret : set_network(s, id, "key_mgmt", "NONE", false, err);
		ret = ret ? ret : set_network(s, id, "wep_key0", p->key, !hexkey, err);
		ret = ret ? ret : set_network(s, id, "wep_tx_keyidx", "0", false, err);
		ret = ret ? ret : set_network(s, id, "auth_alg", "OPEN SHARED", false, err);
		break;
	case WIFI_SEC_WPA2_PSK:
		ret = ret ? ret : set_network(s, id, "key_mgmt", "WPA-PSK", false, err);
		ret = ret ? ret : set_network(s, id, "proto", "RSN", false, err);
		ret = ret ? ret : set_network(s, id, "psk", p->key, !hexkey, err);
		break;
	case WIFI_SEC_WPA3_SAE:
		ret = ret ? ret : set_network(s, id, "key_mgmt", "SAE", false, err);
		ret = ret ? ret : set_network(s, id, "ieee80211w", "2", false, err);
		ret = ret ? ret : set_network(s, id, "sae_password", p->key, true, err);
		break;
	default:
		break;
	}
	if (!ret && p->hidden)
		ret = set_network(s, id, "scan_ssid", "1", false, err);
	/*
	 * NDIS 5.1 scans are wildcard only: a hidden network never shows its
	 * SSID in the list, so let the miniport find it by SSID itself
	 * (ap_scan 2: connect without choosing a BSS from the scan).
	 */
	if (!ret)
		ret = wifi_supp_ok(s, p->hidden ? "SET ap_scan 2" : "SET ap_scan 1", err);
	if (!ret && p->country[0]) {
		snprintf(cmd, sizeof(cmd), "SET country %s", p->country);
		ret = wifi_supp_ok(s, cmd, err);
	}
	if (!ret) {
		snprintf(cmd, sizeof(cmd), "SELECT_NETWORK %s", id);
		ret = wifi_supp_ok(s, cmd, err);
	}
	if (!ret)
		ret = wifi_supp_ok(s, p->power_save ? "SET ps 1" : "SET ps 0", err);
	return ret;
}

/* Check the profile against what the driver can do, then apply it. */
static int connect_with(const char *ifname, const struct wifi_profile *p,
			struct ndl_err *err)
{
	struct wifi_caps caps;
	struct wifi_supp s;
	int ret;

	if (open_iface(ifname, &s, err))
		return -1;
	ret = caps_of(&s, &caps, err);
	if (!ret && !caps.security[p->security]) {
		ret = ndl_fail(err, NDL_E_INVALID, "%s on %s: %s", wifi_security_name(p->security),
			       ifname, caps.why_not[p->security]);
	}
	if (!ret)
		ret = apply(&s, p, err);
	wifi_supp_close(&s);
	return ret;
}

static json_object *result_of(const char *ifname, const struct wifi_profile *p)
{
	json_object *r = json_object_new_object();

	jx_add_str(r, "interface", ifname);
	json_object_object_add(r, "profile", p ? wifi_profile_json(p) : NULL);
	return r;
}

json_object *op_wifi_profile_set(WIFI_OP_ARGS)
{
	const char *ifname = jx_str(args, "interface"), *ssid = jx_str(args, "ssid");
	const char *key = jx_str(args, "key"), *country = jx_str(args, "country");
	struct wifi_profile p, old;
	struct ndl_err e2;
	bool had;

	(void)fds; (void)nfds;
	if (wireless_iface(ifname, err))
		return NULL;
	memset(&p, 0, sizeof(p));
	if (!wifi_security_parse(jx_str(args, "security"), &p.security))
		return ndl_fail(err, NDL_E_INVALID,
				"security is one of open, wep, wpa2-psk, wpa3-sae"), NULL;
	p.ssid_len = strlen(ssid);
	if (p.ssid_len > WIFI_SSID_MAX)
		return ndl_fail(err, NDL_E_INVALID,
				"the network name (SSID) must be 1 to 32 bytes long"), NULL;
	memcpy(p.ssid, ssid, p.ssid_len);
	had = !wifi_profile_load(ifname, &old, &e2);
	if (key) {
		if (strlen(key) >= sizeof(p.key))
			return ndl_fail(err, NDL_E_INVALID, "the key is longer than 64 characters"), NULL;
		strcpy(p.key, key);
	} else if (had && old.security == p.security && old.ssid_len == p.ssid_len &&
		   !memcmp(old.ssid, p.ssid, p.ssid_len)) {
		/* The page never gets the key back: no key means "keep it". */
		strcpy(p.key, old.key);
	}
	p.hidden = jx_bool(args, "hidden");
	p.power_save = jx_bool(args, "power_save");
	p.autoconnect = jx_has(args, "autoconnect") ? jx_bool(args, "autoconnect") : true;
	if (country && strlen(country) != 2 && *country)
		return ndl_fail(err, NDL_E_INVALID,
				"the country must be two capital letters (ISO 3166), e.g. DE"), NULL;
	if (country)
		memcpy(p.country, country, strlen(country) + 1);
	if (wifi_profile_check(&p, err))
		return NULL;
	if (wifi_profile_save(ifname, &p, err))
		return NULL;
	if ((!jx_has(args, "connect") || jx_bool(args, "connect")) &&
	    connect_with(ifname, &p, err))
		return NULL;
	return result_of(ifname, &p);
}

json_object *op_wifi_connect(WIFI_OP_ARGS)
{
	const char *ifname = jx_str(args, "interface");
	struct wifi_profile p;

	(void)fds; (void)nfds;
	if (wireless_iface(ifname, err))
		return NULL;
	if (wifi_profile_load(ifname, &p, err)) {
		if (err->code == NDL_E_NOT_FOUND)
			ndl_hint(err, "set one first ('ndisload wifi connect %s SSID')", ifname);
		return NULL;
	}
	if (connect_with(ifname, &p, err))
		return NULL;
	return result_of(ifname, &p);
}

json_object *op_wifi_disconnect(WIFI_OP_ARGS)
{
	const char *ifname = jx_str(args, "interface");
	struct wifi_supp s;
	int ret;

	(void)fds; (void)nfds;
	if (open_iface(ifname, &s, err))
		return NULL;
	ret = wifi_supp_ok(&s, "DISCONNECT", err);
	wifi_supp_close(&s);
	return ret ? NULL : result_of(ifname, NULL);
}

json_object *op_wifi_forget(WIFI_OP_ARGS)
{
	const char *ifname = jx_str(args, "interface");
	bool had;

	(void)fds; (void)nfds;
	if (!wifi_ifname_ok(ifname))
		return ndl_fail(err, NDL_E_BAD_REQUEST, "\"%.32s\" is not an interface name",
				ifname ? ifname : ""), NULL;
	/* Its wpa_supplicant goes with it: nothing keeps the network now. */
	wifi_supp_stop(ifname);
	had = wifi_profile_remove(ifname);
	if (!had)
		return ndl_fail(err, NDL_E_NOT_FOUND, "no wireless profile for %s", ifname), NULL;
	return result_of(ifname, NULL);
}

json_object *wifi_restore_all(void)
{
	json_object *names = wifi_profile_list(), *r = json_object_new_object();
	json_object *done = json_object_new_array(), *errors = json_object_new_array();
	size_t i;

	for (i = 0; i < json_object_array_length(names); i++) {
		const char *ifname = json_object_get_string(json_object_array_get_idx(names, i));
		struct wifi_profile p;
		struct ndl_err e;

		if (wifi_profile_load(ifname, &p, &e) || !p.autoconnect ||
		    wireless_iface(ifname, &e))
			continue;	/* not here (yet), or not to be started */
		/* A fresh supplicant: the interface may be new (module reload). */
		wifi_supp_stop(ifname);
		if (connect_with(ifname, &p, &e)) {
			json_object *x = json_object_new_object();

			jx_add_str(x, "interface", ifname);
			jx_add_str(x, "message", e.msg);
			json_object_array_add(errors, x);
		} else {
			json_object_array_add(done, json_object_new_string(ifname));
		}
	}
	json_object_put(names);
	json_object_object_add(r, "restored", done);
	json_object_object_add(r, "errors", errors);
	return r;
}

json_object *op_wifi_restore(WIFI_OP_ARGS)
{
	(void)args; (void)fds; (void)nfds; (void)err;
	return wifi_restore_all();
}
