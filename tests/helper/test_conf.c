// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the configuration format (conf.c) and parameter checks (params.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "store/conf.h"
#include "lib/jsonx.h"
#include "store/params.h"

static void test_roundtrip(void)
{
	const char *text =
		"# comment\n"
		"top = 1\n"
		"[0000:00:03.0]\n"
		"driver = rtl8139   # trailing comment\n"
		"unbind_native=yes\n"
		"[device 0000:00:04.0]\n"
		"Key = \"a \\\"quoted\\\" # value\\\\\"\n"
		"*JumboPacket = 9014\n";
	struct conf c, d;
	struct ndl_err err;
	char *out;

	conf_init(&c);
	CHECK(conf_parse(&c, "t.conf", text, strlen(text), &err) == 0);
	CHECK(strcmp(conf_get(&c, "0000:00:03.0", "driver"), "rtl8139") == 0);
	CHECK(strcmp(conf_get(&c, "", "top"), "1") == 0);
	CHECK(strcmp(conf_get(&c, "DEVICE 0000:00:04.0", "key"), "a \"quoted\" # value\\") == 0);
	conf_set(&c, "0000:00:03.0", "driver", "other");
	conf_set(&c, "", "late", "x");
	conf_set(&c, "0000:00:03.0", "unbind_native", NULL);
	out = conf_format(&c, "header\nline two");
	conf_init(&d);
	CHECK(out && conf_parse(&d, "out.conf", out, strlen(out), &err) == 0);
	CHECK(strcmp(conf_get(&d, "0000:00:03.0", "driver"), "other") == 0);
	CHECK(conf_get(&d, "0000:00:03.0", "unbind_native") == NULL);
	CHECK(strcmp(conf_get(&d, "", "late"), "x") == 0);	/* stays outside sections */
	CHECK(strcmp(conf_get(&d, "device 0000:00:04.0", "Key"), "a \"quoted\" # value\\") == 0);
	CHECK(out && strncmp(out, "# header\n# line two\n", 20) == 0);
	free(out);
	conf_free(&c);
	conf_free(&d);
}

static void expect_bad(const char *text, const char *needle)
{
	struct conf c;
	struct ndl_err err;

	conf_init(&c);
	CHECK(conf_parse(&c, "bad.conf", text, strlen(text), &err) != 0);
	CHECK(strstr(err.msg, needle) != NULL);
	if (!strstr(err.msg, needle))
		fprintf(stderr, "got \"%s\", wanted \"%s\"\n", err.msg, needle);
	conf_free(&c);
}

static void test_errors(void)
{
	expect_bad("[x\n", "bad.conf:1: a section header");
	expect_bad("a = 1\nno equals\n", "bad.conf:2: expected");
	expect_bad("bad key = 1\n", "bad.conf:1: \"bad key\" is not a valid key");
	expect_bad("k = \"open\n", "malformed quoted value");
	expect_bad("k = \"x\" junk\n", "malformed quoted value");
	expect_bad("[]\n", "bad section name");
	{
		struct conf c;
		struct ndl_err err;
		const char nul[] = "a = 1\0b = 2\n";

		conf_init(&c);
		CHECK(conf_parse(&c, "n.conf", nul, sizeof(nul) - 1, &err) != 0);
		conf_free(&c);
	}
}

static json_object *param(const char *json)
{
	struct ndl_err err;

	return jx_parse_object(json, strlen(json), &err);
}

static void check_value(json_object *p, const char *v, int ok, const char *want)
{
	char out[64];
	struct ndl_err err;
	int r = param_check(p, v, strlen(v), out, sizeof(out), &err);

	CHECK((r == 0) == ok);
	if (ok && r == 0)
		CHECK(strcmp(out, want) == 0);
	if ((r == 0) != ok || (ok && strcmp(out, want)))
		fprintf(stderr, "value \"%s\": %s (%s)\n", v, r ? err.msg : out, want);
}

