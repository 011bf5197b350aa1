// SPDX-License-Identifier: GPL-2.0-only
/*
 * Windows hardware IDs: parse, generate for a device, rank (see hwid.h).
 * Self-contained: libndllicense links it too, for the device IDs a
 * license names (licensing/ids.c).
 */
#include <stdio.h>
#include <string.h>

#include "inf/hwid.h"

/* Parses exactly n hex digits at s into *v. */
static bool hexn(const char *s, size_t n, uint32_t *v)
{
	size_t i;

	*v = 0;
	for (i = 0; i < n; i++) {
		char c = s[i];
		unsigned d;

		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			d = (unsigned)(c - 'A' + 10);
		else
			return false;
		*v = *v << 4 | d;
	}
	return true;
}

/* Matches "NAME_" + n hex digits as the whole token (both upper case). */
static bool field(const char *tok, size_t len, const char *name, size_t n,
		  uint32_t *v)
{
	size_t k = strlen(name);

	return len == k + n && !strncmp(tok, name, k) && hexn(tok + k, n, v);
}

void hwid_format(struct hwid *id)
{
	char *p = id->text;
	size_t left = sizeof(id->text);
	int n = 0;

#define ADD(...) do {							\
		n = snprintf(p, left, __VA_ARGS__);			\
		if (n < 0 || (size_t)n >= left)				\
			return;						\
		p += n;							\
		left -= (size_t)n;					\
	} while (0)
	if (id->bus == HWID_PCI) {
		ADD("PCI\\");
		if (id->has & HWID_VEN)
			ADD("VEN_%04X", id->ven);
		if (id->has & HWID_DEV)
			ADD("&DEV_%04X", id->dev);
		if (id->has & HWID_SUBSYS)
			ADD("&SUBSYS_%08X", id->subsys);
		if (id->has & (HWID_CC | HWID_CC_PROG))
			ADD("%sCC_%0*X", (id->has & HWID_VEN) ? "&" : "",
			    (id->has & HWID_CC_PROG) ? 6 : 4, id->cc);
		if (id->has & HWID_REV)
			ADD("&REV_%02X", id->rev);
	} else if (id->bus == HWID_USB) {
		ADD("USB\\");
		if (id->has & HWID_VEN)
			ADD("VID_%04X&PID_%04X", id->ven, id->dev);
		if (id->has & HWID_REV)
			ADD("&REV_%04X", id->rev);
		if (id->has & HWID_MI)
			ADD("&MI_%02X", id->mi);
		if (id->has & HWID_UCLASS)
			ADD("%sClass_%02X", (id->has & HWID_VEN) ? "&" : "",
			    id->uclass);
		if (id->has & HWID_USUB)
			ADD("&SubClass_%02X", id->usub);
		if (id->has & HWID_UPROT)
			ADD("&Prot_%02X", id->uprot);
	}
#undef ADD
}

static bool parse_pci(const char *s, struct hwid *id)
{
	const char *tok = s;

	id->bus = HWID_PCI;
	while (*tok) {
		size_t len = strcspn(tok, "&");
		uint32_t v;

		if (!(id->has & ~0u) && field(tok, len, "VEN_", 4, &v)) {
			id->ven = (uint16_t)v;
			id->has |= HWID_VEN;
		} else if ((id->has & HWID_VEN) && !(id->has & ~HWID_VEN) &&
			   field(tok, len, "DEV_", 4, &v)) {
			id->dev = (uint16_t)v;
			id->has |= HWID_DEV;
		} else if ((id->has & HWID_DEV) &&
			   !(id->has & (HWID_SUBSYS | HWID_REV | HWID_CC)) &&
			   field(tok, len, "SUBSYS_", 8, &v)) {
			id->subsys = v;
			id->has |= HWID_SUBSYS;
		} else if (!(id->has & (HWID_REV | HWID_CC | HWID_SUBSYS)) &&
			   field(tok, len, "CC_", 6, &v)) {
			id->cc = v;
			id->has |= HWID_CC | HWID_CC_PROG;
		} else if (!(id->has & (HWID_REV | HWID_CC | HWID_SUBSYS)) &&
			   field(tok, len, "CC_", 4, &v)) {
			id->cc = v;
			id->has |= HWID_CC;
		} else if ((id->has & HWID_DEV) && !(id->has & (HWID_REV | HWID_CC)) &&
			   field(tok, len, "REV_", 2, &v)) {
			id->rev = (uint16_t)v;
			id->has |= HWID_REV;
		} else {
			return false;
		}
		tok += len;
		if (*tok == '&' && !*++tok)
			return false;
	}
	/* Every PCI ID names a vendor or a class. */
	return (id->has & (HWID_VEN | HWID_CC)) &&
	       (!(id->has & HWID_VEN) || (id->has & (HWID_DEV | HWID_CC)) ||
		id->has == HWID_VEN);
}

