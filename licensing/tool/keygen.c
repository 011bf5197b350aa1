// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload-license keygen: a new Ed25519 signing key as PREFIX.key (secret,
 * 0600, never overwritten) and PREFIX.pub.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "tool.h"

/* Create path exclusively: an existing key is never overwritten. */
static int write_new(const char *path, const char *text, mode_t mode)
{
	size_t len = strlen(text), off = 0;
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);

	if (fd < 0)
		return -1;
	while (off < len) {
		ssize_t n = write(fd, text + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			goto fail;
		off += (size_t)n;
	}
	if (fsync(fd) != 0)
		goto fail;
	return close(fd);
fail:
	close(fd);
	unlink(path);
	return -1;
}

int cmd_keygen(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "vendor", required_argument, NULL, 'v' },
		{ "product", required_argument, NULL, 'p' },
		{ NULL, 0, NULL, 0 },
	};
	const char *prefix = NULL, *vendor = "", *product = "";
	char keypath[PATH_MAX], pubpath[PATH_MAX], err[NDL_LIC_ERRLEN];
	char keytext[1024], pubtext[512];
	struct ndl_lic_seckey key;
	int c, rc = EX_OK;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'o': prefix = optarg; break;
		case 'v': vendor = optarg; break;
		case 'p': product = optarg; break;
		default: return tool_usage("keygen", "unknown option");
		}
	}
	if (!prefix || optind != argc)
		return tool_usage("keygen", "%s", prefix ? "unexpected argument" :
				  "--out PREFIX is required");
	if ((size_t)snprintf(keypath, sizeof(keypath), "%s.key", prefix) >= sizeof(keypath) ||
	    (size_t)snprintf(pubpath, sizeof(pubpath), "%s.pub", prefix) >= sizeof(pubpath))
		return tool_usage("keygen", "PREFIX is too long");
	if (strlen(vendor) >= NDL_LIC_TEXT_MAX || strlen(product) >= NDL_LIC_TEXT_MAX ||
	    strchr(vendor, '\n') || strchr(product, '\n'))
		return tool_usage("keygen", "--vendor and --product must be one line of at most %d bytes",
				  NDL_LIC_TEXT_MAX - 1);
	if (access(keypath, F_OK) == 0 || access(pubpath, F_OK) == 0)
		return tool_fail(EX_USAGE, "%s or %s already exists: keygen never overwrites a key (choose another --out)",
				 keypath, pubpath);
	if (ndl_lic_key_generate(&key, err, sizeof(err)) != 0)
		return tool_fail(EX_SYS, "%s", err);
	strcpy(key.vendor, vendor);
	strcpy(key.product, product);
	if (ndl_lic_seckey_format(&key, keytext, sizeof(keytext)) < 0 ||
	    ndl_lic_pubkey_format(&key.pub, pubtext, sizeof(pubtext)) < 0) {
		rc = tool_fail(EX_SYS, "internal error: key text too long");
	} else if (write_new(keypath, keytext, 0600) != 0) {
		rc = tool_fail(EX_SYS, "cannot create %s: %s", keypath, strerror(errno));
	} else if (write_new(pubpath, pubtext, 0644) != 0) {
		rc = tool_fail(EX_SYS, "cannot create %s: %s", pubpath, strerror(errno));
		unlink(keypath);
	} else {
		printf("wrote %s (secret: keep it safe and backed up)\n"
		       "wrote %s (key id %s): put it in your brand directory as license.pub\n",
		       keypath, pubpath, key.pub.key_id);
	}
	sodium_memzero(&key, sizeof(key));
	sodium_memzero(keytext, sizeof(keytext));
	return rc;
}
