/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One wpa_supplicant per wireless interface, started and steered by the
 * helper through its control socket (libwpa_client's wpa_ctrl_*): the
 * process runs with `-Dnl80211`, its control sockets live in
 * /run/ndisload/wpa_supplicant (0700, root only), and no secret is ever on
 * its command line or in a file it reads: networks are set over the socket.
 */
#ifndef NDL_WIFI_SUPP_H
#define NDL_WIFI_SUPP_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/err.h"

#define WIFI_REPLY_MAX	8192

struct wpa_ctrl;

struct wifi_supp {
	char ifname[16];
	struct wpa_ctrl *ctrl;		/* requests */
	struct wpa_ctrl *mon;		/* events, when attached */
};

/*
 * Connect to IFACE's wpa_supplicant, starting it first when none answers.
 * 0, or -1 with err (wpa_supplicant missing, refused the interface, ...).
 */
int wifi_supp_open(struct wifi_supp *s, const char *ifname, struct ndl_err *err);
void wifi_supp_close(struct wifi_supp *s);
/* Stop IFACE's wpa_supplicant (if any) and remove its files. */
void wifi_supp_stop(const char *ifname);

/*
 * One request; the reply (NUL-terminated) in out. A reply starting with
 * "FAIL" is an error naming what (the request without its value).
 */
int wifi_supp_request(struct wifi_supp *s, const char *cmd, char *out,
		      size_t size, struct ndl_err *err);
/* A request that must answer "OK". */
int wifi_supp_ok(struct wifi_supp *s, const char *cmd, struct ndl_err *err);

/* Start listening for events (before the request whose end they report). */
int wifi_supp_attach(struct wifi_supp *s, struct ndl_err *err);
/*
 * Wait up to timeout_ms for an event whose text contains one of the
 * needles (NULL-terminated list); its text in out. Index of the needle, or
 * -1 on timeout.
 */
int wifi_supp_wait(struct wifi_supp *s, const char *const *needles,
		   int timeout_ms, char *out, size_t size);

/* Value of "key=" in a key=value reply ("" when absent); copies to out. */
const char *wifi_kv(const char *reply, const char *key, char *out, size_t size);
/* The last line of the interface's wpa_supplicant log containing needle. */
bool wifi_supp_log_last(const char *ifname, const char *needle, char *out,
			size_t size);

#endif
