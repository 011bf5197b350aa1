# SPDX-License-Identifier: GPL-2.0-only
# Guest helpers for the ndisload driver tests (sourced, never run alone):
# loading the module, pushing the RTL8139 test miniport with ndl-ioctl,
# finding its interface, moving data, checking the module's accounting.

NDL_KO=/lib/modules/$NDL_KVER/ndisload.ko
# The build flavour of the test miniports: ndl_flavour=msvc on the guest's
# command line (NDL_VM_APPEND) takes the clang-MSVC builds
# (build/drivers-msvc, tests/drivers/Makefile) instead of mingw-w64's.
NDL_DRIVERS=/lib/ndl/drivers${ndl_flavour:+-$ndl_flavour}
NDL_DEBUGFS=/sys/kernel/debug/ndisload

# ndl_flavours FUNCTION NAME FILE: FUNCTION NAME DIR for the default
# flavour's drivers, then FUNCTION NAMEms DIR for the clang-MSVC builds
# when DIR/FILE is there (a SKIP naming it when not): both build
# flavours of a test miniport in one boot.
ndl_flavours() {
	"$1" "$2" "$NDL_DRIVERS"
	if [ -f "/lib/ndl/drivers-msvc/$3" ]; then
		"$1" "$2ms" /lib/ndl/drivers-msvc
	else
		skip "$2ms" "no clang-MSVC build /lib/ndl/drivers-msvc/$3 (build/drivers-msvc)"
	fi
}

# ndl_load: insmod ndisload.ko unless it is loaded, and note the module's
# own baseline accounting (the runtime keeps a few blocks while loaded).
ndl_load() {
	grep -q '^ndisload ' /proc/modules || insmod "$NDL_KO" || return 1
	ndl_live >/tmp/ndl-baseline
}

# ndl_add_rtl8139 [NAME]: push the RTL8139 miniport (the IDs and registry
# values of its .inf) under NAME (default rtl8139); prints "bound N owned M".
ndl_add_rtl8139() {
	ndl-ioctl add "${1:-rtl8139}" -s "$NDL_DRIVERS/rtl8139/rtl8139.sys" \
		-V 1.0.0.0 \
		-i 10ec:8139:1af4:1100/20 -i 10ec:8139:1af4:1100 \
		-i 10ec:8139/20 -i 10ec:8139 \
		-r 'IoMode=sz:0' -r 'ReceiveDescriptors=sz:64' \
		-r 'TransmitDescriptors=sz:64' \
		-r 'Ndi\params\IoMode\default=sz:0' \
		-r 'Ndi\Interfaces\UpperRange=sz:ndis5' \
		-r 'Ndi\Interfaces\LowerRange=sz:ethernet' \
		-r 'BusType=sz:5' ${NDL_ADD_EXTRA:-}
}

# ndl_iface DRIVER [N]: the interface name of the driver's N-th device (1).
ndl_iface() {
	ndl-ioctl devices "$1" | grep ' state=running ' | sed -n "${2:-1}p" |
		sed -n 's/.* if=\([^ ]*\) .*/\1/p' | grep -v '^-$'
}

# ndl_wait_carrier IFACE [SECONDS]: wait for the link to come up.
ndl_wait_carrier() {
	ndl_carrier_is "$1" 1 "${2:-5}"
}

# ndl_wait_for SECONDS COMMAND...: poll until the command succeeds.
ndl_wait_for() {
	_t=$(($1 * 10)); shift
	while ! "$@" 2>/dev/null; do
		_t=$((_t - 1)); [ $_t -gt 0 ] || return 1; sleep 0.1
	done
}

# ndl_usb_dev VID PID [HCD]: the sysfs name (e.g. 1-1) of a USB device
# with these IDs (lower-case hex), behind a host controller that Linux
# driver (xhci_hcd, uhci_hcd) drives if HCD is given.
ndl_usb_dev() {
	for _d in /sys/bus/usb/devices/*; do
		[ "$(cat "$_d/idVendor" 2>/dev/null)" = "$1" ] &&
			[ "$(cat "$_d/idProduct")" = "$2" ] || continue
		[ -z "${3:-}" ] ||
			[ "$(basename "$(readlink "$(readlink -f "$_d")/../../driver")")" = "$3" ] ||
			continue
		basename "$_d"
		return 0
	done
	return 1
}

# ndl_net_up IFACE: address it on QEMU's user network (replaces earlier).
ndl_net_up() {
	ip addr flush dev "$1" 2>/dev/null
	ip link set "$1" up && ip addr add 10.0.2.15/24 dev "$1" &&
	ip route replace default via 10.0.2.2 dev "$1"
}

# ndl_download: fetch the host's test file (# serve: directive), compare
# its SHA-256; prints "OK <bytes>" or why not.
ndl_download() {
	[ -n "${ndl_serve:-}" ] || { echo "no # serve: directive"; return 1; }
	_sum=$(timeout 120 wget -q -O - "http://$ndl_serve" | sha256sum | cut -d' ' -f1)
	[ "$_sum" = "$ndl_serve_sha" ] || { echo "checksum $_sum, want $ndl_serve_sha"; return 1; }
	echo OK
}

# ndl_upload: the test file (# serve:) posted back to the host (NUL bytes
# made 0x01: busybox wget posts a file as a C string), whose sink
# (run.sh's cgi-bin/ndl-sink) answers with the SHA-256 it received.
ndl_upload() {
	[ -n "${ndl_serve:-}" ] || { echo "no # serve: directive"; return 1; }
	timeout 120 wget -q -O - "http://$ndl_serve" | tr '\000' '\001' >/tmp/up
	_want=$(sha256sum /tmp/up | cut -d' ' -f1)
	_got=$(timeout 120 wget -q -O - --post-file /tmp/up "http://${ndl_serve%%/*}/cgi-bin/ndl-sink")
	rm -f /tmp/up
	[ "$_got" = "$_want" ] || { echo "the host received ${_got:-nothing}, not $_want"; return 1; }
}

# ndl_fetch_via SUBNET OUT: download the test file (# serve:) through the
# host 10.0.SUBNET.2 (the user network of NIC SUBNET-2), its SHA-256 to OUT.
ndl_fetch_via() {
	_port=${ndl_serve%%/*}; _port=${_port#*:}
	timeout 120 wget -q -O - "http://10.0.$1.2:$_port/${ndl_serve#*/}" |
		sha256sum | cut -d' ' -f1 >"$2"
}

