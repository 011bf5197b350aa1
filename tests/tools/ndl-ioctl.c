// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndl-ioctl: a raw test client for /dev/ndisload, for VM tests that need to
 * poke the ABI directly (including with malformed arguments). The product's
 * client is the ndisload helper; this tool only exists for tests.
 *
 *   ndl-ioctl version            print release, ABI version and features
 *   ndl-ioctl version-badsize    send a wrong header size; print the errno
 *   ndl-ioctl version-badabi     send a wrong ABI version; print the errno
 *   ndl-ioctl add NAME [options] add a driver; prints "bound N owned M"
 *       -s FILE        the driver image (.sys)
 *       -l FILE        a library image it imports from (repeatable)
 *       -d FILE        a data/firmware file (repeatable)
 *       -V VERSION     version string (default "test")
 *       -i ID          VVVV:DDDD[:SVVV:SDDD][/RR] in hex (repeatable)
 *                      or usb:VVVV:PPPP[/BCD][@MI] (MI decimal), or
 *                      "virtual"
 *       -r VALUE       [#IDX:|@DOM:BB:SS.F:]NAME=TYPE:DATA (repeatable);
 *                      TYPE sz|expand|dword|qword|multi (DATA a,b,c)|binary
 *                      (DATA hex)
 *   ndl-ioctl remove NAME [force]
 *   ndl-ioctl add-virtual NAME [N]  make a virtual adapter (N: exactly that
 *                        instance, NDL_VIRTUAL_AT); prints "instance N"
 *   ndl-ioctl remove-virtual NAME N [force]
 *   ndl-ioctl drivers            one line per driver
 *   ndl-ioctl devices [NAME]     one line per device
 *   ndl-ioctl ethtool IFACE      the interface's ethtool driver info, link
 *                                and statistics (SIOCETHTOOL)
 *   ndl-ioctl offload IFACE [off|on|NAME=on|off...]  turn the
 *                                interface's checksum offloads,
 *                                scatter-gather and TSO off (or on, where
 *                                it has them; or the named ones, in that
 *                                order; one the driver cannot switch is
 *                                left as it is); print what is on (needs no
 *                                /dev/ndisload: benchmarks use it on
 *                                native drivers' interfaces)
 *   ndl-ioctl malformed          run the table of malformed calls, one
 *                                "ok CASE" / "FAIL CASE (...)" line each
 *   ndl-ioctl as-nobody CMD...   run CMD, but drop to uid 65534 (keeping
 *                                the open descriptor) just before its
 *                                first ioctl
 * On an ioctl failure the tool prints "errno ENAME" (and the module's
 * message, if any) and exits 1.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../module/uapi/ndisload.h"

#define HDR(s) { .size = sizeof(s), .abi_version = NDL_ABI_VERSION }
#define PTR(p) ((__u64)(uintptr_t)(p))

static int ctl_fd = -1;
static int drop_privileges;	/* as-nobody: setuid before the first ioctl */

/* Every request goes through here. */
static int xioctl(unsigned long cmd, void *arg)
{
	if (drop_privileges) {
		drop_privileges = 0;
		if (setgid(65534) || setuid(65534)) {
			perror("ndl-ioctl: setuid");
			exit(2);
		}
	}
	return ioctl(ctl_fd, cmd, arg);
}

static int report_errno(const char *msg)
{
	printf("errno %s", strerrorname_np(errno));
	if (msg && *msg)
		printf(" error: %s", msg);
	printf("\n");
	return 1;
}

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p) {
		perror("ndl-ioctl");
		exit(2);
	}
	return p;
}

/* ---- version -------------------------------------------------------------- */

static int do_version(__u32 size, __u32 abi)
{
	struct ndl_version v;

	memset(&v, 0, sizeof(v));
	v.hdr.size = size;
	v.hdr.abi_version = abi;
	if (xioctl(NDL_IOC_VERSION, &v) < 0)
		return report_errno(NULL);
	printf("release %s abi %u features%s%s%s\n", v.release, v.abi_version,
	       v.features & NDL_FEAT_EXEC ? " exec" : "",
	       v.features & NDL_FEAT_NDIS5 ? " ndis5" : "",
	       v.features & NDL_FEAT_NDIS6 ? " ndis6" : "");
	return 0;
}

/* ---- add ------------------------------------------------------------------ */

struct add_args {
	struct ndl_add_driver req;
	struct ndl_file files[NDL_MAX_FILES];
	struct ndl_device_id ids[NDL_MAX_IDS];
	struct ndl_reg_value *regs;
	unsigned int n_files, n_ids, n_regs;
};

static int read_file(const char *path, struct ndl_file *f, __u32 type)
{
	const char *base = strrchr(path, '/');
	struct stat st;
	void *data;
	int fd;

	base = base ? base + 1 : path;
	fd = open(path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st) < 0) {
		fprintf(stderr, "ndl-ioctl: %s: %s\n", path, strerror(errno));
		return -1;
	}
	data = xcalloc(1, st.st_size);
	if (read(fd, data, st.st_size) != st.st_size) {
		fprintf(stderr, "ndl-ioctl: %s: short read\n", path);
		close(fd);
		return -1;
	}
	close(fd);
	snprintf(f->name, sizeof(f->name), "%s", base);
	f->type = type;
	f->length = st.st_size;
	f->data = PTR(data);
	return 0;
}

