/* SPDX-License-Identifier: GPL-2.0-only */
/* 93C46 serial EEPROM (64 x 16 bit, Microwire) behind the RTL8139's 9346CR. */
#ifndef NDL_SIM_RTL8139_EEPROM_H
#define NDL_SIM_RTL8139_EEPROM_H

#include <stdint.h>

struct rtl_eeprom {
	uint16_t word[64];
	int mode;
	unsigned int tick;
	uint8_t address;
	uint16_t input, output;
	uint8_t cs, sk, di, dout;
};

/* New pin levels from a 9346CR write in programming mode. */
void rtl_eeprom_pins(struct rtl_eeprom *e, int cs, int sk, int di);
/* The data-out pin as a 9346CR read sees it. */
int rtl_eeprom_dout(const struct rtl_eeprom *e);

#endif
