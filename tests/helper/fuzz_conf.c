// SPDX-License-Identifier: GPL-2.0-only
/* libFuzzer target: the /etc/ndisload configuration parser and writer. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "store/conf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct conf c, d;
	struct ndl_err err;
	char *out;

	conf_init(&c);
	if (conf_parse(&c, "fuzz.conf", (const char *)data, size, &err) == 0) {
		/* What we write must read back to the same entries. */
		out = conf_format(&c, "fuzz");
		conf_init(&d);
		if (out && (conf_parse(&d, "again.conf", out, strlen(out), &err) || d.n != c.n))
			abort();
		free(out);
		conf_free(&d);
	}
	conf_free(&c);
	return 0;
}
