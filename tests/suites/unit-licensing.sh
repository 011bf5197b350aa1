#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Licensing: the sanitized C tests of libndllicense (tests/licensing/), the
# vendor tool ndisload-license end to end, and `ndisload license` in a
# private NDISLOAD_ROOT with a brand that requires a license — through the
# stand-alone CLI build and, when it is built, through build/bin/ndisload.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
tbin=$top/build/test-bin/licensing
tool=$tbin/ndisload-license
status=0
suite=licensing
. "$top/tests/lib/suite.sh"

. "$top/tests/lib/run-binary.sh"
for t in format scope state; do
	if [ ! -x "$tbin/test-$t" ]; then
		fail "$t" "$tbin/test-$t is not built (make -C licensing)"
		continue
	fi
	run -l "$tbin/test-$t.out" "licensing/$t" "$tbin/test-$t"
	head -n 20 "$tbin/test-$t.out"
done

[ -x "$tool" ] || { fail tool "$tool is not built"; exit 1; }
work=$(mktemp -d /tmp/ndl-lic-suite-XXXXXX) || exit 1
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

# ---- the vendor tool ---------------------------------------------------------
expect -F tool/help 0 "keygen --out PREFIX" "$tool" --help
expect -F tool/unknown-command 2 'unknown command "frobnicate"' "$tool" frobnicate
expect -F tool/keygen 0 "wrote vendor.key" "$tool" keygen --out vendor --vendor "Example Networks" --product "NetLink 8139"
if [ "$(stat -c %a vendor.key)" = 600 ] && [ "$(stat -c %a vendor.pub)" = 644 ]; then
	pass tool/keygen-modes
else
	fail tool/keygen-modes "vendor.key is $(stat -c %a vendor.key), vendor.pub $(stat -c %a vendor.pub)"
fi
cp vendor.key vendor.key.orig
expect -F tool/keygen-never-overwrites 2 "keygen never overwrites a key" "$tool" keygen --out vendor
cmp -s vendor.key vendor.key.orig && pass tool/keygen-key-unchanged || fail tool/keygen-key-unchanged "vendor.key changed"
"$tool" keygen --out other >/dev/null 2>&1

# The host the CLI tests run as: its machine ID and host ID.
root=$work/root
mkdir -p "$root/etc"
echo 0123456789abcdef0123456789abcdef >"$root/etc/machine-id"
cli=$tbin/ndl-license-cli
hostid=$(NDISLOAD_ROOT=$root "$cli" license hostid)
case $hostid in
????-????-????-????) pass cli/hostid ;;
*) fail cli/hostid "got \"$hostid\"" ;;
esac
otherid=$(mkdir -p "$work/r2/etc" && echo fedcba9876543210fedcba9876543210 >"$work/r2/etc/machine-id" &&
	NDISLOAD_ROOT=$work/r2 "$cli" license hostid)

expect -F tool/issue 0 "wrote good.lic" "$tool" issue --key vendor.key --licensee "Jane Doe" \
	--host "$hostid" --expires 2027-12-31 --not-before 2027-01-01 --issued 2027-01-01 \
	--features wireless,wpa3 --out good.lic
expect -F tool/issue-bad-host 2 "its check character does not match" "$tool" issue --key vendor.key \
	--licensee X --host "$(echo "$hostid" | tr 0-9A-Z 1-9A-Z0)" --out x.lic
expect -F tool/issue-bad-device 2 '"10ec:81" is not a device ID' "$tool" issue --key vendor.key \
	--licensee X --devices 10ec:81 --out x.lic
expect -F tool/issue-needs-secret-key 1 "issuing needs the secret .key file" "$tool" issue --key vendor.pub \
	--licensee X --out x.lic
expect -F tool/issue-no-overwrite 3 "never overwritten" "$tool" issue --key vendor.key --licensee X --out good.lic
expect -F tool/show 0 "licensee:   Jane Doe" "$tool" show good.lic
expect -F tool/show-stdin 0 "features:   wireless, wpa3" sh -c "'$tool' show - <good.lic"
expect -F tool/verify 0 "good.lic: valid license for Jane Doe" "$tool" verify --pubkey vendor.pub --date 2027-06-01 good.lic
expect -F tool/verify-host 0 "valid license" "$tool" verify --pubkey vendor.pub --host "$hostid" --date 2027-06-01 good.lic
expect -F tool/verify-expired 1 "signature valid, but the license expired: it was valid until 2027-12-31" \
	"$tool" verify --pubkey vendor.pub --date 2028-01-01 good.lic
expect -F tool/verify-not-yet-valid 1 "the license is not valid before 2027-01-01" \
	"$tool" verify --pubkey vendor.pub --date 2026-12-31 good.lic
expect -F tool/verify-wrong-host 1 "the license is for host $hostid, not for this host ($otherid)" \
	"$tool" verify --pubkey vendor.pub --host "$otherid" good.lic
"$tool" issue --key vendor.key --licensee "Dev Shop" --devices 10ec:8139 --out dev.lic 2>/dev/null
expect -F tool/verify-wrong-device 1 'the license is for the device PCI\VEN_10EC&DEV_8139, which is not present' \
	"$tool" verify --pubkey vendor.pub --devices 'PCI\VEN_8086&DEV_100E&SUBSYS_00000000' dev.lic
