/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Prototypes of the ntoskrnl.exe and hal.dll exports (ntoskrnl.spec.h,
 * hal.spec.h) not already in nt_api.h, grouped by implementing file. The
 * export tables reach them by name only (spec_table.h); these declarations
 * let the compiler and sparse check each definition and every direct call.
 */
#ifndef NDL_NT_EXPORTS_H
#define NDL_NT_EXPORTS_H

#include "nt/nt_api.h"
#include "nt/nt_io.h"

/*
 * Types of these prototypes that only their implementing file needs whole
 * (it defines the struct, with its layout checks).
 */
typedef struct _OBJECT_ATTRIBUTES OBJECT_ATTRIBUTES;
typedef struct _FAST_MUTEX FAST_MUTEX;
typedef struct _EXCEPTION_RECORD EXCEPTION_RECORD;
typedef struct _DISPATCHER_CONTEXT DISPATCHER_CONTEXT;
typedef struct _RTL_OSVERSIONINFOW RTL_OSVERSIONINFOW;
typedef struct _TIME_FIELDS TIME_FIELDS;
struct callback_reg;
struct callback_obj;
typedef NTAPI_PTR void (*PCALLBACK_FUNCTION)(void *ctx, void *arg1, void *arg2);
typedef NTAPI_PTR void (*PIO_WORKITEM_ROUTINE)(DEVICE_OBJECT *dev, void *ctx);

/* crt.c */
WINCDECL void *ndlw_memcpy(void *d, const void *s, SIZE_T n);
WINCDECL void *ndlw_memmove(void *d, const void *s, SIZE_T n);
WINCDECL void *ndlw_memset(void *d, int c, SIZE_T n);
int WINCDECL ndlw_memcmp(const void *a, const void *b, SIZE_T n);
WINCDECL void *ndlw_memchr(const void *s, int c, SIZE_T n);
int WINCDECL ndlw_toupper(int c);
WINCDECL char *ndlw__strlwr(char *s);
WINCDECL char *ndlw__strupr(char *s);
int WINCDECL ndlw_isdigit(int c);
int WINCDECL ndlw_isxdigit(int c);
int WINCDECL ndlw_isspace(int c);
int WINCDECL ndlw_isprint(int c);
int WINCDECL ndlw_isalpha(int c);
int WINCDECL ndlw_isalnum(int c);
int WINCDECL ndlw_islower(int c);
int WINCDECL ndlw_isupper(int c);
unsigned long WINCDECL ndlw_strtoul(const char *s, char **end, int base);
long WINCDECL ndlw_strtol(const char *s, char **end, int base);
int WINCDECL ndlw_atoi(const char *s);
long WINCDECL ndlw_atol(const char *s);
WCHAR WINCDECL ndlw_towupper(WCHAR c);
void WINCDECL ndlw_srand(unsigned int seed);
int WINCDECL ndlw_rand(void);
void WINCDECL ndlw__purecall(void);

/* crt_printf.c */
int WINCDECL ndlw__vsnprintf(char *buf, SIZE_T n, const char *fmt,
			     win_va_list ap);
int WINCDECL ndlw__snprintf(char *buf, SIZE_T n, const char *fmt, ...);
int WINCDECL ndlw_vsnprintf(char *buf, SIZE_T n, const char *fmt,
			    win_va_list ap);
int WINCDECL ndlw_snprintf(char *buf, SIZE_T n, const char *fmt, ...);
int WINCDECL ndlw_vsprintf(char *buf, const char *fmt, win_va_list ap);
int WINCDECL ndlw_sprintf(char *buf, const char *fmt, ...);
int WINCDECL ndlw__vsnwprintf(WCHAR *buf, SIZE_T n, const WCHAR *fmt,
			      win_va_list ap);
int WINCDECL ndlw__snwprintf(WCHAR *buf, SIZE_T n, const WCHAR *fmt, ...);
int WINCDECL ndlw_swprintf(WCHAR *buf, const WCHAR *fmt, ...);
int WINCDECL ndlw_vswprintf(WCHAR *buf, const WCHAR *fmt, win_va_list ap);

/* crt_strings.c (crt_string_tmpl.h, both widths) */
WINCDECL char *ndlw_strcpy(char *d, const char *s);
WINCDECL WCHAR *ndlw_wcscpy(WCHAR *d, const WCHAR *s);
WINCDECL char *ndlw_strncpy(char *d, const char *s, SIZE_T n);
WINCDECL WCHAR *ndlw_wcsncpy(WCHAR *d, const WCHAR *s, SIZE_T n);
SIZE_T WINCDECL ndlw_strlen(const char *s);
SIZE_T WINCDECL ndlw_wcslen(const WCHAR *s);
SIZE_T WINCDECL ndlw_strnlen(const char *s, SIZE_T max);
SIZE_T WINCDECL ndlw_wcsnlen(const WCHAR *s, SIZE_T max);
WINCDECL char *ndlw_strcat(char *d, const char *s);
WINCDECL WCHAR *ndlw_wcscat(WCHAR *d, const WCHAR *s);
WINCDECL char *ndlw_strncat(char *d, const char *s, SIZE_T n);
WINCDECL WCHAR *ndlw_wcsncat(WCHAR *d, const WCHAR *s, SIZE_T n);
int WINCDECL ndlw_strncmp(const char *a, const char *b, SIZE_T n);
int WINCDECL ndlw_wcsncmp(const WCHAR *a, const WCHAR *b, SIZE_T n);
int WINCDECL ndlw_strcmp(const char *a, const char *b);
int WINCDECL ndlw_wcscmp(const WCHAR *a, const WCHAR *b);
int WINCDECL ndlw__strnicmp(const char *a, const char *b, SIZE_T n);
int WINCDECL ndlw__wcsnicmp(const WCHAR *a, const WCHAR *b, SIZE_T n);
int WINCDECL ndlw__stricmp(const char *a, const char *b);
int WINCDECL ndlw__wcsicmp(const WCHAR *a, const WCHAR *b);
int WINCDECL ndlw_strnicmp(const char *a, const char *b, SIZE_T n);
int WINCDECL ndlw_wcsnicmp(const WCHAR *a, const WCHAR *b, SIZE_T n);
int WINCDECL ndlw_stricmp(const char *a, const char *b);
int WINCDECL ndlw_wcsicmp(const WCHAR *a, const WCHAR *b);
WINCDECL char *ndlw_strchr(const char *s, int c);
WINCDECL WCHAR *ndlw_wcschr(const WCHAR *s, WCHAR c);
WINCDECL char *ndlw_strrchr(const char *s, int c);
WINCDECL WCHAR *ndlw_wcsrchr(const WCHAR *s, WCHAR c);
WINCDECL char *ndlw_strstr(const char *h, const char *n);
WINCDECL WCHAR *ndlw_wcsstr(const WCHAR *h, const WCHAR *n);

