#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# rootfs.sh KVER OUT.tar: a fresh Debian 12 root made by debootstrap, with
# systemd, the Debian kernel KVER (image + headers, as a user's machine has
# them) and what ndisload's package depends on, as a tar file. Reused while
# the package list and KVER are unchanged (the first build takes about two
# minutes and needs Debian's package mirror).
set -eu
kver=$1 out=$2
mirror=${NDL_DEBIAN_MIRROR:-http://deb.debian.org/debian}
security=${NDL_DEBIAN_SECURITY:-http://deb.debian.org/debian-security}
# Base: init system, udev, module tools. Extra: the package's dependencies
# and the test's tools (curl for the web check, procps for ps, socat to
# relay QEMU's port forward to the web configurator's loopback address).
base="systemd,systemd-sysv,udev,kmod,dbus,ca-certificates"
extra="dkms linux-image-$kver linux-headers-$kver libmicrohttpd12 libjson-c5
	libsodium23 libarchive13 curl procps iproute2 socat"
key=$(printf '%s %s %s\n' "$kver" "$base" "$extra" | md5sum | cut -c1-12)
[ -s "$out" ] && [ "$(cat "$out.key" 2>/dev/null)" = "$key" ] && exit 0

for t in debootstrap tar; do
	command -v $t >/dev/null || { echo "rootfs.sh: $t missing; run installer/deps.sh" >&2; exit 1; }
done
root=$(mktemp -d "${TMPDIR:-/tmp}/ndl-rootfs.XXXXXX")
cleanup() {
	for m in dev/pts dev proc sys; do umount "$root/$m" 2>/dev/null || true; done
	rm -rf --one-file-system "$root"
}
trap cleanup EXIT
debootstrap --variant=minbase --include="$base" bookworm "$root" "$mirror" >"$out.log" 2>&1 ||
	{ echo "rootfs.sh: debootstrap failed; see $out.log" >&2; exit 1; }
cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb $security bookworm-security main
EOF
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
mount -t sysfs sysfs "$root/sys"
# shellcheck disable=SC2086
{ chroot "$root" apt-get update -qq &&
	DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get install -y -qq \
		--no-install-recommends $extra; } >>"$out.log" 2>&1 ||
	{ echo "rootfs.sh: apt-get in the new root failed; see $out.log" >&2; exit 1; }
chroot "$root" apt-get clean
for m in dev/pts dev proc sys; do umount "$root/$m"; done
echo "LABEL=ndlroot / ext4 defaults 0 1" >"$root/etc/fstab"
echo ndltest >"$root/etc/hostname"
# Let root log in on the console without a password (debugging by hand).
chroot "$root" passwd -d root >/dev/null
tar -C "$root" -cf "$out.tmp" .
mv "$out.tmp" "$out"
echo "$key" >"$out.key"
