# SPDX-License-Identifier: GPL-2.0-only
# rmmod while a driver is bound, its interface up and a transfer running:
# everything is torn down (interface gone, miniport halted, image
# unloaded) without a kernel warning; the module loads again and works.
# nic: rtl8139
# serve: 8
# timeout: 120
. /tests/_ndl.sh

added() { ndl_add_rtl8139 | grep -qx "bound 1 owned 0"; }
gone() { ! grep -q '^ndisload ' /proc/modules && [ ! -d "/sys/class/net/$iface" ]; }
halted() { dmesg | grep -q "0000:00:03.0: halted" && dmesg | grep -q "rtl8139: unloaded"; }

check insmod ndl_load
check add added
iface=$(ndl_iface rtl8139)
check up ndl_net_up "$iface"
check carrier ndl_wait_carrier "$iface" 5
wget -q -O /dev/null "http://$ndl_serve" 2>/dev/null &
wget_pid=$!
sleep 1
check rmmod-while-up rmmod ndisload
check torn-down gone
check halted halted
# Its connection lost its interface: it would retry for minutes.
kill "$wget_pid" 2>/dev/null
wait "$wget_pid" 2>/dev/null
check insmod-again ndl_load
check add-again added
iface=$(ndl_iface rtl8139)
check up-again ndl_net_up "$iface"
check carrier-again ndl_wait_carrier "$iface" 5
check download-again ndl_download
check rmmod-again rmmod ndisload