/* usb:VID:PID[/REV][@MI]: a USB ID (REV is the bcdDevice, MI decimal). */
static int parse_usb_id(const char *s, struct ndl_device_id *id)
{
	unsigned int v, d, rev, mi;
	const char *slash = strchr(s, '/'), *at = strchr(s, '@');

	if (sscanf(s, "%x:%x", &v, &d) != 2)
		return -1;
	memset(id, 0, sizeof(*id));
	id->bus = NDL_BUS_USB;
	id->vendor = v;
	id->device = d;
	if (slash) {
		if (sscanf(slash + 1, "%x", &rev) != 1)
			return -1;
		id->match |= NDL_MATCH_REV;
		id->bcd_device = rev;
	}
	if (at) {
		if (sscanf(at + 1, "%u", &mi) != 1)
			return -1;
		id->match |= NDL_MATCH_MI;
		id->interface = mi;
	}
	return 0;
}

static int parse_id(const char *s, struct ndl_device_id *id)
{
	unsigned int v, d, sv = 0, sd = 0, rev = 0;
	const char *slash = strchr(s, '/');
	int n;

	if (!strncmp(s, "usb:", 4))
		return parse_usb_id(s + 4, id);
	n = sscanf(s, "%x:%x:%x:%x", &v, &d, &sv, &sd);

	memset(id, 0, sizeof(*id));
	if (!strcmp(s, "virtual")) {
		id->bus = NDL_BUS_VIRTUAL;
		return 0;
	}
	if (n != 2 && n != 4)
		return -1;
	id->bus = NDL_BUS_PCI;
	id->vendor = v;
	id->device = d;
	if (n == 4) {
		id->match |= NDL_MATCH_SUBSYS;
		id->subvendor = sv;
		id->subdevice = sd;
	}
	if (slash) {
		if (sscanf(slash + 1, "%x", &rev) != 1)
			return -1;
		id->match |= NDL_MATCH_REV;
		id->revision = rev;
	}
	return 0;
}

/* DATA of a registry value, by type; returns its length or -1. */
static long reg_data(const char *type, const char *text, unsigned char *out,
		     size_t max, __u32 *reg_type)
{
	size_t len = strlen(text);
	unsigned long long n;

	if (!strcmp(type, "sz") || !strcmp(type, "expand")) {
		*reg_type = type[0] == 's' ? NDL_REG_SZ : NDL_REG_EXPAND_SZ;
		if (len + 1 > max)
			return -1;
		memcpy(out, text, len + 1);
		return len + 1;
	}
	if (!strcmp(type, "dword") || !strcmp(type, "qword")) {
		__u32 d;
		__u64 q;

		n = strtoull(text, NULL, 0);
		if (type[0] == 'd') {
			*reg_type = NDL_REG_DWORD;
			d = n;
			memcpy(out, &d, 4);
			return 4;
		}
		*reg_type = NDL_REG_QWORD;
		q = n;
		memcpy(out, &q, 8);
		return 8;
	}
	if (!strcmp(type, "multi")) {
		size_t i;

		*reg_type = NDL_REG_MULTI_SZ;
		if (len + 2 > max)
			return -1;
		for (i = 0; i < len; i++)
			out[i] = text[i] == ',' ? 0 : text[i];
		out[len] = 0;
		out[len + 1] = 0;
		return len ? (long)len + 2 : 1;
	}
	if (!strcmp(type, "binary")) {
		size_t i;
		unsigned int b;

		*reg_type = NDL_REG_BINARY;
		if (len % 2 || len / 2 > max)
			return -1;
		for (i = 0; i < len / 2; i++) {
			if (sscanf(text + 2 * i, "%2x", &b) != 1)
				return -1;
			out[i] = b;
		}
		return len / 2;
	}
	return -1;
}

static int parse_reg(const char *arg, struct ndl_reg_value *r)
{
	char *s = strdup(arg), *p = s, *eq, *colon;
	unsigned char *data = xcalloc(1, NDL_MAX_REG_DATA);
	unsigned int dom, bus, slot, fn;
	long len;

	memset(r, 0, sizeof(*r));
	r->id_index = NDL_REG_ALL_IDS;
	if (*p == '#') {
		r->id_index = strtoul(p + 1, &p, 10);
		if (*p++ != ':')
			goto bad;
	} else if (*p == '@') {
		if (sscanf(p + 1, "%x:%x:%x.%x:", &dom, &bus, &slot, &fn) != 4)
			goto bad;
		r->flags = NDL_REG_AT_LOCATION;
		r->location.domain = dom;
		r->location.bus = bus;
		r->location.slot = slot;
		r->location.function = fn;
		p = strchr(p, '.');
		p = p ? strchr(p, ':') : NULL;
		if (!p++)
			goto bad;
	}
	eq = strchr(p, '=');
	if (!eq)
		goto bad;
	*eq = 0;
	colon = strchr(eq + 1, ':');
	if (!colon)
		goto bad;
	*colon = 0;
	snprintf(r->name, sizeof(r->name), "%s", p);
	len = reg_data(eq + 1, colon + 1, data, NDL_MAX_REG_DATA, &r->type);
	if (len < 0)
		goto bad;
	r->length = len;
	r->data = PTR(data);
	free(s);
	return 0;
bad:
	fprintf(stderr, "ndl-ioctl: bad registry value %s\n", arg);
	free(s);
	free(data);
	return -1;
}

static void add_init(struct add_args *a, const char *name)
{
	memset(a, 0, sizeof(*a));
	a->regs = xcalloc(NDL_MAX_REGS, sizeof(*a->regs));
	a->req.hdr = (struct ndl_hdr)HDR(a->req);
	snprintf(a->req.name, sizeof(a->req.name), "%s", name);
	snprintf(a->req.version, sizeof(a->req.version), "test");
	a->req.file_size = sizeof(struct ndl_file);
	a->req.id_size = sizeof(struct ndl_device_id);
	a->req.reg_size = sizeof(struct ndl_reg_value);
}

