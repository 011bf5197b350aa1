# SPDX-License-Identifier: GPL-2.0-only
# The runtime's conformance suites in the kernel: the tests/runtime
# suites listed in tests/runtime/kernel/suites.h (the same rule files
# unit-runtime runs in user space) are built into this tree's
# ndisload.ko, and reading debugfs ndisload/conformance runs every rule
# against the module's own runtime, on a driver stack at PASSIVE_LEVEL
# (DPCs on the kernel's own schedule, the kernel's pool). Each rule is one
# check here (conform/SUITE/RULE, with its failed checks as the reason),
# plus each suite's leak check (every runtime allocation given back) and
# the module's accounting back to its load-time figures. No driver is
# loaded: the rules count the runtime's handles and stubs. test_rtl_ansi
# is the one that needs every kernel: plain char is signed in 6.1's build
# and unsigned in 6.12's. Cost: one boot, the run itself about 3 s
# (test_rtl's DbgPrint rate limit waits out two one-second windows).
# timeout: 60
. /tests/_ndl.sh

conf=$NDL_DEBUGFS/conformance
no_leaks() { _l=$(ndl_leaks); [ -z "$_l" ] || { echo "$_l"; return 1; }; }
# A rule's failed checks: the indented lines just above its FAIL line.
why() {
	awk -v r="FAIL: $1 " '/^  / { sub(/^  /, ""); w = w $0 "; "; next }
		index($0, r) == 1 { print w; exit } { w = "" }' /tmp/conform.out
}
# ran: the summary line says every suite ran to its end.
ran() {
	grep -q '^suites [1-9][0-9]* failed [0-9]*$' /tmp/conform.out ||
		{ tail -n 3 /tmp/conform.out; return 1; }
}

check insmod ndl_load
check present test -r "$conf"
check run sh -c "cat $conf >/tmp/conform.out"
check ran ran
# The failed checks and the summary, for the log.
grep -v '^PASS: ' /tmp/conform.out | while read -r _l; do ndl_report "INFO: $_l"; done
while read -r _verdict _rule _rest; do
	case $_verdict in
	PASS:) pass "conform/$_rule" ;;
	FAIL:) fail "conform/$_rule" "$(why "$_rule")" ;;
	esac
done </tmp/conform.out
check rules-reported test "$(grep -c '^PASS: ' /tmp/conform.out)" -ge 90
check accounting-zero no_leaks
check rmmod rmmod ndisload
