#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make install: put the built ndisload into place and, unless staging into
# DESTDIR, register the module with DKMS and enable the services.
#
#   installer/install.sh [--brand DIR] [--no-dkms] [--no-start]
#
# Environment: DESTDIR (staging root: files only, nothing registered or
# started), PREFIX (default /usr/local), BUILD (default build/),
# NDL_GZIP_MAN=1 (compress man pages, as Debian packages want).
# Every installed path is listed in $PREFIX/lib/ndisload/manifest, which
# uninstall.sh reads.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$top/build}
. "$top/installer/lib/paths.sh"
. "$top/installer/lib/brand.sh"
version=$(cat "$top/VERSION")
destdir=${DESTDIR:-}
destdir=${destdir%/}
brand=${BRAND:-} dkms=1 start=1
while [ $# -gt 0 ]; do
	case "$1" in
	--brand) brand=$2; shift ;;
	--no-dkms) dkms=0 ;;
	--no-start) start=0 ;;
	-h|--help) sed -n '3,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
	esac
	shift
done

die() { echo "install.sh: $*" >&2; exit 1; }
[ -n "$destdir" ] || [ "$(id -u)" = 0 ] ||
	die "installing into / needs root (sudo make install), or stage with DESTDIR=DIR"
for p in ndisload ndisload-webconf; do
	[ -x "$build/bin/$p" ] || die "$build/bin/$p is not built; run make first"
done
if [ -n "$brand" ]; then
	ndl_brand_load "$brand" || exit 1
fi

manifest_tmp=$(mktemp "${TMPDIR:-/tmp}/ndl-manifest.XXXXXX")
trap 'rm -f "$manifest_tmp"' EXIT

# put MODE SRC DEST: install one file at DEST (an absolute path without
# DESTDIR) and record it.
put() {
	install -D -m "$1" "$2" "$destdir$3"
	echo "$3" >>"$manifest_tmp"
}
# subst SRC: a template with the installation paths filled in, on stdout.
subst() {
	sed -e "s|@VERSION@|$version|g" -e "s|@SBINDIR@|$ndl_sbindir|g" \
		-e "s|@BINDIR@|$ndl_bindir|g" -e "s|@LIBEXECDIR@|$ndl_libexecdir|g" \
		-e "s|@DATADIR@|$ndl_datadir|g" -e "s|@WWWDIR@|$ndl_wwwdir|g" \
		-e "s|@SYSUSERSDIR@|$ndl_sysusersdir|g" -e "s|@TMPFILESDIR@|$ndl_tmpfilesdir|g" \
		-e "/@PURGE_FUNCTIONS@/{r $top/installer/files/purge.sh" -e "d}" "$1"
}
gen() { # MODE TEMPLATE DEST
	tmp=$(mktemp "${TMPDIR:-/tmp}/ndl-gen.XXXXXX")
	subst "$2" >"$tmp"
	put "$1" "$tmp" "$3"
	rm -f "$tmp"
}

# Programs.
put 0755 "$build/bin/ndisload" "$ndl_sbindir/ndisload"
put 0755 "$build/bin/ndisload-webconf" "$ndl_sbindir/ndisload-webconf"
[ -x "$build/bin/ndisload-license" ] &&
	put 0755 "$build/bin/ndisload-license" "$ndl_bindir/ndisload-license"
# Isolated mode's driver host, started by ndisload-host@.service.
put 0755 "$build/bin/ndisload-host" "$ndl_libexecdir/ndisload-host"
gen 0755 "$top/installer/files/ndisload-setup.in" "$ndl_libexecdir/ndisload-setup"
put 0755 "$top/installer/uninstall.sh" "$ndl_libexecdir/uninstall.sh"
put 0644 "$top/installer/lib/paths.sh" "$ndl_libexecdir/paths.sh"
# bash completion, one file per command (the loader looks a command up by name).
put 0644 "$top/installer/files/bash-completion/ndisload" "$ndl_bashcompdir/ndisload"
[ -x "$build/bin/ndisload-license" ] &&
	put 0644 "$top/installer/files/bash-completion/ndisload" "$ndl_bashcompdir/ndisload-license"