static void add_finish(struct add_args *a)
{
	a->req.n_files = a->n_files;
	a->req.n_ids = a->n_ids;
	a->req.n_regs = a->n_regs;
	a->req.files = PTR(a->files);
	a->req.ids = PTR(a->ids);
	a->req.regs = PTR(a->regs);
}

static int do_add(int argc, char **argv)
{
	struct add_args a;
	int i;

	if (argc < 1) {
		fprintf(stderr, "ndl-ioctl: add NAME [options]\n");
		return 2;
	}
	add_init(&a, argv[0]);
	for (i = 1; i < argc; i++) {
		const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
		int err = 0;

		if (!val || opt[0] != '-' || strlen(opt) != 2) {
			fprintf(stderr, "ndl-ioctl: bad option %s\n", opt);
			return 2;
		}
		i++;
		switch (opt[1]) {
		case 's':
		case 'l':
		case 'd':
			if (a.n_files == NDL_MAX_FILES)
				return 2;
			err = read_file(val, &a.files[a.n_files++],
					opt[1] == 's' ? NDL_FILE_DRIVER :
					opt[1] == 'l' ? NDL_FILE_LIBRARY :
					NDL_FILE_DATA);
			break;
		case 'i':
			if (a.n_ids == NDL_MAX_IDS)
				return 2;
			err = parse_id(val, &a.ids[a.n_ids++]);
			break;
		case 'r':
			if (a.n_regs == NDL_MAX_REGS)
				return 2;
			err = parse_reg(val, &a.regs[a.n_regs++]);
			break;
		case 'V':
			snprintf(a.req.version, sizeof(a.req.version), "%s", val);
			break;
		case 'f':	/* NDL_COMPAT_* flags, a number */
			a.req.flags = (__u32)strtoul(val, NULL, 0);
			break;
		default:
			err = -1;
		}
		if (err) {
			fprintf(stderr, "ndl-ioctl: bad argument %s %s\n", opt, val);
			return 2;
		}
	}
	add_finish(&a);
	if (xioctl(NDL_IOC_ADD_DRIVER, &a.req) < 0)
		return report_errno(a.req.error);
	printf("bound %u owned %u\n", a.req.bound, a.req.owned);
	return 0;
}

/* ---- remove --------------------------------------------------------------- */

static int do_remove(int argc, char **argv)
{
	struct ndl_remove_driver r = { .hdr = HDR(r) };

	if (argc < 1)
		return 2;
	snprintf(r.name, sizeof(r.name), "%s", argv[0]);
	if (argc > 1 && !strcmp(argv[1], "force"))
		r.flags = NDL_REMOVE_FORCE;
	if (xioctl(NDL_IOC_REMOVE_DRIVER, &r) < 0)
		return report_errno(NULL);
	printf("removed %s\n", r.name);
	return 0;
}

/* ---- virtual adapters ------------------------------------------------------ */

static int do_add_virtual(int argc, char **argv)
{
	struct ndl_virtual v = { .hdr = HDR(v) };

	if (argc < 1)
		return 2;
	snprintf(v.driver, sizeof(v.driver), "%s", argv[0]);
	if (argc > 1) {
		v.flags = NDL_VIRTUAL_AT;
		v.instance = strtoul(argv[1], NULL, 0);
	}
	if (xioctl(NDL_IOC_ADD_VIRTUAL, &v) < 0)
		return report_errno(v.error);
	printf("instance %u\n", v.instance);
	return 0;
}

static int do_remove_virtual(int argc, char **argv)
{
	struct ndl_virtual v = { .hdr = HDR(v) };

	if (argc < 2)
		return 2;
	snprintf(v.driver, sizeof(v.driver), "%s", argv[0]);
	v.instance = strtoul(argv[1], NULL, 0);
	if (argc > 2 && !strcmp(argv[2], "force"))
		v.flags = NDL_REMOVE_FORCE;
	if (xioctl(NDL_IOC_REMOVE_VIRTUAL, &v) < 0)
		return report_errno(NULL);
	printf("removed %s %u\n", v.driver, v.instance);
	return 0;
}

/* ---- lists ---------------------------------------------------------------- */

/* Fetch a whole list, growing the buffer until it fits. */
static void *fetch_list(unsigned long cmd, size_t elem, const char *driver,
			unsigned int *count)
{
	struct ndl_list l;
	void *buf = NULL;
	unsigned int max = 0;

	for (;;) {
		memset(&l, 0, sizeof(l));
		l.hdr = (struct ndl_hdr)HDR(l);
		l.elem_size = elem;
		l.max = max;
		l.buf = PTR(buf);
		snprintf(l.driver, sizeof(l.driver), "%s", driver ? driver : "");
		if (xioctl(cmd, &l) < 0) {
			free(buf);
			return NULL;
		}
		if (l.count <= max) {
			*count = l.count;
			return buf ? buf : xcalloc(1, 1);
		}
		free(buf);
		max = l.count;
		buf = xcalloc(max, elem);
	}
}

static const char *drv_state(__u32 s)
{
	switch (s) {
	case NDL_DRV_LOADED: return "loaded";
	case NDL_DRV_REMOVING: return "removing";
	default: return "?";
	}
}

static const char *dev_state(__u32 s)
{
	switch (s) {
	case NDL_DEV_RUNNING: return "running";
	case NDL_DEV_FAILED: return "failed";
	case NDL_DEV_OWNED: return "owned";
	case NDL_DEV_GONE: return "gone";
	default: return "?";
	}
}

