/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The running daemon: its settings, the API token, sessions, the failed-login
 * limiter and its delayed answers, the loaded pages and the libmicrohttpd daemons (one per listening
 * address), all shared by every worker thread.
 */
#ifndef WC_SERVER_H
#define WC_SERVER_H

#include <json-c/json.h>
#include <microhttpd.h>

#include "config.h"
#include "deadline.h"
#include "delay.h"
#include "ratelimit.h"
#include "secret.h"
#include "session.h"

struct wc_www;

#define WC_MAX_LISTENERS 3

struct wc_server {
	const struct wc_config *cfg;
	char token[WC_TOKEN_MAX];
	struct wc_sessions sessions;
	struct wc_ratelimit ratelimit;
	struct wc_deadlines deadlines;
	struct wc_delays delays;	/* answers to wrong tokens */
	struct wc_www *www;
	json_object *brand;		/* checked brand.json, or NULL */
	struct MHD_Daemon *daemons[WC_MAX_LISTENERS];
	int ndaemons;
};

/* Starts a daemon on every listening socket (fds taken over). */
int wc_server_start(struct wc_server *srv, const int *fds, int nfds);
void wc_server_stop(struct wc_server *srv);

#endif
