#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# ndisload.ko's sources (module/linux, module/runtime, module/uapi; not
# module/user, the user-space host) are clean under `checkpatch.pl --no-tree`
# from Debian's linux-source-6.1: one PASS/FAIL line per .c/.h file, each
# FAIL followed by its findings. checkpatch is unpacked once from
# /usr/src/linux-source-6.1.tar.xz into build/checkpatch/. A file that
# passed is not checked again until it, its options or checkpatch change
# (NDL_CHECKPATCH_NOCACHE=1 checks everything).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
tarball=/usr/src/linux-source-6.1.tar.xz
cpdir=$top/build/checkpatch
cp=$cpdir/checkpatch.pl
tools="checkpatch.pl spelling.txt const_structs.checkpatch"

# Per-file exceptions: the checkpatch types a file may keep, and why.
# Everything else is fixed in the code; keep this list short.
ignores() {
	case $1 in
	module/linux/compat.h)
		# Picking the API of the kernel being built against (one source
		# for 6.1 and 6.12+, docs/kernels.md) is this file's one job, so
		# the rest of the module needs no version checks.
		echo LINUX_VERSION_CODE ;;
	module/runtime/*)
		# The runtime implements the Windows kernel ABI. Its typedef'd
		# types (ULONG, NDIS_PACKET, KIRQL, PDRIVER_DISPATCH, ...) are
		# the names the drivers, the DDK and Microsoft's documentation
		# use for the layouts the drivers were compiled against;
		# renaming them to struct tags would hide that correspondence.
		# checkpatch learns every one through --typedefsfile.
		echo NEW_TYPEDEFS ;;
	*)
		echo none ;;
	esac
}

# ---- checkpatch itself ---------------------------------------------------
if ! [ -f "$tarball" ]; then
	echo "FAIL: checkpatch/setup ($tarball missing: install the Debian package linux-source-6.1, e.g. sudo sh installer/deps.sh)"
	exit 1
fi
mkdir -p "$cpdir/passed" || exit 1
# Unpacked from this very tarball (dpkg keeps a package's mtimes, so an
# upgrade can be older than the stamp: the stamp also names size and mtime).
ident=$(stat -c '%s %Y' "$tarball")
fresh=1
[ -n "$(find "$cpdir/.unpacked" -newer "$tarball" 2>/dev/null)" ] &&
	[ "$(cat "$cpdir/.unpacked")" = "$ident" ] || fresh=0
for t in $tools; do
	[ -f "$cpdir/$t" ] || fresh=0
done
if [ $fresh = 0 ]; then
	new=$(mktemp -d "$cpdir/.new.XXXXXX") || exit 1
	members=
	for t in $tools; do
		members="$members */scripts/$t"
	done
	# --occurrence: stop reading once each member is out.
	# shellcheck disable=SC2086
	if ! tar -xJf "$tarball" -C "$new" --strip-components=2 \
		--occurrence=1 --wildcards $members 2>"$new/tar.err"; then
		echo "FAIL: checkpatch/setup (cannot unpack checkpatch from $tarball: $(head -c 300 "$new/tar.err"))"
		rm -rf "$new"
		exit 1
	fi
	for t in $tools; do
		if ! [ -f "$new/$t" ]; then
			echo "FAIL: checkpatch/setup ($tarball has no scripts/$t: is it Debian's linux-source-6.1?)"
			rm -rf "$new"
			exit 1
		fi
		mv -f "$new/$t" "$cpdir/$t" || exit 1
	done
	rm -rf "$new"
	echo "$ident" >"$cpdir/.unpacked"
fi

