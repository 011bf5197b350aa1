#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The debug lane's leak filter (tests/vm/guest/kmemleak.awk, run by the
# guest's busybox awk after each test): a kmemleak report through ndisload,
# or through a module address that no longer resolves (ndisload after its
# rmmod), is ours and fails the test; the kernel's own is not.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
bb=$(command -v busybox || echo /bin/busybox)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ndl-kmemleak.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
leak() { # COMM FRAME...: one kmemleak record
	printf 'unreferenced object 0xffff888003f1c000 (size 64):\n'
	printf '  comm "%s", pid 91, jiffies 4294893058 (age 12.340s)\n' "$1"; shift
	printf '  hex dump (first 32 bytes):\n'
	printf '    6b 6b 6b 6b 6b 6b 6b 6b 6b 6b 6b 6b 6b 6b 6b 6b  kkkkkkkkkkkkkkkk\n'
	printf '  backtrace:\n'
	for f in "$@"; do printf '    %s\n' "$f"; done
}
kmalloc='[<ffffffff8132a1b0>] __kmalloc+0x4e/0x150'
ours='[<ffffffffc02a31c4>] ndl_os_mem_alloc+0x44/0x90 [ndisload]'
gone='[<ffffffffc02a31c4>] 0xffffffffc02a31c4'
# What 6.1 prints (%pK: the bracket hashed), taken from the lane's run
# with a leak injected into the module's init (no KASLR: 0xffffffffa0...).
gone_hashed='[<(____ptrval____)>] 0xffffffffa01d4dd0'
gone_hashed2='[<000000008ab3c1f2>] 0xffffffffa01d4dd0'
cfg='[<ffffffffc01881a2>] wiphy_new_nm+0x62/0x9d0 [cfg80211]'
core='[<ffffffff81c7f5a3>] kernel_init+0x17/0x140'
# case_ runs at the end of a pipeline (a subshell): a failure leaves a file.
case_() { # NAME EXPECTED-COUNT: the records on stdin, filtered
	got=$("$bb" awk -f "$top/tests/vm/guest/kmemleak.awk" | grep -c '^unreferenced object')
	if [ "$got" = "$2" ]; then echo "PASS: unit/kmemleak/$1"
	else echo "FAIL: unit/kmemleak/$1 (expected $2 leak(s) of ours, got $got)"; : >"$tmp/failed"; fi
}
leak insmod "$kmalloc" "$ours" "$core" | case_ ndisload-frame 1
leak sh "$kmalloc" "$gone" "$core" | case_ unloaded-module-frame 1
leak insmod "$kmalloc" "$gone_hashed" "$core" | case_ unloaded-module-frame-ptrval 1
leak insmod "$kmalloc" "$gone_hashed2" "$core" | case_ unloaded-module-frame-hashed 1
leak swapper "$kmalloc" "$core" | case_ kernel-own 0
leak insmod "$kmalloc" "$cfg" "$core" | case_ other-module 0
{ leak swapper "$kmalloc" "$core"; leak insmod "$kmalloc" "$ours"
  leak insmod "$kmalloc" "$cfg"; leak sh "$kmalloc" "$gone"; } | case_ mixed 2
printf '' | case_ empty 0
[ ! -e "$tmp/failed" ]