static bool parse_usb(const char *s, struct hwid *id)
{
	const char *tok = s;

	id->bus = HWID_USB;
	while (*tok) {
		size_t len = strcspn(tok, "&");
		uint32_t v;

		if (!id->has && field(tok, len, "VID_", 4, &v)) {
			id->ven = (uint16_t)v;
			id->has |= HWID_VEN;
		} else if (id->has == HWID_VEN && field(tok, len, "PID_", 4, &v)) {
			id->dev = (uint16_t)v;
			id->has |= HWID_DEV;
		} else if ((id->has & HWID_DEV) && !(id->has & ~(HWID_VEN | HWID_DEV)) &&
			   field(tok, len, "REV_", 4, &v)) {
			id->rev = (uint16_t)v;
			id->has |= HWID_REV;
		} else if ((id->has & HWID_DEV) && !(id->has & (HWID_MI | HWID_UCLASS)) &&
			   field(tok, len, "MI_", 2, &v)) {
			id->mi = (uint8_t)v;
			id->has |= HWID_MI;
		} else if (!(id->has & HWID_UCLASS) && (id->has & HWID_VEN ? (id->has & HWID_DEV) != 0 : true) &&
			   field(tok, len, "CLASS_", 2, &v)) {
			id->uclass = (uint8_t)v;
			id->has |= HWID_UCLASS;
		} else if ((id->has & HWID_UCLASS) && !(id->has & HWID_USUB) &&
			   field(tok, len, "SUBCLASS_", 2, &v)) {
			id->usub = (uint8_t)v;
			id->has |= HWID_USUB;
		} else if ((id->has & HWID_USUB) && !(id->has & HWID_UPROT) &&
			   field(tok, len, "PROT_", 2, &v)) {
			id->uprot = (uint8_t)v;
			id->has |= HWID_UPROT;
		} else {
			return false;
		}
		tok += len;
		if (*tok == '&' && !*++tok)
			return false;
	}
	return (id->has & HWID_DEV) || (id->has & HWID_UCLASS);
}

bool hwid_parse(const char *s, struct hwid *out)
{
	size_t i, n;

	memset(out, 0, sizeof(*out));
	while (*s == ' ' || *s == '\t')
		s++;
	n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (!n || n >= sizeof(out->text))
		return false;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c <= ' ' || c == ',' || c == 0x7f)
			return false;
		out->text[i] = (char)((c >= 'a' && c <= 'z') ? c - 32 : c);
	}
	out->text[n] = '\0';
	if (!strncmp(out->text, "PCI\\", 4)) {
		if (parse_pci(out->text + 4, out)) {
			hwid_format(out);
			return true;
		}
	} else if (!strncmp(out->text, "USB\\", 4)) {
		if (parse_usb(out->text + 4, out)) {
			hwid_format(out);
			return true;
		}
	}
	/* Anything else (or a PCI/USB ID of a form we do not know) is kept
	 * as text: it can match nothing, and the caller reports it. */
	memset(out, 0, offsetof(struct hwid, text));
	out->bus = HWID_OTHER;
	return true;
}

void hwid_bus_name(const struct hwid *id, char *out, size_t size)
{
	size_t n;

	if (id->bus == HWID_PCI) {
		snprintf(out, size, "PCI");
		return;
	}
	if (id->bus == HWID_USB) {
		snprintf(out, size, "USB");
		return;
	}
	n = strcspn(id->text, "\\");
	if (!id->text[n])
		n = 0;		/* no bus prefix at all ("MS_MUXMP") */
	if (n >= size)
		n = size - 1;
	memcpy(out, id->text, n);
	out[n] = '\0';
}

bool hwid_equal(const struct hwid *a, const struct hwid *b)
{
	return a->bus != HWID_OTHER && a->bus == b->bus &&
	       strcmp(a->text, b->text) == 0;
}

