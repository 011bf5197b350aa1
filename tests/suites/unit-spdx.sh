#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Every tracked source file carries "SPDX-License-Identifier: GPL-2.0-only"
# in its first 3 lines (line 2 after a #! or <!DOCTYPE>). Source files are
# the tracked *.c *.h *.sh *.js *.css *.html, every Makefile and Kbuild, and
# extensionless files starting with "#!". One FAIL line per offender says
# what is wrong and the exact line to add. User-space API headers (*/uapi/*)
# may add the kernel's "WITH Linux-syscall-note" exception, as Linux's own do.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
want=GPL-2.0-only
head_lines=3

if ! git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	echo "SKIP: spdx (not a git checkout: cannot tell which files are tracked)"
	exit 0
fi

# The comment to suggest, by file type.
spdx_line() {
	case $1 in
	*.c) echo "// SPDX-License-Identifier: $want" ;;
	*.h | *.css) echo "/* SPDX-License-Identifier: $want */" ;;
	*.js) echo "// SPDX-License-Identifier: $want" ;;
	*.html) echo "<!-- SPDX-License-Identifier: $want -->" ;;
	*) echo "# SPDX-License-Identifier: $want" ;;
	esac
}

is_source() {
	case $1 in
	*.c | *.h | *.sh | *.js | *.css | *.html) return 0 ;;
	Makefile | */Makefile | Kbuild | */Kbuild) return 0 ;;
	esac
	case ${1##*/} in
	*.*) return 1 ;;	# some other extension: data, docs, INF files
	esac
	[ "$(head -c 2 "$top/$1" 2>/dev/null)" = '#!' ]
}

checked=0 bad=0
list=$(mktemp) || exit 1
trap 'rm -f "$list"' EXIT
git -C "$top" -c core.quotepath=off ls-files >"$list"
while IFS= read -r f; do
	# Tracked but deleted or replaced by a symlink in the work tree (another
	# change in progress): nothing to check.
	[ -f "$top/$f" ] && [ ! -L "$top/$f" ] || continue
	is_source "$f" || continue
	checked=$((checked + 1))
	hit=$(grep -n -m 1 'SPDX-License-Identifier:' "$top/$f")
	if [ -z "$hit" ]; then
		where="line 1"
		[ "$(head -c 2 "$top/$f")" = '#!' ] && where="line 2, after the #! line"
		echo "FAIL: spdx/$f (no SPDX line; add as $where: $(spdx_line "$f"))"
		bad=$((bad + 1)); continue
	fi
	line=${hit%%:*}
	id=$(echo "$hit" | sed -e 's/.*SPDX-License-Identifier:[[:space:]]*//' \
		-e 's/[[:space:]]*\(\*\/\|-->\)\{0,1\}[[:space:]]*$//')
	case $f:$id in
	*/uapi/*:"$want WITH Linux-syscall-note") id=$want ;;
	esac
	if [ "$id" != "$want" ]; then
		echo "FAIL: spdx/$f (line $line says \"$id\"; ndisload is $want: $(spdx_line "$f"))"
		bad=$((bad + 1))
	elif [ "$line" -gt "$head_lines" ]; then
		echo "FAIL: spdx/$f (SPDX line is line $line; it must be within the first $head_lines lines)"
		bad=$((bad + 1))
	fi
done <"$list"

if [ "$checked" -eq 0 ]; then
	echo "FAIL: spdx (no tracked source files found; is $top the ndisload tree?)"
	exit 1
fi
if [ "$bad" -ne 0 ]; then
	echo "spdx: $bad of $checked tracked source files need \"SPDX-License-Identifier: $want\" (see the FAIL lines)"
	exit 1
fi
echo "PASS: spdx ($checked tracked source files carry SPDX-License-Identifier: $want)"
