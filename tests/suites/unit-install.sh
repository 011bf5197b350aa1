#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Installation, quickly and without touching the system: `make install`
# staged into DESTDIR against the expected file list, uninstall leaving
# nothing, DKMS add/build/install for every kernel with headers (in private
# DKMS trees), brand checks, systemd unit verification and sandbox score,
# and the branded .deb (lintian) and .run (options) built by
# `make installer`. The chroot and boot tests are tests/suites/vm-install.sh.
set -u
. "$(dirname "$0")/../install/lib.sh"
version=$(cat "$top/VERSION")
rm -rf "$work"
mkdir -p "$work"

# --- dkms.conf ---------------------------------------------------------------
v=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"$/\1/p' "$top/dkms.conf")
check dkms-conf-version "dkms.conf says $v, VERSION says $version" [ "$v" = "$version" ]

# --- DKMS for every kernel with headers (tests/vm/kver.sh list) ---------------
# The source tree as make install lays it out, private DKMS and module trees.
src=$work/dkms-src
mkdir -p "$src/usr/src"
dkms_ok=1
if ! command -v dkms >/dev/null; then
	fail dkms "dkms missing; run installer/deps.sh"; dkms_ok=0
fi
if [ $dkms_ok = 1 ]; then
	# Only the module source matters here; no programs needed.
	mkdir -p "$src/usr/src/ndisload-$version"
	sed "s/^PACKAGE_VERSION=.*/PACKAGE_VERSION=\"$version\"/" "$top/dkms.conf" \
		>"$src/usr/src/ndisload-$version/dkms.conf"
	cp "$top/VERSION" "$src/usr/src/ndisload-$version/"
	(cd "$top" && find module -type f ! -path 'module/user/*' ! -name '*.o' \
		! -name '*.ko' ! -name '*.mod' ! -name '*.mod.c' ! -name '*.cmd' \
		! -name '*.order' ! -name Module.symvers ! -name '*.a' |
		cpio -pdm --quiet "$src/usr/src/ndisload-$version")
	D="--sourcetree $src/usr/src --dkmstree $work/dkms --installtree $work/modules"
	mkdir -p "$work/dkms" "$work/modules"
	# shellcheck disable=SC2086
	if dkms add -m ndisload -v "$version" $D >"$work/dkms-add.log" 2>&1; then
		pass dkms-add
	else
		fail dkms-add "see $work/dkms-add.log"
	fi
	kvers=${KVER_ONLY:-$("$top/tests/vm/kver.sh" list)}
	[ -n "$kvers" ] || fail dkms "no kernel headers installed; run installer/deps.sh"
	for k in $kvers; do
		# A PREEMPT_RT kernel's DKMS build is its twin's (the same
		# version's headers layout, compression and kbuild call; the
		# module itself is built and booted on it by vm-kernels.sh).
		case "$k" in *-rt-amd64)
			if echo "$kvers" | grep -qx "${k%-rt-amd64}-amd64"; then
				skip "dkms-$k" "the same DKMS build as ${k%-rt-amd64}-amd64; the module for $k is built and tested by vm-kernels"
				continue
			fi ;;
		esac
		mkdir -p "$work/modules/$k"
		log=$work/dkms-$k.log
		# shellcheck disable=SC2086
		if ! dkms install -m ndisload -v "$version" -k "$k" $D >"$log" 2>&1; then
			# Kept: dkms remove below deletes DKMS's own copy.
			cp "$work/dkms/ndisload/$version/build/make.log" "$work/dkms-$k-make.log" 2>/dev/null
			fail "dkms-$k" "dkms install failed: $(grep -m1 -E 'error|Error' "$work/dkms-$k-make.log" 2>/dev/null); see $log and $work/dkms-$k-make.log"
			continue
		fi
		# shellcheck disable=SC2086
		st=$(dkms status -m ndisload -v "$version" -k "$k" $D 2>&1)
		# DKMS compresses the module as the kernel does (6.12: ndisload.ko.xz).
		ko=$(ls "$work/modules/$k/updates/dkms/ndisload.ko"* 2>/dev/null | head -n1)
		vm=$(/sbin/modinfo -F vermagic "$ko" 2>/dev/null | cut -d' ' -f1)
		if ! echo "$st" | grep -q "ndisload/$version, $k, x86_64: installed"; then
			fail "dkms-$k" "dkms status says: $st"
		elif [ "$vm" != "$k" ]; then
			fail "dkms-$k" "installed module's vermagic is '$vm'"
		else
			pass "dkms-$k"
		fi
	done
	# shellcheck disable=SC2086
	dkms remove -m ndisload -v "$version" --all $D >"$work/dkms-remove.log" 2>&1
	check dkms-remove "dkms remove left modules behind (see $work/dkms-remove.log)" \
		[ -z "$(find "$work/modules" -name 'ndisload.ko*')" ]
