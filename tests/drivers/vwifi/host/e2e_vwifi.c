// SPDX-License-Identifier: GPL-2.0-only
/*
 * End to end in the user-space host: the real vwifi.sys (built by
 * mingw-w64) loaded by the ndisload runtime and driven through the
 * adapter API the way the kernel's cfg80211 glue drives it — scan and
 * read the BSSID list, join the open, WEP and WPA2 networks, run the 4-way
 * handshake with the test supplicant over EAPOL frames on the data path,
 * install the keys with OID_802_11_ADD_KEY, ping the host behind the access
 * point; a wrong passphrase ends in a media disconnect; bad key requests
 * are refused; halt and unload leave nothing behind.
 */
#include <string.h>

#include "check.h"
#include "e2e_station.h"
#include "vw_sim.h"

#define OID_GEN_PHYSICAL_MEDIUM_	0x00010202
#define OID_BSSID			0x0d010101
#define OID_INFRASTRUCTURE_MODE		0x0d010108
#define OID_ADD_WEP			0x0d010113
#define OID_DISASSOCIATE		0x0d010115
#define OID_BSSID_LIST			0x0d010217
#define OID_AUTHENTICATION_MODE		0x0d010118
#define OID_BSSID_LIST_SCAN		0x0d01011a
#define OID_ENCRYPTION_STATUS		0x0d01011b
#define OID_REMOVE_KEY			0x0d01011e
#define OID_ASSOCIATION_INFORMATION	0x0d01011f
#define OID_CAPABILITY			0x0d010122
#define OID_RSSI			0x0d010206
#define OID_STATISTICS			0x0d020212
#define OID_RTS_THRESHOLD		0x0d01020a

#define AUTH_OPEN	0
#define AUTH_SHARED	1
#define AUTH_WPA2PSK	7
#define ENC_WEP		0	/* Ndis802_11Encryption1Enabled */
#define ENC_DISABLED	1
#define ENC3_ENABLED	6
#define ENC3_KEY_ABSENT	7
#define ST_INVALID_DATA	0xc0010015u
#define ST_NOT_READY	0xc0010011u
#define ST_INVALID_LEN	0xc0010014u

