// SPDX-License-Identifier: GPL-2.0-only
/* Link up and DHCP for ndisload's interfaces (see link.h). */
#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/fsutil.h"
#include "lib/jsonx.h"
#include "sys/kmod_ipc.h"
#include "sys/link.h"
#include "lib/paths.h"
#include "lib/spawn.h"
#include "lib/strutil.h"

#define DHCP_DIR	NDL_RUN_DIR "/dhcp"
#define ADDR_WAIT_MS	10000
#define DHCP_ARGV_MAX	16	/* the longest vector (udhcpc) is 13 with its NULL */

static bool exists(const char *fmt, const char *arg)
{
	char path[NDL_PATH_MAX];

	return ndl_path(path, sizeof(path), fmt, arg) && access(path, F_OK) == 0;
}

static bool file_has(const char *path, const char *needle)
{
	char *data = NULL;
	size_t len;
	struct ndl_err e;
	bool r;

	if (fs_read_file(path, 65536, &data, &len, &e))
		return false;
	r = memmem(data, len, needle, strlen(needle)) != NULL;
	free(data);
	return r;
}

/* The pid in our DHCP client's pid file, when that process still lives. */
static pid_t our_client(const char *ifname)
{
	char path[NDL_PATH_MAX], buf[32];
	uint64_t pid;

	if (!ndl_path(path, sizeof(path), DHCP_DIR "/%s.pid", ifname) ||
	    !fs_read_line(path, buf, sizeof(buf)) || !str_to_u64(buf, 4194304, &pid) || pid < 2)
		return 0;
	return kill((pid_t)pid, 0) == 0 || errno == EPERM ? (pid_t)pid : 0;
}

void link_dhcp_stop(const char *ifname)
{
	char path[NDL_PATH_MAX], comm[64];
	pid_t pid = our_client(ifname);

	if (!ndl_path(path, sizeof(path), DHCP_DIR "/%s.pid", ifname))
		return;
	if (pid) {
		char proc[64];

		/* Only our client: the pid may have been reused meanwhile. */
		snprintf(proc, sizeof(proc), "/proc/%d/comm", (int)pid);
		if (fs_read_line(proc, comm, sizeof(comm)) &&
		    (!strcmp(comm, "dhclient") || !strcmp(comm, "udhcpc")))
			kill(pid, SIGTERM);
	}
	unlink(path);
}

const char *link_manager(const char *ifname, int ifindex)
{
	char idx[16], path[NDL_PATH_MAX];

	snprintf(idx, sizeof(idx), "%d", ifindex);
	/* NetworkManager keeps a state file per device it knows. */
	if (ifindex > 0 && ndl_path(path, sizeof(path), "/run/NetworkManager/devices/%s", idx) &&
	    access(path, F_OK) == 0 && !file_has(path, "managed=false"))
		return "NetworkManager";
	if (ifindex > 0 && ndl_path(path, sizeof(path), "/run/systemd/netif/links/%s", idx) &&
	    access(path, F_OK) == 0 && !file_has(path, "ADMIN_STATE=unmanaged"))
		return "systemd-networkd";
	if (exists("/run/network/ifstate.%s", ifname))
		return "ifupdown";
	if (our_client(ifname))
		return "ndisload";
	return NULL;
}

json_object *link_addresses(const char *ifname)
{
	json_object *a = json_object_new_array();
	struct ifaddrs *list, *i;

	if (getifaddrs(&list))
		return a;
	for (i = list; i; i = i->ifa_next) {
		char text[INET6_ADDRSTRLEN + 16], addr[INET6_ADDRSTRLEN];
		const void *src;
		int prefix = 0;
		size_t k;

		if (!i->ifa_addr || strcmp(i->ifa_name, ifname))
			continue;
		if (i->ifa_addr->sa_family == AF_INET) {
			src = &((struct sockaddr_in *)(void *)i->ifa_addr)->sin_addr;
			if (i->ifa_netmask)
				prefix = __builtin_popcount(((struct sockaddr_in *)(void *)i->ifa_netmask)->sin_addr.s_addr);
		} else if (i->ifa_addr->sa_family == AF_INET6) {
			src = &((struct sockaddr_in6 *)(void *)i->ifa_addr)->sin6_addr;
			if (i->ifa_netmask)
				for (k = 0; k < 16; k++)
					prefix += __builtin_popcount(((struct sockaddr_in6 *)(void *)i->ifa_netmask)->sin6_addr.s6_addr[k]);
		} else {
			continue;
		}
		if (!inet_ntop(i->ifa_addr->sa_family, src, addr, sizeof(addr)))
			continue;
		snprintf(text, sizeof(text), "%s/%d", addr, prefix);
		json_object_array_add(a, json_object_new_string(text));
	}
	freeifaddrs(list);
	return a;
}

