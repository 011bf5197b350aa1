// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndl-mktap NAME UID: create a persistent TAP interface owned by UID (what
 * `ip tuntap add dev NAME mode tap user UID` does; the guest's busybox ip
 * cannot), so the unprivileged ndisload-host can attach to it.
 * ndl-mktap -d NAME deletes it again. Test-only (runs as root).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/if_tun.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct ifreq ifr = { .ifr_flags = IFF_TAP | IFF_NO_PI };
	int del = argc == 3 && !strcmp(argv[1], "-d");
	const char *name = del ? argv[2] : argv[1];
	int fd;

	if (argc != 3 || strlen(name) >= IFNAMSIZ) {
		fprintf(stderr, "usage: ndl-mktap NAME UID | ndl-mktap -d NAME\n");
		return 2;
	}
	strcpy(ifr.ifr_name, name);
	fd = open("/dev/net/tun", O_RDWR);
	if (fd < 0 || ioctl(fd, TUNSETIFF, &ifr) ||
	    (!del && ioctl(fd, TUNSETOWNER, (unsigned long)atol(argv[2]))) ||
	    ioctl(fd, TUNSETPERSIST, del ? 0ul : 1ul)) {
		fprintf(stderr, "ndl-mktap %s: %s\n", name, strerror(errno));
		return 1;
	}
	return 0;
}
