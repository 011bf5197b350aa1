// SPDX-License-Identifier: GPL-2.0-only
/* Reading and parsing the kernel log's records (see kmsg.h). */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag/kmsg.h"
#include "lib/paths.h"
#include "lib/strutil.h"

/* A recorded file is read whole, up to this much. */
#define KMSG_FILE_MAX (4u << 20)

static const char *parse_u64(const char *p, const char *end, uint64_t *v)
{
	uint64_t n = 0;

	if (p >= end || !isdigit((unsigned char)*p))
		return NULL;
	while (p < end && isdigit((unsigned char)*p)) {
		if (n > (UINT64_MAX - 9) / 10)
			return NULL;
		n = n * 10 + (uint64_t)(*p++ - '0');
	}
	*v = n;
	return p;
}

/* Copies len bytes, control characters made '?', truncated to fit. */
static void copy_clean(char *dst, size_t size, const char *src, size_t len)
{
	size_t i;

	if (len >= size)
		len = size - 1;
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)src[i];

		dst[i] = c < 0x20 || c == 0x7f ? '?' : (char)c;
	}
	dst[len] = '\0';
}

static bool is_pci_addr(const char *s, size_t n)
{
	static const char shape[] = "hhhh:hh:hh.h";
	size_t i;

	if (n != sizeof(shape) - 1)
		return false;
	for (i = 0; i < n; i++)
		if (shape[i] == 'h' ? !isxdigit((unsigned char)s[i]) : s[i] != shape[i])
			return false;
	return true;
}

/* A driver name as the store writes them: letters, digits, . _ - + */
static bool is_name(const char *s, size_t n, size_t max)
{
	size_t i;

	if (!n || n > max)
		return false;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && !strchr("._-+", s[i]))
			return false;
	return true;
}

static void set(char *dst, size_t size, const char *s, size_t n)
{
	copy_clean(dst, size, s, n < size ? n : size - 1);
}

/*
 * "ndisload-DRV ADDR[ IFACE]: text": dev_printk()/netdev_printk() of the
 * PCI driver the module registers per Windows driver. Returns the text, or
 * NULL when the line has another shape.
 */
static const char *parse_dev_prefix(const char *t, const char *end, struct kmsg_rec *r)
{
	const char *drv = t + 9, *sp, *colon, *dev, *dev_end;

	sp = memchr(drv, ' ', (size_t)(end - drv));
	if (!sp || !is_name(drv, (size_t)(sp - drv), 64))
		return NULL;
	colon = sp + 1;
	while (colon + 1 < end && !(colon[0] == ':' && colon[1] == ' '))
		colon++;
	if (colon + 1 >= end)
		return NULL;
	dev = sp + 1;
	dev_end = memchr(dev, ' ', (size_t)(colon - dev));
	if (!dev_end)
		dev_end = colon;
	set(r->driver, sizeof(r->driver), drv, (size_t)(sp - drv));
	set(r->device, sizeof(r->device), dev, (size_t)(dev_end - dev));
	if (dev_end < colon) {
		const char *ifn = dev_end + 1;

		/* "(unnamed net_device)" before register_netdev: no name yet. */
		if (is_name(ifn, (size_t)(colon - ifn), 15))
			set(r->iface, sizeof(r->iface), ifn, (size_t)(colon - ifn));
	}
	return colon + 2;
}

/*
 * "ndisload: [DRV: ][ADDR: ]text" (pr_*() of the module and the runtime):
 * the leading "WORD: " that is a device address or a driver is taken off.
 * A text that starts with a known driver's name ("rtl8139 removed") names
 * that driver too.
 */
static const char *parse_prefix_words(const char *t, const char *end, struct kmsg_rec *r,
				      kmsg_is_driver_fn is_driver, void *ctx)
{
	int i;

	for (i = 0; i < 2; i++) {
		const char *w = t;
		char name[65];
		size_t n;

		while (w < end && *w != ' ' && *w != ':')
			w++;
		n = (size_t)(w - t);
		/* A PCI address holds colons itself. */
		if (end - t >= 14 && is_pci_addr(t, 12) && t[12] == ':' && t[13] == ' ') {
			if (r->device[0])
				break;
			set(r->device, sizeof(r->device), t, 12);
			t += 14;
			continue;
		}
		if (w + 1 >= end || w[0] != ':' || w[1] != ' ' || r->driver[0] ||
		    !is_name(t, n, 64))
			break;
		copy_clean(name, sizeof(name), t, n);
		/* "NAME: ADDRESS: " is the module's device-failure shape: NAME is a driver. */
		if (is_driver && !is_driver(name, ctx) &&
		    !(end - w >= 16 && is_pci_addr(w + 2, 12) && w[14] == ':' && w[15] == ' '))
			break;
		strcpy(r->driver, name);
		t = w + 2;
	}
	if (!r->driver[0] && is_driver) {
		const char *w = t;
		char name[65];

		while (w < end && *w != ' ' && *w != ':')
			w++;
		if (w < end && *w == ' ' && is_name(t, (size_t)(w - t), 64)) {
			copy_clean(name, sizeof(name), t, (size_t)(w - t));
			if (is_driver(name, ctx))
				strcpy(r->driver, name);
		}
	}
	return t;
}

