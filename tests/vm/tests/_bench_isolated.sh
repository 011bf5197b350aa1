# SPDX-License-Identifier: GPL-2.0-only
# Benchmark body for tests/bench/vm-throughput.sh's isolated entry (not a
# test): _bench_throughput.sh's rounds on QEMU's e1000e (82574L, MSI-X),
# on a q35 machine with the emulated Intel IOMMU so that isolated mode can
# run, each round native e1000e, the NDIS 6.20 e1000e6 miniport in the
# kernel, then e1000e6 in ndisload-host (ndisload bind --isolated: the
# helper passes --msi for its .inf's MSISupported, so the host takes
# MSI-X through VFIO's eventfds). All three pay for the IOMMU: the native
# driver's and the module's DMA mappings go through it too.
# iommu: yes
# serve: 32
# timeout: 1800
. /tests/_isolated.sh
ndl_bench_nic=e1000e ndl_bench_isolated=1 slot=$(iso_pci_slot 8086 10d3)
. /tests/_bench_throughput.sh
