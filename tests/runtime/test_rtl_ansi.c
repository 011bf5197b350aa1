// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance tests of the ANSI (CHAR) string exports for bytes 0x80 to
 * 0xff, one rule per test: Windows' CHAR is MSVC's char, signed, so a
 * driver passes such a byte as a negative number wherever a char widens
 * to int, while the runtime is built with whatever plain char its
 * compiler has (signed in user space and on Linux 6.1, unsigned from 6.2
 * on). Every rule must hold either way: this suite also runs inside
 * ndisload.ko (tests/runtime/kernel/suites.h), on each kernel the VM
 * tests boot. The rules are what Microsoft documents (RtlUpperChar is
 * for A-Z; RtlUpperString copies min(Length, MaximumLength) bytes), the
 * C standard (strcmp compares as unsigned char, strchr converts its int
 * to char), and what Wine's tests observe on Windows (RtlUpperChar and
 * RtlUpperString leave every byte outside a-z as it is).
 */
#include <string.h>

#include "check.h"
#include "common.h"
#include "ndis/ndis_api.h"
#include "nt/nt_api.h"
#include "nt/nt_exports.h"
#include "nt/nt_status.h"

/* What an MSVC caller passes for a char argument or a char in "...". */
#define SX(b) ((int)(signed char)(b))

static STRING str_of(const char *s, USHORT len)
{
	return (STRING){ len, len, (CHAR *)s };
}

/* RtlUpperChar upcases a-z and returns every other byte unchanged. */
static void test_upper_char_changes_only_a_to_z(void)
{
	for (int b = 0; b < 256; b++) {
		u8 want = b >= 'a' && b <= 'z' ? (u8)(b - 0x20) : (u8)b;
		u8 got = (u8)ndlw_RtlUpperChar((CHAR)b);

		if (got != want) {
			CHECK_EQ_INT(got, want);
			break;
		}
	}
}

/*
 * RtlUpperString: min(source Length, destination MaximumLength) bytes,
 * a-z upcased, bytes 0x80-0xff copied as they are; MaximumLength and
 * Buffer untouched, Length the count copied.
 */
static void test_upper_string_copies_what_fits(void)
{
	char src[] = "ab\xe9\xff\x80z", out[8];
	STRING s = str_of(src, 6), d = { 0, 4, (CHAR *)out };

	memset(out, '-', sizeof(out));
	ndlw_RtlUpperString(&d, &s);
	CHECK_EQ_INT(d.Length, 4);
	CHECK_EQ_INT(d.MaximumLength, 4);
	CHECK(d.Buffer == (CHAR *)out);
	CHECK(!memcmp(out, "AB\xe9\xff----", 8));
	d.MaximumLength = sizeof(out);
	ndlw_RtlUpperString(&d, &s);
	CHECK_EQ_INT(d.Length, 6);
	CHECK(!memcmp(out, "AB\xe9\xff\x80Z", 6));
}

/*
 * RtlCompareString orders bytes as their unsigned values, the order of
 * RtlCompareUnicodeString's code units and of strcmp: a byte 0x80-0xff
 * sorts after every ASCII byte, whatever the signedness of char.
 */
static void test_compare_string_bytes_unsigned(void)
{
	STRING hi = str_of("a\x80", 2), lo = str_of("a\x7f", 2);
	STRING ff = str_of("\xff", 1), one = str_of("\x01", 1);

	CHECK(ndlw_RtlCompareString(&hi, &lo, FALSE) > 0);
	CHECK(ndlw_RtlCompareString(&lo, &hi, FALSE) < 0);
	CHECK(ndlw_RtlCompareString(&ff, &one, FALSE) > 0);
	CHECK(ndlw_RtlCompareString(&ff, &one, TRUE) > 0);
	CHECK_EQ_INT(ndlw_RtlCompareString(&hi, &hi, FALSE), 0);
}

/*
 * Case-insensitive RtlCompareString/RtlEqualString fold as RtlUpperChar
 * does: a-z only. é (0xe9) and É (0xc9) stay different.
 */
