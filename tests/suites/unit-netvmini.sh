#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Microsoft's NDIS 6 sample miniport (netvmini, tests/netvmini): built
# unmodified from ../shared/third-party for each NDIS version the build
# makes, as an MSVC-style driver (x64 unwind data, /guard:cf, checksum);
# `ndisload check` reads it as what it is: its NDIS version, the
# handlers DriverEntry registers (run in the sandbox), and exactly the
# missing imports tests/netvmini/netvmini<ver>.missing lists, which
# shrinks as the runtime grows (update it, and say so in the commit).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/build/drivers-msvc
N=$top/build/bin/ndisload
objdump=${OBJDUMP:-x86_64-w64-mingw32-objdump}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { printf 'FAIL: %s (%s)\n' "$1" "$2"; status=1; }

if ! make -s -C "$top/tests/netvmini" >"$tmp/build.log" 2>&1; then
	mkdir -p "$top/build"
	cp "$tmp/build.log" "$top/build/netvmini-build.log"
	echo "FAIL: netvmini/build (see build/netvmini-build.log)"
	exit 1
fi
if grep -q 'sample not found' "$tmp/build.log"; then
	echo "SKIP: netvmini (Microsoft's sample is not beside the repository: ../shared/third-party/netvmini-6x)"
	exit 0
fi
echo "PASS: netvmini/build"
[ -x "$N" ] || { echo "FAIL: netvmini/check (build/bin/ndisload missing: run make)"; exit 1; }

handlers="SetOptions InitializeEx HaltEx DriverUnload Pause Restart OidRequest SendNetBufferLists ReturnNetBufferLists CancelSend CheckForHangEx ResetEx DevicePnPEventNotify ShutdownEx CancelOidRequest"

for v in $(sed -n 's/^VERSIONS := //p' "$top/tests/netvmini/Makefile"); do
	t=netvmini$v sys=$out/netvmini$v/netvmini$v.sys inf=$out/netvmini$v/netvmini$v.inf
	want=$(echo "$v" | sed 's/^6/6./')	# 620 -> 6.20
	[ -f "$sys" ] || { fail "$t/pe" "$sys missing"; continue; }

	"$objdump" -p "$sys" >"$tmp/p" 2>&1
	why=
	grep -Eq '^Magic[[:space:]]+020b' "$tmp/p" || why="not PE32+"
	grep -Eq '^Subsystem[[:space:]]+00000001' "$tmp/p" || why="${why:+$why; }subsystem is not native"
	grep -Eq '^Entry 3 [0-9a-f]+ 0*[1-9a-f][0-9a-f]* Exception Directory' "$tmp/p" ||
		why="${why:+$why; }no .pdata"
	grep -Eq '^DllCharacteristics[[:space:]]+0*[0-9a-f]*[4-7cdef][0-9a-f]{3}$' "$tmp/p" ||
		why="${why:+$why; }no GUARD_CF flag"
	[ -z "$why" ] && echo "PASS: $t/pe" || fail "$t/pe" "$why"

	"$N" check --json "$sys" >"$tmp/c.json" 2>"$tmp/c.err"
	jq -e . "$tmp/c.json" >/dev/null 2>&1 || { fail "$t/check" "no JSON report: $(head -c 200 "$tmp/c.err")"; continue; }
	got=$(jq -r '.ndis_version' "$tmp/c.json")
	[ "$got" = "$want" ] && echo "PASS: $t/version" || fail "$t/version" "reported $got, want $want"
	[ "$(jq -r '.checksum_ok' "$tmp/c.json")" = true ] && echo "PASS: $t/checksum" ||
		fail "$t/checksum" "ndisload check finds the PE checksum wrong"
	got=$(jq -r '.sandbox.driver_entry_status_name' "$tmp/c.json")
	[ "$got" = STATUS_SUCCESS ] && echo "PASS: $t/driver-entry" || fail "$t/driver-entry" "DriverEntry returned $got"
	got=$(jq -r '.sandbox.miniport.ndis_version + " " + (.sandbox.miniport.handlers | join(" "))' "$tmp/c.json")
	[ "$got" = "$want $handlers" ] && echo "PASS: $t/handlers" || fail "$t/handlers" "registered: $got"
	jq -r '.missing[]' "$tmp/c.json" >"$tmp/missing"
	if cmp -s "$tmp/missing" "$top/tests/netvmini/netvmini$v.missing"; then
		echo "PASS: $t/missing-imports"
	else
		fail "$t/missing-imports" "$(diff "$top/tests/netvmini/netvmini$v.missing" "$tmp/missing" | grep '^[<>]' | tr '\n' ' ')"
	fi
	# a driver with missing imports is never given a passing verdict
	if [ -s "$tmp/missing" ]; then
		[ "$(jq -r '.verdict' "$tmp/c.json")" = fail ] && echo "PASS: $t/verdict" ||
			fail "$t/verdict" "verdict $(jq -r '.verdict' "$tmp/c.json") with imports missing"
	fi
	[ -f "$inf" ] && iconv -f UTF-16 -t UTF-8 "$inf" | grep -q '^\[Standard\.NTamd64' &&
		! iconv -f UTF-16 -t UTF-8 "$inf" | grep -q 'ARCH' &&
		echo "PASS: $t/inf" || fail "$t/inf" "$inf missing or not stamped for amd64"
done
exit $status
