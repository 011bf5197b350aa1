#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The ndisload helper without a kernel: the .inf parser over
# tests/helper/inf/ and the Microsoft samples, the configuration format and
# parameter checks (C unit tests, ASan/UBSan), then the CLI (ASan build) in a
# temporary NDISLOAD_ROOT with a fake sysfs: store, reinstall, device
# matching and ranking, bindings, parameters, removal, --help, --json and
# exit codes on bad input.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
bin=$top/build/helper/asan
suite=helper
. "$top/tests/lib/suite.sh"
make_or_fail helper/build "$top/build/unit-helper-build.log" -C "$top/helper" test-bins
status=0
"$bin/test_inf" "$top/tests/helper/inf" "$top/tests/helper/inf-corpus" || status=1
"$bin/test_conf" || status=1
"$bin/test_doctor" || status=1
"$bin/test_kmsg" || status=1
"$bin/test_virt" || status=1
"$bin/test_iso_unit" || status=1
"$bin/test_isolated" || status=1

T=$(mktemp -d "${TMPDIR:-/tmp}/ndl-helper.XXXXXX")
trap 'rm -rf "$T"' EXIT
export NDISLOAD_ROOT=$T/root
R=$NDISLOAD_ROOT
N=$bin/ndisload

# A fake sysfs: an RTL8139 owned by 8139cp, an e1000, a USB adapter.
pci() { # ADDR VEN DEV SVEN SDEV REV CLASS [DRIVER]
	d=$R/sys/bus/pci/devices/$1
	mkdir -p "$d"
	echo "0x$2" >"$d/vendor"; echo "0x$3" >"$d/device"
	echo "0x$4" >"$d/subsystem_vendor"; echo "0x$5" >"$d/subsystem_device"
	echo "0x$6" >"$d/revision"; echo "0x$7" >"$d/class"
	if [ -n "${8:-}" ]; then
		mkdir -p "$R/sys/bus/pci/drivers/$8"
		ln -s "../../../../bus/pci/drivers/$8" "$d/driver"
		mkdir -p "$d/net/eth0"
	fi
}
pci 0000:00:03.0 10ec 8139 1186 1234 20 020000 8139cp
pci 0000:00:04.0 10ec 8139 10ec 8139 10 020000
pci 0000:00:05.0 8086 100e 8086 001e 03 020000
pci 0000:00:01.0 8086 7000 0000 0000 00 060100
u=$R/sys/bus/usb/devices/1-1
mkdir -p "$u" "$u/../1-1:1.0" "$u/../usb1"
echo 0cf3 >"$u/idVendor"; echo 1002 >"$u/idProduct"; echo 0100 >"$u/bcdDevice"; echo ff >"$u/bDeviceClass"
echo 00 >"$u/../1-1:1.0/bInterfaceNumber"; echo ff >"$u/../1-1:1.0/bInterfaceClass"

# Packages laid out as vendors ship them.
acme=$T/acme
mkdir -p "$acme/x64/firmware"
cp "$top/tests/helper/inf/acme_pci.inf" "$acme/"
# A real driver image: a .sys that is not an x86-64 PE is refused.
vether=$top/build/drivers/vether/vether.sys
[ -f "$vether" ] || { echo "FAIL: helper/setup ($vether is not built; run make)"; exit 1; }
cp "$vether" "$acme/x64/ACMEFL.SYS"
printf 'acme firmware' >"$acme/x64/firmware/acmefw.bin"
printf 'help' >"$acme/x64/acmefl.hlp"
wave=$T/wave
mkdir -p "$wave/firmware"
cp "$top/tests/helper/inf/wavelan_usb.inf" "$top/tests/helper/inf/wavecommon.inf" "$wave/"
cp "$vether" "$wave/waveusb.sys"
printf 'wave fw' >"$wave/firmware/wave_fw.bin"
pcn=$T/pcn
mkdir -p "$pcn"
cp "$top/tests/helper/inf/ansi_crlf.inf" "$pcn/pcnet.inf"

