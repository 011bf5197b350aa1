#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The program inside a vendor's self-extracting installer (.run): check the
# system, show the license, install missing packages when allowed, copy
# ndisload into place, build the module with DKMS, install the bundled
# driver and start the services — or, with --uninstall, take it all away.
#
#   ./<vendor>-<product>-<version>.run [options]
#     --accept-license   accept the license terms without asking
#     --install-deps     install missing packages with apt-get without asking
#     --no-deps          never install packages; refuse if some are missing
#     --no-start         install, but start nothing now (next boot does)
#     --uninstall        remove ndisload (drivers and settings are kept)
#     --purge            with --uninstall: also delete drivers, settings,
#                        the web token and the service user
#   makeself's own: --noexec (only extract), --target DIR (extract there),
#   --info, --list, --check.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
info() { sed -n "s/^$1=//p" "$here/info"; }
vendor=$(info vendor) product=$(info product) version=$(info version)
name="$vendor $product"

accept=0 deps=ask start=1 uninstall=0 purge=0
for a in "$@"; do
	case "$a" in
	--accept-license) accept=1 ;;
	--install-deps) deps=yes ;;
	--no-deps) deps=no ;;
	--no-start) start=0 ;;
	--uninstall) uninstall=1 ;;
	--purge) purge=1 ;;
	-h|--help) sed -n '8,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	--version) echo "$name $version (ndisload installer)"; exit 0 ;;
	*) echo "$name installer: unknown option $a (--help lists them)" >&2; exit 2 ;;
	esac
done

say() { echo "$name: $*"; }
refuse() { echo "$name: cannot install: $*" >&2; exit 1; }
interactive() { [ -t 0 ] && [ -t 1 ]; }

[ "$(id -u)" = 0 ] || refuse "run it as root (sudo $0 ...)"

if [ $uninstall = 1 ]; then
	if [ ! -x /usr/lib/ndisload/uninstall.sh ]; then
		say "ndisload is not installed here (no /usr/lib/ndisload/uninstall.sh); nothing to do"
		exit 0
	fi
	if [ $purge = 1 ]; then /usr/lib/ndisload/uninstall.sh --purge
	else /usr/lib/ndisload/uninstall.sh; fi
	say "uninstalled"
	exit 0
fi
[ $purge = 0 ] || refuse "--purge only goes with --uninstall"

# --- Is this a system we support? ---------------------------------------
arch=$(uname -m)
[ "$arch" = x86_64 ] ||
	refuse "this is a $arch system; ndisload runs 64-bit Windows drivers on x86_64 only"
[ -r /etc/os-release ] || refuse "no /etc/os-release: unknown distribution"
os_id=$(sed -n 's/^ID=//p' /etc/os-release | tr -d '"')
os_like=$(sed -n 's/^ID_LIKE=//p' /etc/os-release | tr -d '"')
case " $os_id $os_like " in
*" debian "*) ;;
*) refuse "this installer supports Debian and its derivatives (found '$os_id'); \
build ndisload from source on other distributions" ;;
esac
command -v dpkg-query >/dev/null && command -v apt-get >/dev/null ||
	refuse "dpkg and apt-get are needed and missing"
# Offline: this root is not the running system's (a chroot, an image being
# prepared): install for its next boot, start nothing, build for the
# kernels it has rather than the running one.
offline=0
[ "$(stat -c %d:%i /)" = "$(stat -c %d:%i /proc/1/root/. 2>/dev/null)" ] || offline=1
if [ $offline = 1 ]; then
	[ -x /lib/systemd/systemd ] ||
		refuse "systemd is not installed in this root; ndisload's services need it"
	say "this is not the running system's root: installing for its next boot"
	start=0
else
	[ -d /run/systemd/system ] ||
		refuse "systemd is not the init system here; ndisload's services need it"
fi
if owner=$(dpkg-query -S /usr/lib/ndisload/ndisload-setup 2>/dev/null); then
	refuse "ndisload is installed by the Debian package ${owner%%:*}; remove it first (apt remove ${owner%%:*})"
fi
kver=$(uname -r)

