# SPDX-License-Identifier: GPL-2.0-only
# Shared by suites that check programs from the shell (sourced after
# setting top, the tree, and suite, the prefix of their test names):
# building the programs, one result line per check, and the check of a
# command's exit status and output. A failure sets status=1.

# make_or_fail NAME LOG MAKE-ARGUMENTS...: build quietly into LOG; if that
# fails, report NAME as failed and end the suite.
make_or_fail() {
	local name=$1 log=$2
	shift 2
	if ! make -s "$@" >"$log" 2>&1; then
		echo "FAIL: $name (see ${log#"$top/"})"
		exit 1
	fi
}

pass() { echo "PASS: $suite/$1"; }
fail() { echo "FAIL: $suite/$1 (${2:-})"; status=1; }

# expect [-F] NAME STATUS PATTERN COMMAND...: COMMAND exits with STATUS,
# its output (stdout and stderr) matches the extended regular expression
# PATTERN (with -F: holds the string PATTERN; an empty one always does),
# and it reports no sanitizer error.
expect() {
	local mode=-E name want pat out rc lacks
	if [ "$1" = -F ]; then
		mode=-F
		shift
	fi
	name=$1 want=$2 pat=$3
	shift 3
	out=$("$@" 2>&1)
	rc=$?
	if [ "$mode" = -F ]; then
		lacks="\"$pat\""
	else
		lacks="/$pat/"
	fi
	if [ "$rc" != "$want" ]; then
		fail "$name" "exit $rc, wanted $want: $(printf '%s\n' "$out" | head -n 3 | tr '\n' ' ')"
	elif ! printf '%s\n' "$out" | grep -q $mode -- "$pat"; then
		fail "$name" "output lacks $lacks: $(printf '%s\n' "$out" | head -n 3 | tr '\n' ' ')"
	elif printf '%s\n' "$out" | grep -q 'Sanitizer\|runtime error'; then
		fail "$name" "sanitizer report"
	else
		pass "$name"
	fi
}