# Usage and help.
expect no-command 2 'Usage: ndisload COMMAND' "$N"
expect unknown-command 2 "'frobnicate' is not a command" "$N" frobnicate
expect top-help 0 'Commands:' "$N" --help
for c in install list remove inspect devices bind unbind params load status diag serve version; do
	expect "help-$c" 0 "Usage: ndisload $c" "$N" "$c" --help
done
expect help-via-help 0 'Usage: ndisload bind' "$N" help bind
expect bad-option 2 "unknown option --frob" "$N" list --frob
expect install-no-args 2 'no .inf file given' "$N" install
expect install-not-inf 2 'is not an .inf file' "$N" install "$acme/x64/ACMEFL.SYS"
expect install-missing-file 3 'cannot open .*nosuch.inf' "$N" install "$T/nosuch.inf"
expect bind-one-arg 2 'give a DEVICE and a DRIVER' "$N" bind 0000:00:03.0
expect load-no-target 2 'give one DRIVER, --all or --device ADDR' "$N" load
expect load-device-and-all 2 'give one DRIVER, --all or --device ADDR' "$N" load --all --device 0000:00:03.0
expect load-device-and-driver 2 'give one DRIVER, --all or --device ADDR' "$N" load --device 0000:00:03.0 acme_pci
expect params-bad-assign 2 'is not NAME=VALUE' "$N" params acme_pci =5

# Inspect and refusals.
expect inspect-ok 0 'Verdict: ndisload can install' "$N" inspect "$acme/acme_pci.inf"
expect inspect-json 0 '"supported": true' "$N" inspect --json "$acme/acme_pci.inf"
expect inspect-locale 0 'Netzwerkkarte' "$N" inspect --locale 0407 "$acme/acme_pci.inf"
expect inspect-x86 5 'only for other processor architectures' "$N" inspect "$top/tests/helper/inf/x86_only.inf"
expect install-kmdf 5 'Windows Driver Framework' "$N" install "$top/tests/helper/inf/kmdf_pci.inf"
expect install-filter 5 'Class=NetService: this package is not a network adapter driver' \
	"$N" install "$top/tests/helper/inf-corpus/network_ndis_filter_netlwf.inf"
expect install-sdio 5 'no PCI, USB or root-enumerated device' \
	"$N" install "$top/tests/helper/inf-corpus/network_wlan_WDI_PLATFORM_WinInf_SDIO_x64_netrtwlans.inf"
expect install-incomplete 5 'incomplete: pcnet.inf needs pcn.sys, which was not given' "$N" install "$pcn/pcnet.inf"
expect install-broken-inf 5 'nul_byte.inf:4: contains a NUL' "$N" install "$top/tests/helper/inf/bad/nul_byte.inf"
[ -z "$(ls -A "$R/var/lib/ndisload/drivers" 2>/dev/null)" ] && pass refusals-store-nothing || fail refusals-store-nothing "$(ls -A "$R/var/lib/ndisload/drivers")"

# A .sys of random bytes: refused (exit 5), nothing stored.
rnd=$T/rnd
mkdir -p "$rnd/x64/firmware"
cp "$acme/acme_pci.inf" "$rnd/"
head -c 4096 /dev/urandom >"$rnd/x64/ACMEFL.SYS"
cp "$acme/x64/firmware/acmefw.bin" "$rnd/x64/firmware/"
expect install-random-sys 5 'ACMEFL.SYS is not a usable Windows x86-64 driver image' "$N" install "$rnd/acme_pci.inf"
[ ! -e "$R/var/lib/ndisload/drivers/acme_pci" ] && pass random-sys-not-stored || fail random-sys-not-stored "stored"

# Install: files found next to the .inf (case-insensitively, in subdirectories).
expect install-acme 0 'Installed driver acme_pci .*ACME Networks' "$N" install "$acme/acme_pci.inf"
store=$R/var/lib/ndisload/drivers/acme_pci
[ -f "$store/ACMEFL.SYS" ] && [ -f "$store/acmefw.bin" ] && [ -f "$store/acme_pci.inf" ] &&
	[ ! -e "$store/acmefl.hlp" ] && pass store-files || fail store-files "$(ls "$store")"
