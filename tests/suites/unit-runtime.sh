#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The driver runtime in user space (tests/runtime): loader tests on the
# fixtures and test miniports, corrupted images, every export family;
# each binary under ASan+UBSan, then the plain build under valgrind.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
export NDL_BUILD="$top/build"
log="$top/build/runtime-tests-build.log"
mkdir -p "$top/build"
if ! make -s -C "$top/tests/runtime" >"$log" 2>&1; then
	echo "FAIL: runtime/build (see build/runtime-tests-build.log)"
	cat "$log" >&2
	exit 1
fi
echo "PASS: runtime/build"
status=0

. "$top/tests/lib/run-binary.sh"

run_each runtime "$top/build/test-bin/runtime" test_

# Every NDL_TODO export has its refusal reason in docs/runtime.md.
"$top/tests/runtime/spec_docs.sh" || status=1

# The same sources must build warning-free with the kernel's flags.
kver=$("$top/tests/vm/kver.sh" default 2>/dev/null)
kdir=/lib/modules/$kver/build
if [ -n "$kver" ] && [ -d "$kdir" ]; then
	kb=$top/build/runtime-kbuild
	# linux/ for the one header the runtime takes from it (core/os_fast.h)
	rm -rf "$kb" && mkdir -p "$kb" &&
		cp -r "$top/module/runtime" "$top/module/linux" "$kb/"
	# includes name the subsystem folder ("nt/nt_io.h"), as in module/Kbuild
	printf '%s\n' 'include $(src)/runtime/Kbuild.inc' 'obj-m := ndlrt.o' \
		'ndlrt-y := $(ndl-runtime-y) lic.o' \
		'ccflags-y := -I$(src)/runtime' >"$kb/Kbuild"
	printf '%s\n' '#include <linux/module.h>' 'MODULE_LICENSE("GPL");' >"$kb/lic.c"
	make -C "$kdir" M="$kb" KBUILD_MODPOST_WARN=1 modules >"$kb/build.log" 2>&1
	if grep -E 'warning:|error:' "$kb/build.log" | grep -v 'undefined!' >&2 ||
	   ! [ -f "$kb/ndlrt.o" ]; then
		echo "FAIL: runtime/kbuild-$kver (compiler warnings or errors: build/runtime-kbuild/build.log)"
		status=1
	else
		echo "PASS: runtime/kbuild-$kver"
	fi
else
	echo "SKIP: runtime/kbuild (no kernel headers: run installer/deps.sh)"
fi

# ndisload check on real images (needs the helper build).
nd=$top/build/bin/ndisload
if [ -x "$nd" ] && "$nd" check --help >/dev/null 2>&1; then
	ck() { # name expect-rc pattern args...
		n=$1 want=$2 pat=$3
		shift 3
		out=$("$nd" check "$@" 2>&1)
		got=$?
		if { [ "$want" = 0 ] && [ $got -ne 0 ]; } ||
		   { [ "$want" != 0 ] && [ $got -eq 0 ]; } ||
		   ! printf '%s\n' "$out" | grep -q -- "$pat"; then
			echo "FAIL: runtime/check-$n (exit $got; output lacks '$pat')"
			printf '%s\n' "$out" >&2
			status=1
		else
			echo "PASS: runtime/check-$n"
		fi
	}
	fx=$top/build/test-bin/runtime/fixtures
	bad=$top/build/runtime-check-bad.sys
	head -c 200 "$top/docs/runtime.md" >"$bad"
	ck corrupt 1 'e_magic = 0x' "$bad"
	ck missing-file 1 'cannot open' "$top/build/no-such.sys"
	ck fixture-missing-imports 1 'ntoskrnl.exe!IoReportDetectedDevice' --json --no-run "$fx/fx_missing.sys"
	ck not-a-miniport 1 'not an NDIS miniport' "$fx/fx_basic.sys"
	# NDIS 6: version and handlers reported, malformed ones refused by name
	ck ndis6 0 'miniport: NDIS 6.20 characteristics; handlers: InitializeEx HaltEx DriverUnload Pause Restart OidRequest' "$fx/fx_ndis6_ok.sys"
	ck ndis6-verdict 0 'verdict: ok' "$fx/fx_ndis6_ok.sys"
	ck ndis6-json 0 '"ndis_version": "6.20"' --json "$fx/fx_ndis6_ok.sys"
	ck ndis6-short 1 'Header.Size 136 is less than the 152 bytes of revision 2' "$fx/fx_ndis6_short.sys"
	ck ndis6-nopause 1 'PauseHandler is NULL (MiniportPause is required)' "$fx/fx_ndis6_nopause.sys"
	ck sandbox-waits 1 'DriverEntry returned 0x0' "$fx/fx_sync.sys"
	if [ -f "$top/build/drivers/vether/vether.sys" ]; then
		ck vether 0 'verdict: ok' "$top/build/drivers/vether/vether.sys"
		ck vether-json 0 '"registered": true' --json "$top/build/drivers/vether/vether.sys"
	else
		echo "SKIP: runtime/check-vether (test miniports not built)"
	fi
else
	echo "SKIP: runtime/check (build/bin/ndisload without the checker: make helper)"
fi

run_valgrind runtime-valgrind "$top/build/test-bin/runtime/plain" test_
exit $status
