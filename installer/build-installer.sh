#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make installer BRAND=installer/brands/<name>: a vendor-branded
# self-extracting installer and Debian package of the built tree, in
# build/installer/<vendor_id>-<product_id>-<version>.{run,deb}.
#
#   installer/build-installer.sh BRAND_DIR [--deb-only|--run-only]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${BUILD:-$top/build}" 2>/dev/null && pwd) ||
	{ echo "build-installer.sh: no build directory ${BUILD:-$top/build}; run make first" >&2; exit 1; }
. "$top/installer/lib/brand.sh"
[ $# -ge 1 ] || { sed -n '3,7p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
brand_arg=$1; shift
want_deb=1 want_run=1
for a in "$@"; do
	case "$a" in
	--deb-only) want_run=0 ;;
	--run-only) want_deb=0 ;;
	*) echo "build-installer.sh: unknown option $a" >&2; exit 2 ;;
	esac
done
die() { echo "build-installer.sh: $*" >&2; exit 1; }

ndl_brand_load "$brand_arg" || exit 1
for p in ndisload ndisload-webconf; do
	[ -x "$build/bin/$p" ] || die "$build/bin/$p is not built; run make first"
done
for t in dpkg-deb fakeroot; do
	command -v $t >/dev/null || die "$t is missing (sh installer/deps.sh installs it)"
done
# Timestamps come from the last commit, so rebuilding gives the same files.
stamp=$(git -C "$top" log -1 --format=%ct 2>/dev/null || date +%s)
name=$brand_vendor_id-$brand_product_id
base=$name-$brand_version
out=$build/installer
work=$out/work-$name
rm -rf "$work"
mkdir -p "$work" "$out"

# 1. The installed tree, Debian layout (PREFIX=/usr), branded.
stage=$work/root
DESTDIR=$stage PREFIX=/usr BUILD=$build NDL_GZIP_MAN=1 \
	"$top/installer/install.sh" --brand "$ndl_brand_dir" >/dev/null
