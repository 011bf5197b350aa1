# SPDX-License-Identifier: GPL-2.0-only
# Guest side of `make demo`: load the module, start the helper and the web
# configurator when they are built, and explain what is running.
say() { echo "demo: $*"; }
insmod "/lib/modules/$NDL_KVER/ndisload.ko" && say "ndisload.ko loaded: $(dmesg | grep 'ndisload .* loaded' | tail -n1 | sed 's/^\[[^]]*\] //')"
[ -c /dev/ndisload ] && say "/dev/ndisload is the helper's door into the module."
say "PCI devices (slot vendor:device linux-driver):"
pci_devices | sed 's/^/        /'
say "The emulated RTL8139 card (10ec:8139) has no Linux driver bound: it is"
say "what a Windows driver from /lib/ndl/drivers/rtl8139 will drive."
mkdir -p /etc/ndisload /var/lib/ndisload /run/ndisload
if command -v ndisload >/dev/null; then
	ndisload serve --allow-user root >/tmp/helper.log 2>&1 &
	say "helper started: 'ndisload --help' for the CLI."
fi
if command -v ndisload-webconf >/dev/null; then
	net_up eth0 2>/dev/null || true
	ndisload-webconf --www /lib/ndl/www --demo-insecure-listen 10.0.2.15 >/tmp/webconf.log 2>&1 &
	sleep 1
	say "web configurator: open http://localhost:8087 on the host."
	say "log in with the token: $(cat /etc/ndisload/webconf.token 2>/dev/null)"
fi
say "Windows test driver packages:"
ls /lib/ndl/drivers 2>/dev/null | sed 's/^/        /'
