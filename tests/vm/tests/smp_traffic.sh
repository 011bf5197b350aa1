# SPDX-License-Identifier: GPL-2.0-only
# Two virtual CPUs: one driver on two RTL8139C+ NICs, both downloading at
# once while a third process reads ethtool statistics in a loop, so sends,
# receives, DPCs, interrupts and control requests run on both CPUs at the
# same time (per-CPU driver stacks and tasklets, the runtime's locks);
# checksums match, nothing leaks, no kernel warning.
# nic: rtl8139 rtl8139
# smp: 2
# serve: 8
# timeout: 240
. /tests/_ndl.sh

port=${ndl_serve%%/*}; port=${port#*:}
file=${ndl_serve#*/}
fetch() { # SUBNET OUT
	wget -q -O - "http://10.0.$1.2:$port/$file" | sha256sum | cut -d' ' -f1 >"$2"
}
up_on() { ip link set "$1" up && ip addr add "10.0.$2.15/24" dev "$1"; }
added() { ndl_add_rtl8139 | grep -qx "bound 2 owned 0"; }
traffic() {
	( while [ ! -e /tmp/stop ]; do
		ndl-ioctl ethtool "$if1" >/dev/null; ndl-ioctl ethtool "$if2" >/dev/null
	  done ) &
	_pe=$!
	fetch 2 /tmp/s2 & _p2=$!
	fetch 3 /tmp/s3 & _p3=$!
	ping -q -c 50 -i 0.05 -I "$if1" 10.0.2.2 >/dev/null & _p4=$!
	ping -q -c 50 -i 0.05 -I "$if2" 10.0.3.2 >/dev/null & _p5=$!
	wait $_p2 $_p3 $_p4 $_p5
	touch /tmp/stop; wait $_pe
	[ "$(cat /tmp/s2)" = "$ndl_serve_sha" ] && [ "$(cat /tmp/s3)" = "$ndl_serve_sha" ] ||
		{ echo "checksums $(cat /tmp/s2) $(cat /tmp/s3)"; return 1; }
}

check two-cpus sh -c '[ $(grep -c ^processor /proc/cpuinfo) = 2 ]'
check insmod ndl_load
check add added
if1=$(ndl_iface rtl8139 1) if2=$(ndl_iface rtl8139 2)
check up-1 up_on "$if1" 2
check up-2 up_on "$if2" 3
check carrier-1 ndl_wait_carrier "$if1" 5
check carrier-2 ndl_wait_carrier "$if2" 5
check parallel-traffic traffic
check down sh -c "ip link set $if1 down && ip link set $if2 down"
check remove ndl-ioctl remove rtl8139
check accounting-zero ndl_no_leaks
check rmmod rmmod ndisload
