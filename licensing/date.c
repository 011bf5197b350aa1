// SPDX-License-Identifier: GPL-2.0-only
/*
 * Calendar dates as whole UTC days since 1970-01-01, and the clock the
 * licensing code reads (overridable only in test trees).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Howard Hinnant's days_from_civil / civil_from_days (proleptic Gregorian). */
static int32_t days_from_civil(int y, int m, int d)
{
	y -= m <= 2;
	int era = (y >= 0 ? y : y - 399) / 400;
	int yoe = y - era * 400;
	int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;

	return era * 146097 + doe - 719468;
}

static void civil_from_days(int32_t z, int *y, int *m, int *d)
{
	z += 719468;
	int era = (z >= 0 ? z : z - 146096) / 146097;
	int doe = z - era * 146097;
	int yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	int mp = (5 * doy + 2) / 153;

	*d = doy - (153 * mp + 2) / 5 + 1;
	*m = mp < 10 ? mp + 3 : mp - 9;
	*y = yoe + era * 400 + (*m <= 2);
}

int32_t ndl_lic_day_of(time_t t)
{
	return (int32_t)(t >= 0 ? t / 86400 : -((-t + 86399) / 86400));
}

time_t ndl_lic_day_start(int32_t day)
{
	return (time_t)day * 86400;
}

int ndl_lic_date_parse(const char *s, int32_t *day)
{
	int y, m, d, ry, rm, rd;

	if (strlen(s) != 10 || s[4] != '-' || s[7] != '-')
		return -1;
	for (int i = 0; i < 10; i++)
		if (i != 4 && i != 7 && !isdigit((unsigned char)s[i]))
			return -1;
	y = atoi(s);
	m = atoi(s + 5);
	d = atoi(s + 8);
	if (y < 1970 || y > 9999 || m < 1 || m > 12 || d < 1 || d > 31)
		return -1;
	*day = days_from_civil(y, m, d);
	/* Rejects 2027-02-30 and the like: the date must round-trip. */
	civil_from_days(*day, &ry, &rm, &rd);
	return (ry == y && rm == m && rd == d) ? 0 : -1;
}

void ndl_lic_date_format(int32_t day, char out[11])
{
	int y, m, d;

	if (day == NDL_LIC_NEVER) {
		memcpy(out, "never", 6);
		return;
	}
	civil_from_days(day, &y, &m, &d);
	snprintf(out, 11, "%04u-%02u-%02u", (unsigned)y % 10000u,
		 (unsigned)m % 100u, (unsigned)d % 100u);
}

time_t ndl_lic_now(void)
{
	const char *root = getenv("NDISLOAD_ROOT");
	const char *now = getenv("NDISLOAD_NOW");
	int32_t day;
	char *end;
	long long v;

	if (!root || !*root || !strcmp(root, "/") || !now || !*now)
		return time(NULL);
	if (ndl_lic_date_parse(now, &day) == 0)
		return ndl_lic_day_start(day) + 12 * 3600;
	v = strtoll(now, &end, 10);
	return *end ? time(NULL) : (time_t)v;
}
