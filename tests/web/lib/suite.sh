# SPDX-License-Identifier: GPL-2.0-only
# Shared start of the web suites (sourced): checks that the programs they
# test exist, naming what is missing as a FAIL line.
web_suite_prereqs() {
	ok=0
	for p in ndisload-webconf ndisload ndisload-license; do
		if [ ! -x "$top/build/bin/$p" ]; then
			echo "FAIL: web/setup ($top/build/bin/$p is not built; run make)"
			ok=1
		fi
	done
	if ! command -v node >/dev/null; then
		echo "FAIL: web/setup (node is not installed; run installer/deps.sh)"
		ok=1
	fi
	return $ok
}

# npm ci into tests/web/node_modules when package-lock.json changed.
web_npm_ci() {
	stamp="$top/tests/web/node_modules/.ndl-lock"
	if [ -f "$stamp" ] && cmp -s "$stamp" "$top/tests/web/package-lock.json"; then
		return 0
	fi
	(cd "$top/tests/web" && npm ci --no-audit --no-fund --loglevel=error) || {
		echo "FAIL: web/setup (npm ci in tests/web failed)"
		return 1
	}
	cp "$top/tests/web/package-lock.json" "$stamp"
}
