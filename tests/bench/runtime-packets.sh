#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Instructions per 1514-byte frame (valgrind --tool=callgrind) for a send
# and a receive through the NDIS runtime (host -> NDIS_PACKET ->
# MiniportSendPackets -> NdisMSendComplete -> host; NdisMIndicateReceivePacket
# -> host copy -> MiniportReturnPacket), next to a plain copy of the same
# frame. Each figure is the difference between runs of 1000 and 11000
# frames divided by 10000, so setup costs cancel. Then the cost of the
# single_buffer_sends compatibility setting: the frame in three fragments to
# a scatter-gather bus master, as three buffers and copied into one.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
bin="$top/build/test-bin/ndis/bench-packets"
if ! command -v valgrind >/dev/null 2>&1; then
	echo "runtime-packets: valgrind not installed (installer/deps.sh)"
	exit 0
fi
make -s -C "$top/tests/runtime" fixtures >/dev/null
make -s -C "$top/tests/runtime" -f ndis_tests.mk "$bin" >/dev/null
export NDL_BUILD="$top/build"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ir MODE N: instructions of one run, or a message naming what failed.
ir() {
	if ! valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" \
		"$bin" "$1" "$2" >/dev/null 2>"$tmp/err"; then
		grep -v '^==' "$tmp/err" >&2
		echo "runtime-packets: FAIL: bench-packets $1 $2 failed" >&2
		return 1
	fi
	n=$(sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$tmp/err")
	[ -n "$n" ] || { echo "runtime-packets: FAIL: no callgrind count for $1" >&2; return 1; }
	echo "$n"
}

per_frame() {
	a=$(ir "$1" 1000) && b=$(ir "$1" 11000) || return 1
	echo $(( (b - a) / 10000 ))
}

status=0
multi=$(per_frame sg-multi) || status=1
single=$(per_frame sg-single) || status=1
printf 'runtime-packets: 3-fragment send with scatter-gather DMA: %s instructions/frame as 3 buffers, %s as one (single_buffer_sends on)\n' \
	"${multi:-FAILED}" "${single:-FAILED}"
copy=$(per_frame copy) || status=1
send=$(per_frame send) || status=1
recv=$(per_frame recv) || status=1
printf 'runtime-packets: send %s instructions/frame, receive %s instructions/frame (incl. the host copy and MiniportReturnPacket), plain copy of the frame %s instructions\n' \
	"${send:-FAILED}" "${recv:-FAILED}" "${copy:-FAILED}"
exit $status
