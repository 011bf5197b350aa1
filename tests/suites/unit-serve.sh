#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Protocol tests against a running `ndisload serve` (ASan build) in a
# private NDISLOAD_ROOT: refused peers, oversized and malformed messages,
# unknown operations and members, path-traversal file names, descriptor
# abuse — each refused with the right code and nothing stored changed — and
# the normal flows (incomplete upload completed through "staging",
# parameters, bind, remove); replies over 64 KiB in a sealed memfd; idle
# clients and uploaded FIFOs whose writer stays open never stall the helper.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
bin=$top/build/helper/asan
suite=serve
. "$top/tests/lib/suite.sh"
make_or_fail serve/build "$top/build/unit-serve-build.log" -C "$top/helper" test-bins
T=$(mktemp -d "${TMPDIR:-/tmp}/ndl-serve.XXXXXX")
chmod 755 "$T"
export NDISLOAD_ROOT=$T/root
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
sock=$T/helper.sock
mkdir -p "$NDISLOAD_ROOT/sys/bus/pci/devices/0000:00:03.0"
d=$NDISLOAD_ROOT/sys/bus/pci/devices/0000:00:03.0
echo 0x10ec >"$d/vendor"; echo 0x8139 >"$d/device"; echo 0x1186 >"$d/subsystem_vendor"
echo 0x1234 >"$d/subsystem_device"; echo 0x20 >"$d/revision"; echo 0x020000 >"$d/class"
pkg=$T/pkg
mkdir -p "$pkg"
cp "$top/tests/helper/inf/acme_pci.inf" "$pkg/"
# A real driver image: the helper refuses a .sys that is not an x86-64 PE.
vether=$top/build/drivers/vether/vether.sys
[ -f "$vether" ] || { echo "FAIL: serve/setup ($vether is not built; run make)"; exit 1; }
cp "$vether" "$pkg/acmefl.sys"
head -c 8192 /dev/urandom >"$pkg/random.sys"
printf 'firmware' >"$pkg/acmefw.bin"
printf 'x' >"$pkg/evil.sys"

"$bin/ndisload" serve --socket "$sock" --allow-user 65534 --idle-timeout 4 --upload-timeout 2 \
	2>"$T/serve.log" &
pid=$!
trap 'kill $pid 2>/dev/null; umount "$T/root/var/lib/ndisload/staging" 2>/dev/null; rm -rf "$T"' EXIT
for i in 1 2 3 4 5 6 7 8 9 10; do [ -S "$sock" ] && break; sleep 0.3; done
chmod 666 "$sock"	# let other uids reach SO_PEERCRED

status=0
call() { "$bin/serve-client" "$sock" "$@" 2>>"$T/client.log"; }
tree() { # a fingerprint of everything stored (the helper's log records refusals: not state)
	(cd "$NDISLOAD_ROOT" && find var etc ! -name 'helper.log*' -type f 2>/dev/null | sort | xargs -r sha256sum; \
	 find var etc ! -name 'helper.log*' 2>/dev/null | sort) | sha256sum
}
# refused NAME CODE CLIENT-ARGS...: the request fails with CODE, nothing changes.
refused() {
	name=$1 code=$2
	shift 2
	before=$(tree)
	out=$(call "$@")
	after=$(tree)
	case "$out" in
	*"\"ok\":false"*"\"code\":\"$code\""*) ;;
	*) fail "$name" "wanted error $code, got: $out"; return ;;
	esac
	[ "$before" = "$after" ] || { fail "$name" "the store or config changed"; return; }
	pass "$name"
}
ok() { # NAME PATTERN CLIENT-ARGS...
	name=$1 pat=$2
	shift 2
	out=$(call "$@")
	case "$out" in
	*"\"ok\":true"*$pat*) pass "$name" ;;
	*) fail "$name" "got: $out" ;;
	esac
}

