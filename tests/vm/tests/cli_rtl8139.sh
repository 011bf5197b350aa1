# SPDX-License-Identifier: GPL-2.0-only
# The CLI alone takes the RTL8139 test driver package from .inf to a working
# interface: install into the store, see the emulated NIC matched, bind it,
# load the driver into the module, bring the interface up and move traffic;
# then status, the refusal to remove a bound driver, and a clean unload.
# nic: rtl8139
# timeout: 240
# mem: 512
ko=/lib/modules/$NDL_KVER/ndisload.ko
pkg=/lib/ndl/drivers/rtl8139
check insmod insmod "$ko"
check install ndisload install "$pkg/rtl8139.inf"
check stored test -f /var/lib/ndisload/drivers/rtl8139/manifest.json
dev=$(pci_devices | awk '$2 == "10ec:8139" { print $1; exit }')
check nic-present test -n "$dev"
check devices-match sh -c "ndisload devices | grep -E '^$dev .*rtl8139\$'"
check bind ndisload bind "$dev" rtl8139
if out=$(ndisload load rtl8139 2>&1); then
	pass load
elif echo "$out" | grep -q 'does not offer this operation'; then
	# The kernel side has not implemented NDL_IOC_ADD_DRIVER yet.
	skip load "the module does not implement loading drivers yet: $(echo "$out" | head -n1)"
	check remove-forced ndisload remove --force rtl8139
	check rmmod rmmod ndisload
	return 0
else
	fail load "$(echo "$out" | tail -n 3 | tr '\n' ' ')"
fi
check module-lists-driver sh -c 'ndisload status --json | grep -q "\"state\": \"loaded\""'
iface=
for _i in 1 2 3 4 5 6 7 8 9 10; do
	iface=$(ls "/sys/bus/pci/devices/$dev/net" 2>/dev/null | head -n1)
	[ -n "$iface" ] && break
	sleep 1
done
check interface test -n "$iface"
if [ -n "$iface" ]; then
	check net-up net_up "$iface"
	check ping ping -c 3 -W 5 10.0.2.2
	check traffic sh -c "[ \$(cat /sys/class/net/$iface/statistics/rx_packets) -gt 0 ] && [ \$(cat /sys/class/net/$iface/statistics/tx_packets) -gt 0 ]"
	check status-interface sh -c "ndisload status | grep -q '$iface'"
fi
check remove-refused sh -c '! ndisload remove rtl8139 && [ -d /var/lib/ndisload/drivers/rtl8139 ]'
[ -n "$iface" ] && ip link set "$iface" down
check remove-forced ndisload remove --force rtl8139
check unloaded sh -c '! ndisload status --json | grep -q "\"name\": \"rtl8139\""'
check rmmod rmmod ndisload
