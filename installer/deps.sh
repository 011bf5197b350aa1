#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Install, idempotently, every Debian 12 package that building and testing
# ndisload needs. Safe to run again: apt skips what is already installed.
#
#   sh installer/deps.sh            build + test dependencies
#   NDISLOAD_DEPS_MINIMAL=1 ...      only what building needs (no QEMU/browser)
set -eu

if [ "$(id -u)" -ne 0 ]; then
	exec sudo -E sh "$0" "$@"
fi

export DEBIAN_FRONTEND=noninteractive

build_pkgs="build-essential make pkg-config kmod dkms
	linux-headers-amd64
	libmicrohttpd-dev libjson-c-dev libsodium-dev libwpa-client-dev libarchive-dev
	gcc-mingw-w64-x86-64 mingw-w64-x86-64-dev binutils-mingw-w64-x86-64
	clang lld llvm
	makeself dpkg-dev fakeroot"

test_pkgs="linux-image-amd64 qemu-system-x86 busybox-static cpio xz-utils
	clang libclang-rt-14-dev valgrind curl iproute2 iputils-ping
	chromium nodejs wrk linux-source-6.1 sparse
	debootstrap lintian systemd e2fsprogs
	iw wpasupplicant gcab python3
	flex bison bc libelf-dev libssl-dev"	# the debug kernel (tests/vm/debug/build.sh)

# The kernel matrix (docs/kernels.md): besides Debian 12's default 6.1, the
# newest 6.12 LTS generic and PREEMPT_RT kernels for which Debian has both
# the image and the matching headers (the headers meta-package can lag the
# images by a release).
newest_612() { # flavour suffix: "" or "rt-"
	apt-cache search --names-only "^linux-image-6\.12\.[0-9]+\+deb12-${1}amd64-unsigned\$" |
		cut -d' ' -f1 | sed -E "s/^linux-image-(.*)-${1}amd64-unsigned\$/\1/" |
		sort -Vr | while read -r v; do
			if apt-cache show "linux-headers-$v-${1}amd64" >/dev/null 2>&1; then
				echo "linux-image-$v-${1}amd64-unsigned linux-headers-$v-${1}amd64"
				break
			fi
		done
}

pkgs="$build_pkgs"
if [ "${NDISLOAD_DEPS_MINIMAL:-0}" != 1 ]; then
	pkgs="$pkgs $test_pkgs"
	if [ "${NDISLOAD_KERNELS:-all}" = all ]; then
		# Fresh machines may have no package lists yet.
		[ -n "$(newest_612 '')" ] || apt-get update -qq
		k612="$(newest_612 '') $(newest_612 'rt-')"
		[ -n "${k612% }" ] || { echo "deps: no Debian 6.12 kernel found" >&2; exit 1; }
		pkgs="$pkgs $k612"
	fi
fi

# npm drives the browser tests (tests/web); a nodejs that bundles it (as
# NodeSource's does) needs no separate package.
[ "${NDISLOAD_DEPS_MINIMAL:-0}" = 1 ] || command -v npm >/dev/null || pkgs="$pkgs npm"

missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done

if [ -n "$missing" ]; then
	echo "deps: installing:$missing"
	apt-get update -qq
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $missing
else
	echo "deps: all packages present"
fi
