// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the Rtl string, conversion and CRT exports and of the
 * Windows printf engine, called through their ms_abi entry points as a
 * driver calls them. Also built into ndisload.ko (kernel/suites.h): no C
 * library beyond string.h, waits through KeDelayExecutionThread.
 */
#include <string.h>

#include "check.h"
#include "common.h"
#include "nt/nt_api.h"
#include "nt/nt_status.h"
#include "core/fmt.h"

/* Exports not declared in nt_api.h. */
void NTAPI ndlw_RtlCopyUnicodeString(UNICODE_STRING *dst,
				     const UNICODE_STRING *src);
NTSTATUS NTAPI ndlw_RtlAppendUnicodeToString(UNICODE_STRING *dst,
					     const WCHAR *src);
NTSTATUS NTAPI ndlw_RtlAppendUnicodeStringToString(UNICODE_STRING *dst,
						   const UNICODE_STRING *src);
NTSTATUS NTAPI ndlw_RtlUpcaseUnicodeString(UNICODE_STRING *dst,
					   const UNICODE_STRING *src,
					   BOOLEAN alloc);
NTSTATUS NTAPI ndlw_RtlCharToInteger(const char *s, ULONG base, ULONG *v);
NTSTATUS NTAPI ndlw_RtlIntegerToChar(ULONG v, ULONG base, LONG len, char *s);
NTSTATUS NTAPI ndlw_RtlGUIDFromString(const UNICODE_STRING *s, GUID *g);
NTSTATUS NTAPI ndlw_RtlStringFromGUID(const GUID *g, UNICODE_STRING *s);
ULONG NTAPI ndlw_RtlxUnicodeStringToAnsiSize(const UNICODE_STRING *s);
LONG NTAPI ndlw_RtlCompareString(const STRING *a, const STRING *b, BOOLEAN ci);
SIZE_T NTAPI ndlw_RtlCompareMemory(const void *a, const void *b, SIZE_T n);
int WINCDECL ndlw__snprintf(char *buf, SIZE_T n, const char *fmt, ...);
int WINCDECL ndlw_snprintf(char *buf, SIZE_T n, const char *fmt, ...);
int WINCDECL ndlw_sprintf(char *buf, const char *fmt, ...);
int WINCDECL ndlw__snwprintf(WCHAR *buf, SIZE_T n, const WCHAR *fmt, ...);
ULONG WINCDECL ndlw_DbgPrint(const char *fmt, ...);
ULONG WINCDECL ndlw_DbgPrintEx(ULONG component, ULONG level,
			       const char *fmt, ...);
int WINCDECL ndlw__stricmp(const char *a, const char *b);
int WINCDECL ndlw_strncmp(const char *a, const char *b, SIZE_T n);
char *WINCDECL ndlw_strstr(const char *h, const char *n);
char *WINCDECL ndlw_strrchr(const char *s, int c);
char *WINCDECL ndlw_strncpy(char *d, const char *s, SIZE_T n);
unsigned long WINCDECL ndlw_strtoul(const char *s, char **end, int base);
long WINCDECL ndlw_strtol(const char *s, char **end, int base);
int WINCDECL ndlw_atoi(const char *s);
SIZE_T WINCDECL ndlw_wcslen(const WCHAR *s);
int WINCDECL ndlw__wcsicmp(const WCHAR *a, const WCHAR *b);
WCHAR *WINCDECL ndlw_wcsstr(const WCHAR *h, const WCHAR *n);
int WINCDECL ndlw_memcmp(const void *a, const void *b, SIZE_T n);
void *WINCDECL ndlw_memchr(const void *s, int c, SIZE_T n);
int WINCDECL ndlw_rand(void);
void WINCDECL ndlw_srand(unsigned int seed);

static bool ustr_is(const UNICODE_STRING *u, const char *a)
{
	size_t n = strlen(a);

	if (u->Length != n * 2)
		return false;
	for (size_t i = 0; i < n; i++)
		if (u->Buffer[i] != (WCHAR)(u8)a[i])
			return false;
	return true;
}

