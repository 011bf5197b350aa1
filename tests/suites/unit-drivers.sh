#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The Windows test miniports (tests/drivers): each .sys, in both build
# flavours (mingw-w64 in build/drivers, clang-MSVC in build/drivers-msvc),
# is a PE32+ x64 native-subsystem image with a valid checksum and exactly
# the imports its <name>.imports lists (the MSVC flavour also with x64
# unwind data and the /guard:cf flag); each .inf is structurally sound
# (sections, Version, NTamd64 models, install/service sections, strings,
# Ndi\params ranges).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
src=$top/tests/drivers
out=$top/build/drivers
objdump=${OBJDUMP:-x86_64-w64-mingw32-objdump}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { printf 'FAIL: %s (%s)\n' "$1" "$2"; status=1; }

mkdir -p "$top/build"
if ! make -s -C "$src" >"$tmp/build.log" 2>&1; then
	cp "$tmp/build.log" "$top/build/drivers-build.log"
	echo "FAIL: drivers/build (see build/drivers-build.log)"
	exit 1
fi
echo "PASS: drivers/build"

check_sys() {	# dir name [flavour]
	n=$1 sys=$out${3:+-$3}/$1/$2.sys t=drivers${3:+-$3}/$1
	[ -f "$sys" ] || { fail "$t/pe" "$sys missing"; return; }
	"$objdump" -p "$sys" >"$tmp/$n.p" 2>&1 || { fail "$t/pe" "objdump cannot read it"; return; }
	"$objdump" -f "$sys" >"$tmp/$n.f" 2>&1
	why=
	grep -q 'file format pei-x86-64' "$tmp/$n.f" || why="not an x86-64 PE image"
	grep -Eq '^Magic[[:space:]]+020b' "$tmp/$n.p" || why="${why:+$why; }not PE32+"
	grep -Eq '^Subsystem[[:space:]]+00000001' "$tmp/$n.p" || why="${why:+$why; }subsystem is not native"
	grep -Eq '^AddressOfEntryPoint[[:space:]]+0*[1-9a-f]' "$tmp/$n.p" || why="${why:+$why; }no entry point"
	if [ "${3:-}" = msvc ]; then
		grep -Eq '^Entry 3 [0-9a-f]+ 0*[1-9a-f][0-9a-f]* Exception Directory' "$tmp/$n.p" ||
			why="${why:+$why; }no .pdata"
		grep -Eq '^[[:space:]]+GUARD_CF$' "$tmp/$n.p" || why="${why:+$why; }no GUARD_CF"
	fi
	[ -z "$why" ] && echo "PASS: $t/pe" || fail "$t/pe" "$why"

	# The stored checksum is what the PE algorithm gives.
	cp "$sys" "$tmp/$n.sys"
	if "$out/tools/pe-checksum" "$tmp/$n.sys" && cmp -s "$sys" "$tmp/$n.sys" &&
	   ! grep -Eq '^CheckSum[[:space:]]+0+$' "$tmp/$n.p"; then
		echo "PASS: $t/checksum"
	else
		fail "$t/checksum" "stored PE checksum is wrong"
	fi

	awk '/DLL Name:/ { dll = $3; next }
	     dll != "" && /^\t[0-9a-f]+\t *[0-9]+ +[^ ]+$/ { print dll "!" $NF }' \
		"$tmp/$n.p" | sort >"$tmp/$n.have"
	grep -v '^#' "$src/$n/$2.imports" | sort >"$tmp/$n.want"
	if cmp -s "$tmp/$n.have" "$tmp/$n.want"; then
		echo "PASS: $t/imports"
	else
		fail "$t/imports" "differ from $2.imports: $(diff "$tmp/$n.want" "$tmp/$n.have" | grep '^[<>]' | tr '\n' ' ')"
	fi
}

