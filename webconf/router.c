// SPDX-License-Identifier: GPL-2.0-only
/* Matching a request against the route table. */
#include "routes.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Path arguments: plain names of drivers and devices, never paths. */
static bool arg_ok(const char *s, size_t n)
{
	if (n == 0 || n >= WC_ARG_MAX || (n <= 2 && !strncmp(s, "..", n)))
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || strchr("._:-", c)))
			return false;
	}
	return true;
}

static bool match(const char *pattern, const char *url, struct wc_request *req)
{
	int nargs = 0;

	while (*pattern) {
		if (pattern[0] == '*' && pattern[1] == 0)
			return true;
		if (pattern[0] == '{' && pattern[1] == '}') {
			size_t n = strcspn(url, "/");

			if (nargs == WC_MAX_ARGS || !arg_ok(url, n))
				return false;
			memcpy(req->args[nargs], url, n);
			req->args[nargs++][n] = 0;
			url += n;
			pattern += 2;
			continue;
		}
		if (*pattern++ != *url++)
			return false;
	}
	return *url == 0;
}

static bool method_is(const struct wc_route *r, const char *method)
{
	return !strcmp(r->method, method) ||
	       (!strcmp(method, "HEAD") && !strcmp(r->method, "GET"));
}

enum wc_match wc_route_find(struct wc_request *req, char *allow, size_t allow_size)
{
	bool url_known = false;
	size_t used = 0;

	allow[0] = 0;
	for (const struct wc_route *r = wc_routes; r->pattern; r++) {
		if (!match(r->pattern, req->url, req))
			continue;
		if (method_is(r, req->method)) {
			req->route = r;
			return WC_MATCH_OK;
		}
		url_known = true;
		if (!strstr(allow, r->method) && used + strlen(r->method) + 7 < allow_size)
			used += (size_t)snprintf(allow + used, allow_size - used, "%s%s%s",
						 used ? ", " : "", r->method,
						 strcmp(r->method, "GET") ? "" : ", HEAD");
	}
	return url_known ? WC_MATCH_NO_METHOD : WC_MATCH_NO_URL;
}
