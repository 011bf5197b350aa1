# SPDX-License-Identifier: GPL-2.0-only
# Virtual (root-enumerated) adapters in the module: vether (an NDIS 5.1
# miniport whose .inf names ROOT\ndl_vether, its wire looped back) is
# added with one virtual ID and binds nothing; two adapters are then made
# on request (instances 0 and 1, each on a platform device of its own),
# brought up, and pass traffic: a macvlan on each, moved into a network
# namespace, sends through the adapter, whose looped wire hands the frames
# back to the adapter's receive path; ping and an HTTP transfer checked by
# SHA-256, for both at once. A MAC change restarts a virtual miniport
# (registry without a PCI location). An add may name its instance
# (NDL_VIRTUAL_AT; EEXIST when taken). Removing an instance whose interface
# is up is EBUSY unless forced; the driver comes off and the module
# unloads with a virtual adapter alive; nothing leaks.
# timeout: 90
. /tests/_ndl.sh

sys=$NDL_DRIVERS/vether/vether.sys
add_vether() {
	ndl-ioctl add vether -s "$sys" -V 1.2.0.0 -i virtual \
		-r 'ReceiveBuffers=sz:32' -r 'Ndi\Interfaces\UpperRange=sz:ndis5' \
		-r 'Ndi\Interfaces\LowerRange=sz:ethernet' | grep -qx "bound 0 owned 0"
}
no_devices() { [ -z "$(ndl-ioctl devices vether)" ]; }
add_instance() { ndl-ioctl add-virtual vether | grep -qx "instance $1"; }
listed() { # N: instance N is running with an interface
	ndl-ioctl devices vether | grep -q "^device virtual\.$1 driver=vether state=running if=[a-z]"
}
viface() { ndl-ioctl devices vether | sed -n "s/^device virtual\.$1 .* if=\([^ ]*\) .*/\1/p"; }
parent_is_virtual() { # IFACE
	readlink "/sys/class/net/$1/device" | grep -q 'ndisload-virtual\.'
}
# net N IFACE: IFACE gets 10.9.N.1; a macvlan on it, in a namespace of its
# own (held by a sleeping process), 10.9.N.2 with a web server.
net() {
	mkdir -p "/tmp/www$1" && head -c 4194304 /dev/urandom >"/tmp/www$1/blob" &&
	ip link set "$2" up && ip addr add "10.9.$1.1/24" dev "$2" &&
	ip link add link "$2" name "mv$1" type macvlan &&
	{ unshare -n sleep 600 </dev/null >/dev/null 2>&1 & echo $! >"/tmp/ns$1"; } &&
	sleep 0.2 &&
	ip link set "mv$1" netns "$(cat "/tmp/ns$1")" &&
	in_ns "$1" ip link set lo up && in_ns "$1" ip link set "mv$1" up &&
	in_ns "$1" ip addr add "10.9.$1.2/24" dev "mv$1" &&
	in_ns "$1" httpd -p 8080 -h "/tmp/www$1"
}
in_ns() { _n=$1; shift; nsenter -t "$(cat "/tmp/ns$_n")" -n "$@"; }
pings() { ping -c 3 -W 2 "10.9.$1.2" >/dev/null; }
fetch() { # N: the blob through adapter N, compared
	_want=$(sha256sum "/tmp/www$1/blob" | cut -d' ' -f1)
	_got=$(timeout 30 wget -q -O - "http://10.9.$1.2:8080/blob" | sha256sum | cut -d' ' -f1)
	[ "$_got" = "$_want" ] || { echo "adapter $1: checksum $_got, want $_want"; return 1; }
}
both_fetch() {
	fetch 0 >/tmp/f0 2>&1 & _p0=$!
	fetch 1 >/tmp/f1 2>&1 & _p1=$!
	wait $_p0 || { cat /tmp/f0; return 1; }
	wait $_p1 || { cat /tmp/f1; return 1; }
}
rx_counted() { [ "$(cat "/sys/class/net/$1/statistics/rx_packets")" -gt 100 ]; }
new_mac() { # IFACE: down, new address (the miniport restarts), up
	ip link set "$1" down && ip link set "$1" address 02:4e:44:4c:00:42 &&
	ip link set "$1" up &&
	[ "$(cat "/sys/class/net/$1/address")" = 02:4e:44:4c:00:42 ]
}
busy_refused() { ndl-ioctl remove-virtual vether 1 | grep -qx "errno EBUSY"; }
gone() { ! ndl-ioctl devices vether | grep -q "^device virtual\.$1 "; }

if [ ! -e "$sys" ]; then
	fail vether-built "no $sys in the guest (tests/drivers/vether)"
	exit 0
fi
check insmod ndl_load
check macvlan load_module macvlan
check add-driver add_vether
check binds-nothing no_devices
check add-instance-0 add_instance 0
check add-instance-1 add_instance 1
check listed-0 listed 0
check listed-1 listed 1
if0=$(viface 0) if1=$(viface 1)
check two-interfaces test -n "$if0" -a -n "$if1" -a "$if0" != "$if1"
check parent-platform-device parent_is_virtual "$if0"
check mac-change-restarts new_mac "$if1"
check net-0 net 0 "$if0"
check net-1 net 1 "$if1"
check carrier-0 ndl_wait_carrier "$if0" 5
check carrier-1 ndl_wait_carrier "$if1" 5
check ping-0 pings 0
check ping-1 pings 1
check transfers-sha256 both_fetch
check rx-through-driver rx_counted "$if0"
check remove-busy-refused busy_refused
check remove-forced sh -c 'ndl-ioctl remove-virtual vether 1 force | grep -qx "removed vether 1"'
check instance-1-gone gone 1
check instance-0-stays listed 0
check instance-1-reused add_instance 1
check add-at-instance sh -c 'ndl-ioctl add-virtual vether 5 | grep -qx "instance 5"'
check add-at-taken sh -c 'ndl-ioctl add-virtual vether 5 | grep -q "^errno EEXIST"'
check remove-at-instance sh -c 'ndl-ioctl remove-virtual vether 5 | grep -qx "removed vether 5"'
check remove-idle sh -c "ip link set $if0 down && ndl-ioctl remove-virtual vether 0 | grep -qx 'removed vether 0'"
kill "$(cat /tmp/ns0)" "$(cat /tmp/ns1)" 2>/dev/null
check driver-removed-with-adapter sh -c 'ndl-ioctl remove vether force | grep -qx "removed vether"'
check nothing-leaked sh -c '[ -z "$(ndl_leaks)" ]'
check readd add_vether
check readd-instance add_instance 0
check rmmod-with-adapter rmmod ndisload
