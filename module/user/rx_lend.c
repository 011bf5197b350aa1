// SPDX-License-Identifier: GPL-2.0-only
/*
 * Receive buffers a user host keeps instead of copying (ndl_rx_frame.kept):
 * the user-space counterpart of the kernel host's page references. A host
 * holds a buffer while it uses it and releases it when done; the runtime
 * asks ndl_os_rx_buf_busy before giving the packet back to the miniport.
 * A buffer may be held more than once (as a page may be referenced by
 * several skbs); it is busy until every hold is released.
 */
#include "host.h"

#define MAX_HELD	256

struct held {
	const u8 *va;
	u32 len;
};
static struct held held[MAX_HELD];
static u32 nheld;

bool ndl_user_rx_hold(const void *va, u32 len)
{
	if (nheld == MAX_HELD || !len)
		return false;
	held[nheld++] = (struct held){ va, len };
	return true;
}

bool ndl_user_rx_release(const void *va)
{
	for (u32 i = 0; i < nheld; i++) {
		if (held[i].va == va) {
			held[i] = held[--nheld];
			return true;
		}
	}
	return false;
}

bool ndl_os_rx_buf_busy(const void *va, u32 len)
{
	const u8 *p = va;

	for (u32 i = 0; i < nheld; i++)
		if (held[i].va < p + len && p < held[i].va + held[i].len)
			return true;
	return false;
}
