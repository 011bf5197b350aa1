// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload-host: a Windows NDIS miniport in an unprivileged process. The
 * runtime is the module's (module/runtime/) on the user host
 * (module/user/); the device is a PCI function owned through VFIO, its
 * DMA confined by the IOMMU (vfio.c); the interface Linux sees is a TAP
 * (tap.c, net.c). A driver crash ends this process, never the machine.
 *
 *   ndisload-host --device ADDR --sys FILE.sys --tap NAME
 *                 [--name SERVICE] [--reg NAME=VALUE]... [--file PATH]...
 *                 [--msi LIMIT] [--no-tso]
 *   ndisload-host --device ADDR --conf FILE   (the unit's way: same options)
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/driver.h"
#include "ndis/ndis_registry.h"
#include "ndis/ndis_status.h"
#include "nt/nt_status.h"

#include "crash.h"
#include "exit_status.h"
#include "host.h"
#include "net.h"
#include "tap.h"
#include "vfio.h"

#define MAX_FILE	(32u << 20)	/* the module's per-file limit */
#define MAX_ARGS	64
#define MAX_CONF	(64u << 10)	/* an options file: names and values */

/* NDIS packet filter bits (OID_GEN_CURRENT_PACKET_FILTER). */
#define PACKET_DIRECTED		0x01
#define PACKET_ALL_MULTICAST	0x04
#define PACKET_BROADCAST	0x08
#define PACKET_PROMISCUOUS	0x20

static const char usage[] =
	"Usage: ndisload-host --device ADDR --sys FILE.sys --tap NAME\n"
	"                     [--name SERVICE] [--reg NAME=VALUE]... [--file PATH]...\n"
	"                     [--msi LIMIT] [--no-tso]\n"
	"       ndisload-host --device ADDR --conf FILE\n"
	"\n"
	"Runs a Windows NDIS miniport as this (unprivileged) user on the PCI\n"
	"function ADDR, owned through VFIO (bound to vfio-pci, behind an IOMMU,\n"
	"its /dev/vfio group device given to this user), with the TAP interface\n"
	"NAME (created for this user) as its network interface. --reg sets a\n"
	"registry value (REG_SZ) the driver reads; --file gives it a file it\n"
	"opens by name (firmware). The TAP takes the card's address. --msi\n"
	"offers an NDIS 6 miniport up to LIMIT (1-64) message-signalled\n"
	"interrupts (MSI-X, else MSI; what its .inf's MSISupported asks for)\n"
	"instead of the interrupt line. --no-tso: Linux cuts every TCP frame\n"
	"into segments before the TAP even when the miniport offers large send.\n"
	"SIGUSR1 writes the traffic counts to stderr.\n"
	"--conf reads the other options from FILE, one a line as \"sys PATH\",\n"
	"\"tap NAME\", \"name SERVICE\", \"reg NAME=VALUE\", \"file PATH\",\n"
	"\"msi LIMIT\" (values may hold spaces; '#' starts a comment line).\n"
	"ndisload-host@.service runs it so, with the file the helper writes.\n"
	"\n"
	"Exit status: 0 stopped (SIGTERM, or the kernel took the device back),\n"
	"1 could not start, 2 bad options, 3 the device cannot be isolated on\n"
	"this machine (no IOMMU, a shared IOMMU group, a virtio device that\n"
	"bypasses the IOMMU: a restart cannot help; the unit does not retry).\n";

struct opts {
	const char *device, *sys, *tap, *name;
	const char *regs[MAX_ARGS], *files[MAX_ARGS];
	int nregs, nfiles;
	u32 msi_limit;		/* 0: the line */
	bool no_tso;
};

static volatile sig_atomic_t stop, report;

static void on_signal(int sig)
{
	if (sig == SIGUSR1)
		report = 1;
	else
		stop = sig;
}

static int die(const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "ndisload-host: ");
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	return NDL_HOST_EXIT_FAILED;
}

static void *slurp(const char *path, size_t *len);

static int set_msi(struct opts *o, const char *val)
{
	char *end;
	unsigned long n;

	errno = 0;
	n = strtoul(val, &end, 10);
	if (errno || *end || end == val || n < 1 || n > VFIO_MAX_MSGS)
		return die("msi %s: want a message count from 1 to 64", val,
			   NULL);
	o->msi_limit = (u32)n;
	return 0;
}

static int set_opt(struct opts *o, int c, const char *val)
{
	switch (c) {
	case 'd': o->device = val; return 0;
	case 's': o->sys = val; return 0;
	case 't': o->tap = val; return 0;
	case 'n': o->name = val; return 0;
	case 'm': return set_msi(o, val);
	}
	if ((c == 'r' ? o->nregs : o->nfiles) == MAX_ARGS)
		return die("too many %s options", c == 'r' ? "reg" : "file", NULL);
	if (c == 'r' && !strchr(val, '='))
		return die("reg %s: want NAME=VALUE", val, NULL);
	if (c == 'r')
		o->regs[o->nregs++] = val;
	else
		o->files[o->nfiles++] = val;
	return 0;
}

