# SPDX-License-Identifier: GPL-2.0-only
# Vendor brands: read and check a brand directory (installer/brands/<name>/,
# format in docs/installer.md) and install it as the brand.json + files that
# the helper, the CLI and the web pages read. Sourced by install.sh and the
# package builders; expects $top, $build and, for installing, put() and the
# paths of paths.sh.

ndl_brand_fail() { echo "brand: $ndl_brand_dir/brand.conf: $*" >&2; return 1; }

# ndl_brand_load DIR: parse DIR/brand.conf into brand_* variables, checking
# every value; unknown keys are errors (a typo must not silently drop a
# setting).
ndl_brand_load() {
	ndl_brand_dir=$(cd "$1" 2>/dev/null && pwd) || {
		echo "brand: no brand directory $1" >&2; return 1; }
	[ -f "$ndl_brand_dir/brand.conf" ] || {
		echo "brand: $ndl_brand_dir has no brand.conf" >&2; return 1; }
	brand_vendor="" brand_vendor_id="" brand_product="" brand_product_id=""
	brand_version="" brand_logo="" brand_support_url="" brand_driver=""
	brand_driver_name="" brand_license="none" brand_license_trial_days=30
	brand_license_pubkey="" brand_eula="" brand_maintainer=""
	brand_color_primary="#1f5f99" brand_color_accent="#e39b17"
	brand_color_background="#ffffff" brand_color_text="#1c1c1c"
	n=0
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		case "$line" in ''|'#'*) continue ;; esac
		case "$line" in *=*) ;; *) ndl_brand_fail "line $n: expected key = value"; return 1 ;; esac
		k=$(echo "${line%%=*}" | tr -d ' \t')
		v=$(echo "${line#*=}" | sed -e 's/^[ \t]*//' -e 's/[ \t]*$//')
		if printf '%s' "$v" | LC_ALL=C grep -q '[[:cntrl:]]'; then
			ndl_brand_fail "line $n: control character in $k"; return 1
		fi
		case "$k" in
		vendor|vendor_id|product|product_id|version|logo|support_url|driver|\
		driver_name|license|license_trial_days|license_pubkey|eula|maintainer|\
		color_primary|color_accent|color_background|color_text)
			eval "brand_$k=\$v" ;;
		*) ndl_brand_fail "line $n: unknown key '$k'"; return 1 ;;
		esac
	done <"$ndl_brand_dir/brand.conf"

	for k in vendor product; do
		eval "v=\$brand_$k"
		[ -n "$v" ] || { ndl_brand_fail "$k is required"; return 1; }
		[ ${#v} -le 64 ] || { ndl_brand_fail "$k is longer than 64 characters"; return 1; }
	done
	for k in vendor_id product_id; do
		eval "v=\$brand_$k"
		echo "$v" | grep -qE '^[a-z0-9][a-z0-9.+-]{1,30}$' || {
			ndl_brand_fail "$k '$v' must be 2-31 of a-z 0-9 . + - (it names files and the package)"
			return 1; }
	done
	[ -n "$brand_version" ] || brand_version=$(cat "$top/VERSION")
	echo "$brand_version" | grep -qE '^[0-9][A-Za-z0-9.+~]*$' || {
		ndl_brand_fail "version '$brand_version' is not a version (digits, letters, . + ~)"; return 1; }
	for k in primary accent background text; do
		eval "v=\$brand_color_$k"
		echo "$v" | grep -qE '^#[0-9a-fA-F]{6}$' || {
			ndl_brand_fail "color_$k '$v' must be #rrggbb"; return 1; }
	done
	if [ -n "$brand_maintainer" ] &&
		! echo "$brand_maintainer" | grep -qE '^[^<>"]+ <[^<>@ ]+@[^<>@ ]+>$'; then
		ndl_brand_fail "maintainer must read 'Name <address@domain>'"; return 1
	fi
	case "$brand_support_url" in ''|https://*|http://*) ;;
	*) ndl_brand_fail "support_url must start with https:// or http://"; return 1 ;; esac
	case "$brand_support_url" in *'"'*|*'<'*|*'>'*|*' '*)
		ndl_brand_fail "support_url contains a quote, bracket or space"; return 1 ;; esac

	# Logo: SVG or PNG, small, and (SVG) free of scripts: the web UI shows it.
	[ -n "$brand_logo" ] || { ndl_brand_fail "logo is required"; return 1; }
	ndl_brand_logo=$ndl_brand_dir/$brand_logo
	[ -f "$ndl_brand_logo" ] || { ndl_brand_fail "logo $brand_logo not found"; return 1; }
	case "$brand_logo" in
	*.svg) ndl_brand_logo_name=logo.svg
		if grep -qiE '<script|[[:space:]]on[a-z]+[[:space:]]*=|javascript:|<foreignObject' "$ndl_brand_logo"; then
			ndl_brand_fail "logo $brand_logo contains script or event handlers"; return 1
		fi ;;
	*.png) ndl_brand_logo_name=logo.png ;;
	*) ndl_brand_fail "logo must be .svg or .png"; return 1 ;;
	esac
	[ "$(wc -c <"$ndl_brand_logo")" -le 262144 ] || {
		ndl_brand_fail "logo is larger than 256 KiB"; return 1; }

	# The bundled driver package: a directory with one .inf and its files.
	ndl_brand_driver=""
	if [ -n "$brand_driver" ]; then
		case "$brand_driver" in
		'$BUILD/'*) ndl_brand_driver=$build/${brand_driver#\$BUILD/} ;;
		'$TOP/'*) ndl_brand_driver=$top/${brand_driver#\$TOP/} ;;
		/*) ndl_brand_driver=$brand_driver ;;
		*) ndl_brand_driver=$ndl_brand_dir/$brand_driver ;;
		esac
		[ -d "$ndl_brand_driver" ] || {
			ndl_brand_fail "driver directory $ndl_brand_driver not found (build it first: make)"; return 1; }
		[ "$(find "$ndl_brand_driver" -maxdepth 1 -type f -iname '*.inf' | wc -l)" = 1 ] || {
			ndl_brand_fail "driver directory $ndl_brand_driver must hold exactly one .inf"; return 1; }
		[ -n "$(find "$ndl_brand_driver" -maxdepth 1 -type f -iname '*.sys')" ] || {
			ndl_brand_fail "driver directory $ndl_brand_driver holds no .sys"; return 1; }
		echo "$brand_driver_name" | grep -qE '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' || {
			ndl_brand_fail "driver_name (the name the driver is stored under) is required with driver"; return 1; }
	fi
	if [ -f "$ndl_brand_dir/params.conf" ]; then
		bad=$(grep -vE '^[[:space:]]*(#|$)' "$ndl_brand_dir/params.conf" |
			grep -vE '^[A-Za-z0-9_*]+=[^[:cntrl:][:space:]]*$' | head -n1)
		[ -z "$bad" ] || { echo "brand: $ndl_brand_dir/params.conf: not NAME=VALUE: $bad" >&2; return 1; }
	fi
	if [ -f "$ndl_brand_dir/wireless.conf" ]; then
		bad=$(grep -vE '^[[:space:]]*(#|$)' "$ndl_brand_dir/wireless.conf" |
			grep -vE '^(ssid|security|passphrase|hidden|country)=' | head -n1)
		[ -z "$bad" ] || { echo "brand: $ndl_brand_dir/wireless.conf: unknown line: $bad" >&2; return 1; }
	fi

	case "$brand_license" in
	none) ;;
	required)
		echo "$brand_license_trial_days" | grep -qE '^[0-9]{1,4}$' || {
			ndl_brand_fail "license_trial_days must be a number of days"; return 1; }
		[ -n "$brand_license_pubkey" ] && [ -f "$ndl_brand_dir/$brand_license_pubkey" ] || {
			ndl_brand_fail "license = required needs license_pubkey (the vendor's .pub file)"; return 1; } ;;
	*) ndl_brand_fail "license must be none or required"; return 1 ;;
	esac
	if [ -n "$brand_eula" ] && [ ! -f "$ndl_brand_dir/$brand_eula" ]; then
		ndl_brand_fail "eula $brand_eula not found"; return 1
	fi
	return 0
}

ndl_json_str() { # a JSON string literal of $1 (control characters were refused)
	printf '"%s"' "$(printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g')"
}

ndl_kv_json() { # FILE KEYPATTERN: "key": "value" pairs of a key=value file
	[ -f "$1" ] || return 0
	first=1
	grep -E "^$2=" "$1" | while IFS= read -r l; do
		[ $first = 1 ] || printf ',\n'
		first=0
		printf '    %s: %s' "$(ndl_json_str "${l%%=*}")" "$(ndl_json_str "${l#*=}")"
	done
	echo
}

# The brand.json the helper exposes as "brand" in its status and the web UI
# and CLI show (format 1, docs/installer.md).
ndl_brand_json() {
	cat <<EOF
{
  "format": 1,
  "vendor": $(ndl_json_str "$brand_vendor"),
  "vendor_id": $(ndl_json_str "$brand_vendor_id"),
  "product": $(ndl_json_str "$brand_product"),
  "product_id": $(ndl_json_str "$brand_product_id"),
  "version": $(ndl_json_str "$brand_version"),
  "logo": $(ndl_json_str "$ndl_brand_logo_name"),
  "colors": {
    "primary": "$brand_color_primary",
    "accent": "$brand_color_accent",
    "background": "$brand_color_background",
    "text": "$brand_color_text"
  },
  "support_url": $(if [ -n "$brand_support_url" ]; then ndl_json_str "$brand_support_url"; else echo null; fi),
EOF
	if [ -n "$ndl_brand_driver" ]; then
		echo "  \"driver\": {\"name\": $(ndl_json_str "$brand_driver_name"), \"dir\": \"driver\"},"
	else
		echo '  "driver": null,'
	fi
	echo '  "params": {'
	ndl_kv_json "$ndl_brand_dir/params.conf" '[A-Za-z0-9_*]+' | grep . || true
	echo '  },'
	if [ -f "$ndl_brand_dir/wireless.conf" ]; then
		echo '  "wireless": {'
		ndl_kv_json "$ndl_brand_dir/wireless.conf" '(ssid|security|passphrase|hidden|country)' | grep . || true
		echo '  },'
	else
		echo '  "wireless": null,'
	fi
	if [ "$brand_license" = required ]; then
		echo "  \"license\": {\"required\": true, \"trial_days\": $((brand_license_trial_days + 0)), \"pubkey\": \"license.pub\"}"
	else
		echo '  "license": {"required": false}'
	fi
	echo '}'
}

# Install the loaded brand with put() under $ndl_branddir.
ndl_brand_install() {
	tmp=$(mktemp "${TMPDIR:-/tmp}/ndl-brand.XXXXXX")
	ndl_brand_json >"$tmp"
	put 0644 "$tmp" "$ndl_branddir/brand.json"
	put 0644 "$ndl_brand_logo" "$ndl_branddir/$ndl_brand_logo_name"
	if [ "$brand_license" = required ]; then
		put 0644 "$ndl_brand_dir/$brand_license_pubkey" "$ndl_branddir/license.pub"
	fi
	[ -z "$brand_eula" ] || put 0644 "$ndl_brand_dir/$brand_eula" "$ndl_branddir/EULA.txt"
	if [ -n "$ndl_brand_driver" ]; then
		for f in $(find "$ndl_brand_driver" -maxdepth 1 -type f | sort); do
			put 0644 "$f" "$ndl_branddir/driver/$(basename "$f")"
		done
		{
			echo "driver=$brand_driver_name"
			[ ! -f "$ndl_brand_dir/params.conf" ] ||
				grep -E '^[A-Za-z0-9_*]+=' "$ndl_brand_dir/params.conf"
		} >"$tmp"
		put 0644 "$tmp" "$ndl_branddir/params.conf"
	fi
	rm -f "$tmp"
}
