# SPDX-License-Identifier: GPL-2.0-only
# Isolated mode refused without an IOMMU: on the default machine (no
# IOMMU) the e1000 has no IOMMU group, vfio-pci cannot take it, and
# ndisload-host, run as an unprivileged user, says why and exits with
# status 3 (refused: not retried) instead of driving a device whose DMA
# nothing confines; `ndisload bind
# --isolated` is refused (exit 5) with the same reason and saves nothing.
# nic: e1000
# kernels: default
# timeout: 90
. /tests/_ndl.sh
. /tests/_isolated.sh

HOST_UID=990
slot=$(iso_e1000_slot)
no_vfio() {
	load_module vfio-pci || return 1
	echo vfio-pci >"/sys/bus/pci/devices/$slot/driver_override"
	echo "$slot" >/sys/bus/pci/drivers_probe 2>/dev/null
	[ ! -e "/sys/bus/pci/devices/$slot/driver" ]
}
refused() {
	echo "ndlhost:x:$HOST_UID:$HOST_UID::/nonexistent:/bin/false" >>/etc/passwd
	_out=$(su -s /bin/sh ndlhost -c "exec ndisload-host --device $slot --sys $NDL_DRIVERS/e1000/ndle1000.sys --tap ndl0" 2>&1)
	_rc=$?
	# 3: refused, which neither the unit nor the supervisor retries.
	[ $_rc = 3 ] &&
	echo "$_out" | grep -q "^ndisload-host: refused: $slot has no IOMMU group: this machine runs without an IOMMU.*refusing" ||
		{ echo "rc $_rc: $_out"; return 1; }
}

cli_refused() {
	echo "ndisload-host:x:991:991::/nonexistent:/bin/false" >>/etc/passwd
	ndisload install "$NDL_DRIVERS/e1000/ndle1000.inf" >/dev/null || return 1
	_out=$(ndisload bind "$slot" ndle1000 --isolated 2>&1)
	_rc=$?
	[ $_rc = 5 ] && echo "$_out" | grep -q "$slot has no IOMMU group: this machine runs without an IOMMU.*refusing" &&
	! grep -qs "$slot" /etc/ndisload/bindings.conf && [ ! -e "/run/ndisload/host/$slot.conf" ] ||
		{ echo "rc $_rc: $_out"; return 1; }
}

check device test -n "$slot"
check no-iommu-group test ! -e "/sys/bus/pci/devices/$slot/iommu_group"
check vfio-pci-refuses no_vfio
check refused refused
check cli-refused cli_refused