ok list-empty '"drivers":[]' '{"op":"driver.list"}'
before=$(tree)
out=$(setpriv --reuid=65533 --regid=65533 --clear-groups "$bin/serve-client" "$sock" '{"op":"driver.list"}' 2>/dev/null)
case "$out" in
*'"code":"forbidden"'*) [ "$before" = "$(tree)" ] && pass wrong-peer || fail wrong-peer "state changed" ;;
*) fail wrong-peer "uid 65533 was not refused: $out" ;;
esac
out=$(setpriv --reuid=65534 --regid=65534 --clear-groups "$bin/serve-client" "$sock" '{"op":"driver.list"}' 2>/dev/null)
case "$out" in *'"ok":true'*) pass allowed-peer ;; *) fail allowed-peer "$out" ;; esac
refused oversized too_large --size 70000
refused bad-json bad_request '{"op":"driver.list"'
refused not-object bad_request '[1,2]'
refused trailing-garbage bad_request '{"op":"driver.list"} x'
refused unknown-op unknown_op '{"op":"driver.explode"}'
refused unknown-member bad_request '{"op":"driver.list","args":{},"extra":1}'
refused unknown-arg bad_request '{"op":"driver.get","args":{"name":"x","path":"/etc/passwd"}}'
refused wrong-type bad_request '{"op":"driver.get","args":{"name":5}}'
refused missing-arg bad_request '{"op":"driver.get","args":{}}'
refused args-not-object bad_request '{"op":"status","args":[]}'
refused long-string bad_request "{\"op\":\"driver.get\",\"args\":{\"name\":\"$(printf '%0100d' 0)\"}}"
refused traversal-dotdot bad_request '{"op":"driver.install","args":{"files":[{"name":"../../etc/x.inf"}]}}' "$pkg/acme_pci.inf"
refused traversal-slash bad_request '{"op":"driver.install","args":{"files":[{"name":"a/acme_pci.inf"}]}}' "$pkg/acme_pci.inf"
refused traversal-hidden bad_request '{"op":"driver.install","args":{"files":[{"name":".acme.inf"}]}}' "$pkg/acme_pci.inf"
refused traversal-backslash bad_request '{"op":"driver.install","args":{"files":[{"name":"..\\\\x.inf"}]}}' "$pkg/acme_pci.inf"
refused traversal-driver-name bad_request '{"op":"driver.install","args":{"name":"../../etc","files":[{"name":"acme_pci.inf"},{"name":"acmefl.sys"},{"name":"acmefw.bin"}]}}' "$pkg/acme_pci.inf" "$pkg/acmefl.sys" "$pkg/acmefw.bin"
refused traversal-get not_found '{"op":"driver.get","args":{"name":"../../../etc"}}'
refused traversal-staging bad_request '{"op":"driver.install","args":{"staging":"../../../../tmp","files":[]}}'
refused fd-count-mismatch bad_request '{"op":"driver.install","args":{"files":[{"name":"a.inf"},{"name":"b.sys"}]}}' "$pkg/acme_pci.inf"
refused too-many-fds too_large --fds 20 '{"op":"status"}'
refused fds-unexpected bad_request --fds 1 '{"op":"driver.list"}'
refused duplicate-names bad_request '{"op":"driver.install","args":{"files":[{"name":"acme_pci.inf"},{"name":"ACME_PCI.INF"}]}}' "$pkg/acme_pci.inf" "$pkg/acme_pci.inf"
refused not-an-inf invalid '{"op":"driver.install","args":{"files":[{"name":"evil.sys"}]}}' "$pkg/evil.sys"
# Duplicate keys (json-c would keep the last) and NUL escapes are refused.
refused dup-key bad_request '{"op":"driver.get","op":"status"}'
refused dup-key-nested bad_request '{"op":"driver.get","args":{"name":"a","name":"b"}}'
refused dup-key-escaped bad_request '{"op":"driver.list","\u006fp":"status"}'
refused nul-in-key bad_request '{"op":"driver.get","args":{"name":"x","na\u0000me":"y"}}'
ok same-key-other-objects '"drivers":' '{"op":"driver.list","args":{}}'
# File names: bidi overrides and invalid UTF-8 refused (not echoed back).
refused name-bidi bad_request '{"op":"driver.install","args":{"files":[{"name":"acme\u202efni.inf"}]}}' "$pkg/acme_pci.inf"
refused name-bad-utf8 bad_request "$(printf '{"op":"driver.install","args":{"files":[{"name":"acme\377.inf"}]}}')" "$pkg/acme_pci.inf"
refused params-unknown-driver not_found '{"op":"driver.params.get","args":{"name":"nosuch"}}'