static void test_init_copy_append(void)
{
	WCHAR buf[8];
	UNICODE_STRING a, b = { 0, sizeof(buf), buf };

	ndlw_RtlInitUnicodeString(&a, u"hello");
	CHECK_EQ_INT(a.Length, 10);
	CHECK_EQ_INT(a.MaximumLength, 12);
	ndlw_RtlInitUnicodeString(&a, NULL);
	CHECK(a.Length == 0 && a.MaximumLength == 0 && a.Buffer == NULL);
	ndlw_RtlInitUnicodeString(&a, u"abcdefghij");	/* 20 bytes > 16 */
	ndlw_RtlCopyUnicodeString(&b, &a);
	CHECK_EQ_INT(b.Length, 16);	/* truncated to MaximumLength */
	b.Length = 0;
	CHECK_EQ_INT(ndlw_RtlAppendUnicodeToString(&b, u"abc"), STATUS_SUCCESS);
	CHECK_EQ_INT(buf[3], 0);	/* terminated while room remains */
	CHECK_EQ_INT(ndlw_RtlAppendUnicodeToString(&b, u"defghi"),
		     STATUS_BUFFER_TOO_SMALL);
	CHECK(ustr_is(&b, "abc"));
	ndlw_RtlInitUnicodeString(&a, u"defghi");
	CHECK_EQ_INT(ndlw_RtlAppendUnicodeStringToString(&b, &a),
		     STATUS_BUFFER_TOO_SMALL);
	ndlw_RtlInitUnicodeString(&a, u"de");
	CHECK_EQ_INT(ndlw_RtlAppendUnicodeStringToString(&b, &a),
		     STATUS_SUCCESS);
	CHECK(ustr_is(&b, "abcde"));
}

static void test_compare(void)
{
	UNICODE_STRING a, b;
	STRING x, y;

	ndlw_RtlInitUnicodeString(&a, u"NdisLoad");
	ndlw_RtlInitUnicodeString(&b, u"ndisload");
	CHECK(!ndlw_RtlEqualUnicodeString(&a, &b, FALSE));
	CHECK(ndlw_RtlEqualUnicodeString(&a, &b, TRUE));
	CHECK(ndlw_RtlCompareUnicodeString(&a, &b, FALSE) < 0);
	ndlw_RtlInitUnicodeString(&b, u"NdisLoadX");
	CHECK(ndlw_RtlCompareUnicodeString(&a, &b, TRUE) < 0);
	ndlw_RtlInitAnsiString(&x, "abc");
	ndlw_RtlInitAnsiString(&y, "ABD");
	CHECK(ndlw_RtlCompareString(&x, &y, TRUE) < 0);
	CHECK(ndlw_RtlCompareString(&x, &y, FALSE) > 0);
}

static void test_ansi_unicode(void)
{
	ANSI_STRING a, back;
	UNICODE_STRING u;
	char small[4];

	ndlw_RtlInitAnsiString(&a, "Caf\xe9 \x80");	/* é and the euro sign */
	CHECK_EQ_INT(ndlw_RtlAnsiStringToUnicodeString(&u, &a, TRUE),
		     STATUS_SUCCESS);
	CHECK_EQ_INT(u.Length, 12);
	CHECK_EQ_INT(u.Buffer[3], 0xe9);
	CHECK_EQ_INT(u.Buffer[5], 0x20ac);
	CHECK_EQ_INT(ndlw_RtlxUnicodeStringToAnsiSize(&u), 7);
	CHECK_EQ_INT(ndlw_RtlUnicodeStringToAnsiString(&back, &u, TRUE),
		     STATUS_SUCCESS);
	CHECK(back.Length == 6 && !memcmp(back.Buffer, "Caf\xe9 \x80", 7));
	ndlw_RtlFreeAnsiString(&back);
	back = (ANSI_STRING){ 0, sizeof(small), (CHAR *)small };
	CHECK_EQ_INT(ndlw_RtlUnicodeStringToAnsiString(&back, &u, FALSE),
		     STATUS_BUFFER_OVERFLOW);
	CHECK(back.Length == 3 && !strcmp(small, "Caf"));
	ndlw_RtlFreeUnicodeString(&u);
	CHECK(u.Buffer == NULL);
}