sum=$(sha256sum "$acme/x64/ACMEFL.SYS" | cut -d' ' -f1)
grep -q "\"sha256\": \"$sum\"" "$store/manifest.json" && pass manifest-sha256 || fail manifest-sha256 "no $sum"
grep -q '"PCI\\\\VEN_10EC&DEV_8139&SUBSYS_12341186"' "$store/manifest.json" && pass manifest-ids || fail manifest-ids ""
grep -q '"name": "ReceiveBuffers"' "$store/manifest.json" && pass manifest-params || fail manifest-params ""
# A root-enumerated (virtual adapter) package: Microsoft's netvmini sample.
vmini=$top/build/drivers-msvc/netvmini630
if [ -f "$vmini/netvmini630.sys" ]; then
	expect install-virtual 0 'adapter driver binds to no device; .ndisload add-virtual netvmini630. adds an adapter' "$N" install "$vmini/netvmini630.inf"
	grep -q '"virtual": true' "$R/var/lib/ndisload/drivers/netvmini630/manifest.json" &&
		pass manifest-virtual || fail manifest-virtual "$(grep -n virtual "$R/var/lib/ndisload/drivers/netvmini630/manifest.json")"
	grep -q 'TOASTER\|B85B7C50' "$R/var/lib/ndisload/drivers/netvmini630/manifest.json" &&
		fail manifest-virtual-root-only "a bus-enumerated ID stored" || pass manifest-virtual-root-only
	expect inspect-virtual-json 0 '"root_enumerated": true' "$N" inspect --json "$vmini/netvmini630.inf"
	# Virtual adapters without a module: refusals change nothing.
	vconf=$R/etc/ndisload/virtual.conf
	expect add-virtual-help 0 'Usage: ndisload add-virtual' "$N" add-virtual --help
	expect add-virtual-card-driver 5 'acme_pci is for PCI or USB devices' "$N" add-virtual acme_pci
	expect add-virtual-unknown 3 'nosuch' "$N" add-virtual nosuch
	expect add-virtual-count-0 2 'from 1 to 16' "$N" add-virtual --count 0 netvmini630
	expect add-virtual-count-17 2 'from 1 to 16' "$N" add-virtual --count 17 netvmini630
	expect add-virtual-no-module 7 'kernel module is not loaded' "$N" add-virtual --count 2 netvmini630
	[ ! -e "$vconf" ] && pass add-virtual-failed-saves-nothing || fail add-virtual-failed-saves-nothing "$(cat "$vconf")"
	expect remove-virtual-none 3 'has no virtual adapters' "$N" remove-virtual netvmini630
	expect remove-virtual-bad-instance 2 'from 0 to 15' "$N" remove-virtual netvmini630 16
	# Saved adapters (as a boot would find them): listed, removed one by one.
	mkdir -p "$R/etc/ndisload" && printf '[netvmini630]\ninstances = 0 2\n' >"$vconf"
	expect status-virtual 0 'netvmini630 +virtual\.2 +- +stopped +([0-9a-f]{2}:){5}[0-9a-f]{2}' "$N" status
	expect status-virtual-json 0 '"device": "virtual.0"' "$N" status --json
	expect remove-virtual-saved 0 'Removed virtual adapter virtual.2 of netvmini630' "$N" remove-virtual netvmini630 virtual.2
	grep -qx 'instances = 0' "$vconf" && pass remove-virtual-saved-file || fail remove-virtual-saved-file "$(cat "$vconf")"
	expect remove-virtual-gone 3 'has no virtual adapter 2' "$N" remove-virtual netvmini630 2
	expect remove-driver-with-virtual 4 'has virtual adapters' "$N" remove netvmini630
	expect remove-virtual-driver 0 '' "$N" remove --force netvmini630
	! grep -q netvmini630 "$vconf" && pass remove-driver-drops-virtual || fail remove-driver-drops-virtual "$(cat "$vconf")"
else
	fail install-virtual "$vmini/netvmini630.sys is not built; run make"
