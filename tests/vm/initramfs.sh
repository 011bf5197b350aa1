#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# initramfs.sh KVER OUT.cpio: pack the guest for VM tests and the demo:
# busybox-static, the guest init and test scripts, ndisload.ko built for
# KVER, Debian's NIC modules, tun and vfio-pci (and what they depend on),
# every program in build/bin with its shared libraries, iw and
# wpa_supplicant, the test drivers in build/drivers (and their MSVC
# flavour, build/drivers-msvc), and, when present, build/vm/extra (files
# a test run wants to add).
set -eu
kver=$1 out=$2
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$top/build
stage=$(mktemp -d "${TMPDIR:-/tmp}/ndl-initramfs.XXXXXX")
chmod 0755 "$stage"	# mktemp -d makes 0700: the guest root must be 0755
trap 'rm -rf "$stage"' EXIT

mkdir -p "$stage"/bin "$stage"/sbin "$stage"/etc "$stage"/proc "$stage"/sys \
	"$stage"/dev "$stage"/tmp "$stage"/run "$stage"/root "$stage"/lib/ndl \
	"$stage"/usr/bin "$stage"/usr/sbin "$stage"/var/lib "$stage"/mnt

bb=$(command -v busybox || echo /bin/busybox)
cp "$bb" "$stage/bin/busybox"
for applet in $("$bb" --list); do
	[ -e "$stage/bin/$applet" ] || ln -s busybox "$stage/bin/$applet"
done

install -m 0755 "$top/tests/vm/guest/init" "$stage/init"
cp "$top/tests/vm/guest/lib.sh" "$top/tests/vm/guest/kmemleak.awk" "$stage/lib/ndl/"
# What a debug kernel must have on (the guest checks /proc/config.gz).
cp "$top/tests/vm/debug/kernel.config" "$stage/lib/ndl/debug.config"
mkdir -p "$stage/tests"
cp "$top"/tests/vm/tests/*.sh "$stage/tests/"
# ndisload's udev rules, as installed (they act where a test starts udevd).
mkdir -p "$stage/lib/udev/rules.d"
sed "s|@SBINDIR@|/usr/bin|g" "$top/installer/files/udev.rules.in" >"$stage/lib/udev/rules.d/90-ndisload.rules"
echo "$kver" >"$stage/etc/ndl-kver"

# Kernel modules: ours, then Debian's NIC drivers with their dependencies
# (from modules.dep), decompressed so busybox insmod can take them. The
# debug kernel's modules are in its build folder (tests/vm/run.sh --kernel).
moddir=${NDL_VM_MODDIR:-/lib/modules/$kver}
gmod=$stage/lib/modules/$kver
mkdir -p "$gmod"
if [ -e "$build/module/$kver/ndisload.ko" ]; then
	cp "$build/module/$kver/ndisload.ko" "$gmod/ndisload.ko"
fi
want="8139cp 8139too e1000 e1000e ne2k-pci pcnet32 virtio_net cfg80211 usbcore xhci-pci ehci-pci uhci-hcd cdc_ether tun macvlan vfio-pci vfio_iommu_type1 ${NDL_VM_MODULES:-}"
deps_of() { # module name -> its file and its dependencies' files, from modules.dep
	name=$(echo "$1" | tr _ -)
	line=$(grep -E "/($name|$(echo "$name" | tr - _))\.ko(\.xz|\.zst|\.gz)?:" "$moddir/modules.dep" | head -n1)
	[ -n "$line" ] || return 0
	echo "${line%%:*} ${line#*:}" | tr ' ' '\n' | grep .
}
for m in $want; do deps_of "$m"; done | sort -u | while read -r f; do
	base=$(basename "$f")
	case "$base" in
	*.ko.xz) xz -dc "$moddir/$f" >"$gmod/${base%.xz}" ;;
	*.ko.zst) zstd -qdc "$moddir/$f" >"$gmod/${base%.zst}" ;;
	*.ko.gz) gzip -dc "$moddir/$f" >"$gmod/${base%.gz}" ;;
	*) cp "$moddir/$f" "$gmod/$base" ;;
	esac
done
# Built into the kernel (the debug kernel's USB host drivers): nothing to load.
[ ! -e "$moddir/modules.builtin" ] || cp "$moddir/modules.builtin" "$gmod/"
# Dependency order for the guest's load_module(): "module: deps" lines.
for m in $want; do
	files=$(deps_of "$m" | xargs -rn1 basename | sed -E 's/\.ko(\.xz|\.zst|\.gz)?$//')
	[ -n "$files" ] && echo "$files" | tr '\n' ' ' && echo
done >"$gmod/ndl-deps"

# User-space programs and their shared libraries.
copy_prog() { # PROGRAM -> /usr/bin of the guest, with its libraries
	cp "$1" "$stage/usr/bin/"
	ldd "$1" 2>/dev/null | grep -oE '/[^ ]+' | while read -r lib; do
		mkdir -p "$stage$(dirname "$lib")"
		cp -L "$lib" "$stage$lib"
	done
}
for prog in "$build"/bin/* "$build"/test-bin/*; do
	[ -f "$prog" ] && [ -x "$prog" ] || continue
	copy_prog "$prog"
done
# Debian's wireless tools for the wifi_* tests (installer/deps.sh), and
# whatever NDL_VM_PROGS names (e.g. /usr/bin/perf to profile in the guest).
for prog in /usr/sbin/iw /usr/sbin/wpa_supplicant /usr/sbin/wpa_cli ${NDL_VM_PROGS:-}; do
	[ -x "$prog" ] || continue
	copy_prog "$prog"
done
for d in drivers drivers-msvc www; do
	[ -d "$build/$d" ] && cp -r "$build/$d" "$stage/lib/ndl/$d"
done
[ -d "$top/www" ] && cp -r "$top/www" "$stage/lib/ndl/www"
[ -d "$build/vm/extra" ] && cp -r "$build/vm/extra/." "$stage/"

(cd "$stage" && find . | cpio -o -H newc --quiet) >"$out.tmp.$$"	# per-run name: concurrent runs must not share it
mv "$out.tmp.$$" "$out"
