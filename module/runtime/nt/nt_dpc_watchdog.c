// SPDX-License-Identifier: GPL-2.0-only
/*
 * KeQueryDpcWatchdogInformation. Only a DPC routine may ask: on any other
 * context it fails with STATUS_UNSUCCESSFUL, as documented. The runtime
 * runs DPCs without a time-out or watchdog (nothing bug-checks a long DPC;
 * the host kernel's own lock-up detectors are not something a driver can
 * pace itself against), so both limits read 0, the documented "disabled",
 * and the counts with them: drivers then take their no-watchdog path.
 */
#include "nt/nt_procgroup.h"
#include "nt/nt_queue.h"
#include "nt/nt_status.h"

NTSTATUS NTAPI ndlw_KeQueryDpcWatchdogInformation(KDPC_WATCHDOG_INFORMATION *wi)
{
	if (!wi)
		return STATUS_INVALID_PARAMETER;
	if (!ndl_dpc_running_here())
		return STATUS_UNSUCCESSFUL;
	wi->DpcTimeLimit = 0;
	wi->DpcTimeCount = 0;
	wi->DpcWatchdogLimit = 0;
	wi->DpcWatchdogCount = 0;
	wi->Reserved = 0;
	return STATUS_SUCCESS;
}