static int do_drivers(void)
{
	struct ndl_driver_info *d;
	unsigned int n, i;

	d = fetch_list(NDL_IOC_LIST_DRIVERS, sizeof(*d), NULL, &n);
	if (!d)
		return report_errno(NULL);
	for (i = 0; i < n; i++)
		printf("driver %s state=%s version=%s ndis=%u.%u ids=%u devices=%u image=%llu error=%d msg=%s\n",
		       d[i].name, drv_state(d[i].state), d[i].version,
		       d[i].ndis_version >> 8, d[i].ndis_version & 0xff,
		       d[i].n_ids, d[i].n_devices,
		       (unsigned long long)d[i].image_size, d[i].last_error,
		       d[i].message);
	free(d);
	return 0;
}

/*
 * "0000:00:03.0" for PCI; "usb:3" for USB, whose location carries only
 * the bus number (the uapi has no port path), not a made-up PCI address.
 */
static const char *device_location(const struct ndl_device_info *d,
				   char *buf, size_t len)
{
	const struct ndl_pci_location *l = &d->location;

	if (d->bus == NDL_BUS_USB)
		snprintf(buf, len, "usb:%u", l->domain);
	else
		snprintf(buf, len, "%04x:%02x:%02x.%x", l->domain, l->bus,
			 l->slot, l->function);
	return buf;
}

static int do_devices(const char *driver)
{
	struct ndl_device_info *d;
	unsigned int n, i;
	char loc[32];

	d = fetch_list(NDL_IOC_LIST_DEVICES, sizeof(*d), driver, &n);
	if (!d)
		return report_errno(NULL);
	for (i = 0; i < n; i++)
		if (d[i].bus == NDL_BUS_VIRTUAL)
			printf("device virtual.%u driver=%s state=%s if=%s flags=%s%s error=%d msg=%s\n",
			       d[i].location.domain, d[i].driver,
			       dev_state(d[i].state),
			       d[i].ifname[0] ? d[i].ifname : "-",
			       d[i].flags & NDL_DEVF_UP ? "up," : "",
			       d[i].flags & NDL_DEVF_CARRIER ? "carrier," : "",
			       d[i].last_error, d[i].message);
		else
		printf("device %s %04x:%04x driver=%s state=%s if=%s flags=%s%s%s%s%s speed=%llu error=%d status=0x%x owner=%s msg=%s\n",
		       device_location(&d[i], loc, sizeof(loc)),
		       d[i].vendor, d[i].device, d[i].driver,
		       dev_state(d[i].state), d[i].ifname[0] ? d[i].ifname : "-",
		       d[i].flags & NDL_DEVF_UP ? "up," : "",
		       d[i].flags & NDL_DEVF_CARRIER ? "carrier," : "",
		       d[i].flags & NDL_DEVF_DMA64 ? "dma64," : "",
		       d[i].flags & NDL_DEVF_SINGLE_BUF ? "single_buf," : "",
		       d[i].flags & NDL_DEVF_MCAST_ALL ? "mcast_all," : "",
		       (unsigned long long)d[i].link_speed, d[i].last_error,
		       d[i].ndis_status, d[i].owner, d[i].message);
	free(d);
	return 0;
}

/* ---- ethtool ---------------------------------------------------------------- */

static int ethtool(int sock, const char *ifname, void *cmd)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	ifr.ifr_data = cmd;
	return ioctl(sock, SIOCETHTOOL, &ifr);
}

static int do_ethtool(const char *ifname)
{
	struct ethtool_drvinfo info = { .cmd = ETHTOOL_GDRVINFO };
	struct ethtool_value link = { .cmd = ETHTOOL_GLINK };
	struct {
		struct ethtool_link_settings s;
		__u32 masks[3 * 127];
	} ks;
	struct ethtool_gstrings *names;
	struct ethtool_stats *stats;
	int sock = socket(AF_INET, SOCK_DGRAM, 0);
	__u32 i, n;

	if (sock < 0 || ethtool(sock, ifname, &info) < 0 ||
	    ethtool(sock, ifname, &link) < 0)
		return report_errno(NULL);
	printf("driver %s\nversion %s\nfirmware %s\nbus %s\nlink %u\n",
	       info.driver, info.version, info.fw_version, info.bus_info,
	       link.data);
	/* Link settings: ask for the mask size first, as ethtool does. */
	memset(&ks, 0, sizeof(ks));
	ks.s.cmd = ETHTOOL_GLINKSETTINGS;
	if (ethtool(sock, ifname, &ks) == 0 && ks.s.link_mode_masks_nwords < 0) {
		ks.s.link_mode_masks_nwords = -ks.s.link_mode_masks_nwords;
		if (ethtool(sock, ifname, &ks) == 0)
			printf("speed %u\n", ks.s.speed);
	}
	n = info.n_stats;
	names = xcalloc(1, sizeof(*names) + n * ETH_GSTRING_LEN);
	stats = xcalloc(1, sizeof(*stats) + n * sizeof(__u64));
	names->cmd = ETHTOOL_GSTRINGS;
	names->string_set = ETH_SS_STATS;
	names->len = n;
	stats->cmd = ETHTOOL_GSTATS;
	stats->n_stats = n;
	if (ethtool(sock, ifname, names) < 0 || ethtool(sock, ifname, stats) < 0)
		return report_errno(NULL);
	for (i = 0; i < n; i++)
		printf("stat %.*s %llu\n", ETH_GSTRING_LEN,
		       (char *)names->data + i * ETH_GSTRING_LEN,
		       (unsigned long long)stats->data[i]);
	free(names);
	free(stats);
	close(sock);
	return 0;
}

/*
 * The legacy per-feature commands (still served by every kernel we test):
 * enough to configure a native driver like a miniport that offers none.
 */
