/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ndisload-host's network side: a TAP interface the administrator (or the
 * helper) created for this user, so the host needs no privilege for it.
 */
#ifndef NDL_HOST_TAP_H
#define NDL_HOST_TAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Attach to TAP interface name (non-blocking fd, frames behind a struct
 * virtio_net_hdr), its MAC into mac.
 */
int tap_open(const char *name, uint8_t mac[6], char *err, size_t errlen);
/* Give the TAP interface address mac (false, errno set, if refused). */
bool tap_set_address(int fd, const uint8_t mac[6]);
/* Tell Linux whether the link is up (false if the kernel refused). */
bool tap_set_carrier(int fd, bool up);

/* What Linux may leave to us (TUN_F_*; false, errno set, if refused). */
bool tap_set_offload(int fd, unsigned int tun_flags);

#endif
