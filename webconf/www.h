/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The static pages, read into memory once at start: only regular files with
 * plain names in the www directory and its assets/ subdirectory, of known
 * types, are served. A URL can therefore never reach another file.
 */
#ifndef WC_WWW_H
#define WC_WWW_H

#include <stdbool.h>
#include <stddef.h>

struct wc_www_file {
	char url[160];		/* "/index.html", "/assets/app.js" */
	const char *type;	/* Content-Type */
	char *data;
	size_t len;
	char etag[24];
	bool public;		/* reachable before login */
};

struct wc_www {
	struct wc_www_file *files;
	size_t n;
};

/* Loads dir; prints why and returns NULL when it cannot be used. */
struct wc_www *wc_www_load(const char *dir);
void wc_www_free(struct wc_www *www);
const struct wc_www_file *wc_www_find(const struct wc_www *www, const char *url);
/* The Content-Type for a file name by its extension; NULL when not served. */
const char *wc_www_type(const char *name);

#endif