static void test_integers(void)
{
	WCHAR buf[16];
	UNICODE_STRING u = { 0, sizeof(buf), buf }, s;
	char c[12];
	ULONG v;

	ndlw_RtlInitUnicodeString(&s, u"  -42xyz");
	CHECK_EQ_INT(ndlw_RtlUnicodeStringToInteger(&s, 10, &v), 0);
	CHECK_EQ_INT((LONG)v, -42);
	ndlw_RtlInitUnicodeString(&s, u"0x1F");
	CHECK_EQ_INT(ndlw_RtlUnicodeStringToInteger(&s, 0, &v), 0);
	CHECK_EQ_INT(v, 31);
	ndlw_RtlInitUnicodeString(&s, u"0b101");
	CHECK_EQ_INT(ndlw_RtlUnicodeStringToInteger(&s, 0, &v), 0);
	CHECK_EQ_INT(v, 5);
	CHECK_EQ_INT(ndlw_RtlUnicodeStringToInteger(&s, 7, &v),
		     STATUS_INVALID_PARAMETER);
	CHECK_EQ_INT(ndlw_RtlCharToInteger("777", 8, &v), 0);
	CHECK_EQ_INT(v, 511);
	CHECK_EQ_INT(ndlw_RtlIntegerToUnicodeString(0xbeef, 16, &u), 0);
	CHECK(ustr_is(&u, "BEEF"));
	CHECK_EQ_INT(ndlw_RtlIntegerToUnicodeString(1234, 0, &u), 0);
	CHECK(ustr_is(&u, "1234"));
	CHECK_EQ_INT(ndlw_RtlIntegerToUnicodeString(1234, 7, &u),
		     STATUS_INVALID_PARAMETER);
	u.MaximumLength = 4;
	CHECK_EQ_INT(ndlw_RtlIntegerToUnicodeString(1234, 10, &u),
		     STATUS_BUFFER_OVERFLOW);
	memset(c, 'x', sizeof(c));
	CHECK_EQ_INT(ndlw_RtlIntegerToChar(255, 2, sizeof(c), c), 0);
	CHECK(!strcmp(c, "11111111"));
	CHECK_EQ_INT(ndlw_RtlIntegerToChar(255, 0, 3, c), 0);
	CHECK(!memcmp(c, "255", 3));	/* exactly len: no terminator */
	CHECK_EQ_INT(ndlw_RtlIntegerToChar(255, 16, 1, c),
		     STATUS_BUFFER_OVERFLOW);
	CHECK_EQ_INT(ndlw_RtlIntegerToChar(255, 3, sizeof(c), c),
		     STATUS_INVALID_PARAMETER);
}

static void test_guid_and_case(void)
{
	UNICODE_STRING s, out;
	GUID g;
	WCHAR up[8];
	UNICODE_STRING dst = { 0, sizeof(up), up };

	ndlw_RtlInitUnicodeString(&s, u"{4D36E972-E325-11CE-BFC1-08002BE10318}");
	CHECK_EQ_INT(ndlw_RtlGUIDFromString(&s, &g), 0);
	CHECK_EQ_INT(g.Data1, 0x4d36e972);
	CHECK_EQ_INT(g.Data4[7], 0x18);
	CHECK_EQ_INT(ndlw_RtlStringFromGUID(&g, &out), 0);
	CHECK(ndlw_RtlEqualUnicodeString(&s, &out, FALSE));
	ndlw_RtlFreeUnicodeString(&out);
	ndlw_RtlInitUnicodeString(&s, u"{4D36E972-E325-11CE-BFC1-08002BE1031}");
	CHECK_EQ_INT(ndlw_RtlGUIDFromString(&s, &g), STATUS_INVALID_PARAMETER);
	ndlw_RtlInitUnicodeString(&s, u"ab\xe9");
	CHECK_EQ_INT(ndlw_RtlUpcaseUnicodeString(&dst, &s, FALSE), 0);
	CHECK(dst.Length == 6 && up[0] == 'A' && up[2] == 0xc9);
}