# An upload in two steps: the .inf first, then the missing files.
out=$(call '{"op":"driver.install","args":{"files":[{"name":"acme_pci.inf"}]}}' "$pkg/acme_pci.inf")
staging=$(echo "$out" | sed -n 's/.*"staging":"\([0-9a-f]*\)".*/\1/p')
case "$out" in
*'"state":"incomplete"'*'"missing":["acmefl.sys","acmefw.bin"]'*) pass install-incomplete ;;
*) fail install-incomplete "$out" ;;
esac
ok install-complete '"state":"installed"' \
	"{\"op\":\"driver.install\",\"args\":{\"staging\":\"$staging\",\"files\":[{\"name\":\"acmefl.sys\"},{\"name\":\"acmefw.bin\"}]}}" \
	"$pkg/acmefl.sys" "$pkg/acmefw.bin"
[ -d "$NDISLOAD_ROOT/var/lib/ndisload/staging/$staging" ] && fail staging-cleaned "still there" || pass staging-cleaned
# A .sys of random bytes is refused, not installed with a "fail" verdict.
refused random-sys invalid '{"op":"driver.install","args":{"name":"randomsys","files":[{"name":"acme_pci.inf"},{"name":"acmefl.sys"},{"name":"acmefw.bin"}]}}' "$pkg/acme_pci.inf" "$pkg/random.sys" "$pkg/acmefw.bin"
case "$out" in *'not a usable Windows x86-64 driver image'*) pass random-sys-says-why ;; *) fail random-sys-says-why "$out" ;; esac
# A legal 255-byte file name is kept (its temp file must still fit).
long=$(printf '%0251d' 0).bin
cp "$pkg/acmefw.bin" "$T/$long"
out=$(call "{\"op\":\"driver.install\",\"args\":{\"files\":[{\"name\":\"acme_pci.inf\"},{\"name\":\"$long\"}]}}" "$pkg/acme_pci.inf" "$T/$long")
case "$out" in *'"state":"incomplete"'*"$long"*) pass name-255-bytes ;; *) fail name-255-bytes "$out" ;; esac
ok driver-get '"device_ids":\["PCI\\\\VEN_10EC&DEV_8139"' '{"op":"driver.get","args":{"name":"acme_pci"}}'
refused param-out-of-range invalid '{"op":"driver.params.set","args":{"name":"acme_pci","values":{"ReceiveBuffers":"9999"}}}'
refused param-unknown not_found '{"op":"driver.params.set","args":{"name":"acme_pci","values":{"NoSuch":"1"}}}'
refused param-not-string bad_request '{"op":"driver.params.set","args":{"name":"acme_pci","values":{"ReceiveBuffers":5}}}'
# Values checked against the .inf's type: a NUL does not cut a value short,
# text is UTF-8 without control, format or direction characters.
refused param-nul-number invalid '{"op":"driver.params.set","args":{"name":"acme_pci","values":{"ReceiveBuffers":"128\u0000junk"}}}'
refused param-nul-enum invalid '{"op":"driver.params.set","args":{"name":"acme_pci","values":{"SpeedDuplex":"4\u0000"}}}'
case "$out" in *'the value of SpeedDuplex contains a NUL'*'"field":"values.SpeedDuplex"'*) pass param-names-field ;; *) fail param-names-field "$out" ;; esac
refused param-bidi invalid '{"op":"driver.params.set","args":{"name":"acme_pci","values":{"NetworkAddress":"\u202e0A1B"}}}'
refused param-zero-width invalid '{"op":"driver.params.set","args":{"name":"acme_pci","values":{"NetworkAddress":"0A\u200b1B"}}}'
refused param-c1-control invalid '{"op":"driver.params.set","args":{"name":"acme_pci","values":{"NetworkAddress":"0A\u00851B"}}}'
refused param-bad-utf8 invalid "$(printf '{"op":"driver.params.set","args":{"name":"acme_pci","values":{"NetworkAddress":"0A\300\2571B"}}}')"
refused param-not-int invalid '{"op":"driver.params.set","args":{"name":"acme_pci","values":{"ReceiveBuffers":"64k"}}}'
refused param-int-overflow invalid '{"op":"driver.params.set","args":{"name":"acme_pci","values":{"ReceiveBuffers":"99999999999999999999999"}}}'
ok param-set '"name":"ReceiveBuffers"' '{"op":"driver.params.set","args":{"name":"acme_pci","values":{"ReceiveBuffers":"128"}}}'
[ "$(stat -c %a "$NDISLOAD_ROOT/etc/ndisload/params/acme_pci.conf")" = 600 ] && pass params-mode-0600 || fail params-mode-0600 "$(stat -c %a "$NDISLOAD_ROOT/etc/ndisload/params/acme_pci.conf")"
refused compat-bad-value invalid '{"op":"driver.compat.set","args":{"name":"acme_pci","values":{"multicast_all":"1"}}}'
refused compat-not-string invalid '{"op":"driver.compat.set","args":{"name":"acme_pci","values":{"multicast_all":5}}}'
refused compat-unknown not_found '{"op":"driver.compat.set","args":{"name":"acme_pci","values":{"../x":"on"}}}'
refused compat-traversal not_found '{"op":"driver.compat.get","args":{"name":"../../etc/passwd"}}'
ok compat-set '"name":"multicast_all","title":"Multicast through the all-multicast filter","cures":"*","automatic":"off","value":"on"' '{"op":"driver.compat.set","args":{"name":"acme_pci","values":{"multicast_all":"on"}}}'
ok compat-get '"value":"on"' '{"op":"driver.compat.get","args":{"name":"acme_pci"}}'
ok device-list '"matches":\["acme_pci"\]' '{"op":"device.list"}'
refused bind-no-device not_found '{"op":"device.bind","args":{"device":"0000:09:00.0","driver":"acme_pci"}}'
ok bind '"bound":"acme_pci"' '{"op":"device.bind","args":{"device":"0000:00:03.0","driver":"acme_pci"}}'
refused remove-bound conflict '{"op":"driver.remove","args":{"name":"acme_pci"}}'
refused load-no-module module '{"op":"load","args":{"driver":"acme_pci"}}'
ok diag '"text":"ndisload diagnostic report' '{"op":"diag"}'
ok status '"module":{"loaded":false' '{"op":"status"}'
ok remove-forced '"removed":"acme_pci"' '{"op":"driver.remove","args":{"name":"acme_pci","force":true}}'
[ ! -e "$NDISLOAD_ROOT/var/lib/ndisload/drivers/acme_pci" ] && pass removed-from-store || fail removed-from-store "still there"
ls -A "$NDISLOAD_ROOT/var/lib/ndisload/drivers" | grep -q '^\.' && fail no-leftovers "$(ls -A "$NDISLOAD_ROOT/var/lib/ndisload/drivers")" || pass no-leftovers

