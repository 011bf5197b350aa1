# SPDX-License-Identifier: GPL-2.0-only
# Associating with `iw connect`: the open network (link, station info,
# ping to the host behind the access point), disconnect and reconnect;
# WEP with shared-key authentication (right key: ping; wrong key: no
# association, reported as a failed connect); WEP with open authentication
# and a wrong key associates but nothing gets through. Both build
# flavours one after the other in one boot (mingw-w64, then clang-MSVC
# when build/drivers-msvc exists). Cost: one boot, about 17 s per flavour.
# device: pci-testdev
# timeout: 180
. /tests/_wifi.sh

not_linked() { ! wifi_linked "$1"; }
# The refused connect reported to user space (bounded: a slow guest).
connect_failed() {
	_n=300
	until grep -Eq 'timed out|failed to connect' /tmp/events; do
		_n=$((_n - 1))
		[ $_n -gt 0 ] || { cat /tmp/events; return 1; }
		sleep 0.1
	done
}

# flavour NAME DRIVERS-DIR: one build of vwifi through the checks.
flavour() {
	name=$1 NDL_DRIVERS=$2
	check $name/add wifi_add "$name"
	ifc=$(wifi_iface "$name")
	# A refused association is given up after 3 s instead of 10.
	echo 3000 >/sys/module/ndisload/parameters/wifi_connect_ms
	check $name/up ip link set "$ifc" up
	check $name/scan wifi_scan "$ifc" /tmp/scan

	check $name/open-connect iw dev "$ifc" connect ndl-open
	check $name/open-linked wifi_wait_link "$ifc"
	iw dev "$ifc" link >/tmp/link
	check $name/open-link-info sh -c "grep -q 'Connected to 02:4e:44:57:00:01' /tmp/link &&
		grep -q 'SSID: ndl-open' /tmp/link && grep -q 'freq: 2412' /tmp/link"
	check $name/open-station sh -c "iw dev $ifc station dump | grep -q 'signal:.*-42 dBm'"
	check $name/open-carrier ndl_wait_carrier "$ifc"
	wifi_addr "$ifc"
	check $name/open-ping wifi_ping
	check $name/disconnect iw dev "$ifc" disconnect
	check $name/disconnected wifi_wait_unlink "$ifc"
	check $name/no-ping-disconnected sh -c "! ping -c 1 -W 1 $WIFI_HOST"
	check $name/reconnect iw dev "$ifc" connect ndl-open
	check $name/relinked wifi_wait_link "$ifc"
	check $name/reconnect-ping wifi_ping
	check $name/disconnect-2 iw dev "$ifc" disconnect
	wifi_wait_unlink "$ifc"

	check $name/wep-shared-connect iw dev "$ifc" connect ndl-wep auth shared key "d:0:$WIFI_WEP_KEY"
	check $name/wep-shared-linked wifi_wait_link "$ifc"
	check $name/wep-ping wifi_ping
	check $name/wep-disconnect iw dev "$ifc" disconnect
	wifi_wait_unlink "$ifc"

	# Shared key with the wrong key: the challenge fails, no association.
	iw event -t >/tmp/events 2>&1 &
	evpid=$!
	check $name/wep-wrong-connect iw dev "$ifc" connect ndl-wep auth shared key d:0:wrong-key-13c
	check $name/wep-wrong-reported connect_failed
	kill $evpid 2>/dev/null
	check $name/wep-wrong-not-linked not_linked "$ifc"

	# Open authentication with the wrong key: associated, but undecryptable.
	check $name/wep-open-wrong-connect iw dev "$ifc" connect ndl-wep auth open key d:0:wrong-key-13c
	check $name/wep-open-wrong-linked wifi_wait_link "$ifc"
	check $name/wep-open-wrong-no-ping sh -c "! ping -c 2 -W 1 $WIFI_HOST"
	check $name/wep-open-wrong-disconnect iw dev "$ifc" disconnect

	check $name/down ip link set "$ifc" down
	check $name/remove ndl-ioctl remove "$name"
}

ndl_flavours flavour vwifi vwifi/vwifi.sys
