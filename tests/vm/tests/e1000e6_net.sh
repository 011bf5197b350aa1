# SPDX-License-Identifier: GPL-2.0-only
# The Intel 82574L NDIS 6.20 miniport (tests/drivers/e1000e6) on QEMU's
# e1000e, in both build flavours one after the other in one boot
# (mingw-w64, then clang-MSVC when build/drivers-msvc exists), each
# installed and loaded with the product's CLI: the same checks as
# e1000_net (the NDIS 5.1 82540EM driver) through the NDIS 6 hardware
# runtime: bound with 64-bit scatter-gather DMA declared
# (NdisMRegisterScatterGatherDma), its link up by auto-negotiation (a link
# change interrupt through NdisMRegisterInterruptEx's ISR and DPC,
# indicated with NdisMIndicateStatusEx), ping and a TCP download with
# checksum compare (sends through NdisMAllocateNetBufferSGList, receives as
# NET_BUFFER_LIST indications), ethtool (driver, 1000 Mbit/s, counters),
# large send (tso on: an upload in LSOv2 large sends the 82574 segments,
# tx_lso_sent rising; ethtool -K tso off: none made, the upload still
# works),
# a transmit hang (bus mastering off in config space) found by
# MiniportCheckForHangEx and cured by MiniportResetEx, the link dropped and
# restored from the monitor, IPv6 autoconfiguration (a multicast frame let
# in by the hash filter), promiscuous mode on and off, a MAC address change
# (the miniport restarted with NetworkAddress), down (pause), removal
# (halt) with the module's accounting back to zero. In the first round its
# rings above 4 GiB (the host reads the ring base registers through QEMU's
# monitor, tests/vm/host/e1000_dma64.sh: same offsets on the 82574).
# Then rmmod, no other warning in the kernel log.
# nic: e1000e
# mem: 4608
# monitor: yes
# host: e1000_dma64
# serve: 4
# timeout: 300
. /tests/_ndl.sh

e1k_ndis=6.20 e1k_id=8086:10d3 e1k_inf=e1000e6/e1000e6.inf e1k_first=e1000e6
# Its .inf sets MSISupported: MSI-X (or MSI) instead of the line.
e1k_irq=PCI-MSI e1k_rxcsum=on e1k_tso=on
. /tests/_e1000.sh

check insmod ndl_load
ndl_flavours flavour e1000e6 e1000e6/e1000e6.sys
check rmmod rmmod ndisload
check dmesg-clean dmesg_clean