bool hwid_root_enumerated(const struct hwid *id)
{
	return id->bus == HWID_OTHER &&
	       ((!strncmp(id->text, "ROOT\\", 5) && id->text[5]) ||
		(id->text[0] == '*' && id->text[1]));
}

static void add(struct hwid *ids, size_t max, size_t *n, enum hwid_bus bus,
		unsigned has, const struct hwid *from)
{
	struct hwid *id;

	if (*n >= max)
		return;
	id = &ids[*n];
	*id = *from;
	id->bus = bus;
	id->has = has;
	hwid_format(id);
	(*n)++;
}

size_t hwid_device_ids(const struct hwid_device *d, struct hwid *ids,
		       size_t max, size_t *nhw)
{
	struct hwid v;
	size_t n = 0;

	memset(&v, 0, sizeof(v));
	v.ven = d->ven;
	v.dev = d->dev;
	v.rev = d->rev;
	if (d->bus == HWID_PCI) {
		const unsigned vd = HWID_VEN | HWID_DEV;
		struct hwid c = v, c4 = v;

		v.subsys = (uint32_t)d->subsys_dev << 16 | d->subsys_ven;
		c.cc = d->class_code & 0xffffff;
		c4.cc = (d->class_code >> 8) & 0xffff;
		c.subsys = c4.subsys = v.subsys;
		/* Hardware IDs (Windows: "Identifiers for PCI Devices"). */
		add(ids, max, &n, HWID_PCI, vd | HWID_SUBSYS | HWID_REV, &v);
		add(ids, max, &n, HWID_PCI, vd | HWID_SUBSYS, &v);
		add(ids, max, &n, HWID_PCI, vd | HWID_CC | HWID_CC_PROG, &c);
		add(ids, max, &n, HWID_PCI, vd | HWID_CC, &c4);
		*nhw = n;
		/* Compatible IDs. */
		add(ids, max, &n, HWID_PCI, vd | HWID_REV, &v);
		add(ids, max, &n, HWID_PCI, vd, &v);
		add(ids, max, &n, HWID_PCI, HWID_VEN | HWID_CC | HWID_CC_PROG, &c);
		add(ids, max, &n, HWID_PCI, HWID_VEN | HWID_CC, &c4);
		add(ids, max, &n, HWID_PCI, HWID_VEN, &v);
		add(ids, max, &n, HWID_PCI, HWID_CC | HWID_CC_PROG, &c);
		add(ids, max, &n, HWID_PCI, HWID_CC, &c4);
	} else if (d->bus == HWID_USB) {
		const unsigned vp = HWID_VEN | HWID_DEV;

		v.mi = (uint8_t)(d->mi < 0 ? 0 : d->mi);
		v.uclass = d->uclass;
		v.usub = d->usub;
		v.uprot = d->uprot;
		if (d->mi >= 0) {
			add(ids, max, &n, HWID_USB, vp | HWID_REV | HWID_MI, &v);
			add(ids, max, &n, HWID_USB, vp | HWID_MI, &v);
		} else {
			add(ids, max, &n, HWID_USB, vp | HWID_REV, &v);
			add(ids, max, &n, HWID_USB, vp, &v);
		}
		*nhw = n;
		add(ids, max, &n, HWID_USB, HWID_UCLASS | HWID_USUB | HWID_UPROT, &v);
		add(ids, max, &n, HWID_USB, HWID_UCLASS | HWID_USUB, &v);
		add(ids, max, &n, HWID_USB, HWID_UCLASS, &v);
	} else {
		*nhw = 0;
	}
	return n;
}

long hwid_rank(const struct hwid *dev_ids, size_t ndev, size_t nhw,
	       const struct hwid *inf_ids, size_t ninf)
{
	long best = -1;
	size_t i, j;

	for (i = 0; i < ndev; i++) {
		for (j = 0; j < ninf; j++) {
			long r;

			if (!hwid_equal(&dev_ids[i], &inf_ids[j]))
				continue;
			/* 0x0000: device hardware ID = .inf hardware ID,
			 * 0x1000: ... = .inf compatible ID, 0x2000/0x3000:
			 * the device's compatible IDs likewise. */
			r = (long)((i >= nhw ? 2 : 0) + (j > 0 ? 1 : 0)) * 0x1000 +
			    (long)i * 0x40 + (long)(j < 0x3f ? j : 0x3f);
			if (best < 0 || r < best)
				best = r;
		}
	}
	return best;
}
