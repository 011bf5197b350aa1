// SPDX-License-Identifier: GPL-2.0-only
/*
 * The radio model: channel frequencies, beacon elements of each access
 * point, the LAN host's ARP and ICMP answers (and what it ignores), and the
 * random generator.
 */
#include <string.h>

#include "check.h"
#include "test_util.h"
#include "vw_sim.h"

static const uint8_t sta_mac[6] = { 0x02, 0x4e, 0x44, 0x4c, 0x00, 0x01 };
static const uint8_t sta_ip[4] = { 192, 168, 77, 2 };

static void test_channels(void)
{
	CHECK_EQ_INT(vw_channel_khz(1), 2412000);
	CHECK_EQ_INT(vw_channel_khz(6), 2437000);
	CHECK_EQ_INT(vw_channel_khz(11), 2462000);
	CHECK_EQ_INT(vw_channel_khz(14), 2484000);
	CHECK_EQ_INT(vw_channel_khz(36), 5180000);
	CHECK_EQ_INT(vw_channel_khz(165), 5825000);
	CHECK_EQ_INT(vw_channel_khz(0), 0);
	CHECK_EQ_INT(vw_channel_khz(20), 0);
}

static void test_ap_table(void)
{
	unsigned int i, j, open = 0, wep = 0, wpa2 = 0;

	CHECK(vw_ap_count >= 4);
	for (i = 0; i < vw_ap_count; i++) {
		const struct vw_ap *ap = &vw_aps[i];

		CHECK(vw_channel_khz(ap->channel) != 0);
		CHECK(strlen(ap->ssid) >= 1 && strlen(ap->ssid) <= 32);
		CHECK(!(ap->bssid[0] & 1) && (ap->bssid[0] & 2));
		CHECK(ap->rssi_dbm < -20 && ap->rssi_dbm > -95);
		for (j = 0; j < i; j++) {
			CHECK(memcmp(ap->bssid, vw_aps[j].bssid, 6) != 0);
			CHECK(ap->channel != vw_aps[j].channel);
		}
		open += ap->security == VW_SEC_OPEN;
		wep += ap->security == VW_SEC_WEP &&
		       (ap->wep_key_len == 5 || ap->wep_key_len == 13);
		wpa2 += ap->security == VW_SEC_WPA2_PSK &&
			strlen(ap->passphrase) >= 8 &&
			strlen(ap->passphrase) <= 63;
	}
	CHECK(open >= 1 && wep >= 1 && wpa2 >= 1);
}

static void test_ap_ies(void)
{
	uint8_t ies[256];
	unsigned int i;

	for (i = 0; i < vw_ap_count; i++) {
		const struct vw_ap *ap = &vw_aps[i];
		size_t n = vw_ap_ies(ap, ies, sizeof(ies)), pos = 0;
		bool ssid = false, rates = false, ds = false, rsn = false;
		uint16_t cap = vw_ap_capability(ap);

		CHECK(n > 0);
		while (pos + 2 <= n) {
			const uint8_t *e = ies + pos;

			CHECK(pos + 2 + e[1] <= n);
			if (e[0] == 0)
				ssid = e[1] == strlen(ap->ssid) &&
				       !memcmp(e + 2, ap->ssid, e[1]);
			if (e[0] == 1)
				rates = e[1] >= 1 && e[1] <= 8;
			if (e[0] == 3)
				ds = e[1] == 1 && e[2] == ap->channel;
			if (e[0] == 0x30)
				rsn = e[1] + 2u == VW_RSN_IE_LEN &&
				      !memcmp(e, vw_rsn_ie, VW_RSN_IE_LEN);
			pos += 2u + e[1];
		}
		CHECK_EQ_INT(pos, n);
		CHECK(ssid && rates);
		CHECK_EQ_INT(ds, ap->channel <= 14);
		CHECK_EQ_INT(rsn, ap->security == VW_SEC_WPA2_PSK);
		CHECK(cap & VW_CAP_ESS);
		CHECK_EQ_INT(!!(cap & VW_CAP_PRIVACY),
			     ap->security != VW_SEC_OPEN);
		/* Too small a buffer is refused, not overrun. */
		CHECK_EQ_INT(vw_ap_ies(ap, ies, n - 1), 0);
	}
}

static size_t arp_request(const struct vw_ap *ap, uint8_t *f, const uint8_t *dst)
{
	return test_arp_request(f, dst, sta_mac, sta_ip, ap->lan_ip);
}

