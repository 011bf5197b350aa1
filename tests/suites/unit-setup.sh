#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The setup assistant's package handling (helper/pkg/pkg_unpack.c,
# pkg_setup.c) through `ndisload setup` (ASan build) on a temporary
# NDISLOAD_ROOT with a fake sysfs: real archives made here (.zip with
# Python's zipfile, .cab with gcab, a self-extracting .exe), the .inf that
# matches and why, the pre-flight verdict, install and bind; and hostile
# archives (traversal, absolute paths, links, devices, 10k entries, zip
# bombs, truncation, case twins, bidi names), each refused with its precise
# error while the driver store stays as it was and nothing is left behind.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
bin=$top/build/helper/asan
suite=setup
. "$top/tests/lib/suite.sh"
make_or_fail helper/build "$top/build/unit-setup-build.log" -C "$top/helper" test-bins
status=0
for p in python3 gcab; do
	command -v $p >/dev/null || { echo "FAIL: setup/prereqs ($p missing; run installer/deps.sh)"; exit 1; }
done
vether=$top/build/drivers/vether/vether.sys
[ -f "$vether" ] || { echo "FAIL: setup/prereqs ($vether is not built; run make)"; exit 1; }

T=$(mktemp -d "${TMPDIR:-/tmp}/ndl-setup.XXXXXX")
trap 'rm -rf "$T"' EXIT
export NDISLOAD_ROOT=$T/root
R=$NDISLOAD_ROOT
N=$bin/ndisload
mk() { python3 "$top/tests/helper/mkarchive.py" "$@" 2>/dev/null; }

# A fake sysfs: an RTL8139 with no driver, one owned by 8139cp, an e1000.
pci() { # ADDR VEN DEV CLASS [DRIVER]
	d=$R/sys/bus/pci/devices/$1
	mkdir -p "$d"
	echo "0x$2" >"$d/vendor"; echo "0x$3" >"$d/device"
	echo 0x0000 >"$d/subsystem_vendor"; echo 0x0000 >"$d/subsystem_device"
	echo 0x20 >"$d/revision"; echo "0x$4" >"$d/class"
	if [ -n "${5:-}" ]; then
		mkdir -p "$R/sys/bus/pci/drivers/$5"
		ln -s "../../../../bus/pci/drivers/$5" "$d/driver"
	fi
}
pci 0000:00:03.0 10ec 8139 020000 8139cp
pci 0000:00:04.0 10ec 8139 020000
pci 0000:00:05.0 8086 100e 020000 e1000

inf=$top/tests/web/fixtures/webnic/webnic.inf
pkg=$T/pkg
mkdir -p "$pkg"
cp "$inf" "$pkg/webnic.inf"
cp "$vether" "$pkg/webnic.sys"

expect setup-help 0 'Usage: ndisload setup' "$N" setup --help
expect setup-no-package 2 'no PACKAGE given' "$N" setup </dev/null
expect setup-not-terminal 2 'not a terminal; add --yes' "$N" setup --no-start "$pkg/webnic.inf" </dev/null
expect setup-missing 3 'cannot open .*nosuch.zip' "$N" setup --yes "$T/nosuch.zip"

# Store and packages area must not change on refusals.
state() { (cd "$R/var/lib/ndisload" 2>/dev/null && find drivers packages -type f 2>/dev/null |
	sort | xargs -r sha256sum) | sha256sum; }
refused() { # NAME STATUS PATTERN FILE
	before=$(state) pk=$(ls -A "$R/var/lib/ndisload/packages" 2>/dev/null)
	expect "$1" "$2" "$3" "$N" setup --yes --no-start "$4"
	if [ "$(state)" != "$before" ] || [ "$(ls -A "$R/var/lib/ndisload/packages" 2>/dev/null)" != "$pk" ]; then
		fail "$1-leaves-nothing" "the store or the packages folder changed"
	else
		pass "$1-leaves-nothing"
	fi
}

