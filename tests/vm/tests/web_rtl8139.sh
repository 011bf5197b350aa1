# SPDX-License-Identifier: GPL-2.0-only
# End to end through the web API: the guest runs the module, the helper and
# the web configurator (reached from the host through QEMU's port forward on
# the first NIC, an e1000 with its native driver); the host side
# (tests/vm/host/web_rtl8139.sh) uploads the RTL8139 test driver package,
# binds the second NIC to it and loads it, all with curl; the guest then sees
# the wrapped interface appear and moves data through it.
# nic: e1000 rtl8139
# fwd: 8087
# host: web_rtl8139
# serve: 4
# timeout: 300
. /tests/_ndl.sh

check e1000 load_module e1000
check insmod ndl_load
n=0
while [ ! -e /sys/class/net/eth0 ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
check eth0-address sh -c 'ip link set eth0 up && ip addr add 10.0.2.15/24 dev eth0'
mkdir -p /etc/ndisload /var/lib/ndisload /run/ndisload
ndisload serve --allow-user 0 >/tmp/helper.log 2>&1 &
n=0
while [ ! -S /run/ndisload/helper.sock ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
check helper-socket test -S /run/ndisload/helper.sock
ndisload-webconf --www /lib/ndl/www --demo-insecure-listen 10.0.2.15 >/tmp/webconf.log 2>&1 &
n=0
while [ ! -s /etc/ndisload/webconf.token ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
check webconf-token test -s /etc/ndisload/webconf.token
# The host side waits for this line (test-only token, a throw-away VM).
echo "HOST: token $(cat /etc/ndisload/webconf.token)" >"$NDL_RESULTS"

# Wait (up to 200 s) for the interface the API's bind + load creates.
rtl=""
n=0
while [ -z "$rtl" ] && [ $n -lt 400 ]; do
	for d in /sys/bus/pci/devices/*; do
		[ "$(cat "$d/vendor")" = 0x10ec ] && [ -d "$d/net" ] && rtl=$(ls "$d/net" | head -n1)
	done
	[ -n "$rtl" ] || { sleep 0.5; n=$((n + 1)); }
done
if [ -z "$rtl" ]; then
	fail interface "no interface for the RTL8139 after the API calls"
	sed 's/^/helper: /' /tmp/helper.log | tail -n 20 >"$NDL_RESULTS"
	sed 's/^/webconf: /' /tmp/webconf.log | tail -n 20 >"$NDL_RESULTS"
else
	pass interface
	check driver-is-wrapped sh -c "ndl-ioctl devices rtl8139 | grep -q 'if=$rtl'"
	# The second NIC has QEMU user network 10.0.3.0/24, its host at 10.0.3.2.
	ip link set "$rtl" up && ip addr add 10.0.3.15/24 dev "$rtl"
	check carrier ndl_wait_carrier "$rtl" 10
	check ping ping -c 3 -W 3 10.0.3.2
	ndl_serve=$(echo "$ndl_serve" | sed 's/^10\.0\.2\.2:/10.0.3.2:/')
	check download ndl_download
fi
echo "HOST: done" >"$NDL_RESULTS"
sleep 1
