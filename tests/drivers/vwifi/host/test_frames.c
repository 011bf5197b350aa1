// SPDX-License-Identifier: GPL-2.0-only
/*
 * Frames the vwifi tests send to the simulated LAN host, built byte by
 * byte from the wire formats (ARP, IPv4 + ICMP echo), independently of
 * the driver's vw_lan.c that answers them.
 */
#include "test_util.h"

size_t test_arp_request(uint8_t *f, const uint8_t *dst, const uint8_t *mac,
			const uint8_t *ip, const uint8_t *target)
{
	memset(f, 0, 60);
	memcpy(f, dst, 6);
	memcpy(f + 6, mac, 6);
	f[12] = 0x08;			/* ARP */
	f[13] = 0x06;
	f[15] = 1;			/* Ethernet */
	f[16] = 0x08;			/* IPv4 */
	f[18] = 6;
	f[19] = 4;
	f[21] = 1;			/* request */
	memcpy(f + 22, mac, 6);
	memcpy(f + 28, ip, 4);
	memcpy(f + 38, target, 4);
	return 60;
}

size_t test_echo_request(uint8_t *f, const uint8_t *dst_mac,
			 const uint8_t *src_mac, const uint8_t *src_ip,
			 const uint8_t *dst_ip, uint16_t seq, size_t payload)
{
	uint8_t *ip = f + 14, *icmp = ip + 20;
	size_t total = 20 + 8 + payload, i;
	uint16_t c;

	memset(f, 0, 14 + total);
	memcpy(f, dst_mac, 6);
	memcpy(f + 6, src_mac, 6);
	f[12] = 0x08;
	ip[0] = 0x45;
	ip[2] = (uint8_t)(total >> 8);
	ip[3] = (uint8_t)total;
	ip[6] = 0x40;			/* don't fragment */
	ip[8] = 64;
	ip[9] = 1;			/* ICMP */
	memcpy(ip + 12, src_ip, 4);
	memcpy(ip + 16, dst_ip, 4);
	c = test_inet_csum(ip, 20);
	ip[10] = (uint8_t)(c >> 8);
	ip[11] = (uint8_t)c;
	icmp[0] = 8;			/* echo request */
	icmp[4] = 0x12;			/* identifier */
	icmp[6] = (uint8_t)(seq >> 8);
	icmp[7] = (uint8_t)seq;
	for (i = 0; i < payload; i++)
		icmp[8 + i] = (uint8_t)i;
	c = test_inet_csum(icmp, 8 + payload);
	icmp[2] = (uint8_t)(c >> 8);
	icmp[3] = (uint8_t)c;
	return 14 + total;
}
