# SPDX-License-Identifier: GPL-2.0-only
# usb_ecm on the clang-MSVC build of usbecm (build/drivers-msvc: MSVC's
# ABI, x64 unwind tables, /guard:cf, /GS; IRPs, URBs and completion
# routines called across it): every check of usb_ecm.sh — two usb-net
# devices (xHCI and EHCI/UHCI), traffic, surprise removal under traffic
# and re-plug, rmmod while running — one boot. Run on the default kernel
# only by --all (make check): on 6.1, 6.12 and 6.12-rt it passed like
# the mingw-w64 build, and what differs between the kernels (USB core,
# char signedness, cr8 and SEH emulation, preemption) is checked on all
# three by the mingw-w64 run, runtime_conform and seh_msvc, so the other
# two add nothing here. Cost: one boot, ~50 s.
# nic: usb-net usb-net:ehci
# monitor: yes
# serve: 4
# kernels: default
# timeout: 150
ndl_flavour=msvc
. /tests/usb_ecm.sh