fi
expect install-wave 0 'Installed driver wlan' "$N" install --name wlan "$wave/wavelan_usb.inf"
[ -f "$R/var/lib/ndisload/drivers/wlan/wavecommon.inf" ] && [ -f "$R/var/lib/ndisload/drivers/wlan/wave_fw.bin" ] &&
	pass store-include || fail store-include "$(ls "$R/var/lib/ndisload/drivers/wlan")"
expect bad-name 2 'is not a valid driver name' "$N" install --name 'Bad/Name' "$acme/acme_pci.inf"
{ cat "$vether"; printf 'v2'; } >"$acme/x64/ACMEFL.SYS"
expect reinstall 0 'Replaced driver acme_pci' "$N" install "$acme/acme_pci.inf"
grep -q "$(sha256sum "$acme/x64/ACMEFL.SYS" | cut -d' ' -f1)" "$store/manifest.json" &&
	pass reinstall-replaces || fail reinstall-replaces "old hash kept"
[ -z "$(ls -A "$R/var/lib/ndisload/drivers" | grep '^\.')" ] && pass no-stage-leftovers || fail no-stage-leftovers "$(ls -A "$R/var/lib/ndisload/drivers")"
expect list 0 'acme_pci .*installed .*ACME Networks' "$N" list
expect list-json 0 '"name": "wlan"' "$N" list --json
expect list-one 0 'devices: .*PCI.VEN_10EC&DEV_8138&REV_10' "$N" list acme_pci
expect list-unknown 3 'no driver named "nosuch" is installed' "$N" list nosuch

# Devices: matching and ranking.
expect devices 0 '0000:00:03.0 +pci +10ec:8139 +8139cp +- +acme_pci' "$N" devices
expect devices-usb 0 '1-1 +usb +0cf3:1002 .*wlan' "$N" devices
out=$("$N" devices --json)
printf '%s\n' "$out" | grep -q '"id": "PCI\\\\VEN_10EC&DEV_8139&SUBSYS_12341186"' &&
	pass rank-subsys-first || fail rank-subsys-first "0000:00:03.0 should match the SUBSYS model"
printf '%s\n' "$out" | grep -q '0000:00:05.0' && pass devices-lists-unmatched-nic || fail devices-lists-unmatched-nic ""
printf '%s\n' "$out" | grep -q '0000:00:01.0' && fail devices-hides-bridges "host bridge listed" || pass devices-hides-bridges
expect devices-all 0 '0000:00:01.0' "$N" devices --all

# Bindings and parameters.
expect bind-wrong-driver 5 'driver wlan is not for device 0000:00:05.0' "$N" bind 0000:00:05.0 wlan
expect bind-no-device 3 'no device 0000:09:00.0' "$N" bind 0000:09:00.0 acme_pci
expect bind-no-driver 3 'no driver named "nosuch"' "$N" bind 0000:00:03.0 nosuch
expect bind 0 'Bound 0000:00:03.0 to acme_pci' "$N" bind --unbind-native 0000:00:03.0 acme_pci
grep -q '^unbind_native = yes' "$R/etc/ndisload/bindings.conf" && pass bindings-file || fail bindings-file "$(cat "$R/etc/ndisload/bindings.conf")"
expect bind-second 0 'Bound' "$N" bind 0000:00:04.0 acme_pci
# Isolated mode needs an IOMMU: the fake devices have no iommu_group.
expect bind-isolated-no-iommu 5 '0000:00:04.0 has no IOMMU group: this machine runs without an IOMMU' \
	"$N" bind --isolated 0000:00:04.0 acme_pci
grep -q '^isolated' "$R/etc/ndisload/bindings.conf" && fail bind-isolated-nothing-saved "$(cat "$R/etc/ndisload/bindings.conf")" ||
	pass bind-isolated-nothing-saved