static void test_compare_string_folds_ascii_only(void)
{
	STRING e = str_of("caf\xe9", 4), E = str_of("CAF\xc9", 4);
	STRING e2 = str_of("CAF\xe9", 4);

	CHECK(ndlw_RtlCompareString(&e, &E, TRUE) > 0);
	CHECK(!ndlw_RtlEqualString(&e, &E, TRUE));
	CHECK_EQ_INT(ndlw_RtlCompareString(&e, &e2, TRUE), 0);
	CHECK(ndlw_RtlEqualString(&e, &e2, TRUE));
	CHECK(!ndlw_RtlEqualString(&e, &e2, FALSE));
}

/* strcmp and strncmp compare as unsigned char (C11 7.24.4). */
static void test_strcmp_unsigned(void)
{
	CHECK(ndlw_strcmp("abc", "ab\xa0") < 0);
	CHECK(ndlw_strcmp("ab\xb0", "ab\xa0") > 0);
	CHECK_EQ_INT(ndlw_strcmp("ab\xc2", "ab\xc2"), 0);
	CHECK(ndlw_strcmp("\x80", "") > 0);
	CHECK(ndlw_strncmp("abc", "ab\xa0", 4) < 0);
	CHECK(ndlw_strncmp("ab\xb0", "ab\xa0", 3) > 0);
	CHECK_EQ_INT(ndlw_strncmp("ab\xb0", "ab\xa0", 2), 0);
}

/*
 * _stricmp/_strnicmp (and the old names) fold A-Z only and compare the
 * rest as unsigned char.
 */
static void test_stricmp_folds_ascii_compares_unsigned(void)
{
	CHECK_EQ_INT(ndlw__stricmp("Caf\xe9", "cAF\xe9"), 0);
	CHECK(ndlw__stricmp("\xe9", "\xc9") > 0);
	CHECK(ndlw__stricmp("a\x80", "A\x7f") > 0);
	CHECK(ndlw_stricmp("z", "\x80") < 0);
	CHECK(ndlw__strnicmp("X\xff", "x\x01", 2) > 0);
	CHECK_EQ_INT(ndlw__strnicmp("X\xff", "x\x01", 1), 0);
	CHECK(ndlw_strnicmp("\xc9", "\xe9", 1) < 0);
}

/*
 * toupper/tolower and the is* tests take an int: a char 0x80-0xff from
 * an MSVC caller arrives sign-extended (EOF is -1). In the "C" locale
 * those are no letters, digits or spaces, and come back unchanged.
 */
static void test_ctype_sign_extended_bytes(void)
{
	for (int b = 0x80; b < 0x100; b++) {
		int v = SX(b);

		CHECK(ndlw_toupper(v) == v && ndlw_tolower(v) == v);
		CHECK(ndlw_toupper(b) == b && ndlw_tolower(b) == b);
		CHECK(!ndlw_isalpha(v) && !ndlw_isalnum(v) && !ndlw_isdigit(v));
		CHECK(!ndlw_isspace(v) && !ndlw_isprint(v) && !ndlw_isxdigit(v));
		CHECK(!ndlw_islower(v) && !ndlw_isupper(v));
		CHECK(!ndlw_isalpha(b) && !ndlw_islower(b) && !ndlw_isupper(b));
		if (check_failures)
			break;
	}
	CHECK(!ndlw_isspace(-1) && !ndlw_isalpha(-1));
	CHECK_EQ_INT(ndlw_toupper(-1), -1);
}

/* _strupr/_strlwr change A-Z/a-z only. */
static void test_strupr_strlwr_keep_high_bytes(void)
{
	char s[] = "ab\xe9\xff\x80", t[] = "AB\xc9\xde";

	CHECK(ndlw__strupr(s) == s);
	CHECK(!memcmp(s, "AB\xe9\xff\x80", 6));
	CHECK(ndlw__strlwr(t) == t);
	CHECK(!memcmp(t, "ab\xc9\xde", 5));
}

/*
 * strchr/strrchr convert their int to char: a byte passed sign-extended
 * (MSVC), zero-extended or with higher bits set is found.
 */
static void test_strchr_converts_to_char(void)
{
	static const char s[] = "x\xe9y\xe9";

	CHECK(ndlw_strchr(s, SX(0xe9)) == s + 1);
	CHECK(ndlw_strchr(s, 0xe9) == s + 1);
	CHECK(ndlw_strchr(s, 0x1e9) == s + 1);
	CHECK(ndlw_strrchr(s, SX(0xe9)) == s + 3);
	CHECK(ndlw_strrchr(s, 0xe9) == s + 3);
	CHECK(ndlw_strchr(s, SX(0x80)) == NULL);
	CHECK(ndlw_strchr(s, 0) == s + 4);
}

