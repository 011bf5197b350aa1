// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndl-ioctl: a raw test client for /dev/ndisload, for VM tests that need to
 * poke the ABI directly (including with malformed arguments). The product's
 * client is the ndisload helper; this tool only exists for tests.
 *
 *   ndl-ioctl version            print release and ABI version
 *   ndl-ioctl version-badsize    send a wrong header size; print the errno
 *   ndl-ioctl version-badabi     send a wrong ABI version; print the errno
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "../../module/uapi/ndisload.h"

static int do_version(int fd, __u32 size, __u32 abi)
{
	struct ndl_version v;

	memset(&v, 0, sizeof(v));
	v.hdr.size = size;
	v.hdr.abi_version = abi;
	if (ioctl(fd, NDL_IOC_VERSION, &v) < 0) {
		printf("errno %s\n", strerrorname_np(errno));
		return 1;
	}
	printf("release %s abi %u\n", v.release, v.abi_version);
	return 0;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "version";
	int fd = open("/dev/ndisload", O_RDWR);

	if (fd < 0) {
		perror("ndl-ioctl: /dev/ndisload");
		return 2;
	}
	if (!strcmp(cmd, "version"))
		return do_version(fd, sizeof(struct ndl_version), NDL_ABI_VERSION);
	if (!strcmp(cmd, "version-badsize"))
		return do_version(fd, sizeof(struct ndl_version) - 4, NDL_ABI_VERSION);
	if (!strcmp(cmd, "version-badabi"))
		return do_version(fd, sizeof(struct ndl_version), NDL_ABI_VERSION + 99);
	fprintf(stderr, "ndl-ioctl: unknown command %s\n", cmd);
	return 2;
}
