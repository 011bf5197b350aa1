# SPDX-License-Identifier: GPL-2.0-only
# kmemleak.awk: from /sys/kernel/debug/kmemleak, print the suspected leaks
# that are ours (the debug lane's guest, tests/vm/guest/lib.sh): those whose
# backtrace passes through ndisload, or through a module address that no
# longer resolves to a symbol (ndisload after its rmmod; the NIC modules
# stay loaded). A leak of the kernel's own or of another module is not
# ours to fail a test on. The bracketed address is %pK: hashed, or
# "(____ptrval____)" early on, so only the symbol column says anything. Checked by tests/suites/unit-kmemleak.sh.
function flush() { if (block != "" && ours) print block }
/^unreferenced object / { flush(); block = $0; ours = 0; next }
{ block = block "\n" $0 }
/\[ndisload\]$/ { ours = 1 }
/\] 0xffffffff[a-f0-9]+$/ { ours = 1 }
END { flush() }