expect bind-isolated-load 2 '--isolated starts the driver host itself' "$N" bind --isolated --load 0000:00:04.0 acme_pci
# With an IOMMU group (a link stands for one here), the driver's files are
# checked as `load` checks them before anything is touched: a .sys changed
# since it was installed is refused (and a branded build's license is
# checked there too), nothing saved.
ln -s ../../../../kernel/iommu_groups/7 "$R/sys/bus/pci/devices/0000:00:04.0/iommu_group"
cp "$store/ACMEFL.SYS" "$T/acmefl.orig" && echo tampered >>"$store/ACMEFL.SYS"
expect bind-isolated-checks-files 5 'ACMEFL.SYS changed since it was installed' \
	"$N" bind --isolated 0000:00:04.0 acme_pci
# udev's start of a function that appears: nothing for one not bound isolated.
expect load-device-not-isolated 0 '^$' "$N" load --device 0000:00:04.0
grep -q '^isolated' "$R/etc/ndisload/bindings.conf" && fail bind-isolated-checked-nothing-saved "$(cat "$R/etc/ndisload/bindings.conf")" ||
	pass bind-isolated-checked-nothing-saved
cp "$T/acmefl.orig" "$store/ACMEFL.SYS"
# A vendor-branded build whose trial is over refuses its bundled driver
# isolated as `load` refuses it in-kernel (exit 6), nothing saved.
brand=$R/usr/share/ndisload/brand
mkdir -p "$brand/driver" && cp "$store/ACMEFL.SYS" "$brand/driver/" &&
	(cd "$T" && "$bin/ndisload-license" keygen --out vendor >/dev/null) && cp "$T/vendor.pub" "$brand/license.pub"
cat >"$brand/brand.json" <<JSON
{"format": 1, "vendor": "Example Networks", "product": "ACME Fast",
 "driver": {"name": "acme_pci", "dir": "driver"},
 "license": {"required": true, "trial_days": 30, "pubkey": "license.pub"}}
JSON
env NDISLOAD_NOW=2027-03-01 "$N" license >/dev/null
expect bind-isolated-license 6 'bundled with ACME Fast from Example Networks needs a license' \
	env NDISLOAD_NOW=2027-04-15 "$N" bind --isolated 0000:00:04.0 acme_pci
grep -q '^isolated' "$R/etc/ndisload/bindings.conf" && fail bind-isolated-license-nothing-saved "$(cat "$R/etc/ndisload/bindings.conf")" ||
	pass bind-isolated-license-nothing-saved
rm -rf "$brand" "$R/sys/bus/pci/devices/0000:00:04.0/iommu_group"
expect devices-isolated-field 0 '"isolated": false' "$N" devices --json
expect params-show 0 'SpeedDuplex = 0' "$N" params acme_pci
expect params-device-section 0 'FastLinkOEM.ndi.NTamd64' "$N" params --device 0000:00:03.0 acme_pci
expect params-set 0 'ReceiveBuffers = 256' "$N" params acme_pci ReceiveBuffers=256
expect params-enum-desc 0 'SpeedDuplex = 4' "$N" params --device 0000:00:04.0 acme_pci 'SpeedDuplex=100 Mbps / Full'
expect params-range 5 'ReceiveBuffers must be from 16 to 512; 1000 is out of range' "$N" params acme_pci ReceiveBuffers=1000
expect params-step 5 'not on a step' "$N" params acme_pci ReceiveBuffers=100
expect params-enum-bad 5 'is not one of the choices' "$N" params acme_pci SpeedDuplex=7
expect params-unknown 3 'has no parameter "Nope"' "$N" params acme_pci Nope=1
expect params-edit 0 'NetworkAddress = 0A1B2C3D4E5F' "$N" params acme_pci NetworkAddress=0a1b2c3d4e5f
expect params-bidi 5 'the value of NetworkAddress contains the invisible format or direction character U[+]202E' \
	"$N" params acme_pci "$(printf 'NetworkAddress=\342\200\2560A1B')"
expect params-bad-utf8 5 'the value of NetworkAddress is not valid UTF-8' \
	"$N" params acme_pci "$(printf 'NetworkAddress=0A\377')"
expect params-control 5 'the value of NetworkAddress contains the control character U[+]0009' \
	"$N" params acme_pci "$(printf 'NetworkAddress=0A\t1B')"
