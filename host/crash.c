// SPDX-License-Identifier: GPL-2.0-only
/*
 * The crash report of ndisload-host (crash.h). Installed before the user
 * host's own SIGSEGV/SIGILL handler (module/user/trap.c), which emulates
 * what it can and hands every other fault to this one. Only
 * async-signal-safe calls after the line is formatted on the stack.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

#include "pe/pe.h"

#include "crash.h"
#include "host.h"

static const char *driver_file = "driver";

static const char *signal_name(int sig)
{
	switch (sig) {
	case SIGSEGV: return "SIGSEGV";
	case SIGBUS: return "SIGBUS";
	case SIGILL: return "SIGILL";
	case SIGFPE: return "SIGFPE";
	default: return "signal";
	}
}

/* "driver.sys+0x1234 in .text", or "0x... outside the driver". */
static void where(const u8 *rip, char *out, size_t len)
{
	struct ndl_image *img = ndl_image_containing(rip);
	const char *sect = "?";
	u32 rva;

	if (!img) {
		snprintf(out, len, "0x%lx outside the driver (runtime or host)",
			 (unsigned long)(uintptr_t)rip);
		return;
	}
	rva = (u32)(rip - img->base);
	for (u32 i = 0; i < img->info.nsections; i++) {
		const struct ndl_pe_section *s = &img->info.sections[i];

		if (rva >= s->rva && rva < s->rva + s->vsize)
			sect = s->name;
	}
	snprintf(out, len, "%s+0x%x in %s", driver_file, rva, sect);
}

static void on_crash(int sig, siginfo_t *si, void *ctx)
{
	const ucontext_t *uc = ctx;
	char at[128], line[256];
	int n;

	if (si->si_code <= 0) {
		/* kill() or sigqueue(): si_addr overlays the sender's pid, and
		 * where the host happened to be says nothing.
		 */
		n = snprintf(line, sizeof(line),
			     "ndisload-host: driver crash: %s sent by process %d (uid %u)\n",
			     signal_name(sig), (int)si->si_pid, (unsigned int)si->si_uid);
	} else {
		where((const u8 *)uc->uc_mcontext.gregs[REG_RIP], at, sizeof(at));
		n = snprintf(line, sizeof(line),
			     "ndisload-host: driver crash: %s (address 0x%lx) at %s\n",
			     signal_name(sig), (unsigned long)(uintptr_t)si->si_addr, at);
	}
	if (n > 0)
		(void)!write(STDERR_FILENO, line, (size_t)n < sizeof(line) ?
			     (size_t)n : sizeof(line) - 1);
	/* Die of it: a fault repeats, a sent signal is raised again. */
	signal(sig, SIG_DFL);
	if (si->si_code <= 0)
		raise(sig);
}

void crash_report_install(const char *sys_name)
{
	static const int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE };
	struct sigaction sa = { .sa_sigaction = on_crash,
				.sa_flags = SA_SIGINFO | SA_NODEFER };
	const char *base = strrchr(sys_name, '/');

	driver_file = base ? base + 1 : sys_name;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
}