# Clients that make the helper wait: it goes on serving everyone else.
"$bin/serve-client" "$sock" --idle 8 >"$T/idle.out" 2>&1 &
idle=$!
sleep 0.5
out=$("$bin/serve-client" --timeout 2 "$sock" '{"op":"driver.list"}' 2>&1)
case "$out" in *'"ok":true'*) pass idle-client-does-not-block ;; *) fail idle-client-does-not-block "$out" ;; esac
wait $idle
case "$(cat "$T/idle.out")" in
*'"code":"bad_request"'*'no request within 4 s'*) pass idle-client-disconnected ;;
*) fail idle-client-disconnected "$(cat "$T/idle.out")" ;;
esac
"$bin/serve-client" "$sock" --flood 14 '{"op":"device.list"}' >"$T/flood.out" 2>&1 &
flood=$!
sleep 2
out=$("$bin/serve-client" --timeout 2 "$sock" '{"op":"driver.list"}' 2>&1)
case "$out" in *'"ok":true'*) pass unread-answers-do-not-block ;; *) fail unread-answers-do-not-block "$out" ;; esac
mkfifo "$T/fifo"
exec 4<>"$T/fifo"	# a writer that stays open
printf 'part of a file' >&4
"$bin/serve-client" "$sock" '{"op":"driver.install","args":{"files":[{"name":"acme_pci.inf"}]}}' \
	"$T/fifo" >"$T/fifo.out" 2>&1 &
