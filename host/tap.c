// SPDX-License-Identifier: GPL-2.0-only
/*
 * Attaching to a TAP interface: /dev/net/tun with IFF_TAP | IFF_NO_PI |
 * IFF_VNET_HDR, so every read and write is exactly one Ethernet frame
 * behind a virtio-net header (checksum offload, host/net.c). Creating the
 * interface needs CAP_NET_ADMIN; attaching to one owned by this user does
 * not, which is why the host only attaches. The address comes from the
 * TUN descriptor itself (SIOCGIFHWADDR on it): no socket is needed, so
 * the unit can forbid every address family but AF_UNIX. The same goes for
 * setting it (SIOCSIFHWADDR on the descriptor: the TAP's owner may).
 */
#include <errno.h>
#include <fcntl.h>
#include <net/if_arp.h>
#include <linux/if_tun.h>
#include <net/if.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "tap.h"

int tap_open(const char *name, uint8_t mac[6], char *err, size_t len)
{
	struct ifreq ifr = { .ifr_flags = IFF_TAP | IFF_NO_PI | IFF_VNET_HDR };
	int fd;

	if (strlen(name) >= IFNAMSIZ) {
		snprintf(err, len, "TAP name %s is too long", name);
		return -1;
	}
	strcpy(ifr.ifr_name, name);
	fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, len, "/dev/net/tun: %s", strerror(errno));
		return -1;
	}
	if (ioctl(fd, TUNSETIFF, &ifr)) {
		snprintf(err, len,
			 "cannot attach to TAP %s: %s (create it for this user first: ip tuntap add dev %s mode tap user USER)",
			 name, strerror(errno), name);
		close(fd);
		return -1;
	}
	if (ioctl(fd, SIOCGIFHWADDR, &ifr)) {
		snprintf(err, len, "TAP %s: no hardware address: %s", name,
			 strerror(errno));
		close(fd);
		return -1;
	}
	memcpy(mac, ifr.ifr_hwaddr.sa_data, 6);
	return fd;
}

bool tap_set_carrier(int fd, bool up)
{
	int on = up;

	return ioctl(fd, TUNSETCARRIER, &on) == 0;
}

bool tap_set_address(int fd, const uint8_t mac[6])
{
	struct ifreq ifr = { .ifr_hwaddr.sa_family = ARPHRD_ETHER };

	memcpy(ifr.ifr_hwaddr.sa_data, mac, 6);
	return ioctl(fd, SIOCSIFHWADDR, &ifr) == 0;
}

bool tap_set_offload(int fd, unsigned int tun_flags)
{
	return ioctl(fd, TUNSETOFFLOAD, tun_flags) == 0;
}