# --- License ------------------------------------------------------------
if [ -f "$here/EULA.txt" ] && [ $accept = 0 ]; then
	if ! interactive; then
		refuse "accept the license terms first: read them with --noexec --target DIR" \
			"(DIR/EULA.txt), then run again with --accept-license"
	fi
	${PAGER:-more} "$here/EULA.txt" || cat "$here/EULA.txt"
	printf 'Do you accept these license terms? [y/N] '
	read -r ans || ans=""
	case "$ans" in y|Y|yes|YES) ;; *) refuse "the license terms were not accepted" ;; esac
fi

# --- Packages -----------------------------------------------------------
headers="linux-headers-$kver"
[ $offline = 0 ] || headers=""
missing=""
for p in $(cat "$here/depends") $headers; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
if [ -n "$missing" ]; then
	say "packages needed:$missing"
	if [ $deps = ask ]; then
		if interactive; then
			printf 'Install them with apt-get now? [Y/n] '
			read -r ans || ans=n
			case "$ans" in ''|y|Y|yes) deps=yes ;; *) deps=no ;; esac
		else
			deps=no
		fi
	fi
	[ $deps = yes ] || refuse "install them (apt-get install$missing) or run again with --install-deps"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq || refuse "apt-get update failed"
	if [ -n "$headers" ] && ! apt-cache show "$headers" >/dev/null 2>&1; then
		refuse "no kernel headers are available for the running kernel $kver" \
			"(install the current kernel, reboot into it, and run again)"
	fi
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $missing ||
		refuse "apt-get could not install:$missing"
fi
if [ $offline = 0 ]; then
	[ -e "/lib/modules/$kver/build/Makefile" ] ||
		refuse "kernel headers for $kver are not in /lib/modules/$kver/build"
else
	ls /lib/modules/*/build/Makefile >/dev/null 2>&1 ||
		refuse "no kernel in this root has its headers (apt-get install linux-headers-amd64)"
fi

# --- Secure Boot --------------------------------------------------------
# With Secure Boot on, the kernel loads only signed modules: DKMS signs with
# its own key (/var/lib/dkms/mok.key), which must be enrolled with mokutil.
sb_enabled() {
	for f in /sys/firmware/efi/efivars/SecureBoot-*; do
		[ -r "$f" ] || continue
		[ "$(od -An -tu1 -j4 -N1 "$f" | tr -d ' ')" = 1 ] && return 0
	done
	return 1
}
signing=0
if [ $offline = 0 ] && sb_enabled; then
	ls /usr/lib/linux-kbuild-*/scripts/sign-file "/lib/modules/$kver/build/scripts/sign-file" \
		>/dev/null 2>&1 && command -v mokutil >/dev/null && command -v openssl >/dev/null ||
		refuse "Secure Boot is on and this system cannot sign kernel modules:" \
			"install mokutil and openssl (apt-get install mokutil openssl) and run again"
	signing=1
fi

# --- Install ------------------------------------------------------------
say "installing ndisload $version"
keep=""
[ ! -e /etc/default/ndisload ] || keep="--exclude=./etc/default/ndisload"
# shellcheck disable=SC2086
tar -C "$here/root" -cf - $keep . | tar -C / -xf - --keep-directory-symlink --no-overwrite-dir
set --
[ $start = 1 ] || set -- --no-start
/usr/lib/ndisload/ndisload-setup configure "$@" ||
	refuse "setup failed (see above); undo with $0 --uninstall"

echo
say "installed."
if [ $start = 1 ]; then
	echo "  Web configurator: http://localhost:8087"
else
	echo "  Web configurator (from the next boot, or systemctl start ndisload-webconf): http://localhost:8087"
fi
echo "  Log in with the token in /etc/ndisload/webconf.token (sudo cat /etc/ndisload/webconf.token)."
echo "  Command line: sudo ndisload status"
echo "  Uninstall: sudo $0 --uninstall   (or sudo /usr/lib/ndisload/uninstall.sh)"
if [ $signing = 1 ] && ! mokutil --test-key /var/lib/dkms/mok.pub >/dev/null 2>&1; then
	echo
	echo "  Secure Boot: enrol DKMS's signing key once so the kernel accepts the module:"
	echo "    sudo mokutil --import /var/lib/dkms/mok.pub   (choose a one-time password)"
	echo "  then reboot and pick 'Enroll MOK' in the blue MOK manager screen."
fi
