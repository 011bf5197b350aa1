// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload-webconf: start-up and shut-down. Loads the token and the pages,
 * opens the loopback listeners and runs until SIGINT/SIGTERM.
 */
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "brand.h"
#include "config.h"
#include "listen.h"
#include "log.h"
#include "server.h"
#include "www.h"

static int open_listeners(const struct wc_config *cfg, int *fds)
{
	bool unavailable;
	int n = 0;

	fds[n] = wc_listen("127.0.0.1", cfg->port, &unavailable);
	if (fds[n] < 0)
		return -1;
	n++;
	fds[n] = wc_listen("::1", cfg->port, &unavailable);
	if (fds[n] >= 0)
		n++;
	else if (!unavailable)
		return -1;
	else
		wc_log("IPv6 loopback is not available; serving 127.0.0.1 only");
	if (cfg->demo_listen) {
		wc_log("WARNING: --demo-insecure-listen %s: also listening beyond loopback. "
		       "This is for the QEMU demo VM only.", cfg->demo_listen);
		fds[n] = wc_listen(cfg->demo_listen, cfg->port, &unavailable);
		if (fds[n] < 0)
			return -1;
		n++;
	}
	return n;
}

/* Descriptors for every connection the table allows, plus listeners and spool files. */
static void raise_fd_limit(unsigned int connections)
{
	rlim_t want = (rlim_t)connections + 64;
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) || rl.rlim_cur >= want)
		return;
	rl.rlim_cur = rl.rlim_max < want ? rl.rlim_max : want;
	if (setrlimit(RLIMIT_NOFILE, &rl) || rl.rlim_cur < want)
		wc_log("note: only %lu file descriptors for %u connections; "
		       "lower --max-connections or raise the limit",
		       (unsigned long)rl.rlim_cur, connections);
}

int main(int argc, char **argv)
{
	static struct wc_config cfg;
	static struct wc_server srv;
	int fds[WC_MAX_LISTENERS], nfds, sig, rc;
	struct stat st;
	sigset_t set;

	/*
	 * One malloc arena for every thread: glibc otherwise adds an arena
	 * (each some 100-200 KiB resident) whenever two threads contend, up
	 * to 8 per CPU, so each flood left the daemon a little larger until
	 * the cap. The daemon's threads allocate little; one arena costs
	 * nothing measurable in requests/s (make bench).
	 */
	mallopt(M_ARENA_MAX, 1);
	rc = wc_config_parse(&cfg, argc, argv);
	if (rc)
		return rc > 0 ? 0 : 2;
	srv.cfg = &cfg;
	if (wc_token_load(cfg.token_file, srv.token))
		return 1;
	srv.www = wc_www_load(cfg.www_dir);
	if (!srv.www)
		return 1;
	srv.brand = wc_brand_load(cfg.brand_dir);
	wc_sessions_init(&srv.sessions);
	wc_ratelimit_init(&srv.ratelimit);
	if (stat(cfg.helper_socket, &st) < 0)
		wc_log("note: the helper socket %s does not exist yet; "
		       "requests will fail until ndisload serve runs", cfg.helper_socket);

	/* Signals are taken synchronously below; worker threads inherit the mask. */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);

	raise_fd_limit(cfg.max_connections);
	nfds = open_listeners(&cfg, fds);
	if (nfds < 0)
		return 1;
	if (wc_deadlines_start(&srv.deadlines, &cfg) ||
	    wc_delays_start(&srv.delays) || wc_server_start(&srv, fds, nfds)) {
		wc_server_stop(&srv);
		return 1;
	}
	wc_log("ndisload-webconf %s listening on http://localhost:%u (pages: %s, helper: %s)",
	       WC_VERSION, cfg.port, cfg.www_dir, cfg.helper_socket);
	while (sigwait(&set, &sig) == 0 && sig != SIGINT && sig != SIGTERM)
		;
	wc_log("stopping on signal %d", sig);
	wc_delays_stop(&srv.delays);	/* resumes what it suspended: before the daemons stop */
	wc_server_stop(&srv);
	wc_deadlines_stop(&srv.deadlines);
	wc_www_free(srv.www);
	json_object_put(srv.brand);
	return 0;
}
