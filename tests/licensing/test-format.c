// SPDX-License-Identifier: GPL-2.0-only
/*
 * License files: parse, sign, verify, and the exact message for every way a
 * file can be damaged; host IDs, device IDs, MACs and dates.
 */
#include "fixtures.h"

static char text[NDL_LICENSE_MAX + 512];
static int text_len;
static char err[NDL_LIC_ERRLEN];

static void issue(void)
{
	struct ndl_license lic;

	fx_license(&lic);
	text_len = fx_sign(&lic, &fx_key, text, sizeof(text));
}

/* Parse + verify a text with the fixture key; the error code, message in err. */
static enum ndl_lic_err check_text(const char *t, size_t len)
{
	struct ndl_license lic;
	enum ndl_lic_err e;

	err[0] = '\0';
	e = ndl_license_parse(t, len, &lic, err, sizeof(err));
	if (e == NDL_LIC_OK)
		e = ndl_license_verify(&lic, &fx_key.pub, err, sizeof(err));
	return e;
}

static void test_valid_roundtrip(void)
{
	struct ndl_license lic, again;
	char text2[sizeof(text)];

	issue();
	CHECK(text_len > 0);
	CHECK_EQ_INT(check_text(text, (size_t)text_len), NDL_LIC_OK);
	CHECK_STR(err, "");
	CHECK_EQ_INT(ndl_license_parse(text, (size_t)text_len, &lic, err, sizeof(err)), NDL_LIC_OK);
	CHECK_STR(lic.licensee, "Jane Doe");
	CHECK_STR(lic.key_id, fx_key.pub.key_id);
	CHECK_EQ_INT(lic.expires, fx_date("2027-12-31"));
	CHECK_EQ_INT(lic.features.n, 1);
	/* Formatting the parsed license gives the same bytes back. */
	CHECK_EQ_INT(ndl_license_format(&lic, text2, sizeof(text2)), text_len);
	CHECK_STR(text2, text);
	CHECK_EQ_INT(ndl_license_parse(text2, strlen(text2), &again, err, sizeof(err)), NDL_LIC_OK);
	CHECK(!memcmp(&lic, &again, sizeof(lic)));
}

/* Mail and web forms turn LF into CRLF and add blank lines and indentation. */
static void test_crlf_and_blanks_accepted(void)
{
	char crlf[sizeof(text) * 2];
	size_t o = 0;

	issue();
	crlf[o++] = '\n';
	for (int i = 0; i < text_len; i++) {
		if (text[i] == '\n') {
			crlf[o++] = ' ';
			crlf[o++] = '\r';
		}
		crlf[o++] = text[i];
	}
	crlf[o] = '\0';
	CHECK_EQ_INT(check_text(crlf, o), NDL_LIC_OK);
}

static void test_flipped_byte(void)
{
	char *p;

	issue();
	p = strstr(text, "licensee: Jane Doe");
	CHECK(p != NULL);
	p[10] ^= 0x01;	/* "Jane" -> "Kane" */
	CHECK_EQ_INT(check_text(text, (size_t)text_len), NDL_LIC_BAD_SIGNATURE);
	CHECK_STR(err, "the signature does not match the license text: it was changed after it was issued");

	/* Every single-bit change of a byte in the signed body is caught. */
	issue();
	char *body = strstr(text, "format:"), *sig = strstr(text, "signature:");
	int caught = 0, total = 0;

	for (char *q = body; q < sig; q++) {
		if (*q == '\n')
			continue;
		*q ^= 0x01;
		total++;
		caught += check_text(text, (size_t)text_len) != NDL_LIC_OK;
		*q ^= 0x01;
	}
	CHECK_EQ_INT(caught, total);
	CHECK(total > 200);	/* the whole body was tried */
}

/* Upper/lower case of IDs does not change their meaning: still valid. */
static void test_case_of_ids_is_not_meaning(void)
{
	char *p;

	issue();
	p = strstr(text, "hosts: ") + 7;
	for (; *p != '\n'; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p + 32);
	CHECK_EQ_INT(check_text(text, (size_t)text_len), NDL_LIC_OK);
}

