#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The example brand's .deb and .run on a fresh Debian 12 made by debootstrap
# (tests/install/rootfs.sh; cached in build/test-install-cache):
#   chroot: the .deb installs (files, service user, token, DKMS build for the
#           image's kernel, bundled driver, `systemd-analyze verify`), and
#           `dpkg --purge` leaves the root exactly as it was;
#   boot:   the root with the package installed becomes a disk image booted
#           in QEMU with an emulated RTL8139; tests/install/guest-check.sh
#           checks the module, the bound driver, the services and the
#           branded web page (the host fetches it through QEMU's port
#           forward too), and purges the package; then the .run installs
#           into the same image (offline, in a chroot: DKMS compiling under
#           emulation would take minutes), the image boots again, the same
#           checks run, and `.run --uninstall --purge` (offline again)
#           leaves the image as it was before the .run.
# NDL_INSTALL_BOOT=0 stops after the chroot part (the boot part then SKIPs);
# NDL_INSTALL_BRAND=DIR tests another brand (a vendor's own) the same way.
set -u
. "$(dirname "$0")/../install/lib.sh"
version=$(cat "$top/VERSION")
kver=${KVER_ONLY:-$("$top/tests/vm/kver.sh" default)}
kver=${kver%% *}
vw=$build/test-install-vm
cache=$build/test-install-cache

if ! programs_built; then
	skip vm "$(missing_programs)not built yet"; exit 0
fi
brand_dir=${NDL_INSTALL_BRAND:-$top/installer/brands/example}
. "$top/installer/lib/brand.sh"
if ! ndl_brand_load "$brand_dir" >"$build/test-install-brand.log" 2>&1; then
	if grep -q 'driver directory .* not found' "$build/test-install-brand.log"; then
		skip vm "the brand's driver is not built yet: $(cat "$build/test-install-brand.log")"; exit 0
	fi
	fail vm-brand "$(cat "$build/test-install-brand.log")"; exit 1
fi
for tool in debootstrap qemu-system-x86_64 mkfs.ext4 dpkg-deb makeself; do
	command -v $tool >/dev/null || { fail vm-setup "$tool missing; run installer/deps.sh"; exit 1; }
done
[ "$(id -u)" = 0 ] || { skip vm "needs root (debootstrap, chroot, mounts)"; exit 0; }
[ -n "$kver" ] || { fail vm-setup "no Debian kernel with headers; run installer/deps.sh"; exit 1; }

# The chroot's mounts bind the host's /dev. In a private mount namespace they
# die with the test's last process, even one killed by SIGKILL, where the EXIT
# traps below never run: deleting a killed run's build directory then cannot
# reach the host's /dev through a stale bind mount (it once did).
if [ -z "${NDL_INSTALL_PRIVATE_NS:-}" ]; then
	NDL_INSTALL_PRIVATE_NS=1 exec unshare --mount --propagation private /bin/sh "$0" "$@"
fi

# A run that was killed may have left its chroot mounts: never delete
# through them.
grep -o " $vw/[^ ]*" /proc/mounts | sort -r | while read -r m; do umount -l "$m"; done
rm -rf --one-file-system "$vw"
mkdir -p "$vw" "$cache"
BUILD=$build "$top/installer/build-installer.sh" "$ndl_brand_dir" >"$vw/installer.log" 2>&1 ||
	{ fail vm-installer "make installer failed; see $vw/installer.log"; exit 1; }
deb=$build/installer/$brand_vendor_id-$brand_product_id-$brand_version.deb
run=$build/installer/$brand_vendor_id-$brand_product_id-$brand_version.run
pkg=$(dpkg-deb -f "$deb" Package)

tar=$cache/rootfs-$kver.tar
if ! "$top/tests/install/rootfs.sh" "$kver" "$tar"; then
	fail vm-rootfs "could not make the Debian root; see $tar.log"; exit 1
