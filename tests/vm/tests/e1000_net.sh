# SPDX-License-Identifier: GPL-2.0-only
# The Intel 82540EM Windows miniport (tests/drivers/e1000, ndle1000) on
# QEMU's e1000, in both build flavours one after the other in one boot
# (mingw-w64, then clang-MSVC when build/drivers-msvc exists), each
# installed and loaded with the product's CLI: bound with
# 64-bit DMA declared, its link up by auto-negotiation (a link change
# interrupt), ping and a TCP download with checksum compare, ethtool
# (driver, 1000 Mbit/s, counters), large send (tso on: an upload in
# NDIS 5 large sends the 82540EM segments, tx_lso_sent rising; ethtool -K
# tso off: none made, the upload still works), a transmit hang (bus mastering switched
# off in config space) found by CheckForHang and cured by MiniportReset,
# the link dropped and restored from the monitor (media
# disconnect/connect indications), IPv6 autoconfiguration from QEMU's
# router advertisement (a multicast frame to 33:33:00:00:00:01, let in by
# the multicast hash), promiscuous mode on and off (RCTL), a MAC address
# change (the miniport restarted with NetworkAddress), down, removal with
# the module's accounting back to zero. In the first round, its
# descriptor rings above 4 GiB (the guest has 4.5 GiB;
# tests/vm/host/e1000_dma64.sh reads the ring base registers through the
# monitor). Then rmmod, no other warning in the kernel log.
# Cost: one boot, about 18 s per flavour (guest time under TCG).
# nic: e1000
# mem: 4608
# monitor: yes
# host: e1000_dma64
# serve: 4
# timeout: 240
. /tests/_ndl.sh

e1k_ndis=5.1 e1k_id=8086:100e e1k_inf=e1000/ndle1000.inf e1k_first=ndle1000
e1k_irq=IO-APIC e1k_rxcsum=off e1k_tso=on
. /tests/_e1000.sh

check insmod ndl_load
ndl_flavours flavour ndle1000 e1000/ndle1000.sys
check rmmod rmmod ndisload
check dmesg-clean dmesg_clean