/* hal_io.c */
UCHAR NTAPI ndlw_READ_PORT_UCHAR(UCHAR *port);
USHORT NTAPI ndlw_READ_PORT_USHORT(USHORT *port);
ULONG NTAPI ndlw_READ_PORT_ULONG(ULONG *port);
void NTAPI ndlw_WRITE_PORT_UCHAR(UCHAR *port, UCHAR v);
void NTAPI ndlw_WRITE_PORT_USHORT(USHORT *port, USHORT v);
void NTAPI ndlw_WRITE_PORT_ULONG(ULONG *port, ULONG v);
void NTAPI ndlw_READ_PORT_BUFFER_UCHAR(UCHAR *port, UCHAR *buf, ULONG n);
void NTAPI ndlw_READ_PORT_BUFFER_USHORT(USHORT *port, USHORT *buf, ULONG n);
void NTAPI ndlw_READ_PORT_BUFFER_ULONG(ULONG *port, ULONG *buf, ULONG n);
void NTAPI ndlw_WRITE_PORT_BUFFER_UCHAR(UCHAR *port, UCHAR *buf, ULONG n);
void NTAPI ndlw_WRITE_PORT_BUFFER_USHORT(USHORT *port, USHORT *buf, ULONG n);
void NTAPI ndlw_WRITE_PORT_BUFFER_ULONG(ULONG *port, ULONG *buf, ULONG n);
UCHAR NTAPI ndlw_READ_REGISTER_UCHAR(UCHAR __iomem *reg);
USHORT NTAPI ndlw_READ_REGISTER_USHORT(USHORT __iomem *reg);
ULONG NTAPI ndlw_READ_REGISTER_ULONG(ULONG __iomem *reg);
ULONG64 NTAPI ndlw_READ_REGISTER_ULONG64(ULONG64 __iomem *reg);
void NTAPI ndlw_WRITE_REGISTER_UCHAR(UCHAR __iomem *reg, UCHAR v);
void NTAPI ndlw_WRITE_REGISTER_USHORT(USHORT __iomem *reg, USHORT v);
void NTAPI ndlw_WRITE_REGISTER_ULONG(ULONG __iomem *reg, ULONG v);
void NTAPI ndlw_WRITE_REGISTER_ULONG64(ULONG64 __iomem *reg, ULONG64 v);
BOOLEAN NTAPI ndlw_HalTranslateBusAddress(int iface, ULONG bus,
					  PHYSICAL_ADDRESS bus_addr,
					  ULONG *space, PHYSICAL_ADDRESS *out);
void NTAPI ndlw_READ_REGISTER_BUFFER_UCHAR(UCHAR __iomem *reg, UCHAR buf[],
					 ULONG n);
void NTAPI ndlw_WRITE_REGISTER_BUFFER_UCHAR(UCHAR __iomem *reg, UCHAR buf[],
					  ULONG n);
void NTAPI ndlw_READ_REGISTER_BUFFER_USHORT(USHORT __iomem *reg, USHORT buf[],
					 ULONG n);
void NTAPI ndlw_WRITE_REGISTER_BUFFER_USHORT(USHORT __iomem *reg, USHORT buf[],
					  ULONG n);
void NTAPI ndlw_READ_REGISTER_BUFFER_ULONG(ULONG __iomem *reg, ULONG buf[],
					 ULONG n);
void NTAPI ndlw_WRITE_REGISTER_BUFFER_ULONG(ULONG __iomem *reg, ULONG buf[],
					  ULONG n);

/* nt_callback.c */
NTSTATUS NTAPI ndlw_ExCreateCallback(struct callback_obj **out,
				     OBJECT_ATTRIBUTES *attrs, BOOLEAN create,
				     BOOLEAN allow_multiple);
void *NTAPI ndlw_ExRegisterCallback(struct callback_obj *o,
				    PCALLBACK_FUNCTION fn, void *ctx);
void NTAPI ndlw_ExUnregisterCallback(struct callback_reg *r);
void NTAPI ndlw_ExNotifyCallback(struct callback_obj *o, void *arg1,
				 void *arg2);

/* nt_debug.c */
ULONG WINCDECL ndlw_DbgPrint(const char *fmt, ...);
ULONG WINCDECL ndlw_DbgPrintEx(ULONG component, ULONG level,
			       const char *fmt, ...);
ULONG NTAPI ndlw_vDbgPrintEx(ULONG component, ULONG level, const char *fmt,
			     win_va_list ap);
void NTAPI ndlw_DbgBreakPoint(void);
void NTAPI ndlw_DbgBreakPointWithStatus(ULONG status);
void NTAPI ndlw_RtlAssert(void *assertion, void *file, ULONG line,
			  char *msg);
void NTAPI ndlw_KeBugCheckEx(ULONG code, ULONG_PTR p1, ULONG_PTR p2,
			     ULONG_PTR p3, ULONG_PTR p4);
void NTAPI ndlw_KeBugCheck(ULONG code);
BOOLEAN NTAPI ndlw_KeRegisterBugCheckReasonCallback(void *record, void *fn,
						    int reason, void *comp);
BOOLEAN NTAPI ndlw_KeDeregisterBugCheckReasonCallback(void *record);
BOOLEAN NTAPI ndlw_KeRegisterBugCheckCallback(void *record, void *fn,
					      void *buf, ULONG len, void *comp);
BOOLEAN NTAPI ndlw_KeDeregisterBugCheckCallback(void *record);

/* nt_dpc.c */
void NTAPI ndlw_KeInitializeDpc(KDPC *dpc, PKDEFERRED_ROUTINE fn, void *ctx);
void NTAPI ndlw_KeInitializeThreadedDpc(KDPC *dpc, PKDEFERRED_ROUTINE fn,
					void *ctx);
