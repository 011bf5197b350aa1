#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Every VM test (tests/vm/tests/*.sh) on every kernel we can boot
# (tests/vm/kver.sh list), or only on the one given as make KVER=. The module must
# have been built for each kernel (make does the default one; the matrix
# build adds the others).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
kvers=${KVER_ONLY:-$("$top/tests/vm/kver.sh" list)}
[ -n "$kvers" ] || { echo "FAIL: vm/setup (no bootable Debian kernel; run installer/deps.sh)"; exit 1; }
status=0
for k in $kvers; do
	if [ ! -e "$top/build/module/$k/ndisload.ko" ]; then
		make -s -C "$top/module" KVER="$k" >/dev/null ||
			{ echo "FAIL: vm/$k/build (module does not build for $k)"; status=1; continue; }
	fi
	"$top/tests/vm/run.sh" --kver "$k" --all || status=1
done
exit $status
