#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# Writes the .zip archives tests/suites/unit-setup.sh feeds `ndisload setup`:
# a vendor-shaped package and hostile ones (traversal, absolute paths,
# links, a device, 10k entries, zip bombs, case twins, bidi names), each
# built here with Python's zipfile so the suite needs no fixtures.
#   mkarchive.py KIND OUT.zip [INF SYS]
# (kind 'vendor' keeps INF's and SYS's own names; 'good' renames them webnic.*)
import stat
import sys
import zipfile


def info(name, mode=0o644, ftype=stat.S_IFREG):
    zi = zipfile.ZipInfo(name, date_time=(2024, 1, 2, 3, 4, 6))
    zi.create_system = 3  # Unix: external_attr carries the file type
    zi.external_attr = (ftype | mode) << 16
    zi.compress_type = zipfile.ZIP_DEFLATED
    return zi


def base(p):
    return p.rsplit('/', 1)[-1]


def main():
    kind, out = sys.argv[1], sys.argv[2]
    inf = open(sys.argv[3], 'rb').read() if len(sys.argv) > 3 else b'[Version]\r\n'
    sys_ = open(sys.argv[4], 'rb').read() if len(sys.argv) > 4 else b'MZ'
    with zipfile.ZipFile(out, 'w') as z:
        if kind == 'good':
            z.writestr(info('Drivers/'), b'', )
            z.writestr(info('Drivers/Win64/webnic.inf'), inf)
            z.writestr(info('Drivers/Win64/webnic.sys'), sys_)
            z.writestr(info('Drivers/Win32/README.txt'), b'32-bit drivers: none\n')
            z.writestr(info('__MACOSX/Drivers/._webnic.inf'), b'mac')
            z.writestr(info('.DS_Store'), b'mac')
        elif kind == 'vendor':
            # A real package's names: the .inf's CopyFiles names the .sys.
            z.writestr(info('Drivers/'), b'', )
            z.writestr(info('Drivers/Win64/' + base(sys.argv[3])), inf)
            z.writestr(info('Drivers/Win64/' + base(sys.argv[4])), sys_)
            z.writestr(info('Drivers/Win32/README.txt'), b'32-bit drivers: none\n')
        elif kind == 'traversal':
            z.writestr(info('webnic.inf'), inf)
            z.writestr(info('Drivers/../../etc/evil.inf'), inf)
        elif kind == 'absolute':
            z.writestr(info('/etc/evil.inf'), inf)
        elif kind == 'symlink':
            z.writestr(info('webnic.inf'), inf)
            z.writestr(info('webnic.sys', 0o777, stat.S_IFLNK), b'/etc/shadow')
        elif kind == 'device':
            z.writestr(info('null', 0o666, stat.S_IFCHR), b'')
        elif kind == 'many':
            for i in range(10000):
                z.writestr(info('f/%05d.txt' % i), b'')
        elif kind == 'bomb-file':
            z.writestr(info('webnic.inf'), inf)
            with z.open(info('webnic.sys'), 'w', force_zip64=True) as f:
                block = bytes(1 << 20)
                for _ in range(70):
                    f.write(block)
        elif kind == 'bomb-total':
            block = bytes(1 << 20)
            for n in range(6):
                with z.open(info('part%d.bin' % n), 'w', force_zip64=True) as f:
                    for _ in range(50):
                        f.write(block)
        elif kind == 'twins':
            z.writestr(info('Driver/webnic.inf'), inf)
            z.writestr(info('driver/WEBNIC.INF'), inf)
        elif kind == 'twice':
            z.writestr(info('webnic.inf'), inf)
            z.writestr(info('webnic.inf'), inf)
        elif kind == 'bidi':
            z.writestr(info('webnic\u202efni.sys'), sys_)
        elif kind == 'deep':
            z.writestr(info('/'.join(['d'] * 20) + '/webnic.inf'), inf)
        else:
            sys.exit('unknown kind ' + kind)


main()
