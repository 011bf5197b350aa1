#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# ndisload.ko's sources (module/linux, module/runtime, module/uapi) are clean
# under sparse, the kernel's semantic checker (`make C=2`), on the default
# kernel (tests/vm/kver.sh default): one PASS/FAIL line per .c/.h file, each
# FAIL followed by sparse's findings for it. The module is built in its own
# tree of symlinks, build/sparse/<kver> (as module/Makefile does for
# build/kbuild/<kver>), so other builds are not disturbed; kbuild rebuilds
# only what changed there, and C=2 checks every file each run.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1

if ! command -v sparse >/dev/null 2>&1; then
	echo "SKIP: sparse (sparse is not installed: install the Debian package sparse, e.g. sudo sh installer/deps.sh)"
	exit 0
fi
kver=$(tests/vm/kver.sh default 2>/dev/null)
if [ -z "$kver" ] || ! [ -d "/lib/modules/$kver/build" ]; then
	echo "SKIP: sparse (no kernel headers with a kernel image under /lib/modules: run installer/deps.sh)"
	exit 0
fi
kdir=/lib/modules/$kver/build
tree=$top/build/sparse/$kver
mkdir -p "$tree" || exit 1
tmp=$(mktemp -d "$top/build/sparse/.run.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# ---- self-test: this sparse reports an undeclared global -------------------
printf '%s\n' '/* sparse self-test */' 'int ndl_sparse_selftest;' \
	>"$tmp/selftest.c"
if ! sparse "$tmp/selftest.c" 2>&1 |
	grep -q "symbol 'ndl_sparse_selftest' was not declared"; then
	echo "FAIL: sparse/self-test (sparse did not flag an undeclared global: $(sparse "$tmp/selftest.c" 2>&1 | head -c 300))"
	exit 1
fi
echo "PASS: sparse/self-test"

# ---- the module, built and checked in build/sparse/<kver> ------------------
files=$(cd module && find linux runtime uapi -name '*.[ch]' ! -name '*.mod.c' |
	LC_ALL=C sort)
srcs="Kbuild $(cd module && echo runtime/*.inc) $files"
find "$tree" -type l -delete
for f in $srcs; do
	mkdir -p "$tree/$(dirname "$f")" &&
		ln -s "$top/module/$f" "$tree/$f" || exit 1
done
# kbuild's quiet output: one "CHECK <file>" line per checked source.
make -C "$kdir" M="$tree" NDL_RELEASE=sparse C=2 -j2 modules \
	>"$tmp/build.log" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
	echo "FAIL: sparse/build (make C=2 for $kver exited $rc; last lines:)"
	tail -n 30 "$tmp/build.log" | sed 's/^/    /'
	exit 1
fi
# Every object kbuild built (ibt.o only where the kernel has IBT) was checked.
(cd "$tree" && find linux runtime -name '*.o' ! -name '*.mod.o' |
	sed 's/\.o$/.c/' | LC_ALL=C sort) >"$tmp/built"
awk -v t="$tree/" '$1 == "CHECK" && index($2, t) == 1 {
	print substr($2, length(t) + 1) }' "$tmp/build.log" |
	LC_ALL=C sort >"$tmp/checked"
nchecked=$(wc -l <"$tmp/checked")
if ! [ -s "$tmp/built" ] || ! cmp -s "$tmp/built" "$tmp/checked"; then
	echo "FAIL: sparse/build (sparse did not check exactly the built sources; built but not checked: $(comm -23 "$tmp/built" "$tmp/checked" | tr '\n' ' ')checked but not built: $(comm -13 "$tmp/built" "$tmp/checked" | tr '\n' ' '))"
	sed 's/^/    /' "$tmp/build.log"
	exit 1
fi

# Findings "PATH:LINE:COL: warning|error: ..." for our files, as module-
# relative paths, once each (a header's findings repeat per includer).
finding='^[^ ]*:[0-9]+:[0-9]+: (warning|error): '
awk -v t="$tree/" 'index($0, t) == 1 { print substr($0, length(t) + 1) }' \
	"$tmp/build.log" | grep -E "$finding" | LC_ALL=C sort -u >"$tmp/findings"
# Anything sparse says about a file outside our tree is still shown.
grep -E "$finding" "$tmp/build.log" |
	awk -v t="$tree/" 'index($0, t) != 1' >"$tmp/other"

status=0 bad=0
for f in $files; do
	awk -v f="$f:" 'index($0, f) == 1' "$tmp/findings" >"$tmp/this"
	n=$(wc -l <"$tmp/this")
	if [ "$n" -ne 0 ]; then
		bad=$((bad + 1))
		echo "FAIL: sparse/module/$f ($n findings; first: $(head -n 1 "$tmp/this" | cut -d' ' -f2-))"
		sed 's/^/    module\//' "$tmp/this"
	else
		echo "PASS: sparse/module/$f"
	fi
done
if [ -s "$tmp/other" ]; then
	echo "FAIL: sparse/other-files (sparse reported on files outside module/ while checking it:)"
	LC_ALL=C sort -u "$tmp/other" | sed 's/^/    /'
	status=1
fi
echo "sparse ($kver): $nchecked files checked, $bad with findings"
[ $bad -eq 0 ] || status=1
exit $status
