# SPDX-License-Identifier: GPL-2.0-only
# Two different Windows drivers on two NICs at once: the RTL8139 miniport
# on QEMU's RTL8139C+ and a second hardware miniport on QEMU's e1000 (the
# first package in /lib/ndl/drivers, other than rtl8139, whose .inf lists
# PCI\VEN_8086&DEV_100E: tests/drivers/e1000's ndle1000), installed and
# loaded with the product's CLI; both interfaces pass traffic at the same
# time. The guest has memory above 4 GiB, so each device's DMA must follow
# its miniport's declaration: 32-bit for rtl8139 (bounced), 64-bit for the
# e1000 one. Skipped, saying so, if no such second miniport is built.
# nic: rtl8139 e1000
# mem: 4608
# serve: 4
# timeout: 180
. /tests/_ndl.sh

second_inf() {
	for _inf in /lib/ndl/drivers/*/*.inf; do
		case $_inf in */rtl8139/*) continue ;; esac
		grep -qi 'PCI\\VEN_8086&DEV_100E' "$_inf" && echo "$_inf" && return 0
	done
	return 1
}
add_first() { ndl_add_rtl8139 | grep -qx "bound 1 owned 0"; }
# The rtl8139 miniport declares 32-bit DMA, the second one 64-bit.
dma_flags() {
	ndl-ioctl devices rtl8139 | grep ' state=running ' | grep -qv 'dma64,' &&
	ndl-ioctl devices second | grep ' state=running ' | grep -q 'dma64,'
}
up_on() { ip link set "$1" up && ip addr add "10.0.$2.15/24" dev "$1"; }

inf=$(second_inf)
if [ -z "$inf" ]; then
	skip two-drivers "no second hardware miniport (for QEMU's e1000) in build/drivers yet"
	exit 0
fi
check insmod ndl_load
check add-rtl8139 add_first
check install-second ndisload install --name second "$inf"
check load-second ndisload load --unbind-native second
if1=$(ndl_iface rtl8139) if2=$(ndl_iface second)
check two-interfaces test -n "$if1" -a -n "$if2"
check up-1 up_on "$if1" 2
check up-2 up_on "$if2" 3
check carrier-1 ndl_wait_carrier "$if1" 5
check carrier-2 ndl_wait_carrier "$if2" 10
check parallel-downloads ndl_parallel_downloads
check two-drivers-listed sh -c '[ $(ndl-ioctl drivers | wc -l) = 2 ]'
check dma-32-and-64 dma_flags
check down sh -c "ip link set $if1 down && ip link set $if2 down"
check remove-1 ndl-ioctl remove rtl8139
check remove-2 ndl-ioctl remove second
check rmmod rmmod ndisload
