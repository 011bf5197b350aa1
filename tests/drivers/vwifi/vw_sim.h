/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vwifi's simulated surroundings, as portable C: the access points in
 * range (SSID, BSSID, channel, signal, security, the elements of their
 * beacons), one host on each access point's LAN answering ARP and ICMP
 * echo, and the random source for nonces and group keys.
 */
#ifndef VW_SIM_H
#define VW_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vw_wpa.h"

enum vw_security {
	VW_SEC_OPEN,
	VW_SEC_WEP,			/* WEP-40/104, open or shared auth */
	VW_SEC_WPA2_PSK,		/* RSN, CCMP, PSK */
};

struct vw_ap {
	const char *ssid;
	uint8_t bssid[VW_ETH_ALEN];
	uint8_t channel;		/* 1..14: 2.4 GHz, else 5 GHz */
	int32_t rssi_dbm;
	enum vw_security security;
	const char *passphrase;		/* WPA2-PSK */
	const uint8_t *wep_key;		/* WEP: the AP's default key */
	uint8_t wep_key_len;		/* 5 or 13 */
	uint8_t wep_key_index;		/* 0..3 */
	uint8_t lan_mac[VW_ETH_ALEN];	/* the host behind the AP */
	uint8_t lan_ip[4];
};

extern const struct vw_ap vw_aps[];
extern const unsigned int vw_ap_count;

#define VW_BEACON_INTERVAL	100	/* TU */
#define VW_CAP_ESS		0x0001
#define VW_CAP_PRIVACY		0x0010
#define VW_CAP_SHORT_PREAMBLE	0x0020
#define VW_CAP_SHORT_SLOT	0x0400

/* Centre frequency of a channel in kHz (0 if no such channel). */
uint32_t vw_channel_khz(uint8_t channel);
/* The AP's capability information field. */
uint16_t vw_ap_capability(const struct vw_ap *ap);
/* Its supported rates (500 kb/s units, 0x80 = basic); returns the count. */
size_t vw_ap_rates(const struct vw_ap *ap, uint8_t *rates, size_t max);
/*
 * The variable elements of its beacon / probe response (SSID, rates, DS
 * parameter set, extended rates, RSN). Returns the length, or 0 if max is
 * too small.
 */
size_t vw_ap_ies(const struct vw_ap *ap, uint8_t *buf, size_t max);

/* ---- a host on the AP's LAN ----------------------------------------- */

#define VW_ETH_HLEN		14
#define VW_ETH_FRAME_MAX	1514
#define VW_ETH_P_IP		0x0800
#define VW_ETH_P_ARP		0x0806

struct vw_lan_stats {
	uint32_t arp_replies;
	uint32_t echo_replies;
	uint32_t ignored;		/* not for us, or malformed */
};

/*
 * A frame the station sent onto the LAN (Ethernet header included): if the
 * host answers, its reply is written to out (room for VW_ETH_FRAME_MAX)
 * and its length returned; 0 otherwise.
 */
size_t vw_lan_input(const struct vw_ap *ap, struct vw_lan_stats *st,
		    const uint8_t *frame, size_t len, uint8_t *out);

/* ---- random bytes: an HMAC-SHA1 generator over the entropy we have ---- */

struct vw_prng {
	uint8_t key[VW_SHA1_LEN];
	uint64_t counter;
};

/* Mix entropy in (may be called again later). */
void vw_prng_seed(struct vw_prng *p, const void *data, size_t len);
/* A vw_random_fn: ctx is the struct vw_prng. */
void vw_prng_bytes(void *ctx, uint8_t *out, size_t len);

#endif
