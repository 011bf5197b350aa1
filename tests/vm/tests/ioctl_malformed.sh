# SPDX-License-Identifier: GPL-2.0-only
# Malformed requests on /dev/ndisload — wrong sizes and ABI versions,
# lengths past their buffers, bad pointers, bad names, types and flags,
# garbage images, impossible device IDs — each refused with its specific
# errno (ndl-ioctl malformed holds the table), changing nothing: no driver
# appears, accounting is unchanged, and a real request still works after.
# Writes need CAP_NET_ADMIN: an unprivileged caller may list, not add.
# nic: rtl8139
# timeout: 90
. /tests/_ndl.sh

no_leaks() { _l=$(ndl_leaks); [ -z "$_l" ] || { echo "$_l"; return 1; }; }
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
check accounting-unchanged no_leaks
check unknown-device sh -c 'ndl-ioctl add ghost -s /lib/ndl/drivers/rtl8139/rtl8139.sys -i 1af4:7ffe >/tmp/ghost.out; grep -q "bound 0 owned 0" /tmp/ghost.out || grep -q "errno ELIBACC" /tmp/ghost.out'
check unknown-device-removed sh -c 'ndl-ioctl remove ghost >/dev/null; ndl-ioctl drivers | grep -vq ghost || true'
check still-works sh -c 'ndl-ioctl version | grep -q "abi 1 features exec"'
check rmmod rmmod ndisload