void NTAPI ndlw_KeSetImportanceDpc(KDPC *dpc, int importance);
void NTAPI ndlw_KeSetTargetProcessorDpc(KDPC *dpc, CCHAR number);
BOOLEAN NTAPI ndlw_KeInsertQueueDpc(KDPC *dpc, void *arg1, void *arg2);
BOOLEAN NTAPI ndlw_KeRemoveQueueDpc(KDPC *dpc);
void NTAPI ndlw_KeFlushQueuedDpcs(void);

/* nt_drvext.c */
NTSTATUS NTAPI ndlw_IoAllocateDriverObjectExtension(DRIVER_OBJECT *obj,
						    void *id, ULONG size,
						    void **out);
void *NTAPI ndlw_IoGetDriverObjectExtension(DRIVER_OBJECT *obj, void *id);
BOOLEAN NTAPI ndlw_IoIs32bitProcess(void *irp);

/* nt_errlog.c */
void *NTAPI ndlw_IoAllocateErrorLogEntry(void *io_object, UCHAR size);
void NTAPI ndlw_IoFreeErrorLogEntry(void *entry);
void NTAPI ndlw_IoWriteErrorLogEntry(void *entry);

/* nt_fastmutex.c */
FASTCALL void ndlw_ExAcquireFastMutex(FAST_MUTEX *m);
FASTCALL void ndlw_ExReleaseFastMutex(FAST_MUTEX *m);
FASTCALL BOOLEAN ndlw_ExTryToAcquireFastMutex(FAST_MUTEX *m);
FASTCALL void ndlw_ExAcquireFastMutexUnsafe(FAST_MUTEX *m);
FASTCALL void ndlw_ExReleaseFastMutexUnsafe(FAST_MUTEX *m);

/* nt_list.c */
FASTCALL LIST_ENTRY *ndlw_ExfInterlockedInsertHeadList(LIST_ENTRY *head,
						       LIST_ENTRY *e,
						       KSPIN_LOCK *lock);
FASTCALL LIST_ENTRY *ndlw_ExfInterlockedInsertTailList(LIST_ENTRY *head,
						       LIST_ENTRY *e,
						       KSPIN_LOCK *lock);
FASTCALL LIST_ENTRY *ndlw_ExfInterlockedRemoveHeadList(LIST_ENTRY *head,
						       KSPIN_LOCK *lock);
FASTCALL LIST_ENTRY *ndlw_ExfInterlockedRemoveTailList(LIST_ENTRY *head,
						       KSPIN_LOCK *lock);
NTAPI LIST_ENTRY *ndlw_ExInterlockedInsertHeadList(LIST_ENTRY *head,
						   LIST_ENTRY *e,
						   KSPIN_LOCK *lock);
NTAPI LIST_ENTRY *ndlw_ExInterlockedInsertTailList(LIST_ENTRY *head,
						   LIST_ENTRY *e,
						   KSPIN_LOCK *lock);
NTAPI LIST_ENTRY *ndlw_ExInterlockedRemoveHeadList(LIST_ENTRY *head,
						   KSPIN_LOCK *lock);
NTAPI LIST_ENTRY *ndlw_ExInterlockedRemoveTailList(LIST_ENTRY *head,
						   KSPIN_LOCK *lock);
NTAPI SINGLE_LIST_ENTRY *ndlw_ExInterlockedPushEntryList(
	SINGLE_LIST_ENTRY *head, SINGLE_LIST_ENTRY *e, KSPIN_LOCK *lock);
NTAPI SINGLE_LIST_ENTRY *ndlw_ExInterlockedPopEntryList(
	SINGLE_LIST_ENTRY *head, KSPIN_LOCK *lock);
NTAPI SLIST_ENTRY *ndlw_RtlFirstEntrySList(const SLIST_HEADER *h);
FASTCALL SLIST_ENTRY *ndlw_InterlockedPushEntrySList(SLIST_HEADER *h,
						     SLIST_ENTRY *e);
FASTCALL SLIST_ENTRY *ndlw_InterlockedPopEntrySList(SLIST_HEADER *h);
FASTCALL SLIST_ENTRY *ndlw_InterlockedFlushSList(SLIST_HEADER *h);
FASTCALL SLIST_ENTRY *ndlw_ExInterlockedPushEntrySList(SLIST_HEADER *h,
						       SLIST_ENTRY *e,
						       KSPIN_LOCK *lock);
FASTCALL SLIST_ENTRY *ndlw_ExInterlockedPopEntrySList(SLIST_HEADER *h,
						      KSPIN_LOCK *lock);
LONG FASTCALL ndlw_InterlockedIncrement(LONG *p);
LONG FASTCALL ndlw_InterlockedDecrement(LONG *p);
LONG FASTCALL ndlw_InterlockedExchange(LONG *p, LONG v);
LONG FASTCALL ndlw_InterlockedExchangeAdd(LONG *p, LONG v);
LONG FASTCALL ndlw_InterlockedCompareExchange(LONG *p, LONG xchg, LONG cmp);
void FASTCALL ndlw_ExInterlockedAddLargeStatistic(LARGE_INTEGER *addend,
						  ULONG inc);
LARGE_INTEGER NTAPI ndlw_ExInterlockedAddLargeInteger(LARGE_INTEGER *addend,
						      LARGE_INTEGER inc,
						      KSPIN_LOCK *lock);
ULONG NTAPI ndlw_ExInterlockedAddUlong(ULONG *addend, ULONG inc,
				       KSPIN_LOCK *lock);

/* nt_mdl.c */
void NTAPI ndlw_MmProbeAndLockPages(MDL *m, KPROCESSOR_MODE mode,
				    LOCK_OPERATION op);
void NTAPI ndlw_MmUnlockPages(MDL *m);
NTAPI void *ndlw_MmMapLockedPagesSpecifyCache(MDL *m, KPROCESSOR_MODE mode,
					      MEMORY_CACHING_TYPE cache,
					      void *addr, ULONG bugcheck,
					      ULONG priority);
NTAPI void *ndlw_MmMapLockedPages(MDL *m, KPROCESSOR_MODE mode);
NTAPI void *ndlw_MmGetSystemAddressForMdlSafe(MDL *m, ULONG priority);
void NTAPI ndlw_MmUnmapLockedPages(void *va, MDL *m);
void NTAPI ndlw_IoBuildPartialMdl(MDL *src, MDL *dst, void *va, ULONG len);
void NTAPI ndlw_MmInitializeMdl(MDL *m, void *va, SIZE_T len);