fi
root=$vw/root
mkdir -p "$root"
tar -C "$root" -xf "$tar"
mounted=""
mount_root() {
	mount -t proc proc "$root/proc" && mount --bind /dev "$root/dev" &&
		mount --bind /dev/pts "$root/dev/pts" && mount -t sysfs sysfs "$root/sys" &&
		mounted=1
}
umount_root() {
	[ -n "$mounted" ] || return 0
	for m in sys dev/pts dev proc; do umount "$root/$m" 2>/dev/null; done
	mounted=""
}
trap 'umount_root' EXIT
in_root() { chroot "$root" "$@"; }
mount_root || { fail vm-setup "cannot mount /proc, /dev, /sys in the chroot"; exit 1; }

# With a bundled driver, this test machine's RTL8139 has no native Linux
# driver, as for the products ndisload is for (QEMU's card otherwise gets
# 8139cp): blacklisted on the kernel command line, which the initramfs
# (loading NIC drivers early) obeys too.
no_native=""
[ -z "$ndl_brand_driver" ] || no_native="modprobe.blacklist=8139cp,8139too"

# Everything but what Debian's tools and the kernel change on their own.
# (With AFTER-BOOT, also what booting changes: systemd's own state.)
snapshot() { # [after-boot]
	boot_state=./nonexistent
	[ -z "${1:-}" ] || boot_state=./var/lib/systemd
	(cd "$root" && find . -xdev \( -path ./proc -o -path ./sys -o -path ./dev -o -path ./run \
		-o -path ./tmp -o -path ./var/log -o -path ./var/cache -o -path ./var/lib/dpkg \
		-o -path ./var/lib/apt -o -path ./var/lib/ndl-test -o -path ./var/tmp \
		-o -path "$boot_state" \) -prune -o -print) |
		grep -vE '^\./var/lib/dkms/mok\.(key|pub)$|^\./var/lib/dkms$' | sort
}
snapshot >"$vw/before.txt"

# --- chroot: install -----------------------------------------------------------
cp "$deb" "$root/tmp/ndl.deb"
if in_root dpkg -i /tmp/ndl.deb >"$vw/dpkg-install.log" 2>&1; then
	pass chroot-deb-install
else
	fail chroot-deb-install "dpkg -i failed; see $vw/dpkg-install.log"
	exit 1
fi
missing=""
for f in /usr/sbin/ndisload /usr/sbin/ndisload-webconf /usr/lib/ndisload/ndisload-setup \
	/usr/share/ndisload/brand/brand.json /usr/share/ndisload/brand/logo.svg \
	/lib/systemd/system/ndisload-webconf.service /usr/src/ndisload-$version/dkms.conf \
	/etc/default/ndisload; do
	[ -e "$root$f" ] || missing="$missing $f"
done
check chroot-files "missing:$missing" [ -z "$missing" ]
u=$(in_root getent passwd ndisload-web)
check chroot-user "ndisload-web: '$u'" sh -c "echo '$u' | grep -q ':/nonexistent:/usr/sbin/nologin$'"
tm=$(in_root stat -c '%a %U:%G' /etc/ndisload/webconf.token 2>&1)
check chroot-token "token: $tm" [ "$tm" = "640 root:ndisload-web" ]
st=$(in_root dkms status -m ndisload -v "$version" -k "$kver" 2>&1)
check chroot-dkms "dkms status: $st" sh -c "echo '$st' | grep -q ': installed'"
check chroot-module "no ndisload.ko in /lib/modules/$kver/updates/dkms" \
	sh -c "ls '$root/lib/modules/$kver/updates/dkms/'ndisload.ko* >/dev/null 2>&1"
en=""
for s in ndisload-modprobe ndisload-helper ndisload-webconf; do
	[ -L "$root/etc/systemd/system/multi-user.target.wants/$s.service" ] || en="$en $s"