static const struct {
	const char *name;
	__u32 get, set;
} offloads[] = {
	{ "tx-checksum", ETHTOOL_GTXCSUM, ETHTOOL_STXCSUM },
	{ "rx-checksum", ETHTOOL_GRXCSUM, ETHTOOL_SRXCSUM },
	{ "scatter-gather", ETHTOOL_GSG, ETHTOOL_SSG },
	{ "tso", ETHTOOL_GTSO, ETHTOOL_STSO },
};

/* set: -1 leave as is, 0 off, 1 on (what the interface has) */
static int do_offload(const char *ifname, int set)
{
	int sock = socket(AF_INET, SOCK_DGRAM, 0);
	size_t i, n = sizeof(offloads) / sizeof(offloads[0]);

	if (sock < 0)
		return report_errno(NULL);
	/* TSO depends on scatter-gather and checksumming: off first, on last. */
	for (i = 0; set >= 0 && i < n; i++) {
		struct ethtool_value v = {
			.cmd = offloads[set ? i : n - 1 - i].set, .data = set,
		};

		if (ethtool(sock, ifname, &v) < 0 && errno != EOPNOTSUPP)
			return report_errno(NULL);
	}
	for (i = 0; i < n; i++) {
		struct ethtool_value v = { .cmd = offloads[i].get };

		if (ethtool(sock, ifname, &v) < 0)
			return report_errno(NULL);
		printf("%s %s\n", offloads[i].name, v.data ? "on" : "off");
	}
	close(sock);
	return 0;
}

/* NAME=on|off for each of the offloads named, in that order; then print. */
static int do_offload_named(const char *ifname, int n, char **set)
{
	int sock = socket(AF_INET, SOCK_DGRAM, 0);
	size_t k, nk = sizeof(offloads) / sizeof(offloads[0]);

	if (sock < 0)
		return report_errno(NULL);
	for (int i = 0; i < n; i++) {
		const char *eq = strchr(set[i], '=');
		struct ethtool_value v = { 0 };

		for (k = 0; eq && k < nk; k++)
			if (strlen(offloads[k].name) == (size_t)(eq - set[i]) &&
			    !strncmp(set[i], offloads[k].name, eq - set[i]))
				break;
		if (!eq || k == nk || (strcmp(eq, "=on") && strcmp(eq, "=off"))) {
			fprintf(stderr, "ndl-ioctl: offload %s: want NAME=on|off (tx-checksum, rx-checksum, scatter-gather, tso)\n",
				set[i]);
			close(sock);
			return 2;
		}
		v.cmd = offloads[k].set;
		v.data = !strcmp(eq, "=on");
		/* One the driver cannot switch stays as it is: printed below. */
		if (ethtool(sock, ifname, &v) < 0 && errno != EOPNOTSUPP)
			return report_errno(NULL);
	}
	close(sock);
	return do_offload(ifname, -1);
}

/* ---- malformed calls -------------------------------------------------------- */

static int failures;

static void expect(const char *name, int ret, int want)
{
	int got = ret < 0 ? errno : 0;

	if (got == want) {
		printf("ok %s\n", name);
		return;
	}
	printf("FAIL %s (got %s, want %s)\n", name,
	       got ? strerrorname_np(got) : "success",
	       want ? strerrorname_np(want) : "success");
	failures++;
}

/* A one-file, one-ID driver request to break in one place per case. */
static struct add_args *base_add(const void *image, size_t len)
{
	static struct add_args a;

	add_init(&a, "malformed");
	snprintf(a.files[0].name, sizeof(a.files[0].name), "bad.sys");
	a.files[0].type = NDL_FILE_DRIVER;
	a.files[0].length = len;
	a.files[0].data = PTR(image);
	a.n_files = 1;
	a.ids[0] = (struct ndl_device_id){ .bus = NDL_BUS_PCI,
					   .vendor = 0x1af4, .device = 0x7fff };
	a.n_ids = 1;
	add_finish(&a);
	return &a;
}

#define ADD_CASE(name, want, change) do { \
	struct add_args *a = base_add(image, sizeof(image)); \
	change; \
	expect(name, xioctl(NDL_IOC_ADD_DRIVER, &a->req), want); \
} while (0)

