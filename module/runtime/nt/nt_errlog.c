// SPDX-License-Identifier: GPL-2.0-only
/*
 * The I/O error log: IoAllocateErrorLogEntry, IoWriteErrorLogEntry,
 * IoFreeErrorLogEntry. Entries are written to the host log (Windows'
 * Event Log has no equivalent here) with their codes and strings.
 */
#include "nt/nt_api.h"
#include "nt/nt_exports.h"

typedef struct _IO_ERROR_LOG_PACKET {
	UCHAR MajorFunctionCode;
	UCHAR RetryCount;
	USHORT DumpDataSize;
	USHORT NumberOfStrings;
	USHORT StringOffset;
	USHORT EventCategory;
	NTSTATUS ErrorCode;
	ULONG UniqueErrorValue;
	NTSTATUS FinalStatus;
	ULONG SequenceNumber;
	ULONG IoControlCode;
	LARGE_INTEGER DeviceOffset;
	ULONG DumpData[1];
} IO_ERROR_LOG_PACKET;
#if defined(__x86_64__)
NDL_STATIC_ASSERT(sizeof(IO_ERROR_LOG_PACKET) == 0x30, "x64 error log packet");
#endif

#define ERROR_LOG_MAXIMUM_SIZE 240

void *NTAPI ndlw_IoAllocateErrorLogEntry(void *io_object, UCHAR size)
{
	if (size < sizeof(IO_ERROR_LOG_PACKET) - sizeof(ULONG) ||
	    size > ERROR_LOG_MAXIMUM_SIZE)
		return NULL;
	return ndl_alloc(size, NDL_OS_ZERO | NDL_OS_ATOMIC);
}

void NTAPI ndlw_IoFreeErrorLogEntry(void *entry)
{
	ndl_free(entry);
}

void NTAPI ndlw_IoWriteErrorLogEntry(void *entry)
{
	IO_ERROR_LOG_PACKET *p = entry;
	size_t size = ndl_alloc_size(entry);
	char strings[160] = "";
	size_t n = 0, off = p->StringOffset;

	/* NUL-terminated WCHAR strings at StringOffset, within the entry. */
	for (u32 s = 0; s < p->NumberOfStrings && off + 2 <= size; s++) {
		if (n + 3 < sizeof(strings))
			n += ndl_snprintf(strings + n, sizeof(strings) - n, " \"");
		for (; off + 2 <= size; off += 2) {
			WCHAR c;

			ndl_memcpy(&c, (u8 *)entry + off, 2);
			if (!c)
				break;
			if (n + 2 < sizeof(strings))
				strings[n++] = (char)ndl_wchar_to_ansi(c);
		}
		off += 2;
		if (n + 2 < sizeof(strings))
			strings[n++] = '"';
		strings[n < sizeof(strings) ? n : sizeof(strings) - 1] = 0;
	}
	ndl_warn("driver error log: code 0x%08x, final status 0x%08x, unique 0x%x, %u dump words%s",
		 (u32)p->ErrorCode, (u32)p->FinalStatus, p->UniqueErrorValue,
		 p->DumpDataSize / 4u, strings);
	ndl_free(entry);
}
