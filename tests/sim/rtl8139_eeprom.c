// SPDX-License-Identifier: GPL-2.0-only
/*
 * 93C46 EEPROM protocol: with chip select high, a start bit, then 2 opcode
 * and 6 address bits shifted in on rising clock edges; a read then shifts
 * out a dummy 0 and 16 data bits, MSB first. Writes are accepted and ignored
 * (the driver never programs the EEPROM).
 */
#include "rtl8139_eeprom.h"

enum { EE_IDLE, EE_WAIT_START, EE_COMMAND, EE_READ };

static void rtl_eeprom_command(struct rtl_eeprom *e, uint8_t cmd)
{
	if ((cmd & 0xc0) == 0x80) {	/* READ */
		e->address = cmd & 0x3f;
		e->output = e->word[e->address];
		e->dout = 0;
		e->tick = 0;
		e->mode = EE_READ;
	} else {
		e->mode = EE_IDLE;	/* write/erase/enable: not modelled */
	}
}

static void rtl_eeprom_clock(struct rtl_eeprom *e)
{
	int bit = e->di ? 1 : 0;

	e->tick++;
	switch (e->mode) {
	case EE_WAIT_START:
		if (bit) {
			e->mode = EE_COMMAND;
			e->tick = 0;
			e->input = 0;
		}
		break;
	case EE_COMMAND:
		e->input = (uint16_t)(e->input << 1 | bit);
		if (e->tick == 8)
			rtl_eeprom_command(e, e->input & 0xff);
		break;
	case EE_READ:
		e->dout = (e->output & 0x8000) ? 1 : 0;
		e->output = (uint16_t)(e->output << 1);
		if (e->tick == 16) {	/* ready for the next command */
			e->mode = EE_WAIT_START;
			e->tick = 0;
			e->input = 0;
		}
		break;
	default:
		break;
	}
}

void rtl_eeprom_pins(struct rtl_eeprom *e, int cs, int sk, int di)
{
	int rising = !e->sk && sk;

	if (!e->cs && cs) {
		e->mode = EE_WAIT_START;
		e->tick = 0;
		e->input = 0;
		e->output = 0;
	}
	e->cs = (uint8_t)cs;
	e->sk = (uint8_t)sk;
	e->di = (uint8_t)di;
	if (cs && rising)
		rtl_eeprom_clock(e);
}

int rtl_eeprom_dout(const struct rtl_eeprom *e)
{
	return e->cs ? e->dout : 0;
}