static void malformed_add(void)
{
	static unsigned char image[4096];	/* not a PE image */
	static unsigned char mz[4096] = { 'M', 'Z' };
	/* A readable page followed by one nobody may read: EFAULT probes. */
	char *guard = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *noaccess = guard + 4096;
	static __u32 dword = 1;

	if (guard == MAP_FAILED || mprotect(noaccess, 4096, PROT_NONE)) {
		perror("ndl-ioctl: mmap");
		exit(2);
	}
	mz[0x3c] = 0xf0;	/* e_lfanew far past the file's end */
	mz[0x3d] = 0xff;
	ADD_CASE("add-size-short", EINVAL, a->req.hdr.size -= 8);
	ADD_CASE("add-size-long", EINVAL, a->req.hdr.size += 8);
	ADD_CASE("add-abi", EPROTO, a->req.hdr.abi_version = 2);
	ADD_CASE("add-abi-zero", EPROTO, a->req.hdr.abi_version = 0);
	ADD_CASE("add-file-elem-size", EINVAL, a->req.file_size = 8);
	ADD_CASE("add-id-elem-size", EINVAL, a->req.id_size = 17);
	ADD_CASE("add-reg-elem-size", EINVAL, a->req.reg_size = 0);
	ADD_CASE("add-flags", EINVAL, a->req.flags = 0x10);
	ADD_CASE("add-compat-on-and-off", EINVAL,
		 a->req.flags = NDL_COMPAT_SINGLE_BUF_ON | NDL_COMPAT_SINGLE_BUF_OFF);
	ADD_CASE("add-reserved", EINVAL, a->req.reserved = 1);
	ADD_CASE("add-name-empty", EINVAL, a->req.name[0] = 0);
	ADD_CASE("add-name-slash", EINVAL, strcpy(a->req.name, "a/b"));
	ADD_CASE("add-name-dot", EINVAL, strcpy(a->req.name, ".hidden"));
	ADD_CASE("add-name-unterminated", EINVAL,
		 memset(a->req.name, 'a', sizeof(a->req.name)));
	ADD_CASE("add-version-unterminated", EINVAL,
		 memset(a->req.version, 'v', sizeof(a->req.version)));
	ADD_CASE("add-no-files", EINVAL, a->req.n_files = 0);
	ADD_CASE("add-too-many-files", E2BIG, a->req.n_files = NDL_MAX_FILES + 1);
	ADD_CASE("add-no-ids", EINVAL, a->req.n_ids = 0);
	ADD_CASE("add-too-many-ids", E2BIG, a->req.n_ids = NDL_MAX_IDS + 1);
	ADD_CASE("add-too-many-regs", E2BIG, a->req.n_regs = NDL_MAX_REGS + 1);
	ADD_CASE("add-files-fault", EFAULT, a->req.files = PTR(noaccess));
	ADD_CASE("add-ids-fault", EFAULT, a->req.ids = 8);
	ADD_CASE("add-regs-fault", EFAULT,
		 a->req.n_regs = 1; a->req.regs = PTR(noaccess));
	ADD_CASE("add-file-data-fault", EFAULT, a->files[0].data = PTR(noaccess));
	ADD_CASE("add-file-data-past-end", EFAULT,
		 a->files[0].data = PTR(noaccess - 16);
		 a->files[0].length = 64);
	ADD_CASE("add-file-empty", EINVAL, a->files[0].length = 0);
	ADD_CASE("add-file-too-big", E2BIG,
		 a->files[0].length = NDL_MAX_FILE_SIZE + 1);
	ADD_CASE("add-file-total-too-big", E2BIG,
		 for (int i = 1; i < 3; i++) {
			a->files[i] = a->files[0];
			a->files[i].type = NDL_FILE_DATA;
			a->files[i].name[0] = 'x' + i;
			a->files[i].length = NDL_MAX_FILE_SIZE;
		 }
		 a->req.n_files = 3);
	ADD_CASE("add-file-name-empty", EINVAL, a->files[0].name[0] = 0);
	ADD_CASE("add-file-name-path", EINVAL,
		 strcpy(a->files[0].name, "..\\x.sys"));
	ADD_CASE("add-file-type", EINVAL, a->files[0].type = 9);
	ADD_CASE("add-no-driver-file", EINVAL, a->files[0].type = NDL_FILE_DATA);
	ADD_CASE("add-two-driver-files", EINVAL,
		 a->files[1] = a->files[0]; a->files[1].name[0] = 'c';
		 a->req.n_files = 2);
	ADD_CASE("add-duplicate-file-names", EINVAL,
		 a->files[1] = a->files[0]; a->files[1].type = NDL_FILE_DATA;
		 a->req.n_files = 2);
	ADD_CASE("add-id-usb-subsys", EINVAL,
		 a->ids[0].bus = NDL_BUS_USB; a->ids[0].match = NDL_MATCH_SUBSYS);
	ADD_CASE("add-id-usb-pci-revision", EINVAL,
		 a->ids[0].bus = NDL_BUS_USB; a->ids[0].revision = 1);
	ADD_CASE("add-id-usb-stray-mi", EINVAL,
		 a->ids[0].bus = NDL_BUS_USB; a->ids[0].interface = 1);
	ADD_CASE("add-id-usb-mi-256", EINVAL,
		 a->ids[0].bus = NDL_BUS_USB; a->ids[0].match = NDL_MATCH_MI;
		 a->ids[0].interface = 256);
	ADD_CASE("add-id-bus-unknown", EINVAL, a->ids[0].bus = 77);
	ADD_CASE("add-id-virtual-vendor", EINVAL,
		 a->ids[0].bus = NDL_BUS_VIRTUAL);	/* vendor stays set */
	ADD_CASE("add-id-virtual-twice", EINVAL,
		 a->ids[0] = (struct ndl_device_id){ .bus = NDL_BUS_VIRTUAL };
		 a->ids[1] = a->ids[0]; a->req.n_ids = 2);
	ADD_CASE("add-id-vendor-ffff", EINVAL, a->ids[0].vendor = 0xffff);
	ADD_CASE("add-id-vendor-0", EINVAL, a->ids[0].vendor = 0);
	ADD_CASE("add-id-match-flags", EINVAL, a->ids[0].match = 0x80);
	ADD_CASE("add-id-stray-subsys", EINVAL, a->ids[0].subvendor = 1);
	ADD_CASE("add-id-stray-rev", EINVAL, a->ids[0].revision = 1);
	ADD_CASE("add-id-reserved", EINVAL, a->ids[0].reserved[1] = 1);
	ADD_CASE("add-reg-type", EINVAL,
		 a->req.n_regs = 1; strcpy(a->regs[0].name, "X");
		 a->regs[0].type = 5; a->regs[0].length = 4;
		 a->regs[0].data = PTR(&dword); a->regs[0].id_index = NDL_REG_ALL_IDS);
	ADD_CASE("add-reg-dword-length", EINVAL,
		 a->req.n_regs = 1; strcpy(a->regs[0].name, "X");
		 a->regs[0].type = NDL_REG_DWORD; a->regs[0].length = 3;
		 a->regs[0].data = PTR(&dword); a->regs[0].id_index = NDL_REG_ALL_IDS);
	ADD_CASE("add-reg-sz-unterminated", EINVAL,
		 a->req.n_regs = 1; strcpy(a->regs[0].name, "X");
		 a->regs[0].type = NDL_REG_SZ; a->regs[0].length = 2;
		 a->regs[0].data = PTR("ab"); a->regs[0].id_index = NDL_REG_ALL_IDS);
	ADD_CASE("add-reg-sz-inner-nul", EINVAL,
		 a->req.n_regs = 1; strcpy(a->regs[0].name, "X");
		 a->regs[0].type = NDL_REG_SZ; a->regs[0].length = 4;
		 a->regs[0].data = PTR("a\0b"); a->regs[0].id_index = NDL_REG_ALL_IDS);
	ADD_CASE("add-reg-sz-bad-utf8", EINVAL,
		 a->req.n_regs = 1; strcpy(a->regs[0].name, "X");
		 a->regs[0].type = NDL_REG_SZ; a->regs[0].length = 4;
		 a->regs[0].data = PTR("a\xc0\xaf"); a->regs[0].id_index = NDL_REG_ALL_IDS);
	ADD_CASE("add-reg-multi-sz-bad", EINVAL,
		 a->req.n_regs = 1; strcpy(a->regs[0].name, "X");
		 a->regs[0].type = NDL_REG_MULTI_SZ; a->regs[0].length = 4;
		 a->regs[0].data = PTR("a\0\0b"); a->regs[0].id_index = NDL_REG_ALL_IDS);
	ADD_CASE("add-reg-too-long", E2BIG,
		 a->req.n_regs = 1; strcpy(a->regs[0].name, "X");
		 a->regs[0].type = NDL_REG_BINARY;
		 a->regs[0].length = NDL_MAX_REG_DATA + 1;
		 a->regs[0].data = PTR(image); a->regs[0].id_index = NDL_REG_ALL_IDS);
	ADD_CASE("add-reg-data-fault", EFAULT,
		 a->req.n_regs = 1; strcpy(a->regs[0].name, "X");
		 a->regs[0].type = NDL_REG_DWORD; a->regs[0].length = 4;
		 a->regs[0].data = PTR(noaccess); a->regs[0].id_index = NDL_REG_ALL_IDS);
	ADD_CASE("add-reg-name-empty", EINVAL,
		 a->req.n_regs = 1;
		 a->regs[0].type = NDL_REG_DWORD; a->regs[0].length = 4;
		 a->regs[0].data = PTR(&dword); a->regs[0].id_index = NDL_REG_ALL_IDS);
	ADD_CASE("add-reg-id-index", EINVAL,
		 a->req.n_regs = 1; strcpy(a->regs[0].name, "X");
		 a->regs[0].type = NDL_REG_DWORD; a->regs[0].length = 4;
		 a->regs[0].data = PTR(&dword); a->regs[0].id_index = 1);
	ADD_CASE("add-reg-location-bad", EINVAL,
		 a->req.n_regs = 1; strcpy(a->regs[0].name, "X");
		 a->regs[0].type = NDL_REG_DWORD; a->regs[0].length = 4;
		 a->regs[0].data = PTR(&dword); a->regs[0].id_index = NDL_REG_ALL_IDS;
		 a->regs[0].flags = NDL_REG_AT_LOCATION; a->regs[0].location.slot = 40);
	ADD_CASE("add-reg-flags", EINVAL,
		 a->req.n_regs = 1; strcpy(a->regs[0].name, "X");
		 a->regs[0].type = NDL_REG_DWORD; a->regs[0].length = 4;
		 a->regs[0].data = PTR(&dword); a->regs[0].id_index = NDL_REG_ALL_IDS;
		 a->regs[0].flags = 0x10);
	ADD_CASE("add-image-garbage", ENOEXEC, (void)0);
	ADD_CASE("add-image-tiny", ENOEXEC, a->files[0].length = 2);
	ADD_CASE("add-image-bad-lfanew", ENOEXEC, a->files[0].data = PTR(mz));
	munmap(guard, 8192);
}

