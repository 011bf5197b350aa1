/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Simulated Intel 82540EM (as QEMU's -device e1000 behaves) for the
 * user-space host: 32-bit MMIO registers in BAR0, legacy transmit and
 * receive descriptor rings (and TCP/IP transmit descriptors: checksum
 * insertion and TCP segmentation), ICR/IMS/IMC interrupts, EERD EEPROM reads, the
 * PHY behind MDIC with auto-negotiation, the receive address and multicast
 * hash filters, and the statistics registers.
 */
#ifndef NDL_SIM_E1000_H
#define NDL_SIM_E1000_H

#include <stdbool.h>
#include <stdint.h>

#include "../../module/user/simdev.h"

extern const struct ndl_sim_model ndl_sim_e1000;
/* The 82574L (QEMU's e1000e): the same model with its IDs, EERD and BARs. */
extern const struct ndl_sim_model ndl_sim_e1000e;

/* Before the driver starts: the address in the EEPROM and RAL0/RAH0. */
void ndl_sim_e1000_set_mac(struct ndl_sim_dev *dev, const uint8_t mac[6]);
/* Spoil the EEPROM checksum (the driver must fall back to RAL0/RAH0). */
void ndl_sim_e1000_corrupt_eeprom(struct ndl_sim_dev *dev);
/* How many TCP/IP context descriptors the chip took since power-on. */
uint32_t ndl_sim_e1000_contexts(struct ndl_sim_dev *dev);
/* How many packets it segmented (TSE) since power-on. */
uint32_t ndl_sim_e1000_tso_packets(struct ndl_sim_dev *dev);
/* Plug or unplug the cable: STATUS.LU follows, with a LSC interrupt. */
void ndl_sim_e1000_set_link(struct ndl_sim_dev *dev, bool up);

#endif
