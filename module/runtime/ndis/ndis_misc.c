// SPDX-License-Identifier: GPL-2.0-only
/*
 * Remaining ndis.sys services: version and processor queries, system
 * time, NdisGetRoutineAddress, and the failover/removal requests a
 * miniport may make.
 */
#include "ndis/ndis_priv.h"

#define NDL_NDIS_VERSION_WORD 0x0501

UINT NTAPI ndlw_NdisGetVersion(void)
{
	return NDL_NDIS_VERSION_WORD;
}

CCHAR NTAPI ndlw_NdisSystemProcessorCount(void)
{
	u32 n = ndl_os_cpu_count();

	return (CCHAR)(n > 64 ? 64 : n);
}

void NTAPI ndlw_NdisGetSystemUpTime(ULONG *ms)
{
	*ms = (ULONG)(ndl_os_monotonic_ns() / 1000000);
}

/*
 * The runtime does not account idle time: the idle count stays 0 and the
 * busy count advances with the clock (in 100 ns), so a driver sees a
 * busy processor rather than invented idleness.
 */
void NTAPI ndlw_NdisGetCurrentProcessorCounts(ULONG *idle, ULONG *busy,
					      ULONG *index)
{
	if (idle)
		*idle = 0;
	if (busy)
		*busy = (ULONG)(ndl_os_monotonic_ns() / 100);
	if (index)
		*index = ndl_os_cpu_id();
}

void NTAPI ndlw_NdisGetCurrentProcessorCpuUsage(ULONG *usage)
{
	*usage = 0;
}

/* The miniport reports its device failed: tell the host. */
NDIS_STATUS NTAPI ndlw_NdisMRemoveMiniport(NDIS_HANDLE h)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMRemoveMiniport");

	if (!ad)
		return NDIS_STATUS_FAILURE;
	ndl_err("%s: the miniport asks to be removed (device failure)",
		ad->name);
	ndl_status_event(ad, NDL_STATUS_OTHER, NDIS_STATUS_ADAPTER_REMOVED,
			 NULL, 0);
	return NDIS_STATUS_SUCCESS;
}

/* Load-balancing/failover bundles do not exist here. */
NDIS_STATUS NTAPI ndlw_NdisMSetMiniportSecondary(NDIS_HANDLE h,
						 NDIS_HANDLE primary)
{
	return NDIS_STATUS_NOT_SUPPORTED;
}

NDIS_STATUS NTAPI ndlw_NdisMPromoteMiniport(NDIS_HANDLE h)
{
	return NDIS_STATUS_NOT_SUPPORTED;
}

/* The upper byte of cancel IDs a driver builds for NdisCancelSendPackets. */
UCHAR NTAPI ndlw_NdisGeneratePartialCancelId(void)
{
	static u8 next;

	return (UCHAR)__atomic_add_fetch(&next, 1, __ATOMIC_RELAXED);
}
