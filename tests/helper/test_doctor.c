// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the doctor's rules (helper/diag/doctor.c doctor_findings): each
 * symptom names the compatibility setting that cures it, and only then.
 */
#include <string.h>

#include "check.h"
#include "diag/doctor.h"
#include "lib/jsonx.h"

/* The setting the finding of this symptom names ("" none, NULL absent). */
static const char *cure(json_object *f, const char *symptom)
{
	size_t i;

	for (i = 0; i < json_object_array_length(f); i++) {
		json_object *x = json_object_array_get_idx(f, i);

		if (!strcmp(jx_str(x, "symptom"), symptom))
			return jx_str(x, "setting") ? jx_str(x, "setting") : "";
	}
	return NULL;
}

static struct doctor_sample healthy(void)
{
	struct doctor_sample s;

	memset(&s, 0, sizeof(s));
	s.up = s.carrier = s.single_buf = true;
	s.tx_packets = 100;
	s.rx_packets = s.rx_unicast = 90;
	s.mcast_list_sets = 1;
	s.tcp_out = 1000;
	return s;
}

static void test_healthy(void)
{
	struct doctor_sample a = healthy(), b = healthy();
	json_object *f = doctor_findings("drv", &a, &b);

	CHECK_EQ_INT(json_object_array_length(f), 0);
	json_object_put(f);
}

static void test_no_unicast_after_multicast_list(void)
{
	struct doctor_sample a = healthy(), b;
	json_object *f;

	a.rx_packets = a.rx_unicast = 0;
	a.rx_packets = 4;	/* multicast router adverts still arrive */
	b = a;
	b.tx_packets = 110;
	f = doctor_findings("drv", &a, &b);
	CHECK(cure(f, "no_unicast_received") && !strcmp(cure(f, "no_unicast_received"), "multicast_all"));
	CHECK(strstr(json_object_get_string(f), "ndisload compat drv multicast_all=on") != NULL);
	json_object_put(f);
	/* Already in force: the doctor says so without naming it again. */
	b.mcast_all = true;
	f = doctor_findings("drv", &a, &b);
	CHECK(cure(f, "no_unicast_received") && !strcmp(cure(f, "no_unicast_received"), ""));
	json_object_put(f);
}

static void test_tcp_resends_with_pieces(void)
{
	struct doctor_sample a = healthy(), b;
	json_object *f;

	a.single_buf = false;
	a.tx_multi_buffer = 50;
	b = a;
	b.tcp_retrans = 3;
	f = doctor_findings("drv", &a, &b);
	CHECK(cure(f, "tcp_resends") && !strcmp(cure(f, "tcp_resends"), "single_buffer_sends"));
	json_object_put(f);
	/* Single-buffer sends in force: resends have another cause. */
	b.single_buf = true;
	f = doctor_findings("drv", &a, &b);
	CHECK(cure(f, "tcp_resends") == NULL);
	json_object_put(f);
}

static void test_receive_stopped_and_refusals(void)
{
	struct doctor_sample a = healthy(), b;
	json_object *f;

	b = a;
	b.tx_packets += 10;
	b.nrefused = 2;
	b.refused[0].oid = 0x01010103;
	b.refused[0].set = true;
	b.refused[1].oid = 0x0001010f;
	f = doctor_findings("drv", &a, &b);
	CHECK(cure(f, "receive_stopped") && !strcmp(cure(f, "receive_stopped"), ""));
	CHECK(cure(f, "multicast_list_refused") &&
	      !strcmp(cure(f, "multicast_list_refused"), "multicast_all"));
	CHECK(cure(f, "oid_refused") && !strcmp(cure(f, "oid_refused"), ""));
	json_object_put(f);
}

static void test_down_and_no_link(void)
{
	struct doctor_sample a = healthy(), b = healthy();
	json_object *f;

	b.up = false;
	f = doctor_findings("drv", &a, &b);
	CHECK(cure(f, "down") != NULL);
	CHECK_EQ_INT(json_object_array_length(f), 1);
	json_object_put(f);
	b.up = true;
	b.carrier = false;
	f = doctor_findings("drv", &a, &b);
	CHECK(cure(f, "no_link") != NULL);
	json_object_put(f);
}

/* A KeBugCheckEx or unhandled-exception line is a crash by itself. */
static void test_crash_lines(void)
{
	struct doctor_crash c = { 0 };

	doctor_crash_note("ndisload: 0000:00:03.0: initialized ndle1000", &c);
	CHECK(!c.crash_seen && !c.trace_seen && !c.line[0]);
	doctor_crash_note("ndisload: driver exception 0xc0000005 at 00000000deadbeef not handled: no handler", &c);
	CHECK(c.crash_seen);
	CHECK(!strncmp(c.line, "ndisload: driver exception 0xc0000005", 37));
	/* The first crash line stays the evidence. */
	doctor_crash_note("ndisload: a Windows driver called KeBugCheckEx(0x1e, 0xc0000005, 0x0, 0x0, 0x0)", &c);
	CHECK(!strncmp(c.line, "ndisload: driver exception", 26));
}

/* A trace through the module is kept, but is only a hint (taint decides). */
static void test_crash_trace(void)
{
	struct doctor_crash c = { 0 };

	doctor_crash_note("  ndl_dpc_run+0x5a/0x90 [ndisload]", &c);
	CHECK(!c.crash_seen && c.trace_seen);
	CHECK(!strcmp(c.line, "ndl_dpc_run+0x5a/0x90 [ndisload]"));
	doctor_crash_note("ndisload: a Windows driver called KeBugCheckEx(0xd1, 0x0, 0x2, 0x0, 0x0)", &c);
	CHECK(c.crash_seen);
	CHECK(!strncmp(c.line, "ndisload: a Windows driver called KeBugCheckEx(0xd1", 51));
}

/* The advice: the bind command with an IOMMU, why not without one. */
static void test_crash_finding(void)
{
	json_object *f = json_object_new_array(), *x;

	doctor_crash_finding(f, "0000:00:03.0", "ndle1000", "ndisload: boom", true);
	doctor_crash_finding(f, "0000:00:04.0", "ndle1000", "ndisload: boom", false);
	CHECK_EQ_INT(json_object_array_length(f), 2);
	x = json_object_array_get_idx(f, 0);
	CHECK(!strcmp(jx_str(x, "symptom"), "kernel_crash"));
	CHECK(!jx_str(x, "setting"));
	CHECK(jx_str(x, "command") &&
	      !strcmp(jx_str(x, "command"), "ndisload bind 0000:00:03.0 ndle1000 --isolated"));
	CHECK(strstr(jx_str(x, "summary"), "\"ndisload: boom\"") != NULL);
	x = json_object_array_get_idx(f, 1);
	CHECK(!jx_str(x, "command"));
	CHECK(strstr(jx_str(x, "summary"), "0000:00:04.0 has no IOMMU group") != NULL);
	json_object_put(f);
}

int main(void)
{
	RUN(test_healthy);
	RUN(test_no_unicast_after_multicast_list);
	RUN(test_tcp_resends_with_pieces);
	RUN(test_receive_stopped_and_refusals);
	RUN(test_down_and_no_link);
	RUN(test_crash_lines);
	RUN(test_crash_trace);
	RUN(test_crash_finding);
	return CHECK_EXIT_CODE();
}
