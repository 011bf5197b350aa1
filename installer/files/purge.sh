# SPDX-License-Identifier: GPL-2.0-only
# ndl_purge: delete everything ndisload created at run time — configuration
# (bindings, parameters, web token, licenses), the driver store, runtime
# files and the service user. Shared text: pasted into ndisload-setup and the
# Debian package's postrm (which runs after ndisload-setup is gone).
ndl_purge() {
	rm -rf /etc/ndisload /var/lib/ndisload /run/ndisload /run/modprobe.d/ndisload.conf
	if getent passwd ndisload-web >/dev/null; then
		userdel ndisload-web 2>/dev/null || echo "ndisload: could not delete user ndisload-web" >&2
	fi
	if getent group ndisload-web >/dev/null; then
		groupdel ndisload-web 2>/dev/null || true
	fi
}
