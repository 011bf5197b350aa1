# SPDX-License-Identifier: GPL-2.0-only
# Benchmark body for tests/bench/vm-throughput.sh's isolated entry (not a
# test): _bench_throughput.sh's rounds on QEMU's e1000, on a q35 machine
# with the emulated Intel IOMMU so that isolated mode can run, each round
# native e1000, ndle1000 in the kernel, then ndle1000 in ndisload-host.
# All three pay for the IOMMU: the native driver's and the module's DMA
# mappings go through it too.
# iommu: yes
# serve: 32
# timeout: 1800
. /tests/_isolated.sh
ndl_bench_nic=e1000 ndl_bench_isolated=1 slot=$(iso_e1000_slot)
. /tests/_bench_throughput.sh