static void test_printf_family(void)
{
	char buf[64];
	WCHAR wbuf[32];
	UNICODE_STRING u;
	ANSI_STRING a;

	ndlw_RtlInitUnicodeString(&u, u"wide");
	ndlw_RtlInitAnsiString(&a, "ansi");
	CHECK_EQ_INT(ndlw_snprintf(buf, sizeof(buf), "%d|%5s|%-4x|%08.3d|%c",
				   -7, "ab", 0xa, 5, 'z'), 24);
	CHECK(!strcmp(buf, "-7|   ab|a   |     005|z"));
	ndlw_snprintf(buf, sizeof(buf), "%ws %S %wZ %Z %I64u %Ix %lu %hd",
		      u"w1", u"w2", &u, &a, 1ull << 40, (size_t)0xabc,
		      4000000000u, 70000);
	CHECK(!strcmp(buf, "w1 w2 wide ansi 1099511627776 abc 4000000000 4464"));
	if (strcmp(buf, "w1 w2 wide ansi 1099511627776 abc 4000000000 4464"))
		CHECK_TELL("got: %s\n", buf);
	ndlw_snprintf(buf, sizeof(buf), "%p %#x %+d %%", (void *)0x1000, 255, 3);
	CHECK(!strcmp(buf, "0000000000001000 0xff +3 %"));
	/* MSVCRT _snprintf: -1 and no terminator when it does not fit. */
	memset(buf, 'Q', sizeof(buf));
	CHECK_EQ_INT(ndlw__snprintf(buf, 4, "%s", "abcdef"), -1);
	CHECK(!memcmp(buf, "abcdQ", 5));
	CHECK_EQ_INT(ndlw__snprintf(buf, 4, "%s", "abcd"), 4);
	CHECK_EQ_INT(buf[4], 'Q');
	CHECK_EQ_INT(ndlw__snprintf(buf, 8, "%s", "abc"), 3);
	CHECK(!strcmp(buf, "abc"));
	/* C99 snprintf: full length, always terminated. */
	CHECK_EQ_INT(ndlw_snprintf(buf, 4, "%s", "abcdef"), 6);
	CHECK(!strcmp(buf, "abc"));
	CHECK_EQ_INT(ndlw_sprintf(buf, "%s-%u", "x", 9u), 3);
	CHECK_EQ_INT(ndlw__snwprintf(wbuf, 32, u"%s=%S %d", u"k", "v", 12), 6);
	CHECK(wbuf[0] == 'k' && wbuf[2] == 'v' && wbuf[5] == '2' && !wbuf[6]);
	/* %f takes 8 bytes (1.5's bits: no FPU in kernel code) and prints ?. */
	ndlw_snprintf(buf, sizeof(buf), "%n%f|%s", (int *)NULL,
		      0x3ff8000000000000ull, NULL);
	CHECK(!strcmp(buf, "?|(null)"));
	log_clear();
	ndl_dbgprint_mask = ~0u;
	ndlw_DbgPrint("dbg %s %d\n", "line", 5);
	CHECK(log_contains("DbgPrint: dbg line 5"));
	ndl_dbgprint_mask = NDL_DBGPRINT_DEFAULT_MASK;
}

/*
 * DbgPrintEx filtering (Reading and Filtering Debugging Messages): Level
 * 0-31 is bit 1 << Level of the filter mask, a larger Level a mask of its
 * own; by default only DPFLTR_ERROR_LEVEL (0) shows, and DbgPrint is the
 * DPFLTR_INFO_LEVEL (3) of the default component.
 */
static void test_dbgprint_filter(void)
{
	log_clear();
	ndl_dbgprint_mask = NDL_DBGPRINT_DEFAULT_MASK;
	ndlw_DbgPrint("hidden info\n");
	ndlw_DbgPrintEx(77, 1, "hidden warning\n");
	ndlw_DbgPrintEx(77, 0, "shown error %d\n", 1);
	CHECK(!log_contains("hidden"));
	CHECK(log_contains("DbgPrint: shown error 1"));
	ndl_dbgprint_mask = 1u << 3;
	ndlw_DbgPrint("info now\n");
	ndlw_DbgPrintEx(77, 0x8, "mask level\n");	/* 8 < 32: bit 8 */
	ndlw_DbgPrintEx(77, 0x28, "mask 0x28\n");	/* >31: a mask, has bit 3 */
	CHECK(log_contains("DbgPrint: info now"));
	CHECK(!log_contains("mask level"));
	CHECK(log_contains("DbgPrint: mask 0x28"));
	ndl_dbgprint_mask = NDL_DBGPRINT_DEFAULT_MASK;
}

/* 1.1 s at PASSIVE_LEVEL: a fresh one-second window of the limiter. */
static void wait_window(void)
{
	LARGE_INTEGER t = { .QuadPart = -11000000 };	/* 100 ns units */

	ndlw_KeDelayExecutionThread(0 /* KernelMode */, FALSE, &t);
}

