/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Windows hardware IDs: parsing the ones an .inf names, generating the ones
 * a device has (most specific first, as Windows lists them), and ranking a
 * match the way Windows ranks drivers.
 */
#ifndef NDL_HWID_H
#define NDL_HWID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum hwid_bus { HWID_PCI, HWID_USB, HWID_OTHER };

#define HWID_VEN	0x01	/* PCI VEN / USB VID */
#define HWID_DEV	0x02	/* PCI DEV / USB PID */
#define HWID_SUBSYS	0x04
#define HWID_REV	0x08
#define HWID_CC		0x10	/* PCI class code (2 bytes) */
#define HWID_CC_PROG	0x20	/* ... with programming interface (3 bytes) */
#define HWID_MI		0x40	/* USB interface number */
#define HWID_UCLASS	0x80	/* USB Class_ */
#define HWID_USUB	0x100	/* USB SubClass_ */
#define HWID_UPROT	0x200	/* USB Prot_ */

#define HWID_MAX	200

struct hwid {
	enum hwid_bus bus;
	unsigned has;		/* HWID_* fields present */
	uint16_t ven, dev;
	uint32_t subsys;	/* SUBSYS_ddddvvvv: subsystem device, vendor */
	uint16_t rev;		/* PCI: 8 bits; USB: bcdDevice */
	uint32_t cc;		/* class, subclass[, prog-if] */
	uint8_t mi, uclass, usub, uprot;
	char text[HWID_MAX];	/* canonical upper-case form */
};

/* Writes id->text, the canonical form of the fields id->has names. */
void hwid_format(struct hwid *id);
/* Parses an ID from an .inf; unknown buses keep their text (HWID_OTHER). */
bool hwid_parse(const char *s, struct hwid *out);
/* "PCI", "USB", or the text before '\' ("SD", "ROOT", ...). */
void hwid_bus_name(const struct hwid *id, char *out, size_t size);
bool hwid_equal(const struct hwid *a, const struct hwid *b);
/*
 * A root-enumerated ID ("ROOT\\NAME" or "*NAME"): Windows creates such
 * an adapter on request, with no bus device behind it (VPN and virtual
 * adapters); ndisload adds one with `ndisload add-virtual`.
 */
bool hwid_root_enumerated(const struct hwid *id);

/* A device as sysfs shows it. */
struct hwid_device {
	enum hwid_bus bus;
	uint16_t ven, dev, subsys_ven, subsys_dev, rev;
	uint32_t class_code;		/* PCI: 24 bits */
	uint8_t uclass, usub, uprot;	/* USB device or interface class */
	int mi;				/* USB interface number, -1 for none */
};

/*
 * The device's IDs, most specific first: hardware IDs, then compatible
 * IDs; *nhw says how many of them are hardware IDs. Returns the count.
 */
size_t hwid_device_ids(const struct hwid_device *d, struct hwid *ids,
		       size_t max, size_t *nhw);

/*
 * Windows-style rank of an .inf model for a device (lower is better):
 * whether the device's ID is a hardware or compatible one, whether the
 * .inf's is, then the positions in both lists. -1 when nothing matches.
 */
long hwid_rank(const struct hwid *dev_ids, size_t ndev, size_t nhw,
	       const struct hwid *inf_ids, size_t ninf);

#endif