static const u8 lan_ip[4] = { 192, 168, 77, 1 };
static const u8 any_bssid[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

static const struct vw_ap *ap_named(const char *ssid)
{
	for (unsigned int i = 0; i < vw_ap_count; i++)
		if (!strcmp(vw_aps[i].ssid, ssid))
			return &vw_aps[i];
	return NULL;
}

/* Configure as a supplicant does (mode, auth, encryption, key) and join. */
static bool connect_wep(struct station *s, const char *ssid, u32 auth,
			u32 enc, const u8 *wep, u32 wep_len)
{
	CHECK_EQ_INT(st_set_u32(s, OID_INFRASTRUCTURE_MODE, 1), 0);
	CHECK_EQ_INT(st_set_u32(s, OID_AUTHENTICATION_MODE, auth), 0);
	CHECK_EQ_INT(st_set_u32(s, OID_ENCRYPTION_STATUS, enc), 0);
	if (wep)
		CHECK_EQ_INT(st_add_wep(s, 0, true, wep, wep_len), 0);
	return st_set_ssid(s, ssid) == 0 &&
	       st_wait_event(s, NDL_STATUS_MEDIA_CONNECT, 500);
}

static bool connect_to(struct station *s, const char *ssid, u32 auth, u32 enc)
{
	return connect_wep(s, ssid, auth, enc, NULL, 0);
}

static void test_e2e_identity(void)
{
	struct station s;
	u32 medium = 99, done, needed;
	u8 cap[128];

	CHECK(st_up(&s));
	if (!s.ad)
		goto out;
	CHECK_EQ_INT(s.info.medium, 0);
	CHECK(!s.info.media_connected);
	CHECK(s.info.deserialized);
	CHECK_EQ_INT(st_query(&s, OID_GEN_PHYSICAL_MEDIUM_, &medium, 4, &done,
			      &needed), 0);
	CHECK_EQ_INT(medium, 1);		/* NdisPhysicalMediumWirelessLan */
	CHECK_EQ_INT(st_query(&s, OID_CAPABILITY, cap, sizeof(cap), &done,
			      &needed), 0);
	CHECK_EQ_INT(cap[4], 2);		/* Version */
	CHECK_EQ_INT(cap[12], 5);		/* auth/encryption pairs */
	/* Nothing to report about a BSS while not associated. */
	CHECK_EQ_INT(st_query(&s, OID_BSSID, cap, 6, &done, &needed),
		     ST_NOT_READY);
out:
	st_down(&s);
}

static void test_e2e_scan(void)
{
	struct station s;
	static u8 list[4096];
	u32 done = 0, needed = 0, n, off, i, seen = 0;

	CHECK(st_up(&s));
	if (!s.ad)
		goto out;
	CHECK_EQ_INT(st_set(&s, OID_BSSID_LIST_SCAN, NULL, 0), 0);
	st_idle(60);
	CHECK_EQ_INT(st_query(&s, OID_BSSID_LIST, list, 8, &done, &needed),
		     ST_INVALID_LEN);
	CHECK(needed > 8 && needed <= sizeof(list));
	CHECK_EQ_INT(st_query(&s, OID_BSSID_LIST, list, sizeof(list), &done,
			      &needed), 0);
	CHECK_EQ_INT(done, needed);
	memcpy(&n, list, 4);
	CHECK_EQ_INT(n, vw_ap_count);
	for (i = 0, off = 4; i < n && off + 8 < done; i++) {
		const u8 *e = list + off;
		u32 elen, ssid_len, ie_len, ds;
		s32 rssi;
		const struct vw_ap *ap;

		memcpy(&elen, e, 4);
		memcpy(&ssid_len, e + 12, 4);
		memcpy(&rssi, e + 52, 4);
		memcpy(&ds, e + 72, 4);
		memcpy(&ie_len, e + 112, 4);
		CHECK(elen % 4 == 0 && off + elen <= done);
		CHECK(116 + ie_len <= elen);
		ap = NULL;
		for (u32 k = 0; k < vw_ap_count; k++)
			if (!memcmp(vw_aps[k].bssid, e + 4, 6))
				ap = &vw_aps[k];
		CHECK(ap != NULL);
		if (ap) {
			seen++;
			CHECK_EQ_INT(ssid_len, strlen(ap->ssid));
			CHECK(!memcmp(e + 16, ap->ssid, ssid_len));
			CHECK_EQ_INT(rssi, ap->rssi_dbm);
			CHECK_EQ_INT(ds, vw_channel_khz(ap->channel));
			/* Fixed elements, then the SSID element. */
			CHECK_EQ_INT(e[116 + 12], 0);
			CHECK_EQ_INT(e[116 + 13], ssid_len);
			if (ap->security == VW_SEC_WPA2_PSK)
				CHECK(memmem(e + 116, ie_len, vw_rsn_ie,
					     VW_RSN_IE_LEN) != NULL);
		}
		off += elen;
	}
	CHECK_EQ_INT(seen, vw_ap_count);
out:
	st_down(&s);
}

static void test_e2e_open(void)
{
	struct station s;
	const struct vw_ap *ap = ap_named("ndl-open");
	u8 bssid[6], info[512];
	u32 done, needed, off, reqlen;
	s32 rssi;

	CHECK(st_up(&s));
	if (!s.ad)
		goto out;
	/* Before association data goes nowhere. */
	CHECK(!st_ping(&s, lan_ip, 1));
	CHECK(connect_to(&s, "ndl-open", AUTH_OPEN, ENC_DISABLED));
	CHECK(ndl_adapter_media_connected(s.ad));
	CHECK_EQ_INT(st_query(&s, OID_BSSID, bssid, 6, &done, &needed), 0);
	CHECK(!memcmp(bssid, ap->bssid, 6));
	CHECK_EQ_INT(st_query(&s, OID_RSSI, &rssi, 4, &done, &needed), 0);
	CHECK_EQ_INT(rssi, ap->rssi_dbm);
	CHECK_EQ_INT(st_query(&s, OID_ASSOCIATION_INFORMATION, info,
			      sizeof(info), &done, &needed), 0);
	memcpy(&reqlen, info + 16, 4);
	memcpy(&off, info + 20, 4);
	CHECK(off + reqlen <= done && reqlen >= 2 + 8);
	CHECK(off + 2 <= done && info[off] == 0 && info[off + 1] == 8);
	CHECK(st_ping(&s, lan_ip, 1));
	CHECK(st_ping(&s, lan_ip, 2));

	/* Disassociate: media disconnect, no more traffic; reconnect. */
	CHECK_EQ_INT(st_set(&s, OID_DISASSOCIATE, NULL, 0), 0);
	CHECK(st_wait_event(&s, NDL_STATUS_MEDIA_DISCONNECT, 200));
	CHECK(!ndl_adapter_media_connected(s.ad));
	CHECK(!st_ping(&s, lan_ip, 3));
	CHECK(connect_to(&s, "ndl-open", AUTH_OPEN, ENC_DISABLED));
	CHECK(st_ping(&s, lan_ip, 4));
	/* With encryption asked for, the open AP is not a match. */
	CHECK_EQ_INT(st_set(&s, OID_DISASSOCIATE, NULL, 0), 0);
	CHECK(!connect_to(&s, "ndl-open", AUTH_OPEN, ENC3_ENABLED));
out:
	st_down(&s);
}

static void test_e2e_wep(void)
{
	struct station s;
	const struct vw_ap *ap = ap_named("ndl-wep");
	static const u8 wrong[13] = "wrong-key-13c";
	u8 stats[256];
	u64 undecryptable;
	u32 done, needed;

	CHECK(st_up(&s));
	if (!s.ad)
		goto out;
	/* Shared key with the wrong key: the challenge fails, no link. */
	CHECK(!connect_wep(&s, "ndl-wep", AUTH_SHARED, ENC_WEP, wrong, 13));
	/* The right key: associated, and data flows both ways. */
	CHECK(connect_wep(&s, "ndl-wep", AUTH_SHARED, ENC_WEP, ap->wep_key,
			  ap->wep_key_len));
	CHECK(st_ping(&s, lan_ip, 1));
	/* Without a key, or with WEP not asked for: no association. */
	CHECK_EQ_INT(st_set(&s, OID_DISASSOCIATE, NULL, 0), 0);
	CHECK(!connect_wep(&s, "ndl-wep", AUTH_SHARED, ENC_WEP, NULL, 0));
	CHECK(!connect_wep(&s, "ndl-wep", AUTH_OPEN, ENC_DISABLED, NULL, 0));

	/* Open system with a wrong key associates, but nothing decrypts. */
	CHECK(connect_wep(&s, "ndl-wep", AUTH_OPEN, ENC_WEP, wrong, 13));
	CHECK(!st_ping(&s, lan_ip, 2));
	CHECK_EQ_INT(st_query(&s, OID_STATISTICS, stats, sizeof(stats), &done,
			      &needed), 0);
	/* WEPUndecryptableCount: the 21st LARGE_INTEGER after Length. */
	memcpy(&undecryptable, stats + 8 + 20 * 8, 8);
	CHECK(undecryptable >= 1);
	/* Bad WEP keys are refused. */
	CHECK_EQ_INT(st_add_wep(&s, 4, false, ap->wep_key, 13), ST_INVALID_DATA);
	CHECK_EQ_INT(st_add_wep(&s, 1, false, ap->wep_key, 7), ST_INVALID_DATA);
out:
	st_down(&s);
}

/* Run the 4-way handshake as the station; true when message 4 went out. */
static bool handshake(struct station *s, struct supp *sup, u32 ms)
{
	u8 f[600];
	const u8 *r;
	u32 len, n;

	while ((r = st_take(s, VW_ETH_P_EAPOL, ms, &len)) != NULL) {
		n = (u32)supp_receive(sup, r + 14, len - 14, f + 14,
				      sizeof(f) - 14);
		if (!n)
			continue;
		memcpy(f, r + 6, 6);
		memcpy(f + 6, s->info.cur_addr, 6);
		f[12] = 0x88;
		f[13] = 0x8e;
		CHECK(st_send(s, f, 14 + n));
		if (sup->done)
			return true;
	}
	return false;
}

static void supp_for(struct supp *sup, struct station *s,
		     const struct vw_ap *ap, const char *passphrase)
{
	static u8 beacon[256];
	size_t n = vw_ap_ies(ap, beacon, sizeof(beacon));

	memset(sup, 0, sizeof(*sup));
	vw_psk_from_passphrase(passphrase, strlen(passphrase),
			       (const u8 *)ap->ssid, strlen(ap->ssid), sup->pmk);
	memcpy(sup->aa, ap->bssid, 6);
	memcpy(sup->spa, s->info.cur_addr, 6);
	memcpy(sup->ie, vw_rsn_ie, VW_RSN_IE_LEN);
	sup->ie_len = VW_RSN_IE_LEN;
	sup->ap_ie = vw_ie_find(beacon, n, 0x30, NULL);
	sup->ap_ie_len = sup->ap_ie ? sup->ap_ie[1] + 2u : 0;
	for (int i = 0; i < 32; i++)
		sup->snonce[i] = (u8)(i * 13 + 1);
}

static void test_e2e_wpa2(void)
{
	struct station s;
	struct supp sup;
	const struct vw_ap *ap = ap_named("ndl-wpa2");
	u32 enc = 0, done, needed;

	CHECK(st_up(&s));
	if (!s.ad)
		goto out;
	CHECK(connect_to(&s, "ndl-wpa2", AUTH_WPA2PSK, ENC3_ENABLED));
	CHECK_EQ_INT(st_query(&s, OID_ENCRYPTION_STATUS, &enc, 4, &done,
			      &needed), 0);
	CHECK_EQ_INT(enc, ENC3_KEY_ABSENT);
	supp_for(&sup, &s, ap, "ndisload-passphrase");
	CHECK(handshake(&s, &sup, 1500));
	/* The AP's port is open, but we have not installed the keys yet. */
	CHECK(!st_ping(&s, lan_ip, 1));
	/* A pairwise key must be a transmit key at index 0 for a BSSID. */
	CHECK_EQ_INT(st_add_key(&s, 0x40000000, 0, ap->bssid, sup.tk, 16, 0),
		     ST_INVALID_DATA);
	CHECK_EQ_INT(st_add_key(&s, 0xc0000000, 1, ap->bssid, sup.tk, 16, 0),
		     ST_INVALID_DATA);
	CHECK_EQ_INT(st_add_key(&s, 0xc0000000, 0, any_bssid, sup.tk, 16, 0),
		     ST_INVALID_DATA);
	CHECK_EQ_INT(st_add_key(&s, 0xc0000100, 0, ap->bssid, sup.tk, 16, 0),
		     ST_INVALID_DATA);
	CHECK_EQ_INT(st_add_key(&s, 0xc0000000, 0, ap->bssid, sup.tk, 20, 0),
		     ST_INVALID_DATA);
	CHECK_EQ_INT(st_add_key(&s, 0xc0000000, 0, ap->bssid, sup.tk, 16, 0), 0);
	CHECK_EQ_INT(st_add_key(&s, 0x20000000, (u32)sup.gtk_id, any_bssid,
				sup.gtk, 16, 0), 0);
	CHECK_EQ_INT(st_query(&s, OID_ENCRYPTION_STATUS, &enc, 4, &done,
			      &needed), 0);
	CHECK_EQ_INT(enc, ENC3_ENABLED);
	CHECK(st_ping(&s, lan_ip, 2));
	CHECK(st_ping(&s, lan_ip, 3));

	/* Removing the pairwise key stops the traffic again. */
	{
		u8 rk[16] = { 0 };
		u32 len = 14, idx = 0x40000000;

		memcpy(rk, &len, 4);
		memcpy(rk + 4, &idx, 4);
		memcpy(rk + 8, ap->bssid, 6);
		CHECK_EQ_INT(st_set(&s, OID_REMOVE_KEY, rk, len), 0);
		idx = 0x80000000;
		memcpy(rk + 4, &idx, 4);
		CHECK_EQ_INT(st_set(&s, OID_REMOVE_KEY, rk, len),
			     ST_INVALID_DATA);
	}
	CHECK(!st_ping(&s, lan_ip, 4));
out:
	st_down(&s);
}

static void test_e2e_wpa2_wrong_passphrase(void)
{
	struct station s;
	struct supp sup;
	u8 stats[256];
	u64 failures;
	u32 done, needed;

	CHECK(st_up(&s));
	if (!s.ad)
		goto out;
	CHECK(connect_to(&s, "ndl-wpa2", AUTH_WPA2PSK, ENC3_ENABLED));
	supp_for(&sup, &s, ap_named("ndl-wpa2"), "a-wrong-passphrase");
	/* Message 1 comes again and again, message 3 never; then deauth. */
	CHECK(!handshake(&s, &sup, 1500));
	if (!st_count_events(&s, NDL_STATUS_MEDIA_DISCONNECT))
		CHECK(st_wait_event(&s, NDL_STATUS_MEDIA_DISCONNECT, 6000));
	CHECK_EQ_INT(st_count_events(&s, NDL_STATUS_MEDIA_DISCONNECT), 1);
	CHECK(!ndl_adapter_media_connected(s.ad));
	CHECK_EQ_INT(st_query(&s, OID_STATISTICS, stats, sizeof(stats), &done,
			      &needed), 0);
	memcpy(&failures, stats + 8 + 19 * 8, 8);
	CHECK_EQ_INT(failures, 1);
	CHECK_EQ_INT(st_query(&s, OID_BSSID, stats, 6, &done, &needed),
		     ST_NOT_READY);
out:
	st_down(&s);
}

static void test_e2e_pmkid_candidates(void)
{
	struct station s;
	u32 i, found = 0;

	CHECK(st_up(&s));
	if (!s.ad)
		goto out;
	CHECK_EQ_INT(st_set_u32(&s, OID_AUTHENTICATION_MODE, AUTH_WPA2PSK), 0);
	CHECK_EQ_INT(st_set_u32(&s, OID_ENCRYPTION_STATUS, ENC3_ENABLED), 0);
	CHECK_EQ_INT(st_set_ssid(&s, "ndl-wpa2"), 0);
	CHECK_EQ_INT(st_set(&s, OID_BSSID_LIST_SCAN, NULL, 0), 0);
	st_idle(80);
	for (i = 0; i < s.nevents; i++) {
		const struct st_event *e = &s.events[i];
		u32 type, count;

		if (e->kind != NDL_STATUS_OTHER || e->ndis_status != 0x40010012)
			continue;
		memcpy(&type, e->buf, 4);
		memcpy(&count, e->buf + 8, 4);
		CHECK_EQ_INT(type, 2);	/* PMKID candidate list */
		CHECK_EQ_INT(count, 1);
		CHECK(!memcmp(e->buf + 12, ap_named("ndl-wpa2")->bssid, 6));
		found++;
	}
	CHECK(found >= 1);
out:
	st_down(&s);
}

static void test_e2e_bad_values(void)
{
	struct station s;
	u32 v;

	CHECK(st_up(&s));
	if (!s.ad)
		goto out;
	CHECK_EQ_INT(st_set_u32(&s, OID_ENCRYPTION_STATUS, 4), ST_INVALID_DATA);
	CHECK_EQ_INT(st_set_u32(&s, OID_AUTHENTICATION_MODE, 8), ST_INVALID_DATA);
	CHECK_EQ_INT(st_set_u32(&s, OID_RTS_THRESHOLD, 5000), ST_INVALID_DATA);
	CHECK_EQ_INT(st_set_u32(&s, OID_RTS_THRESHOLD, 500), 0);
	CHECK_EQ_INT(st_query(&s, OID_RTS_THRESHOLD, &v, 4, NULL, NULL), 0);
	CHECK_EQ_INT(v, 500);
	CHECK_EQ_INT(st_set(&s, OID_ADD_WEP, &v, 2), ST_INVALID_LEN);
	{
		struct { u32 len; u8 ssid[32]; } big = { 33, { 0 } };

		CHECK_EQ_INT(st_set(&s, 0x0d010102, &big, sizeof(big)),
			     ST_INVALID_DATA);
	}
out:
	st_down(&s);
}

int main(void)
{
	int failed;

	test_init();
	RUN(test_e2e_identity);
	RUN(test_e2e_scan);
	RUN(test_e2e_open);
	RUN(test_e2e_wep);
	RUN(test_e2e_wpa2);
	RUN(test_e2e_wpa2_wrong_passphrase);
	RUN(test_e2e_pmkid_candidates);
	RUN(test_e2e_bad_values);
	/* test_exit prints the runtime's leak check as its own test line. */
	failed = check_failed_tests + test_exit();
	return failed ? 1 : 0;
}
