#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# build.sh: build (once) the debug kernel of `make check-debug` from Debian's
# linux-source-6.1 with tests/vm/debug/kernel.config, and print its folder:
#   build/debug-kernel/<key>/bzImage          the image QEMU boots (not PVH:
#                                             its entry code runs KASAN-
#                                             instrumented before the shadow)
#   build/debug-kernel/<key>/vmlinux          the ELF image (symbols)
#   build/debug-kernel/<key>/release          its `uname -r`
#   build/debug-kernel/<key>/obj              the build tree (KDIR for ndisload.ko)
#   build/debug-kernel/<key>/root/lib/modules its modules (the NIC drivers)
# <key> hashes the configuration fragment, the source package's version and
# the compiler, so a change to any of them builds a new kernel and an
# unchanged one is reused. Progress goes to stderr, the log to build.log.
# NDL_JOBS sets make's -j (default 2: the machine is shared).
set -eu
top=$(cd "$(dirname "$0")/../../.." && pwd)
frag=$top/tests/vm/debug/kernel.config
tarball=/usr/src/linux-source-6.1.tar.xz
[ -r "$tarball" ] || { echo "debug kernel: $tarball missing (installer/deps.sh installs linux-source-6.1)" >&2; exit 1; }
ver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || stat -c %Y "$tarball")
key=$({ cat "$frag"; echo "$ver"; gcc --version | head -n1; } | sha256sum | cut -c1-16)
base=$top/build/debug-kernel
out=$base/$key
# One build at a time: `make check` starts one in the background while the
# unit tests leave a core idle (tests/lib/debug-kernel-bg.sh), and the
# suite that needs the kernel waits here for it, then finds it cached.
mkdir -p "$base"
exec 9>"$base/lock"
flock 9
if [ -s "$out/release" ] && [ -s "$out/vmlinux" ] && [ -s "$out/bzImage" ]; then
	echo "$out"; exit 0
fi
for tool in flex bison bc; do
	command -v $tool >/dev/null || { echo "debug kernel: $tool missing (run installer/deps.sh)" >&2; exit 1; }
done
[ -e /usr/include/gelf.h ] || { echo "debug kernel: libelf-dev missing (run installer/deps.sh)" >&2; exit 1; }

# The source tree is unpacked once per source version and never built in
# (O= keeps it clean), so several configurations can share it.
src=$base/src-$ver
if [ ! -e "$src/Makefile" ]; then
	echo "debug kernel: unpacking $tarball" >&2
	rm -rf "$src.tmp"; mkdir -p "$src.tmp"
	tar -xJf "$tarball" -C "$src.tmp"
	rm -rf "$src"; mv "$src.tmp/linux-source-6.1" "$src"; rmdir "$src.tmp"
fi

obj=$out/obj log=$out/build.log
mkdir -p "$obj"
jobs=${NDL_JOBS:-2}
kmake() { nice -n 10 make -C "$src" O="$obj" -j"$jobs" "$@" >>"$log" 2>&1; }
: >"$log"
echo "debug kernel: configuring $key (log: $log)" >&2
kmake tinyconfig
"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "$frag" >>"$log" 2>&1
kmake olddefconfig
# Every option of the fragment must have survived olddefconfig: an unmet
# dependency drops an option silently, and a detector dropped that way
# would make the whole lane prove nothing.
missing=$(grep -E '^CONFIG_' "$frag" | while read -r line; do
	grep -qxF "$line" "$obj/.config" || echo "$line"
done)
if [ -n "$missing" ]; then
	echo "debug kernel: olddefconfig dropped:" $missing >&2; exit 1
fi
echo "debug kernel: building with -j$jobs (nice 10); this takes a while" >&2
start=$(date +%s)
kmake vmlinux bzImage modules || { echo "debug kernel: build failed; tail of $log:" >&2; tail -n 30 "$log" >&2; exit 1; }
rm -rf "$out/root"
kmake INSTALL_MOD_PATH="$out/root" modules_install
echo $(( $(date +%s) - start )) >"$out/build-seconds"
cp "$obj/vmlinux" "$out/vmlinux.tmp" && mv "$out/vmlinux.tmp" "$out/vmlinux"
cp "$obj/arch/x86/boot/bzImage" "$out/bzImage.tmp" && mv "$out/bzImage.tmp" "$out/bzImage"
make -s -C "$src" O="$obj" kernelrelease >"$out/release.tmp" && mv "$out/release.tmp" "$out/release"
echo "debug kernel: built $(cat "$out/release") in $(cat "$out/build-seconds") s" >&2
echo "$out"
