#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# systemd-overlay.sh OUT.cpio: a second initramfs archive that makes
# Debian's systemd (the host's, installer/deps.sh) the guest's PID 1, for
# the VM tests that declare `# overlay: systemd`: what ndisload installs
# for systemd (ndisload-host@.service above all) then runs under the real
# service manager, its sandboxing and journal included, as on a Debian
# machine. The guest's init (tests/vm/guest/init) sees /lib/ndl/systemd-tests
# and hands over to systemd, which starts only what a minimal boot needs
# (the journal) and ndl-test.service, which runs the test as init would and
# powers off. ndisload itself is installed as `make install PREFIX=/usr`
# would (below).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$1
# systemd's programs, and coreutils' install (ndisload-setup uses it; busybox has none).
progs="/lib/systemd/systemd /lib/systemd/systemd-journald /bin/systemctl
	/bin/journalctl /bin/systemd-sysusers /bin/systemd-tmpfiles /usr/bin/install"
units="basic.target sysinit.target sockets.target local-fs.target slices.target
	paths.target timers.target shutdown.target
	systemd-journald.service systemd-journald.socket systemd-journald-dev-log.socket"
for f in $progs; do
	[ -x "$f" ] || { echo "systemd-overlay: $f missing (run installer/deps.sh)" >&2; exit 1; }
done

stage=$(mktemp -d "${TMPDIR:-/tmp}/ndl-systemd.XXXXXX")
trap 'rm -rf "$stage"' EXIT
. "$top/tests/vm/overlay-lib.sh"
for f in $progs; do
	overlay_put "$f" "$f"
done
sysdir=/lib/systemd/system
mkdir -p "$stage$sysdir" "$stage/etc/systemd/system" "$stage/var/log/journal"
for u in $units; do
	cp "$sysdir/$u" "$stage$sysdir/"
done
# The journal, as a Debian boot starts it (the packages' symlinks).
mkdir -p "$stage$sysdir/sockets.target.wants" "$stage$sysdir/sysinit.target.wants"
for u in systemd-journald.socket systemd-journald-dev-log.socket; do
	ln -s "../$u" "$stage$sysdir/sockets.target.wants/$u"
done
ln -s ../systemd-journald.service "$stage$sysdir/sysinit.target.wants/systemd-journald.service"
echo 6e6469736c6f61642d766d2d74657374 >"$stage/etc/machine-id"
cat >"$stage$sysdir/ndl-test.target" <<'UNIT'
[Unit]
Description=ndisload VM test
Requires=basic.target
Wants=ndl-test.service
After=basic.target
UNIT
cat >"$stage$sysdir/ndl-test.service" <<'UNIT'
[Unit]
Description=ndisload guest tests
After=basic.target systemd-journald.socket

[Service]
Type=simple
EnvironmentFile=/run/ndl-test.env
ExecStart=/bin/sh /lib/ndl/systemd-tests
StandardInput=null
StandardOutput=journal+console
UNIT
mkdir -p "$stage/lib/ndl"
cat >"$stage/lib/ndl/systemd-tests" <<'SCRIPT'
#!/bin/sh
# ndl-test.service: the tests the kernel command line named, then off.
export PATH=/usr/bin:/usr/sbin:/bin:/sbin
. /lib/ndl/lib.sh
ndl_run_tests "$(echo "${ndl_tests:-}" | tr ',' ' ')"
sync
poweroff -f
SCRIPT
# ndisload as `make install PREFIX=/usr` puts it on a Debian machine (files
# only: nothing enabled, no DKMS; the guest loads the module built for its
# kernel), without the module's sources; the programs' libraries are in
# the initramfs already (build/bin). Rebuilt every run: it is the build
# under test.
inst=$stage.inst
trap 'rm -rf "$stage" "$inst"' EXIT
DESTDIR=$inst PREFIX=/usr sh "$top/installer/install.sh" --no-dkms --no-start >/dev/null
rm -rf "$inst/usr/src"
cp -a "$inst/." "$stage/"
ln -s /run "$stage/var/run"
(cd "$stage" && find . -mindepth 1 | cpio -o -H newc --quiet) >"$out.tmp.$$"
mv "$out.tmp.$$" "$out"
