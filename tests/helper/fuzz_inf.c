// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target: the whole .inf parser on arbitrary bytes. The input is
 * split at the first "\n;;INCLUDE;;\n" into a main .inf and an included
 * one, so Include=/Needs= paths are fuzzed too. tests/suites/fuzz-inf.sh.
 */
#include <stdint.h>
#include <string.h>

#include "inf/inf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char sep[] = "\n;;INCLUDE;;\n";
	struct inf_pkg_file files[3] = {
		{ .name = "main.inf", .data = data, .len = size },
		{ .name = "inc.inf", .data = "", .len = 0 },
		{ .name = "drv.sys", .data = NULL, .len = 0 },
	};
	struct inf_options opt = { .locale = "0407" };
	struct ndl_err err;
	struct inf_driver *d;
	const uint8_t *cut = size > sizeof(sep) ?
		memmem(data, size, sep, sizeof(sep) - 1) : NULL;

	if (cut) {
		files[0].len = (size_t)(cut - data);
		files[1].data = cut + sizeof(sep) - 1;
		files[1].len = size - files[0].len - (sizeof(sep) - 1);
	}
	d = inf_parse_package(files, 3, 0, &opt, &err);
	inf_driver_free(d);
	return 0;
}