done
check chroot-enabled "not enabled:$en" [ -z "$en" ]
if in_root systemd-analyze verify --man=no /lib/systemd/system/ndisload-modprobe.service \
	/lib/systemd/system/ndisload-load.service /lib/systemd/system/ndisload-helper.service \
	/lib/systemd/system/ndisload-webconf.service >"$vw/verify.log" 2>&1 &&
	! grep -q . "$vw/verify.log"; then
	pass chroot-units-verify
else
	fail chroot-units-verify "$(head -n 3 "$vw/verify.log" | tr '\n' ' ')"
fi
if [ -n "$ndl_brand_driver" ]; then
	check chroot-bundled-driver "the bundled driver is not in /var/lib/ndisload/drivers" \
		sh -c "[ -n \"\$(ls -A '$root/var/lib/ndisload/drivers' 2>/dev/null)\" ]"
fi

# --- chroot: reinstall (dpkg's upgrade path) keeps the token and the module
tok=$(cat "$root/etc/ndisload/webconf.token" 2>/dev/null)
if in_root dpkg -i /tmp/ndl.deb >"$vw/dpkg-reinstall.log" 2>&1 &&
	[ "$(cat "$root/etc/ndisload/webconf.token" 2>/dev/null)" = "$tok" ] &&
	in_root dkms status -m ndisload -v "$version" -k "$kver" 2>&1 | grep -q ': installed'; then
	pass chroot-reinstall
else
	fail chroot-reinstall "dpkg -i over the installed package failed, changed the token or lost the module; see $vw/dpkg-reinstall.log"
fi

# --- chroot: purge leaves the root as it was -------------------------------------
if in_root dpkg --purge "$pkg" >"$vw/dpkg-purge.log" 2>&1; then
	snapshot >"$vw/after.txt"
	if diff -u "$vw/before.txt" "$vw/after.txt" >"$vw/purge.diff"; then
		pass chroot-purge
	else
		fail chroot-purge "changed by install+purge: $(grep '^[-+]\./' "$vw/purge.diff" | head -n 5 | tr '\n' ' ')"
	fi
else
	fail chroot-purge "dpkg --purge failed; see $vw/dpkg-purge.log"
fi

if [ "${NDL_INSTALL_BOOT:-1}" = 0 ]; then
	skip boot "NDL_INSTALL_BOOT=0"; exit $status
fi

# --- boot ------------------------------------------------------------------------
in_root dpkg -i /tmp/ndl.deb >"$vw/dpkg-install2.log" 2>&1 ||
	{ fail boot-setup "reinstalling the package failed; see $vw/dpkg-install2.log"; exit 1; }
rm -f "$root/tmp/ndl.deb"
umount_root
t=$root/var/lib/ndl-test
mkdir -p "$t"
install -m 0755 "$top/tests/install/guest-check.sh" "$t/guest-check.sh"
install -m 0755 "$run" "$t/installer.run"
echo deb >"$t/stage"
echo "$pkg" >"$t/package"
echo "$brand_vendor" >"$t/brand"
echo "$ndl_brand_logo_name" >"$t/logo"
[ -z "$ndl_brand_driver" ] || touch "$t/has-driver"
cat >"$root/etc/systemd/system/ndl-test.service" <<'EOF'
[Unit]
Description=ndisload installation test (tests/install/guest-check.sh)
After=multi-user.target

[Service]
Type=oneshot
TimeoutStartSec=900
StandardOutput=file:/dev/ttyS1
StandardError=journal
ExecStart=/var/lib/ndl-test/guest-check.sh
ExecStopPost=/bin/systemctl poweroff

[Install]
WantedBy=multi-user.target
EOF
ln -sf /etc/systemd/system/ndl-test.service "$root/etc/systemd/system/multi-user.target.wants/ndl-test.service"
# The guest's network: DHCP from QEMU on the RTL8139 (through the bundled
# driver), and a relay from its address to the web configurator, which
# listens on loopback only (QEMU's port forward reaches 10.0.2.15).
printf '[Match]\nType=ether\n\n[Network]\nDHCP=ipv4\n' >"$root/etc/systemd/network/80-ndl-test.network"
cat >"$root/etc/systemd/system/ndl-test-relay.service" <<'EOF'
[Unit]
Description=ndisload test: relay 10.0.2.15:8087 to the web configurator on 127.0.0.1:8087
StartLimitIntervalSec=0

