#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make uninstall: stop ndisload, unregister the module from DKMS and remove
# every file `make install` put in place (its manifest lists them). Installed
# drivers, settings and the web token stay unless --purge is given.
#
#   installer/uninstall.sh [--purge]            from the source tree
#   $PREFIX/lib/ndisload/uninstall.sh [--purge] the installed copy
#
# Environment: DESTDIR, PREFIX as for install.sh.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
purge=0
for a in "$@"; do
	case "$a" in
	--purge) purge=1 ;;
	-h|--help) sed -n '3,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "uninstall.sh: unknown option $a (see --help)" >&2; exit 2 ;;
	esac
done
destdir=${DESTDIR:-}
destdir=${destdir%/}
if [ -f "$here/manifest" ] && [ -f "$here/paths.sh" ]; then
	libexec=$here                       # the installed copy
else
	. "$here/lib/paths.sh"
	libexec=$ndl_libexecdir
fi
manifest=$destdir$libexec/manifest
die() { echo "uninstall.sh: $*" >&2; exit 1; }

[ -f "$manifest" ] ||
	die "no ndisload installation found ($manifest missing; was it installed with a different PREFIX?)"
[ -n "$destdir" ] || [ "$(id -u)" = 0 ] || die "uninstalling from / needs root (sudo make uninstall)"
if [ -z "$destdir" ] && command -v dpkg-query >/dev/null &&
	pkg=$(dpkg-query -S "$libexec/ndisload-setup" 2>/dev/null); then
	die "ndisload is installed by the Debian package ${pkg%%:*}: use apt remove (or apt purge) ${pkg%%:*}"
fi

if [ -z "$destdir" ]; then
	if [ $purge = 1 ]; then
		"$libexec/ndisload-setup" purge
	else
		"$libexec/ndisload-setup" remove
	fi
fi

list=$(mktemp "${TMPDIR:-/tmp}/ndl-manifest.XXXXXX")
trap 'rm -f "$list"' EXIT
cp "$manifest" "$list"

# Files, then the directories of ours that are left empty (never a shared
# directory such as /usr/local/sbin, even if empty).
while IFS= read -r f; do
	case "$f" in
	/etc/*) [ $purge = 1 ] || continue ;;   # settings stay without --purge
	esac
	rm -f "$destdir$f"
done <"$list"
sed 's|/[^/]*$||' "$list" | sort -u | awk '{ print length($0) " " $0 }' |
	sort -rn | cut -d' ' -f2- | while IFS= read -r d; do
	case "$d/" in
	*/ndisload/*|*/ndisload-[0-9]*/*)
		# Walk up while inside our own directory tree.
		while :; do
			case "$d/" in */ndisload/*|*/ndisload-[0-9]*/*) ;; *) break ;; esac
			rmdir "$destdir$d" 2>/dev/null || break
			d=${d%/*}
		done ;;
	esac
done

if [ -z "$destdir" ]; then
	if [ -d /run/systemd/system ] && command -v systemctl >/dev/null; then
		systemctl daemon-reload || true
	fi
	command -v udevadm >/dev/null && udevadm control --reload 2>/dev/null || true
	if [ $purge = 1 ]; then
		echo "uninstall.sh: ndisload removed, with its drivers, settings and web token"
	else
		echo "uninstall.sh: ndisload removed; drivers and settings kept in" \
			"/var/lib/ndisload and /etc/ndisload (--purge deletes them)"
	fi
fi
