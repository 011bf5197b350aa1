/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A minimal WPA2-PSK supplicant for the host test: the station's side of
 * the 4-way handshake, written from IEEE 802.11-2016 12.7.6 independently
 * of the driver's frame code (it shares only the tested crypto primitives),
 * so the access point is checked against a second reading of the standard.
 */
#ifndef VWIFI_TEST_SUPPLICANT_H
#define VWIFI_TEST_SUPPLICANT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct supp {
	uint8_t pmk[32];
	uint8_t aa[6], spa[6];
	uint8_t ie[64];			/* our RSN element (association) */
	size_t ie_len;
	const uint8_t *ap_ie;		/* the AP's, from its beacon */
	size_t ap_ie_len;
	uint8_t snonce[32], anonce[32];
	uint8_t kck[16], kek[16], tk[16];
	uint8_t gtk[16];
	int gtk_id;
	uint64_t last_replay;
	bool have_replay;
	bool ptk_set, done;
	const char *error;		/* why the last frame was refused */
};

/*
 * Handle one EAPOL frame from the AP; writes the answer (if any) into out
 * and returns its length, 0 when the frame is refused (error says why).
 */
size_t supp_receive(struct supp *s, const uint8_t *frame, size_t len,
		    uint8_t *out, size_t outmax);

#endif
