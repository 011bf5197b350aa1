#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# nm-overlay.sh OUT.cpio: a second initramfs archive with Debian's
# NetworkManager, nmcli, D-Bus and udev for the VM tests that declare
# `# overlay: nm` (tests/vm/run.sh appends it to the shared initramfs).
#
# NetworkManager is never installed on the host (it would start managing
# the host's own interfaces): its package and the libraries it needs that
# the host lacks are downloaded with `apt-get download` into build/vm/nm/
# and unpacked there; dbus-daemon, systemd-udevd, udevadm and
# wpa_supplicant come from the host (installer/deps.sh).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$1
cache=$top/build/vm/nm
root=$cache/root
mkdir -p "$cache/debs"

for prog in /usr/bin/dbus-daemon /lib/systemd/systemd-udevd /usr/bin/udevadm \
	/usr/sbin/wpa_supplicant; do
	[ -x "$prog" ] || { echo "nm-overlay: $prog missing (run installer/deps.sh)" >&2; exit 1; }
done

# The packages apt would add to this host for network-manager.
want=$(apt-get -s install --no-install-recommends network-manager 2>/dev/null |
	awk '/^Inst/ { print $2 }')
echo "$want" | grep -qx network-manager || {
	echo "nm-overlay: apt cannot resolve network-manager (apt-get update?)" >&2; exit 1; }
stamp=$(echo "$want" | sha256sum | cut -c1-16)
if [ ! -e "$root/.stamp-$stamp" ]; then
	rm -rf "$root"
	mkdir -p "$root"
	(cd "$cache/debs" && apt-get download $want >/dev/null) || {
		echo "nm-overlay: apt-get download $want failed (no route to Debian's mirror?)" >&2
		exit 1
	}
	for p in $want; do
		deb=$(ls "$cache/debs/${p}_"*.deb | tail -n1)
		dpkg-deb -x "$deb" "$root"
	done
	touch "$root/.stamp-$stamp"
fi

# Rebuilt when this script, the packages or the host's programs change.
if [ -s "$out" ] && [ "$out" -nt "$0" ] && [ "$out" -nt "$root/.stamp-$stamp" ] &&
   [ "$out" -nt /usr/sbin/wpa_supplicant ] && [ "$out" -nt /lib/systemd/systemd-udevd ] &&
   [ "$out" -nt /usr/bin/dbus-daemon ]; then
	exit 0
fi
stage=$(mktemp -d "${TMPDIR:-/tmp}/ndl-nm.XXXXXX")
trap 'rm -rf "$stage"' EXIT
libpath=$root/usr/lib/x86_64-linux-gnu:$root/lib/x86_64-linux-gnu
# put FILE DEST: FILE at DEST in the guest, with the libraries it needs
# (from the unpacked packages first, else the host's).
put() {
	mkdir -p "$stage$(dirname "$2")"
	cp -L "$1" "$stage$2"
	LD_LIBRARY_PATH=$libpath ldd "$1" 2>/dev/null | grep -oE '/[^ ]+' | while read -r lib; do
		case "$lib" in
		"$root"/*) dest=${lib#"$root"} ;;
		*) dest=$lib ;;
		esac
		[ -e "$stage$dest" ] && continue
		mkdir -p "$stage$(dirname "$dest")"
		cp -L "$lib" "$stage$dest"
	done
}
put "$root/usr/sbin/NetworkManager" /usr/sbin/NetworkManager
put "$root/usr/bin/nmcli" /usr/bin/nmcli
put "$root/usr/bin/nm-online" /usr/bin/nm-online
for f in nm-daemon-helper nm-dhcp-helper; do
	put "$root/usr/lib/NetworkManager/$f" "/usr/lib/NetworkManager/$f"
done
# The device plugin for Wi-Fi (Ethernet is built in).
for f in "$root"/usr/lib/x86_64-linux-gnu/NetworkManager/*/libnm-device-plugin-wifi.so; do
	put "$f" "${f#"$root"}"
done
put /usr/bin/dbus-daemon /usr/bin/dbus-daemon
put /lib/systemd/systemd-udevd /lib/systemd/systemd-udevd
put /usr/bin/udevadm /usr/bin/udevadm
put /usr/sbin/wpa_supplicant /usr/sbin/wpa_supplicant
# D-Bus resolves user names: the guest's root (and nothing else) exists.
mkdir -p "$stage/etc"
echo 'root:x:0:0:root:/root:/bin/sh' >"$stage/etc/passwd"
echo 'root:x:0:' >"$stage/etc/group"
# NetworkManager derives its connections' identities from the machine ID.
mkdir -p "$stage/etc"
echo 6e6469736c6f61642d766d2d74657374 >"$stage/etc/machine-id"
mkdir -p "$stage/lib/udev/rules.d" "$stage/etc/NetworkManager/system-connections" \
	"$stage/etc/ndl" "$stage/var/lib/NetworkManager"
# The kernel's own naming and the rules NetworkManager relies on.
for r in /lib/udev/rules.d/50-udev-default.rules /lib/udev/rules.d/80-net-setup-link.rules \
	"$root"/lib/udev/rules.d/8[45]-nm-*.rules; do
	[ -e "$r" ] && cp "$r" "$stage/lib/udev/rules.d/"
done
# A system bus for root only: everything in the guest runs as root.
cat >"$stage/etc/ndl/dbus-system.conf" <<'EOF'
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=/run/dbus/system_bus_socket</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="root"/>
    <allow own="*"/>
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
EOF
cat >"$stage/etc/NetworkManager/NetworkManager.conf" <<'EOF'
[main]
plugins=keyfile
dhcp=internal
auth-polkit=false
[logging]
level=INFO
[device]
wifi.scan-rand-mac-address=no
EOF
(cd "$stage" && find . -mindepth 1 | cpio -o -H newc --quiet) >"$out.tmp.$$"
mv "$out.tmp.$$" "$out"
