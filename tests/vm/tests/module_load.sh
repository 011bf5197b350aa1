# SPDX-License-Identifier: GPL-2.0-only
# ndisload.ko loads, creates /dev/ndisload, reports its version through the
# ioctl and sysfs, and unloads cleanly.
# timeout: 60
ko=/lib/modules/$NDL_KVER/ndisload.ko
check insmod insmod "$ko"
check devnode test -c /dev/ndisload
check sysfs-version test -s /sys/module/ndisload/version
check ioctl-version sh -c 'ndl-ioctl version | grep -q "release .* abi 1"'
check ioctl-bad-size sh -c 'ndl-ioctl version-badsize | grep -qx "errno EINVAL"'
check ioctl-bad-abi sh -c 'ndl-ioctl version-badabi | grep -qx "errno EPROTO"'
check dmesg-loaded sh -c 'dmesg | grep -q "ndisload .* loaded"'
check rmmod rmmod ndisload
check devnode-gone test ! -e /dev/ndisload
check dmesg-unloaded sh -c 'dmesg | grep -q "ndisload unloaded"'