/*
 * The options file: "KEY VALUE" lines, the value the rest of the line (a
 * registry value may hold spaces, which systemd's $VAR expansion splits).
 * The buffer stays allocated: the options point into it.
 */
static int read_conf(struct opts *o, const char *path)
{
	static const struct { const char *key; int c; } keys[] = {
		{ "sys", 's' }, { "tap", 't' }, { "name", 'n' },
		{ "reg", 'r' }, { "file", 'f' }, { "msi", 'm' },
	};
	size_t len;
	char *buf = slurp(path, &len), *line, *next;
	int lineno = 0;

	if (!buf)
		return die("%s: %s", path, errno == EFBIG ? "too large" :
			   strerror(errno));
	if (len > MAX_CONF || memchr(buf, 0, len))
		return die("%s: %s", path, "not an options file");
	buf = realloc(buf, len + 1);
	if (!buf)
		return die("%s: %s", path, strerror(ENOMEM));
	buf[len] = 0;
	for (line = buf; line && *line; line = next) {
		char *sp, where[300];
		int c = 0;

		next = strchr(line, '\n');
		if (next)
			*next++ = 0;
		lineno++;
		if (!*line || *line == '#')
			continue;
		sp = strchr(line, ' ');
		if (sp)
			*sp = 0;
		for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
			if (!strcmp(keys[i].key, line))
				c = keys[i].c;
		snprintf(where, sizeof(where), "%.280s:%d", path, lineno);
		if (!c || !sp || !sp[1])
			return die("%s: want \"KEY VALUE\" with KEY sys, tap, name, reg, file or msi, not \"%s\"",
				   where, line);
		if (set_opt(o, c, sp + 1))
			return 1;
	}
	return 0;
}

static int parse(int argc, char **argv, struct opts *o)
{
	static const struct option longs[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "sys", required_argument, NULL, 's' },
		{ "tap", required_argument, NULL, 't' },
		{ "name", required_argument, NULL, 'n' },
		{ "reg", required_argument, NULL, 'r' },
		{ "file", required_argument, NULL, 'f' },
		{ "msi", required_argument, NULL, 'm' },
		{ "conf", required_argument, NULL, 'c' },
		{ "no-tso", no_argument, NULL, 'T' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
		switch (c) {
		case 'd': case 's': case 't': case 'n': case 'r': case 'f':
		case 'm':
			if (set_opt(o, c, optarg))
				return NDL_HOST_EXIT_USAGE;
			break;
		case 'T':
			o->no_tso = true;
			break;
		case 'c':
			if (read_conf(o, optarg))
				return NDL_HOST_EXIT_USAGE;
			break;
		case 'h': fputs(usage, stdout); exit(0);
		default: fputs(usage, stderr); return NDL_HOST_EXIT_USAGE;
		}
	}
	if (optind < argc || !o->device || !o->sys || !o->tap) {
		fputs(usage, stderr);
		return NDL_HOST_EXIT_USAGE;
	}
	if (!o->name) {		/* the service name: the .sys's base name */
		static char name[48];
		const char *base = strrchr(o->sys, '/');

		snprintf(name, sizeof(name), "%s", base ? base + 1 : o->sys);
		if (strchr(name, '.'))
			*strchr(name, '.') = 0;
		o->name = name;
	}
	return 0;
}

/* A whole regular file into memory (at most MAX_FILE bytes); NULL: err. */
static void *slurp(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	void *buf = NULL;

	if (fd >= 0 && !fstat(fd, &st)) {
		if (!S_ISREG(st.st_mode))
			errno = EINVAL;
		else if (st.st_size > MAX_FILE)
			errno = EFBIG;
		else if ((buf = malloc(st.st_size ? st.st_size : 1)) &&
			 read(fd, buf, (size_t)st.st_size) != st.st_size) {
			errno = errno ? errno : EIO;
			free(buf);
			buf = NULL;
		}
	}
	*len = buf ? (size_t)st.st_size : 0;
	if (fd >= 0)
		close(fd);
	return buf;
}

