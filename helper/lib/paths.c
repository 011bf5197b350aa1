// SPDX-License-Identifier: GPL-2.0-only
/* State paths under $NDISLOAD_ROOT (see paths.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/paths.h"

const char *ndl_root(void)
{
	static char root[NDL_PATH_MAX];
	static bool done;

	if (!done) {
		const char *r = getenv("NDISLOAD_ROOT");
		size_t n;

		done = true;
		if (r && *r && strlen(r) < sizeof(root) - 256) {
			strcpy(root, r);
			n = strlen(root);
			while (n > 0 && root[n - 1] == '/')
				root[--n] = '\0';
		}
	}
	return root;
}

bool ndl_path(char *out, size_t size, const char *fmt, ...)
{
	const char *root = ndl_root();
	size_t n = strlen(root);
	va_list ap;
	int m;

	if (n >= size)
		return false;
	memcpy(out, root, n);
	va_start(ap, fmt);
	m = vsnprintf(out + n, size - n, fmt, ap);
	va_end(ap);
	if (m < 0 || (size_t)m >= size - n) {
		out[0] = '\0';
		return false;
	}
	return true;
}
