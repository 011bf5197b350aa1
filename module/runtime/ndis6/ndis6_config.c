// SPDX-License-Identifier: GPL-2.0-only
/*
 * NdisOpenConfigurationEx: the configuration handle of NDIS 6 drivers,
 * from an NDIS_CONFIGURATION_OBJECT naming the adapter. The handle is the
 * one NdisOpenConfiguration gives (the adapter's registry key), so
 * NdisReadConfiguration, NdisWriteConfiguration, the subkey functions,
 * NdisReadNetworkAddress and NdisCloseConfiguration work on it as is.
 */
#include "ndis6/ndis6_priv.h"

NDIS_STATUS NTAPI ndlw_NdisOpenConfigurationEx(
	const NDIS_CONFIGURATION_OBJECT *obj, NDIS_HANDLE *out)
{
	enum ndl_ndis6_handle kind;
	NDIS_STATUS st;

	if (out)
		*out = NULL;
	if (!obj || !out) {
		ndl_err("NdisOpenConfigurationEx: NULL %s",
			obj ? "ConfigurationHandle" : "ConfigObject");
		return NDIS_STATUS_FAILURE;
	}
	if (obj->Header.Type != NDIS_OBJECT_TYPE_CONFIGURATION_OBJECT ||
	    obj->Header.Revision < NDIS_CONFIGURATION_OBJECT_REVISION_1 ||
	    obj->Header.Size < NDIS_SIZEOF_CONFIGURATION_OBJECT_REVISION_1) {
		ndl_err("NdisOpenConfigurationEx: header type 0x%02x revision %u size %u is not an NDIS_CONFIGURATION_OBJECT revision 1",
			obj->Header.Type, obj->Header.Revision,
			obj->Header.Size);
		return NDIS_STATUS_FAILURE;
	}
	if (obj->Flags & NDIS_CONFIG_FLAG_FILTER_INSTANCE_CONFIGURATION) {
		ndl_err("NdisOpenConfigurationEx: NDIS_CONFIG_FLAG_FILTER_INSTANCE_CONFIGURATION is for filter drivers");
		return NDIS_STATUS_FAILURE;
	}
	kind = ndl_ndis6_handle_kind(obj->NdisHandle, "NdisOpenConfigurationEx");
	if (kind == NDL_NDIS6_BAD_HANDLE)
		return NDIS_STATUS_FAILURE;
	if (kind == NDL_NDIS6_DRIVER_HANDLE) {
		/* a driver handle: drivers keep no registry of their own here */
		ndl_err("NdisOpenConfigurationEx: %p is a driver handle; only an adapter's configuration is kept",
			obj->NdisHandle);
		return NDIS_STATUS_FAILURE;
	}
	ndlw_NdisOpenConfiguration(&st, out, obj->NdisHandle);
	return st;
}