[Service]
ExecStart=/usr/bin/socat TCP-LISTEN:8087,bind=10.0.2.15,reuseaddr,fork TCP:127.0.0.1:8087
Restart=always
RestartSec=1

[Install]
WantedBy=multi-user.target
EOF
ln -sf /etc/systemd/system/ndl-test-relay.service "$root/etc/systemd/system/multi-user.target.wants/ndl-test-relay.service"
mount_root && in_root systemctl enable systemd-networkd.service >/dev/null 2>&1
umount_root
cp "$root/boot/initrd.img-$kver" "$vw/initrd.img"
img=$vw/disk.img
if ! mkfs.ext4 -q -F -L ndlroot -d "$root" "$img" 4G >"$vw/mkfs.log" 2>&1; then
	fail boot-setup "mkfs.ext4 -d failed; see $vw/mkfs.log"; exit 1
fi
rm -rf --one-file-system "$root"
# The uncompressed kernel the VM harness boots (made once, shared with it).
vmlinux=$build/vm/$kver/vmlinux
mkdir -p "$build/vm/$kver"
"$top/tests/vm/kernel.sh" "$kver" "$vmlinux" ||
	{ fail boot-setup "no bootable kernel from /boot/vmlinuz-$kver"; exit 1; }

# A free local port for QEMU's forward to the guest's 8087.
port=18087
while ss -ltnH "sport = :$port" 2>/dev/null | grep -q .; do port=$((port + 1)); done

# When the guest says "READY: web", fetch its status through the port
# forward (so through its network card), then tell it to go on (through a
# virtio serial port).
web_via_forward() { # OUT-DIR STAGE
	tok=$(tr -d '\r' <"$1/results" | sed -n 's/^token: //p' | tail -n1)
	if curl -fsS --max-time 30 -H "Authorization: Bearer $tok" \
		"http://127.0.0.1:$port/api/v1/status" >"$1/status-forward.json" 2>"$1/curl.log" &&
		grep -q "\"vendor\": *\"$brand_vendor\"" "$1/status-forward.json"; then
		pass "boot-$2/web-via-port-forward"
	else
		fail "boot-$2/web-via-port-forward" "http://127.0.0.1:$port/api/v1/status: $(cat "$1/curl.log") $(head -c 200 "$1/status-forward.json")"
	fi
	echo go >"$1/ctl.in"
}

boot() { # STAGE: one boot of the image; the guest reports on serial port 2
	out=$vw/boot-$1
	mkdir -p "$out"
	: >"$out/results"
	mkfifo "$out/ctl.in" "$out/ctl.out"
	# A boot with its checks takes 20-50 s here (guest uptime at the end),
	# a few times that on a loaded host. A hung task or soft lockup panics
	# the guest, so its trace ends the console; the timeout is the backstop.
	timeout -k 5 480 qemu-system-x86_64 -accel tcg -m 1536 -smp 2 -nographic -no-reboot \
		-nic none -device rtl8139,netdev=n0,romfile= \
		-netdev "user,id=n0,hostfwd=tcp:127.0.0.1:$port-:8087" \
		-kernel "$vmlinux" -initrd "$vw/initrd.img" \
		-append "root=LABEL=ndlroot rw console=ttyS0 panic=-1 oops=panic hung_task_panic=1 softlockup_panic=1 $no_native" \
		-drive "file=$img,if=virtio,format=raw" \
		-serial "file:$out/console" -serial "file:$out/results" \
		-device virtio-serial-pci -chardev "pipe,id=ctl,path=$out/ctl" \
		-device virtserialport,chardev=ctl,name=ndl.ctl \
		</dev/null >"$out/qemu.log" 2>&1 &
	qpid=$!
	asked=0
	while kill -0 $qpid 2>/dev/null; do
		if [ $asked = 0 ] && grep -q '^READY: web' "$out/results"; then
			web_via_forward "$out" "$1"
			asked=1
		fi
		sleep 1
	done
	wait $qpid
	rc=$?
	tr -d '\r' <"$out/results" | grep -E '^(PASS|FAIL|SKIP): |^journal\| '
	grep -q '^FAIL: ' "$out/results" && status=1
	if ! grep -q "^END: " "$out/results"; then
		fail "boot-$1/complete" "the guest did not finish (qemu exit $rc; last step: $(tr -d '\r' <"$out/results" | sed -n 's/^time: //p' | tail -n1)); console: $out/console"
		tail -n 30 "$out/console" | sed 's/^/console| /'
		return 1
	fi
	if grep -qE '\] .*(Kernel panic|BUG:|Oops|WARNING:|general protection fault)' "$out/console"; then
		fail "boot-$1/console" "kernel problem on the console; see $out/console"
	fi
}
boot deb || exit 1