expect params-not-number 5 'is not a decimal number for ReceiveBuffers' "$N" params acme_pci ReceiveBuffers=12x
expect params-kept 0 'NetworkAddress = 0A1B2C3D4E5F' "$N" params acme_pci
expect params-reset 0 'ReceiveBuffers = 64' "$N" params acme_pci ReceiveBuffers=
[ "$(stat -c %a "$R/etc/ndisload/params/acme_pci.conf")" = 600 ] && pass params-secret-mode || fail params-secret-mode ""
grep -q '^\[device 0000:00:04.0\]' "$R/etc/ndisload/params/acme_pci.conf" && pass params-file || fail params-file ""
expect params-json 0 '"set_in": "device"' "$N" params --json --device 0000:00:04.0 acme_pci
printf '[broken\n' >"$R/etc/ndisload/params/wlan.conf"
expect params-broken-file 5 'wlan.conf:1: a section header' "$N" params wlan
rm "$R/etc/ndisload/params/wlan.conf"

# Compatibility settings (helper/store/compat.c): auto by default, stored per
# driver, checked, refused by name; pushing one needs the module.
expect compat-show 0 'single_buffer_sends +auto' "$N" compat acme_pci
expect compat-set 0 'multicast_all +on' "$N" compat acme_pci multicast_all=on single_buffer_sends=off
grep -q '^multicast_all = on' "$R/etc/ndisload/compat/acme_pci.conf" && pass compat-file || fail compat-file "$(cat "$R/etc/ndisload/compat/acme_pci.conf")"
expect compat-kept 0 'single_buffer_sends +off' "$N" compat acme_pci
expect compat-json 0 '"value": "on"' "$N" compat --json acme_pci
expect compat-bad-value 5 'multicast_all must be auto, on or off' "$N" compat acme_pci multicast_all=yes
expect compat-unknown 3 'no compatibility setting "nosuch"' "$N" compat acme_pci nosuch=on
expect compat-no-driver 3 'no driver named "nosuch"' "$N" compat nosuch
expect compat-usage 2 'is not NAME=auto|on|off' "$N" compat acme_pci multicast_all
expect compat-auto 0 'single_buffer_sends +auto' "$N" compat acme_pci single_buffer_sends=auto
grep -q single_buffer "$R/etc/ndisload/compat/acme_pci.conf" && fail compat-auto-dropped "still stored" || pass compat-auto-dropped
printf '[compat]\nsingle_buffer_sends = maybe\n' >"$R/etc/ndisload/compat/wlan.conf"
expect compat-broken-file 5 'wlan.conf line 2: not a compatibility setting' "$N" compat wlan
rm "$R/etc/ndisload/compat/wlan.conf"

expect doctor-no-module 7 'module is not loaded' "$N" doctor
expect doctor-usage 2 'takes 0 to 30 seconds' "$N" doctor --wait 99

# Loading without the module, status, diag.
expect load-no-module 7 'module is not loaded' "$N" load acme_pci
expect load-all-no-module 7 'module is not loaded' "$N" load --all
# A driver's start can take seconds: a moving marker (forced onto the pipe
# here) and erased (blanks) before the error is printed.
expect load-progress 7 'Starting the driver \[[-#]{30}\] [0-9]+ s[[:space:]]+ndisload load: .*module is not loaded' env NDISLOAD_PROGRESS=always "$N" load acme_pci
expect status 0 'Module: +not loaded' "$N" status
expect status-json 0 '"bound": "acme_pci"' "$N" status --json
expect version 0 "ndisload $(cat "$top/VERSION")" "$N" version
printf '\n[device 0000:00:03.0]\nWpaPassphrase = "hunter2 secret"\n' >>"$R/etc/ndisload/params/acme_pci.conf"
out=$("$N" diag 2>&1)
printf '%s\n' "$out" | grep -q 'hunter2' && fail diag-redacts "passphrase in the report" ||
	{ printf '%s\n' "$out" | grep -q 'WpaPassphrase = <redacted>' && pass diag-redacts || fail diag-redacts "no redacted line"; }
