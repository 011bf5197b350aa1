# SPDX-License-Identifier: GPL-2.0-only
# Microsoft's NDIS 6 sample miniport (netvmini 6.30, built unmodified from
# ../shared/third-party) driven from the CLI as a user would: install its
# package, add two virtual adapters (each its own locally administered MAC,
# the NetworkAddress the helper derives), and pass traffic between them:
# netvmini hands every frame one adapter sends to its other adapters, so
# adapter 0 (10.12.0.1) reaches adapter 1 (10.12.0.2, in a network
# namespace of its own) over the driver's NET_BUFFER_LIST send and receive
# paths: ping, and a 4 MiB HTTP transfer checked by SHA-256. Then the saved
# state: a busy removal refused, a forced one, the driver reloaded (load
# --reload, as after a boot) with its
# remaining adapter back at the same instance and MAC, everything removed,
# rmmod, nothing leaked.
# timeout: 90
. /tests/_ndl.sh

pkg=/lib/ndl/drivers-msvc/netvmini630
vconf=/etc/ndisload/virtual.conf
# viface N: adapter N's interface, as `ndisload status` lists it.
viface() {
	ndisload status | sed -n "s/^  netvmini630 *virtual\.$1 *\([^ ]*\) *running .*/\1/p"
}
vmac() { ndisload status | sed -n "s/^  netvmini630 *virtual\.$1 .* running *\([0-9a-f:]*\).*/\1/p"; }
local_admin() { # MAC: unicast, locally administered
	case $1 in ?[26ae]:*) return 0 ;; esac
	return 1
}
net_pair() {
	mkdir -p /tmp/www && head -c 4194304 /dev/urandom >/tmp/www/blob &&
	ip link set "$if0" up && ip addr add 10.12.0.1/24 dev "$if0" &&
	{ unshare -n sleep 600 </dev/null >/dev/null 2>&1 & echo $! >/tmp/ns; } &&
	sleep 0.2 &&
	ip link set "$if1" netns "$(cat /tmp/ns)" &&
	in_ns ip link set lo up && in_ns ip link set "$if1" up &&
	in_ns ip addr add 10.12.0.2/24 dev "$if1" &&
	in_ns httpd -p 8080 -h /tmp/www
}
in_ns() { nsenter -t "$(cat /tmp/ns)" -n "$@"; }
fetch() {
	_want=$(sha256sum /tmp/www/blob | cut -d' ' -f1)
	_got=$(timeout 30 wget -q -O - http://10.12.0.2:8080/blob | sha256sum | cut -d' ' -f1)
	[ "$_got" = "$_want" ] || { echo "checksum $_got, want $_want"; return 1; }
}
busy_refused() {
	_out=$(ndisload remove-virtual netvmini630 0 2>&1)
	[ $? -eq 4 ] && echo "$_out" | grep -q 'interface is up'
}

if [ ! -f "$pkg/netvmini630.sys" ]; then
	fail netvmini-built "no $pkg/netvmini630.sys in the guest (tests/netvmini)"
	exit 0
fi
check insmod ndl_load
check install ndisload install "$pkg/netvmini630.inf"
check add-virtual-two sh -c 'ndisload add-virtual --count 2 netvmini630 | grep -q "Added 2 virtual adapters"'
check saved grep -qx 'instances = 0 1' "$vconf"
if0=$(viface 0) if1=$(viface 1)
check two-interfaces test -n "$if0" -a -n "$if1" -a "$if0" != "$if1"
mac0=$(vmac 0) mac1=$(vmac 1)
check macs-differ test -n "$mac0" -a -n "$mac1" -a "$mac0" != "$mac1"
check mac-local-0 local_admin "$mac0"
check mac-local-1 local_admin "$mac1"
check mac-is-interface-0 test "$(cat "/sys/class/net/$if0/address")" = "$mac0"
check net net_pair
check carrier ndl_wait_carrier "$if0" 5
check ping ping -c 3 -W 2 10.12.0.2
check transfer-sha256 fetch
check rx-counted sh -c "[ \$(cat /sys/class/net/$if0/statistics/rx_packets) -gt 100 ]"
check remove-busy-refused busy_refused
kill "$(cat /tmp/ns)" 2>/dev/null
check remove-forced sh -c 'ndisload remove-virtual --force netvmini630 1 | grep -q "Removed virtual adapter virtual.1"'
check saved-after-remove grep -qx 'instances = 0' "$vconf"
ip link set "$if0" down
check reload-restores ndisload load --reload netvmini630
check restored-instance test -n "$(viface 0)" -a -z "$(viface 1)"
check restored-same-mac test "$(vmac 0)" = "$mac0"
check remove-all sh -c 'ndisload remove-virtual netvmini630 | grep -q "Removed virtual adapter virtual.0"'
check none-saved sh -c '! grep -q netvmini630 '"$vconf"
check remove-driver ndisload remove --force netvmini630
check nothing-leaked sh -c '[ -z "$(ndl_leaks)" ]'
check rmmod rmmod ndisload
