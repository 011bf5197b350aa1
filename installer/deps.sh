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
	libmicrohttpd-dev libjson-c-dev libsodium-dev
	gcc-mingw-w64-x86-64 mingw-w64-x86-64-dev binutils-mingw-w64-x86-64"

test_pkgs="linux-image-amd64 qemu-system-x86 busybox-static cpio xz-utils
	clang libclang-rt-14-dev valgrind curl iproute2 iputils-ping
	chromium linux-source-6.1 sparse"

pkgs="$build_pkgs"
[ "${NDISLOAD_DEPS_MINIMAL:-0}" = 1 ] || pkgs="$pkgs $test_pkgs"

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