static void test_lan_arp(void)
{
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	const struct vw_ap *ap = &vw_aps[0];
	struct vw_lan_stats st = { 0 };
	uint8_t f[64], out[VW_ETH_FRAME_MAX];
	size_t n;

	n = vw_lan_input(ap, &st, f, arp_request(ap, f, bcast), out);
	CHECK_EQ_INT(n, 60);
	CHECK(!memcmp(out, sta_mac, 6));
	CHECK(!memcmp(out + 6, ap->lan_mac, 6));
	CHECK(out[12] == 0x08 && out[13] == 0x06);
	CHECK_EQ_INT(out[21], 2);
	CHECK(!memcmp(out + 22, ap->lan_mac, 6));
	CHECK(!memcmp(out + 28, ap->lan_ip, 4));
	CHECK(!memcmp(out + 32, sta_mac, 6));
	CHECK(!memcmp(out + 38, sta_ip, 4));
	CHECK_EQ_INT(st.arp_replies, 1);

	/* For another address, or too short, or not a request: silence. */
	arp_request(ap, f, bcast);
	f[41] = 9;
	CHECK_EQ_INT(vw_lan_input(ap, &st, f, 60, out), 0);
	arp_request(ap, f, bcast);
	CHECK_EQ_INT(vw_lan_input(ap, &st, f, 40, out), 0);
	f[21] = 2;
	CHECK_EQ_INT(vw_lan_input(ap, &st, f, 60, out), 0);
	CHECK_EQ_INT(st.ignored, 3);
}

static size_t echo_request(const struct vw_ap *ap, uint8_t *f, size_t payload)
{
	return test_echo_request(f, ap->lan_mac, sta_mac, sta_ip, ap->lan_ip,
				 7, payload);
}

static void test_lan_icmp(void)
{
	const struct vw_ap *ap = &vw_aps[2];
	struct vw_lan_stats st = { 0 };
	uint8_t f[VW_ETH_FRAME_MAX], out[VW_ETH_FRAME_MAX];
	size_t len, n, sizes[] = { 0, 1, 56, 1472 }, i;

	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		len = echo_request(ap, f, sizes[i]);
		n = vw_lan_input(ap, &st, f, len, out);
		CHECK_EQ_INT(n, len < 60 ? 60 : len);
		CHECK(!memcmp(out, sta_mac, 6));
		CHECK(!memcmp(out + 6, ap->lan_mac, 6));
		CHECK(!memcmp(out + 14 + 12, ap->lan_ip, 4));
		CHECK(!memcmp(out + 14 + 16, sta_ip, 4));
		CHECK_EQ_INT(test_inet_csum(out + 14, 20), 0);
		CHECK_EQ_INT(out[34], 0);		/* echo reply */
		CHECK_EQ_INT(test_inet_csum(out + 34, 8 + sizes[i]), 0);
		CHECK(!memcmp(out + 38, f + 38, 4 + sizes[i]));
	}
	CHECK_EQ_INT(st.echo_replies, 4);

	/* Bad header checksum, bad ICMP checksum, a fragment, other host. */
	len = echo_request(ap, f, 56);
	f[14 + 10] ^= 1;
	CHECK_EQ_INT(vw_lan_input(ap, &st, f, len, out), 0);
	len = echo_request(ap, f, 56);
	f[34 + 8] ^= 1;
	CHECK_EQ_INT(vw_lan_input(ap, &st, f, len, out), 0);
	len = echo_request(ap, f, 56);
	f[14 + 6] = 0x20;
	CHECK_EQ_INT(vw_lan_input(ap, &st, f, len, out), 0);
	len = echo_request(ap, f, 56);
	f[0] ^= 0x10;
	CHECK_EQ_INT(vw_lan_input(ap, &st, f, len, out), 0);
	/* IP total length beyond the frame. */
	len = echo_request(ap, f, 56);
	CHECK_EQ_INT(vw_lan_input(ap, &st, f, len - 1, out), 0);
	CHECK_EQ_INT(st.echo_replies, 4);
	/* Every truncation of a good request: no reply, no overrun. */
	len = echo_request(ap, f, 56);
	for (n = 0; n < len; n++)
		CHECK_EQ_INT(vw_lan_input(ap, &st, f, n, out), 0);
}

static void test_prng(void)
{
	struct vw_prng a, b;
	uint8_t x[64], y[64];

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	vw_prng_seed(&a, "one", 3);
	vw_prng_seed(&b, "two", 3);
	vw_prng_bytes(&a, x, sizeof(x));
	vw_prng_bytes(&b, y, sizeof(y));
	CHECK(memcmp(x, y, sizeof(x)) != 0);
	vw_prng_bytes(&a, y, sizeof(y));
	CHECK(memcmp(x, y, sizeof(x)) != 0);
	CHECK(memcmp(x, x + 20, 20) != 0);
}

int test_sim_all(void)
{
	RUN(test_channels);
	RUN(test_ap_table);
	RUN(test_ap_ies);
	RUN(test_lan_arp);
	RUN(test_lan_icmp);
	RUN(test_prng);
	return check_failed_tests;
}
