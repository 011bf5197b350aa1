# SPDX-License-Identifier: GPL-2.0-only
# ndisload.ko loads, creates /dev/ndisload, reports its version through the
# ioctl and sysfs, passes its load-time self-test (W^X driver code run on
# a driver stack with a 24 KiB frame), exposes its accounting in debugfs,
# and unloads cleanly.
# timeout: 60
ko=/lib/modules/$NDL_KVER/ndisload.ko
check insmod insmod "$ko"
check devnode test -c /dev/ndisload
check devnode-root-only sh -c '[ "$(stat -c %a /dev/ndisload)" = 600 ]'
check sysfs-version test -s /sys/module/ndisload/version
check ioctl-version sh -c 'ndl-ioctl version | grep -q "release .* abi 1 features exec ndis5"'
check ioctl-bad-size sh -c 'ndl-ioctl version-badsize | grep -qx "errno EINVAL"'
check ioctl-bad-abi sh -c 'ndl-ioctl version-badabi | grep -qx "errno EPROTO"'
check dmesg-loaded sh -c 'dmesg | grep -q "ndisload .* loaded (ABI 1)$"'
check selftest sh -c 'dmesg | grep -q "self-test passed"'
check debugfs-stats sh -c 'grep -q "^image_live 0$" /sys/kernel/debug/ndisload/stats'
check debugfs-stacks sh -c 'grep -q "^exec available$" /sys/kernel/debug/ndisload/stacks'
check stack-usable sh -c '[ $(sed -n "s/^usable //p" /sys/kernel/debug/ndisload/stacks) -ge 24576 ]'
check no-drivers sh -c '[ -z "$(ndl-ioctl drivers)" ]'
check rmmod rmmod ndisload
check devnode-gone test ! -e /dev/ndisload
check dmesg-unloaded sh -c 'dmesg | grep -q "ndisload unloaded"'