/* nt_pool.c */
NTAPI void *ndlw_ExAllocatePool(POOL_TYPE type, SIZE_T size);
NTAPI void *ndlw_ExAllocatePoolWithQuotaTag(POOL_TYPE type, SIZE_T size,
					    ULONG tag);
NTAPI void *ndlw_ExAllocatePoolWithTagPriority(POOL_TYPE type, SIZE_T size,
					       ULONG tag, int priority);
void NTAPI ndlw_ExFreePoolWithTag(void *p, ULONG tag);
void NTAPI ndlw_ExInitializeNPagedLookasideList(NPAGED_LOOKASIDE_LIST *l,
						PALLOCATE_FUNCTION alloc,
						PFREE_FUNCTION fr, ULONG flags,
						SIZE_T size, ULONG tag,
						USHORT depth);
void NTAPI ndlw_ExInitializePagedLookasideList(PAGED_LOOKASIDE_LIST *l,
					       PALLOCATE_FUNCTION alloc,
					       PFREE_FUNCTION fr, ULONG flags,
					       SIZE_T size, ULONG tag,
					       USHORT depth);
void NTAPI ndlw_ExDeleteNPagedLookasideList(NPAGED_LOOKASIDE_LIST *l);
NTAPI void *ndlw_ExAllocateFromNPagedLookasideList(NPAGED_LOOKASIDE_LIST *l);
void NTAPI ndlw_ExFreeToNPagedLookasideList(NPAGED_LOOKASIDE_LIST *l, void *e);
NTAPI void *ndlw_MmAllocateContiguousMemorySpecifyCache(
	SIZE_T size, PHYSICAL_ADDRESS lowest, PHYSICAL_ADDRESS highest,
	PHYSICAL_ADDRESS boundary, MEMORY_CACHING_TYPE cache);
NTAPI void *ndlw_MmAllocateContiguousMemory(SIZE_T size,
					    PHYSICAL_ADDRESS highest);
void NTAPI ndlw_MmFreeContiguousMemory(void *p);
void NTAPI ndlw_MmFreeContiguousMemorySpecifyCache(void *p, SIZE_T size,
						   MEMORY_CACHING_TYPE cache);
NTAPI void *ndlw_MmAllocateNonCachedMemory(SIZE_T size);
void NTAPI ndlw_MmFreeNonCachedMemory(void *p, SIZE_T size);
PHYSICAL_ADDRESS NTAPI ndlw_MmGetPhysicalAddress(void *va);
BOOLEAN NTAPI ndlw_MmIsAddressValid(void *va);
NTAPI void *ndlw_MmMapIoSpace(PHYSICAL_ADDRESS pa, SIZE_T size,
			      MEMORY_CACHING_TYPE cache);
void NTAPI ndlw_MmUnmapIoSpace(void *va, SIZE_T size);
NTAPI void *ndlw_MmLockPagableDataSection(void *addr);
void NTAPI ndlw_MmUnlockPagableImageSection(void *handle);
void NTAPI ndlw_MmResetDriverPaging(void *addr);
NTAPI void *ndlw_MmPageEntireDriver(void *addr);

/* nt_rtl_string.c */
CHAR NTAPI ndlw_RtlUpperChar(CHAR c);
void NTAPI ndlw_RtlUpperString(STRING *dst, const STRING *src);
NTSTATUS NTAPI ndlw_RtlInitUnicodeStringEx(UNICODE_STRING *dst,
					   const WCHAR *src);
void NTAPI ndlw_RtlCopyUnicodeString(UNICODE_STRING *dst,
				     const UNICODE_STRING *src);
void NTAPI ndlw_RtlCopyString(STRING *dst, const STRING *src);
BOOLEAN NTAPI ndlw_RtlCreateUnicodeString(UNICODE_STRING *dst,
					  const WCHAR *src);
LONG NTAPI ndlw_RtlCompareString(const STRING *a, const STRING *b, BOOLEAN ci);
BOOLEAN NTAPI ndlw_RtlEqualString(const STRING *a, const STRING *b, BOOLEAN ci);
NTSTATUS NTAPI ndlw_RtlAppendUnicodeStringToString(UNICODE_STRING *dst,
						   const UNICODE_STRING *src);
NTSTATUS NTAPI ndlw_RtlAppendUnicodeToString(UNICODE_STRING *dst,
					     const WCHAR *src);
NTSTATUS NTAPI ndlw_RtlAppendStringToString(STRING *dst, const STRING *src);
NTSTATUS NTAPI ndlw_RtlUpcaseUnicodeString(UNICODE_STRING *dst,
					   const UNICODE_STRING *src,
					   BOOLEAN alloc);
ULONG NTAPI ndlw_RtlxAnsiStringToUnicodeSize(const ANSI_STRING *s);
ULONG NTAPI ndlw_RtlxUnicodeStringToAnsiSize(const UNICODE_STRING *s);
NTSTATUS NTAPI ndlw_RtlMultiByteToUnicodeN(WCHAR *dst, ULONG max, ULONG *out,
					   const char *src, ULONG len);
NTSTATUS NTAPI ndlw_RtlUnicodeToMultiByteN(char *dst, ULONG max, ULONG *out,
					   const WCHAR *src, ULONG len);
NTSTATUS NTAPI ndlw_RtlUnicodeToMultiByteSize(ULONG *out, const WCHAR *src,
					      ULONG len);
NTSTATUS NTAPI ndlw_RtlCharToInteger(const char *s, ULONG base, ULONG *value);
NTSTATUS NTAPI ndlw_RtlInt64ToUnicodeString(ULONGLONG v, ULONG base,
					    UNICODE_STRING *s);
NTSTATUS NTAPI ndlw_RtlIntegerToChar(ULONG v, ULONG base, LONG len, char *str);
NTSTATUS NTAPI ndlw_RtlGUIDFromString(const UNICODE_STRING *s, GUID *g);
NTSTATUS NTAPI ndlw_RtlStringFromGUID(const GUID *g, UNICODE_STRING *s);

/* nt_seh.c, nt_seh_asm.c (the raising and unwinding ones are stubs) */
void NTAPI ndlw_RtlUnwindEx(void *frame, void *target_ip,
			    EXCEPTION_RECORD *rec, void *ret, void *ctx,
			    void *history);
