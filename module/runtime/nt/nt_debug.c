// SPDX-License-Identifier: GPL-2.0-only
/*
 * Debug output and fatal errors: DbgPrint(Ex), vDbgPrintEx (filtered by
 * level and rate-limited), DbgBreakPoint,
 * RtlAssert, KeBugCheck(Ex) (reported through ndl_os_bugcheck, never back
 * into the driver), bug-check callbacks (accepted, never invoked).
 */
#include "nt/nt_api.h"
#include "nt/nt_status.h"
#include "nt/nt_sync.h"
#include "nt/nt_exports.h"

/*
 * Which DbgPrintEx levels reach the log, as Windows' component filter
 * masks decide it (one mask for every component here): a Level of 0-31
 * is bit (1 << Level), a larger Level is a mask itself; the message is
 * shown when that shares a bit with the mask. The default is Windows':
 * DPFLTR_ERROR_LEVEL (bit 0) only. DbgPrint is DbgPrintEx(DEFAULT_ID,
 * DPFLTR_INFO_LEVEL), as since Windows Vista. The host may change it
 * (kernel: the dbgprint_mask module parameter).
 */
u32 ndl_dbgprint_mask = NDL_DBGPRINT_DEFAULT_MASK;

#define DPFLTR_INFO_LEVEL	3
#define DPFLTR_DEFAULT_ID	101
/* At most this many lines a second reach the log (burst: one second's). */
#define DBG_LINES_PER_SEC	20

static bool dbg_wanted(u32 level)
{
	u32 bits = level < 32 ? 1u << level : level;

	return bits & __atomic_load_n(&ndl_dbgprint_mask, __ATOMIC_RELAXED);
}

/* A token bucket, refilled each second; lines over it are counted. */
static bool dbg_rate_ok(u32 *suppressed)
{
	static u64 window_start;
	static u32 used, dropped;
	static KSPIN_LOCK lock;
	u64 now = ndl_os_monotonic_ns();
	bool ok;
	KIRQL old;

	old = ndl_lock_any(&lock);
	if (now - window_start >= 1000000000ull) {
		window_start = now;
		used = 0;
	}
	ok = used < DBG_LINES_PER_SEC;
	*suppressed = 0;
	if (ok) {
		used++;
		*suppressed = dropped;
		dropped = 0;
	} else {
		dropped++;
	}
	ndl_unlock_any(&lock, old);
	return ok;
}

static void dbg_vprint(u32 component, u32 level, const char *fmt,
		       win_va_list *ap)
{
	char line[512];		/* a call sends at most 512 bytes */
	struct ndl_fmt_out out = { .buf = line, .size = sizeof(line) };
	struct ndl_fmt_args args = { .kind = 1, .win = ap };
	u32 suppressed;
	size_t n;

	if (!dbg_wanted(level) || !dbg_rate_ok(&suppressed))
		return;
	ndl_fmt(&out, fmt, false, &args);
	n = out.len < sizeof(line) ? out.len : sizeof(line) - 1;
	line[n] = 0;
	while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
		line[--n] = 0;	/* the host adds its own line ends */
	if (suppressed)
		ndl_log(NDL_LOG_INFO, "DbgPrint: %u lines suppressed (more than %u a second)",
			suppressed, DBG_LINES_PER_SEC);
	ndl_log(NDL_LOG_INFO, "DbgPrint: %s", line);
}

ULONG WINCDECL ndlw_DbgPrint(const char *fmt, ...)
{
	win_va_list ap;

	win_va_start(ap, fmt);
	dbg_vprint(DPFLTR_DEFAULT_ID, DPFLTR_INFO_LEVEL, fmt, &ap);
	win_va_end(ap);
	return STATUS_SUCCESS;
}

ULONG WINCDECL ndlw_DbgPrintEx(ULONG component, ULONG level,
			       const char *fmt, ...)
{
	win_va_list ap;

	win_va_start(ap, fmt);
	dbg_vprint(component, level, fmt, &ap);
	win_va_end(ap);
	return STATUS_SUCCESS;
}

ULONG NTAPI ndlw_vDbgPrintEx(ULONG component, ULONG level, const char *fmt,
			     win_va_list ap)
{
	dbg_vprint(component, level, fmt, &ap);
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
