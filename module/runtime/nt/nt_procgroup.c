// SPDX-License-Identifier: GPL-2.0-only
/*
 * Processor groups: KeQueryActiveProcessorCountEx, KeSetTargetProcessorDpcEx.
 * The runtime presents one group (0) of KeNumberProcessors processors, so
 * the group forms answer exactly as the group-0 forms do and refuse any
 * other group, as Windows does for a group that does not exist.
 */
#include "nt/nt_procgroup.h"
#include "nt/nt_status.h"
#include "nt/nt_exports.h"

ULONG NTAPI ndlw_KeQueryActiveProcessorCountEx(USHORT group)
{
	if (group != 0 && group != ALL_PROCESSOR_GROUPS)
		return 0;
	return ndlw_KeQueryActiveProcessorCount(NULL);
}

NTSTATUS NTAPI ndlw_KeSetTargetProcessorDpcEx(KDPC *dpc,
					      const PROCESSOR_NUMBER *pn)
{
	if (!dpc || !pn || pn->Group != 0 ||
	    pn->Number >= ndlw_KeQueryActiveProcessorCount(NULL))
		return STATUS_INVALID_PARAMETER;
	ndlw_KeSetTargetProcessorDpc(dpc, (CCHAR)pn->Number);
	return STATUS_SUCCESS;
}
