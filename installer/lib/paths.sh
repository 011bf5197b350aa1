# SPDX-License-Identifier: GPL-2.0-only
# Installation paths, derived from PREFIX, shared by install.sh, uninstall.sh
# and the package builders so that every file has exactly one location.
# Sourced, not run. PREFIX defaults to /usr/local; PREFIX=/usr gives Debian's
# own layout (units in /lib/systemd/system, udev rules in /lib/udev/rules.d).
# Configuration and state never move with PREFIX: the programs find them at
# /etc/ndisload, /var/lib/ndisload and /run/ndisload.

PREFIX=${PREFIX:-/usr/local}
PREFIX=${PREFIX%/}
[ -n "$PREFIX" ] || PREFIX=/usr

ndl_bindir=$PREFIX/bin
ndl_sbindir=$PREFIX/sbin
ndl_libexecdir=$PREFIX/lib/ndisload
ndl_datadir=$PREFIX/share/ndisload
ndl_wwwdir=$ndl_datadir/www
ndl_branddir=$ndl_datadir/brand
ndl_mandir=$PREFIX/share/man
ndl_docdir=$PREFIX/share/doc/ndisload
# bash-completion loads $XDG_DATA_DIRS/bash-completion/completions/COMMAND on demand.
ndl_bashcompdir=$PREFIX/share/bash-completion/completions
ndl_sysusersdir=$PREFIX/lib/sysusers.d
ndl_tmpfilesdir=$PREFIX/lib/tmpfiles.d
if [ "$PREFIX" = /usr ]; then
	ndl_unitdir=/lib/systemd/system
	ndl_udevdir=/lib/udev/rules.d
else
	ndl_unitdir=$PREFIX/lib/systemd/system
	ndl_udevdir=$PREFIX/lib/udev/rules.d
fi
ndl_srcdir_base=/usr/src
ndl_defaultsfile=/etc/default/ndisload