tmp=$(mktemp -d "$cpdir/.run.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

cd "$top" || exit 1
files=$(find module/linux module/runtime module/uapi -name '*.[ch]' \
	! -name '*.mod.c' | LC_ALL=C sort)
if [ -z "$files" ]; then
	echo "FAIL: checkpatch (no sources under module/linux, module/runtime, module/uapi)"
	exit 1
fi

# Every typedef name of the module, so checkpatch reads "ULONG *len" as a
# declaration and not a multiplication. Each ends in \b: checkpatch joins
# the names into one regex alternation with \b after the last only, so
# NDIS_STATUS would otherwise match the start of NDIS_STATUS_FAILURE and
# NDIS_PACKET that of NDIS_PACKET_EXTENSION.
td=$tmp/typedefs.txt
# shellcheck disable=SC2086
if ! perl "$top/tests/lib/typedef-names.pl" $files 2>"$tmp/td.err" |
	sed 's/$/\\b/' >"$td" || ! [ -s "$td" ] || [ -s "$tmp/td.err" ]; then
	echo "FAIL: checkpatch/typedefs (tests/lib/typedef-names.pl: $(head -c 500 "$tmp/td.err"))"
	exit 1
fi

# HOME is the tool directory: no ~/.checkpatch.conf changes the verdicts.
export HOME="$cpdir"
opts="--no-tree --terse --show-types --no-summary -q"
common="$opts --typedefsfile $td"

# ---- self-test: checkpatch finds a real problem and knows our types -------
# Without the typedef names checkpatch reads "MDL *m" as a multiplication.
cat >"$tmp/selftest.c" <<'EOF'
// SPDX-License-Identifier: GPL-2.0-only
/* checkpatch self-test: one real finding and Windows-typed code. */
unsigned long selftest(NDIS_PACKET *p)
{
	unsigned long n = 0;

	for (MDL *m = p->Private.Head; m; m = m->Next)
	{
		n += m->ByteCount;
	}
	return n;
}
EOF
finding_types() { # checkpatch's output -> its sorted finding types
	sed -n 's/^[^:]*:[0-9]*: [A-Z]*:\([A-Z_]*\):.*/\1/p' | sort -u | tr '\n' ' '
}
# shellcheck disable=SC2086
got=$(perl "$cp" $common -f "$tmp/selftest.c" 2>&1 | finding_types)
# shellcheck disable=SC2086
bare=$(perl "$cp" $opts -f "$tmp/selftest.c" 2>&1 | finding_types)
if [ "$got" != "OPEN_BRACE " ]; then
	echo "FAIL: checkpatch/self-test (expected exactly OPEN_BRACE on the test file, got: ${got:-nothing})"
	exit 1
elif [ "$bare" != "OPEN_BRACE SPACING " ]; then
	echo "FAIL: checkpatch/self-test (without the typedef names expected OPEN_BRACE and SPACING, got: ${bare:-nothing}: the names are not what clears Windows-typed code)"
	exit 1
fi
echo "PASS: checkpatch/self-test"

# ---- the module's sources -------------------------------------------------
toolid=$(cat "$cpdir/checkpatch.pl" "$cpdir/spelling.txt" \
	"$cpdir/const_structs.checkpatch" "$td" | sha256sum | cut -c1-64)
key() { # FILE IGNORES: identity of one verdict
	{ printf '%s\n' "$toolid" "$opts" "$2" "$1"; cat "$1"; } |
		sha256sum | cut -c1-64
}
: >"$tmp/keys"
for f in $files; do
	ign=$(ignores "$f")
	k=$(key "$f" "$ign")
	if [ -z "${NDL_CHECKPATCH_NOCACHE:-}" ] && [ -e "$cpdir/passed/$k" ]; then
		printf '%s %s cached\n' "$f" "$k" >>"$tmp/keys"
	else
		printf '%s %s checked\n' "$f" "$k" >>"$tmp/keys"
		echo "$f" >>"$tmp/group.$ign"
	fi
done

# Files sharing options go through one checkpatch process per 8, two at a
# time; each process writes its own output file and exit status.
for g in "$tmp"/group.*; do
	[ -e "$g" ] || continue
	ign=${g##*/group.}
	# shellcheck disable=SC2016,SC2086,SC2046
	xargs -P2 -n8 sh -c '
		out=$(mktemp "$1/out.XXXXXX") || exit 1
		shift
		"$@" >"$out" 2>&1
		echo $? >"$out.rc"' sh "$tmp" \
		perl "$cp" $common \
		$([ "$ign" = none ] || echo "--ignore $ign") -f <"$g" ||
		echo "xargs exited $? on ${g##*/}" >>"$tmp/xargs.err"
done

status=0
if [ -s "$tmp/xargs.err" ]; then
	echo "FAIL: checkpatch/run (not every file was checked: $(cat "$tmp/xargs.err"))"
	status=1
fi
cat "$tmp"/out.?????? >"$tmp/all" 2>/dev/null || : >"$tmp/all"
# Every line must be a finding "FILE:LINE: LEVEL:TYPE: message".
if grep -v '^[^: ]*:[0-9]*: [A-Z]*:[A-Z0-9_]*: ' "$tmp/all" >"$tmp/noise"; then
	echo "FAIL: checkpatch/run (checkpatch printed something other than findings: $(head -c 300 "$tmp/noise"))"
	status=1
fi
for rc in "$tmp"/out.*.rc; do
	[ -e "$rc" ] || continue
	case $(cat "$rc") in
	0 | 1) ;;
	*)
		echo "FAIL: checkpatch/run (checkpatch exited $(cat "$rc"); see build/test-results/unit/checkpatch.log)"
		cat "${rc%.rc}" >&2
		status=1 ;;
	esac
done

checked=0 bad=0 cached=0
while read -r f k how; do
	checked=$((checked + 1))
	if [ "$how" = cached ]; then
		cached=$((cached + 1))
		touch "$cpdir/passed/$k"
		echo "PASS: checkpatch/$f"
		continue
	fi
	awk -v f="$f:" 'index($0, f) == 1' "$tmp/all" >"$tmp/this"
	n=$(wc -l <"$tmp/this")
	if [ "$n" -ne 0 ]; then
		bad=$((bad + 1))
		echo "FAIL: checkpatch/$f ($n findings; first: $(head -n 1 "$tmp/this" | cut -d' ' -f2-))"
		sed 's/^/    /' "$tmp/this"
	elif [ $status -ne 0 ]; then
		bad=$((bad + 1))
		echo "FAIL: checkpatch/$f (no findings, but checkpatch did not run cleanly: see checkpatch/run)"
	else
		touch "$cpdir/passed/$k"
		echo "PASS: checkpatch/$f"
	fi
done <"$tmp/keys"

# Forget verdicts of file versions that are gone.
find "$cpdir/passed" -type f -mmin +1440 -delete 2>/dev/null

echo "checkpatch: $checked files, $bad failing, $cached unchanged since they passed"
[ $bad -eq 0 ] || status=1
exit $status
