// SPDX-License-Identifier: GPL-2.0-only
/* ndisload doctor: symptoms, their cures, and the samples (see doctor.h). */
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag/diag.h"
#include "diag/doctor.h"
#include "sys/ethstats.h"
#include "lib/jsonx.h"
#include "sys/kmod_ipc.h"

#define OID_802_3_MULTICAST_LIST	0x01010103u

/* ---- the rules ------------------------------------------------------------ */

static void finding(json_object *a, const char *driver, const char *symptom,
		    const char *setting, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static void finding(json_object *a, const char *driver, const char *symptom,
		    const char *setting, const char *fmt, ...)
{
	json_object *f = json_object_new_object();
	char text[512], cmd[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	jx_add_str(f, "symptom", symptom);
	jx_add_str(f, "summary", text);
	jx_add_str_or_null(f, "setting", setting);
	jx_add_str_or_null(f, "value", setting ? "on" : NULL);
	snprintf(cmd, sizeof(cmd), "ndisload compat %s %s=on && ndisload load --reload %s",
		 driver, setting ? setting : "", driver);
	jx_add_str_or_null(f, "command", setting ? cmd : NULL);
	json_object_array_add(a, f);
}

json_object *doctor_findings(const char *driver, const struct doctor_sample *a,
			     const struct doctor_sample *b)
{
	json_object *out = json_object_new_array();
	uint64_t retrans = b->tcp_retrans - a->tcp_retrans;
	size_t i;

	if (!b->up) {
		finding(out, driver, "down", NULL,
			"The interface is down: bring it up, use the network, then ask again.");
		return out;
	}
	if (!b->carrier) {
		finding(out, driver, "no_link", NULL,
			"The driver reports no link: check the cable or the wireless connection.");
		return out;
	}
	/* Departure 4: the multicast list overwrote the card's own address. */
	if (b->tx_packets >= 3 && !b->rx_unicast) {
		if (!b->mcast_all && b->mcast_list_sets)
			finding(out, driver, "no_unicast_received", "multicast_all",
				"The link is up and %" PRIu64 " frames went out, but not one frame addressed to this computer arrived. The driver was given a multicast list, which makes some drivers lose the card's own address.",
				b->tx_packets);
		else
			finding(out, driver, "no_unicast_received", NULL,
				"The link is up and %" PRIu64 " frames went out, but not one frame addressed to this computer arrived. Check the network; if it persists, send the report of 'ndisload diag'.",
				b->tx_packets);
	}
	/* Receive that stops for good while sending goes on. */
	if (b->rx_unicast && b->rx_packets == a->rx_packets &&
	    b->tx_packets >= a->tx_packets + 3)
		finding(out, driver, "receive_stopped", NULL,
			"Receiving stopped after %" PRIu64 " frames while sending goes on. The driver may never get its receive buffers back: please send the report of 'ndisload diag'.",
			b->rx_packets);
	/* Departure 3: the driver sends only a packet's first buffer. */
	if (!b->single_buf && b->tx_multi_buffer &&
	    (retrans || (b->tcp_retrans >= 10 && b->tcp_retrans * 20 > b->tcp_out)))
		finding(out, driver, "tcp_resends", "single_buffer_sends",
			"Frames in several pieces went to the driver (%" PRIu64 ") and TCP keeps resending (%" PRIu64 " of %" PRIu64 " segments, %" PRIu64 " just now): some drivers send only the first piece of a frame, so pings work while TCP stalls.",
			b->tx_multi_buffer, b->tcp_retrans, b->tcp_out, retrans);
	for (i = 0; i < b->nrefused; i++) {
		if (b->refused[i].oid == OID_802_3_MULTICAST_LIST && b->refused[i].set &&
		    !b->mcast_all)
			finding(out, driver, "multicast_list_refused", "multicast_all",
				"The driver refused the multicast address list (OID_802_3_MULTICAST_LIST).");
		else
			finding(out, driver, "oid_refused", NULL,
				"The driver refused OID 0x%08" PRIx32 " (%s); a feature that needs it may not work.",
				b->refused[i].oid, b->refused[i].set ? "set" : "query");
	}
	if (b->hangs)
		finding(out, driver, "hangs", NULL,
			"The driver said it was hung %" PRIu64 " times and was reset.", b->hangs);
	return out;
}

/* ---- a crash in the kernel ----------------------------------------------- */

void doctor_crash_note(const char *msg, struct doctor_crash *c)
{
	bool crash = strstr(msg, "a Windows driver called KeBugCheckEx") ||
		     (strstr(msg, "driver exception") && strstr(msg, "not handled"));
	bool trace = strstr(msg, "[ndisload]") != NULL;

	if ((crash && !c->crash_seen) || (trace && !c->crash_seen && !c->trace_seen)) {
		while (*msg == ' ')
			msg++;
		snprintf(c->line, sizeof(c->line), "%s", msg);
	}
	c->crash_seen |= crash;
	c->trace_seen |= trace;
}

void doctor_crash_finding(json_object *a, const char *loc, const char *driver,
			  const char *line, bool iommu)
{
	json_object *f = json_object_new_object();
	char text[512], cmd[160];

	if (iommu) {
		snprintf(text, sizeof(text),
			 "A Windows driver crashed in the kernel this boot (\"%s\"). In isolated mode the driver runs in an unprivileged process on this device: a crash ends that process, which is restarted, never the machine.",
			 line);
		snprintf(cmd, sizeof(cmd), "ndisload bind %s %s --isolated", loc, driver);
	} else {
		snprintf(text, sizeof(text),
			 "A Windows driver crashed in the kernel this boot (\"%s\"). Isolated mode would contain such a crash in an unprivileged process, but it needs an IOMMU and %s has no IOMMU group: enable VT-d/AMD-Vi in the firmware and boot with intel_iommu=on (or amd_iommu=on).",
			 line, loc);
	}
	jx_add_str(f, "symptom", "kernel_crash");
	jx_add_str(f, "summary", text);
	jx_add_str_or_null(f, "setting", NULL);
	jx_add_str_or_null(f, "value", NULL);
	jx_add_str_or_null(f, "command", iommu ? cmd : NULL);
	json_object_array_add(a, f);
}

static void note_crash(const char *msg, void *ctx)
{
	doctor_crash_note(msg, ctx);
}

/* The kernel has oopsed since boot (taint D, TAINT_DIE: bit 7). */
static bool kernel_died(void)
{
	char buf[32] = "";
	FILE *f = fopen("/proc/sys/kernel/tainted", "re");

	if (f) {
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = 0;
		fclose(f);
	}
	return strtoull(buf, NULL, 10) & (1ull << 7);
}

static bool has_iommu_group(const char *loc)
{
	char path[128];

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/iommu_group", loc);
	return access(path, F_OK) == 0;
}

/* ---- the samples ------------------------------------------------------------ */

/* Tcp: OutSegs and RetransSegs of /proc/net/snmp (zero if unreadable). */
static void tcp_counters(uint64_t *out, uint64_t *retrans)
{
	char names[1024], vals[1024], *n, *v, *sn, *sv;
	FILE *f = fopen("/proc/net/snmp", "re");

	*out = *retrans = 0;
	if (!f)
		return;
	while (fgets(names, sizeof(names), f) && fgets(vals, sizeof(vals), f)) {
		if (strncmp(names, "Tcp:", 4) || strncmp(vals, "Tcp:", 4))
			continue;
		for (n = strtok_r(names, " \n", &sn), v = strtok_r(vals, " \n", &sv); n && v;
		     n = strtok_r(NULL, " \n", &sn), v = strtok_r(NULL, " \n", &sv)) {
			if (!strcmp(n, "OutSegs"))
				*out = strtoull(v, NULL, 10);
			else if (!strcmp(n, "RetransSegs"))
				*retrans = strtoull(v, NULL, 10);
		}
	}
	fclose(f);
}

struct refused_ctx {
	const char *device;
	struct doctor_sample *s;
};

/*
 * "<device>: the miniport refused OID 0x... (set|query): ..." lines since
 * the device was last initialized.
 */
static void note_refused(const char *msg, void *ctx)
{
	struct refused_ctx *c = ctx;
	char pat[64], kind[8];
	const char *p;
	unsigned int oid;
	size_t i;

	snprintf(pat, sizeof(pat), "%s: initialized ", c->device);
	if (strstr(msg, pat)) {
		c->s->nrefused = 0;
		return;
	}
	snprintf(pat, sizeof(pat), "%s: the miniport refused OID ", c->device);
	p = strstr(msg, pat);
	if (!p || sscanf(p + strlen(pat), "0x%x (%5[a-z])", &oid, kind) != 2)
		return;
	for (i = 0; i < c->s->nrefused; i++)
		if (c->s->refused[i].oid == oid)
			return;
	if (c->s->nrefused < DOCTOR_MAX_REFUSED) {
		c->s->refused[c->s->nrefused].oid = oid;
		c->s->refused[c->s->nrefused++].set = !strcmp(kind, "set");
	}
}

static int sample(const struct ndl_device_info *d, const char *loc,
		  struct doctor_sample *s, struct ndl_err *err)
{
	struct ethstats st;
	struct refused_ctx rc = { loc, s };

	memset(s, 0, sizeof(*s));
	s->up = d->flags & NDL_DEVF_UP;
	s->carrier = d->flags & NDL_DEVF_CARRIER;
	s->single_buf = d->flags & NDL_DEVF_SINGLE_BUF;
	s->mcast_all = d->flags & NDL_DEVF_MCAST_ALL;
	if (ethstats_read(d->ifname, &st, err))
		return -1;
	ethstats_get(&st, "tx_packets", &s->tx_packets);
	ethstats_get(&st, "rx_packets", &s->rx_packets);
	ethstats_get(&st, "rx_unicast", &s->rx_unicast);
	ethstats_get(&st, "rt_tx_multi_buffer", &s->tx_multi_buffer);
	ethstats_get(&st, "rt_mcast_list_sets", &s->mcast_list_sets);
	ethstats_get(&st, "rt_hangs", &s->hangs);
	ethstats_free(&st);
	tcp_counters(&s->tcp_out, &s->tcp_retrans);
	diag_kmsg_each(note_refused, &rc);
	return 0;
}

/* The module's device list, fresh (flags change between samples). */
static const struct ndl_device_info *find_dev(struct ndl_device_info *devs, size_t n,
					      const char *loc)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char l[32];

		kmod_location_str(&devs[i].location, l, sizeof(l));
		if (!strcmp(l, loc))
			return &devs[i];
	}
	return NULL;
}

