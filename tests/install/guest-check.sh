#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Runs inside the booted Debian test image (ndl-test.service, after
# multi-user.target) and reports PASS/FAIL lines on the second serial port.
# /var/lib/ndl-test/stage says what this boot checks:
#   deb      the package (installed offline) came up at boot: module loaded,
#            bundled driver bound, services up, branded web page (also
#            fetched by the host through the port forward); then
#            `dpkg --purge` leaves nothing
#   run      the same for the .run (installed offline after that boot; the
#            host uninstalls it offline after this boot)
# /var/lib/ndl-test/run is the .run file, /var/lib/ndl-test/brand the
# expected vendor name.
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
t=/var/lib/ndl-test
stage=$(cat $t/stage)
vendor=$(cat $t/brand)
run=$t/installer.run
pass() { echo "PASS: install/boot-$stage/$1"; }
fail() {
	echo "FAIL: install/boot-$stage/$1 ($2)"
	# What the services said, for the log (the host prints these lines).
	journalctl -b --no-pager -n 15 -o short-monotonic -u 'ndisload*' 2>/dev/null |
		sed 's/^/journal| /'
}
check() { n=$1 why=$2; shift 2; if "$@"; then pass "$n"; else fail "$n" "$why"; fi; }

wait_for() { # SECONDS COMMAND...: retry until COMMAND succeeds
	s=$1; shift
	while [ "$s" -gt 0 ]; do
		"$@" >/dev/null 2>&1 && return 0
		sleep 1; s=$((s - 1))
	done
	return 1
}

# The emulated RTL8139's PCI device directory.
nic=""
for d in /sys/bus/pci/devices/*; do
	[ "$(cat "$d/vendor")" = 0x10ec ] && [ "$(cat "$d/device")" = 0x8139 ] && nic=$d
done

bound_to_ndisload() {
	[ -n "$nic" ] && [ -e "$nic/driver" ] &&
		[ "$(basename "$(readlink -f "$nic/driver/module")")" = ndisload ]
}

web_ok() { # the page answers, and the status API shows the brand
	# Each request bounded: a daemon that accepts and never answers must
	# end in a FAIL with the journal, not in a guest that never finishes.
	curl -fsS --max-time 10 -o /dev/null http://127.0.0.1:8087/ || return 1
	curl -fsS --max-time 10 -H "Authorization: Bearer $(cat /etc/ndisload/webconf.token)" \
		http://127.0.0.1:8087/api/v1/status >$t/status.json || return 1
	grep -q "\"vendor\": *\"$vendor\"" $t/status.json || return 1
	# The brand's logo, as the pages show it.
	curl -fsS --max-time 10 -H "Authorization: Bearer $(cat /etc/ndisload/webconf.token)" \
		-o $t/logo.out http://127.0.0.1:8087/brand/$(cat $t/logo) &&
		cmp -s $t/logo.out /usr/share/ndisload/brand/$(cat $t/logo)
}

came_up() { # the checks after a boot with ndisload installed
	mark came-up
	if [ -e $t/has-driver ]; then
		check module-loaded "ndisload.ko is not loaded" wait_for 60 test -e /sys/module/ndisload
		check driver-bound "the RTL8139 ($nic) is bound to $(basename "$(readlink -f "$nic/driver" 2>/dev/null)")" \
			wait_for 60 bound_to_ndisload
		check interface "no network interface on the RTL8139" wait_for 30 sh -c "ls $nic/net/* >/dev/null"
	else
		check module-installed "modprobe cannot find ndisload" modinfo ndisload
	fi
	mark services
	for u in ndisload-helper ndisload-webconf; do
		check "$u-active" "$(systemctl is-active $u.service)" wait_for 30 systemctl is-active --quiet $u.service
	done
	failed=$(systemctl --failed --no-legend --plain 2>/dev/null | grep ndisload)
	check no-failed-units "failed: $failed" [ -z "$failed" ]
	check token-mode "$(stat -c '%a %U:%G' /etc/ndisload/webconf.token 2>&1)" \
		[ "$(stat -c '%a %U:%G' /etc/ndisload/webconf.token 2>/dev/null)" = "640 root:ndisload-web" ]
	mark web
	check webconf-user "ndisload-webconf does not run as ndisload-web" \
		[ "$(ps -o user= -C ndisload-webconf | head -n1)" = ndisload-web ]
	check web-brand "http://127.0.0.1:8087 does not answer with the brand: $(head -c 300 $t/status.json 2>/dev/null)" \
		wait_for 30 web_ok
}

web_forward() { # the host checks the page through QEMU's port forward
	# The host's channel is a virtio serial port (a third ISA serial port
	# would share ttyS0's interrupt and never deliver). Open it first.
	mark web-forward
	wait_for 30 test -e /dev/virtio-ports/ndl.ctl
	exec 3</dev/virtio-ports/ndl.ctl
	echo "token: $(cat /etc/ndisload/webconf.token)"
	echo "READY: web"
	timeout 120 sh -c 'read -r line' <&3 ||
		fail web-forward-wait "the host did not answer within 120 s"
	exec 3<&-
}

# Phase times (uptime seconds), kept in the results file for profiling.
mark() { echo "time: $(cut -d' ' -f1 /proc/uptime) $1"; }

nothing_left() { # after purge or uninstall --purge
	# Everywhere but the big trees no installer writes to (kernel headers and
	# modules, libraries, locales), which walking under emulation takes long.
	mark nothing-left
	left=$(find / -xdev \( -path /var/lib/ndl-test -o -path '/usr/src/linux-*' \
		-o -path '/usr/lib/modules/*/kernel' -o -path /usr/lib/x86_64-linux-gnu \
		-o -path /usr/include -o -path /usr/share/locale -o -path /usr/share/zoneinfo \
		-o -path /usr/lib/gcc -o -path /usr/libexec/gcc -o -path /usr/share/perl \) -prune -o \
		\( -iname '*ndisload*' -o -iname '*netlink8139*' \) -print 2>/dev/null | head -n 5)
	[ -e /run/ndisload ] && left="$left /run/ndisload"
	[ -e /run/modprobe.d/ndisload.conf ] && left="$left /run/modprobe.d/ndisload.conf"
	check nothing-left "left: $left" [ -z "$left" ]
	check user-gone "a service user still exists" sh -c '! getent passwd ndisload-web && ! getent group ndisload-web && ! getent passwd ndisload-host && ! getent group ndisload-host'
	check module-unloaded "ndisload.ko still loaded" [ ! -e /sys/module/ndisload ]
	units=$(systemctl list-unit-files --no-legend 'ndisload*' 2>/dev/null)
	check units-gone "still known: $units" [ -z "$units" ]
}

mark start
case "$stage" in
deb)
	came_up
	web_forward
	mark purge
	dpkg --purge "$(cat $t/package)" >$t/purge.log 2>&1
	rc=$?
	check deb-purge "dpkg --purge: rc $rc: $(tail -n 3 $t/purge.log)" [ $rc = 0 ]
	nothing_left
	;;
run)
	# Uninstalling follows offline (the host's chroot): DKMS and systemd
	# reloads under emulation cost minutes, and the package's purge above
	# already covers removal from a running system.
	came_up
	web_forward
	;;
*)
	fail stage "unknown stage '$stage'"
	;;
esac
mark end
echo "END: $stage"
