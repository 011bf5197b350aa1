// SPDX-License-Identifier: GPL-2.0-only
/* Running and supervising ndisload-host for one device (see iso_run.h). */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "host/exit_status.h"
#include "lib/fsutil.h"
#include "lib/jsonx.h"
#include "lib/paths.h"
#include "lib/spawn.h"
#include "lib/strutil.h"
#include "sys/isolated.h"
#include "sys/iso_run.h"
#include "sys/iso_unit.h"

#define MEMLOCK		(64UL << 20)	/* as the unit's LimitMEMLOCK= */
#define START_LIMIT	5		/* starts per START_WINDOW, as StartLimitBurst= */
#define START_WINDOW	60
#define RESTART_DELAY	2
#define LOG_MAX		(1 << 20)

bool iso_run_systemd(void)
{
	return access("/run/systemd/system", F_OK) == 0;
}

static bool run_path(char *out, size_t size, const char *dev, const char *ext)
{
	return ndl_path(out, size, ISO_RUN_DIR "/%s.%s", dev, ext);
}

static int systemctl(const char *verb, const char *dev)
{
	char unit[96];
	const char *argv[] = { ISO_SYSTEMCTL, "--quiet", verb, unit, NULL };
	struct ndl_err e;
	int st;

	snprintf(unit, sizeof(unit), "ndisload-host@%s.service", dev);
	if (spawn_wait(ISO_SYSTEMCTL, argv, &st, &e))
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* ndisload-host beside this program (a build, the VM) or in its libexec directory. */
static bool host_bin(char *out, size_t size)
{
	static const char *const rel[] = { "/ndisload-host", "/../lib/ndisload/ndisload-host" };
	char self[NDL_PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	size_t i;

	if (n <= 0)
		return false;
	self[n] = 0;
	*strrchr(self, '/') = 0;
	for (i = 0; i < sizeof(rel) / sizeof(rel[0]); i++)
		if ((size_t)snprintf(out, size, "%s%s", self, rel[i]) < size && !access(out, X_OK))
			return true;
	return false;
}

static volatile sig_atomic_t stopping;

static void on_term(int sig)
{
	(void)sig;
	stopping = 1;
}

static void write_state(const char *dev, const char *state, pid_t pid, int restarts,
			const char *last)
{
	char path[NDL_PATH_MAX], buf[512];
	struct ndl_err e;
	int n;

	n = snprintf(buf, sizeof(buf), "state %s\npid %d\nrestarts %d\nexit %s\n",
		     state, (int)pid, restarts, last[0] ? last : "-");
	if (run_path(path, sizeof(path), dev, "state"))
		fs_write_atomic(path, buf, (size_t)n, 0644, &e);
}

/* The host process: the log as stdout/stderr, then no privileges at all. */
static void exec_host(const char *bin, const char *dev, const char *conf,
		      const struct passwd *pw, int logfd)
{
	const char *argv[] = { bin, "--device", dev, "--conf", conf, NULL };
	struct rlimit rl = { MEMLOCK, MEMLOCK };
	int fd = open("/dev/null", O_RDONLY);

	dup2(fd, 0);
	dup2(logfd, 1);
	dup2(logfd, 2);
	for (fd = 3; fd < 1024; fd++)
		close(fd);
	signal(SIGTERM, SIG_DFL);
	if (setrlimit(RLIMIT_MEMLOCK, &rl) || setgroups(0, NULL) ||
	    setgid(pw->pw_gid) || setuid(pw->pw_uid) || !getuid() ||
	    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) {
		fprintf(stderr, "ndisload: cannot drop privileges for the driver host: %s\n",
			strerror(errno));
		_exit(126);
	}
	execv(bin, (char *const *)argv);
	fprintf(stderr, "ndisload: cannot run %s: %s\n", bin, strerror(errno));
	_exit(127);
}

static void describe(int st, char *out, size_t size)
{
	if (WIFSIGNALED(st))
		snprintf(out, size, "signal %d (SIG%s)", WTERMSIG(st), sigabbrev_np(WTERMSIG(st)) ?
			 sigabbrev_np(WTERMSIG(st)) : "?");
	else
		snprintf(out, size, "status %d", WEXITSTATUS(st));
}

static int open_log(const char *dev)
{
	char path[NDL_PATH_MAX];
	struct stat st;
	int flags = O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW;

	if (!run_path(path, sizeof(path), dev, "log"))
		return -1;
	if (!stat(path, &st) && st.st_size > LOG_MAX)
		flags |= O_TRUNC;
	return open(path, flags, 0640);
}

/*
 * Waits for the host, passing a stop on to it once. Polled: a SIGTERM
 * between the fork and a blocking waitpid() would not interrupt it, and
 * the host would outlive its supervisor holding the device and the TAP.
 */
static void wait_host(pid_t pid, int *st)
{
	bool told = false;

	while (waitpid(pid, st, WNOHANG) != pid) {
		if (stopping && !told) {
			kill(pid, SIGTERM);
			told = true;
		}
		usleep(50 * 1000);
	}
}

/*
 * Restart=on-failure with StartLimitBurst=5 in 60 s and
 * RestartPreventExitStatus=2 3, as the unit has it.
 */
static void supervise(const char *bin, const char *dev, const char *conf,
		      const struct passwd *pw)
{
	struct sigaction sa = { .sa_handler = on_term };
	time_t starts[START_LIMIT] = { 0 };
	char last[96] = "";
	int restarts = 0, nstart = 0, st, logfd;
	pid_t pid;

	sigaction(SIGTERM, &sa, NULL);
	signal(SIGINT, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	for (;;) {
		time_t now = time(NULL);

		if (nstart >= START_LIMIT && now - starts[nstart % START_LIMIT] < START_WINDOW) {
			write_state(dev, "failed", 0, restarts, last);
			return;
		}
		starts[nstart++ % START_LIMIT] = now;
		logfd = open_log(dev);
		pid = fork();
		if (!pid)
			exec_host(bin, dev, conf, pw, logfd);
		if (logfd >= 0)
			close(logfd);
		if (pid < 0) {
			write_state(dev, "failed", 0, restarts, "fork failed");
			return;
		}
		write_state(dev, "running", pid, restarts, last);
		wait_host(pid, &st);
		if (!stopping && WIFEXITED(st) &&
		    (WEXITSTATUS(st) == NDL_HOST_EXIT_REFUSED || WEXITSTATUS(st) == NDL_HOST_EXIT_USAGE)) {
			/* The device cannot be isolated, or the options are bad: again would be the same. */
			describe(st, last, sizeof(last));
			write_state(dev, WEXITSTATUS(st) == NDL_HOST_EXIT_REFUSED ? "refused" : "failed",
				    0, restarts, last);
			return;
		}
		if (!stopping && WIFEXITED(st) && WEXITSTATUS(st) == NDL_HOST_EXIT_STOPPED)
			stopping = 1;
		if (!stopping) {
			describe(st, last, sizeof(last));
			restarts++;
			write_state(dev, "restarting", 0, restarts, last);
			sleep(RESTART_DELAY);
		}
		if (stopping) {
			write_state(dev, "stopped", 0, restarts, last);
			return;
		}
	}
}

/* The supervisor's pid, when it is one of ours (pid files outlive reboots of it). */
static pid_t supervisor_pid(const char *dev)
{
	char path[NDL_PATH_MAX], buf[32], exe[NDL_PATH_MAX], self[NDL_PATH_MAX];
	ssize_t a, b;
	long pid;

	if (!run_path(path, sizeof(path), dev, "pid") || !fs_read_line(path, buf, sizeof(buf)))
		return 0;
	pid = strtol(buf, NULL, 10);
	if (pid <= 1)
		return 0;
	snprintf(path, sizeof(path), "/proc/%ld/exe", pid);
	a = readlink(path, exe, sizeof(exe) - 1);
	b = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (a <= 0 || a != b || memcmp(exe, self, (size_t)a))
		return 0;
	return (pid_t)pid;
}

int iso_run_start(const char *dev, const struct passwd *pw, struct ndl_err *err)
{
	char bin[NDL_PATH_MAX], conf[NDL_PATH_MAX], pidf[NDL_PATH_MAX], buf[32];
	pid_t c;
	int i, st;

	if (iso_run_systemd()) {
		char etc[NDL_PATH_MAX];

		/*
		 * The unit hides the helper's configuration from the host
		 * (InaccessiblePaths=-/etc/ndisload), but systemd skips a path
		 * missing when it sets up the host's namespace: the binding
		 * saved after this start would then create the directory in
		 * the host's view. Installs create it (tmpfiles.d); make sure.
		 */
		if (!ndl_path(etc, sizeof(etc), NDL_CONF_DIR))
			return ndl_fail(err, NDL_E_INTERNAL, "path too long");
		if (fs_mkdirs(etc, 0755, err))
			return -1;
		if (systemctl("restart", dev))
			return ndl_fail(err, NDL_E_INTERNAL, "ndisload-host@%s.service did not start", dev),
			       ndl_hint(err, "journalctl -u ndisload-host@%s.service shows why", dev);
		return 0;
	}
	if (!host_bin(bin, sizeof(bin)))
		return ndl_fail(err, NDL_E_INTERNAL, "ndisload-host is not installed beside ndisload");
	if (!run_path(conf, sizeof(conf), dev, "conf") || !run_path(pidf, sizeof(pidf), dev, "pid"))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	unlink(pidf);
	c = fork();
	if (c < 0)
		return ndl_fail(err, NDL_E_INTERNAL, "fork: %s", strerror(errno));
	if (!c) {
		struct ndl_err e;
		int fd;

		/* Detached from the caller (a CLI, the serve loop) and its descriptors. */
		setsid();
		if (fork())
			_exit(0);
		fd = open("/dev/null", O_RDWR);
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		for (fd = 3; fd < 1024; fd++)
			close(fd);
		prctl(PR_SET_NAME, "ndisload-sup", 0, 0, 0);
		st = snprintf(buf, sizeof(buf), "%d\n", (int)getpid());
		if (fs_write_atomic(pidf, buf, (size_t)st, 0644, &e))
			_exit(1);
		supervise(bin, dev, conf, pw);
		unlink(pidf);
		_exit(0);
	}
	waitpid(c, &st, 0);
	for (i = 0; i < 50 && !supervisor_pid(dev); i++)
		usleep(100 * 1000);
	if (!supervisor_pid(dev))
		return ndl_fail(err, NDL_E_INTERNAL, "the driver host's supervisor did not start");
	return 0;
}

void iso_run_stop(const char *dev)
{
	char path[NDL_PATH_MAX];
	pid_t pid;
	int i;

	if (iso_run_systemd()) {
		systemctl("stop", dev);
		return;
	}
	pid = supervisor_pid(dev);
	if (!pid)
		return;
	kill(pid, SIGTERM);
	/* The host halts the adapter on SIGTERM; the unit allows 15 s. */
	for (i = 0; i < 200 && !kill(pid, 0); i++)
		usleep(100 * 1000);
	if (!kill(pid, 0)) {
		/* A host that does not stop: it goes with its supervisor. */
		json_object *s = iso_run_state(dev);

		if (jx_int(s, "pid") > 1)
			kill((pid_t)jx_int(s, "pid"), SIGKILL);
		json_object_put(s);
		kill(pid, SIGKILL);
	}
	if (run_path(path, sizeof(path), dev, "pid"))
		unlink(path);
}

/* The host's last crash line, and its refusal when it refused: from its log. */
static void log_lines(const char *dev, json_object *r)
{
	char path[NDL_PATH_MAX], *data = NULL;
	struct ndl_err e;
	size_t len;

	if (!run_path(path, sizeof(path), dev, "log") || fs_read_file(path, LOG_MAX * 2, &data, &len, &e))
		return;
	iso_last_line(data, "driver crash: ", r, "last_crash");
	if (!strcmp(jx_str(r, "state"), "refused"))
		iso_last_line(data, NDL_HOST_REFUSED_LINE, r, "refusal");
	free(data);
}

void iso_last_line(const char *text, const char *tag, json_object *r, const char *key)
{
	const char *p, *hit = NULL;

	for (p = text; (p = strstr(p, tag)); p++)
		hit = p;
	if (hit) {
		char *line = strndup(hit + strlen(tag), strcspn(hit + strlen(tag), "\n"));

		if (line)
			jx_add_str(r, key, line);
		free(line);
	}
}

json_object *iso_run_state(const char *dev)
{
	json_object *r = json_object_new_object();
	char path[NDL_PATH_MAX], *data = NULL, state[16] = "stopped", last[96] = "";
	struct ndl_err e;
	int pid = 0, restarts = 0;
	size_t len;
	char *p;

	if (iso_run_systemd()) {
		json_object_put(r);
		return iso_unit_state(dev);
	}
	if (run_path(path, sizeof(path), dev, "state") && !fs_read_file(path, 4096, &data, &len, &e)) {
		sscanf(data, "state %15s\npid %d\nrestarts %d\n", state, &pid, &restarts);
		p = strstr(data, "\nexit ");
		if (p && sscanf(p + 6, "%95[^\n]", last) == 1 && !strcmp(last, "-"))
			last[0] = 0;
		free(data);
	}
	if (!supervisor_pid(dev) && strcmp(state, "failed") && strcmp(state, "refused"))
		str_copy(state, sizeof(state), "stopped");
	jx_add_str(r, "state", state);
	if (!strcmp(state, "running"))
		json_object_object_add(r, "pid", json_object_new_int(pid));
	json_object_object_add(r, "restarts", json_object_new_int(restarts));
	if (last[0])
		jx_add_str(r, "last_exit", last);
	log_lines(dev, r);
	return r;
}
