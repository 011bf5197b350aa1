// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndl-devctl: opens a driver's control device (/dev/ndisload-dev/NAME,
 * module/uapi/ndisload.h) and runs requests on that one handle, as a
 * vendor's control tool would with CreateFile and DeviceIoControl. For VM
 * tests only.
 *
 *   ndl-devctl PATH ACTION...
 *     ioctl:CODE:HEXIN:OUTLEN   NDL_IOC_DEVCTL; prints
 *                               "status 0xSSSSSSSS returned N out HEX"
 *     read:N                    read(2) up to N bytes; prints "read N TEXT"
 *     write:TEXT                write(2); prints "wrote N"
 *     wait:FILE                 wait (60 s at most) until FILE exists
 * A failing call prints "errno ENAME" and the tool goes on with the next
 * action; the exit status is 1 if any call failed, 2 if PATH did not open
 * (after printing "open: errno ENAME").
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "../../module/uapi/ndisload.h"

static int failed;

static int fail(const char *what)
{
	printf("%serrno %s\n", what, strerrorname_np(errno));
	failed = 1;
	return -1;
}

static size_t unhex(const char *s, unsigned char *out, size_t max)
{
	size_t n = 0;
	unsigned int b;

	while (s[0] && s[1] && n < max && sscanf(s, "%2x", &b) == 1) {
		out[n++] = (unsigned char)b;
		s += 2;
	}
	return n;
}

static void do_ioctl(int fd, char *arg)
{
	static unsigned char in[NDL_DEVCTL_MAX], out[NDL_DEVCTL_MAX];
	char *code = strtok(arg, ":"), *hex = strtok(NULL, ":"),
	     *len = strtok(NULL, ":");
	struct ndl_devctl d = { .hdr = { sizeof(d), NDL_ABI_VERSION } };

	if (!code || !hex || !len) {
		printf("usage: ioctl:CODE:HEXIN:OUTLEN\n");
		failed = 1;
		return;
	}
	d.code = (__u32)strtoul(code, NULL, 0);
	d.in_len = (__u32)unhex(strcmp(hex, "-") ? hex : "", in, sizeof(in));
	d.out_len = (__u32)strtoul(len, NULL, 0);
	d.in = (__u64)(uintptr_t)in;
	d.out = (__u64)(uintptr_t)out;
	if (ioctl(fd, NDL_IOC_DEVCTL, &d)) {
		fail("");
		return;
	}
	printf("status 0x%08x returned %u out ", d.status, d.returned);
	for (__u32 i = 0; i < d.returned && i < sizeof(out); i++)
		printf("%02x", out[i]);
	printf("\n");
}

static void do_read(int fd, const char *arg)
{
	char buf[4096];
	size_t want = strtoul(arg, NULL, 0);
	ssize_t n;

	if (want > sizeof(buf) - 1)
		want = sizeof(buf) - 1;
	n = read(fd, buf, want);
	if (n < 0) {
		fail("");
		return;
	}
	buf[n] = 0;
	buf[strcspn(buf, "\n")] = 0;
	printf("read %zd %s\n", n, buf);
}

static void do_write(int fd, const char *arg)
{
	ssize_t n = write(fd, arg, strlen(arg));

	if (n < 0)
		fail("");
	else
		printf("wrote %zd\n", n);
}

static void do_wait(const char *file)
{
	for (int i = 0; i < 600 && access(file, F_OK); i++)
		usleep(100000);
}

int main(int argc, char **argv)
{
	int fd;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 2) {
		fprintf(stderr, "usage: ndl-devctl PATH ACTION...\n");
		return 2;
	}
	fd = open(argv[1], O_RDWR);
	if (fd < 0) {
		fail("open: ");
		return 2;
	}
	for (int i = 2; i < argc; i++) {
		if (!strncmp(argv[i], "ioctl:", 6))
			do_ioctl(fd, argv[i] + 6);
		else if (!strncmp(argv[i], "read:", 5))
			do_read(fd, argv[i] + 5);
		else if (!strncmp(argv[i], "write:", 6))
			do_write(fd, argv[i] + 6);
		else if (!strncmp(argv[i], "wait:", 5))
			do_wait(argv[i] + 5);
		else
			printf("unknown action %s\n", argv[i]);
	}
	if (close(fd))
		fail("close: ");
	return failed;
}