void NTAPI ndlw_RtlUnwind(void *frame, void *target_ip,
			  EXCEPTION_RECORD *rec, void *ret);
int NTAPI ndlw___C_specific_handler(EXCEPTION_RECORD *rec, void *frame,
				    void *ctx, DISPATCHER_CONTEXT *dc);
void NTAPI ndlw_RtlRaiseException(EXCEPTION_RECORD *rec);
void NTAPI ndlw_ExRaiseStatus(NTSTATUS status);
void NTAPI ndlw_ExRaiseAccessViolation(void);
void NTAPI ndlw_ExRaiseDatatypeMisalignment(void);
void NTAPI ndlw_ProbeForRead(const void *addr, SIZE_T len, ULONG align);
void NTAPI ndlw_ProbeForWrite(void *addr, SIZE_T len, ULONG align);
void NTAPI ndlw___chkstk(void);

/* nt_sync.c */
KIRQL NTAPI ndlw_KeGetCurrentIrql(void);
KIRQL FASTCALL ndlw_KfRaiseIrql(KIRQL to);
void FASTCALL ndlw_KfLowerIrql(KIRQL to);
void NTAPI ndlw_KeRaiseIrql(KIRQL to, KIRQL *old);
void NTAPI ndlw_KeLowerIrql(KIRQL to);
KIRQL NTAPI ndlw_KeRaiseIrqlToDpcLevel(void);
KIRQL NTAPI ndlw_KeRaiseIrqlToSynchLevel(void);
void NTAPI ndlw_KeInitializeSpinLock(KSPIN_LOCK *lock);
KIRQL NTAPI ndlw_KeAcquireSpinLockRaiseToDpc(KSPIN_LOCK *lock);
void NTAPI ndlw_KeAcquireSpinLock(KSPIN_LOCK *lock, KIRQL *old);
KIRQL FASTCALL ndlw_KfAcquireSpinLock(KSPIN_LOCK *lock);
void NTAPI ndlw_KeReleaseSpinLock(KSPIN_LOCK *lock, KIRQL old);
void FASTCALL ndlw_KfReleaseSpinLock(KSPIN_LOCK *lock, KIRQL old);
void NTAPI ndlw_KeAcquireSpinLockAtDpcLevel(KSPIN_LOCK *lock);
void FASTCALL ndlw_KefAcquireSpinLockAtDpcLevel(KSPIN_LOCK *lock);
void NTAPI ndlw_KeReleaseSpinLockFromDpcLevel(KSPIN_LOCK *lock);
void FASTCALL ndlw_KefReleaseSpinLockFromDpcLevel(KSPIN_LOCK *lock);
BOOLEAN FASTCALL ndlw_KeTryToAcquireSpinLockAtDpcLevel(KSPIN_LOCK *lock);
void FASTCALL ndlw_KeAcquireInStackQueuedSpinLock(KSPIN_LOCK *lock,
						  KLOCK_QUEUE_HANDLE *h);
void FASTCALL ndlw_KeReleaseInStackQueuedSpinLock(KLOCK_QUEUE_HANDLE *h);
void FASTCALL ndlw_KeAcquireInStackQueuedSpinLockAtDpcLevel(
	KSPIN_LOCK *lock, KLOCK_QUEUE_HANDLE *h);
void FASTCALL ndlw_KeReleaseInStackQueuedSpinLockFromDpcLevel(
	KLOCK_QUEUE_HANDLE *h);
BOOLEAN NTAPI ndlw_KeTestSpinLock(KSPIN_LOCK *lock);
void NTAPI ndlw_KeEnterCriticalRegion(void);
void NTAPI ndlw_KeLeaveCriticalRegion(void);

/* nt_system.c */
extern CCHAR ndlw_KeNumberProcessors;
extern BOOLEAN ndlw_NlsMbCodePageTag;
extern BOOLEAN ndlw_NlsMbOemCodePageTag;
extern ULONG ndlw_InitSafeBootMode;
BOOLEAN NTAPI ndlw_PsGetVersion(ULONG *major, ULONG *minor, ULONG *build,
				UNICODE_STRING *csd);
NTSTATUS NTAPI ndlw_RtlGetVersion(RTL_OSVERSIONINFOW *v);
BOOLEAN NTAPI ndlw_IoIsWdmVersionAvailable(UCHAR major, UCHAR minor);
BOOLEAN NTAPI ndlw_RtlIsServicePackVersionInstalled(ULONG version);
ULONG NTAPI ndlw_KeGetCurrentProcessorNumber(void);
KAFFINITY NTAPI ndlw_KeQueryActiveProcessors(void);
ULONG NTAPI ndlw_KeQueryActiveProcessorCount(KAFFINITY *mask);
NTAPI void *ndlw_KeGetCurrentThread(void);
NTAPI void *ndlw_PsGetCurrentThread(void);
HANDLE NTAPI ndlw_PsGetCurrentProcessId(void);
HANDLE NTAPI ndlw_PsGetCurrentThreadId(void);
LONG NTAPI ndlw_KeQueryPriorityThread(void *thread);
LONG NTAPI ndlw_KeSetPriorityThread(void *thread, LONG prio);
LONG NTAPI ndlw_KeSetBasePriorityThread(void *thread, LONG inc);
SIZE_T NTAPI ndlw_RtlCompareMemory(const void *a, const void *b, SIZE_T n);
SIZE_T NTAPI ndlw_RtlCompareMemoryUlong(const void *p, SIZE_T n, ULONG v);
void NTAPI ndlw_RtlCopyMemory(void *d, const void *s, SIZE_T n);
void NTAPI ndlw_RtlMoveMemory(void *d, const void *s, SIZE_T n);
void NTAPI ndlw_RtlFillMemory(void *d, SIZE_T n, UCHAR c);
void NTAPI ndlw_RtlZeroMemory(void *d, SIZE_T n);
void NTAPI ndlw_RtlSecureZeroMemory(void *d, SIZE_T n);
ULONG FASTCALL ndlw_RtlUlongByteSwap(ULONG v);
USHORT FASTCALL ndlw_RtlUshortByteSwap(USHORT v);
ULONGLONG FASTCALL ndlw_RtlUlonglongByteSwap(ULONGLONG v);
LARGE_INTEGER NTAPI ndlw_RtlConvertUlongToLargeInteger(ULONG v);
LARGE_INTEGER NTAPI ndlw_RtlConvertLongToLargeInteger(LONG v);
ULONG NTAPI ndlw_RtlRandomEx(ULONG *seed);
ULONG NTAPI ndlw_RtlRandom(ULONG *seed);