# --- the .run, installed into the same image offline (as the package was) --
mnt=$vw/mnt
mkdir -p "$mnt"
if ! mount -o loop "$img" "$mnt"; then
	fail run-setup "cannot loop-mount $img"; exit 1
fi
root=$mnt
trap 'umount_root; umount "$mnt" 2>/dev/null' EXIT
mount_root || { fail run-setup "cannot mount /proc, /dev, /sys in the image"; exit 1; }
snapshot after-boot >"$vw/before-run.txt"
# Non-interactive without --accept-license: refused, nothing installed.
out=$(in_root /var/lib/ndl-test/installer.run --quiet </dev/null 2>&1)
rc=$?
if [ $rc != 0 ] && [ ! -e "$root/usr/lib/ndisload" ] &&
	echo "$out" | grep -q 'accept the license terms first'; then
	pass run-license-refusal
else
	fail run-license-refusal "rc $rc: $out"
fi
in_root /var/lib/ndl-test/installer.run --quiet --accept-license --no-deps </dev/null >"$vw/run-install.log" 2>&1
rc=$?
check run-install "rc $rc; see $vw/run-install.log" [ $rc = 0 ]
check run-prints-url "no URL and token location in $vw/run-install.log" \
	sh -c "grep -q 'http://localhost:8087' '$vw/run-install.log' && grep -q /etc/ndisload/webconf.token '$vw/run-install.log'"
echo run >"$root/var/lib/ndl-test/stage"
umount_root
umount "$mnt" || { fail run-setup "cannot unmount the image"; exit 1; }
boot run || exit 1

# --- the .run's --uninstall --purge leaves the image as before it ------------
mount -o loop "$img" "$mnt" || { fail run-uninstall "cannot loop-mount $img"; exit 1; }
mount_root || { fail run-uninstall "cannot mount /proc, /dev, /sys in the image"; exit 1; }
in_root /var/lib/ndl-test/installer.run --quiet --uninstall --purge </dev/null >"$vw/run-uninstall.log" 2>&1
rc=$?
check run-uninstall "rc $rc; see $vw/run-uninstall.log" [ $rc = 0 ]
snapshot after-boot >"$vw/after-run.txt"
if diff -u "$vw/before-run.txt" "$vw/after-run.txt" >"$vw/run-purge.diff"; then
	pass run-uninstall-nothing-left
else
	fail run-uninstall-nothing-left "changed by install+uninstall: $(grep '^[-+]\./' "$vw/run-purge.diff" | head -n 5 | tr '\n' ' ')"
fi
u=$(in_root getent passwd ndisload-web)
check run-uninstall-user "ndisload-web still exists: $u" [ -z "$u" ]
umount_root
umount "$mnt"
exit $status
