/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Basic Windows types and calling conventions, binary-compatible with the
 * x64 Windows kernel ABI (LLP64: LONG/ULONG are 32-bit, pointers 64-bit).
 * Layouts are pinned by static asserts; the i386 values are asserted too
 * so an i386 build (stdcall/fastcall) can be slotted in later.
 */
#ifndef NDL_WIN_TYPES_H
#define NDL_WIN_TYPES_H

#include "core/ndl_types.h"

/*
 * Calling conventions. NTAPI/WINAPI: every export and every driver entry
 * point. FASTCALL: the Kf*, Exf*, Interlocked* family (fastcall on i386).
 * WINCDECL: variadic and CRT exports (cdecl on i386). On x86_64 all three
 * are the Microsoft x64 convention. The *_PTR forms are for function
 * pointer types.
 *
 * A function with the Microsoft convention is never instrumented for
 * ftrace (notrace): the function_graph tracer's return hook and BPF fexit
 * trampolines return to the caller through System V code, which may
 * clobber rsi and rdi, and a Microsoft-convention caller keeps values in
 * them across the call (seen: a miniport oopsed on the rsi it had before
 * an NDIS call, with function_graph tracing ndisload). The attribute is
 * refused on pointer types, hence the two forms.
 */
#if defined(__x86_64__)
#define NTAPI_PTR __attribute__((ms_abi))
#define NTAPI __attribute__((ms_abi, no_instrument_function))
#define FASTCALL_PTR NTAPI_PTR
#define FASTCALL NTAPI
#define WINCDECL_PTR NTAPI_PTR
#define WINCDECL NTAPI
typedef __builtin_ms_va_list win_va_list;
#define win_va_start(ap, last) __builtin_ms_va_start(ap, last)
#define win_va_end(ap) __builtin_ms_va_end(ap)
#elif defined(__i386__)
#define NTAPI_PTR __attribute__((stdcall))
#define NTAPI NTAPI_PTR
#define FASTCALL_PTR __attribute__((fastcall))
#define FASTCALL FASTCALL_PTR
#define WINCDECL_PTR __attribute__((cdecl))
#define WINCDECL WINCDECL_PTR
typedef va_list win_va_list;
#define win_va_start(ap, last) va_start(ap, last)
#define win_va_end(ap) va_end(ap)
#else
#error "ndisload runtime: unsupported architecture"
#endif
#define win_va_arg(ap, type) __builtin_va_arg(ap, type)
#define WINAPI NTAPI
#define WINAPI_PTR NTAPI_PTR

typedef u8 UCHAR, BOOLEAN, BYTE;
/*
 * CHAR and CCHAR are MSVC's char, which is signed: a byte 0x80-0xff is a
 * negative number on Windows (CCHAR's -1 from RtlFind*SignificantBit, an
 * IRP's CurrentLocation below its stack, a driver's ANSI byte widened to
 * int). Plain char is signed in user space and on Linux 6.1 but unsigned
 * from 6.2 (-funsigned-char), so the runtime spells the sign out: the
 * same arithmetic on every kernel. Where Windows reads ANSI bytes as
 * unsigned (strcmp, RtlCompareString, the code page) the code says u8.
 */
typedef signed char CHAR, CCHAR;
typedef u16 USHORT, WORD, WCHAR;
typedef s16 SHORT, CSHORT;
typedef u32 ULONG, DWORD, UINT;
typedef s32 LONG, INT;
typedef u64 ULONGLONG, ULONG64, DWORD64;
typedef s64 LONGLONG, LONG64;
typedef uintptr_t ULONG_PTR, SIZE_T, KAFFINITY;
typedef long LONG_PTR, SSIZE_T;	/* pointer-sized (no intptr_t in Linux 6.1) */
typedef s32 NTSTATUS;
typedef u8 KIRQL;
typedef ULONG_PTR KSPIN_LOCK;
typedef void *PVOID, *HANDLE;
typedef u32 ACCESS_MASK;
typedef u32 NDIS_STATUS;
typedef ULONG_PTR PFN_NUMBER;
typedef CCHAR KPROCESSOR_MODE;

#ifndef TRUE
#define TRUE 1
#define FALSE 0
#endif

#define NT_SUCCESS(s) ((NTSTATUS)(s) >= 0)

