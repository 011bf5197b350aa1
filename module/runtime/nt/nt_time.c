// SPDX-License-Identifier: GPL-2.0-only
/*
 * Windows time: system time, tick count, interrupt time, performance
 * counter, stalls and delays.
 */
#include "nt/nt_time.h"
#include "nt/nt_objects.h"
#include "nt/nt_status.h"
#include "nt/nt_wait.h"
#include "nt/nt_sync.h"
#include "core/intrinsics.h"
#include "nt/nt_exports.h"

static u64 start_ns;

void ndl_nt_time_init(void)
{
	start_ns = ndl_os_monotonic_ns();
}

u64 ndl_nt_interrupt_time(void)
{
	return (ndl_os_monotonic_ns() - start_ns) / 100;
}

u64 ndl_nt_system_time(void)
{
	s64 ns = ndl_os_realtime_ns();

	return (u64)(ns / 100) + NDL_EPOCH_DIFF_100NS;
}

u64 ndl_nt_tick_count(void)
{
	return ndl_nt_interrupt_time() / NDL_TICK_100NS;
}

u64 ndl_nt_due_to_monotonic(s64 due)
{
	u64 now = ndl_os_monotonic_ns();
	s64 rel;

	if (due < 0) {
		rel = -due;
	} else {
		rel = due - (s64)ndl_nt_system_time();
		if (rel < 0)
			rel = 0;
	}
	if ((u64)rel > ((u64)-1 - now) / 100)
		return (u64)-1;
	return now + (u64)rel * 100;
}

void NTAPI ndlw_KeQuerySystemTime(LARGE_INTEGER *t)
{
	t->QuadPart = (LONGLONG)ndl_nt_system_time();
}

void NTAPI ndlw_KeQueryTickCount(LARGE_INTEGER *t)
{
	ndl_kusd_update();
	t->QuadPart = (LONGLONG)ndl_nt_tick_count();
}

ULONGLONG NTAPI ndlw_KeQueryInterruptTime(void)
{
	ndl_kusd_update();
	return ndl_nt_interrupt_time();
}

ULONG NTAPI ndlw_KeQueryTimeIncrement(void)
{
	return NDL_TICK_100NS;
}

/* Performance counter: 10 MHz, as modern Windows reports. */
LARGE_INTEGER NTAPI ndlw_KeQueryPerformanceCounter(LARGE_INTEGER *freq)
{
	LARGE_INTEGER v;

	if (freq)
		freq->QuadPart = 10000000;
	v.QuadPart = (LONGLONG)((ndl_os_monotonic_ns() - start_ns) / 100);
	return v;
}

void NTAPI ndlw_KeStallExecutionProcessor(ULONG us)
{
	if (us > 50000)	/* documented: keep stalls under 50 us; cap abuse */
		ndl_fixme_once("KeStallExecutionProcessor(%u us): long busy-wait",
			       us);
	ndl_os_stall_us(us);
}

NTSTATUS NTAPI ndlw_KeDelayExecutionThread(KPROCESSOR_MODE mode,
					   BOOLEAN alertable,
					   LARGE_INTEGER *interval)
{
	if (ndl_os_irql_current() > NDL_APC_LEVEL) {
		ndl_err("KeDelayExecutionThread at IRQL %u (must be <= APC_LEVEL)",
			ndl_os_irql_current());
		ndl_os_bugcheck(NDL_BUGCHECK_IRQL_NOT_LESS_OR_EQUAL, 0,
				ndl_os_irql_current(), 0, 0);
	}
	return ndl_wait_sleep(ndl_nt_due_to_monotonic(interval->QuadPart));
}

/* Local time is UTC: the kernel has no time zone (as Linux keeps it). */
void NTAPI ndlw_ExSystemTimeToLocalTime(LARGE_INTEGER *sys, LARGE_INTEGER *loc)
{
	loc->QuadPart = sys->QuadPart;
}

void NTAPI ndlw_ExLocalTimeToSystemTime(LARGE_INTEGER *loc, LARGE_INTEGER *sys)
{
	sys->QuadPart = loc->QuadPart;
}

ULONG NTAPI ndlw_ExSetTimerResolution(ULONG desired, BOOLEAN set)
{
	return NDL_TICK_100NS;
}

struct _TIME_FIELDS {
	SHORT Year, Month, Day, Hour, Minute, Second, Milliseconds, Weekday;
};

/* Days from 1601-01-01 to a civil date (proleptic Gregorian). */
static s64 days_from_civil(s64 y, unsigned int m, unsigned int d)
{
	s64 era;
	unsigned int yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = (unsigned int)(y - era * 400);
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (s64)doe - 719468 + 134774; /* 1970 -> 1601 */
}

void NTAPI ndlw_RtlTimeToTimeFields(LARGE_INTEGER *time, TIME_FIELDS *tf)
{
	u64 t = (u64)time->QuadPart;
	s64 days = (s64)(t / 864000000000ull), z, era;
	u64 rem = t % 864000000000ull;
	unsigned int doe, yoe, doy, mp;

	tf->Milliseconds = (SHORT)(rem / 10000 % 1000);
	tf->Second = (SHORT)(rem / 10000000 % 60);
	tf->Minute = (SHORT)(rem / 600000000 % 60);
	tf->Hour = (SHORT)(rem / 36000000000ull);
	tf->Weekday = (SHORT)((days + 1) % 7);	/* 1601-01-01 was a Monday */
	z = days - 134774 + 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = (unsigned int)(z - era * 146097);
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	tf->Day = (SHORT)(doy - (153 * mp + 2) / 5 + 1);
	tf->Month = (SHORT)(mp < 10 ? mp + 3 : mp - 9);
	tf->Year = (SHORT)(yoe + era * 400 + (tf->Month <= 2));
}

BOOLEAN NTAPI ndlw_RtlTimeFieldsToTime(TIME_FIELDS *tf, LARGE_INTEGER *time)
{
	s64 days;

	if (tf->Month < 1 || tf->Month > 12 || tf->Day < 1 || tf->Day > 31 ||
	    tf->Hour < 0 || tf->Hour > 23 || tf->Minute < 0 ||
	    tf->Minute > 59 || tf->Second < 0 || tf->Second > 59 ||
	    tf->Milliseconds < 0 || tf->Milliseconds > 999 || tf->Year < 1601)
		return FALSE;
	days = days_from_civil(tf->Year, (unsigned int)tf->Month,
			       (unsigned int)tf->Day);
	time->QuadPart = ((((days * 24 + tf->Hour) * 60 + tf->Minute) * 60 +
			   tf->Second) * 1000 + tf->Milliseconds) * 10000;
	return TRUE;
}