fifo=$!
sleep 0.5
out=$("$bin/serve-client" --timeout 1 "$sock" '{"op":"driver.list"}' 2>&1)
case "$out" in *'"ok":true'*) pass open-fifo-does-not-block ;; *) fail open-fifo-does-not-block "$out" ;; esac
before=$(tree)
wait $fifo
exec 4>&-
case "$(cat "$T/fifo.out")" in
*'"code":"bad_request"'*'file 1 did not end within 2 s'*)
	[ "$before" = "$(tree)" ] && pass open-fifo-refused || fail open-fifo-refused "the store changed" ;;
*) fail open-fifo-refused "$(cat "$T/fifo.out")" ;;
esac
cat "$pkg/acme_pci.inf" >"$T/fifo" &
out=$(call '{"op":"driver.install","args":{"files":[{"name":"acme_pci.inf"}]}}' "$T/fifo")
case "$out" in
*'"state":"incomplete"'*'"missing":["acmefl.sys","acmefw.bin"]'*) pass fifo-upload-read ;;
*) fail fifo-upload-read "$out" ;;
esac
refused pipe-too-large too_large '{"op":"driver.install","args":{"files":[{"name":"acme_pci.inf"}]}}' /dev/zero

# Replies of any realistic size: a driver with 5000 parameters.
iconv -f UTF-16 -t UTF-8 "$pkg/acme_pci.inf" | sed 's/^\xef\xbb\xbf//' | awk '
	{ print }
	/^\[FastLink\.Params\]/ {
		for (i = 0; i < 5000; i++) {
			printf "HKR, Ndi\\params\\Bulk%04d, ParamDesc, 0, \"Bulk setting %d\"\n", i, i
			printf "HKR, Ndi\\params\\Bulk%04d, type, 0, \"dword\"\n", i
			printf "HKR, Ndi\\params\\Bulk%04d, default, 0, \"%d\"\n", i, i
		}
	}' >"$T/big.inf"
grep -c 'Bulk[0-9]*, type' "$T/big.inf" >"$T/bulk.count"
out=$(call '{"op":"driver.install","args":{"name":"bulk","files":[{"name":"acme_pci.inf"},{"name":"acmefl.sys"},{"name":"acmefw.bin"}]}}' \
	"$T/big.inf" "$pkg/acmefl.sys" "$pkg/acmefw.bin")
case "$out" in *'"state":"installed"'*) pass install-5000-params ;; *) fail install-5000-params "$(echo "$out" | head -c 300) ($(cat "$T/bulk.count") in the .inf)" ;; esac
"$bin/serve-client" "$sock" '{"op":"driver.params.get","args":{"name":"bulk"}}' >"$T/params.out" 2>"$T/params.err"
n=$(grep -o '"name":"Bulk[0-9]*"' "$T/params.out" | wc -l)
if grep -q '^memfd [0-9]* bytes sealed$' "$T/params.err" && [ "$n" = 5000 ] && grep -q '^{"ok":true' "$T/params.out"; then
	pass large-reply-memfd
else
	fail large-reply-memfd "$n parameters; $(cat "$T/params.err"); $(head -c 200 "$T/params.out")"
fi

wait $flood
if grep -q 'did not read its reply within 10 s: disconnected' "$T/serve.log"; then
	pass unread-answers-disconnected
else
	fail unread-answers-disconnected "$(cat "$T/flood.out"); no such line in the log"
