// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload check FILE.sys [--json] [--no-run]: validate a driver image
 * with the runtime's loader, list its imports as supported or missing,
 * and run DriverEntry in a sandboxed child (unprivileged, no new
 * privileges, syscall allowlist, CPU/memory limits, 10 s alarm) to see
 * which miniport it registers. Exit 0 for "ok"/"warn", non-zero for
 * "fail" or an unreadable file.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cmd_check.h"
#include "lib/jsonx.h"

#include "core/driver.h"
#include "host.h"
#include "nt/nt_status.h"

#define MAX_IMAGE (64u << 20)
#define SANDBOX_SECONDS 10
#define LOG_LINES 8

static const char usage[] =
	"Usage: ndisload check [--json] [--no-run] FILE.sys\n"
	"\n"
	"Checks a Windows driver image against this ndisload's runtime: headers,\n"
	"imports (supported or missing, per DLL), inline intrinsics, and - unless\n"
	"--no-run - what DriverEntry registers, run in an unprivileged sandbox.\n"
	"Exit status 0 when the verdict is ok or warn.\n";

/* ---- sandbox ------------------------------------------------------------ */

struct sandbox_result {
	int ran;			/* DriverEntry was called */
	int loaded;
	u32 entry_status;
	u32 bugcheck;
	u64 bug_params[4];
	u32 stubs, stub_calls;
	u32 kusd_refs, cr8_refs, gs_refs;
	struct ndl_miniport_summary mp;
	char load_error[NDL_PE_ERR_LEN];
	u32 nlog;
	char log[LOG_LINES][200];
};

static struct sandbox_result *sb_result;

static void sb_log(enum ndl_log_level level, const char *line, void *ctx)
{
	(void)ctx;
	if (level > NDL_LOG_WARN || sb_result->nlog >= LOG_LINES)
		return;
	snprintf(sb_result->log[sb_result->nlog++], sizeof(sb_result->log[0]),
		 "%s", line);
}

static void sb_start(void *ctx)
{
	struct ndl_driver *drv = ctx;

	sb_result->ran = 1;
	sb_result->entry_status = (u32)ndl_driver_start(drv);
}

/* Syscalls the runtime needs once running; everything else fails EPERM. */
static int sb_seccomp(void)
{
	static const int allow[] = {
		SYS_read, SYS_write, SYS_close, SYS_mmap, SYS_munmap,
		SYS_mprotect, SYS_brk, SYS_madvise, SYS_mremap, SYS_exit,
		SYS_exit_group, SYS_rt_sigreturn, SYS_rt_sigprocmask,
		SYS_rt_sigaction, SYS_clock_gettime, SYS_clock_nanosleep,
		SYS_nanosleep, SYS_getrandom, SYS_futex, SYS_sched_yield,
		SYS_getpid, SYS_gettid, SYS_fstat, SYS_newfstatat, SYS_lseek,
	};
	struct sock_filter f[4 + 2 * (sizeof(allow) / sizeof(allow[0])) + 1];
	struct sock_fprog prog;
	size_t n = 0;

	f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
		offsetof(struct seccomp_data, arch));
	f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
		AUDIT_ARCH_X86_64, 1, 0);
	f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K,
		SECCOMP_RET_KILL_PROCESS);
	f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
		offsetof(struct seccomp_data, nr));
	for (size_t i = 0; i < sizeof(allow) / sizeof(allow[0]); i++) {
		f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
			(unsigned int)allow[i], 0, 1);
		f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K,
			SECCOMP_RET_ALLOW);
	}
	f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K,
		SECCOMP_RET_ERRNO | EPERM);
	prog.len = (unsigned short)n;
	prog.filter = f;
	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
}

/* In the child: give up everything a driver could abuse. */
static int sb_confine(void)
{
	struct rlimit cpu = { SANDBOX_SECONDS, SANDBOX_SECONDS + 1 };
	struct rlimit mem = { 2ull << 30, 2ull << 30 };

	if (geteuid() == 0) {
		if (setgroups(0, NULL) || setgid(65534) || setuid(65534))
			return -1;
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    setrlimit(RLIMIT_CPU, &cpu) || setrlimit(RLIMIT_AS, &mem))
		return -1;
	alarm(SANDBOX_SECONDS);
	return 0;
}

