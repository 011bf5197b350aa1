# SPDX-License-Identifier: GPL-2.0-only
# The NDIS 3.0 NE2000 miniport (tests/drivers/ne2k: serialized MiniportSend
# with NDIS_STATUS_RESOURCES, NdisMEthIndicateReceive with a short
# lookahead + MiniportTransferData from the card's ring, port I/O, ISR +
# HandleInterrupt + Enable/DisableInterrupt) on QEMU's ne2k_pci, installed
# and loaded with the product's CLI. Each round: listed as NDIS 3.0, up,
# ping, a timed TCP download with checksum compare, frames through
# MiniportTransferData, removal. Rounds: mingw-w64 build with the driver's
# own ISR (RequestIsr=1), the same reloaded with RequestIsr=0 (NDIS masks
# the card through MiniportDisableInterrupt/EnableInterrupt), the
# clang-MSVC build. Then the module's accounting back to zero, rmmod.
# nic: ne2k_pci
# serve: 2
# timeout: 150
. /tests/_ndl.sh

stat_of() { ndl_ethtool_stat "$iface" "$1"; }
listed() { # DRIVER
	ndl-ioctl drivers | grep -q "^driver $1 state=loaded version=1.0.0.0 ndis=3.0 " &&
	ndl-ioctl devices "$1" | grep -q " 10ec:8029 driver=$1 state=running if=$iface flags=up,carrier" ||
	{ ndl-ioctl drivers; ndl-ioctl devices "$1"; return 1; }
}
# Every frame longer than header + lookahead came through TransferData:
# a 2 MiB download is over a thousand of them.
transfers() {
	_t=$(stat_of rt_rx_transfers)
	[ "${_t:-0}" -gt 1000 ] || { echo "rt_rx_transfers ${_t:-none}"; return 1; }
}
interrupts() {
	_i=$(stat_of rt_interrupts) _d=$(stat_of rt_dpcs)
	[ "${_i:-0}" -gt 0 ] && [ "${_d:-0}" -gt 0 ] || { echo "interrupts ${_i:-none} dpcs ${_d:-none}"; return 1; }
}
download() {
	_dl=$(ndl_download_rate) || { echo "$_dl"; return 1; }
	ndl_report "INFO: $round: download $_dl"
}

# traffic ROUND DRIVER: the interface's checks, after a load.
traffic() {
	round=$1
	iface=$(ndl_iface "$2")
	check "$round-interface" test -n "$iface" -a -d "/sys/class/net/$iface"
	[ -n "$iface" ] || return
	check "$round-up" ndl_net_up "$iface"
	check "$round-carrier" ndl_wait_carrier "$iface" 5
	check "$round-listed" listed "$2"
	check "$round-ping" ping -c 3 -W 3 10.0.2.2
	check "$round-download" download
	check "$round-transferdata" transfers
	check "$round-interrupts" interrupts
	check "$round-down" ip link set "$iface" down
}

check insmod ndl_load
check install ndisload install --name ne2k "$NDL_DRIVERS/ne2k/ne2k.inf"
check load ndisload load --unbind-native ne2k
traffic isr ne2k
check request-isr-0 ndisload params ne2k RequestIsr=0
check reload ndisload load --reload ne2k
traffic ndis-masked ne2k
check remove ndl-ioctl remove ne2k

msvc=/lib/ndl/drivers-msvc/ne2k/ne2k.inf
if [ -f "$msvc" ]; then
	check msvc-install ndisload install --name ne2kmsvc "$msvc"
	check msvc-load ndisload load --unbind-native ne2kmsvc
	traffic msvc ne2kmsvc
	check msvc-remove ndl-ioctl remove ne2kmsvc
else
	skip msvc "no clang-MSVC build of ne2k in the guest (build/drivers-msvc)"
fi
check accounting-zero ndl_no_leaks
check rmmod rmmod ndisload
