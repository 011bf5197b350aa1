# SPDX-License-Identifier: GPL-2.0-only
# NetworkManager manages the interfaces wrapped drivers create, as on a
# desktop: Debian's NetworkManager 1.42 (tests/vm/nm-overlay.sh) runs with
# D-Bus, udev and wpa_supplicant's D-Bus interface before the drivers are
# pushed; the RTL8139 miniport's interface appears, NetworkManager connects
# it on its own with DHCP from QEMU's user network (nmcli: connected, an
# address, the host answers ping); the vwifi miniport's interface is a
# Wi-Fi device to it, its scan lists the simulated networks, and nmcli joins
# the WPA2 one (the simulated LAN has no DHCP server, so the profile gives
# the address) and pings the host behind the access point.
# nic: rtl8139
# device: pci-testdev
# overlay: nm
# timeout: 240
. /tests/_wifi.sh

# nm_state IFACE: the device's state as nmcli reports it (connected, ...).
nm_state() {
	nmcli -t -f DEVICE,STATE device 2>/dev/null | sed -n "s/^$1://p"
}
# nm_wait IFACE STATE SECONDS
nm_wait() {
	_n=0
	until [ "$(nm_state "$1")" = "$2" ]; do
		_n=$((_n + 1))
		[ $_n -gt $(($3 * 2)) ] && { nmcli device >&2; return 1; }
		sleep 0.5
	done
}
nm_logs() {
	tail -n 40 /tmp/nm.log | sed 's/^/nm: /' >"$NDL_RESULTS"
}

# GLib's clients look for /var/run/dbus; this guest has /run only.
export DBUS_SYSTEM_BUS_ADDRESS=unix:path=/run/dbus/system_bus_socket
mkdir -p /run/udev /run/dbus /run/NetworkManager /var/lib/NetworkManager
check udevd /lib/systemd/systemd-udevd --daemon
udevadm trigger --action=add >/dev/null 2>&1
udevadm settle --timeout=20
check dbus dbus-daemon --config-file=/etc/ndl/dbus-system.conf --fork
check wpa-supplicant-dbus wpa_supplicant -u -B -O /run/wpa_supplicant -f /tmp/wpa-dbus.log
NetworkManager --no-daemon >/tmp/nm.log 2>&1 &
check nm-running sh -c 'n=0; until nmcli -t general status >/dev/null 2>&1; do
	n=$((n + 1)); [ $n -gt 60 ] && exit 1; sleep 0.5; done'

# The drivers arrive while NetworkManager runs, as a hot-plugged card would.
added() { ndl_load && ndl_add_rtl8139 | grep -qx "bound 1 owned 0"; }
check add-rtl8139 added
eth=$(ndl_iface rtl8139)
check eth-interface test -n "$eth"
check eth-connected nm_wait "$eth" connected 60
[ "$(nm_state "$eth")" = connected ] || nm_logs
check eth-dhcp-address sh -c "nmcli -g IP4.ADDRESS device show $eth | grep -q '^10\.0\.2\.'"
check eth-ping ping -c 2 -W 3 10.0.2.2

check add-vwifi wifi_add
wl=$(wifi_iface)
check wifi-interface test -n "$wl"
check wifi-is-wifi sh -c "nmcli -t -f DEVICE,TYPE device | grep -qx '$wl:wifi'"
check wifi-disconnected nm_wait "$wl" disconnected 30
check wifi-scan-lists sh -c "nmcli device wifi rescan ifname $wl >/dev/null 2>&1; sleep 2
	nmcli -t -f SSID device wifi list ifname $wl | grep -qx ndl-wpa2"
check wifi-profile nmcli connection add type wifi ifname "$wl" con-name ndl-wpa2 ssid ndl-wpa2 \
	wifi-sec.key-mgmt wpa-psk wifi-sec.psk "$WIFI_WPA2_PASS" \
	ipv4.method manual ipv4.addresses "$WIFI_ME/24" ipv6.method disabled
check wifi-join nmcli --wait 40 connection up ndl-wpa2 ifname "$wl"
[ "$(nm_state "$wl")" = connected ] || nm_logs
check wifi-connected sh -c "[ \"\$(nmcli -t -f DEVICE,STATE device | sed -n 's/^$wl://p')\" = connected ]"
check wifi-linked sh -c "iw dev $wl link | grep -q 'SSID: ndl-wpa2'"
check wifi-ping ping -c 2 -W 3 "$WIFI_HOST"
# Taking the Wi-Fi connection down leaves the Ethernet one alone.
check wifi-down nmcli connection down ndl-wpa2
check wifi-disconnected-again nm_wait "$wl" disconnected 20
check eth-still-connected nm_wait "$eth" connected 5
kill %1 2>/dev/null
