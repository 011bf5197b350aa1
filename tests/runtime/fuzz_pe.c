// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target for the PE loader: parse, then fully load (map,
 * relocate, bind with logging stubs, protect) and unload every input.
 * No driver code runs. Seeded with the fixtures and test miniports.
 */
#include <stdlib.h>

#include "host.h"
#include "pe/pe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool ready;
	struct ndl_load_opts opts = { .bind_stubs = true, .trap_cr8 = true };
	struct ndl_pe_info info;
	struct ndl_pe_error err;
	struct ndl_image *img;

	if (!ready) {
		ndl_user_log_level(NDL_LOG_ERR);
		ndl_user_log_hook(NULL, NULL);
		if (ndl_user_init())
			abort();
		ready = true;
	}
	if (ndl_pe_parse(data, size, &info, &err) == 0)
		ndl_pe_info_free(&info);
	if (ndl_pe_load(data, size, &opts, &img, &err) == 0)
		ndl_pe_unload(img);
	return 0;
}
