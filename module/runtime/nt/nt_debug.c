// SPDX-License-Identifier: GPL-2.0-only
/*
 * Debug output and fatal errors: DbgPrint(Ex), vDbgPrintEx, DbgBreakPoint,
 * RtlAssert, KeBugCheck(Ex) (reported through ndl_os_bugcheck, never back
 * into the driver), bug-check callbacks (accepted, never invoked).
 */
#include "nt/nt_api.h"
#include "nt/nt_status.h"
#include "nt/nt_exports.h"

static void dbg_vprint(const char *fmt, win_va_list *ap)
{
	char line[512];
	struct ndl_fmt_out out = { .buf = line, .size = sizeof(line) };
	struct ndl_fmt_args args = { .kind = 1, .win = ap };
	size_t n;

	ndl_fmt(&out, fmt, false, &args);
	n = out.len < sizeof(line) ? out.len : sizeof(line) - 1;
	while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
		line[--n] = 0;	/* the host adds its own line ends */
	ndl_log(NDL_LOG_DEBUG, "DbgPrint: %s", line);
}

ULONG WINCDECL ndlw_DbgPrint(const char *fmt, ...)
{
	win_va_list ap;

	win_va_start(ap, fmt);
	dbg_vprint(fmt, &ap);
	win_va_end(ap);
	return STATUS_SUCCESS;
}

ULONG WINCDECL ndlw_DbgPrintEx(ULONG component, ULONG level,
			       const char *fmt, ...)
{
	win_va_list ap;

	win_va_start(ap, fmt);
	dbg_vprint(fmt, &ap);
	win_va_end(ap);
	return STATUS_SUCCESS;
}

ULONG NTAPI ndlw_vDbgPrintEx(ULONG component, ULONG level, const char *fmt,
			     win_va_list ap)
{
	dbg_vprint(fmt, &ap);
	return STATUS_SUCCESS;
}

void NTAPI ndlw_DbgBreakPoint(void)
{
	ndl_warn("driver hit DbgBreakPoint (no debugger attached: continuing)");
}

void NTAPI ndlw_DbgBreakPointWithStatus(ULONG status)
{
	ndl_warn("driver hit DbgBreakPointWithStatus(0x%x): continuing",
		 status);
}

void NTAPI ndlw_RtlAssert(void *assertion, void *file, ULONG line,
			  char *msg)
{
	ndl_err("driver assertion failed: %s at %s:%u%s%s",
		(const char *)assertion, (const char *)file, line,
		msg ? ": " : "", msg ? msg : "");
}

void NTAPI ndlw_KeBugCheckEx(ULONG code, ULONG_PTR p1, ULONG_PTR p2,
			     ULONG_PTR p3, ULONG_PTR p4)
{
	ndl_err("driver called KeBugCheckEx(0x%08x, 0x%llx, 0x%llx, 0x%llx, 0x%llx)",
		code, (unsigned long long)p1, (unsigned long long)p2,
		(unsigned long long)p3, (unsigned long long)p4);
	ndl_os_bugcheck(code, p1, p2, p3, p4);
}

void NTAPI ndlw_KeBugCheck(ULONG code)
{
	ndlw_KeBugCheckEx(code, 0, 0, 0, 0);
}

/*
 * Bug-check callbacks: accepted; a bug check here never writes a crash
 * dump, so they are never called.
 */
BOOLEAN NTAPI ndlw_KeRegisterBugCheckReasonCallback(void *record, void *fn,
						    int reason, void *comp)
{
	return TRUE;
}

BOOLEAN NTAPI ndlw_KeDeregisterBugCheckReasonCallback(void *record)
{
	return TRUE;
}

BOOLEAN NTAPI ndlw_KeRegisterBugCheckCallback(void *record, void *fn,
					      void *buf, ULONG len, void *comp)
{
	return TRUE;
}

BOOLEAN NTAPI ndlw_KeDeregisterBugCheckCallback(void *record)
{
	return TRUE;
}
