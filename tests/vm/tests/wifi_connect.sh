# SPDX-License-Identifier: GPL-2.0-only
# Associating with `iw connect`: the open network (link, station info,
# ping to the host behind the access point), disconnect and reconnect;
# WEP with shared-key authentication (right key: ping; wrong key: no
# association, reported as a failed connect); WEP with open authentication
# and a wrong key associates but nothing gets through.
# device: pci-testdev
# timeout: 120
. /tests/_wifi.sh

check add wifi_add
ifc=$(wifi_iface)
# A refused association is given up after 3 s instead of 10.
echo 3000 >/sys/module/ndisload/parameters/wifi_connect_ms
check up ip link set "$ifc" up
check scan wifi_scan "$ifc" /tmp/scan

check open-connect iw dev "$ifc" connect ndl-open
check open-linked wifi_wait_link "$ifc"
iw dev "$ifc" link >/tmp/link
check open-link-info sh -c "grep -q 'Connected to 02:4e:44:57:00:01' /tmp/link &&
	grep -q 'SSID: ndl-open' /tmp/link && grep -q 'freq: 2412' /tmp/link"
check open-station sh -c "iw dev $ifc station dump | grep -q 'signal:.*-42 dBm'"
check open-carrier ndl_wait_carrier "$ifc"
wifi_addr "$ifc"
check open-ping wifi_ping
check disconnect iw dev "$ifc" disconnect
check disconnected wifi_wait_unlink "$ifc"
check no-ping-disconnected sh -c "! ping -c 1 -W 1 $WIFI_HOST"
check reconnect iw dev "$ifc" connect ndl-open
check relinked wifi_wait_link "$ifc"
check reconnect-ping wifi_ping
check disconnect-2 iw dev "$ifc" disconnect
wifi_wait_unlink "$ifc"

check wep-shared-connect iw dev "$ifc" connect ndl-wep auth shared key "d:0:$WIFI_WEP_KEY"
check wep-shared-linked wifi_wait_link "$ifc"
check wep-ping wifi_ping
check wep-disconnect iw dev "$ifc" disconnect
wifi_wait_unlink "$ifc"

# Shared key with the wrong key: the challenge fails, no association.
iw event -t >/tmp/events 2>&1 &
evpid=$!
check wep-wrong-connect iw dev "$ifc" connect ndl-wep auth shared key d:0:wrong-key-13c
sleep 4
kill $evpid 2>/dev/null
check wep-wrong-not-linked sh -c "! wifi_linked $ifc"
check wep-wrong-reported grep -Eq 'timed out|failed to connect' /tmp/events

# Open authentication with the wrong key: associated, but undecryptable.
check wep-open-wrong-connect iw dev "$ifc" connect ndl-wep auth open key d:0:wrong-key-13c
check wep-open-wrong-linked wifi_wait_link "$ifc"
check wep-open-wrong-no-ping sh -c "! ping -c 2 -W 1 $WIFI_HOST"
check wep-open-wrong-disconnect iw dev "$ifc" disconnect

check down ip link set "$ifc" down
check remove ndl-ioctl remove vwifi