/* nt_time.c */
void NTAPI ndlw_KeQuerySystemTime(LARGE_INTEGER *t);
void NTAPI ndlw_KeQueryTickCount(LARGE_INTEGER *t);
ULONGLONG NTAPI ndlw_KeQueryInterruptTime(void);
ULONG NTAPI ndlw_KeQueryTimeIncrement(void);
LARGE_INTEGER NTAPI ndlw_KeQueryPerformanceCounter(LARGE_INTEGER *freq);
void NTAPI ndlw_KeStallExecutionProcessor(ULONG us);
NTSTATUS NTAPI ndlw_KeDelayExecutionThread(KPROCESSOR_MODE mode,
					   BOOLEAN alertable,
					   LARGE_INTEGER *interval);
void NTAPI ndlw_ExSystemTimeToLocalTime(LARGE_INTEGER *sys, LARGE_INTEGER *loc);
void NTAPI ndlw_ExLocalTimeToSystemTime(LARGE_INTEGER *loc, LARGE_INTEGER *sys);
ULONG NTAPI ndlw_ExSetTimerResolution(ULONG desired, BOOLEAN set);
void NTAPI ndlw_RtlTimeToTimeFields(LARGE_INTEGER *time, TIME_FIELDS *tf);
BOOLEAN NTAPI ndlw_RtlTimeFieldsToTime(TIME_FIELDS *tf, LARGE_INTEGER *time);

/* nt_timer.c */
BOOLEAN NTAPI ndlw_KeReadStateTimer(KTIMER *t);

/* nt_wait.c */
NTSTATUS NTAPI ndlw_KeWaitForSingleObject(void *obj, KWAIT_REASON reason,
					  KPROCESSOR_MODE mode,
					  BOOLEAN alertable,
					  LARGE_INTEGER *timeout);
NTSTATUS NTAPI ndlw_KeWaitForMultipleObjects(ULONG count, void *objs[],
					     WAIT_TYPE type,
					     KWAIT_REASON reason,
					     KPROCESSOR_MODE mode,
					     BOOLEAN alertable,
					     LARGE_INTEGER *timeout,
					     void *wait_block_array);
void NTAPI ndlw_KeInitializeEvent(KEVENT *ev, EVENT_TYPE type, BOOLEAN state);
LONG NTAPI ndlw_KeSetEvent(KEVENT *ev, LONG increment, BOOLEAN wait);
LONG NTAPI ndlw_KeResetEvent(KEVENT *ev);
void NTAPI ndlw_KeClearEvent(KEVENT *ev);
LONG NTAPI ndlw_KeReadStateEvent(KEVENT *ev);
LONG NTAPI ndlw_KePulseEvent(KEVENT *ev, LONG increment, BOOLEAN wait);
void NTAPI ndlw_KeInitializeMutex(KMUTEX *m, ULONG level);
LONG NTAPI ndlw_KeReleaseMutex(KMUTEX *m, BOOLEAN wait);
LONG NTAPI ndlw_KeReadStateMutex(KMUTEX *m);
void NTAPI ndlw_KeInitializeSemaphore(KSEMAPHORE *s, LONG count, LONG limit);
LONG NTAPI ndlw_KeReleaseSemaphore(KSEMAPHORE *s, LONG increment,
				   LONG adjustment, BOOLEAN wait);
LONG NTAPI ndlw_KeReadStateSemaphore(KSEMAPHORE *s);

/* nt_work.c */
void NTAPI ndlw_ExQueueWorkItem(WORK_QUEUE_ITEM *item, WORK_QUEUE_TYPE type);
NTAPI void *ndlw_IoAllocateWorkItem(DEVICE_OBJECT *dev);
void NTAPI ndlw_IoFreeWorkItem(void *item);
void NTAPI ndlw_IoQueueWorkItem(void *item, PIO_WORKITEM_ROUTINE routine,
				WORK_QUEUE_TYPE type, void *ctx);
ULONG NTAPI ndlw_IoSizeofWorkItem(void);

/* nt_ob.c, nt_event_named.c */
LONG_PTR FASTCALL ndlw_ObfReferenceObject(void *obj);
LONG_PTR FASTCALL ndlw_ObfDereferenceObject(void *obj);
void NTAPI ndlw_ObDereferenceObject(void *obj);
NTSTATUS NTAPI ndlw_ObReferenceObjectByHandle(HANDLE h, ACCESS_MASK access,
					      void *type, KPROCESSOR_MODE mode,
					      void **object, void *info);
NTSTATUS NTAPI ndlw_ZwClose(HANDLE h);
NTAPI KEVENT *ndlw_IoCreateNotificationEvent(UNICODE_STRING *name,
					     HANDLE *handle);
NTAPI KEVENT *ndlw_IoCreateSynchronizationEvent(UNICODE_STRING *name,
						HANDLE *handle);
extern const void *const *ndlw_ExEventObjectType;

/* nt_registry.c, nt_rtl_registry.c */
typedef struct _RTL_QUERY_REGISTRY_TABLE RTL_QUERY_REGISTRY_TABLE;
NTSTATUS NTAPI ndlw_ZwOpenKey(HANDLE *handle, ACCESS_MASK access,
			      OBJECT_ATTRIBUTES *attrs);
NTSTATUS NTAPI ndlw_ZwCreateKey(HANDLE *handle, ACCESS_MASK access,
				OBJECT_ATTRIBUTES *attrs, ULONG title_index,
				UNICODE_STRING *class_name, ULONG options,
				ULONG *disposition);
NTSTATUS NTAPI ndlw_ZwDeleteKey(HANDLE handle);
NTSTATUS NTAPI ndlw_ZwQueryValueKey(HANDLE handle, UNICODE_STRING *vname,
				    ULONG cls, void *info, ULONG len,
				    ULONG *result);
NTSTATUS NTAPI ndlw_ZwEnumerateValueKey(HANDLE handle, ULONG index,
					ULONG cls, void *info, ULONG len,
					ULONG *result);
NTSTATUS NTAPI ndlw_ZwSetValueKey(HANDLE handle, UNICODE_STRING *vname,
				  ULONG title_index, ULONG type, void *data,
				  ULONG len);
