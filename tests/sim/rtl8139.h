/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Simulated Realtek RTL8139C+ (as QEMU's -device rtl8139 behaves) for the
 * user-space host: the C+ descriptor-ring mode, interrupt status/mask, the
 * 93C46 EEPROM, PHY link state and tally counters. The classic ring-buffer
 * receive mode is not modelled: frames arriving without C+ receive enabled
 * are dropped.
 */
#ifndef NDL_SIM_RTL8139_H
#define NDL_SIM_RTL8139_H

#include <stdbool.h>
#include <stdint.h>

#include "../../module/user/simdev.h"

extern const struct ndl_sim_model ndl_sim_rtl8139;

/* Before the driver starts: the address burnt into the EEPROM. */
void ndl_sim_rtl8139_set_mac(struct ndl_sim_dev *dev, const uint8_t mac[6]);
/* Plug or unplug the cable: link bits change, link-change interrupt. */
void ndl_sim_rtl8139_set_link(struct ndl_sim_dev *dev, bool up);

#endif
