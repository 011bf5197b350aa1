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

int main(void)
{
	RUN(test_healthy);
	RUN(test_no_unicast_after_multicast_list);
	RUN(test_tcp_resends_with_pieces);
	RUN(test_receive_stopped_and_refusals);
	RUN(test_down_and_no_link);
	return CHECK_EXIT_CODE();
}