static bool has_ipv4(const char *ifname)
{
	json_object *a = link_addresses(ifname);
	bool r = false;
	size_t i;

	for (i = 0; i < json_object_array_length(a); i++)
		r |= strchr(json_object_get_string(json_object_array_get_idx(a, i)), ':') == NULL;
	json_object_put(a);
	return r;
}

/* IFNAME is an interface of one of the module's devices (not any interface). */
static int check_ours(const char *ifname, struct ndl_err *err)
{
	struct ndl_device_info *dev;
	size_t n, i;
	bool found = false;

	if (kmod_list_devices(NULL, &dev, &n, err))
		return -1;
	for (i = 0; i < n; i++) {
		dev[i].ifname[sizeof(dev[i].ifname) - 1] = '\0';
		found |= !strcmp(dev[i].ifname, ifname);
	}
	free(dev);
	if (!found) {
		ndl_fail(err, NDL_E_NOT_FOUND, "%s is not an interface of ndisload's drivers", ifname);
		return ndl_hint(err, "'ndisload status' lists them");
	}
	return 0;
}

static int set_up(const char *ifname, struct ndl_err *err)
{
	struct ifreq r;
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), e;

	if (fd < 0)
		return ndl_fail(err, NDL_E_INTERNAL, "socket: %s", strerror(errno));
	memset(&r, 0, sizeof(r));
	str_copy(r.ifr_name, sizeof(r.ifr_name), ifname);
	if (ioctl(fd, SIOCGIFFLAGS, &r) == 0) {
		r.ifr_flags |= IFF_UP;
		if (ioctl(fd, SIOCSIFFLAGS, &r) == 0) {
			close(fd);
			return 0;
		}
	}
	e = errno;
	close(fd);
	ndl_fail(err, e == EPERM ? NDL_E_FORBIDDEN : NDL_E_INTERNAL, "cannot set %s up: %s",
		 ifname, strerror(e));
	return e == EPERM ? ndl_hint(err, "the helper must run as root") : -1;
}

static const char *first_of(const char *const *paths)
{
	for (; *paths; paths++)
		if (access(*paths, X_OK) == 0)
			return *paths;
	return NULL;
}

static const char *first_file(const char *const *paths)
{
	for (; *paths; paths++)
		if (access(*paths, R_OK) == 0)
			return *paths;
	return NULL;
}

/* The argument vector of the first DHCP client installed, or NULL. */
static const char *dhcp_argv(const char *ifname, const char *pidfile, const char *argv[DHCP_ARGV_MAX])
{
	static const char *const dhclient[] = { "/sbin/dhclient", "/usr/sbin/dhclient", NULL };
	static const char *const dhcpcd[] = { "/usr/sbin/dhcpcd", "/sbin/dhcpcd", NULL };
	static const char *const udhcpc[] = { "/sbin/udhcpc", "/usr/sbin/udhcpc", "/bin/udhcpc",
					      "/usr/bin/udhcpc", NULL };
	/* busybox's udhcpc sets nothing itself: the script (Debian's udhcpc package) does. */
	static const char *const script[] = { "/etc/udhcpc/default.script",
					      "/usr/share/udhcpc/default.script", NULL };
	const char *bin, *s;
	size_t n = 0;

	if ((bin = first_of(dhclient))) {
		/* -nw: into the background at once; we watch for the address. */
		argv[n++] = "dhclient";
		argv[n++] = "-4";
		argv[n++] = "-nw";
		argv[n++] = "-pf";
		argv[n++] = pidfile;
	} else if ((bin = first_of(dhcpcd))) {
		argv[n++] = "dhcpcd";
		argv[n++] = "-4";
		argv[n++] = "-b";
	} else if ((bin = first_of(udhcpc)) && (s = first_file(script))) {
		/* -b: background after 4 tries without a lease; it keeps asking. */
		argv[n++] = "udhcpc";
		argv[n++] = "-b";
		argv[n++] = "-t";
		argv[n++] = "4";
		argv[n++] = "-T";
		argv[n++] = "2";
		argv[n++] = "-p";
		argv[n++] = pidfile;
		argv[n++] = "-s";
		argv[n++] = s;
		argv[n++] = "-i";
	} else {
		return NULL;
	}
	argv[n++] = ifname;
	argv[n] = NULL;
	return bin;
}