fi

# --- Brands ------------------------------------------------------------------
# Each broken brand is refused with its own message.
bad_brand() { # NAME EXPECTED-MESSAGE SED-EXPRESSION [extra file setup]
	d=$work/brand-$1
	rm -rf "$d"; cp -r "$top/installer/brands/example" "$d"
	sed -i "$3" "$d/brand.conf"
	[ -z "${4:-}" ] || (cd "$d" && sh -c "$4")
	out=$( (top=$top build=$build; . "$top/installer/lib/brand.sh"; ndl_brand_load "$d") 2>&1)
	if [ $? -eq 0 ]; then
		fail "brand-refuses-$1" "accepted"
	elif ! echo "$out" | grep -qF "$2"; then
		fail "brand-refuses-$1" "said: $out"
	else
		pass "brand-refuses-$1"
	fi
}
bad_brand unknown-key "unknown key 'colour'" '$a colour = #ffffff'
bad_brand bad-colour "color_accent '#f29a1' must be #rrggbb" 's/^color_accent = .*/color_accent = #f29a1/'
bad_brand bad-id "vendor_id 'Example Inc' must be" 's/^vendor_id = .*/vendor_id = Example Inc/'
bad_brand no-vendor "vendor is required" '/^vendor = /d'
bad_brand script-logo "logo logo.svg contains script or event handlers" '' \
	"sed -i 's|<title|<script>alert(1)</script><title|' logo.svg"
bad_brand no-pubkey "license = required needs license_pubkey" 's/^license = none/license = required/'
bad_brand no-driver "driver directory $work/brand-no-driver/nowhere not found" 's|^driver = .*|driver = nowhere|'
bad_brand bad-maintainer "maintainer must read 'Name <address@domain>'" 's/^maintainer = .*/maintainer = nobody/'

brand_ok=1
if [ ! -d "$build/drivers/rtl8139" ]; then
	skip brand-json "build/drivers/rtl8139 (the example brand's driver) is not built yet"
	brand_ok=0
else
	json=$work/brand.json
	if (top=$top build=$build; . "$top/installer/lib/brand.sh"
		ndl_brand_load "$top/installer/brands/example" && ndl_brand_json) >"$json" 2>"$work/brand.err" &&
		json_pp <"$json" >/dev/null 2>&1 &&
		grep -q '"vendor": "Example Networks"' "$json" &&
		grep -q '"primary": "#0b5cab"' "$json"; then
		pass brand-json
	else
		fail brand-json "brand.json invalid or incomplete: $(cat "$work/brand.err") (see $json)"
	fi
fi

# --- make install into DESTDIR ----------------------------------------------
if ! programs_built; then
	for t in destdir-files destdir-module-source destdir-uninstall destdir-purge \
		units-verify webconf-sandbox prefix-local installer-deb lintian installer-run; do
		skip "$t" "$(missing_programs)not built yet"
	done
	exit $status
fi

stage=$work/stage
brandopt=""
[ $brand_ok = 1 ] && brandopt="--brand $top/installer/brands/example"
# shellcheck disable=SC2086
if ! DESTDIR=$stage PREFIX=/usr "$top/installer/install.sh" $brandopt >"$work/install.log" 2>&1; then
	fail destdir-install "see $work/install.log"
	exit 1
