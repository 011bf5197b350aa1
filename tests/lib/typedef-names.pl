#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0-only
# Prints the name of every typedef in the C files given, one per line,
# sorted: checkpatch's --typedefsfile for the runtime's Windows types.
# Reads every form the runtime uses: "typedef u32 ULONG, DWORD;",
# "typedef void *PVOID, *HANDLE;", "typedef struct _X {...} X, *PX;",
# "typedef T (NTAPI *PFN)(...);" and "typedef T FN(...);". A typedef it
# cannot read is an error naming its file and line, never a silent gap.
use strict;
use warnings;

my $parens = qr/(\((?:[^()]++|(?-1))*\))/;
my $braces = qr/(\{(?:[^{}]++|(?-1))*\})/;
my $keyword = qr/^(?:typedef|struct|union|enum|const|volatile|signed|
	unsigned|char|short|int|long|float|double|void|_Bool|restrict)$/x;
my (%names, $bad);

# Blank comments, literals and preprocessor lines, keeping line numbers.
sub code_only {
	my ($src) = @_;
	my $blank = sub { (my $s = shift) =~ s/[^\n]/ /g; $s };

	$src =~ s{(/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')}
		 {$blank->($1)}gse;
	$src =~ s{^([ \t]*\#(?:[^\n]*\\\n)*[^\n]*)}{$blank->($1)}gme;
	return $src;
}

# The declarator names of one typedef statement (without its ';').
sub declared {
	my ($t) = @_;

	$t =~ s/\b__\w+\s*$parens/ /g;	# __attribute__((...)), __aligned(n)
	$t =~ s/$braces/ /g;		# struct/union/enum bodies
	$t =~ s/\[[^\]]*\]/ /g;		# array bounds
	$t =~ s/^\s*typedef\b//;
	my @out;
	if ($t =~ /\(/) {
		# Function-pointer type "T (CC *NAME)(...)" or function type
		# "T NAME(...)": one declarator.
		if ($t =~ /^[^,]*?\(\s*(?:\w+\s+)*\*+\s*(\w+)\s*\)\s*\(/s) {
			@out = ($1);
		} elsif ($t =~ /^([^,(]*?)\b(\w+)\s*\(/s) {
			my ($ret, $name) = ($1, $2);
			@out = ($name) if $ret =~ /\w/;
		}
	} else {
		for my $d (split /,/, $t) {
			my @ids = $d =~ /\b([A-Za-z_]\w*)\b/g;
			return () unless @ids;
			push @out, $ids[-1];
		}
	}
	return () if grep { /$keyword/ } @out;
	return @out;
}

for my $file (@ARGV) {
	open(my $fh, '<', $file) or die "typedef-names: $file: $!\n";
	my $src = code_only(do { local $/; <$fh> });
	close($fh);
	while ($src =~ /\btypedef\b/g) {
		my $start = $-[0];
		my $line = 1 + (substr($src, 0, $start) =~ tr/\n//);
		# The statement ends at the first ';' outside brackets.
		my ($depth, $end) = (0, undef);
		for my $i ($start .. length($src) - 1) {
			my $c = substr($src, $i, 1);
			$depth++ if $c =~ /[({\[]/;
			$depth-- if $c =~ /[)}\]]/;
			if ($c eq ';' && $depth == 0) {
				$end = $i;
				last;
			}
		}
		my @n = defined $end ?
			declared(substr($src, $start, $end - $start)) : ();
		if (!@n) {
			print STDERR "typedef-names: $file:$line: cannot read " .
				"this typedef's name; teach tests/lib/typedef-names.pl " .
				"its form\n";
			$bad = 1;
			next;
		}
		$names{$_} = 1 for @n;
	}
}
exit 1 if $bad;
print "$_\n" for sort keys %names;
