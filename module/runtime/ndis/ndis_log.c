// SPDX-License-Identifier: GPL-2.0-only
/*
 * Driver logging to the host log: NdisWriteErrorLogEntry,
 * NdisWriteEventLogEntry and the miniport log (NdisMCreateLog,
 * NdisMWriteLogData, NdisMFlushLog, NdisMCloseLog).
 */
#include "ndis/ndis_priv.h"

#define LOG_MAGIC 0x4e444c4d4c4f4748ull	/* "NDLMLOGH" */

struct mlog {
	u64 magic;
	struct ndl_adapter *ad;
	UINT size;
};

/* NDIS_ERROR_CODE values name the failure; the values are driver data. */
void WINCDECL ndlw_NdisWriteErrorLogEntry(NDIS_HANDLE h, ULONG code,
					  ULONG nvalues, ...)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisWriteErrorLogEntry");
	char line[160];
	size_t n;
	win_va_list ap;

	n = ndl_snprintf(line, sizeof(line), "%s: error log entry 0x%08x",
			 ad ? ad->name : "?", code);
	win_va_start(ap, nvalues);
	for (ULONG i = 0; i < nvalues && i < 8 && n < sizeof(line); i++)
		n += ndl_snprintf(line + n, sizeof(line) - n, " 0x%x",
				  win_va_arg(ap, ULONG));
	win_va_end(ap);
	ndl_warn("%s", line);
}

NDIS_STATUS NTAPI ndlw_NdisWriteEventLogEntry(void *obj, ULONG code,
					      ULONG unique, USHORT nstrings,
					      void *strings, ULONG data_size,
					      void *data)
{
	struct ndl_driver *drv = ndl_driver_from_object(obj);

	ndl_info("%s: event log entry 0x%08x (%u string(s), %u data bytes)",
		 drv ? drv->name : "?", code, nstrings, data_size);
	return NDIS_STATUS_SUCCESS;
}

void NTAPI ndlw_NdisMCreateLog(NDIS_STATUS *status, NDIS_HANDLE h, UINT size,
			       NDIS_HANDLE *log)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMCreateLog");
	struct mlog *l;

	*log = NULL;
	*status = NDIS_STATUS_FAILURE;
	if (!ad)
		return;
	l = ndl_alloc(sizeof(*l), NDL_OS_ZERO);
	if (!l) {
		*status = NDIS_STATUS_RESOURCES;
		return;
	}
	l->magic = LOG_MAGIC;
	l->ad = ad;
	l->size = size;
	*log = l;
	*status = NDIS_STATUS_SUCCESS;
}

static struct mlog *mlog_get(NDIS_HANDLE h)
{
	struct mlog *l = h;

	return l && l->magic == LOG_MAGIC ? l : NULL;
}

void NTAPI ndlw_NdisMWriteLogData(NDIS_HANDLE h, void *buf, UINT len)
{
	struct mlog *l = mlog_get(h);

	if (l)
		ndl_dbg("%s: miniport log: %u bytes", l->ad->name, len);
}

void NTAPI ndlw_NdisMFlushLog(NDIS_HANDLE h)
{
}

void NTAPI ndlw_NdisMCloseLog(NDIS_HANDLE h)
{
	struct mlog *l = mlog_get(h);

	if (!l)
		return;
	l->magic = 0;
	ndl_free(l);
}
