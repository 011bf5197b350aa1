#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# kernel.sh KVER OUT: write the uncompressed ELF vmlinux of Debian's
# /boot/vmlinuz-KVER to OUT. QEMU boots an ELF vmlinux through PVH, which
# skips the in-guest decompression (about 3 s instead of 6-7 s under TCG).
set -eu
kver=$1 out=$2
img=/boot/vmlinuz-$kver
[ -r "$img" ] || { echo "kernel.sh: $img missing (installer/deps.sh installs it)" >&2; exit 1; }
[ -s "$out" ] && [ "$out" -nt "$img" ] && exit 0
tmp=$out.tmp.$$	# per-run name: two lanes may extract at once
# Try each compressed-payload signature the kernel may use; keep the first
# that decompresses into an ELF file.
try() { # magic-as-grep-pattern, decompressor
	for off in $(LC_ALL=C grep -obUaP "$1" "$img" | cut -d: -f1); do
		tail -c +$((off + 1)) "$img" | $2 >"$tmp" 2>/dev/null
		if [ "$(head -c 4 "$tmp" | od -An -c | tr -d ' ')" = '177ELF' ]; then
			mv "$tmp" "$out"; return 0
		fi
	done
	return 1
}
try '\xFD\x37\x7A\x58\x5A\x00' 'xz -dc' ||
try '\x1F\x8B\x08' 'gzip -dc' ||
try '\x28\xB5\x2F\xFD' 'zstd -dc' ||
{ rm -f "$tmp"; echo "kernel.sh: no ELF payload found in $img" >&2; exit 1; }
