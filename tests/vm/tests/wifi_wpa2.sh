# SPDX-License-Identifier: GPL-2.0-only
# WPA2-PSK with wpa_supplicant -Dnl80211: the 4-way handshake runs over
# EAPOL frames on the data path against the simulated access point, the
# keys go to the miniport (OID_802_11_ADD_KEY) and ping reaches the host
# behind it; disconnect and reconnect; a wrong passphrase fails the
# handshake (no message 3, deauthentication) and wpa_supplicant reports a
# wrong key, with nothing in the kernel log but that.
# device: pci-testdev
# timeout: 150
. /tests/_wifi.sh

check add wifi_add
ifc=$(wifi_iface)
check up ip link set "$ifc" up
check supplicant wifi_supplicant "$ifc" ndl-wpa2 "$WIFI_WPA2_PASS"
check completed wifi_wait_wpa "$ifc" COMPLETED 20
check handshake-logged grep -q 'WPA: Key negotiation completed with 02:4e:44:57:00:03' "/tmp/wpa-$ifc.log"
check keys-installed sh -c "grep -q 'WPA: Installing PTK to the driver' /tmp/wpa-$ifc.log &&
	grep -q 'WPA: Installing GTK to the driver' /tmp/wpa-$ifc.log"
check link sh -c "iw dev $ifc link | grep -q 'SSID: ndl-wpa2'"
wifi_addr "$ifc"
check ping wifi_ping

check disconnect wifi_cli "$ifc" disconnect
check disconnected wifi_wait_wpa "$ifc" DISCONNECTED 10
check unlinked wifi_wait_unlink "$ifc"
check no-ping sh -c "! ping -c 1 -W 1 $WIFI_HOST"
check reconnect wifi_cli "$ifc" reconnect
check recompleted wifi_wait_wpa "$ifc" COMPLETED 20
check reconnect-ping wifi_ping
wifi_supplicant_stop "$ifc"
wifi_wait_unlink "$ifc"

# The wrong passphrase: message 2's MIC fails at the AP, no message 3.
check wrong-supplicant wifi_supplicant "$ifc" ndl-wpa2 not-the-passphrase
check wrong-key-reported sh -c "n=0; until grep -q 'CTRL-EVENT-SSID-TEMP-DISABLED.*reason=WRONG_KEY' /tmp/wpa-$ifc.log; do
	n=\$((n + 1)); [ \$n -gt 300 ] && exit 1; sleep 0.1; done"
check wrong-never-completed sh -c "! grep -q 'Key negotiation completed' /tmp/wpa-$ifc.log"
check wrong-no-msg3 sh -c "! grep -q 'RX message 3 of 4-Way Handshake' /tmp/wpa-$ifc.log"
check wrong-not-linked sh -c "! wifi_linked $ifc"
check wrong-no-ping sh -c "! ping -c 1 -W 1 $WIFI_HOST"
wifi_supplicant_stop "$ifc"

check down ip link set "$ifc" down
check remove ndl-ioctl remove vwifi
