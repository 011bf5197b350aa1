#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Every export a spec table knows but does not implement (NDL_TODO in
# module/runtime/*/*.spec.h) is listed with its reason under "Refused
# exports" in docs/runtime.md, and nothing listed there is implemented:
# the two sets are equal. One PASS/FAIL line.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

sed -n 's/^NDL_TODO(\([A-Za-z0-9_]*\),.*/\1/p' "$top"/module/runtime/*/*.spec.h |
	sort -u >"$tmp/todo"
# The section's list items: backquoted names before the "(dll):" reason.
sed -n '/^### Refused exports/,/^##/p' "$top/docs/runtime.md" |
	grep '^- `' | sed 's/ ([a-z0-9]*):.*//' | tr ',' '\n' |
	sed -n 's/.*`\([A-Za-z0-9_]*\)`.*/\1/p' | sort -u >"$tmp/doc"
if ! [ -s "$tmp/todo" ] || ! [ -s "$tmp/doc" ]; then
	echo "FAIL: runtime/spec-docs (no NDL_TODO entries or no Refused exports section found)"
	exit 1
fi
undoc=$(comm -23 "$tmp/todo" "$tmp/doc")
stale=$(comm -13 "$tmp/todo" "$tmp/doc")
if [ -n "$undoc" ] || [ -n "$stale" ]; then
	echo "FAIL: runtime/spec-docs"
	[ -n "$undoc" ] && echo "NDL_TODO without a reason in docs/runtime.md:" $undoc >&2
	[ -n "$stale" ] && echo "listed as refused in docs/runtime.md but not NDL_TODO:" $stale >&2
	exit 1
fi
echo "PASS: runtime/spec-docs ($(wc -l <"$tmp/todo") refused exports, each with its reason)"
