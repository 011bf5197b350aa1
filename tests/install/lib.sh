# SPDX-License-Identifier: GPL-2.0-only
# Helpers for the installation suites (tests/suites/*install*.sh): result
# lines in the format of docs/DEVELOPING.md and the build products they test.
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$top/build}
work=$build/test-install
status=0
# One installation suite at a time in this tree: they share build/installer
# and their work directories (several `make check` may run at once here).
mkdir -p "$build"
exec 9>"$build/test-install.lock"
flock 9
pass() { echo "PASS: install/$1"; }
fail() { echo "FAIL: install/$1 ($2)"; status=1; }
skip() { echo "SKIP: install/$1 ($2)"; }
# check NAME WHY COMMAND...: PASS if COMMAND succeeds, else FAIL with WHY.
check() {
	n=$1 why=$2; shift 2
	if "$@"; then pass "$n"; else fail "$n" "$why"; fi
}
# Are the programs an installation needs built?
programs_built() {
	[ -x "$build/bin/ndisload" ] && [ -x "$build/bin/ndisload-webconf" ]
}
missing_programs() {
	for p in ndisload ndisload-webconf; do
		[ -x "$build/bin/$p" ] || printf '%s ' "build/bin/$p"
	done
}
# Files under DIR, as absolute paths relative to DIR, sorted.
tree_files() { (cd "$1" && find . -type f -o -type l) | sed 's|^\.||' | sort; }