# ndl_parallel_downloads: the test file through the first two NICs'
# networks (10.0.2.2, 10.0.3.2) at the same time, both checksums compared.
ndl_parallel_downloads() {
	ndl_fetch_via 2 /tmp/sum2 & _p2=$!
	ndl_fetch_via 3 /tmp/sum3 & _p3=$!
	wait $_p2 $_p3
	[ "$(cat /tmp/sum2)" = "$ndl_serve_sha" ] && [ "$(cat /tmp/sum3)" = "$ndl_serve_sha" ] ||
		{ echo "checksums $(cat /tmp/sum2) $(cat /tmp/sum3)"; return 1; }
}

# ndl_now_ns: a monotonic clock in ns (busybox date has no %N).
ndl_now_ns() {
	sed -n 's/^now at \([0-9]*\) nsecs$/\1/p' /proc/timer_list
}

# ndl_crng_ready: wait until the kernel's random number generator is
# seeded, and say how long that took. Until then every get_random_u32()
# extracts from the entropy pool (about 9000 guest instructions), and the
# IP ID of each ping does one: an emulated machine without RDRAND or
# virtio-rng seeds it seconds into its life, while a real one is seeded
# before its network is up. Measure round trips only after this.
ndl_crng_ready() {
	_t0=$(ndl_now_ns)
	head -c 1 /dev/random >/dev/null
	ndl_report "NOTE: random number generator seeded after $((($(ndl_now_ns) - _t0) / 1000000)) ms of waiting"
}

# ndl_download_rate: ndl_download into memory, the transfer alone timed;
# prints "OK BYTES bytes in SECONDS s, RATE MB/s" (MB = 10^6 bytes).
ndl_download_rate() {
	[ -n "${ndl_serve:-}" ] || { echo "no # serve: directive"; return 1; }
	_t0=$(ndl_now_ns)
	timeout 120 wget -q -O /tmp/ndl-dl "http://$ndl_serve" || { rm -f /tmp/ndl-dl; echo "wget failed"; return 1; }
	_t1=$(ndl_now_ns)
	_sum=$(sha256sum /tmp/ndl-dl | cut -d' ' -f1)
	_bytes=$(wc -c </tmp/ndl-dl)
	rm -f /tmp/ndl-dl
	[ "$_sum" = "$ndl_serve_sha" ] || { echo "checksum $_sum, want $ndl_serve_sha"; return 1; }
	awk -v b="$_bytes" -v ns=$((_t1 - _t0)) \
		'BEGIN { printf "OK %d bytes in %.2f s, %.2f MB/s\n", b, ns / 1e9, ns ? b / 1e6 / (ns / 1e9) : 0 }'
}

# ndl_stat NAME: one figure from debugfs ndisload/stats.
ndl_stat() {
	sed -n "s/^$1 //p" "$NDL_DEBUGFS/stats"
}

# ndl_live: the "live" figures of the module's accounting.
ndl_live() {
	grep -E '_(live|bytes) ' "$NDL_DEBUGFS/stats"
}

# ndl_leaks: live figures that differ from the baseline taken at load
# (nothing once every driver is removed), as "name now (at load: was)".
ndl_leaks() {
	ndl_live | while read -r _k _v; do
		_b=$(sed -n "s/^$_k //p" /tmp/ndl-baseline)
		[ "$_v" = "$_b" ] || echo "$_k $_v (at load: $_b)"
	done
}

# ndl_no_leaks: a check that the accounting is back at its baseline.
ndl_no_leaks() {
	_l=$(ndl_leaks)
	[ -z "$_l" ] || { echo "$_l"; return 1; }
}

# ndl_ethtool_stat IFACE NAME: one driver statistic from ethtool -S.
ndl_ethtool_stat() {
	ndl-ioctl ethtool "$1" | sed -n "s/^stat $2 //p"
}

# ndl_carrier_is IFACE 0|1 SECONDS: wait for the carrier to be that.
ndl_carrier_is() {
	_n=$(($3 * 10))
	while [ "$(cat "/sys/class/net/$1/carrier" 2>/dev/null)" != "$2" ]; do
		_n=$((_n - 1)); [ $_n -gt 0 ] || return 1; sleep 0.1
	done
}

# ndl_received IFACE: more than the 4 MB test file came in.
ndl_received() {
	[ "$(cat "/sys/class/net/$1/statistics/rx_bytes")" -gt 4000000 ]
}

# ndl_mac_change IFACE SECONDS: a new MAC address while down; the link
# back within SECONDS and traffic flowing with it.
ndl_mac_change() {
	ip link set "$1" down && ip link set "$1" address 02:00:00:11:22:33 &&
	[ "$(cat "/sys/class/net/$1/address")" = 02:00:00:11:22:33 ] &&
	ndl_net_up "$1" && ndl_wait_carrier "$1" "$2" &&
	ping -c 2 -W 3 10.0.2.2 >/dev/null
}

# ndl_monitor COMMAND...: have the host send a QEMU monitor command
# (needs "# monitor: yes").
ndl_monitor() {
	ndl_report "MONITOR: $*"
}
