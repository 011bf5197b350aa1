# SPDX-License-Identifier: GPL-2.0-only
# vwifi as a cfg80211 device: the interface is wlanN with a wiphy; `iw scan`
# lists the four simulated access points with their SSIDs, channels,
# signals and security (RSN for WPA2, privacy for WEP); `iw phy` shows the
# bands and ciphers the miniport reported; RTS/fragmentation thresholds,
# transmit power and power saving go to the miniport (out-of-range refused).
# device: pci-testdev
# timeout: 90
. /tests/_wifi.sh

check add wifi_add
ifc=$(wifi_iface)
check iface-is-wlan sh -c "echo '$ifc' | grep -q '^wlan[0-9]'"
check wiphy test -e "/sys/class/net/$ifc/phy80211"
check station-mode sh -c "iw dev $ifc info | grep -q 'type managed'"
phy=$(basename "$(readlink "/sys/class/net/$ifc/phy80211")")
iw phy "$phy" info >/tmp/phy 2>&1
check bands sh -c "grep -q '2412 MHz' /tmp/phy && grep -q '5180 MHz' /tmp/phy"
check ciphers sh -c "grep -q 'CCMP' /tmp/phy && grep -q 'WEP104' /tmp/phy"
check up ip link set "$ifc" up
check scan wifi_scan "$ifc" /tmp/scan
check scan-ssids sh -c "grep -q 'SSID: ndl-open' /tmp/scan &&
	grep -q 'SSID: ndl-wep' /tmp/scan && grep -q 'SSID: ndl-wpa2$' /tmp/scan &&
	grep -q 'SSID: ndl-wpa2-5g' /tmp/scan"
check scan-count sh -c "[ \$(grep -c '^BSS ' /tmp/scan) -eq 4 ]"
# ndl-open: channel 1 at -42 dBm, no privacy
check scan-open sh -c "awk '/^BSS 02:4e:44:57:00:01/{f=1} /^BSS /&&!/00:01/{f=0} f' /tmp/scan >/tmp/open &&
	grep -q 'freq: 2412' /tmp/open && grep -q 'signal: -42.00 dBm' /tmp/open &&
	! grep -q 'Privacy' /tmp/open"
check scan-wpa2-rsn sh -c "awk '/^BSS 02:4e:44:57:00:03/{f=1} /^BSS /&&!/00:03/{f=0} f' /tmp/scan >/tmp/wpa2 &&
	grep -q 'freq: 2462' /tmp/wpa2 && grep -q 'RSN:' /tmp/wpa2 &&
	grep -q 'Authentication suites: PSK' /tmp/wpa2 && grep -q 'Pairwise ciphers: CCMP' /tmp/wpa2"
check scan-wep-privacy sh -c "awk '/^BSS 02:4e:44:57:00:02/{f=1} /^BSS /&&!/00:02/{f=0} f' /tmp/scan | grep -q 'Privacy'"
check scan-5g sh -c "grep -q 'freq: 5180' /tmp/scan"
# Settings reach the miniport (OID_802_11_*); what it refuses, iw reports.
check rts sh -c "iw phy $phy set rts 500 && iw phy $phy info | grep -q 'RTS threshold: 500'"
check rts-refused sh -c "! iw phy $phy set rts 3000"
check frag sh -c "iw phy $phy set frag 1000 && iw phy $phy info | grep -q 'Fragmentation threshold: 1000'"
check txpower sh -c "iw dev $ifc set txpower fixed 1000 && iw dev $ifc info | grep -q 'txpower 10.00 dBm'"
check power-save sh -c "iw dev $ifc set power_save on && iw dev $ifc get power_save | grep -q 'Power save: on'"
check down ip link set "$ifc" down
check remove ndl-ioctl remove vwifi
