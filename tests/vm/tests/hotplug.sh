# SPDX-License-Identifier: GPL-2.0-only
# PCI hot-unplug of the bound NIC while a transfer runs (QEMU monitor
# device_del), then device_add: no oops, the interface goes, the device
# record says "gone", and the same driver binds the new card by itself —
# the interface comes back and passes traffic.
# nic: rtl8139
# monitor: yes
# serve: 8
# timeout: 150
. /tests/_ndl.sh

slot=0000:00:03.0
added() { ndl_add_rtl8139 | grep -qx "bound 1 owned 0"; }
wait_for() { # SECONDS COMMAND...: poll until the command succeeds
	_t=$(($1 * 10)); shift
	while ! "$@" 2>/dev/null; do
		_t=$((_t - 1)); [ $_t -gt 0 ] || return 1; sleep 0.1
	done
}
unplugged() { [ ! -e /sys/bus/pci/devices/$slot ]; }
replugged() { [ -e /sys/bus/pci/devices/$slot ]; }
recorded_gone() { ndl-ioctl devices rtl8139 | grep -q " state=gone "; }
rebound() { [ -n "$(ndl_iface rtl8139)" ]; }

check insmod ndl_load
check add added
iface=$(ndl_iface rtl8139)
check up ndl_net_up "$iface"
check carrier ndl_wait_carrier "$iface" 5
wget -q -O /dev/null "http://$ndl_serve" 2>/dev/null &
wget_pid=$!
sleep 1
ndl_monitor device_del nic0
check unplugged wait_for 20 unplugged
check interface-gone test ! -d "/sys/class/net/$iface"
check recorded-gone recorded_gone
kill "$wget_pid" 2>/dev/null
wait "$wget_pid" 2>/dev/null
ndl_monitor device_add rtl8139,netdev=n0,id=nic0,romfile=
check replugged wait_for 20 replugged
check rebound wait_for 20 rebound
iface=$(ndl_iface rtl8139)
check up-again ndl_net_up "$iface"
check carrier-again ndl_wait_carrier "$iface" 5
check download-again ndl_download
check remove sh -c 'ip link set '"$iface"' down && ndl-ioctl remove rtl8139'
check rmmod rmmod ndisload
