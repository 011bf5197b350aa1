# SPDX-License-Identifier: GPL-2.0-only
# Guest helpers for the wifi_* tests (sourced, never run alone): the vwifi
# simulated wireless miniport on QEMU's pci-testdev, its access points
# (tests/drivers/vwifi/vw_aps.c) and waiting for wireless states.
. /tests/_ndl.sh

WIFI_WPA2_PASS=ndisload-passphrase
WIFI_WEP_KEY=ndl-wep-key13
WIFI_HOST=192.168.77.1
WIFI_ME=192.168.77.2
WIFI_CTRL=/run/wpa_supplicant

# wifi_add [NAME]: load the module and push vwifi (as NAME, default vwifi)
# for the PCI test device.
wifi_add() {
	ndl_load || return 1
	ndl-ioctl add "${1:-vwifi}" -s "$NDL_DRIVERS/vwifi/vwifi.sys" -V 1.0.0.0 \
		-i 1b36:0005 \
		-r 'ScanTimeMs=sz:100' -r 'AssocTimeMs=sz:20' \
		-r 'Ndi\Interfaces\UpperRange=sz:ndis5' \
		-r 'Ndi\Interfaces\LowerRange=sz:wlan,ethernet' ${WIFI_ADD_EXTRA:-}
}

# wifi_pci: the PCI address of QEMU's pci-testdev, vwifi's "card".
wifi_pci() {
	pci_devices | awk '$2 == "1b36:0005" { print $1; exit }'
}

# wifi_cli_setup: the product's way in, with checks named install, bind and
# load: vwifi from its .inf into the store, the card bound, drivers loaded.
wifi_cli_setup() {
	check install ndisload install "$NDL_DRIVERS/vwifi/vwifi.inf"
	check bind ndisload bind "$(wifi_pci)" vwifi
	check load ndisload load --all
}

# wifi_iface [NAME]: the vwifi interface's name (wlanN).
wifi_iface() {
	ndl_iface "${1:-vwifi}"
}

# wifi_scan IFACE OUT: scan and dump the results into OUT. `iw scan`
# alone can miss the end of a scan (it listens only after triggering, see
# iw's scan.c), so listen first with `iw event`, then trigger.
wifi_scan() {
	iw event >/tmp/wifi-scan-events 2>&1 &
	_ev=$!
	sleep 0.2
	iw dev "$1" scan trigger >/dev/null || { kill $_ev; return 1; }
	_n=0
	until grep -q "$1 (phy #[0-9]*): scan \(finished\|aborted\)" /tmp/wifi-scan-events; do
		_n=$((_n + 1))
		[ $_n -gt 150 ] && break
		sleep 0.1
	done
	kill $_ev
	grep -q "$1 (phy #[0-9]*): scan finished" /tmp/wifi-scan-events || return 1
	iw dev "$1" scan dump >"$2"
}

# wifi_linked IFACE: is it associated (iw's "Connected to")?
wifi_linked() {
	iw dev "$1" link | grep -q '^Connected to '
}

# wifi_wait_link IFACE [SECONDS]: wait for an association.
wifi_wait_link() {
	_n=0
	until wifi_linked "$1"; do
		_n=$((_n + 1))
		[ $_n -gt $((${2:-10} * 10)) ] && return 1
		sleep 0.1
	done
}

# wifi_wait_unlink IFACE [SECONDS]: wait until it is no longer associated.
wifi_wait_unlink() {
	_n=0
	while wifi_linked "$1"; do
		_n=$((_n + 1))
		[ $_n -gt $((${2:-10} * 10)) ] && return 1
		sleep 0.1
	done
}

# wifi_addr IFACE: our address on the access point's LAN.
wifi_addr() {
	ip addr flush dev "$1" 2>/dev/null
	ip addr add "$WIFI_ME/24" dev "$1"
}

# wifi_ping: the host behind the access point answers.
wifi_ping() {
	ping -c 2 -W 2 "$WIFI_HOST" >/dev/null
}

# wifi_supplicant IFACE SSID PASSPHRASE: (re)start wpa_supplicant -Dnl80211
# for a WPA2-PSK network; its log is /tmp/wpa-IFACE.log.
wifi_supplicant() {
	wifi_supplicant_stop "$1"
	rm -f "/tmp/wpa-$1.log"
	mkdir -p "$WIFI_CTRL"
	cat >"/tmp/wpa-$1.conf" <<EOC
ctrl_interface=$WIFI_CTRL
network={
	ssid="$2"
	psk="$3"
	key_mgmt=WPA-PSK
	proto=RSN
	pairwise=CCMP
	group=CCMP
}
EOC
	wpa_supplicant -B -Dnl80211 -i "$1" -c "/tmp/wpa-$1.conf" \
		-P "/run/wpa-$1.pid" -f "/tmp/wpa-$1.log" -dd
}

wifi_supplicant_stop() {
	[ -f "/run/wpa-$1.pid" ] || return 0
	kill "$(cat "/run/wpa-$1.pid")" 2>/dev/null
	_n=0
	while [ -e "$WIFI_CTRL/$1" ] && [ $_n -lt 50 ]; do
		sleep 0.1; _n=$((_n + 1))
	done
	rm -f "/run/wpa-$1.pid"
}

# wifi_cli IFACE COMMAND...: wpa_cli on the interface's control socket.
wifi_cli() {
	_i=$1; shift
	wpa_cli -p "$WIFI_CTRL" -i "$_i" "$@"
}

# wifi_wpa_state IFACE: wpa_supplicant's state (COMPLETED when keyed).
wifi_wpa_state() {
	wifi_cli "$1" status 2>/dev/null | sed -n 's/^wpa_state=//p'
}

# wifi_wait_wpa IFACE STATE [SECONDS]
wifi_wait_wpa() {
	_n=0
	until [ "$(wifi_wpa_state "$1")" = "$2" ]; do
		_n=$((_n + 1))
		[ $_n -gt $((${3:-15} * 10)) ] && return 1
		sleep 0.1
	done
}

# wifi_wait_connected IFACE [SECONDS]: the helper reports it connected
# (`ndisload wifi status`, its own wpa_supplicant).
wifi_wait_connected() {
	_n=0
	until ndisload wifi status "$1" 2>/dev/null | grep -q "^$1: connected"; do
		_n=$((_n + 1))
		[ $_n -gt $((${2:-20} * 5)) ] && return 1
		sleep 0.2
	done
}