static void test_params(void)
{
	json_object *i = param("{\"name\":\"RB\",\"type\":\"int\",\"min\":16,\"max\":512,\"step\":8}");
	json_object *h = param("{\"name\":\"J\",\"type\":\"dword\",\"min\":1514,\"max\":9216,\"base\":16}");
	json_object *e = param("{\"name\":\"S\",\"type\":\"enum\",\"enum\":[{\"value\":\"0\",\"desc\":\"Auto\"},{\"value\":\"4\",\"desc\":\"100 Full\"}]}");
	json_object *t = param("{\"name\":\"N\",\"type\":\"edit\",\"limit_text\":4,\"upper_case\":true}");
	json_object *w = param("{\"name\":\"W\",\"type\":\"word\"}");

	check_value(i, "64", 1, "64");
	check_value(i, "0x40", 1, "64");
	check_value(i, "100", 0, NULL);		/* not on a step */
	check_value(i, "8", 0, NULL);		/* below min */
	check_value(i, "520", 0, NULL);
	check_value(i, "12abc", 0, NULL);
	check_value(h, "5EA", 1, "5ea");
	check_value(h, "2400", 1, "2400");
	check_value(h, "2401", 0, NULL);
	check_value(e, "4", 1, "4");
	check_value(e, "auto", 1, "0");		/* by description */
	check_value(e, "2", 0, NULL);
	check_value(t, "ab12", 1, "AB12");
	check_value(t, "abcde", 0, NULL);
	check_value(t, "a\tb", 0, NULL);
	check_value(w, "65535", 1, "65535");
	check_value(w, "65536", 0, NULL);
	check_value(w, "-1", 0, NULL);
	json_object_put(i);
	json_object_put(h);
	json_object_put(e);
	json_object_put(t);
	json_object_put(w);
}

/* A value of len bytes (it may hold a NUL) that must be refused. */
static void check_refused(json_object *p, const char *v, size_t len)
{
	char out[64];
	struct ndl_err err;

	CHECK(param_check(p, v, len, out, sizeof(out), &err) == -1 && err.code == NDL_E_INVALID);
}

/* Issue #17: the type's own range, NUL, and unclean text. */
static void test_param_text(void)
{
	json_object *l = param("{\"name\":\"L\",\"type\":\"long\"}");
	json_object *i = param("{\"name\":\"I\",\"type\":\"int\"}");
	json_object *d = param("{\"name\":\"D\",\"type\":\"dword\"}");
	json_object *e = param("{\"name\":\"S\",\"type\":\"enum\",\"enum\":[{\"value\":\"4\",\"desc\":\"100 Full\"}]}");
	json_object *t = param("{\"name\":\"N\",\"type\":\"edit\",\"limit_text\":4}");

	check_value(l, "-2147483648", 1, "-2147483648");
	check_value(l, "2147483648", 0, NULL);
	check_value(i, "-32769", 0, NULL);
	check_value(i, "32767", 1, "32767");
	check_value(d, "4294967295", 1, "4294967295");
	check_value(d, "4294967296", 0, NULL);
	check_value(t, "\xc3\x9cn\xc3\xaf", 1, "\xc3\x9cn\xc3\xaf");	/* 3 characters */
	check_refused(e, "4\0x", 3);			/* NUL: not cut to "4" */
	check_refused(l, "12\0" "3", 4);
	check_refused(t, "a\0", 2);
	check_refused(t, "\xe2\x80\xae" "ab", 5);	/* U+202E RIGHT-TO-LEFT OVERRIDE */
	check_refused(t, "a\xe2\x81\xa6", 4);		/* U+2066 isolate */
	check_refused(t, "a\xe2\x80\x8b" "b", 5);	/* U+200B zero width space */
	check_refused(t, "\xef\xbb\xbf" "a", 4);	/* U+FEFF */
	check_refused(t, "\xc2\x85", 2);		/* U+0085: a C1 control */
	check_refused(t, "\xff", 1);			/* not UTF-8 */
	check_refused(t, "\xc0\xaf", 2);		/* overlong '/' */
	check_refused(t, "\xed\xa0\x80", 3);		/* a surrogate */
	check_refused(t, "\xf4\x90\x80\x80", 4);	/* past U+10FFFF */
	check_refused(t, "\xe2\x80", 2);		/* cut short */
	json_object_put(l);
	json_object_put(i);
	json_object_put(d);
	json_object_put(e);
	json_object_put(t);
}

int main(void)
{
	RUN(test_roundtrip);
	RUN(test_errors);
	RUN(test_params);
	RUN(test_param_text);
	return CHECK_EXIT_CODE();
}
