// SPDX-License-Identifier: GPL-2.0-only
/* wpa_supplicant per wireless interface: start, stop, requests, events. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <wpa_ctrl.h>

#include "lib/fsutil.h"
#include "lib/paths.h"
#include "lib/spawn.h"
#include "lib/strutil.h"
#include "wifi/wifi_supp.h"

#define CTRL_DIR	NDL_RUN_DIR "/wpa_supplicant"
#define START_WAIT_MS	8000

static bool run_file(char *out, size_t size, const char *ifname, const char *ext)
{
	return ndl_path(out, size, NDL_RUN_DIR "/wpa_supplicant-%s.%s", ifname, ext);
}

static const char *supplicant_binary(void)
{
	static const char *const where[] = {
		"/usr/sbin/wpa_supplicant", "/sbin/wpa_supplicant",
		"/usr/bin/wpa_supplicant",
	};
	const char *env = getenv("NDISLOAD_WPA_SUPPLICANT");
	size_t i;

	if (env && *env)
		return env;
	for (i = 0; i < sizeof(where) / sizeof(where[0]); i++)
		if (!access(where[i], X_OK))
			return where[i];
	return NULL;
}

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* A control connection to IFACE's socket, or NULL if none answers. */
static struct wpa_ctrl *ctrl_connect(const char *ifname)
{
	char path[NDL_PATH_MAX], cli[NDL_PATH_MAX], reply[32];
	size_t len = sizeof(reply) - 1;
	struct wpa_ctrl *c;

	if (!ndl_path(path, sizeof(path), CTRL_DIR "/%s", ifname) ||
	    !ndl_path(cli, sizeof(cli), CTRL_DIR))
		return NULL;
	/* Our client sockets go to the private directory, not /tmp. */
	c = wpa_ctrl_open2(path, cli);
	if (!c)
		return NULL;
	if (wpa_ctrl_request(c, "PING", 4, reply, &len, NULL) || len < 4 ||
	    memcmp(reply, "PONG", 4)) {
		wpa_ctrl_close(c);
		return NULL;
	}
	return c;
}

/* The files wpa_supplicant reads: no network in it, only the socket. */
static int write_config(const char *ifname, const char *path,
			struct ndl_err *err)
{
	char dir[NDL_PATH_MAX], text[NDL_PATH_MAX + 128];
	int n;

	if (!ndl_path(dir, sizeof(dir), CTRL_DIR))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	n = snprintf(text, sizeof(text),
		     "# wpa_supplicant for %s, run by ndisload; networks come over\n"
		     "# the control socket from /etc/ndisload/wireless/%s.conf.\n"
		     "ctrl_interface=%s\nupdate_config=0\np2p_disabled=1\n",
		     ifname, ifname, dir);
	return fs_write_atomic(path, text, (size_t)n, 0600, err);
}

static int start(const char *ifname, struct ndl_err *err)
{
	char conf[NDL_PATH_MAX], pid[NDL_PATH_MAX], log[NDL_PATH_MAX], dir[NDL_PATH_MAX];
	const char *bin = supplicant_binary();
	int status;

	if (!bin) {
		ndl_fail(err, NDL_E_INTERNAL, "wpa_supplicant is not installed");
		return ndl_hint(err, "install Debian's wpasupplicant package");
	}
	if (!ndl_path(dir, sizeof(dir), CTRL_DIR) || !run_file(conf, sizeof(conf), ifname, "conf") ||
	    !run_file(pid, sizeof(pid), ifname, "pid") || !run_file(log, sizeof(log), ifname, "log"))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	if (fs_mkdirs(dir, 0700, err) || chmod(dir, 0700) || write_config(ifname, conf, err))
		return err->code ? -1 : ndl_fail(err, NDL_E_INTERNAL, "%s: %s", dir, strerror(errno));
	/* -B: it returns once the interface is set up, or why not. */
	if (spawn_wait(bin, (const char *const[]){ "wpa_supplicant", "-B", "-Dnl80211", "-i", ifname,
						  "-c", conf, "-P", pid, "-f", log, NULL },
		       &status, err))
		return -1;
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		ndl_fail(err, NDL_E_INTERNAL, "wpa_supplicant did not start on %s (exit %d)",
			 ifname, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		return ndl_hint(err, "its log is %s", log);
	}
	return 0;
}

int wifi_supp_open(struct wifi_supp *s, const char *ifname, struct ndl_err *err)
{
	int waited;

	memset(s, 0, sizeof(*s));
	if (!str_copy(s->ifname, sizeof(s->ifname), ifname))
		return ndl_fail(err, NDL_E_BAD_REQUEST, "interface name too long");
	s->ctrl = ctrl_connect(ifname);
	if (s->ctrl)
		return 0;
	/* A stale one (interface gone and back) is replaced. */
	wifi_supp_stop(ifname);
	if (start(ifname, err))
		return -1;
	for (waited = 0; waited < START_WAIT_MS; waited += 100) {
		s->ctrl = ctrl_connect(ifname);
		if (s->ctrl)
			return 0;
		sleep_ms(100);
	}
	return ndl_fail(err, NDL_E_INTERNAL,
			"wpa_supplicant on %s does not answer on its control socket", ifname);
}

void wifi_supp_close(struct wifi_supp *s)
{
	if (s->mon) {
		wpa_ctrl_detach(s->mon);
		wpa_ctrl_close(s->mon);
	}
	if (s->ctrl)
		wpa_ctrl_close(s->ctrl);
	s->ctrl = s->mon = NULL;
}

