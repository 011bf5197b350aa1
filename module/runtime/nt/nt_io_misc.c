// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rest of the I/O manager a driver may call: IoGetStackLimits, the
 * Plug and Play manager's invalidation requests, and the refusal of
 * IoGetDeviceObjectPointer.
 */
#include "nt/nt_device.h"
#include "nt/nt_status.h"
#include "nt/nt_exports.h"

void NTAPI ndlw_IoGetStackLimits(ULONG_PTR *low, ULONG_PTR *high)
{
	uintptr_t lo, hi;

	ndl_os_stack_limits(&lo, &hi);
	*low = lo;
	*high = hi;
}

/*
 * The devices here are the ones the host bound; no bus driver enumerates
 * children, so there are no relations to query again. Logged, not acted on.
 */
void NTAPI ndlw_IoInvalidateDeviceRelations(DEVICE_OBJECT *dev, ULONG type)
{
	ndl_info("IoInvalidateDeviceRelations(%p, %u): no child devices are enumerated here",
		 dev, type);
}

void NTAPI ndlw_IoInvalidateDeviceState(DEVICE_OBJECT *pdo)
{
	ndl_info("IoInvalidateDeviceState(%p): device state changes are reported through NDIS here",
		 pdo);
}

/*
 * Windows opens the named device and returns its file object with a
 * reference. The only named devices here are the calling driver's own
 * control devices; no other driver's device (\Device\Tcp, ...) exists, so
 * every name is reported as not found, which drivers handle.
 */
NTSTATUS NTAPI ndlw_IoGetDeviceObjectPointer(UNICODE_STRING *name,
					     ACCESS_MASK access,
					     FILE_OBJECT **file,
					     DEVICE_OBJECT **dev)
{
	char n[96];

	ndl_name_from_ustr(name, n, sizeof(n));
	ndl_info("IoGetDeviceObjectPointer(%s): no such device here", n);
	if (file)
		*file = NULL;
	if (dev)
		*dev = NULL;
	return STATUS_OBJECT_NAME_NOT_FOUND;
}
