# SPDX-License-Identifier: GPL-2.0-only
# The wireless page end to end: the guest runs vwifi (installed, bound and
# loaded with the CLI), the helper and the web configurator; headless
# Chromium on the host (tests/vm/host/wifi_web.sh, through QEMU's port
# forward) logs in, scans, joins ndl-wpa2 with its passphrase and sees
# "connected"; the guest then checks the link from inside.
# device: pci-testdev
# nic: e1000
# fwd: 8087
# host: wifi_web
# timeout: 300
# kernels: default
. /tests/_wifi.sh

check insmod ndl_load
wifi_cli_setup
ifc=$(wifi_iface)
# The forwarded port reaches the wired NIC (e1000, Linux's driver).
check e1000 load_module e1000
n=0
while [ ! -e /sys/class/net/eth0 ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
check wired-up net_up eth0
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
echo "HOST: token $(cat /etc/ndisload/webconf.token) iface $ifc" >"$NDL_RESULTS"

# The browser joins through the page; give it up to four minutes.
check joined-by-page wifi_wait_connected "$ifc" 200
check profile-stored sh -c "grep -q '^ssid = ' /etc/ndisload/wireless/$ifc.conf &&
	[ \$(stat -c %a /etc/ndisload/wireless/$ifc.conf) = 600 ]"
wifi_addr "$ifc"
check ping wifi_ping
# Keep serving while the page notices the connection (it polls every 2 s).
sleep 20