/* The pid in the pid file, if that process is a wpa_supplicant. */
static pid_t running_pid(const char *pidfile)
{
	char buf[32], comm[NDL_PATH_MAX], name[64];
	int64_t v;

	if (!fs_read_line(pidfile, buf, sizeof(buf)) || !str_to_i64(buf, 2, INT32_MAX, &v))
		return 0;
	snprintf(comm, sizeof(comm), "/proc/%lld/comm", (long long)v);
	if (!fs_read_line(comm, name, sizeof(name)) || strcmp(name, "wpa_supplicant"))
		return 0;
	return (pid_t)v;
}

void wifi_supp_stop(const char *ifname)
{
	char pidfile[NDL_PATH_MAX], path[NDL_PATH_MAX];
	struct wpa_ctrl *c = ctrl_connect(ifname);
	pid_t pid;
	int waited;

	if (!run_file(pidfile, sizeof(pidfile), ifname, "pid"))
		return;
	pid = running_pid(pidfile);
	if (c) {
		char reply[16];
		size_t len = sizeof(reply);

		wpa_ctrl_request(c, "TERMINATE", 9, reply, &len, NULL);
		wpa_ctrl_close(c);
	} else if (pid) {
		kill(pid, SIGTERM);
	}
	for (waited = 0; pid && waited < 3000 && !kill(pid, 0); waited += 50)
		sleep_ms(50);
	if (pid && !kill(pid, 0))
		kill(pid, SIGKILL);
	unlink(pidfile);
	if (ndl_path(path, sizeof(path), CTRL_DIR "/%s", ifname))
		unlink(path);
}

int wifi_supp_request(struct wifi_supp *s, const char *cmd, char *out,
		      size_t size, struct ndl_err *err)
{
	size_t len = size - 1;
	int ret = wpa_ctrl_request(s->ctrl, cmd, strlen(cmd), out, &len, NULL);
	const char *sp;

	if (ret) {
		out[0] = '\0';
		return ndl_fail(err, NDL_E_INTERNAL, "wpa_supplicant on %s %s",
				s->ifname, ret == -2 ? "did not answer in time" :
				"cannot be reached");
	}
	out[len] = '\0';
	if (!strncmp(out, "FAIL", 4)) {
		/* Name the request, never its value (it may be a key). */
		sp = strchr(cmd, ' ');
		return ndl_fail(err, NDL_E_INTERNAL, "wpa_supplicant refused %.*s (%.*s)",
				sp ? (int)(sp - cmd) : (int)strlen(cmd), cmd,
				(int)strcspn(out, "\n"), out);
	}
	return 0;
}

int wifi_supp_ok(struct wifi_supp *s, const char *cmd, struct ndl_err *err)
{
	char reply[64];

	if (wifi_supp_request(s, cmd, reply, sizeof(reply), err))
		return -1;
	if (strncmp(reply, "OK", 2))
		return ndl_fail(err, NDL_E_INTERNAL, "wpa_supplicant answered %.32s to %.32s",
				reply, cmd);
	return 0;
}

int wifi_supp_attach(struct wifi_supp *s, struct ndl_err *err)
{
	char path[NDL_PATH_MAX], cli[NDL_PATH_MAX];

	if (s->mon)
		return 0;
	if (!ndl_path(path, sizeof(path), CTRL_DIR "/%s", s->ifname) ||
	    !ndl_path(cli, sizeof(cli), CTRL_DIR))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	s->mon = wpa_ctrl_open2(path, cli);
	if (!s->mon || wpa_ctrl_attach(s->mon)) {
		if (s->mon)
			wpa_ctrl_close(s->mon);
		s->mon = NULL;
		return ndl_fail(err, NDL_E_INTERNAL,
				"cannot listen to wpa_supplicant's events on %s", s->ifname);
	}
	return 0;
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int wifi_supp_wait(struct wifi_supp *s, const char *const *needles,
		   int timeout_ms, char *out, size_t size)
{
	long long end = now_ms() + timeout_ms;
	struct pollfd p = { .fd = wpa_ctrl_get_fd(s->mon), .events = POLLIN };
	int i;

	for (;;) {
		long long left = end - now_ms();
		size_t len = size - 1;

		if (left <= 0 || poll(&p, 1, (int)left) <= 0)
			return -1;
		if (wpa_ctrl_recv(s->mon, out, &len))
			return -1;
		out[len] = '\0';
		for (i = 0; needles[i]; i++)
			if (strstr(out, needles[i]))
				return i;
	}
}

const char *wifi_kv(const char *reply, const char *key, char *out, size_t size)
{
	size_t klen = strlen(key);
	const char *p = reply;

	out[0] = '\0';
	while (p && *p) {
		if (!strncmp(p, key, klen) && p[klen] == '=') {
			size_t n = strcspn(p + klen + 1, "\n");

			if (n >= size)
				n = size - 1;
			memcpy(out, p + klen + 1, n);
			out[n] = '\0';
			break;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return out;
}

bool wifi_supp_log_last(const char *ifname, const char *needle, char *out,
			size_t size)
{
	char path[NDL_PATH_MAX], *data = NULL, *line, *found = NULL;
	size_t len = 0, n;
	struct ndl_err err;
	int fd;
	off_t end;

	if (!run_file(path, sizeof(path), ifname, "log"))
		return false;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return false;
	/* The last 64 KiB is plenty for the latest events. */
	end = lseek(fd, 0, SEEK_END);
	lseek(fd, end > 65536 ? end - 65536 : 0, SEEK_SET);
	if (fs_read_fd(fd, 65536, path, &data, &len, &err)) {
		close(fd);
		return false;
	}
	close(fd);
	for (line = strtok(data, "\n"); line; line = strtok(NULL, "\n"))
		if (strstr(line, needle))
			found = line;
	if (found) {
		n = strlen(found) < size ? strlen(found) : size - 1;
		memcpy(out, found, n);
		out[n] = '\0';
	}
	free(data);
	return found != NULL;
}