# Ship stripped programs, as dh_strip does (debug info stays in build/bin).
elf_programs() {
	for f in "$stage"/usr/sbin/* "$stage"/usr/bin/* "$stage"/usr/lib/ndisload/*; do
		[ -f "$f" ] && [ "$(head -c4 "$f" | od -An -c | tr -d ' ')" = '177ELF' ] &&
			echo "$f"
	done
	true
}
for f in $(elf_programs); do
	strip --remove-section=.comment --remove-section=.note --strip-unneeded "$f"
done
# Templates (ndisload-host@.service) are started per device by the helper.
units=$(cd "$stage/lib/systemd/system" && ls ./*.service | grep -v '@\.service$' | sed 's|^\./||' | tr '\n' ' ')
units=${units% }

# Shared-library dependencies of the programs, as Debian package names.
shlibs() {
	d=$work/shlibs
	mkdir -p "$d/debian"
	printf 'Source: x\n\nPackage: x\nArchitecture: any\n' >"$d/debian/control"
	bins=$(elf_programs | tr '\n' ' ')
	if [ -n "$bins" ]; then
		# shellcheck disable=SC2086
		(cd "$d" && dpkg-shlibdeps -O $bins 2>/dev/null) | sed -n 's/^shlibs:Depends=//p'
	fi
}
deps=$(shlibs)
[ -n "$deps" ] || deps="libc6"

subst() { # template -> stdout, with this package's values
	sed -e "s|@UNITS@|$units|g" -e "s|@PACKAGE@|$name|g" \
		-e "s|@DEBVERSION@|$brand_version-1|g" -e "s|@YEAR@|$(date -u -d "@$stamp" +%Y)|g" -e "s|@SHLIBS@|$deps|g" \
		-e "s|@VENDOR@|$(echo "$brand_vendor" | sed 's/[|&\\]/\\&/g')|g" \
		-e "s|@PRODUCT@|$(echo "$brand_product" | sed 's/[|&\\]/\\&/g')|g" \
		-e "/@PURGE_FUNCTIONS@/{r $top/installer/files/purge.sh" -e "d}" "$1"
}

# 2. The Debian package.
if [ $want_deb = 1 ]; then
	[ -n "$brand_maintainer" ] || die "the brand needs 'maintainer = Name <address>' for a .deb"
	pkg=$work/deb
	cp -a "$stage" "$pkg"
	rm -f "$pkg/usr/lib/ndisload/manifest"   # dpkg keeps its own list
	doc=$pkg/usr/share/doc/$name
	install -d "$doc" "$pkg/DEBIAN"
	subst "$top/installer/deb/copyright.in" >"$doc/copyright"
	{
		echo "$name ($brand_version-1) stable; urgency=medium"
		echo
		echo "  * $brand_vendor $brand_product, built with ndisload $(cat "$top/VERSION")."
		echo
		echo " -- $brand_maintainer  $(date -R -d "@$stamp")"
	} | gzip -9n >"$doc/changelog.Debian.gz"
	for s in postinst prerm postrm; do
		subst "$top/installer/deb/$s.in" >"$pkg/DEBIAN/$s"
		chmod 0755 "$pkg/DEBIAN/$s"
	done
	echo /etc/default/ndisload >"$pkg/DEBIAN/conffiles"
	install -d "$pkg/usr/share/lintian/overrides"
	sed "s/@PACKAGE@/$name/" "$top/installer/deb/lintian-overrides.in" \
		>"$pkg/usr/share/lintian/overrides/$name"
	size=$(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
	homepage=""
	[ -z "$brand_support_url" ] || homepage="Homepage: $brand_support_url\\n"
	subst "$top/installer/deb/control.in" | sed -e "s|@SIZE@|$size|" \
		-e "s|@MAINTAINER@|$brand_maintainer|" -e "s|@HOMEPAGE@|$homepage|" >"$pkg/DEBIAN/control"
	(cd "$pkg" && find . -path ./DEBIAN -prune -o -type f -print | sed 's|^\./||' |
		sort | xargs -r md5sum) >"$pkg/DEBIAN/md5sums"
	find "$pkg" -type d -exec chmod 0755 {} +
	fakeroot dpkg-deb --root-owner-group -Zxz --build "$pkg" "$out/$base.deb" >/dev/null
	echo "build-installer.sh: $out/$base.deb"
fi

# 3. The self-extracting installer.
if [ $want_run = 1 ]; then
	command -v makeself >/dev/null || die "makeself is missing (sh installer/deps.sh installs it)"
	payload=$work/run
	mkdir -p "$payload"
	mv "$stage" "$payload/root"
	cp "$top/installer/run/setup.sh" "$payload/setup.sh"
	chmod 0755 "$payload/setup.sh"
	echo "$deps, dkms, kmod" | tr ',' '\n' | sed -E 's/\(.*\)//; s/^ +//; s/ +$//' |
		grep . | sort -u >"$payload/depends"
	{
		echo "vendor=$brand_vendor"
		echo "product=$brand_product"
		echo "version=$brand_version"
	} >"$payload/info"
	[ -z "$brand_eula" ] || cp "$ndl_brand_dir/$brand_eula" "$payload/EULA.txt"
	# makeself refuses options it does not know; let ours through to setup.sh.
	header=$work/makeself-header.sh
	sed 's/^    -\*)$/    --accept-license|--install-deps|--no-deps|--no-start|--uninstall|--purge)\n\tscriptargs="\\$scriptargs \\$1"\n\tshift\n\t;;\n&/' \
		/usr/share/makeself/makeself-header.sh >"$header"
	grep -q 'accept-license|' "$header" ||
		die "could not adapt makeself's header (/usr/share/makeself/makeself-header.sh changed?)"
	rm -f "$out/$base.run"
	makeself --quiet --xz --nox11 --header "$header" \
		--help-header "$top/installer/run/help.txt" --tar-extra "--owner=0 --group=0 --numeric-owner" \
		--packaging-date "$(date -u -d "@$stamp")" \
		"$payload" "$out/$base.run" "$brand_vendor $brand_product $brand_version (ndisload)" ./setup.sh
	echo "build-installer.sh: $out/$base.run"
fi
rm -rf "$work"
