#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Guest instructions per round trip by function, from a _rtt_exec run (its
# output, with the guest's "SYM: SIDE" lines) and the QEMU exec logs it
# asked for (one line per instruction: singlestep). Round trips are
# counted as entries into icmp_rcv (one per echo reply; NDL_EXEC_PER=NAME
# counts another function's). Owners: the kernel, each module, "user" for
# user space and "image" for kernel code outside every symbol (the Windows
# miniport's, in vmalloc memory). Calls are entries at a function's first
# instruction.
# Usage: exec-profile.sh RUN-OUTPUT EXEC-LOG [TOP]
#          the total, the split by owner and the TOP functions (40)
#        exec-profile.sh RUN-OUTPUT EXEC-LOG-A EXEC-LOG-B [TOP]
#          what B adds to A (or saves) per round trip, by owner and by
#          function, largest first (e.g. native then wrapped)
set -eu
[ $# -ge 2 ] || { echo "usage: $0 RUN-OUTPUT EXEC-LOG [EXEC-LOG-B] [TOP]" >&2; exit 2; }
run=$1
per=${NDL_EXEC_PER:-icmp_rcv}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# profile LOG OUT: "instructions calls function owner" per round trip,
# one line per function, into OUT; prints its summary line.
profile() {
	side=$(basename "$1" .log); side=${side#ndl-exec-}
	tr -d '\r' <"$run" | sed -n "s/^SYM: $side //p" | sort -k1,1 >"$tmp/syms"
	[ -s "$tmp/syms" ] || { echo "$0: no 'SYM: $side' lines in $run" >&2; return 1; }
	sed -n 's|^Trace [0-9]*: [^[]*\[[0-9a-f]*/\([0-9a-f]*\)/.*|\1|p' "$1" |
		awk '{ printf "%016s\n", $1 }' | tr ' ' 0 | sort | uniq -c |
		awk '{ print $2, $1 }' >"$tmp/pcs"
	[ -s "$tmp/pcs" ] || { echo "$0: no exec lines in $1" >&2; return 1; }
	# Both lists sorted by address (fixed-width hex sorts as text): one
	# pass. A kernel address more than 1 MiB past the symbol before it,
	# or in another 4 GiB region, is in no symbol.
	awk -v per="$per" -v side="$side" -v out="$2" '
		function low(h,   i, v) {	# the low 32 bits of a 16-digit hex address
			v = 0
			for (i = 9; i <= 16; i++)
				v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
			return v
		}
		NR == FNR {
			a[n] = $1; name[n] = $2; mod[n] = ($3 == "" ? "kernel" : $3)
			if ($2 == per) entry = $1
			n++; next
		}
		{
			while (i + 1 < n && a[i + 1] <= $1) i++
			if ($1 < "0000800000000000") {
				f = "-\tuser"; o = "user"
			} else if (a[i] <= $1 && substr(a[i], 1, 8) == substr($1, 1, 8) &&
			    low($1) - low(a[i]) < 1048576) {
				f = name[i] "\t" mod[i]; o = mod[i]
			} else {
				f = "-\timage"; o = "image"
			}
			if ($1 == entry) trips = $2
			if ($1 == a[i]) calls[f] += $2
			cnt[f] += $2; own[o] += $2; total += $2
		}
		END {
			if (!trips) { print "no entry into " per " in the " side " log" > "/dev/stderr"; exit 1 }
			printf "%s: %d instructions, %d round trips (entries into %s): %.0f per round trip\n",
				side, total, trips, per, total / trips
			for (o in own) printf "%.1f\t0\t(all)\t%s\n", own[o] / trips, o > out
			for (f in cnt) printf "%.1f\t%.2f\t%s\n", cnt[f] / trips, calls[f] / trips, f > out
		}' "$tmp/syms" "$tmp/pcs"
}

if [ $# -ge 3 ] && [ -f "$3" ]; then
	profile "$2" "$tmp/a" && profile "$3" "$tmp/b" || exit 1
	awk -F '\t' -v owners="$tmp/owners" -v funcs="$tmp/funcs" '
		FNR == 1 { file++ }
		{ k = $3 "\t" $4; v[file, k] = $1; c[file, k] = $2; keys[k] = 1 }
		END {
			for (k in keys) {
				d = v[2, k] - v[1, k]
				if (k ~ /^\(all\)/)
					printf "%.0f\t  %-14s %8.0f %8.0f %+8.0f\n", d, substr(k, 7),
						v[1, k], v[2, k], d > owners
				else
					printf "%.0f\t%+8.0f %8.0f (%5.1f) %8.0f (%5.1f)  %s\n",
						d < 0 ? -d : d, d, v[1, k], c[1, k], v[2, k], c[2, k], k > funcs
			}
		}' "$tmp/a" "$tmp/b"
	echo "by owner (instructions per round trip: A, B, B - A):"
	sort -rn "$tmp/owners" | cut -f2-
	echo "by function, the largest differences (B - A; A and B with their calls):"
	sort -rn "$tmp/funcs" | head -n "${4:-40}" | cut -f2-
else
	profile "$2" "$tmp/a" || exit 1
	echo "by owner (instructions per round trip):"
	grep '	(all)	' "$tmp/a" | sort -rn | awk -F '\t' '{ printf "  %-14s %8.0f\n", $4, $1 }'
	echo "by function: instructions, calls per round trip:"
	grep -v '	(all)	' "$tmp/a" | sort -rn | head -n "${3:-40}" |
		awk -F '\t' '{ printf "%8.0f %6.1f  %s\t%s\n", $1, $2, $3, $4 }'
fi
