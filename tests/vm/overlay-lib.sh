# SPDX-License-Identifier: GPL-2.0-only
# Sourced by tests/vm/*-overlay.sh. overlay_put FILE DEST: FILE at DEST in
# the overlay being staged in $stage, with the shared libraries it needs;
# libraries under $root (packages unpacked for the overlay, optional) go
# where they would be installed, the others come from the host.
overlay_put() {
	mkdir -p "$stage$(dirname "$2")"
	cp -L "$1" "$stage$2"
	LD_LIBRARY_PATH=${libpath:-} ldd "$1" 2>/dev/null | grep -oE '/[^ ]+' | while read -r lib; do
		case "$lib" in
		"${root:-/nonexistent}"/*) dest=${lib#"$root"} ;;
		*) dest=$lib ;;
		esac
		[ -e "$stage$dest" ] && continue
		mkdir -p "$stage$(dirname "$dest")"
		cp -L "$lib" "$stage$dest"
	done
}