mk good "$T/good.zip" "$inf" "$vether"
# The good package first through the refusals: nothing is installed yet.
mk traversal "$T/traversal.zip" "$inf"; refused zip-traversal 5 'entry 2 climbs out of the package with ".."' "$T/traversal.zip"
mk absolute "$T/absolute.zip" "$inf"; refused zip-absolute 5 'entry 1 has an absolute path' "$T/absolute.zip"
mk symlink "$T/symlink.zip" "$inf"; refused zip-symlink 5 'entry 2 is a link' "$T/symlink.zip"
mk device "$T/device.zip"; refused zip-device 5 'entry 1 is a device, pipe or socket' "$T/device.zip"
mk many "$T/many.zip"; refused zip-10k-entries 5 'many.zip has more than 4096 entries' "$T/many.zip"
mk bomb-file "$T/bomb1.zip" "$inf"; refused zip-bomb-file 5 'webnic.sys would unpack to 70 MiB; at most 64 MiB per file' "$T/bomb1.zip"
mk bomb-total "$T/bomb2.zip"; refused zip-bomb-total 5 'bomb2.zip unpacks to more than 256 MiB' "$T/bomb2.zip"
# The progress bar (drawn on a terminal; forced here) shows while it unpacks.
expect progress-bar 5 'Unpacking \[#*-*\] +[0-9]+%' env NDISLOAD_PROGRESS=always "$N" setup --yes "$T/bomb2.zip"
mk twins "$T/twins.zip" "$inf"; refused zip-case-twins 5 'differ only in case' "$T/twins.zip"
mk twice "$T/twice.zip" "$inf"; refused zip-twice 5 'webnic.inf is in the archive twice' "$T/twice.zip"
mk bidi "$T/bidi.zip" "$inf" "$vether"; refused zip-bidi-name 5 'the name of entry 1 contains the .*U\+202E' "$T/bidi.zip"
mk deep "$T/deep.zip" "$inf"; refused zip-too-deep 5 'lies more than 12 folders deep' "$T/deep.zip"
head -c $(( $(stat -c %s "$T/good.zip") / 2 )) "$T/good.zip" >"$T/truncated.zip"
refused zip-truncated 5 'truncated.zip is damaged or truncated' "$T/truncated.zip"
head -c 4096 /dev/urandom >"$T/random.zip"
refused zip-random 5 'random.zip is not an archive ndisload can open' "$T/random.zip"
cp "$T/good.zip" "$T/noinf.zip"
python3 -c 'import zipfile,sys; zipfile.ZipFile(sys.argv[1],"w").writestr("readme.txt","x")' "$T/noinf.zip"
refused zip-no-inf 5 'the package has no .inf file' "$T/noinf.zip"

# A package for no device here: says so, installs nothing.
sed 's/VEN_10EC&DEV_8139/VEN_1022\&DEV_2000/' "$inf" >"$T/other.inf"
mkdir -p "$T/other"; cp "$T/other.inf" "$T/other/webnic.inf"; cp "$vether" "$T/other/webnic.sys"
(cd "$T/other" && python3 -c 'import zipfile,sys; z=zipfile.ZipFile(sys.argv[1],"w"); [z.write(f) for f in sys.argv[2:]]' "$T/other.zip" webnic.inf webnic.sys)
expect zip-no-match 3 'no device here matches the package' "$N" setup --yes --no-start "$T/other.zip"
[ -z "$(ls -A "$R/var/lib/ndisload/drivers" 2>/dev/null)" ] && pass zip-no-match-installs-nothing ||
	fail zip-no-match-installs-nothing "the store changed"

# The good .zip: which .inf line matches which device, the verdict, install, bind.
out=$("$N" setup --yes --no-start --json "$T/good.zip" 2>&1)
rc=$?
printf '%s\n' "$out" >"$T/good.json"
if [ $rc = 0 ] && python3 - "$T/good.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
p = r['package']
best = p['best']
assert r['done'] is True
assert best['device'] == '0000:00:04.0', best          # the one without a driver first
assert best['inf'] == 'Drivers/Win64/webnic.inf', best
assert best['hardware_id'] == 'PCI\\VEN_10EC&DEV_8139', best
assert best['line'] > 0 and best['model'], best
assert p['matches'][1]['device'] == '0000:00:03.0' and p['matches'][1]['linux_driver'] == '8139cp'
assert any('__MACOSX' in s for s in p['skipped']) and '.DS_Store' in p['skipped'], p['skipped']
assert p['devices'][0]['id'] == '0000:00:04.0', [d['id'] for d in p['devices']]
inf = p['infs'][0]
assert inf['usable'] and inf['check']['verdict'] in ('ok', 'warn', 'unchecked'), inf
assert inf['check']['words'], inf
assert r['install']['driver']['name'] == 'webnic'
assert r['bind']['device']['bound'] == 'webnic'
PY
then pass zip-good-json; else fail zip-good-json "exit $rc: $(head -c 600 "$T/good.json")"; fi
expect zip-good-human 0 '0000:00:04.0: Drivers/Win64/webnic.inf line [0-9]+ names PCI.VEN_10EC&DEV_8139' \
	"$N" setup --yes --no-start "$T/good.zip"