fi

# The staging area is bounded (helper/store/staging.h): 4 sets per client, the
# oldest evicted first; 128 MiB in all, the oldest sets of anyone evicted.
stagedir=$NDISLOAD_ROOT/var/lib/ndisload/staging
stage_one() { # CLIENT [EXTRA-FILE]: an incomplete upload; prints its staging id
	if [ -n "${2:-}" ]; then
		call "{\"op\":\"driver.install\",\"args\":{\"client\":\"$1\",\"files\":[{\"name\":\"acme_pci.inf\"},{\"name\":\"big.bin\"}]}}" "$pkg/acme_pci.inf" "$2"
	else
		call "{\"op\":\"driver.install\",\"args\":{\"client\":\"$1\",\"files\":[{\"name\":\"acme_pci.inf\"}]}}" "$pkg/acme_pci.inf"
	fi | sed -n 's/.*"staging":"\([0-9a-f]*\)".*/\1/p'
}
rm -rf "$stagedir"
first=$(stage_one alice)
for i in 2 3 4 5; do stage_one alice >/dev/null; done
bob=$(stage_one bob)
n=$(grep -lx alice "$stagedir"/*/.client 2>/dev/null | wc -l)
[ "$n" = 4 ] && pass staging-per-client-count || fail staging-per-client-count "$n sets of alice"
[ -n "$first" ] && [ ! -e "$stagedir/$first" ] && pass staging-oldest-evicted || fail staging-oldest-evicted "$first still there"
[ -n "$bob" ] && [ -d "$stagedir/$bob" ] && pass staging-other-client-kept || fail staging-other-client-kept "bob's set gone"
refused staging-evicted-gone not_found "{\"op\":\"driver.install\",\"args\":{\"staging\":\"$first\",\"files\":[]}}"
refused staging-bad-client bad_request '{"op":"driver.install","args":{"client":"../x","files":[{"name":"acme_pci.inf"}]}}' "$pkg/acme_pci.inf"
head -c $((30 << 20)) /dev/zero >"$T/big.bin"
for c in c1 c2 c3 c4 c5; do stage_one "$c" "$T/big.bin" >/dev/null; done
used=$(du -sb "$stagedir" | cut -f1)
[ "$used" -le $((128 << 20)) ] && pass staging-quota "$used bytes" || fail staging-quota "$used bytes kept"
grep -qx c5 "$stagedir"/*/.client && pass staging-newest-kept || fail staging-newest-kept "c5 missing"
grep -qx c1 "$stagedir"/*/.client && fail staging-quota-oldest-evicted "c1 kept" || pass staging-quota-oldest-evicted
# A disk that cannot take a set: 507 no_space (a small tmpfs over the area).
rm -rf "$stagedir"; mkdir -p "$stagedir"
if mount -t tmpfs -o size=40m ndl-staging "$stagedir" 2>"$T/mount.err"; then
	head -c $((12 << 20)) /dev/zero >"$T/mid.bin"
	refused staging-no-space no_space '{"op":"driver.install","args":{"files":[{"name":"acme_pci.inf"},{"name":"mid.bin"}]}}' "$pkg/acme_pci.inf" "$T/mid.bin"
	[ -z "$(ls -A "$stagedir")" ] && pass staging-no-space-leaves-nothing || fail staging-no-space-leaves-nothing "$(ls -A "$stagedir")"
	umount "$stagedir"
else
	echo "SKIP: serve/staging-no-space (cannot mount a tmpfs: $(cat "$T/mount.err"))"
fi

if kill -0 $pid 2>/dev/null; then pass alive-after-abuse; else fail alive-after-abuse "the server died"; fi
kill $pid; wait $pid 2>/dev/null
if grep -q 'ERROR: AddressSanitizer\|runtime error\|LeakSanitizer' "$T/serve.log"; then
	fail sanitizers "$(grep -m3 'ERROR\|runtime error' "$T/serve.log")"
else
	pass sanitizers
fi
[ -e "$sock" ] && fail socket-removed "left behind" || pass socket-removed
exit $status
