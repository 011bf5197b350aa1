# SPDX-License-Identifier: GPL-2.0-only
# Guest side of `make demo`: load the module, start the helper and the web
# configurator, and explain what is running. The first NIC (an e1000 with
# Linux's own driver) carries the host's port forward to the web page; the
# second (an RTL8139) is the card a Windows driver will drive.
say() { echo "demo: $*"; }
load_module e1000
insmod "/lib/modules/$NDL_KVER/ndisload.ko" &&
	say "ndisload.ko loaded: $(dmesg | grep 'ndisload .* loaded' | tail -n1 | sed 's/^\[[^]]*\] //')"
[ -c /dev/ndisload ] && say "/dev/ndisload is the helper's door into the module."
n=0
while [ ! -e /sys/class/net/eth0 ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
ip link set eth0 up && ip addr add 10.0.2.15/24 dev eth0
say "PCI devices (slot vendor:device linux-driver):"
pci_devices | sed 's/^/        /'
say "The RTL8139 card (10ec:8139) has no Linux driver bound: it is what the"
say "Windows test driver in /lib/ndl/drivers/rtl8139 will drive."
udhcpc_script	# the Devices page's "bring up (DHCP)" uses busybox's udhcpc
mkdir -p /etc/ndisload /var/lib/ndisload /run/ndisload
ndisload serve --allow-user 0 >/tmp/helper.log 2>&1 &
n=0
while [ ! -S /run/ndisload/helper.sock ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
ndisload-webconf --www /lib/ndl/www --demo-insecure-listen 10.0.2.15 >/tmp/webconf.log 2>&1 &
n=0
while [ ! -s /etc/ndisload/webconf.token ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
cat <<MSG

  Web configurator: open http://localhost:8087 on the host and log in with
  the token $(cat /etc/ndisload/webconf.token 2>/dev/null)
  Driver package to upload (copy it out, or use the CLI here):
        build/drivers/rtl8139/rtl8139.inf and rtl8139.sys  (on the host)
  Or from this shell:
        ndisload install /lib/ndl/drivers/rtl8139
        ndisload devices; ndisload bind 0000:00:04.0 rtl8139; ndisload load
  Logs: /tmp/helper.log, /tmp/webconf.log; dmesg for the module.

MSG
