# SPDX-License-Identifier: GPL-2.0-only
# Malformed requests on /dev/ndisload — wrong sizes and ABI versions,
# lengths past their buffers, bad pointers, bad names, types and flags,
# garbage images, impossible device IDs — each refused with its specific
# errno (ndl-ioctl malformed holds the table), changing nothing: no driver
# appears, accounting is unchanged, and a real request still works after.
# Writes need CAP_NET_ADMIN: an unprivileged caller may list, not add.
# Then the rules of adding: a device that does not exist is fine (bound
# 0), a name or a device ID already taken is EEXIST, a 17th driver ENOSPC.
# nic: rtl8139
# timeout: 90
. /tests/_ndl.sh

no_drivers() { [ -z "$(ndl-ioctl drivers)" ]; }
nobody_add() {
	echo MZ >/tmp/nobody.sys && chmod 644 /tmp/nobody.sys &&
	ndl-ioctl as-nobody add x -s /tmp/nobody.sys -i 10ec:8139 | grep -qx "errno EPERM"
}
nobody_remove() { ndl-ioctl as-nobody remove x | grep -qx "errno EPERM"; }
nobody_list() { ndl-ioctl as-nobody drivers; }

check insmod ndl_load
ndl-ioctl malformed >/tmp/malformed.out 2>&1
while read -r verdict name rest; do
	case $verdict in
	ok) pass "$name" ;;
	FAIL) fail "$name" "$rest" ;;
	*) fail malformed-output "$verdict $name $rest" ;;
	esac
done </tmp/malformed.out
check malformed-count sh -c '[ $(grep -c "^ok " /tmp/malformed.out) -ge 70 ]'
check nobody-add nobody_add
check nobody-remove nobody_remove
check nobody-list nobody_list
check nothing-added no_drivers
check accounting-unchanged ndl_no_leaks
sys=/lib/ndl/drivers/rtl8139/rtl8139.sys
ghost() { # N: add driver ghostN for a device that does not exist
	ndl-ioctl add "ghost$1" -s "$sys" -i "1af4:$(printf %04x $((0x7f00 + $1)))"
}
unknown_device() { ghost 0 | grep -qx "bound 0 owned 0"; }
same_name() { ndl-ioctl add ghost0 -s "$sys" -i 1af4:7eff | grep -q "^errno EEXIST error: a driver named ghost0 is loaded already"; }
same_id() { ndl-ioctl add other -s "$sys" -i 1af4:7f00 | grep -q "^errno EEXIST error: device ID 1af4:7f00 is already served by driver ghost0"; }
limit() {
	for _i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
		ghost $_i | grep -qx "bound 0 owned 0" || return 1
	done
	ghost 16 | grep -q "^errno ENOSPC"
}
remove_all() {
	for _i in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
		ndl-ioctl remove "ghost$_i" >/dev/null || return 1
	done
	[ -z "$(ndl-ioctl drivers)" ]
}
check unknown-device unknown_device
check duplicate-name same_name
check duplicate-id same_id
check sixteen-drivers-limit limit
check remove-all remove_all
check accounting-after-drivers ndl_no_leaks
check still-works sh -c 'ndl-ioctl version | grep -q "abi 1 features exec"'
check rmmod rmmod ndisload