typedef union _LARGE_INTEGER {
	struct {
		ULONG LowPart;
		LONG HighPart;
	};
	LONGLONG QuadPart;
} LARGE_INTEGER;
typedef union _ULARGE_INTEGER {
	struct {
		ULONG LowPart;
		ULONG HighPart;
	};
	ULONGLONG QuadPart;
} ULARGE_INTEGER;
typedef LARGE_INTEGER PHYSICAL_ADDRESS;

typedef struct _UNICODE_STRING {
	USHORT Length;		/* bytes, without terminator */
	USHORT MaximumLength;	/* bytes */
	WCHAR *Buffer;
} UNICODE_STRING;

typedef struct _ANSI_STRING {
	USHORT Length;
	USHORT MaximumLength;
	CHAR *Buffer;
} ANSI_STRING, STRING, OEM_STRING;

typedef struct _LIST_ENTRY {
	struct _LIST_ENTRY *Flink;
	struct _LIST_ENTRY *Blink;
} LIST_ENTRY;

typedef struct _SINGLE_LIST_ENTRY {
	struct _SINGLE_LIST_ENTRY *Next;
} SINGLE_LIST_ENTRY;

#if defined(__x86_64__)
/* x64: entries are 16-byte aligned; the header is two quadwords. */
typedef struct __aligned(16) _SLIST_ENTRY {
	struct _SLIST_ENTRY *Next;
} SLIST_ENTRY;
/*
 * HeaderX64 encoding: Alignment = Depth (bits 0-15) | Sequence (16-63);
 * Region = HeaderType (bit 0, 1) | NextEntry >> 4 in bits 4-63. Drivers'
 * inline FirstEntrySList/QueryDepthSList read these bits directly.
 */
typedef union __aligned(16) _SLIST_HEADER {
	struct {
		ULONGLONG Alignment;
		ULONGLONG Region;
	};
} SLIST_HEADER;
#else
typedef SINGLE_LIST_ENTRY SLIST_ENTRY;
typedef union _SLIST_HEADER {
	ULONGLONG Alignment;
	struct {
		SLIST_ENTRY Next;
		USHORT Depth;
		USHORT Sequence;
	};
} SLIST_HEADER;
#endif

typedef struct _GUID {
	ULONG Data1;
	USHORT Data2;
	USHORT Data3;
	UCHAR Data4[8];
} GUID;

NDL_STATIC_ASSERT((CHAR)0x80 < 0 && (CCHAR)0xff == -1, "CHAR is signed (MSVC)");

/* Layout checks: x64 Windows values, then i386. */
#if defined(__x86_64__)
NDL_STATIC_ASSERT(sizeof(ULONG) == 4 && sizeof(LONG) == 4, "LLP64 ULONG");
NDL_STATIC_ASSERT(sizeof(ULONG_PTR) == 8 && sizeof(KSPIN_LOCK) == 8,
		  "x64 KSPIN_LOCK");
NDL_STATIC_ASSERT(sizeof(UNICODE_STRING) == 0x10, "x64 UNICODE_STRING");
NDL_STATIC_ASSERT(offsetof(UNICODE_STRING, Buffer) == 8, "x64 Buffer");
NDL_STATIC_ASSERT(sizeof(ANSI_STRING) == 0x10, "x64 ANSI_STRING");
NDL_STATIC_ASSERT(sizeof(LIST_ENTRY) == 0x10, "x64 LIST_ENTRY");
NDL_STATIC_ASSERT(sizeof(SLIST_HEADER) == 0x10, "x64 SLIST_HEADER");
NDL_STATIC_ASSERT(_Alignof(SLIST_HEADER) == 16, "x64 SLIST_HEADER align");
NDL_STATIC_ASSERT(sizeof(LARGE_INTEGER) == 8, "LARGE_INTEGER");
#else
NDL_STATIC_ASSERT(sizeof(UNICODE_STRING) == 8, "i386 UNICODE_STRING");
NDL_STATIC_ASSERT(sizeof(LIST_ENTRY) == 8, "i386 LIST_ENTRY");
NDL_STATIC_ASSERT(sizeof(SLIST_HEADER) == 8, "i386 SLIST_HEADER");
#endif
NDL_STATIC_ASSERT(sizeof(GUID) == 16, "GUID");

#endif
