// SPDX-License-Identifier: GPL-2.0-only
/*
 * System information: versions (we present Windows XP x64 / Server 2003
 * SP2, the NDIS 5.1 host), processors and threads, MmGetSystemRoutineAddress
 * answered from the export tables, Rtl memory
 * helpers, and the data exports.
 */
#include "nt/nt_api.h"
#include "nt/nt_thread.h"
#include "nt/nt_status.h"
#include "nt/nt_exports.h"

#define NT_MAJOR 5
#define NT_MINOR 2
#define NT_BUILD 3790

/* Data exports. */
CCHAR ndlw_KeNumberProcessors = 1;	/* set by ndl_nt_system_init */
BOOLEAN ndlw_NlsMbCodePageTag = FALSE;	/* ANSI code page is single-byte */
BOOLEAN ndlw_NlsMbOemCodePageTag = FALSE;
ULONG ndlw_InitSafeBootMode;		/* normal boot */

void ndl_nt_system_init(void)
{
	u32 n = ndl_os_cpu_count();

	ndlw_KeNumberProcessors = (CCHAR)(n > 64 ? 64 : n ? n : 1);
}

BOOLEAN NTAPI ndlw_PsGetVersion(ULONG *major, ULONG *minor, ULONG *build,
				UNICODE_STRING *csd)
{
	if (major)
		*major = NT_MAJOR;
	if (minor)
		*minor = NT_MINOR;
	if (build)
		*build = NT_BUILD;
	if (csd)
		csd->Length = 0;
	return FALSE;	/* free build, not checked */
}

struct _RTL_OSVERSIONINFOW {
	ULONG dwOSVersionInfoSize;
	ULONG dwMajorVersion;
	ULONG dwMinorVersion;
	ULONG dwBuildNumber;
	ULONG dwPlatformId;
	WCHAR szCSDVersion[128];
};

NTSTATUS NTAPI ndlw_RtlGetVersion(RTL_OSVERSIONINFOW *v)
{
	static const char sp[] = "Service Pack 2";

	if (v->dwOSVersionInfoSize < sizeof(*v))
		return STATUS_INVALID_PARAMETER;
	v->dwMajorVersion = NT_MAJOR;
	v->dwMinorVersion = NT_MINOR;
	v->dwBuildNumber = NT_BUILD;
	v->dwPlatformId = 2;	/* VER_PLATFORM_WIN32_NT */
	for (u32 i = 0; i < sizeof(sp); i++)
		v->szCSDVersion[i] = (WCHAR)sp[i];
	return STATUS_SUCCESS;
}

/* WDM 1.20 (Server 2003) and everything before it. */
BOOLEAN NTAPI ndlw_IoIsWdmVersionAvailable(UCHAR major, UCHAR minor)
{
	return major < 1 || (major == 1 && minor <= 0x20);
}

BOOLEAN NTAPI ndlw_RtlIsServicePackVersionInstalled(ULONG version)
{
	return FALSE;
}

ULONG NTAPI ndlw_KeGetCurrentProcessorNumber(void)
{
	return ndl_os_cpu_id();
}

KAFFINITY NTAPI ndlw_KeQueryActiveProcessors(void)
{
	u32 n = (u32)ndlw_KeNumberProcessors;

	return n >= 64 ? ~(KAFFINITY)0 : ((KAFFINITY)1 << n) - 1;
}

ULONG NTAPI ndlw_KeQueryActiveProcessorCount(KAFFINITY *mask)
{
	if (mask)
		*mask = ndlw_KeQueryActiveProcessors();
	return (ULONG)ndlw_KeNumberProcessors;
}

/* On a system thread, its thread object (a driver compares the two). */
NTAPI void *ndlw_KeGetCurrentThread(void)
{
	void *t = ndl_thread_current_object();

	return t ? t : ndl_os_current_thread();
}

NTAPI void *ndlw_PsGetCurrentThread(void)
{
	return ndlw_KeGetCurrentThread();
}

HANDLE NTAPI ndlw_PsGetCurrentProcessId(void)
{
	return (HANDLE)(uintptr_t)4;	/* the System process */
}

HANDLE NTAPI ndlw_PsGetCurrentThreadId(void)
{
	return (HANDLE)ndl_os_current_thread();
}

/* Priorities are not modelled; report the default real-time one. */
LONG NTAPI ndlw_KeQueryPriorityThread(void *thread)
{
	return 8;
}

LONG NTAPI ndlw_KeSetPriorityThread(void *thread, LONG prio)
{
	return 8;
}

LONG NTAPI ndlw_KeSetBasePriorityThread(void *thread, LONG inc)
{
	return 0;
}

NTAPI void *ndlw_MmGetSystemRoutineAddress(UNICODE_STRING *name)
{
	char buf[128];
	u32 n = name->Length / 2;

	if (n >= sizeof(buf))
		return NULL;
	for (u32 i = 0; i < n; i++) {
		if (name->Buffer[i] > 0x7e)
			return NULL;
		buf[i] = (char)name->Buffer[i];
	}
	buf[n] = 0;
	return ndl_exports_lookup(ndl_exports_default(), buf);
}

/* ---- Rtl memory -------------------------------------------------------- */

SIZE_T NTAPI ndlw_RtlCompareMemory(const void *a, const void *b, SIZE_T n)
{
	return ndl_mem_equal_prefix(a, b, n);
}

SIZE_T NTAPI ndlw_RtlCompareMemoryUlong(const void *p, SIZE_T n, ULONG v)
{
	const u8 *b = p;
	SIZE_T i = 0;

	for (; i + 4 <= n; i += 4) {
		ULONG w;

		ndl_memcpy(&w, b + i, 4);
		if (w != v)
			break;
	}
	return i;
}

void NTAPI ndlw_RtlCopyMemory(void *d, const void *s, SIZE_T n)
{
	ndl_memmove(d, s, n);
}

void NTAPI ndlw_RtlMoveMemory(void *d, const void *s, SIZE_T n)
{
	ndl_memmove(d, s, n);
}

void NTAPI ndlw_RtlFillMemory(void *d, SIZE_T n, UCHAR c)
{
	ndl_memset(d, c, n);
}

void NTAPI ndlw_RtlZeroMemory(void *d, SIZE_T n)
{
	ndl_memset(d, 0, n);
}

void NTAPI ndlw_RtlSecureZeroMemory(void *d, SIZE_T n)
{
	ndl_memset(d, 0, n);
	ndl_barrier_data(d);	/* the stores stay even if *d is never read */
}

ULONG FASTCALL ndlw_RtlUlongByteSwap(ULONG v)
{
	return __builtin_bswap32(v);
}

USHORT FASTCALL ndlw_RtlUshortByteSwap(USHORT v)
{
	return __builtin_bswap16(v);
}

ULONGLONG FASTCALL ndlw_RtlUlonglongByteSwap(ULONGLONG v)
{
	return __builtin_bswap64(v);
}

LARGE_INTEGER NTAPI ndlw_RtlConvertUlongToLargeInteger(ULONG v)
{
	LARGE_INTEGER r = { .QuadPart = v };

	return r;
}

LARGE_INTEGER NTAPI ndlw_RtlConvertLongToLargeInteger(LONG v)
{
	LARGE_INTEGER r = { .QuadPart = v };

	return r;
}

ULONG NTAPI ndlw_RtlRandomEx(ULONG *seed)
{
	*seed = *seed * 0x7fffffed + 0x7fffffc3;
	return *seed % 0x7fffffff;
}

ULONG NTAPI ndlw_RtlRandom(ULONG *seed)
{
	return ndlw_RtlRandomEx(seed);
}
