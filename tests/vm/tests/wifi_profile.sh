# SPDX-License-Identifier: GPL-2.0-only
# The product's way: vwifi installed from its .inf and bound with the CLI,
# `ndisload wifi` scans, joins WPA2 with a profile (kept mode 0600, key
# never shown), connects through the interface's wpa_supplicant, pings;
# the profile survives a module reload (`ndisload load --all` restores it);
# a wrong passphrase is reported as one; forget removes everything.
# device: pci-testdev
# timeout: 200
. /tests/_wifi.sh

check insmod ndl_load
wifi_cli_setup
ifc=$(wifi_iface)
check iface sh -c "echo '$ifc' | grep -q '^wlan'"

ndisload wifi scan "$ifc" >/tmp/scan 2>&1
check scan sh -c "grep -q 'ndl-wpa2\$' /tmp/scan && grep -q ' wpa2-psk ' /tmp/scan &&
	grep -q 'ndl-open\$' /tmp/scan && grep -q ' wep ' /tmp/scan"
check scan-json sh -c "ndisload wifi scan --json $ifc | grep -q '\"security\": \"wpa2-psk\"'"
check connect sh -c "echo '$WIFI_WPA2_PASS' | ndisload wifi connect --key-file - --country DE $ifc ndl-wpa2"
check connected wifi_wait_connected "$ifc"
check status-text sh -c "ndisload wifi status $ifc | grep -q 'connected to \"ndl-wpa2\" (02:4e:44:57:00:03, channel 11), signal -50 dBm'"
wifi_addr "$ifc"
check ping wifi_ping
check profile-mode sh -c "[ \$(stat -c %a /etc/ndisload/wireless/$ifc.conf) = 600 ] &&
	[ \$(stat -c %a /etc/ndisload/wireless) = 700 ]"
check key-not-shown sh -c "! ndisload wifi status --json $ifc | grep -q '$WIFI_WPA2_PASS' &&
	ndisload wifi status --json $ifc | grep -q '\"key_set\": true'"
# The key is in no command line and in no file but the profile.
echo "$WIFI_WPA2_PASS" >/tmp/key-pattern
check no-key-on-cmdline sh -c "! grep -qF -f /tmp/key-pattern /proc/[0-9]*/cmdline"
check no-key-in-run sh -c "! grep -rqF -f /tmp/key-pattern /run/ndisload"
check supplicant-socket-private sh -c "[ \$(stat -c %a /run/ndisload/wpa_supplicant) = 700 ]"

# Module reload: the interface goes and comes back; load --all restores.
check remove-force ndisload remove --force vwifi
check rmmod rmmod ndisload
check insmod-again insmod "$NDL_KO"
check reinstall ndisload install "$NDL_DRIVERS/vwifi/vwifi.inf"
check rebind ndisload bind "$(wifi_pci)" vwifi
check reload sh -c "ndisload load --all --json | grep -q '\"restored\"'"
ifc=$(wifi_iface)
check reconnected wifi_wait_connected "$ifc"
wifi_addr "$ifc"
check ping-after-reload wifi_ping

# A wrong passphrase: reported as such, never connected.
check wrong-key sh -c "echo wrong-passphrase | ndisload wifi connect --key-file - --security wpa2-psk $ifc ndl-wpa2"
wait_wrong() {
	_n=0
	until ndisload wifi status "$1" | grep -q 'last attempt: wrong key'; do
		_n=$((_n + 1)); [ $_n -gt 100 ] && return 1; sleep 0.2
	done
}
check wrong-key-reported wait_wrong "$ifc"
check wrong-not-connected sh -c "! ndisload wifi status $ifc | grep -q ': connected'"

check disconnect ndisload wifi disconnect "$ifc"
check forget ndisload wifi forget "$ifc"
check forgotten sh -c "[ ! -e /etc/ndisload/wireless/$ifc.conf ] && ! ndisload wifi forget $ifc"
check supplicant-gone sh -c "! pidof wpa_supplicant"
check bad-ssid sh -c "echo x | ndisload wifi connect --security open $ifc ''; [ \$? -eq 5 ]"
check bad-key sh -c "echo short | ndisload wifi connect --key-file - --security wpa2-psk $ifc ndl-wpa2; [ \$? -eq 5 ]"
check not-wireless sh -c "ndisload wifi status lo; [ \$? -eq 3 ]"
check remove ndisload remove --force vwifi