NTSTATUS NTAPI ndlw_ZwDeleteValueKey(HANDLE handle, UNICODE_STRING *vname);
NTSTATUS NTAPI ndlw_ZwFlushKey(HANDLE handle);
NTSTATUS NTAPI ndlw_ZwQueryKey(HANDLE handle, ULONG cls, void *info,
			       ULONG len, ULONG *result);
NTSTATUS NTAPI ndlw_ZwEnumerateKey(HANDLE handle, ULONG index, ULONG cls,
				   void *info, ULONG len, ULONG *result);
NTSTATUS NTAPI ndlw_IoOpenDeviceRegistryKey(DEVICE_OBJECT *dev, ULONG which,
					    ACCESS_MASK access, HANDLE *handle);
NTSTATUS NTAPI ndlw_RtlQueryRegistryValues(ULONG rel, const WCHAR *path,
					   RTL_QUERY_REGISTRY_TABLE *table,
					   void *ctx, void *env);
NTSTATUS NTAPI ndlw_RtlWriteRegistryValue(ULONG rel, const WCHAR *path,
					  const WCHAR *vname, ULONG type,
					  void *data, ULONG len);
NTSTATUS NTAPI ndlw_RtlDeleteRegistryValue(ULONG rel, const WCHAR *path,
					   const WCHAR *vname);
NTSTATUS NTAPI ndlw_RtlCheckRegistryKey(ULONG rel, WCHAR *path);

/* I/O manager: nt_irp.c, nt_irp_build.c, nt_cancel.c */
void NTAPI ndlw_IoInitializeIrp(IRP *irp, USHORT size, CCHAR stack);
NTAPI IRP *ndlw_IoAllocateIrp(CCHAR stack, BOOLEAN charge_quota);
void NTAPI ndlw_IoFreeIrp(IRP *irp);
void NTAPI ndlw_IoReuseIrp(IRP *irp, NTSTATUS status);
NTSTATUS FASTCALL ndlw_IofCallDriver(DEVICE_OBJECT *dev, IRP *irp);
void FASTCALL ndlw_IofCompleteRequest(IRP *irp, CCHAR boost);
NTAPI IRP *ndlw_IoBuildDeviceIoControlRequest(ULONG code, DEVICE_OBJECT *dev,
					      void *in, ULONG in_len,
					      void *out, ULONG out_len,
					      BOOLEAN internal, KEVENT *event,
					      IO_STATUS_BLOCK *iosb);
NTAPI IRP *ndlw_IoBuildSynchronousFsdRequest(ULONG major, DEVICE_OBJECT *dev,
					     void *buf, ULONG len,
					     LARGE_INTEGER *offset,
					     KEVENT *event,
					     IO_STATUS_BLOCK *iosb);
NTAPI IRP *ndlw_IoBuildAsynchronousFsdRequest(ULONG major,
					      DEVICE_OBJECT *dev, void *buf,
					      ULONG len, LARGE_INTEGER *offset,
					      IO_STATUS_BLOCK *iosb);
void NTAPI ndlw_IoAcquireCancelSpinLock(KIRQL *old);
void NTAPI ndlw_IoReleaseCancelSpinLock(KIRQL old);
BOOLEAN NTAPI ndlw_IoCancelIrp(IRP *irp);

/* nt_device.c, nt_symlink.c, nt_io_misc.c */
NTSTATUS NTAPI ndlw_IoCreateDevice(DRIVER_OBJECT *drv, ULONG ext_size,
				   UNICODE_STRING *name, ULONG type,
				   ULONG chars, BOOLEAN exclusive,
				   DEVICE_OBJECT **out);
void NTAPI ndlw_IoDeleteDevice(DEVICE_OBJECT *dev);
NTAPI DEVICE_OBJECT *ndlw_IoAttachDeviceToDeviceStack(DEVICE_OBJECT *src,
						      DEVICE_OBJECT *target);
void NTAPI ndlw_IoDetachDevice(DEVICE_OBJECT *target);
NTAPI DEVICE_OBJECT *ndlw_IoGetAttachedDevice(DEVICE_OBJECT *dev);
NTAPI DEVICE_OBJECT *ndlw_IoGetAttachedDeviceReference(DEVICE_OBJECT *dev);
NTSTATUS NTAPI ndlw_IoCreateSymbolicLink(UNICODE_STRING *link,
					 UNICODE_STRING *dev);
NTSTATUS NTAPI ndlw_IoCreateUnprotectedSymbolicLink(UNICODE_STRING *link,
						    UNICODE_STRING *dev);
NTSTATUS NTAPI ndlw_IoDeleteSymbolicLink(UNICODE_STRING *link);
NTSTATUS NTAPI ndlw_IoRegisterDeviceInterface(DEVICE_OBJECT *pdo,
					      const GUID *guid,
					      UNICODE_STRING *ref,
					      UNICODE_STRING *out);
NTSTATUS NTAPI ndlw_IoSetDeviceInterfaceState(UNICODE_STRING *name,
					      BOOLEAN enable);
void ndl_links_drop_pdo(DEVICE_OBJECT *pdo);
void NTAPI ndlw_IoGetStackLimits(ULONG_PTR *low, ULONG_PTR *high);
void NTAPI ndlw_IoInvalidateDeviceRelations(DEVICE_OBJECT *dev, ULONG type);
void NTAPI ndlw_IoInvalidateDeviceState(DEVICE_OBJECT *pdo);
NTSTATUS NTAPI ndlw_IoGetDeviceObjectPointer(UNICODE_STRING *name,
					     ACCESS_MASK access,
					     FILE_OBJECT **file,
					     DEVICE_OBJECT **dev);
NTSTATUS NTAPI ndlw_IoGetDeviceProperty(DEVICE_OBJECT *pdo, ULONG prop,
					ULONG len, void *buf, ULONG *result);

/* nt_remlock.c */
void NTAPI ndlw_IoInitializeRemoveLockEx(IO_REMOVE_LOCK *l, ULONG tag,
					 ULONG max_minutes, ULONG high_water,
					 ULONG size);
NTSTATUS NTAPI ndlw_IoAcquireRemoveLockEx(IO_REMOVE_LOCK *l, void *tag,
					  const char *file, ULONG line,
					  ULONG size);
void NTAPI ndlw_IoReleaseRemoveLockEx(IO_REMOVE_LOCK *l, void *tag,
				      ULONG size);
