// SPDX-License-Identifier: GPL-2.0-only
/*
 * pe-checksum FILE: compute a PE image's checksum and store it in the
 * optional header, as Microsoft's linker does for drivers (Windows checks
 * it before loading a kernel image; GNU ld leaves it zero).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t le32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

int main(int argc, char **argv)
{
	FILE *f;
	unsigned char *img;
	long size;
	uint32_t pe, csum_off, sum = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: pe-checksum FILE\n");
		return 2;
	}
	f = fopen(argv[1], "r+b");
	if (!f || fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET)) {
		fprintf(stderr, "pe-checksum: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	img = calloc(1, (size_t)size + 1);	/* +1: odd sizes pad with zero */
	if (!img || fread(img, 1, (size_t)size, f) != (size_t)size) {
		fprintf(stderr, "pe-checksum: %s: cannot read\n", argv[1]);
		return 1;
	}
	if (size < 0x40 || img[0] != 'M' || img[1] != 'Z' ||
	    (pe = le32(img + 0x3c)) > (uint32_t)size - 0x5c ||
	    memcmp(img + pe, "PE\0\0", 4)) {
		fprintf(stderr, "pe-checksum: %s: not a PE image\n", argv[1]);
		return 1;
	}
	/* CheckSum sits 64 bytes into the optional header (PE32 and PE32+). */
	csum_off = pe + 24 + 64;
	memset(img + csum_off, 0, 4);
	for (long i = 0; i < size; i += 2) {
		sum += img[i] | img[i + 1] << 8;
		sum = (sum & 0xffff) + (sum >> 16);
	}
	sum = (sum & 0xffff) + (sum >> 16);
	sum += (uint32_t)size;
	unsigned char out[4] = { sum, sum >> 8, sum >> 16, sum >> 24 };

	if (fseek(f, csum_off, SEEK_SET) || fwrite(out, 1, 4, f) != 4 ||
	    fclose(f)) {
		fprintf(stderr, "pe-checksum: %s: cannot write\n", argv[1]);
		return 1;
	}
	free(img);
	return 0;
}