static int run_client(const char *bin, const char *const *argv, struct ndl_err *err)
{
	int status;

	/* Each client returns once it runs in the background. */
	if (spawn_wait(bin, argv, &status, err))
		return -1;
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return ndl_fail(err, NDL_E_INTERNAL, "the DHCP client %s did not start (exit %d)",
				argv[0], WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	return 0;
}

static void sleep_ms(int ms)
{
	struct timespec t = { ms / 1000, (long)(ms % 1000) * 1000000L };

	while (nanosleep(&t, &t) && errno == EINTR)
		;
}

int link_ifindex(const char *ifname)
{
	char path[NDL_PATH_MAX], buf[32];
	uint64_t v;

	if (!ndl_path(path, sizeof(path), NDL_SYS_DIR "/class/net/%s/ifindex", ifname) ||
	    !fs_read_line(path, buf, sizeof(buf)) || !str_to_u64(buf, 0x7fffffff, &v))
		return 0;
	return (int)v;
}

json_object *link_up(const char *ifname, bool dhcp, struct ndl_err *err)
{
	const char *manager, *bin, *argv[DHCP_ARGV_MAX];
	char dir[NDL_PATH_MAX], pidfile[NDL_PATH_MAX];
	json_object *r;
	int waited;

	if (!name_is_safe_file(ifname) || strlen(ifname) >= IFNAMSIZ)
		return ndl_fail(err, NDL_E_BAD_REQUEST, "bad interface name"), NULL;
	if (check_ours(ifname, err))
		return NULL;
	manager = link_manager(ifname, link_ifindex(ifname));
	if (manager && strcmp(manager, "ndisload")) {
		ndl_fail(err, NDL_E_CONFLICT, "%s manages %s", manager, ifname);
		ndl_hint(err, "configure the interface there (for NetworkManager: nmcli device connect %s)",
			 ifname);
		return NULL;
	}
	if (set_up(ifname, err))
		return NULL;
	r = json_object_new_object();
	jx_add_str(r, "interface", ifname);
	json_object_object_add(r, "up", json_object_new_boolean(true));
	if (!dhcp)
		goto done;
	if (manager) {
		jx_add_str(r, "note", "ndisload's DHCP client already runs on this interface");
		goto done;
	}
	if (!ndl_path(dir, sizeof(dir), DHCP_DIR) ||
	    !ndl_path(pidfile, sizeof(pidfile), DHCP_DIR "/%s.pid", ifname)) {
		json_object_put(r);
		return ndl_fail(err, NDL_E_INTERNAL, "path too long"), NULL;
	}
	bin = dhcp_argv(ifname, pidfile, argv);
	if (!bin) {
		jx_add_str_or_null(r, "dhcp_client", NULL);
		jx_add_str(r, "note", "the link is up, but no DHCP client is installed: install Debian's "
			   "isc-dhcp-client (or dhcpcd-base), or give the interface an address yourself");
		goto done;
	}
	jx_add_str(r, "dhcp_client", argv[0]);
	if (fs_mkdirs(dir, 0700, err) || run_client(bin, argv, err)) {
		json_object_put(r);
		return NULL;
	}
	for (waited = 0; waited < ADDR_WAIT_MS && !has_ipv4(ifname); waited += 100)
		sleep_ms(100);
	if (!has_ipv4(ifname))
		jx_add_str(r, "note", "no DHCP server has answered yet; the client keeps asking in the background");
done:
	json_object_object_add(r, "addresses", link_addresses(ifname));
	return r;
}