expect -F tool/verify-right-device 0 "valid license" \
	"$tool" verify --pubkey vendor.pub --devices 'PCI\VEN_10EC&DEV_8139&SUBSYS_11001AF4&REV_20' dev.lic
sed 's/^licensee: Jane Doe/licensee: Jane Dough/' good.lic >flipped.lic
expect -F tool/verify-flipped 1 "the signature does not match the license text: it was changed after it was issued" \
	"$tool" verify --pubkey vendor.pub flipped.lic
expect -F tool/verify-wrong-key 1 "but the key expected here is $(sed -n 's/^key-id: //p' other.pub)" \
	"$tool" verify --pubkey other.pub good.lic
head -c 400 good.lic >truncated.lic
expect -F tool/verify-truncated 1 'the license is incomplete: the "signature" line is missing (was the text cut off when copying?)' \
	"$tool" verify --pubkey vendor.pub truncated.lic
head -c 1000 "$tool" >garbage.lic
expect -F tool/verify-garbage 1 "not an ndisload license: it contains binary data" \
	"$tool" verify --pubkey vendor.pub garbage.lic
expect -F tool/verify-pubkey-is-secret 1 "this is a secret signing key, not a public key" \
	"$tool" verify --pubkey vendor.key good.lic

if command -v groff >/dev/null 2>&1; then
	warn=$(groff -man -Tutf8 -ww -z "$top/licensing/ndisload-license.1" 2>&1)
	[ -z "$warn" ] && pass tool/man-page || fail tool/man-page "groff: $warn"
else
	echo "SKIP: licensing/tool/man-page (groff is not installed)"
fi

# ---- `ndisload license` in a branded test tree ----------------------------
brand=$root/usr/share/ndisload/brand
mkdir -p "$brand/driver"
cp vendor.pub "$brand/license.pub"
echo "MZ bundled driver" >"$brand/driver/rtl8139.sys"
cat >"$brand/brand.json" <<JSON
{"format": 1, "vendor": "Example Networks", "product": "NetLink 8139",
 "support_url": "https://support.example.com/key",
 "driver": {"name": "rtl8139", "dir": "driver"},
 "license": {"required": true, "trial_days": 30, "pubkey": "license.pub"}}
JSON

cli_suite() { # NAME CMD: the same checks through one build of `ndisload license`
	n=$1 c=$2
	rm -rf "$root/etc/ndisload" "$root/var"
	export NDISLOAD_ROOT=$root
	NDISLOAD_NOW=2027-03-01 expect -F "$n/status-trial" 0 "Trial: 30 days left (ends 2027-03-31)." $c license
	NDISLOAD_NOW=2027-03-01 expect -F "$n/status-json" 0 '"state":"trial"' sh -c "$c license --json | tr -d '\n'"
	NDISLOAD_NOW=2027-04-15 expect -F "$n/status-expired" 6 "Expired: the 30-day trial ended on 2027-03-31." $c license status
	NDISLOAD_NOW=2027-04-15 expect -F "$n/install-garbage" 5 "not installed: not an ndisload license: it contains binary data" \
		$c license install garbage.lic
	NDISLOAD_NOW=2027-04-15 expect -F "$n/install-flipped" 5 "the signature does not match" $c license install flipped.lic
	NDISLOAD_NOW=2027-04-15 expect -F "$n/install-wrong-key" 5 "signed with vendor key" \
		sh -c "'$tool' issue --key other.key --vendor V --product 'NetLink 8139' --licensee X --out - | $c license install -"
	[ ! -e "$root/etc/ndisload/license" ] && pass "$n/refused-not-stored" ||
		fail "$n/refused-not-stored" "a refused license was stored"
	NDISLOAD_NOW=2027-04-15 expect -F "$n/install-stdin" 0 "Licensed to Jane Doe until 2027-12-31." \
		sh -c "$c license install - <good.lic"
	NDISLOAD_NOW=2027-04-15 expect -F "$n/status-licensed" 0 "Licensed to Jane Doe until 2027-12-31." $c license
	NDISLOAD_NOW=2028-01-01 expect -F "$n/status-license-expired" 6 \
		"Expired: the license for Jane Doe was valid until 2027-12-31." $c license
	NDISLOAD_NOW=2027-04-15 expect -F "$n/remove" 0 "Expired: the 30-day trial ended on 2027-03-31." $c license remove
	NDISLOAD_NOW=2027-04-15 expect -F "$n/install-file-json" 0 '"licensee":"Jane Doe"' \
		sh -c "$c license install good.lic --json | tr -d '\n'"
	expect -F "$n/usage" 2 'unknown command "frobnicate"' $c license frobnicate
	expect -F "$n/install-needs-file" 2 "give the license FILE" $c license install
	unset NDISLOAD_ROOT
}

if [ -x "$cli" ]; then
	cli_suite cli "$cli"
else
	fail cli "$cli is not built"
fi
ndisload=$top/build/bin/ndisload
if [ -x "$ndisload" ] && "$ndisload" license --help >/dev/null 2>&1; then
	cli_suite ndisload "$ndisload"
else
	echo "SKIP: licensing/ndisload (build/bin/ndisload with the license command is not built)"
fi
exit $status