static void sb_child(int fd, const void *image, size_t len, const char *svc)
{
	static struct sandbox_result r;
	struct ndl_load_opts opts = { .bind_stubs = true, .trap_cr8 = true };
	struct ndl_pe_error err;
	struct ndl_driver *drv;
	const char *p = (const char *)&r;
	size_t left = sizeof(r);

	sb_result = &r;
	if (sb_confine()) {
		snprintf(r.load_error, sizeof(r.load_error),
			 "cannot confine the sandbox: %s", strerror(errno));
		goto out;
	}
	if (!getenv("NDL_LOG"))
		ndl_user_log_silence();	/* the report carries the log */
	ndl_user_log_hook(sb_log, NULL);
	if (ndl_user_init()) {
		snprintf(r.load_error, sizeof(r.load_error), "runtime start failed");
		goto out;
	}
	if (sb_seccomp()) {
		snprintf(r.load_error, sizeof(r.load_error),
			 "cannot install the syscall filter: %s", strerror(errno));
		goto out;
	}
	if (ndl_driver_load(image, len, svc, &opts, &drv, &err)) {
		snprintf(r.load_error, sizeof(r.load_error), "%s", err.msg);
		goto out;
	}
	r.loaded = 1;
	r.stubs = drv->image->nstubs;
	r.kusd_refs = drv->image->kusd_refs;
	r.cr8_refs = drv->image->cr8_refs;
	r.gs_refs = drv->image->gs_refs;
	r.bugcheck = ndl_user_call_guarded(sb_start, drv);
	if (r.bugcheck)
		memcpy(r.bug_params, ndl_user_last_bugcheck()->params,
		       sizeof(r.bug_params));
	ndl_user_run_pending();
	r.mp = drv->miniport;
	for (u32 i = 0; i < drv->image->nstubs; i++)
		r.stub_calls += ndl_stub_calls(drv->image->stubs[i]);
	/* No unload: a driver that bug-checked cannot be trusted to. */
out:
	while (left) {
		ssize_t n = write(fd, p, left);

		if (n <= 0)
			break;
		p += n;
		left -= (size_t)n;
	}
	_exit(0);
}

/* Run DriverEntry in a child; 0 with *r filled, or -1 with why in r. */
static int sandbox_run(const void *image, size_t len, const char *svc,
		       struct sandbox_result *r, char *why, size_t why_len)
{
	int fds[2], status;
	size_t got = 0;
	pid_t pid;

	memset(r, 0, sizeof(*r));
	if (pipe2(fds, O_CLOEXEC)) {
		snprintf(why, why_len, "pipe: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		snprintf(why, why_len, "fork: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		sb_child(fds[1], image, len, svc);
	}
	close(fds[1]);
	for (;;) {
		struct pollfd pfd = { fds[0], POLLIN, 0 };
		ssize_t n;

		if (poll(&pfd, 1, (SANDBOX_SECONDS + 5) * 1000) <= 0) {
			kill(pid, SIGKILL);
			break;
		}
		n = read(fds[0], (char *)r + got, sizeof(*r) - got);
		if (n <= 0)
			break;
		got += (size_t)n;
		if (got == sizeof(*r))
			break;
	}
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (got == sizeof(*r))
		return 0;
	if (WIFSIGNALED(status))
		snprintf(why, why_len, "the driver crashed the sandbox (signal %d%s)",
			 WTERMSIG(status), WTERMSIG(status) == SIGALRM ||
			 WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGKILL ?
			 ": DriverEntry did not return in time" : "");
	else
		snprintf(why, why_len, "the sandbox exited without a result");
	return -1;
}

/* ---- report --------------------------------------------------------------- */

static const char *status_name(u32 st)
{
	switch (st) {
	case STATUS_SUCCESS: return "STATUS_SUCCESS";
	case (u32)STATUS_UNSUCCESSFUL: return "STATUS_UNSUCCESSFUL";
	case (u32)STATUS_NOT_IMPLEMENTED: return "STATUS_NOT_IMPLEMENTED";
	case (u32)STATUS_INSUFFICIENT_RESOURCES:
		return "STATUS_INSUFFICIENT_RESOURCES";
	case (u32)STATUS_NO_SUCH_DEVICE: return "STATUS_NO_SUCH_DEVICE";
	case (u32)STATUS_NOT_SUPPORTED: return "STATUS_NOT_SUPPORTED";
	default: return NULL;
	}
}

static json_object *hex(u64 v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)v);
	return json_object_new_string(buf);
}

