# SPDX-License-Identifier: GPL-2.0-only
# virtual_vether on the clang-MSVC build of vether (build/drivers-msvc:
# MSVC's ABI, x64 unwind tables, /guard:cf, /GS): every check of
# virtual_vether.sh, one boot. Run on the default kernel only by --all
# (make check): on 6.1, 6.12 and 6.12-rt it passed like the mingw-w64
# build, and what differs between the kernels (char signedness, cr8 and
# SEH emulation, preemption) is checked on all three by the mingw-w64
# run, runtime_conform and seh_msvc, so the other two add nothing here.
# Cost: one boot, ~25 s.
# kernels: default
# timeout: 90
ndl_flavour=msvc
. /tests/virtual_vether.sh
