#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make demo: boot the demo VM — Debian's kernel with ndisload loaded, an
# emulated RTL8139 network card, and (once built) the helper and the web
# configurator, with the guest's port 8087 forwarded to localhost:8087.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
cat <<'MSG'
Booting the ndisload demo VM (QEMU, software emulation; about 5 seconds).
Inside: Debian's kernel, ndisload.ko, the helper and the web configurator,
an e1000 (Linux driver) and an RTL8139 (for the Windows test driver in
/lib/ndl/drivers). The page is at http://localhost:8087; you get a root shell on the
VM's console; Ctrl-A X (or 'poweroff -f') quits.
MSG
exec "$top/tests/vm/run.sh" --mode demo --nic e1000 --nic rtl8139 --fwd 8087 "$@"