/* A flood is cut to 20 lines a second; the count is reported later. */
static void test_dbgprint_rate_limit(void)
{
	char want[32];
	int shown = 0;

	ndl_dbgprint_mask = ~0u;
	wait_window();
	log_clear();
	for (int i = 0; i < 30; i++)
		ndlw_DbgPrintEx(77, 0, "flood %d\n", i);
	for (int i = 0; i < 30; i++) {
		ndl_snprintf(want, sizeof(want), "DbgPrint: flood %d", i);
		shown += log_contains(want);
	}
	CHECK_EQ_INT(shown, 20);
	wait_window();
	ndlw_DbgPrintEx(77, 0, "after\n");
	CHECK(log_contains("DbgPrint: 10 lines suppressed"));
	CHECK(log_contains("DbgPrint: after"));
	ndl_dbgprint_mask = NDL_DBGPRINT_DEFAULT_MASK;
}

static void test_crt(void)
{
	char d[8];
	char *end;

	CHECK_EQ_INT(ndlw__stricmp("HeLLo", "hello"), 0);
	CHECK(ndlw__stricmp("a", "B") < 0);
	CHECK(ndlw_strncmp("abcd", "abce", 3) == 0);
	CHECK(ndlw_strstr("find the needle", "needle") != NULL);
	CHECK(ndlw_strstr("abc", "") != NULL);
	CHECK(ndlw_strrchr("a/b/c", '/')[1] == 'c');
	ndlw_strncpy(d, "ab", sizeof(d));
	CHECK(d[2] == 0 && d[7] == 0);
	CHECK_EQ_INT(ndlw_strtoul("0x1fg", &end, 0), 0x1f);
	CHECK(*end == 'g');
	CHECK_EQ_INT(ndlw_strtoul("99999999999", NULL, 10), 0xffffffffu);
	CHECK_EQ_INT(ndlw_strtol("-2147483649", NULL, 10), (long)(s32)0x80000000);
	CHECK_EQ_INT(ndlw_atoi("  123abc"), 123);
	CHECK_EQ_INT(ndlw_wcslen(u"four"), 4);
	CHECK_EQ_INT(ndlw__wcsicmp(u"ABC", u"abc"), 0);
	CHECK(ndlw_wcsstr(u"hello world", u"wor") != NULL);
	CHECK(ndlw_memcmp("\x01", "\xff", 1) < 0);
	CHECK(ndlw_memchr("abc", 'c', 3) != NULL);
	CHECK_EQ_INT(ndlw_RtlCompareMemory("abcd", "abXd", 4), 2);
	ndlw_srand(1);
	CHECK_EQ_INT(ndlw_rand(), 41);	/* MSVCRT's first value for seed 1 */
}

/*
 * memcmp and RtlCompareMemory as documented (unsigned bytes; the count of
 * leading equal bytes) at every length, offset and first difference the
 * word-at-a-time comparison could get wrong.
 */
static void test_compare_memory(void)
{
	u8 a[64], b[64];

	for (SIZE_T i = 0; i < sizeof(a); i++)
		a[i] = b[i] = (u8)(i * 37 + 1);
	for (SIZE_T off = 0; off < 8; off++)
		for (SIZE_T n = 0; off + n <= 40; n++) {
			CHECK_EQ_INT(ndlw_memcmp(a + off, b + off, n), 0);
			CHECK_EQ_INT(ndlw_RtlCompareMemory(a + off, b + off, n), n);
			for (SIZE_T d = 0; d < n; d++) {
				u8 keep = b[off + d];

				b[off + d] = (u8)(a[off + d] ^ 0x80);
				CHECK_EQ_INT(ndlw_RtlCompareMemory(a + off, b + off, n), d);
				CHECK((ndlw_memcmp(a + off, b + off, n) < 0) ==
				      (a[off + d] < b[off + d]));
				CHECK(ndlw_memcmp(a + off, b + off, n) != 0);
				/* A later difference does not move the first. */
				if (d + 1 < n)
					b[off + n - 1] ^= 1;
				CHECK_EQ_INT(ndlw_RtlCompareMemory(a + off, b + off, n), d);
				if (d + 1 < n)
					b[off + n - 1] ^= 1;
				b[off + d] = keep;
			}
		}
}

int main(void)
{
	int rc;

	test_init();
	RUN(test_init_copy_append);
	RUN(test_compare);
	RUN(test_ansi_unicode);
	RUN(test_integers);
	RUN(test_guid_and_case);
	RUN(test_printf_family);
	RUN(test_dbgprint_filter);
	RUN(test_dbgprint_rate_limit);
	RUN(test_crt);
	RUN(test_compare_memory);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