fi
tree_files "$stage" >"$work/installed.txt"
{
	grep -v '^#' "$top/tests/install/expected-files.txt" | sed "s/@VERSION@/$version/"
	[ ! -x "$build/bin/ndisload-license" ] || echo /usr/bin/ndisload-license
	[ ! -x "$build/bin/ndisload-license" ] || echo /usr/share/bash-completion/completions/ndisload-license
	www=$build/www; [ -d "$www" ] || www=$top/www
	[ ! -d "$www" ] || tree_files "$www" | sed 's|^|/usr/share/ndisload/www|'
	for m in $(find "$top/helper" "$top/webconf" "$top/licensing" -maxdepth 2 -type f \
		-name '*.[1-8]' 2>/dev/null); do
		echo "/usr/share/man/man${m##*.}/$(basename "$m")"
	done
	if [ $brand_ok = 1 ]; then
		for f in brand.json logo.svg EULA.txt params.conf; do echo "/usr/share/ndisload/brand/$f"; done
		tree_files "$build/drivers/rtl8139" | sed 's|^|/usr/share/ndisload/brand/driver|'
	fi
} | sort >"$work/expected.txt"
grep -v "^/usr/src/ndisload-$version/module/" "$work/installed.txt" >"$work/installed-nomod.txt"
if diff -u "$work/expected.txt" "$work/installed-nomod.txt" >"$work/files.diff"; then
	pass destdir-files
else
	fail destdir-files "installed files differ from the expected list: $(grep '^[-+]/' "$work/files.diff" | head -n 5 | tr '\n' ' ')"
fi

# bash completion, as installed: both commands registered, and scripted
# completions of subcommands, options, stored drivers, devices, interfaces.
comp=$stage/usr/share/bash-completion/completions
croot=$work/comp-root
mkdir -p "$croot/var/lib/ndisload/drivers/rtl8139" "$croot/var/lib/ndisload/drivers/rt61" \
	"$croot/sys/bus/pci/devices/0000:00:03.0" "$croot/sys/bus/pci/devices/0000:00:1f.0" \
	"$croot/sys/bus/usb/devices/1-1" "$croot/sys/bus/usb/devices/1-1:1.0" \
	"$croot/sys/bus/usb/devices/usb1" "$croot/sys/class/net/wlan0" "$croot/sys/class/net/lo"
