// SPDX-License-Identifier: GPL-2.0-only
/*
 * What an NDIS 6 resource export's NdisHandle may be: a handle NDIS gave
 * the driver while it initialized, i.e. a miniport adapter handle or the
 * driver handle of NdisMRegisterMiniportDriver. Anything else is refused
 * with a log line naming the export.
 */
#include "ndis6/ndis6_priv.h"

enum ndl_ndis6_handle ndl_ndis6_handle_kind(NDIS_HANDLE h, const char *fn)
{
	const struct ndl_ndis_driver *nd = h;
	const struct ndl_adapter *ad = h;

	/* the driver's magic first: it is a smaller structure */
	if (h && nd->magic == NDL_NDIS_DRIVER_MAGIC)
		return NDL_NDIS6_DRIVER_HANDLE;
	if (h && ad->magic == NDL_ADAPTER_MAGIC)
		return NDL_NDIS6_ADAPTER_HANDLE;
	ndl_err("%s: %p is neither a miniport adapter handle nor an NDIS driver handle",
		fn, h);
	return NDL_NDIS6_BAD_HANDLE;
}
