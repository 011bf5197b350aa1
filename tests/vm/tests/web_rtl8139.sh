# SPDX-License-Identifier: GPL-2.0-only
# End to end through the web API and the pages: the guest runs the module,
# the helper and the web configurator (reached from the host through QEMU's
# port forward on the first NIC, an e1000 with its native driver); the host
# side (tests/vm/host/web_rtl8139.sh) uploads the RTL8139 test driver
# package with curl, then headless Chromium (tests/web/devices.vm.test.mjs)
# binds the second NIC, starts the driver, sees it running, brings the
# interface up with DHCP through the helper (busybox udhcpc with a script
# like Debian's udhcpc package's), watches the Status graph follow the
# guest's download, and stops the driver; then the setup assistant
# (tests/web/setup.vm.test.mjs) takes a .zip of the same package from login
# to the interface up with its DHCP address and its graph moving; the guest
# checks each step from inside, and downloads until the page has seen it.
# nic: e1000 rtl8139
# fwd: 8087
# host: web_rtl8139
# serve: 4
# timeout: 720
# kernels: default
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
# A slow operation runs in a worker: status is answered while doctor waits.
hs=/run/ndisload/helper.sock
serve-client "$hs" '{"op":"doctor","args":{"wait":5}}' >/tmp/doctor.json 2>&1 &
dpid=$!
sleep 1
# (doctor's client prints its answer only when it has it: still nothing)
check status-while-doctor-waits sh -c "serve-client $hs '{\"op\":\"status\"}' | grep -q '\"ok\":true' && [ ! -s /tmp/doctor.json ]"
wait $dpid
check doctor-after-wait grep -q '"waited_seconds":5' /tmp/doctor.json
ndisload-webconf --www /lib/ndl/www --demo-insecure-listen 10.0.2.15 >/tmp/webconf.log 2>&1 &
n=0
while [ ! -s /etc/ndisload/webconf.token ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
check webconf-token test -s /etc/ndisload/webconf.token
# The host side waits for this line (test-only token, a throw-away VM).
echo "HOST: token $(cat /etc/ndisload/webconf.token)" >"$NDL_RESULTS"

# The DHCP client the helper finds: busybox's udhcpc with its script.
udhcpc_script

# rtl_iface SECONDS: the RTL8139's interface in $rtl, once it exists, and
# its ifindex in $rtl_idx: the assistant's interface may take the name of
# the one the page stopped, so "gone" means this ifindex is gone.
rtl_iface() {
	rtl="" rtl_idx="" _n=0
	while [ -z "$rtl" ] && [ $_n -lt $(($1 * 2)) ]; do
		for d in /sys/bus/pci/devices/*; do
			[ "$(cat "$d/vendor")" = 0x10ec ] && [ -d "$d/net" ] && rtl=$(ls "$d/net" | head -n1)
		done
		[ -n "$rtl" ] || { sleep 0.5; _n=$((_n + 1)); }
	done
	[ -z "$rtl" ] || rtl_idx=$(cat "/sys/class/net/$rtl/ifindex" 2>/dev/null)
}

# rtl_present: the interface rtl_iface found still exists.
rtl_present() {
	[ "$(cat "/sys/class/net/$rtl/ifindex" 2>/dev/null)" = "$rtl_idx" ]
}

# rtl_wait_gone NAME: waits (at most 120 s) for that interface to go.
rtl_wait_gone() {
	_n=0
	while rtl_present && [ $_n -lt 240 ]; do sleep 0.5; _n=$((_n + 1)); done
	check "$1" rtl_absent
}
rtl_absent() { ! rtl_present; }

# wait_dhcp NAME: the second NIC's QEMU user network 10.0.3.0/24 (its host
# at 10.0.3.2) gave $rtl an address through the page (at most 120 s).
wait_dhcp() {
	_n=0
	while ! ip -4 addr show dev "$rtl" | grep -q 'inet 10\.0\.3\.' && [ $_n -lt 240 ]; do
		sleep 0.5; _n=$((_n + 1))
	done
	check "$1" sh -c "ip -4 addr show dev $rtl | grep 'inet 10\.0\.3\.'"
	if ! ip -4 addr show dev "$rtl" | grep -q 'inet 10\.0\.3\.'; then
		sed 's/^/helper: /' /tmp/helper.log | tail -n 20 >"$NDL_RESULTS"
		sed 's/^/webconf: /' /tmp/webconf.log | tail -n 20 >"$NDL_RESULTS"
	fi
}

# traffic_until_gone: downloads the host's file again and again, each
# followed by a second's pause, until $rtl goes (the page's Stop, the
# host's removal): the browser watching the Status graph sees the real
# counters move whenever it looks, however long it takes to get there.
traffic_until_gone() {
	while rtl_present; do
		timeout 60 wget -q -O /dev/null "http://$ndl_serve" 2>/dev/null
		sleep 1
	done
}

# Wait (up to 200 s) for the interface the page's bind + start creates.
rtl_iface 200
if [ -z "$rtl" ]; then
	fail interface "no interface for the RTL8139 after the API calls"
	sed 's/^/helper: /' /tmp/helper.log | tail -n 20 >"$NDL_RESULTS"
	sed 's/^/webconf: /' /tmp/webconf.log | tail -n 20 >"$NDL_RESULTS"
else
	pass interface
	check driver-is-wrapped sh -c "ndl-ioctl devices rtl8139 | grep -q 'if=$rtl'"
	# The page's "bring up (DHCP)" gets the address from QEMU's DHCP server.
	wait_dhcp dhcp-address-by-page
	check carrier ndl_wait_carrier "$rtl" 10
	check ping ping -c 3 -W 3 10.0.3.2
	ndl_serve=$(echo "$ndl_serve" | sed 's/^10\.0\.2\.2:/10.0.3.2:/')
	check download ndl_download
	# The browser's Status graph must see traffic: it goes on until Stop.
	traffic_until_gone &
	traffic=$!
	echo "HOST: traffic done" >"$NDL_RESULTS"
	# The page's Stop takes the driver and its interface away.
	rtl_wait_gone stopped-by-page
	wait $traffic
	# Then the setup assistant (setup.vm.test.mjs): the driver is removed,
	# and a .zip of its package installs, binds, starts and brings it up.
	rtl_iface 300
	check assistant-interface test -n "$rtl"
	if [ -n "$rtl" ]; then
		wait_dhcp dhcp-address-by-assistant
		check assistant-ping ping -c 3 -W 3 10.0.3.2
		check assistant-download ndl_download
		# For the Status graph the assistant ends on, until the removal.
		traffic_until_gone &
		traffic=$!
		# The host removes the running driver when its page checks are done.
		rtl_wait_gone removed-while-running
		wait $traffic
	fi
fi
echo "HOST: done" >"$NDL_RESULTS"
sleep 1