# Structural INF check; prints one problem per line.
check_inf_awk='
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function bad(m) { print FILENAME ":" FNR ": " m; errs++ }
{ sub(/\r$/, "") }
/^[ \t]*(;|$)/ { next }
/^[ \t]*\[/ {
	if (!match($0, /^[ \t]*\[[^]]+\][ \t]*(;.*)?$/)) { bad("malformed section header"); next }
	sec = tolower(trim(substr($0, index($0, "[") + 1, index($0, "]") - index($0, "[") - 1)))
	if (sec in seen) bad("section [" sec "] twice")
	seen[sec] = 1; next
}
{
	if (sec == "") { bad("line outside any section"); next }
	line = $0; sub(/[ \t]*;[^"]*$/, "", line)
	lines[sec] = lines[sec] "\n" line
	s = line
	while (match(s, /%[^%]*%/)) {
		tok = tolower(substr(s, RSTART + 1, RLENGTH - 2))
		if (tok != "" && tok !~ /^[0-9]+$/) used[tok] = FNR
		s = substr(s, RSTART + RLENGTH)
	}
	if (sec == "strings") {
		k = tolower(trim(substr(line, 1, index(line, "=") - 1))); defined[k] = 1
	}
	if (index(line, "=")) {
		k = tolower(trim(substr(line, 1, index(line, "=") - 1)))
		v = trim(substr(line, index(line, "=") + 1))
		val[sec, k] = v
		if (k == "addreg" || k == "copyfiles") {
			n = split(v, parts, ",")
			for (i = 1; i <= n; i++) ref[tolower(trim(parts[i]))] = FNR
		}
	}
	if (line ~ /Ndi\\params\\/) {
		n = split(line, f, ",")
		key = trim(f[2]); name = tolower(trim(f[3])); v = trim(f[5]); gsub(/"/, "", v); gsub(/"/, "", name)
		sub(/^Ndi\\params\\/, "", key)
		if (key ~ /\\enum$/) { sub(/\\enum$/, "", key); enumv[tolower(key), name] = 1 }
		else { par[tolower(key)] = 1; pv[tolower(key), name] = v }
	}
}
END {
	for (s in need) ;
	split("version manufacturer strings sourcedisksnames sourcedisksfiles destinationdirs", req, " ")
	for (i in req) if (!(req[i] in seen)) bad("missing [" req[i] "]")
	if (val["version", "signature"] != "\"$Windows NT$\"") bad("Version: Signature is not \"$Windows NT$\"")
	if (tolower(val["version", "class"]) != "net") bad("Version: Class is not Net")
	if (tolower(val["version", "classguid"]) != "{4d36e972-e325-11ce-bfc1-08002be10318}") bad("Version: wrong ClassGUID for Net")
	if (val["version", "provider"] == "") bad("Version: no Provider")
	if (val["version", "catalogfile"] == "") bad("Version: no CatalogFile")
	if (val["version", "driverver"] !~ /^[01][0-9]\/[0-3][0-9]\/[0-9][0-9][0-9][0-9],[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$/) bad("Version: DriverVer is not mm/dd/yyyy,w.x.y.z")
	models = 0
	n = split(lines["manufacturer"], ml, "\n")
	for (i = 1; i <= n; i++) {
		if (!index(ml[i], "=")) continue
		c = split(trim(substr(ml[i], index(ml[i], "=") + 1)), m, ",")
		base = tolower(trim(m[1])); deco = 0
		for (j = 2; j <= c; j++) if (tolower(trim(m[j])) == "ntamd64") deco = 1
		if (!deco) { bad("Manufacturer: " base " has no NTamd64 decoration"); continue }
		if (!((base ".ntamd64") in seen)) { bad("models section [" base ".NTamd64] missing"); continue }
		k = split(lines[base ".ntamd64"], dl, "\n")
		for (j = 1; j <= k; j++) {
			if (!index(dl[j], "=")) continue
			split(trim(substr(dl[j], index(dl[j], "=") + 1)), d, ",")
			inst = tolower(trim(d[1])); hw = trim(d[2]); models++
			if (hw == "") bad("model without a hardware ID: " dl[j])
			if (!((inst ".ntamd64") in seen) && !(inst in seen)) bad("install section for " inst " missing")
			if (!((inst ".ntamd64.services") in seen) && !((inst ".services") in seen)) bad("services section for " inst " missing")
			else if (lines[inst ".ntamd64.services"] lines[inst ".services"] !~ /AddService[ \t]*=[^,]+,[ \t]*0*2[ \t]*,/) bad("no AddService with flag 2 (SPSVCINST_ASSOCSERVICE) for " inst)
		}
	}
	if (!models) bad("no device models")
	for (r in ref) if (!(r in seen)) bad("referenced section [" r "] missing")
	for (t in used) if (!(t in defined)) bad("%" t "% not defined in [Strings]")
	for (p in par) {
		t = pv[p, "type"]
		if (t == "") { bad("Ndi\\params\\" p ": no type"); continue }
		if (pv[p, "paramdesc"] == "") bad("Ndi\\params\\" p ": no ParamDesc")
		if (t ~ /^(int|long|word|dword)$/) {
			if (pv[p, "min"] == "" || pv[p, "max"] == "" || pv[p, "default"] == "") bad("Ndi\\params\\" p ": int needs default, min, max")
			else if (pv[p, "default"] + 0 < pv[p, "min"] + 0 || pv[p, "default"] + 0 > pv[p, "max"] + 0) bad("Ndi\\params\\" p ": default outside [min, max]")
		} else if (t == "enum") {
			if (!((p, pv[p, "default"]) in enumv)) bad("Ndi\\params\\" p ": default is not one of its enum values")
		} else if (t != "edit") bad("Ndi\\params\\" p ": unknown type " t)
	}
	exit errs > 0
}'

check_inf() {	# dir name [flavour: the build copy compared is that one's]
	n=$1 f=$2 inf=$src/$1/$2.inf copy=$out${3:+-$3}/$1/$2.inf
	[ -f "$inf" ] || { fail "drivers/$n/inf" "$inf missing"; return; }
	if ! awk "$check_inf_awk" "$inf" >"$tmp/$n.inf.err" 2>&1; then
		fail "drivers/$n/inf" "$(head -n 5 "$tmp/$n.inf.err" | tr '\n' ' ')"
		return
	fi
	# The INF ships the driver it names.
	if grep -Eiq "^[[:space:]]*$f\.sys[[:space:]]*=" "$inf" &&
	   grep -Eiq "^[[:space:]]*$f\.sys[[:space:]]*(,|$)" "$inf" &&
	   cmp -s "$inf" "$copy"; then
		echo "PASS: drivers/$n/inf"
	else
		fail "drivers/$n/inf" "$f.sys not in SourceDisksFiles and a CopyFiles section, or build copy differs"
	fi
}

# Each directory with an .inf is a driver; its files are named after the
# .inf (usually the directory's own name; e1000/ holds ndle1000.*).
for dir in "$src"/*/; do
	n=$(basename "$dir")
	for inf in "$dir"*.inf; do
		[ -f "$inf" ] || continue
		# msvc-only: a driver only the MSVC flavour can build (__try)
		only=""
		[ -f "$dir/msvc-only" ] && only=msvc
		[ -n "$only" ] || check_sys "$n" "$(basename "$inf" .inf)"
		check_sys "$n" "$(basename "$inf" .inf)" msvc
		check_inf "$n" "$(basename "$inf" .inf)" $only
	done
done

# The checker itself must reject a broken INF.
sed -e 's/^Class *=.*/Class = Display/' -e '/^\[Strings\]/,$d' \
	"$src/vether/vether.inf" >"$tmp/broken.inf"
if awk "$check_inf_awk" "$tmp/broken.inf" >"$tmp/broken.err" 2>&1; then
	fail "drivers/inf-checker" "accepted an INF with a wrong Class and no [Strings]"
elif grep -q 'Class is not Net' "$tmp/broken.err" && grep -q 'missing \[strings\]' "$tmp/broken.err"; then
	echo "PASS: drivers/inf-checker"
else
	fail "drivers/inf-checker" "unexpected complaints: $(tr '\n' ' ' <"$tmp/broken.err")"
fi
exit $status
