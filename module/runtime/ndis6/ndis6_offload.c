// SPDX-License-Identifier: GPL-2.0-only
/*
 * NDIS 6 checksum offload. The offload attributes are not read yet
 * (ndis6_adapter.c notes them): an NDIS 6 miniport is offered nothing,
 * as before the front end (ndis/ndis_offload.c) existed.
 */
#include "ndis/ndis_priv.h"
#include "ndis/ndis_status.h"

void ndl6_csum_caps(struct ndl_adapter *ad, struct ndl_csum_offload *caps)
{
	ndl_memset(caps, 0, sizeof(*caps));
}

u32 ndl6_csum_enable(struct ndl_adapter *ad, const struct ndl_csum_offload *on)
{
	return NDIS_STATUS_NOT_SUPPORTED;
}
