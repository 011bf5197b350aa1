#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Which Debian kernels can we build for and boot?
#   kver.sh default   the Debian 12 default kernel (6.1) if installed, else
#                     the first usable one
#   kver.sh list      every kernel with both headers (/lib/modules/V/build)
#                     and an image (/boot/vmlinuz-V), oldest first
# The host's running kernel is irrelevant: it cannot load modules here.
set -eu
usable() {
	for d in /lib/modules/*/build; do
		[ -d "$d" ] || continue
		v=${d#/lib/modules/}; v=${v%/build}
		[ -e "/boot/vmlinuz-$v" ] && echo "$v"
	done | sort -V
}
case "${1:-default}" in
list)
	usable ;;
default)
	usable | grep -E '^6\.1\.' | tail -n1 | grep . || usable | head -n1 ;;
*)
	echo "usage: $0 default|list" >&2; exit 2 ;;
esac
