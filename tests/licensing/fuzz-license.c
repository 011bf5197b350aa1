// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target for the license parser: any input either parses or is
 * refused with a message; what parses formats back to text that parses to
 * the same license (the canonical form is a fixed point), and verifying it
 * never crashes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ndl_license.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct ndl_license lic, again;
	static char text[NDL_LICENSE_MAX + 512], err[NDL_LIC_ERRLEN];
	static struct ndl_lic_pubkey pub;	/* an all-zero key: verification must fail cleanly */
	char *copy, out[NDL_LIC_ITEM_MAX];
	int n;

	if (ndl_license_parse((const char *)data, size, &lic, err, sizeof(err)) == NDL_LIC_OK) {
		n = ndl_license_format(&lic, text, sizeof(text));
		if (n < 0 || ndl_license_parse(text, (size_t)n, &again, err, sizeof(err)) != NDL_LIC_OK ||
		    memcmp(&lic, &again, sizeof(lic)) != 0)
			abort();
		if (ndl_license_verify(&lic, &pub, err, sizeof(err)) == NDL_LIC_OK)
			abort();
	} else if (!err[0]) {
		abort();	/* every refusal says why */
	}
	/* The same bytes as single list entries. */
	copy = malloc(size + 1);
	if (!copy)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	ndl_lic_hostid_normalize(copy, out, sizeof(out), err, sizeof(err));
	ndl_lic_device_id_normalize(copy, out, sizeof(out), err, sizeof(err));
	ndl_lic_mac_normalize(copy, out, sizeof(out), err, sizeof(err));
	free(copy);
	return 0;
}
