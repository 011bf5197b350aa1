/* SPDX-License-Identifier: GPL-2.0-only */
/* The daemon's settings: defaults, NDISLOAD_ROOT paths and the command line. */
#ifndef WC_CONFIG_H
#define WC_CONFIG_H

#include <limits.h>
#include <stddef.h>
#include <stdbool.h>

#define WC_DEFAULT_PORT		8087
#define WC_MAX_JSON		(64 * 1024)	/* = the helper's message cap */
#define WC_MAX_HEADERS		(32 * 1024)	/* request line + headers */
/*
 * libmicrohttpd's memory pool per connection (headers, then the reply's
 * header block). Above 32 KiB it maps each pool with mmap and unmaps it when
 * the connection closes; at 32 KiB or less it takes it from malloc, and a
 * burst of hundreds of connections left megabytes of freed pools in the
 * allocator's arenas. One page over the header limit keeps it mapped.
 */
#define WC_CONN_POOL		(WC_MAX_HEADERS + 4096)
#define WC_MAX_UPLOAD_FILES	16		/* = the helper's fds per message */

struct wc_config {
	unsigned short port;
	const char *demo_listen;	/* extra address, demo VM only; NULL */
	char helper_socket[PATH_MAX];
	char token_file[PATH_MAX];
	char www_dir[PATH_MAX];
	char brand_dir[PATH_MAX];
	char tmp_dir[PATH_MAX];
	size_t max_upload;		/* bytes per upload request */
	unsigned int max_connections;	/* all listeners together */
	unsigned int max_per_address;	/* from one client address */
	unsigned int header_timeout;	/* seconds for request line + headers */
	unsigned int idle_timeout;	/* seconds without traffic */
	unsigned int request_timeout;	/* seconds for one whole request */
	unsigned int helper_timeout;	/* seconds to wait for the helper */
	unsigned int threads;
	bool verbose;
};

/*
 * Fills cfg from defaults, NDISLOAD_ROOT and argv. Returns 0 to run, 1 when
 * --help/--version was answered, -1 after printing a usage error.
 */
int wc_config_parse(struct wc_config *cfg, int argc, char **argv);

#endif