static int load_driver(const struct opts *o, struct ndl_driver **out)
{
	struct ndl_pe_error perr;
	size_t len;
	void *image = slurp(o->sys, &len);
	NTSTATUS st;
	int rc;

	if (!image)
		return die("%s: %s", o->sys, strerror(errno));
	rc = ndl_driver_load(image, len, o->name, NULL, out, &perr);
	free(image);
	if (rc)
		return die("%s: %s", o->sys, perr.msg);
	for (int i = 0; i < o->nfiles; i++) {
		const char *base = strrchr(o->files[i], '/');
		void *data = slurp(o->files[i], &len);

		if (!data)
			return die("%s: %s", o->files[i], strerror(errno));
		rc = ndl_ndis_driver_add_file(*out, base ? base + 1 :
					      o->files[i], data, len);
		free(data);
		if (rc)
			return die("%s: refused by the runtime (%s)",
				   o->files[i], "bad name or no memory");
	}
	st = ndl_driver_start(*out);
	if (!NT_SUCCESS(st) || !ndl_ndis_driver_is_miniport(*out)) {
		char why[32];

		snprintf(why, sizeof(why), "0x%08x", (unsigned int)st);
		return die("%s: DriverEntry returned %s without a miniport NDIS accepts",
			   o->sys, why);
	}
	return 0;
}

static struct ndl_reg *registry(const struct opts *o)
{
	struct ndl_reg *reg = ndl_reg_create();

	for (int i = 0; reg && i < o->nregs; i++) {
		char name[256];
		const char *eq = strchr(o->regs[i], '=');
		size_t n = (size_t)(eq - o->regs[i]);

		if (n >= sizeof(name) || !n) {
			die("--reg %s: bad name", o->regs[i], NULL);
			ndl_reg_destroy(reg);
			return NULL;
		}
		memcpy(name, o->regs[i], n);
		name[n] = 0;
		if (ndl_reg_set_sz(reg, name, eq + 1)) {
			die("--reg %s: refused by the registry", o->regs[i], NULL);
			ndl_reg_destroy(reg);
			return NULL;
		}
	}
	return reg;
}

/*
 * The TAP takes the card's current address, as an in-kernel interface
 * does: the card's own receive filter then passes Linux's unicast frames.
 * (Giving the card the TAP's address through NetworkAddress instead is
 * not enough: a chip may filter on its PROM whatever the driver programs,
 * as QEMU's NE2000 does.) Promiscuous if the TAP refuses the address.
 */
static void adopt_address(struct host_net *n, const u8 tap_mac[6],
			  const u8 card_mac[6], u32 *filter)
{
	if (!memcmp(tap_mac, card_mac, 6))
		return;
	if (tap_set_address(n->tap, card_mac))
		return;
	fprintf(stderr, "ndisload-host: cannot give the TAP the card's address %02x:%02x:%02x:%02x:%02x:%02x (%s); receiving promiscuously\n",
		card_mac[0], card_mac[1], card_mac[2], card_mac[3],
		card_mac[4], card_mac[5], strerror(errno));
	*filter |= PACKET_PROMISCUOUS;
}

/*
 * Message interrupts, decided as Windows does before the miniport starts
 * (module/linux/msi.c): only for NDIS 6 (NDIS 5 has no message-based
 * registration), only when asked (--msi: the helper passes the .inf's
 * MSISupported and MessageNumberLimit), only what the device has. Else
 * the line.
 */
static void offer_messages(const struct opts *o, struct ndl_driver *drv,
			   struct ndl_os_dev *dev)
{
	if (!o->msi_limit)
		return;
	if (drv->miniport.ndis_major < 6) {
		fprintf(stderr, "ndisload-host: %s: an NDIS %u miniport takes no message interrupts: it gets the interrupt line\n",
			o->device, drv->miniport.ndis_major);
		return;
	}
	vfio_msg_offer(dev, o->msi_limit);
}

/* What went through so far (at the end, and on SIGUSR1). */
static void counts(const struct host_net *n, const char *what)
{
	struct ndl_adapter_stats st;

	ndl_adapter_stats(n->ad, &st);
	fprintf(stderr, "ndisload-host: %s: %llu frames in, %llu out, %llu dropped, %llu send errors; checksums: %llu by the miniport, %llu by the host, %llu validated; %llu frames merged; %llu large sends (%llu completed, %llu payload bytes), %llu GSO frames segmented here in %llu segments, %llu malformed dropped\n",
		what, (unsigned long long)n->rx_frames,
		(unsigned long long)n->tx_frames,
		(unsigned long long)n->rx_dropped,
		(unsigned long long)n->tx_errors,
		(unsigned long long)n->tx_csum,
		(unsigned long long)n->tx_csum_sw,
		(unsigned long long)n->rx_csum,
		(unsigned long long)n->rx_merged,
		(unsigned long long)n->tx_lso,
		(unsigned long long)st.tx_lso,
		(unsigned long long)st.tx_lso_bytes,
		(unsigned long long)n->tx_gso_soft,
		(unsigned long long)n->tx_soft_segs,
		(unsigned long long)n->tx_gso_bad);
}