static bool wanted(const struct ndl_device_info *d, const char *loc, const char *want)
{
	return !want || !strcmp(want, loc) || !strcmp(want, d->ifname);
}

json_object *op_doctor(json_object *args, const int *fds, size_t nfds,
		       struct ndl_err *err)
{
	const char *want = jx_str(args, "device");
	int64_t wait = jx_has(args, "wait") ? jx_int(args, "wait") : 2;
	struct ndl_device_info *devs = NULL, *again = NULL;
	struct doctor_sample *first = NULL;
	struct doctor_crash crash = { 0 };
	bool crashed;
	json_object *r = NULL, *list;
	size_t n, n2, i, matched = 0;

	(void)fds; (void)nfds;
	if (wait < 0 || wait > 30)
		return ndl_fail(err, NDL_E_BAD_REQUEST, "wait is 0 to 30 seconds"), NULL;
	if (kmod_list_devices(NULL, &devs, &n, err))
		return NULL;
	first = calloc(n ? n : 1, sizeof(*first));
	if (!first) {
		ndl_fail(err, NDL_E_INTERNAL, "out of memory");
		goto out;
	}
	for (i = 0; i < n; i++) {
		char loc[32];

		devs[i].ifname[15] = devs[i].driver[NDL_NAME_MAX - 1] = '\0';
		kmod_location_str(&devs[i].location, loc, sizeof(loc));
		if (!wanted(&devs[i], loc, want))
			continue;
		matched++;
		if (devs[i].state == NDL_DEV_RUNNING && devs[i].ifname[0] &&
		    sample(&devs[i], loc, &first[i], err))
			goto out;
	}
	if (want && !matched) {
		ndl_fail(err, NDL_E_NOT_FOUND, "no device %.64s runs an ndisload driver", want);
		ndl_hint(err, "'ndisload status' lists the devices and their interfaces");
		goto out;
	}
	if (wait)
		sleep((unsigned int)wait);
	if (kmod_list_devices(NULL, &again, &n2, err))
		goto out;
	diag_kmsg_each(note_crash, &crash);
	crashed = crash.crash_seen || (crash.trace_seen && kernel_died());
	r = json_object_new_object();
	list = json_object_new_array();
	for (i = 0; i < n; i++) {
		const struct ndl_device_info *d;
		struct doctor_sample b;
		json_object *o, *f;
		char loc[32];

		kmod_location_str(&devs[i].location, loc, sizeof(loc));
		if (!wanted(&devs[i], loc, want))
			continue;
		o = json_object_new_object();
		jx_add_str(o, "device", loc);
		jx_add_str(o, "driver", devs[i].driver);
		jx_add_str_or_null(o, "interface", devs[i].ifname[0] ? devs[i].ifname : NULL);
		d = find_dev(again, n2, loc);
		if (!d || d->state != NDL_DEV_RUNNING || !devs[i].ifname[0]) {
			f = json_object_new_array();
			finding(f, devs[i].driver, "not_running", NULL,
				"The device does not run (see 'ndisload status' for why).");
		} else if (sample(d, loc, &b, err)) {
			json_object_put(o);
			json_object_put(list);
			json_object_put(r);
			r = NULL;
			goto out;
		} else {
			f = doctor_findings(devs[i].driver, &first[i], &b);
		}
		if (crashed)
			doctor_crash_finding(f, loc, devs[i].driver, crash.line,
					     has_iommu_group(loc));
		json_object_object_add(o, "healthy",
				       json_object_new_boolean(!json_object_array_length(f)));
		json_object_object_add(o, "findings", f);
		json_object_array_add(list, o);
	}
	json_object_object_add(r, "devices", list);
	json_object_object_add(r, "waited_seconds", json_object_new_int((int)wait));
out:
	free(first);
	free(devs);
	free(again);
	return r;
}
