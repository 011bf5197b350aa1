/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ndisload doctor: looks at a running device for the symptoms of driver
 * bugs ndisload knows (issue #14) and names the compatibility setting
 * (compat.h) that cures each. Two samples of the interface's counters
 * (ethtool statistics, the module's device flags, the kernel's TCP
 * counters) a few seconds apart, plus the OIDs the driver refused (kernel
 * log). doctor_findings() is the pure rule set, unit-tested on its own.
 */
#ifndef NDL_DOCTOR_H
#define NDL_DOCTOR_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/err.h"

#define DOCTOR_MAX_REFUSED 8

struct doctor_sample {
	bool up, carrier, single_buf, mcast_all;
	uint64_t tx_packets, rx_packets, rx_unicast;
	uint64_t tx_multi_buffer, mcast_list_sets, hangs;
	uint64_t tcp_out, tcp_retrans;		/* the whole system's */
	struct { uint32_t oid; bool set; } refused[DOCTOR_MAX_REFUSED];
	size_t nrefused;
};

/*
 * Findings for a device of driver from two samples (a, then b): an array of
 * {"symptom", "summary", "setting", "value", "command"} (setting, value and
 * command null when no setting cures it).
 */
json_object *doctor_findings(const char *driver, const struct doctor_sample *a,
			     const struct doctor_sample *b);

/*
 * A kernel log line (naming ndisload) that shows a Windows driver crashed
 * in the kernel: the module's KeBugCheckEx or unhandled-exception report
 * (crash_seen), or a line of an oops trace through the module (trace_seen;
 * a crash only if the kernel also says it died: taint D). The first such
 * line is kept as the evidence.
 */
struct doctor_crash {
	bool crash_seen, trace_seen;
	char line[200];
};
void doctor_crash_note(const char *msg, struct doctor_crash *c);
/*
 * Adds to findings the advice for device loc of driver after a crash in
 * the kernel (evidence: line): isolated mode ("kernel_crash", the command
 * `ndisload bind LOC DRIVER --isolated`), or, without an IOMMU, why that
 * cannot be done here.
 */
void doctor_crash_finding(json_object *findings, const char *loc,
			  const char *driver, const char *line, bool iommu);

/* Protocol operation "doctor": args {device?, wait?}. */
json_object *op_doctor(json_object *args, const int *fds, size_t nfds,
		       struct ndl_err *err);

#endif