static void malformed_virtual(void)
{
	struct ndl_virtual v = { .hdr = HDR(v) };

	strcpy(v.driver, "no-such-driver");
	expect("add-virtual-unknown", xioctl(NDL_IOC_ADD_VIRTUAL, &v), ENOENT);
	expect("remove-virtual-unknown",
	       xioctl(NDL_IOC_REMOVE_VIRTUAL, &v), ENOENT);
	v.flags = NDL_REMOVE_FORCE;	/* remove only */
	expect("add-virtual-flags", xioctl(NDL_IOC_ADD_VIRTUAL, &v), EINVAL);
	v.flags = 0x100;
	expect("remove-virtual-flags",
	       xioctl(NDL_IOC_REMOVE_VIRTUAL, &v), EINVAL);
	v.flags = 0;
	v.instance = NDL_MAX_VIRTUAL;
	expect("remove-virtual-instance",
	       xioctl(NDL_IOC_REMOVE_VIRTUAL, &v), EINVAL);
	v.flags = NDL_VIRTUAL_AT;	/* an instance past the limit */
	expect("add-virtual-at-instance", xioctl(NDL_IOC_ADD_VIRTUAL, &v),
	       EINVAL);
	v.flags = 0;
	v.instance = 0;
	v.hdr.size--;
	expect("add-virtual-size", xioctl(NDL_IOC_ADD_VIRTUAL, &v), EINVAL);
	v.hdr.size++;
	memset(v.driver, 'x', sizeof(v.driver));
	expect("add-virtual-name-unterminated",
	       xioctl(NDL_IOC_ADD_VIRTUAL, &v), EINVAL);
	expect("add-virtual-fault", xioctl(NDL_IOC_ADD_VIRTUAL, (void *)8),
	       EFAULT);
}