void NTAPI ndlw_IoReleaseRemoveLockAndWaitEx(IO_REMOVE_LOCK *l, void *tag,
					     ULONG size);

/* nt_power.c */
typedef NTAPI_PTR void (*PREQUEST_POWER_COMPLETE)(DEVICE_OBJECT *dev, UCHAR minor,
						  ULONG state, void *ctx,
						  IO_STATUS_BLOCK *iosb);
NTSTATUS NTAPI ndlw_PoCallDriver(DEVICE_OBJECT *dev, IRP *irp);
void NTAPI ndlw_PoStartNextPowerIrp(IRP *irp);
ULONG NTAPI ndlw_PoSetPowerState(DEVICE_OBJECT *dev, ULONG type, ULONG state);
NTSTATUS NTAPI ndlw_PoRequestPowerIrp(DEVICE_OBJECT *dev, UCHAR minor,
				      ULONG state, PREQUEST_POWER_COMPLETE fn,
				      void *ctx, IRP **out);

/* nt_wmi.c */
NTSTATUS NTAPI ndlw_IoWMIRegistrationControl(DEVICE_OBJECT *dev,
					     ULONG action);
NTSTATUS NTAPI ndlw_WmiSystemControl(void *lib, DEVICE_OBJECT *dev, IRP *irp,
				     ULONG *disposition);
NTSTATUS NTAPI ndlw_WmiCompleteRequest(DEVICE_OBJECT *dev, IRP *irp,
				       NTSTATUS status, ULONG used,
				       CCHAR boost);
NTSTATUS NTAPI ndlw_WmiQueryTraceInformation(ULONG cls, void *info, ULONG len,
					     ULONG *needed, void *buffer);
NTSTATUS WINCDECL ndlw_WmiTraceMessage(u64 logger, ULONG flags,
				       const GUID *guid, USHORT number, ...);
NTSTATUS NTAPI ndlw_IoWMIOpenBlock(const GUID *guid, ULONG access,
				   void **object);
NTSTATUS NTAPI ndlw_IoWMIQueryAllData(void *object, ULONG *size, void *out);
/* nt_thread.c */
typedef struct _CLIENT_ID CLIENT_ID;
NTSTATUS NTAPI ndlw_PsCreateSystemThread(HANDLE *handle, ULONG access,
					 OBJECT_ATTRIBUTES *attrs,
					 HANDLE process, CLIENT_ID *client,
					 NTAPI_PTR void (*start)(void *ctx),
					 void *ctx);
NTSTATUS NTAPI ndlw_PsTerminateSystemThread(NTSTATUS status);
extern const void *const *ndlw_PsThreadType;

/* nt_intsync.c */
typedef NTAPI_PTR BOOLEAN (*PKSYNCHRONIZE_ROUTINE)(void *ctx);
BOOLEAN NTAPI ndlw_KeSynchronizeExecution(void *interrupt,
					  PKSYNCHRONIZE_ROUTINE fn, void *ctx);

/* nt_interrupt.c: KINTERRUPT is opaque to drivers. */
typedef struct _KINTERRUPT KINTERRUPT;
typedef NTAPI_PTR BOOLEAN (*PKSERVICE_ROUTINE)(KINTERRUPT *interrupt, void *ctx);
NTSTATUS NTAPI ndlw_IoConnectInterrupt(KINTERRUPT **out,
				       PKSERVICE_ROUTINE isr, void *ctx,
				       KSPIN_LOCK *lock, ULONG vector,
				       KIRQL irql, KIRQL sync_irql,
				       ULONG mode, BOOLEAN share,
				       KAFFINITY cpus, BOOLEAN floating_save);
void NTAPI ndlw_IoDisconnectInterrupt(KINTERRUPT *object);
KIRQL NTAPI ndlw_KeAcquireInterruptSpinLock(KINTERRUPT *object);
void NTAPI ndlw_KeReleaseInterruptSpinLock(KINTERRUPT *object, KIRQL old);

/* nt_file.c */
NTSTATUS NTAPI ndlw_ZwCreateFile(HANDLE *handle, ACCESS_MASK access,
				 OBJECT_ATTRIBUTES *attrs,
				 IO_STATUS_BLOCK *iosb, LARGE_INTEGER *alloc,
				 ULONG attributes, ULONG share,
				 ULONG disposition, ULONG options, void *ea,
				 ULONG ea_len);
NTSTATUS NTAPI ndlw_ZwOpenFile(HANDLE *handle, ACCESS_MASK access,
			       OBJECT_ATTRIBUTES *attrs, IO_STATUS_BLOCK *iosb,
			       ULONG share, ULONG options);
NTSTATUS NTAPI ndlw_ZwReadFile(HANDLE h, HANDLE event, void *apc,
			       void *apc_ctx, IO_STATUS_BLOCK *iosb, void *buf,
			       ULONG len, LARGE_INTEGER *offset, ULONG *key);
NTSTATUS NTAPI ndlw_ZwWriteFile(HANDLE h, HANDLE event, void *apc,
				void *apc_ctx, IO_STATUS_BLOCK *iosb, void *buf,
				ULONG len, LARGE_INTEGER *offset, ULONG *key);
NTSTATUS NTAPI ndlw_ZwQueryInformationFile(HANDLE h, IO_STATUS_BLOCK *iosb,
					   void *info, ULONG len, ULONG cls);
NTSTATUS NTAPI ndlw_ZwSetInformationFile(HANDLE h, IO_STATUS_BLOCK *iosb,
					 void *info, ULONG len, ULONG cls);
NTSTATUS NTAPI ndlw_ZwOpenSection(HANDLE *handle, ACCESS_MASK access,
				  OBJECT_ATTRIBUTES *attrs);
NTSTATUS NTAPI ndlw_ZwMapViewOfSection(HANDLE section, HANDLE process,
				       void **base, ULONG_PTR zero_bits,
				       SIZE_T commit, LARGE_INTEGER *offset,
				       SIZE_T *view_size, ULONG inherit,
				       ULONG alloc_type, ULONG protect);
NTSTATUS NTAPI ndlw_ZwUnmapViewOfSection(HANDLE process, void *base);
NTSTATUS NTAPI ndlw_ZwPowerInformation(ULONG level, void *in, ULONG in_len,
				       void *out, ULONG out_len);
extern const void *const *ndlw_IoFileObjectType;

#endif /* NDL_NT_EXPORTS_H */