/*
 * ANSI to Unicode maps each byte through the code page (Windows-1252):
 * 0x80 is U+20AC, 0xe9 U+00E9, 0xff U+00FF; never a sign-extended
 * 0xFFxx. Rtl*, RtlMultiByteToUnicodeN and NDIS's copies agree.
 */
static void test_ansi_to_unicode_no_sign_extension(void)
{
	static const char src[] = "\x80\xe9\xff\xa0";
	static const WCHAR want[] = { 0x20ac, 0xe9, 0xff, 0xa0 };
	STRING a = str_of(src, 4);
	WCHAR buf[5], mb[4];
	UNICODE_STRING u = { 0, sizeof(buf), buf };
	NDIS_STRING n = { 0, sizeof(buf), buf };
	ULONG out = 0;

	CHECK_EQ_INT(ndlw_RtlAnsiStringToUnicodeString(&u, &a, FALSE),
		     STATUS_SUCCESS);
	CHECK(u.Length == 8 && !memcmp(buf, want, 8));
	CHECK_EQ_INT(ndlw_RtlMultiByteToUnicodeN(mb, sizeof(mb), &out, src, 4),
		     STATUS_SUCCESS);
	CHECK(out == 8 && !memcmp(mb, want, 8));
	memset(buf, 0, sizeof(buf));
	CHECK_EQ_INT(ndlw_NdisAnsiStringToUnicodeString(&n, &a),
		     NDIS_STATUS_SUCCESS);
	CHECK(!memcmp(buf, want, 8));
	ndlw_NdisInitializeString(&n, (const u8 *)src);
	CHECK(n.Buffer && n.Length == 8 && !memcmp(n.Buffer, want, 8));
	ndlw_NdisFreeMemory(n.Buffer, n.MaximumLength, 0);	/* NdisFreeString */
}

/* Unicode to ANSI gives the code page's byte, '?' where it has none. */
static void test_unicode_to_ansi_high_bytes(void)
{
	static const WCHAR src[] = { 0x20ac, 0xe9, 0xff, 0x100 };
	UNICODE_STRING u = { 8, 8, (WCHAR *)src };
	char buf[6];
	STRING a = { 0, sizeof(buf), (CHAR *)buf };

	CHECK_EQ_INT(ndlw_RtlUnicodeStringToAnsiString(&a, &u, FALSE),
		     STATUS_SUCCESS);
	CHECK(a.Length == 4 && !memcmp(buf, "\x80\xe9\xff?", 5));
	memset(buf, 0, sizeof(buf));
	CHECK_EQ_INT(ndlw_RtlUnicodeToMultiByteN(buf, 4, NULL, src, 8),
		     STATUS_SUCCESS);
	CHECK(!memcmp(buf, "\x80\xe9\xff?", 4));
}

/*
 * The printf family: %c writes the byte of a sign-extended char; hh
 * narrows to (signed or unsigned) char as MSVC's CRT does.
 */
static void test_printf_char_conversions(void)
{
	char buf[32];

	ndlw__snprintf(buf, sizeof(buf), "%c|%hhx|%hhd|%hhu", SX(0xe9),
		       SX(0xe9), 0xe9, SX(0xe9));
	CHECK(!strcmp(buf, "\xe9|e9|-23|233"));
	ndlw__snprintf(buf, sizeof(buf), "%s|%Z", "\xff\x80",
		       &(STRING){ 2, 2, (CHAR *)"\xc9\xe9" });
	CHECK(!strcmp(buf, "\xff\x80|\xc9\xe9"));
}

int main(void)
{
	int rc;

	test_init();
	RUN(test_upper_char_changes_only_a_to_z);
	RUN(test_upper_string_copies_what_fits);
	RUN(test_compare_string_bytes_unsigned);
	RUN(test_compare_string_folds_ascii_only);
	RUN(test_strcmp_unsigned);
	RUN(test_stricmp_folds_ascii_compares_unsigned);
	RUN(test_ctype_sign_extended_bytes);
	RUN(test_strupr_strlwr_keep_high_bytes);
	RUN(test_strchr_converts_to_char);
	RUN(test_ansi_to_unicode_no_sign_extension);
	RUN(test_unicode_to_ansi_high_bytes);
	RUN(test_printf_char_conversions);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