# Web pages (as built, if webconf's build produces them, else the sources).
www=$build/www
[ -d "$www" ] || www=$top/www
if [ -d "$www" ]; then
	(cd "$www" && find . -type f ! -name '*~' | sort) | while read -r f; do
		put 0644 "$www/$f" "$ndl_wwwdir/${f#./}"
	done
fi

# Man pages: every helper/webconf/licensing page that exists.
for m in $(find "$top/helper" "$top/webconf" "$top/licensing" -maxdepth 2 \
	-type f -name '*.[1-8]' 2>/dev/null | sort); do
	sec=${m##*.}
	if [ "${NDL_GZIP_MAN:-0}" = 1 ]; then
		tmp=$(mktemp "${TMPDIR:-/tmp}/ndl-man.XXXXXX")
		gzip -9nc "$m" >"$tmp"
		put 0644 "$tmp" "$ndl_mandir/man$sec/$(basename "$m").gz"
		rm -f "$tmp"
	else
		put 0644 "$m" "$ndl_mandir/man$sec/$(basename "$m")"
	fi
done

# Module source for DKMS: dkms.conf (with this version), VERSION, module/
# without build products and without the user-space test port.
src=$ndl_srcdir_base/ndisload-$version
tmp=$(mktemp "${TMPDIR:-/tmp}/ndl-dkms.XXXXXX")
sed "s/^PACKAGE_VERSION=.*/PACKAGE_VERSION=\"$version\"/" "$top/dkms.conf" >"$tmp"
put 0644 "$tmp" "$src/dkms.conf"
rm -f "$tmp"
put 0644 "$top/VERSION" "$src/VERSION"
(cd "$top" && find module -type f ! -path 'module/user/*' \
	! -name '*.o' ! -name '*.ko' ! -name '*.mod' ! -name '*.mod.c' \
	! -name '*.cmd' ! -name '*.order' ! -name 'Module.symvers' ! -name '*.a' \
	! -name '*.dwo' ! -name '*~' ! -path '*/.tmp*' | sort) | while read -r f; do
	put 0644 "$top/$f" "$src/$f"
done

# System integration.
for u in "$top"/installer/files/systemd/*.service.in; do
	n=$(basename "$u" .in)
	gen 0644 "$u" "$ndl_unitdir/$n"
done
put 0644 "$top/installer/files/sysusers.conf" "$ndl_sysusersdir/ndisload.conf"
put 0644 "$top/installer/files/tmpfiles.conf" "$ndl_tmpfilesdir/ndisload.conf"
gen 0644 "$top/installer/files/udev.rules.in" "$ndl_udevdir/90-ndisload.rules"
# The defaults file is the administrator's once installed: never overwritten.
if [ -n "$destdir" ] || [ ! -e "$ndl_defaultsfile" ]; then
	put 0644 "$top/installer/files/default.conf" "$ndl_defaultsfile"
else
	echo "$ndl_defaultsfile" >>"$manifest_tmp"
	echo "install.sh: keeping your $ndl_defaultsfile"
fi
put 0644 "$top/README.md" "$ndl_docdir/README.md"
[ -f "$top/docs/installer.md" ] && put 0644 "$top/docs/installer.md" "$ndl_docdir/installer.md"
put 0644 "$top/docs/isolated.md" "$ndl_docdir/isolated.md"

# The brand: brand.json, logo, license key and the bundled driver.
[ -z "$brand" ] || ndl_brand_install

# The manifest lists itself, so uninstall removes it too.
echo "$ndl_libexecdir/manifest" >>"$manifest_tmp"
sort -u "$manifest_tmp" >"$manifest_tmp.s"
install -D -m 0644 "$manifest_tmp.s" "$destdir$ndl_libexecdir/manifest"
rm -f "$manifest_tmp.s"

if [ -n "$destdir" ]; then
	echo "install.sh: staged ndisload $version in $destdir (PREFIX=$PREFIX)"
	exit 0
fi
set --
[ $dkms = 1 ] || set -- "$@" --no-dkms
[ $start = 1 ] || set -- "$@" --no-start
"$ndl_libexecdir/ndisload-setup" configure "$@"
echo "install.sh: installed ndisload $version (PREFIX=$PREFIX)"
echo "  web configurator: http://localhost:8087 — log in with the token in /etc/ndisload/webconf.token (sudo cat it)"
echo "  uninstall: sudo make uninstall, or sudo $ndl_libexecdir/uninstall.sh [--purge]"