static void test_flipped_signature_byte(void)
{
	char *p;

	issue();
	p = strstr(text, "signature: ") + 20;
	*p = *p == 'A' ? 'B' : 'A';
	CHECK_EQ_INT(check_text(text, (size_t)text_len), NDL_LIC_BAD_SIGNATURE);
	CHECK_STR(err, "the signature does not match the license text: it was changed after it was issued");
}

static void test_wrong_vendor_key(void)
{
	struct ndl_license lic;
	char want[NDL_LIC_ERRLEN];

	fx_license(&lic);
	text_len = fx_sign(&lic, &fx_other_key, text, sizeof(text));
	CHECK_EQ_INT(check_text(text, (size_t)text_len), NDL_LIC_WRONG_KEY);
	snprintf(want, sizeof(want), "the license was signed with vendor key %s, but the key expected here is %s (is it a license for another vendor's product?)",
		 fx_other_key.pub.key_id, fx_key.pub.key_id);
	CHECK_STR(err, want);

	/* Someone rewrites key-id to ours: the signature still fails. */
	char *p = strstr(text, "key-id: ") + 8;

	memcpy(p, fx_key.pub.key_id, NDL_LIC_KEYID_LEN);
	CHECK_EQ_INT(check_text(text, (size_t)text_len), NDL_LIC_BAD_SIGNATURE);
}

static void test_truncated(void)
{
	char *sig;

	issue();
	sig = strstr(text, "signature: ");
	/* Cut anywhere before the signature line. */
	CHECK_EQ_INT(check_text(text, (size_t)(sig - text)), NDL_LIC_MALFORMED);
	CHECK_STR(err, "the license is incomplete: the \"signature\" line is missing (was the text cut off when copying?)");
	CHECK_EQ_INT(check_text(text, (size_t)(strstr(text, "devices:") - text) + 5), NDL_LIC_MALFORMED);
	CHECK_STR(err, "the license is incomplete: the \"signature\" line is missing (was the text cut off when copying?)");
	CHECK_EQ_INT(check_text(text, (size_t)(strstr(text, "expires:") - text) + 13), NDL_LIC_MALFORMED);
	CHECK_STR(err, "the license is incomplete: the \"signature\" line is missing (was the text cut off when copying?)");
	/* Cut inside the signature. */
	CHECK_EQ_INT(check_text(text, (size_t)(sig - text) + 40), NDL_LIC_MALFORMED);
	CHECK_STR(err, "the signature is damaged: it is not 64 bytes of base64 (was the text cut off when copying?)");
	/* Cut after the signature's last character but before the newline: still fine. */
	CHECK_EQ_INT(check_text(text, (size_t)text_len - 1), NDL_LIC_OK);
	/* Every possible cut fails with a message, never crashes. */
	for (int n = 0; n < text_len - 1; n++) {
		enum ndl_lic_err e = check_text(text, (size_t)n);

		CHECK(e != NDL_LIC_OK);
		CHECK(err[0] != '\0');
	}
}

static void test_missing_middle_line(void)
{
	char buf[sizeof(text)], *a, *b;

	issue();
	a = strstr(text, "macs:");
	b = strchr(a, '\n') + 1;
	snprintf(buf, sizeof(buf), "%.*s%s", (int)(a - text), text, b);
	CHECK_EQ_INT(check_text(buf, strlen(buf)), NDL_LIC_MALFORMED);
	CHECK_STR(err, "the license is incomplete: it has no \"macs\" line");
}

static void test_garbage(void)
{
	unsigned char bin[600];

	CHECK_EQ_INT(check_text("", 0), NDL_LIC_MALFORMED);
	CHECK_STR(err, "the license is empty");
	CHECK_EQ_INT(check_text(" \n\r\n", 4), NDL_LIC_MALFORMED);
	CHECK_STR(err, "the license is empty");
	CHECK_EQ_INT(check_text("hello world\n", 12), NDL_LIC_MALFORMED);
	CHECK_STR(err, "not an ndisload license: line 1 is not \"key: value\"");
	CHECK_EQ_INT(check_text("Subject: hello\n", 15), NDL_LIC_MALFORMED);
	CHECK_STR(err, "not an ndisload license: it does not start with \"format: ndisload-license-1\"");
	CHECK_EQ_INT(check_text("format: ndisload-license-9\n", 27), NDL_LIC_MALFORMED);
	CHECK_STR(err, "unsupported license format \"ndisload-license-9\" (this ndisload reads ndisload-license-1)");
	for (size_t i = 0; i < sizeof(bin); i++)
		bin[i] = (unsigned char)(i * 37 + 11);
	bin[0] = 'M';
	bin[1] = 'Z';
	bin[2] = 0x90;
	bin[3] = 0;
	CHECK_EQ_INT(check_text((const char *)bin, sizeof(bin)), NDL_LIC_MALFORMED);
	CHECK_STR(err, "not an ndisload license: it contains binary data (byte 0x00 at offset 3)");

	/* Too large. */
	static char big[NDL_LICENSE_MAX + 2];

	memset(big, 'a', sizeof(big) - 1);
	CHECK_EQ_INT(check_text(big, sizeof(big) - 1), NDL_LIC_MALFORMED);
	CHECK_STR(err, "not an ndisload license: it is larger than 8192 bytes");
}

