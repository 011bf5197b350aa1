# SPDX-License-Identifier: GPL-2.0-only
# ndl_purge: delete everything ndisload created at run time — configuration
# (bindings, parameters, web token, licenses), the driver store, runtime
# files and the service users (web UI, isolated driver host). Shared text:
# pasted into ndisload-setup and the Debian package's postrm (which runs
# after ndisload-setup is gone).
ndl_purge() {
	rm -rf /etc/ndisload /var/lib/ndisload /run/ndisload /run/modprobe.d/ndisload.conf
	for u in ndisload-web ndisload-host; do
		if getent passwd "$u" >/dev/null; then
			userdel "$u" 2>/dev/null || echo "ndisload: could not delete user $u" >&2
		fi
		if getent group "$u" >/dev/null; then
			groupdel "$u" 2>/dev/null || true
		fi
	done
}
