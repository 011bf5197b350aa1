#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Host side of tests/vm/tests/compat_rtl8139.sh: fetch the guest's file
# through the port forward when the guest asks. "fetch whole SHA": the
# file must arrive whole (single-buffer sends cure the first-buffer-only
# driver); "fetch stalls": with single-buffer sends off the same fetch must
# not complete within 8 s (header-only frames on the wire).
set -u
T=$NDL_VM_TEST/host
url=http://127.0.0.1:$NDL_VM_PORT/blob

. "$(dirname "$0")/_lib.sh"
said() { tr -d '\r' <"$NDL_VM_RESULTS" | grep -q "^HOST: $1"; }
# line PREFIX: the rest of the guest's first "HOST: PREFIX..." line, once
# it has said it.
line() {
	wait_guest said "$1" || return 1
	tr -d '\r' <"$NDL_VM_RESULTS" | sed -n "s/^HOST: $1//p" | head -n1
}

want=$(line "fetch whole ") || { echo "FAIL: $T/whole (the guest never asked)"; exit 1; }
got=$(curl -sS --max-time 60 "$url" | sha256sum | cut -d' ' -f1)
if [ "$got" = "$want" ]; then echo "PASS: $T/whole-with-single-buffer-sends"
else echo "FAIL: $T/whole-with-single-buffer-sends (sha256 $got, want $want)"; fi

line "fetch stalls" >/dev/null || { echo "FAIL: $T/stalls (the guest never asked)"; exit 1; }
got=$(curl -sS --max-time 8 "$url" 2>/dev/null | sha256sum | cut -d' ' -f1)
if [ "$got" != "$want" ]; then echo "PASS: $T/stalls-without-single-buffer-sends"
else echo "FAIL: $T/stalls-without-single-buffer-sends (the file arrived: is the test knob working?)"; fi
