/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Bringing an interface of ndisload's drivers up: the link (SIOCSIFFLAGS,
 * no program run) and, when asked, an address from a DHCP client Debian
 * ships (dhclient, dhcpcd, or busybox udhcpc with Debian's udhcpc script),
 * started with a fixed argument vector: no shell, and the only variable
 * argument is the interface name the module gave. An interface that a
 * network manager owns (NetworkManager, systemd-networkd, ifupdown) is left
 * to it.
 */
#ifndef NDL_LINK_H
#define NDL_LINK_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

#include "lib/err.h"

/* Who configures IFNAME's addresses: "NetworkManager", "systemd-networkd",
 * "ifupdown", "ndisload" (our DHCP client runs), or NULL (nobody). */
const char *link_manager(const char *ifname, int ifindex);

/* IFNAME's index (sysfs), 0 when unknown. */
int link_ifindex(const char *ifname);

/* IFNAME's IPv4 and IPv6 addresses as "ADDR/PREFIX" strings (array). */
json_object *link_addresses(const char *ifname);

/* {"interface", "up", "dhcp_client"?, "addresses", "note"?}: IFNAME (one
 * of the module's interfaces) set up, then DHCP started when dhcp. */
json_object *link_up(const char *ifname, bool dhcp, struct ndl_err *err);

/* Stop the DHCP client link_up started on IFNAME, if it still runs. */
void link_dhcp_stop(const char *ifname);

#endif