/* Until a signal, or the kernel wants the device back (hot-unplug): true then. */
static bool run(struct host_net *n, struct ndl_os_dev *dev)
{
	while (!stop) {
		struct pollfd p[2 + VFIO_MAX_POLL] = {
			{ .fd = n->tap_busy ? -1 : n->tap, .events = POLLIN },
			{ .fd = dev->req_fd, .events = POLLIN },
		};
		int np = 2 + vfio_irq_pollfds(dev, p + 2, VFIO_MAX_POLL);
		u64 due, now;
		int ms = -1;

		ndl_user_run_pending();
		host_net_offload_sync(n);	/* the miniport's may have changed */
		if (report) {
			report = 0;
			counts(n, "so far");
		}
		if (!n->tap_busy)
			host_net_tap_ready(n);
		if (vfio_req_pending(dev))
			return true;
		if (ndl_user_run_pending())
			continue;
		host_net_rx_flush(n);	/* a batch without a receive-complete */
		due = ndl_user_next_due();
		now = ndl_os_monotonic_ns();
		if (due != NDL_OS_WAIT_FOREVER)
			ms = due <= now ? 0 : (int)((due - now + 999999) / 1000000);
		poll(p, (nfds_t)np, ms);
	}
	return false;
}

int main(int argc, char **argv)
{
	struct opts o = { 0 };
	struct host_net n = { .tap = -1 };
	struct ndl_adapter_params params = { 0 };
	struct ndl_adapter_info info;
	struct ndl_driver *drv = NULL;
	struct ndl_os_dev *dev;
	struct sigaction sa = { .sa_handler = on_signal };
	char err[512];
	u8 mac[6];
	u32 filter = PACKET_DIRECTED | PACKET_BROADCAST | PACKET_ALL_MULTICAST;
	u32 status = 0, done, needed;
	bool refused;
	int rc = parse(argc, argv, &o);

	if (rc)
		return rc;
	if (geteuid() == 0)
		return die("refusing to run as root: isolated mode runs the driver as an unprivileged user (give it the VFIO group device and a TAP interface)",
			   NULL, NULL);
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);
	dev = vfio_open(o.device, err, sizeof(err), &refused);
	if (!dev && refused) {
		fprintf(stderr, NDL_HOST_REFUSED_LINE "%s\n", err);
		return NDL_HOST_EXIT_REFUSED;
	}
	if (!dev)
		return die("%s", err, NULL);
	n.tap = tap_open(o.tap, mac, err, sizeof(err));
	if (n.tap < 0)
		return die("%s", err, NULL);
	crash_report_install(o.sys);
	if (ndl_user_init())
		return die("the runtime did not start", NULL, NULL);
	if (load_driver(&o, &drv))
		return 1;
	offer_messages(&o, drv, dev);
	params = (struct ndl_adapter_params){ .drv = drv, .dev = dev,
		.reg = registry(&o), .ops = &host_net_ops, .ctx = &n,
		.name = o.device, .tx_slots = HOST_TX_SLOTS };
	if (!params.reg)
		return 1;
	rc = ndl_adapter_create(&params, &n.ad);
	if (!rc)
		rc = ndl_adapter_initialize(n.ad, &info, &status);
	if (rc) {
		snprintf(err, sizeof(err), "error %d, NDIS status 0x%08x", rc,
			 (unsigned int)status);
		return die("%s: MiniportInitialize failed (%s)", o.device, err);
	}
	adopt_address(&n, mac, info.cur_addr, &filter);
	status = ndl_adapter_set(n.ad, OID_GEN_CURRENT_PACKET_FILTER, &filter,
				 sizeof(filter), &done, &needed);
	if (status)
		fprintf(stderr, "ndisload-host: packet filter refused (0x%08x)\n",
			(unsigned int)status);
	n.vnet = true;			/* tap_open asked for the header */
	n.tso_off = o.no_tso;
	host_net_offload(&n);
	tap_set_carrier(n.tap, ndl_adapter_media_connected(n.ad));
	fprintf(stderr, "ndisload-host: %s: driver %s running on TAP %s, link %s\n",
		o.device, o.name, o.tap,
		ndl_adapter_media_connected(n.ad) ? "up" : "down");
	/* A device taken away ends the host normally: nothing to restart it for. */
	if (run(&n, dev))
		fprintf(stderr, "ndisload-host: %s: the kernel wants the device back (hot-unplug or unbind): stopping\n",
			o.device);
	snprintf(err, sizeof(err), "stopping (signal %d)", (int)stop);
	counts(&n, err);
	ndl_adapter_destroy(n.ad);
	ndl_driver_unload(drv);
	vfio_close(dev);
	ndl_user_exit();
	return 0;
}