echo 0x020000 >"$croot/sys/bus/pci/devices/0000:00:03.0/class"
echo 0x060100 >"$croot/sys/bus/pci/devices/0000:00:1f.0/class"
# a root-enumerated driver with two saved virtual adapters
mkdir -p "$croot/var/lib/ndisload/drivers/vmini" "$croot/etc/ndisload"
echo '{ "name": "vmini", "virtual": true }' >"$croot/var/lib/ndisload/drivers/vmini/manifest.json"
printf '[vmini]\ninstances = 0 3\n' >"$croot/etc/ndisload/virtual.conf"
# complete_words COMPLETION-FILE WORDS...: what COMPREPLY holds for the last word.
complete_words() {
	NDISLOAD_ROOT=$croot bash --norc --noprofile -c '
		f=$1; shift
		. "$f" || exit 1
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		spec=$(complete -p "$1") || exit 1
		fn=${spec#*-F }; fn=${fn%% *}
		"$fn" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
		printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' sh "$@"
}
comp_check() { # NAME EXPECTED FILE WORDS...
	_n=$1 _want=$2; shift 2
	_got=$(complete_words "$@")
	check "$_n" "completed [$_got], want [$_want]" [ "$_got" = "$_want" ]
}
reg=$(bash --norc --noprofile -c ". '$comp/ndisload' && complete -p ndisload && complete -p ndisload-license" 2>&1)
check completion-registered "complete -p: $reg" \
	[ "$reg" = "complete -F _ndisload ndisload
complete -F _ndisload_license ndisload-license" ]
comp_check completion-subcommands "license list load log " "$comp/ndisload" ndisload l
comp_check completion-drivers "rt61 rtl8139 " "$comp/ndisload" ndisload remove rt
comp_check completion-driver-option "rtl8139 " "$comp/ndisload" ndisload log -f --driver rtl
comp_check completion-log-options "--device --driver " "$comp/ndisload" ndisload log --d
comp_check completion-bind-device "0000:00:03.0 1-1 " "$comp/ndisload" ndisload bind ""
comp_check completion-bind-driver "rt61 rtl8139 " "$comp/ndisload" ndisload bind --unbind-native 0000:00:03.0 ""
comp_check completion-add-virtual "vmini " "$comp/ndisload" ndisload add-virtual ""
comp_check completion-add-virtual-options "--count " "$comp/ndisload" ndisload add-virtual --c
comp_check completion-remove-virtual "0 3 " "$comp/ndisload" ndisload remove-virtual --force vmini ""
comp_check completion-wifi-iface "wlan0 " "$comp/ndisload" ndisload wifi scan ""
comp_check completion-version "--version " "$comp/ndisload" ndisload --v
comp_check completion-setup "serve setup " "$comp/ndisload" ndisload se
comp_check completion-setup-options "--name --no-dhcp --no-start " "$comp/ndisload" ndisload setup --n
comp_check completion-setup-device "0000:00:03.0 1-1 " "$comp/ndisload" ndisload setup --device ""
if [ -x "$build/bin/ndisload-license" ]; then
	comp_check completion-license "issue " "$comp/ndisload-license" ndisload-license i
	comp_check completion-license-options "--pubkey " "$comp/ndisload-license" ndisload-license verify --pu
fi
# --version on every program and command.
for p in "ndisload --version" "ndisload list --version" "ndisload log --version" \
	"ndisload status --version" "ndisload-webconf --version" "ndisload-license --version"; do
	set -- $p
	[ -x "$build/bin/$1" ] || continue
	out=$("$build/bin/$1" "$2" ${3:+"$3"} 2>&1 </dev/null)
	check "version-$(echo "$p" | sed 's/ --version//; s/ /-/g')" "'$p' said: $out" \
		sh -c 'printf "%s\n" "$1" | grep -q "^$2 $3"' sh "$out" "$1" "$version"
done
out=$(sh "$stage/usr/lib/ndisload/ndisload-setup" --version 2>&1)
check version-setup "ndisload-setup --version said: $out" [ "$out" = "ndisload-setup $version" ]

# The DKMS tree holds every tracked module source (but module/user, the
# user-space test port) and no build product.
modbad=""
for f in $(git -C "$top" ls-files module 2>/dev/null | grep -v '^module/user/'); do
	[ -f "$top/$f" ] || continue
	grep -qx "/usr/src/ndisload-$version/$f" "$work/installed.txt" || modbad="$modbad missing:$f"
done
junk=$(grep -E "^/usr/src/.*(\.o|\.ko|\.cmd|\.mod|\.mod\.c|Module\.symvers|modules\.order)$" "$work/installed.txt" | head -n 3)
[ -z "$junk" ] || modbad="$modbad build-products:$junk"
check destdir-module-source "${modbad# }" [ -z "$modbad" ]

# Units: syntax, dependencies and programs (the staged ones), no man check
# (man pages are verified in the chroot test).
units=$work/units
mkdir -p "$units"
for u in "$stage"/lib/systemd/system/*.service; do
	n=$(basename "$u")
	# A template is verified as an instance (verify takes no ":" in a path).
	case $n in *@.service) n=${n%@.service}@example.service ;; esac
	sed -e "s|/usr/sbin/|$stage/usr/sbin/|g" -e "s|/usr/lib/ndisload/|$stage/usr/lib/ndisload/|g" \
		"$u" >"$units/$n"
done
if systemd-analyze verify --man=no "$units"/*.service >"$work/verify.log" 2>&1 &&
	! grep -qv '^$' "$work/verify.log"; then
	pass units-verify
else
	fail units-verify "$(head -n 3 "$work/verify.log" | tr '\n' ' ')"
fi
# The web configurator's sandbox: systemd's exposure score (0 best, 10 worst).
score=$(systemd-analyze security --offline=yes --root="$stage" ndisload-webconf.service 2>/dev/null |
	sed -n 's/.*Overall exposure level for ndisload-webconf.service: \([0-9.]*\).*/\1/p')
if [ -n "$score" ] && awk -v s="$score" 'BEGIN { exit !(s <= 1.5) }'; then
	pass "webconf-sandbox (exposure $score)"
else
	fail webconf-sandbox "systemd-analyze security exposure '${score:-none}', want <= 1.5"
fi

# The isolated driver host's sandbox: an instance of the template, scored
# the same way, and the confinement it promises (no capabilities, a
# seccomp filter, read-only system, closed device policy, limits).
host_unit=ndisload-host@0000:00:03.0.service
score=$(systemd-analyze security --offline=yes --root="$stage" "$host_unit" 2>/dev/null |
	sed -n "s/.*Overall exposure level for $host_unit: \([0-9.]*\).*/\1/p")
if [ -n "$score" ] && awk -v s="$score" 'BEGIN { exit !(s <= 2.5) }'; then
	pass "host-sandbox (exposure $score)"
else
	fail host-sandbox "systemd-analyze security exposure '${score:-none}', want <= 2.5"
fi
hu=$stage/lib/systemd/system/ndisload-host@.service
missing=""
for want in "User=ndisload-host" "CapabilityBoundingSet=" "AmbientCapabilities=" \
	"NoNewPrivileges=yes" "ProtectSystem=strict" "ReadOnlyPaths=/var/lib/ndisload/drivers" \
	"PrivateTmp=yes" "DevicePolicy=closed" "SystemCallFilter=@system-service" \
	"MemoryMax=" "CPUQuota=" "LimitMEMLOCK=" "Restart=on-failure" \
	"RestartPreventExitStatus=2 3"; do
	grep -q "^$want" "$hu" || missing="$missing $want"
done
check host-unit-confinement "missing:$missing" [ -z "$missing" ]
check host-unit-user "sysusers.d has no ndisload-host user" \
	grep -q '^u ndisload-host ' "$stage/usr/lib/sysusers.d/ndisload.conf"
# A card bound isolated that appears again: udev runs the installed CLI.
check udev-isolated-replug "$(cat "$stage/lib/udev/rules.d/90-ndisload.rules")" \
	grep -qx 'ACTION=="add", SUBSYSTEM=="pci", RUN+="/usr/sbin/ndisload load --device $kernel"' \
	"$stage/lib/udev/rules.d/90-ndisload.rules"

# Uninstall from DESTDIR: settings (/etc) stay without --purge, nothing at
# all is left with it.
DESTDIR=$stage PREFIX=/usr "$top/installer/uninstall.sh" >"$work/uninstall.log" 2>&1
left=$(tree_files "$stage" | tr '\n' ' ')
check destdir-uninstall "left behind: $left" [ "$left" = "/etc/default/ndisload " ]
# shellcheck disable=SC2086
DESTDIR=$stage PREFIX=/usr "$top/installer/install.sh" $brandopt >/dev/null 2>&1
DESTDIR=$stage PREFIX=/usr "$top/installer/uninstall.sh" --purge >"$work/purge.log" 2>&1
left=$(tree_files "$stage" | tr '\n' ' ')
dirs=$(cd "$stage" && find . -type d -name '*ndisload*' | tr '\n' ' ')
check destdir-purge "left behind: $left $dirs" [ -z "$left$dirs" ]

# The top-level targets (-o all: test the wiring, not a rebuild).
mk=$work/make-install
make -s -C "$top" -o all install DESTDIR="$mk" PREFIX=/usr >"$work/make-install.log" 2>&1
n1=$(tree_files "$mk" | wc -l)
make -s -C "$top" -o all uninstall DESTDIR="$mk" PREFIX=/usr PURGE=1 >>"$work/make-install.log" 2>&1
n2=$(tree_files "$mk" | wc -l)
out=$(make -s -C "$top" -o all installer 2>&1)
if [ "$n1" -gt 10 ] && [ "$n2" = 0 ] && echo "$out" | grep -q 'make installer BRAND=installer/brands/<name>'; then
	pass make-targets
else
	fail make-targets "make install staged $n1 files, uninstall left $n2; installer without BRAND said: $out"
fi

# ndisload-setup aliases: hardware IDs from the store's manifests become
# modprobe aliases. Run in a private mount namespace over a fake store and
# an empty /run, so the host is not touched.
setup=$work/local-setup
sed -e "s|@VERSION@|$version|g" -e "s|@SBINDIR@|/nonexistent|g" -e "s|@DATADIR@|/nonexistent|g" \
	-e "s|@SYSUSERSDIR@|/nonexistent|g" -e "s|@TMPFILESDIR@|/nonexistent|g" \
	-e "/@PURGE_FUNCTIONS@/{r $top/installer/files/purge.sh" -e "d}" \
	"$top/installer/files/ndisload-setup.in" >"$setup"
store=$work/fake-store
mkdir -p "$store/drivers/acme" "$store/drivers/wave"
printf '{"device_ids": ["PCI\\\\VEN_10ec&DEV_8139&SUBSYS_11001AF4", "PCI\\\\VEN_10EC&DEV_8139"]}\n' \
	>"$store/drivers/acme/manifest.json"
printf '{"models": [{"ids": ["USB\\\\VID_0BDA&PID_8187"]}]}\n' >"$store/drivers/wave/driver.json"
# A fake PCI bus with the card (lower-case IDs, as sysfs has them) and a
# stand-in for kmod that records what modprobe was asked.
fakepci=$work/fake-pci
mkdir -p "$fakepci/0000:00:02.0" "$fakepci/0000:00:03.0"
echo 0x8086 >"$fakepci/0000:00:02.0/vendor"; echo 0x100e >"$fakepci/0000:00:02.0/device"
echo 0x10ec >"$fakepci/0000:00:03.0/vendor"; echo 0x8139 >"$fakepci/0000:00:03.0/device"
printf '#!/bin/sh\necho "kmod: $0 $*" >>%s/kmod.log\n' "$work" >"$work/fake-kmod"
chmod +x "$work/fake-kmod"
rm -f "$work/kmod.log"
if unshare -m true 2>/dev/null && [ -d /sys/bus/pci/devices ] && [ -x /usr/bin/kmod ]; then
	unshare -m sh -c "mount -t tmpfs tmpfs /run && mount --bind '$store' /var/lib/ndisload 2>/dev/null ||
		{ mount -t tmpfs tmpfs /var/lib && mkdir -p /var/lib/ndisload && mount --bind '$store' /var/lib/ndisload; } &&
		mount --bind '$fakepci' /sys/bus/pci/devices && mount --bind '$work/fake-kmod' /usr/bin/kmod &&
		sh '$setup' aliases; cat /run/modprobe.d/ndisload.conf" >"$work/aliases.out" 2>&1
	got=$(grep '^alias' "$work/aliases.out" | tr '\n' '|')
	want='alias pci:v000010ECd00008139sv*sd*bc*sc*i* ndisload|alias usb:v0BDAp8187d*dc*dsc*dp*ic*isc*ip*in* ndisload|'
	check setup-aliases "wrote: $got" [ "$got" = "$want" ]
	if grep -q 'device 0000:00:03.0 has an installed driver: loading ndisload' "$work/aliases.out" &&
		grep -q 'modprobe ndisload$' "$work/kmod.log" 2>/dev/null; then
		pass setup-aliases-loads
	else
		fail setup-aliases-loads "present 10ec:8139 did not load ndisload: $(tr '\n' ' ' <"$work/aliases.out") $(cat "$work/kmod.log" 2>/dev/null)"
	fi
else
	skip setup-aliases "no mount namespaces (unshare -m) here"
fi

# PREFIX=/usr/local: programs and units under the prefix, config in /etc.
DESTDIR=$work/local "$top/installer/install.sh" >"$work/install-local.log" 2>&1
check prefix-local "see $work/install-local.log" \
	test -x "$work/local/usr/local/sbin/ndisload" -a \
	-f "$work/local/usr/local/lib/systemd/system/ndisload-webconf.service" -a \
	-f "$work/local/etc/default/ndisload" -a \
	-f "$work/local/usr/src/ndisload-$version/dkms.conf"
grep -q "ExecStart=/usr/local/sbin/ndisload-webconf" \
	"$work/local/usr/local/lib/systemd/system/ndisload-webconf.service" ||
	fail prefix-local "unit does not run /usr/local/sbin/ndisload-webconf"

# --- make installer ------------------------------------------------------------
if [ $brand_ok = 0 ]; then
	for t in installer-deb lintian installer-run; do
		skip "$t" "the example brand's driver build/drivers/rtl8139 is not built yet"
	done
	exit $status
fi
if ! BUILD=$build "$top/installer/build-installer.sh" "$top/installer/brands/example" \
	>"$work/installer.log" 2>&1; then
	fail installer-build "see $work/installer.log"
	exit 1
fi
deb=$build/installer/example-netlink8139-$version.deb
run=$build/installer/example-netlink8139-$version.run
deps=$(dpkg-deb -f "$deb" Depends 2>/dev/null)
want="dkms"
ldd "$build/bin/ndisload-webconf" 2>/dev/null | grep -q libmicrohttpd && want="$want libmicrohttpd12"
ldd "$build/bin/ndisload-webconf" 2>/dev/null | grep -q libjson-c && want="$want libjson-c5"
ldd "$build/bin/ndisload" 2>/dev/null | grep -q libarchive && want="$want libarchive13"
miss=""
for p in $want; do echo "$deps" | grep -qE "(^|, )$p( |,|$)" || miss="$miss $p"; done
check installer-deb "Depends '$deps' lacks$miss" [ -z "$miss" ]
# Lintian: no error and no warning (the one tag a vendor package always
# gets is overridden in the package; docs/installer.md says why).
lintian --tag-display-limit 0 "$deb" >"$work/lintian.log" 2>&1
unexplained=$(grep -E '^[EW]: ' "$work/lintian.log" | head -n 3)
check lintian "$(echo "$unexplained" | tr '\n' ' ')" [ -z "$unexplained" ]

ok=1 why=""
"$run" --check >/dev/null 2>&1 || { ok=0; why="$why --check failed;"; }
"$run" --help 2>&1 | grep -q -- '--accept-license' || { ok=0; why="$why --help lacks our options;"; }
rm -rf "$work/run-x"
"$run" --quiet --noexec --target "$work/run-x" >/dev/null 2>&1 || { ok=0; why="$why --noexec --target failed;"; }
for f in setup.sh EULA.txt depends root/usr/sbin/ndisload root/usr/share/ndisload/brand/brand.json; do
	[ -e "$work/run-x/$f" ] || { ok=0; why="$why $f not extracted;"; }
done
# Refusals that are safe to provoke here: another architecture, and a
# non-Debian system (its os-release bind-mounted in a private namespace).
mkdir -p "$work/fakebin"
printf '#!/bin/sh\n[ "$1" = -m ] && echo aarch64 || /bin/uname "$@"\n' >"$work/fakebin/uname"
chmod +x "$work/fakebin/uname"
out=$(PATH=$work/fakebin:$PATH "$run" --quiet --accept-license 2>&1)
echo "$out" | grep -q 'cannot install: this is a aarch64 system' ||
	{ ok=0; why="$why no refusal for aarch64 ($out);"; }
printf 'ID=fedora\nID_LIKE="rhel centos"\n' >"$work/os-release"
if unshare -m true 2>/dev/null; then
	out=$(unshare -m sh -c "mount --bind '$work/os-release' /etc/os-release && '$run' --quiet --accept-license" 2>&1)
	echo "$out" | grep -q "supports Debian and its derivatives (found 'fedora')" ||
		{ ok=0; why="$why no refusal for fedora ($out);"; }
fi
check installer-run "${why% ;}" [ $ok = 1 ]
exit $status