static void test_unknown_and_repeated_fields(void)
{
	char buf[sizeof(text)], *p;

	issue();
	p = strstr(text, "hosts:");
	snprintf(buf, sizeof(buf), "%.*sunlimited: yes\n%s", (int)(p - text), text, p);
	CHECK_EQ_INT(check_text(buf, strlen(buf)), NDL_LIC_MALFORMED);
	CHECK_STR(err, "unknown field \"unlimited\" on line 13");
	snprintf(buf, sizeof(buf), "%.*sexpires: never\n%s", (int)(p - text), text, p);
	CHECK_EQ_INT(check_text(buf, strlen(buf)), NDL_LIC_MALFORMED);
	CHECK_STR(err, "line 13 repeats the field \"expires\" (first on line 12)");
}

static void test_bad_values(void)
{
	char buf[sizeof(text)], *a, *b;
	static const struct {
		const char *line, *msg;
	} cases[] = {
		{ "expires: 2027-02-30\n", "line 12: \"expires\" must be a date YYYY-MM-DD or \"never\", not \"2027-02-30\"" },
		{ "expires: 2026-01-01\n", "the license expires (2026-01-01) before it becomes valid (2027-01-01)" },
		{ "expires: soon\n", "line 12: \"expires\" must be a date YYYY-MM-DD or \"never\", not \"soon\"" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		issue();
		a = strstr(text, "expires:");
		b = strchr(a, '\n') + 1;
		snprintf(buf, sizeof(buf), "%.*s%s%s", (int)(a - text), text, cases[i].line, b);
		CHECK_EQ_INT(check_text(buf, strlen(buf)), NDL_LIC_MALFORMED);
		CHECK_STR(err, cases[i].msg);
	}
	issue();
	a = strstr(text, "hosts:");
	b = strchr(a, '\n') + 1;
	snprintf(buf, sizeof(buf), "%.*shosts: ABCD-EFGH\n%s", (int)(a - text), text, b);
	CHECK_EQ_INT(check_text(buf, strlen(buf)), NDL_LIC_MALFORMED);
	CHECK_STR(err, "line 13: \"ABCD-EFGH\" is not a host ID (16 characters like K7QF-3MZD-9XHA-2BWC; see 'ndisload license hostid')");
}

static void test_host_id(void)
{
	char a[NDL_LIC_HOSTID_LEN + 1], b[NDL_LIC_HOSTID_LEN + 1], n[32], lower[32];

	CHECK_EQ_INT(ndl_lic_hostid_from_machine_id(FX_MACHINE_ID, a), 0);
	CHECK_EQ_INT(ndl_lic_hostid_from_machine_id(FX_MACHINE_ID, b), 0);
	CHECK_STR(a, b);	/* stable */
	CHECK_EQ_INT((int)strlen(a), NDL_LIC_HOSTID_LEN);
	CHECK(a[4] == '-' && a[9] == '-' && a[14] == '-');
	CHECK(strstr(a, "0123") == NULL);	/* not the machine ID itself */
	ndl_lic_hostid_from_machine_id("fedcba9876543210fedcba9876543210", b);
	CHECK(strcmp(a, b) != 0);
	/* Read over the phone: lower case, spaces, no dashes are fine. */
	for (int i = 0, o = 0; ; i++) {
		lower[o++] = (char)(a[i] == '-' ? ' ' : (a[i] >= 'A' && a[i] <= 'Z' ? a[i] + 32 : a[i]));
		if (!a[i])
			break;
	}
	CHECK_EQ_INT(ndl_lic_hostid_normalize(lower, n, sizeof(n), err, sizeof(err)), 0);
	CHECK_STR(n, a);
	/* One misread character is caught by the check character. */
	strcpy(lower, a);
	lower[1] = lower[1] == 'X' ? 'Y' : 'X';
	CHECK_EQ_INT(ndl_lic_hostid_normalize(lower, n, sizeof(n), err, sizeof(err)), -1);
	char want[NDL_LIC_ERRLEN];

	snprintf(want, sizeof(want), "\"%s\" is not a host ID: its check character does not match (a character was misread?)", lower);
	CHECK_STR(err, want);
	/* Swapped neighbours too (when they differ). */
	strcpy(lower, a);
	if (lower[5] != lower[6]) {
		char c = lower[5];

		lower[5] = lower[6];
		lower[6] = c;
		CHECK_EQ_INT(ndl_lic_hostid_normalize(lower, n, sizeof(n), err, sizeof(err)), -1);
	}
	/* Missing machine ID: a message that says how to fix it. */
	fx_new_root();
	fx_unlink("/etc/machine-id");
	CHECK_EQ_INT(ndl_lic_hostid_compute(fx_root, a, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "cannot read %s/etc/machine-id: the host ID is derived from systemd's machine ID (create it with systemd-machine-id-setup)", fx_root);
	CHECK_STR(err, want);
	fx_write("/etc/machine-id", FX_MACHINE_ID "\n");
	CHECK_EQ_INT(ndl_lic_hostid_compute(fx_root, a, err, sizeof(err)), 0);
	fx_host_id(b);
	CHECK_STR(a, b);
}

static void test_ids(void)
{
	char out[NDL_LIC_ITEM_MAX];

	CHECK_EQ_INT(ndl_lic_device_id_normalize("10ec:8139", out, sizeof(out), err, sizeof(err)), 0);
	CHECK_STR(out, "PCI\\VEN_10EC&DEV_8139");
	CHECK_EQ_INT(ndl_lic_device_id_normalize("pci\\ven_10ec&dev_8139&subsys_11001af4&rev_20", out, sizeof(out), err, sizeof(err)), 0);
	CHECK_STR(out, "PCI\\VEN_10EC&DEV_8139&SUBSYS_11001AF4&REV_20");
	CHECK_EQ_INT(ndl_lic_device_id_normalize("USB\\VID_0BDA&PID_8187", out, sizeof(out), err, sizeof(err)), 0);
	CHECK_EQ_INT(ndl_lic_device_id_normalize("PCI\\VEN_10EC", out, sizeof(out), err, sizeof(err)), -1);
	CHECK_EQ_INT(ndl_lic_device_id_normalize("PCI\\VEN_10EC&DEV_8139&", out, sizeof(out), err, sizeof(err)), -1);
	CHECK_EQ_INT(ndl_lic_device_id_normalize("PCI\\VEN_10EC&DEV_813G", out, sizeof(out), err, sizeof(err)), -1);
	CHECK_STR(err, "\"PCI\\VEN_10EC&DEV_813G\" is not a device ID: use PCI\\VEN_xxxx&DEV_xxxx[&SUBSYS_xxxxxxxx][&REV_xx], USB\\VID_xxxx&PID_xxxx, or vendor:device in hex (10ec:8139)");
	CHECK_EQ_INT(ndl_lic_device_id_normalize("usb\\vid_0bda&pid_8187&rev_0100", out, sizeof(out), err, sizeof(err)), 0);
	CHECK_STR(out, "USB\\VID_0BDA&PID_8187&REV_0100");
	/* Forms the hardware-ID parser knows but a license does not name. */
	static const char *const refused[] = {
		"PCI\\VEN_10EC&DEV_8139&CC_0200", "PCI\\VEN_10EC&DEV_8139&REV_20&SUBSYS_11001AF4",
		"PCI\\CC_020000", "USB\\VID_0BDA&PID_8187&MI_00", "USB\\Class_FF&SubClass_01",
		" PCI\\VEN_10EC&DEV_8139", "PCI\\VEN_10EC&DEV_8139\t", "SD\\VID_02D0&PID_4319", "",
	};
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		CHECK_EQ_INT(ndl_lic_device_id_normalize(refused[i], out, sizeof(out), err, sizeof(err)), -1);
	CHECK_EQ_INT(ndl_lic_mac_normalize("52-54-00-12-34-56", out, sizeof(out), err, sizeof(err)), 0);
	CHECK_STR(out, "52:54:00:12:34:56");
	CHECK_EQ_INT(ndl_lic_mac_normalize("525400ABCDEF", out, sizeof(out), err, sizeof(err)), 0);
	CHECK_STR(out, "52:54:00:ab:cd:ef");
	CHECK_EQ_INT(ndl_lic_mac_normalize("52:54:00:12:34", out, sizeof(out), err, sizeof(err)), -1);
	CHECK_STR(err, "\"52:54:00:12:34\" is not a MAC address (aa:bb:cc:dd:ee:ff)");
	CHECK_EQ_INT(ndl_lic_mac_normalize("52:54:00:12:34:5g", out, sizeof(out), err, sizeof(err)), -1);
}

static void test_dates(void)
{
	int32_t d;
	char s[11];

	CHECK_EQ_INT(ndl_lic_date_parse("1970-01-01", &d), 0);
	CHECK_EQ_INT(d, 0);
	CHECK_EQ_INT(ndl_lic_date_parse("2028-02-29", &d), 0);
	ndl_lic_date_format(d, s);
	CHECK_STR(s, "2028-02-29");
	CHECK_EQ_INT(ndl_lic_date_parse("2027-02-29", &d), -1);
	CHECK_EQ_INT(ndl_lic_date_parse("2027-1-01", &d), -1);
	CHECK_EQ_INT(ndl_lic_date_parse("2027-13-01", &d), -1);
	CHECK_EQ_INT(ndl_lic_day_of(fx_day(0)), fx_date("2027-03-01"));
	ndl_lic_date_format(NDL_LIC_NEVER, s);
	CHECK_STR(s, "never");
}

static void test_keys_roundtrip(void)
{
	char buf[1024];
	struct ndl_lic_seckey k;
	struct ndl_lic_pubkey p;

	CHECK(ndl_lic_seckey_format(&fx_key, buf, sizeof(buf)) > 0);
	CHECK_EQ_INT(ndl_lic_seckey_parse(buf, &k, err, sizeof(err)), 0);
	CHECK(!memcmp(k.sk, fx_key.sk, sizeof(k.sk)));
	CHECK_STR(k.vendor, "Example Networks");
	CHECK_STR(k.pub.key_id, fx_key.pub.key_id);
	CHECK_EQ_INT(ndl_lic_pubkey_parse(buf, &p, err, sizeof(err)), -1);
	CHECK_STR(err, "this is a secret signing key, not a public key: give the .pub file");
	CHECK(ndl_lic_pubkey_format(&fx_key.pub, buf, sizeof(buf)) > 0);
	CHECK_EQ_INT(ndl_lic_pubkey_parse(buf, &p, err, sizeof(err)), 0);
	CHECK_STR(p.key_id, fx_key.pub.key_id);
	CHECK_EQ_INT(ndl_lic_seckey_parse(buf, &k, err, sizeof(err)), -1);
	CHECK_STR(err, "this is a public key: issuing needs the secret .key file");
	/* A damaged public key is noticed through its key-id line. */
	char *q = strstr(buf, "public-key: ") + 14;

	*q = *q == 'A' ? 'B' : 'A';
	CHECK_EQ_INT(ndl_lic_pubkey_parse(buf, &p, err, sizeof(err)), -1);
	CHECK(strstr(err, "does not match the key") != NULL);
}

int main(void)
{
	fx_keys();
	RUN(test_valid_roundtrip);
	RUN(test_crlf_and_blanks_accepted);
	RUN(test_flipped_byte);
	RUN(test_case_of_ids_is_not_meaning);
	RUN(test_flipped_signature_byte);
	RUN(test_wrong_vendor_key);
	RUN(test_truncated);
	RUN(test_missing_middle_line);
	RUN(test_garbage);
	RUN(test_unknown_and_repeated_fields);
	RUN(test_bad_values);
	RUN(test_host_id);
	RUN(test_ids);
	RUN(test_dates);
	RUN(test_keys_roundtrip);
	fx_cleanup();
	return CHECK_EXIT_CODE();
}
