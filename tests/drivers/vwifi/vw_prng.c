// SPDX-License-Identifier: GPL-2.0-only
/*
 * Random bytes for ANonces and group keys: HMAC-SHA1 in counter mode under
 * a key that absorbs whatever entropy the caller has (the driver: time
 * stamps, performance counter, MAC address), re-keyed after every request
 * so earlier outputs cannot be recomputed from the state.
 */
#include <string.h>

#include "vw_bytes.h"
#include "vw_sim.h"

void vw_prng_seed(struct vw_prng *p, const void *data, size_t len)
{
	struct vw_hmac h;

	vw_hmac_sha1_init(&h, p->key, sizeof(p->key));
	vw_hmac_sha1_update(&h, "seed", 4);
	vw_hmac_sha1_update(&h, data, len);
	vw_hmac_sha1_final(&h, p->key);
}

void vw_prng_bytes(void *ctx, uint8_t *out, size_t len)
{
	struct vw_prng *p = ctx;
	uint8_t block[VW_SHA1_LEN], ctr[8];
	size_t n;

	while (len) {
		vw_put_be64(ctr, p->counter++);
		vw_hmac_sha1(p->key, sizeof(p->key), ctr, sizeof(ctr), block);
		n = len < sizeof(block) ? len : sizeof(block);
		memcpy(out, block, n);
		out += n;
		len -= n;
	}
	vw_put_be64(ctr, p->counter++);
	vw_hmac_sha1(p->key, sizeof(p->key), ctr, sizeof(ctr), block);
	memcpy(p->key, block, sizeof(p->key));
	vw_wipe(block, sizeof(block));
}
