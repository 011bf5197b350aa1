/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel log as /dev/kmsg hands it out: one record per read(),
 * "PRI,SEQ,USEC,FLAGS[,...];TEXT\n" followed by " KEY=VALUE\n" lines
 * (Documentation/ABI/testing/dev-kmsg). kmsg_parse() reads one record and
 * finds which ndisload driver, device and interface it is about; it takes
 * any bytes and never fails worse than refusing the record.
 */
#ifndef NDL_KMSG_H
#define NDL_KMSG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/err.h"

#define KMSG_TEXT_MAX 1024

struct kmsg_rec {
	uint64_t seq;
	uint64_t usec;		/* since boot (the kernel's local clock) */
	int level;		/* 0 emerg ... 7 debug */
	bool ours;		/* printed by ndisload.ko */
	char text[KMSG_TEXT_MAX];	/* without "ndisload: "; escapes kept */
	char driver[65];	/* "" when not known */
	char device[32];	/* PCI address or USB path, "" when not known */
	char iface[16];		/* interface name, "" when not named */
};

/* Is name an ndisload driver? (ctx from the caller) */
typedef bool (*kmsg_is_driver_fn)(const char *name, void *ctx);

/*
 * Parses one record of len bytes (no NUL needed). is_driver (may be NULL:
 * then only "NAME: " prefixes count) decides whether a leading word names
 * a driver. Returns 0, or -1 when buf is not a record.
 */
int kmsg_parse(const char *buf, size_t len, struct kmsg_rec *r,
	       kmsg_is_driver_fn is_driver, void *ctx);

/* "error", "warning", "info" or "debug". */
const char *kmsg_level_name(int level);

/*
 * Reading $NDISLOAD_ROOT/dev/kmsg. The character device yields one record
 * per read; a regular file there (tests, recorded logs) holds records one
 * after another and is split at lines that do not start with a space.
 */
struct kmsg_reader {
	int fd;
	bool is_file;
	char *buf;		/* regular file: unread bytes */
	size_t len, cap;
};

int kmsg_open(struct kmsg_reader *rd, struct ndl_err *err);
/*
 * The next record into buf (cap bytes; at least 8192 for the device):
 * returns its length, 0 at the end for now (more may come later), -1 with
 * err set on a read error.
 */
long kmsg_next(struct kmsg_reader *rd, char *buf, size_t cap, struct ndl_err *err);
void kmsg_close(struct kmsg_reader *rd);

#endif