static void malformed_other(void)
{
	struct ndl_version v = { .hdr = HDR(v) };
	struct ndl_remove_driver r = { .hdr = HDR(r) };
	struct ndl_list l = { .hdr = HDR(l) };
	int want;

	expect("version-ok", xioctl(NDL_IOC_VERSION, &v), 0);
	v.hdr.size = 4;
	expect("version-size", xioctl(NDL_IOC_VERSION, &v), EINVAL);
	expect("version-fault", xioctl(NDL_IOC_VERSION, (void *)8), EFAULT);
	expect("unknown-nr", xioctl(_IOWR(NDL_IOC_MAGIC, 0x7f,
						 struct ndl_version), &v), ENOTTY);
	expect("unknown-magic", xioctl(_IOWR('x', 0x00,
						    struct ndl_version), &v), ENOTTY);

	strcpy(r.name, "no-such-driver");
	expect("remove-unknown", xioctl(NDL_IOC_REMOVE_DRIVER, &r), ENOENT);
	r.flags = 0x100;
	expect("remove-flags", xioctl(NDL_IOC_REMOVE_DRIVER, &r), EINVAL);
	r.flags = 0;
	r.reserved = 1;
	expect("remove-reserved", xioctl(NDL_IOC_REMOVE_DRIVER, &r), EINVAL);
	r.reserved = 0;
	r.hdr.size++;
	expect("remove-size", xioctl(NDL_IOC_REMOVE_DRIVER, &r), EINVAL);
	r.hdr.size--;
	memset(r.name, 'x', sizeof(r.name));
	expect("remove-name-unterminated",
	       xioctl(NDL_IOC_REMOVE_DRIVER, &r), EINVAL);

	malformed_virtual();

	l.elem_size = sizeof(struct ndl_driver_info);
	expect("list-drivers-ok", xioctl(NDL_IOC_LIST_DRIVERS, &l), 0);
	l.elem_size = sizeof(struct ndl_device_info);
	expect("list-drivers-elem-size",
	       xioctl(NDL_IOC_LIST_DRIVERS, &l), EINVAL);
	l.elem_size = sizeof(struct ndl_driver_info);
	strcpy(l.driver, "x");
	expect("list-drivers-filter",
	       xioctl(NDL_IOC_LIST_DRIVERS, &l), EINVAL);
	l.driver[0] = 0;
	l.reserved = 1;
	expect("list-reserved", xioctl(NDL_IOC_LIST_DRIVERS, &l), EINVAL);
	l.reserved = 0;
	l.elem_size = sizeof(struct ndl_device_info);
	expect("list-devices-ok", xioctl(NDL_IOC_LIST_DEVICES, &l), 0);
	l.hdr.abi_version = 7;
	expect("list-devices-abi", xioctl(NDL_IOC_LIST_DEVICES, &l), EPROTO);
	l.hdr.abi_version = NDL_ABI_VERSION;
	strcpy(l.driver, "no-such-driver");
	expect("list-devices-unknown-driver",
	       xioctl(NDL_IOC_LIST_DEVICES, &l), ENOENT);
	l.driver[0] = 0;
	l.max = 1u << 30;
	want = l.count ? EFAULT : 0;	/* buf is NULL */
	expect("list-devices-huge-max", xioctl(NDL_IOC_LIST_DEVICES, &l),
	       want);
}

static int do_malformed(void)
{
	malformed_other();
	malformed_add();
	return failures ? 1 : 0;
}

/* ---- main ------------------------------------------------------------------ */

static int run(int argc, char **argv)
{
	const char *cmd = argc > 0 ? argv[0] : "version";

	if (!strcmp(cmd, "version"))
		return do_version(sizeof(struct ndl_version), NDL_ABI_VERSION);
	if (!strcmp(cmd, "version-badsize"))
		return do_version(sizeof(struct ndl_version) - 4, NDL_ABI_VERSION);
	if (!strcmp(cmd, "version-badabi"))
		return do_version(sizeof(struct ndl_version), NDL_ABI_VERSION + 99);
	if (!strcmp(cmd, "add"))
		return do_add(argc - 1, argv + 1);
	if (!strcmp(cmd, "remove"))
		return do_remove(argc - 1, argv + 1);
	if (!strcmp(cmd, "add-virtual"))
		return do_add_virtual(argc - 1, argv + 1);
	if (!strcmp(cmd, "remove-virtual"))
		return do_remove_virtual(argc - 1, argv + 1);
	if (!strcmp(cmd, "drivers"))
		return do_drivers();
	if (!strcmp(cmd, "devices"))
		return do_devices(argc > 1 ? argv[1] : NULL);
	if (!strcmp(cmd, "malformed"))
		return do_malformed();
	if (!strcmp(cmd, "ethtool") && argc > 1)
		return do_ethtool(argv[1]);
	if (!strcmp(cmd, "offload") && argc > 2 && strchr(argv[2], '='))
		return do_offload_named(argv[1], argc - 2, argv + 2);
	if (!strcmp(cmd, "offload") && argc > 1)
		return do_offload(argv[1], argc < 3 ? -1 :
				  !strcmp(argv[2], "on") ? 1 :
				  !strcmp(argv[2], "off") ? 0 : -1);
	if (!strcmp(cmd, "as-nobody")) {
		drop_privileges = 1;
		return run(argc - 1, argv + 1);
	}
	fprintf(stderr, "ndl-ioctl: unknown command %s\n", cmd);
	return 2;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "offload"))
		return run(argc - 1, argv + 1);
	ctl_fd = open("/dev/ndisload", O_RDWR);
	if (ctl_fd < 0) {
		perror("ndl-ioctl: /dev/ndisload");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	return run(argc - 1, argv + 1);
}