expect diag-declined 1 'not written' "$N" diag -o "$T/report.txt" </dev/null
[ ! -e "$T/report.txt" ] && pass diag-asks-first || fail diag-asks-first "written without confirmation"
expect diag-write 0 'Wrote' "$N" diag -o "$T/report.txt" --yes
grep -q 'ndisload diagnostic report' "$T/report.txt" && pass diag-file || fail diag-file ""

# The driver's log: recorded kernel records in $R/dev/kmsg (the helper's
# test hook for the kernel log) and the helper's own entries of the steps
# above; then the real /dev/kmsg, read to its end without blocking.
mkdir -p "$R/dev"
printf '%s\n' \
	'3,91,5000000,-;ndisload: 0000:00:03.0: MiniportInitialize failed with 0xc000009a (open error 0x00000000)' \
	'3,92,5000100,-;ndisload: acme_pci: 0000:00:03.0: MiniportInitialize failed: NDIS_STATUS 0xc000009a' \
	'this is not a record' '3,x;broken' \
	'3,93,6000000,-;ndisload: other: cannot add the driver: missing imports (1): ndis.sys!NdisMFoo' \
	'6,94,7000000,-;ndisload-acme_pci 0000:00:03.0 eth0: miniport reset done: NDIS_STATUS 0x00000000' \
	' SUBSYSTEM=pci' ' DEVICE=+pci:0000:00:03.0' >"$R/dev/kmsg"
expect log-init-failure 0 'kernel error   acme_pci 0000:00:03.0: MiniportInitialize failed: NDIS_STATUS 0xc000009a' \
	"$N" log --driver acme_pci
expect log-runtime-line-joined 0 'acme_pci 0000:00:03.0: MiniportInitialize failed with 0xc000009a' \
	"$N" log --driver acme_pci
expect log-reset-interface 0 'acme_pci 0000:00:03.0 eth0: miniport reset done' "$N" log --device eth0
expect log-helper-bind 0 'helper info    acme_pci 0000:00:03.0: device bound to the driver' "$N" log --device 0000:00:03.0
expect log-missing-imports 0 'other: cannot add the driver: missing imports' "$N" log --driver other
out=$("$N" log --driver acme_pci 2>&1)
printf '%s\n' "$out" | grep -q 'missing imports' && fail log-filtered "another driver's line: $out" || pass log-filtered
expect log-json 0 '"seq": 92' "$N" log --json --driver acme_pci
expect log-bad-lines 2 'wants a number' "$N" log -n 0
rm -f "$R/dev/kmsg"
expect log-no-kernel-log 0 'showing the helper.s messages only' "$N" log
if [ -r /dev/kmsg ]; then
	ln -s /dev/kmsg "$R/dev/kmsg"
	expect log-real-kmsg 0 '"readable": true' timeout 20 "$N" log --json
	rm -f "$R/dev/kmsg"
else
	echo "SKIP: $suite/log-real-kmsg (/dev/kmsg is not readable by this user)"
fi
for c in log list status; do
	expect "version-$c" 0 "^ndisload $(cat "$top/VERSION")" "$N" $c --version
done

# Removal.
expect remove-bound 4 'driver acme_pci is bound to 0000:00:03.0' "$N" remove acme_pci
[ -d "$store" ] && pass remove-refused-keeps || fail remove-refused-keeps "gone"
expect unbind 0 'Unbound 0000:00:04.0' "$N" unbind 0000:00:04.0
expect unbind-again 3 'is not bound' "$N" unbind 0000:00:04.0
expect remove-forced 0 'dropped its bindings: 0000:00:03.0' "$N" remove --force acme_pci
[ ! -e "$store" ] && [ ! -e "$R/etc/ndisload/params/acme_pci.conf" ] &&
	[ ! -e "$R/etc/ndisload/compat/acme_pci.conf" ] && pass remove-cleans || fail remove-cleans ""
grep -q acme_pci "$R/etc/ndisload/bindings.conf" && fail bindings-dropped "still bound" || pass bindings-dropped
expect remove-unknown 3 'no driver named' "$N" remove acme_pci
expect remove-wlan 0 'Removed driver wlan' "$N" remove wlan
exit $status