[ -f "$R/var/lib/ndisload/drivers/webnic/webnic.sys" ] && pass zip-installed || fail zip-installed "no webnic.sys in the store"
grep -q '^driver *= *webnic' "$R/etc/ndisload/bindings.conf" 2>/dev/null && pass zip-bound ||
	fail zip-bound "$(cat "$R/etc/ndisload/bindings.conf" 2>&1 | head -3)"
n=$(ls "$R/var/lib/ndisload/packages" | wc -l)
[ "$n" -le 2 ] && pass packages-bounded || fail packages-bounded "$n packages kept"
stat -c %a "$R/var/lib/ndisload/packages" | grep -qx 700 && pass packages-private || fail packages-private "mode $(stat -c %a "$R/var/lib/ndisload/packages")"

# A .cab (gcab), then a self-extracting .exe (a stub before the zip).
(cd "$pkg" && gcab -c -n "$T/webnic.cab" webnic.inf webnic.sys)
expect cab-good 0 'Installed driver webnic' "$N" setup --yes --no-start --name webnic "$T/webnic.cab"
expect -F cab-format 0 '"format": "CAB ' "$N" setup --yes --no-start --json "$T/webnic.cab"
{ head -c 8192 "$vether"; cat "$T/good.zip"; } >"$T/setup.exe"
expect sfx-exe 0 'Drivers/Win64/webnic.inf line' "$N" setup --yes --no-start "$T/setup.exe"
cp "$vether" "$T/installer.exe"
expect exe-not-archive 5 'installer.exe is not an archive ndisload can open' "$N" setup --yes "$T/installer.exe"
# Loose files: the .inf with its .sys next to it.
expect inf-loose 0 '0000:00:04.0: webnic.inf line' "$N" setup --yes --no-start "$pkg/webnic.inf"
# The Linux driver's device, asked for by --device: bound, its driver kept.
expect device-option 0 'Bound 0000:00:03.0 to webnic' "$N" setup --yes --no-start --device 0000:00:03.0 "$T/good.zip"
# Interactive on a terminal (a pty): no PACKAGE lists the devices that need a
# driver and asks for it; the user picks the second match and confirms.
out=$(python3 - "$N" "$T/good.zip" <<'PY' 2>&1
import os, pty, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1], 'setup', '--no-start'])
out = b''
def until(text, t=60):
    global out
    end = time.time() + t
    while text.encode() not in out and time.time() < end:
        try:
            out += os.read(fd, 4096)
        except OSError:
            break
for prompt, answer in (('driver package', sys.argv[2]), ('Which one', '1'), ('[y/N]', 'y')):
    until(prompt)
    os.write(fd, (answer + '\n').encode())
until('Bound')
print(out.decode(errors='replace'))
PY
)
if printf '%s\n' "$out" | grep -q 'Network devices without a working driver:' &&
   printf '%s\n' "$out" | grep -q 'Install Drivers/Win64/webnic.inf and use it for 0000:00:04.0?' &&
   printf '%s\n' "$out" | grep -q 'Bound 0000:00:04.0 to webnic'; then
	pass interactive
else
	fail interactive "$(printf '%s\n' "$out" | tail -n 5 | tr '\n' ' ')"
fi

# Without the module, starting fails with its precise reason.
expect no-module 7 'ndisload setup: .*module' "$N" setup --yes "$T/good.zip"

exit $status