/* " DEVICE=+pci:0000:00:03.0" / "+usb:1-1:1.0": the device when the text had none. */
static void parse_dict(const char *p, const char *end, struct kmsg_rec *r)
{
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *le = nl ? nl : end;

		if (*p == ' ' && !r->device[0] && le - p > 13 && !memcmp(p + 1, "DEVICE=+", 8)) {
			const char *v = p + 9, *id = memchr(v, ':', (size_t)(le - v));

			if (id && (!memcmp(v, "pci:", 4) || !memcmp(v, "usb:", 4))) {
				const char *idend = id + 1;

				if (!memcmp(v, "pci:", 4))
					idend = le;
				else
					while (idend < le && *idend != ':')
						idend++;
				if (is_name(id + 1, (size_t)(idend - id - 1), 31) ||
				    is_pci_addr(id + 1, (size_t)(idend - id - 1)))
					set(r->device, sizeof(r->device), id + 1,
					    (size_t)(idend - id - 1));
			}
		}
		p = le + 1;
	}
}

int kmsg_parse(const char *buf, size_t len, struct kmsg_rec *r,
	       kmsg_is_driver_fn is_driver, void *ctx)
{
	const char *end = buf + len, *p, *semi, *nl, *t;
	uint64_t pri;

	memset(r, 0, sizeof(*r));
	nl = memchr(buf, '\n', len);
	if (!nl)
		nl = end;
	semi = memchr(buf, ';', (size_t)(nl - buf));
	if (!semi)
		return -1;
	p = parse_u64(buf, semi, &pri);
	if (!p || *p != ',' || !(p = parse_u64(p + 1, semi, &r->seq)) || *p != ',' ||
	    !(p = parse_u64(p + 1, semi, &r->usec)) || (p < semi && *p != ','))
		return -1;
	r->level = (int)(pri & 7);
	t = semi + 1;
	if (nl - t >= 10 && !memcmp(t, "ndisload: ", 10)) {
		r->ours = true;
		t = parse_prefix_words(t + 10, nl, r, is_driver, ctx);
	} else if (nl - t > 9 && !memcmp(t, "ndisload-", 9)) {
		const char *x = parse_dev_prefix(t, nl, r);

		if (x) {
			r->ours = true;
			t = x;
		}
	}
	copy_clean(r->text, sizeof(r->text), t, (size_t)(nl - t));
	if (r->ours && nl < end)
		parse_dict(nl + 1, end, r);
	return 0;
}

const char *kmsg_level_name(int level)
{
	return level <= 3 ? "error" : level == 4 ? "warning" : level <= 6 ? "info" : "debug";
}

int kmsg_open(struct kmsg_reader *rd, struct ndl_err *err)
{
	char path[NDL_PATH_MAX];
	struct stat st;

	memset(rd, 0, sizeof(*rd));
	rd->fd = -1;
	if (!ndl_path(path, sizeof(path), "/dev/kmsg"))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	rd->fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (rd->fd < 0) {
		int e = errno;

		ndl_fail(err, NDL_E_INTERNAL, "cannot read %s: %s", path, strerror(e));
		if (e == EACCES || e == EPERM)
			ndl_hint(err, "only root may read the kernel log here (sysctl kernel.dmesg_restrict)");
		return -1;
	}
	if (fstat(rd->fd, &st) == 0 && S_ISREG(st.st_mode))
		rd->is_file = true;
	return 0;
}

/* Regular file: top up the buffer with whatever was appended since. */
static int file_fill(struct kmsg_reader *rd, struct ndl_err *err)
{
	for (;;) {
		ssize_t n;

		if (rd->cap - rd->len < 8192) {
			size_t nc = rd->cap ? rd->cap * 2 : 65536;
			char *nb;

			if (nc > KMSG_FILE_MAX)
				return 0;	/* the rest waits for the next call */
			nb = realloc(rd->buf, nc);
			if (!nb)
				return ndl_fail(err, NDL_E_INTERNAL, "out of memory");
			rd->buf = nb;
			rd->cap = nc;
		}
		n = read(rd->fd, rd->buf + rd->len, rd->cap - rd->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return ndl_fail(err, NDL_E_INTERNAL, "reading the kernel log: %s",
					strerror(errno));
		if (!n)
			return 0;
		rd->len += (size_t)n;
	}
}

long kmsg_next(struct kmsg_reader *rd, char *buf, size_t cap, struct ndl_err *err)
{
	if (!rd->is_file) {
		for (;;) {
			ssize_t n = read(rd->fd, buf, cap);

			if (n >= 0)
				return (long)n;
			/* EPIPE: records were overwritten before we read them. */
			if (errno == EINTR || errno == EPIPE)
				continue;
			if (errno == EAGAIN)
				return 0;
			return ndl_fail(err, NDL_E_INTERNAL, "reading the kernel log: %s",
					strerror(errno)), -1;
		}
	}
	for (;;) {
		size_t i = 0, n;

		if (file_fill(rd, err))
			return -1;
		/* A record ends at the newline not followed by a " KEY=VALUE" line. */
		for (;;) {
			char *nl = memchr(rd->buf + i, '\n', rd->len - i);

			if (!nl)
				return 0;	/* incomplete: wait for the rest */
			i = (size_t)(nl - rd->buf) + 1;
			if (i < rd->len && rd->buf[i] == ' ')
				continue;
			break;
		}
		n = i < cap ? i : cap;
		memcpy(buf, rd->buf, n);
		memmove(rd->buf, rd->buf + i, rd->len - i);
		rd->len -= i;
		return (long)n;
	}
}

void kmsg_close(struct kmsg_reader *rd)
{
	if (rd->fd >= 0)
		close(rd->fd);
	free(rd->buf);
	memset(rd, 0, sizeof(*rd));
	rd->fd = -1;
}
