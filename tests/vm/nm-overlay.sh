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
if [ -s "$out" ] && [ "$out" -nt "$0" ] && [ "$out" -nt "$top/tests/vm/overlay-lib.sh" ] && [ "$out" -nt "$root/.stamp-$stamp" ] &&
   [ "$out" -nt /usr/sbin/wpa_supplicant ] && [ "$out" -nt /lib/systemd/systemd-udevd ] &&
   [ "$out" -nt /usr/bin/dbus-daemon ]; then
	exit 0
fi
stage=$(mktemp -d "${TMPDIR:-/tmp}/ndl-nm.XXXXXX")
trap 'rm -rf "$stage"' EXIT
libpath=$root/usr/lib/x86_64-linux-gnu:$root/lib/x86_64-linux-gnu
. "$top/tests/vm/overlay-lib.sh"
overlay_put "$root/usr/sbin/NetworkManager" /usr/sbin/NetworkManager
overlay_put "$root/usr/bin/nmcli" /usr/bin/nmcli
overlay_put "$root/usr/bin/nm-online" /usr/bin/nm-online
for f in nm-daemon-helper nm-dhcp-helper; do
	overlay_put "$root/usr/lib/NetworkManager/$f" "/usr/lib/NetworkManager/$f"
done
# The device plugin for Wi-Fi (Ethernet is built in).
for f in "$root"/usr/lib/x86_64-linux-gnu/NetworkManager/*/libnm-device-plugin-wifi.so; do
	overlay_put "$f" "${f#"$root"}"
done
overlay_put /usr/bin/dbus-daemon /usr/bin/dbus-daemon
overlay_put /lib/systemd/systemd-udevd /lib/systemd/systemd-udevd
overlay_put /usr/bin/udevadm /usr/bin/udevadm
overlay_put /usr/sbin/wpa_supplicant /usr/sbin/wpa_supplicant
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
