// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the driver's log parsers: kernel log records as /dev/kmsg
 * hands them out (recorded from ndisload.ko on Debian's 6.1 and written
 * from the module's printk formats), attributed to driver, device and
 * interface; malformed and random input refused without harm; and the
 * helper's own log lines (helper/diag/kmsg.c, helper/diag/hlog.c).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "diag/hlog.h"
#include "diag/kmsg.h"

static bool known(const char *name, void *ctx)
{
	(void)ctx;
	return !strcmp(name, "rtl8139") || !strcmp(name, "wrong");
}

static int parse(const char *rec, struct kmsg_rec *r)
{
	return kmsg_parse(rec, strlen(rec), r, known, NULL);
}

static void test_devrec_failure(void)
{
	struct kmsg_rec r;

	CHECK_EQ_INT(parse("3,812,15234567,-;ndisload: wrong: 0000:00:03.0: MiniportInitialize failed: NDIS_STATUS 0xc0000001\n", &r), 0);
	CHECK(r.ours);
	CHECK_EQ_INT(r.seq, 812);
	CHECK_EQ_INT(r.usec, 15234567);
	CHECK_EQ_INT(r.level, 3);
	CHECK(!strcmp(kmsg_level_name(r.level), "error"));
	CHECK(!strcmp(r.driver, "wrong"));
	CHECK(!strcmp(r.device, "0000:00:03.0"));
	CHECK(!strcmp(r.text, "MiniportInitialize failed: NDIS_STATUS 0xc0000001"));
}

static void test_runtime_line_names_device(void)
{
	struct kmsg_rec r;

	CHECK_EQ_INT(parse("3,811,15234000,-;ndisload: 0000:00:03.0: MiniportInitialize failed with 0xc0000001 (open error 0x00000000)\n", &r), 0);
	CHECK(r.ours && !r.driver[0]);
	CHECK(!strcmp(r.device, "0000:00:03.0"));
	CHECK(!strncmp(r.text, "MiniportInitialize failed with 0xc0000001", 41));
}

static void test_netdev_line_with_dict(void)
{
	struct kmsg_rec r;

	CHECK_EQ_INT(parse("6,900,20000000,-,caller=T12;ndisload-rtl8139 0000:00:03.0 eth0: miniport reset done: NDIS_STATUS 0x00000000\n"
			   " SUBSYSTEM=pci\n DEVICE=+pci:0000:00:03.0\n", &r), 0);
	CHECK(r.ours);
	CHECK(!strcmp(r.driver, "rtl8139"));
	CHECK(!strcmp(r.device, "0000:00:03.0"));
	CHECK(!strcmp(r.iface, "eth0"));
	CHECK(!strcmp(r.text, "miniport reset done: NDIS_STATUS 0x00000000"));
	CHECK(!strcmp(kmsg_level_name(r.level), "info"));
	/* Before register_netdev the interface has no name. */
	CHECK_EQ_INT(parse("4,10,5,-;ndisload-rtl8139 0000:00:04.0 (unnamed net_device) (uninitialized): reports no valid MAC\n", &r), 0);
	CHECK(r.ours && !r.iface[0] && !strcmp(r.device, "0000:00:04.0"));
	CHECK(!strcmp(kmsg_level_name(r.level), "warning"));
}

static void test_missing_imports(void)
{
	struct kmsg_rec r;

	CHECK_EQ_INT(parse("3,700,1000,-;ndisload: rtl8139: cannot add the driver: missing imports (2): ndis.sys!NdisFoo, ntoskrnl.exe!KeBar\n", &r), 0);
	CHECK(!strcmp(r.driver, "rtl8139") && !r.device[0]);
	CHECK(!strncmp(r.text, "cannot add the driver: missing imports (2): ndis.sys!NdisFoo", 59));
}

static void test_first_word_and_strangers(void)
{
	struct kmsg_rec r;

	CHECK_EQ_INT(parse("6,701,1000,-;ndisload: rtl8139 1.0.0.0 added: NDIS 5.1 miniport, 4 device ID(s), 1 bound, 0 owned by native drivers\n", &r), 0);
	CHECK(!strcmp(r.driver, "rtl8139"));
	CHECK(!strncmp(r.text, "rtl8139 1.0.0.0 added", 21));
	/* Not a driver: the word stays in the text, no driver named. */
	CHECK_EQ_INT(parse("6,702,1000,-;ndisload: self-test passed: W^X driver code\n", &r), 0);
	CHECK(r.ours && !r.driver[0] && !strncmp(r.text, "self-test passed", 16));
	/* "NAME: ADDRESS: " names a driver even when it is unknown (removed since). */
	CHECK_EQ_INT(parse("3,7,1,-;ndisload: gone: 0000:00:05.0: MiniportInitialize failed: NDIS_STATUS 0xc0000001\n", &r), 0);
	CHECK(!strcmp(r.driver, "gone") && !strcmp(r.device, "0000:00:05.0"));
	CHECK(!strcmp(r.text, "MiniportInitialize failed: NDIS_STATUS 0xc0000001"));
	/* Without a list of drivers, only "NAME: " counts. */
	CHECK_EQ_INT(kmsg_parse("6,1,1,-;ndisload: other: x\n", 26, &r, NULL, NULL), 0);
	CHECK(!strcmp(r.driver, "other") && !strcmp(r.text, "x"));
	CHECK_EQ_INT(parse("6,5,100,-;e1000 0000:00:03.0 eth0: NIC Link is Up 1000 Mbps\n", &r), 0);
	CHECK(!r.ours);
	CHECK_EQ_INT(parse("6,5,100,-;ndisload-: no name\n", &r), 0);
	CHECK(!r.ours);
}

static void test_usb_dict(void)
{
	struct kmsg_rec r;

	CHECK_EQ_INT(parse("6,3,4,-;ndisload: firmware loaded\n SUBSYSTEM=usb\n DEVICE=+usb:1-1:1.0\n", &r), 0);
	CHECK(!strcmp(r.device, "1-1"));
	CHECK_EQ_INT(parse("6,3,4,-;ndisload: x\n DEVICE=+usb:../../etc\n", &r), 0);
	CHECK(!r.device[0]);
}

static void test_malformed(void)
{
	static const char *const bad[] = {
		"", ";", "abc;def", "1,2;x", "6,1;x", "6,,1,-;x", "-1,2,3,-;x",
		"99999999999999999999999,1,1,-;x", "6,1,2x,-;x", "6,1,2,-", "\n6,1,2,-;x",
	};
	struct kmsg_rec r;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK_EQ_INT(parse(bad[i], &r), -1);
	CHECK_EQ_INT(parse("6,1,2,-;", &r), 0);
	CHECK(!r.ours && !r.text[0]);
	CHECK_EQ_INT(parse("6,1,2,-;ndisload: a\x01" "b\x7f", &r), 0);
	CHECK(!strcmp(r.text, "a?b?"));
	/* Over-long text is cut, never overrun. */
	{
		size_t n = 3 * KMSG_TEXT_MAX;
		char *big = malloc(n + 1);

		memcpy(big, "6,1,2,-;ndisload: wrong: ", 25);
		memset(big + 25, 'x', n - 25);
		big[n] = '\0';
		CHECK_EQ_INT(parse(big, &r), 0);
		CHECK(strlen(r.text) == KMSG_TEXT_MAX - 1 && !strcmp(r.driver, "wrong"));
		free(big);
	}
	/* No NUL needed: the length bounds the record. */
	CHECK_EQ_INT(kmsg_parse("6,1,2,-;ndisload: wrong: abcdef", 27, &r, known, NULL), 0);
	CHECK(!strcmp(r.text, "ab"));
}

/* Random and mutated records: whatever comes, no crash, no overrun (ASan). */
static void test_random(void)
{
	static const char seed[] = "3,812,15234567,-;ndisload-rtl8139 0000:00:03.0 eth0: x: y\n DEVICE=+pci:0000:00:03.0\n";
	char buf[128];
	struct kmsg_rec r;
	unsigned s = 1;
	int i, j;

	for (i = 0; i < 200000; i++) {
		size_t n = sizeof(seed) - 1;

		memcpy(buf, seed, n);
		for (j = 0; j < 4; j++) {
			s = s * 1103515245u + 12345u;
			buf[(s >> 8) % n] = (char)(s >> 16);
		}
		s = s * 1103515245u + 12345u;
		n = (s >> 8) % (n + 1);
		kmsg_parse(buf, n, &r, known, NULL);
		CHECK(strlen(r.text) < sizeof(r.text) && strlen(r.device) < sizeof(r.device));
	}
}

static void test_helper_lines(void)
{
	struct hlog_entry e;

	CHECK_EQ_INT(hlog_parse("1764787201123456\terror\twrong\t0000:00:03.0\tnot loaded: refused\n", &e), 0);
	CHECK_EQ_INT(e.usec, 1764787201123456ull);
	CHECK(!strcmp(e.level, "error") && !strcmp(e.driver, "wrong"));
	CHECK(!strcmp(e.device, "0000:00:03.0") && !strcmp(e.text, "not loaded: refused"));
	CHECK_EQ_INT(hlog_parse("1\tinfo\t-\t-\ttext\twith a tab", &e), 0);
	CHECK(!e.driver[0] && !e.device[0] && !strcmp(e.text, "text with a tab"));
	CHECK_EQ_INT(hlog_parse("", &e), -1);
	CHECK_EQ_INT(hlog_parse("x\tinfo\t-\t-\tt", &e), -1);
	CHECK_EQ_INT(hlog_parse("1\tloud\t-\t-\tt", &e), -1);
	CHECK_EQ_INT(hlog_parse("1\tinfo\t-\t-", &e), -1);
	CHECK_EQ_INT(hlog_parse("99999999999999999999999\tinfo\t-\t-\tt", &e), -1);
}

int main(void)
{
	RUN(test_devrec_failure);
	RUN(test_runtime_line_names_device);
	RUN(test_netdev_line_with_dict);
	RUN(test_missing_imports);
	RUN(test_first_word_and_strangers);
	RUN(test_usb_dict);
	RUN(test_malformed);
	RUN(test_random);
	RUN(test_helper_lines);
	return CHECK_EXIT_CODE();
}