static void add_reason(json_object *reasons, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void add_reason(json_object *reasons, const char *fmt, ...)
{
	char buf[600];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	json_object_array_add(reasons, json_object_new_string(buf));
}

/* Imports grouped per DLL (case-insensitively), marked supported/missing. */
static json_object *imports_json(const struct ndl_pe_info *in, u32 *missing,
				 bool *ndis6, bool *ndis5, json_object *missing_list)
{
	const struct ndl_dll_set *set = ndl_exports_default();
	json_object *dlls = json_object_new_array();

	*missing = 0;
	for (u32 i = 0; i < in->nimports; i++) {
		const struct ndl_pe_import *imp = &in->imports[i];
		json_object *d = NULL, *list, *e;
		const struct ndl_dll *dll = ndl_dll_find(set, imp->dll);
		const struct ndl_export *x = NULL;
		bool ok;
		char name[16];

		for (size_t k = 0; k < json_object_array_length(dlls); k++) {
			json_object *c = json_object_array_get_idx(dlls, k);

			if (!strcasecmp(jx_str(c, "dll"), imp->dll))
				d = c;
		}
		if (!d) {
			d = json_object_new_object();
			jx_add_str(d, "dll", imp->dll);
			json_object_object_add(d, "provided",
					       json_object_new_boolean(dll != NULL));
			json_object_object_add(d, "imports", json_object_new_array());
			json_object_array_add(dlls, d);
		}
		if (dll)
			x = imp->name ? ndl_dll_export_by_name(dll, imp->name) :
				ndl_dll_export_by_ordinal(dll, imp->ordinal);
		ok = x && x->kind != NDL_EXPORT_TODO;
		snprintf(name, sizeof(name), "#%u", imp->ordinal);
		e = json_object_new_object();
		jx_add_str(e, "name", imp->name ? imp->name : name);
		json_object_object_add(e, "supported", json_object_new_boolean(ok));
		if (!ok) {
			char full[300];

			(*missing)++;
			jx_add_str(e, "status", x ? "known, not implemented" :
				   dll ? "unknown export" : "DLL not provided");
			snprintf(full, sizeof(full), "%s!%s", imp->dll,
				 imp->name ? imp->name : name);
			json_object_array_add(missing_list,
					      json_object_new_string(full));
		}
		json_object_object_get_ex(d, "imports", &list);
		json_object_array_add(list, e);
		if (imp->name && !strcmp(imp->name, "NdisMRegisterMiniportDriver"))
			*ndis6 = true;
		if (imp->name && !strcmp(imp->name, "NdisMRegisterMiniport"))
			*ndis5 = true;
	}
	return dlls;
}

static void add_sandbox(json_object *o, json_object *reasons, int *level,
			const void *image, size_t len, const char *svc)
{
	struct sandbox_result r;
	json_object *sb = json_object_new_object(), *mp, *h, *logs;
	char why[256];

	json_object_object_add(o, "sandbox", sb);
	if (sandbox_run(image, len, svc, &r, why, sizeof(why))) {
		json_object_object_add(sb, "ran", json_object_new_boolean(false));
		jx_add_str(sb, "error", why);
		add_reason(reasons, "sandbox: %s", why);
		*level = 2;
		return;
	}
	json_object_object_add(sb, "ran", json_object_new_boolean(r.ran));
	if (!r.loaded) {
		jx_add_str(sb, "error", r.load_error);
		add_reason(reasons, "sandbox: %s", r.load_error);
		*level = 2;
		return;
	}
	json_object_object_add(sb, "stubs_bound", json_object_new_int((int)r.stubs));
	h = json_object_new_object();
	json_object_object_add(h, "kuser_shared_data", json_object_new_int((int)r.kusd_refs));
	json_object_object_add(h, "cr8", json_object_new_int((int)r.cr8_refs));
	json_object_object_add(h, "gs", json_object_new_int((int)r.gs_refs));
	json_object_object_add(o, "intrinsics", h);
	json_object_object_add(sb, "stub_calls", json_object_new_int((int)r.stub_calls));
	if (r.bugcheck) {
		json_object *b = json_object_new_object();

		json_object_object_add(b, "code", hex(r.bugcheck));
		h = json_object_new_array();
		for (int i = 0; i < 4; i++)
			json_object_array_add(h, hex(r.bug_params[i]));
		json_object_object_add(b, "params", h);
		json_object_object_add(sb, "bugcheck", b);
		add_reason(reasons, "DriverEntry stopped with bug check 0x%08x",
			   r.bugcheck);
		*level = 2;
	} else {
		const char *sn = status_name(r.entry_status);

		json_object_object_add(sb, "driver_entry_status",
				       hex(r.entry_status));
		if (sn)
			jx_add_str(sb, "driver_entry_status_name", sn);
		if ((s32)r.entry_status < 0) {
			add_reason(reasons, "DriverEntry failed with 0x%08x",
				   r.entry_status);
			if (*level < 1)
				*level = 1;
		}
	}
	mp = json_object_new_object();
	json_object_object_add(mp, "registered",
			       json_object_new_boolean(r.mp.registered));
	if (r.mp.registered) {
		char v[16];
		const char *const *names;
		u32 count;

		snprintf(v, sizeof(v), "%u.%u", r.mp.ndis_major, r.mp.ndis_minor);
		jx_add_str(mp, "ndis_version", v);
		jx_add_str(o, "ndis_version", v);
		json_object_object_add(mp, "status", hex(r.mp.status));
		json_object_object_add(mp, "attributes", hex(r.mp.attributes));
		h = json_object_new_array();
		names = ndl_mp_handler_table(&r.mp, &count);
		for (u32 i = 0; i < count; i++)
			if (r.mp.handlers & (1u << i))
				json_object_array_add(h, json_object_new_string(
					names[i]));
		json_object_object_add(mp, "handlers", h);
		if (r.mp.status) {
			r.mp.why[sizeof(r.mp.why) - 1] = 0;
			jx_add_str(mp, "refused", r.mp.why);
			add_reason(reasons, "NDIS %s refused the miniport's characteristics (0x%08x): %s",
				   v, r.mp.status, r.mp.why);
			*level = 2;
		}
	} else if (!r.bugcheck && (s32)r.entry_status >= 0) {
		add_reason(reasons, "DriverEntry registered no miniport");
		if (*level < 1)
			*level = 1;
	}
	json_object_object_add(sb, "miniport", mp);
	logs = json_object_new_array();
	for (u32 i = 0; i < r.nlog && i < LOG_LINES; i++) {
		r.log[i][sizeof(r.log[i]) - 1] = 0;
		json_object_array_add(logs, json_object_new_string(r.log[i]));
	}
	json_object_object_add(sb, "log", logs);
}

json_object *check_driver_report(const char *name, const void *image,
				 size_t len, bool run)
{
	json_object *o = json_object_new_object(), *reasons, *missing_list;
	static const char *const verdicts[] = { "ok", "warn", "fail" };
	struct ndl_pe_info info;
	struct ndl_pe_error err;
	bool ndis5 = false, ndis6 = false;
	u32 missing;
	int level = 0;
	char svc[48];
	const char *base = strrchr(name, '/');

	jx_add_str(o, "file", name);
	reasons = json_object_new_array();
	if (ndl_pe_parse(image, len, &info, &err)) {
		jx_add_str(o, "verdict", "fail");
		jx_add_str(o, "error", err.msg);
		add_reason(reasons, "%s", err.msg);
		json_object_object_add(o, "reasons", reasons);
		return o;
	}
	json_object_object_add(o, "size", json_object_new_int64((int64_t)len));
	jx_add_str(o, "format", "PE32+");
	jx_add_str(o, "machine", "x86_64");
	jx_add_str(o, "subsystem", "native");
	json_object_object_add(o, "image_size",
			       json_object_new_int64(info.size_of_image));
	json_object_object_add(o, "sections", json_object_new_int(info.nsections));
	json_object_object_add(o, "relocations", json_object_new_int64(info.nrelocs));
	json_object_object_add(o, "entry_point", hex(info.entry_rva));
	json_object_object_add(o, "gs_cookie",
			       json_object_new_boolean(info.cookie_rva != 0));
	json_object_object_add(o, "signed", json_object_new_boolean(
		info.dir[NDL_PE_DIR_SECURITY].size != 0));
	json_object_object_add(o, "checksum", hex(info.checksum));
	json_object_object_add(o, "checksum_ok", json_object_new_boolean(
		!info.checksum || info.checksum == info.checksum_actual));
	if (info.checksum && info.checksum != info.checksum_actual) {
		add_reason(reasons, "CheckSum 0x%08x does not match the file (0x%08x): damaged or modified",
			   info.checksum, info.checksum_actual);
		level = 1;
	}
	missing_list = json_object_new_array();
	json_object_object_add(o, "imports",
			       imports_json(&info, &missing, &ndis6, &ndis5,
					    missing_list));
	json_object_object_add(o, "missing", missing_list);
	jx_add_str(o, "ndis_version", ndis6 ? "6.x" : ndis5 ? "5.x" : "none");
	if (missing) {
		add_reason(reasons, "%u import%s the runtime does not provide", missing,
			   missing == 1 ? "" : "s");
		level = 2;
	}
	if (!ndis5 && !ndis6) {
		add_reason(reasons, "imports neither NdisMRegisterMiniport nor NdisMRegisterMiniportDriver: not an NDIS miniport");
		level = 2;
	}
	snprintf(svc, sizeof(svc), "%s", base ? base + 1 : name);
	if (strchr(svc, '.'))
		*strchr(svc, '.') = 0;
	if (run)
		add_sandbox(o, reasons, &level, image, len, svc);
	ndl_pe_info_free(&info);
	jx_add_str(o, "verdict", verdicts[level]);
	json_object_object_add(o, "reasons", reasons);
	return o;
}

/* ---- human output ------------------------------------------------------- */

static void print_human(json_object *o)
{
	json_object *a, *sb, *mp, *v;
	const char *verdict = jx_str(o, "verdict");

	printf("%s: ", jx_str(o, "file"));
	if (jx_str(o, "error")) {
		printf("not a loadable driver\n  %s\n", jx_str(o, "error"));
	} else {
		printf("%s %s %s driver, %lld bytes (image %lld bytes, %lld sections, %lld relocations)\n",
		       jx_str(o, "format"), jx_str(o, "machine"),
		       jx_str(o, "subsystem"), (long long)jx_int(o, "size"),
		       (long long)jx_int(o, "image_size"),
		       (long long)jx_int(o, "sections"),
		       (long long)jx_int(o, "relocations"));
		printf("  NDIS version: %s\n", jx_str(o, "ndis_version"));
		json_object_object_get_ex(o, "imports", &a);
		printf("  imports:\n");
		for (size_t i = 0; a && i < json_object_array_length(a); i++) {
			json_object *d = json_object_array_get_idx(a, i), *l;
			size_t n, bad = 0;

			json_object_object_get_ex(d, "imports", &l);
			n = json_object_array_length(l);
			for (size_t k = 0; k < n; k++)
				bad += !jx_bool(json_object_array_get_idx(l, k),
						"supported");
			printf("    %-14s %3zu, %zu supported", jx_str(d, "dll"), n,
			       n - bad);
			if (bad) {
				printf(", %zu missing:", bad);
				for (size_t k = 0; k < n; k++) {
					json_object *e = json_object_array_get_idx(l, k);

					if (!jx_bool(e, "supported"))
						printf(" %s", jx_str(e, "name"));
				}
			}
			printf("\n");
		}
	}
	if (json_object_object_get_ex(o, "intrinsics", &v))
		printf("  inline intrinsics: KUSER_SHARED_DATA %lld (patched), cr8 %lld, gs: %lld (redirected)\n",
		       (long long)jx_int(v, "kuser_shared_data"),
		       (long long)jx_int(v, "cr8"), (long long)jx_int(v, "gs"));
	if (json_object_object_get_ex(o, "sandbox", &sb)) {
		printf("  sandbox: ");
		if (jx_str(sb, "error"))
			printf("%s\n", jx_str(sb, "error"));
		else if (json_object_object_get_ex(sb, "bugcheck", &v))
			printf("DriverEntry bug-checked (code %s)\n",
			       jx_str(v, "code"));
		else
			printf("DriverEntry returned %s%s%s%s\n",
			       jx_str(sb, "driver_entry_status"),
			       jx_str(sb, "driver_entry_status_name") ? " (" : "",
			       jx_str(sb, "driver_entry_status_name") ?
			       jx_str(sb, "driver_entry_status_name") : "",
			       jx_str(sb, "driver_entry_status_name") ? ")" : "");
		if (json_object_object_get_ex(sb, "miniport", &mp) &&
		    jx_bool(mp, "registered")) {
			printf("    miniport: NDIS %s characteristics; handlers:",
			       jx_str(mp, "ndis_version"));
			json_object_object_get_ex(mp, "handlers", &a);
			for (size_t i = 0; a && i < json_object_array_length(a); i++)
				printf(" %s", json_object_get_string(
					json_object_array_get_idx(a, i)));
			printf("\n");
		}
	}
	printf("  verdict: %s\n", verdict);
	json_object_object_get_ex(o, "reasons", &a);
	for (size_t i = 0; a && i < json_object_array_length(a); i++)
		printf("    - %s\n", json_object_get_string(json_object_array_get_idx(a, i)));
}

static void *read_image(const char *path, size_t *len, struct ndl_err *err)
{
	struct stat st;
	void *buf = NULL;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		ndl_fail(err, errno == ENOENT ? NDL_E_NOT_FOUND : NDL_E_INTERNAL,
			 "cannot open %s: %s", path, strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		ndl_fail(err, NDL_E_INVALID, "%s is not a regular file", path);
	} else if (st.st_size > MAX_IMAGE) {
		ndl_fail(err, NDL_E_TOO_LARGE, "%s is %lld bytes: larger than any driver (limit %u)",
			 path, (long long)st.st_size, MAX_IMAGE);
	} else if (!(buf = malloc((size_t)st.st_size + 1))) {
		ndl_fail(err, NDL_E_INTERNAL, "out of memory");
	} else if ((n = read(fd, buf, (size_t)st.st_size)) != st.st_size) {
		ndl_fail(err, NDL_E_INTERNAL, "cannot read %s: %s", path,
			 n < 0 ? strerror(errno) : "short read");
		free(buf);
		buf = NULL;
	} else {
		*len = (size_t)st.st_size;
	}
	close(fd);
	return buf;
}

int cmd_check(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "no-run", no_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool json = false, run = true;
	struct ndl_err err;
	json_object *o;
	size_t len = 0;
	void *image;
	int c, rc;

	optind = 1;
	while ((c = cli_getopt("check", argc, argv, "", opts)) != -1) {
		switch (c) {
		case 'j': json = true; break;
		case 'n': run = false; break;
		case 'h': return cli_help(usage);
		default: return 2;
		}
	}
	if (optind != argc - 1)
		return cli_usage_error("check", optind >= argc ?
				       "no driver file given" :
				       "one driver file at a time");
	image = read_image(argv[optind], &len, &err);
	if (!image)
		return cli_error("check", &err);
	o = check_driver_report(argv[optind], image, len, run);
	free(image);
	rc = strcmp(jx_str(o, "verdict"), "fail") ? 0 :
	     ndl_code_exit(NDL_E_INVALID);
	if (json)
		cli_print_json(o);
	else {
		print_human(o);
		json_object_put(o);
	}
	return rc;
}
