// SPDX-License-Identifier: GPL-2.0-only
/*
 * Names that lead to device objects: symbolic links (IoCreateSymbolicLink,
 * IoCreateUnprotectedSymbolicLink, IoDeleteSymbolicLink) and device
 * interfaces (IoRegisterDeviceInterface, IoSetDeviceInterfaceState).
 * There is no Windows user space to open them; the host resolves them
 * (ndl_device_by_name) to reach a driver's device from Linux.
 */
#include "nt/nt_device.h"
#include "nt/nt_status.h"
#include "nt/nt_sync.h"
#include "nt/nt_exports.h"

struct link {
	struct link *next;
	char name[96];			/* link or interface name */
	char target[64];		/* device name (links) */
	DEVICE_OBJECT *pdo;		/* device interfaces */
	bool enabled;			/* interfaces: IoSetDeviceInterfaceState */
};

static struct link *links;

/* "\??\x", "\DosDevices\x", "\GLOBAL??\x" are one namespace. */
static const char *dos_name(const char *n)
{
	static const char *const prefixes[] = {
		"\\??\\", "\\DosDevices\\", "\\GLOBAL??\\",
	};
	u32 i;

	for (i = 0; i < NDL_ARRAY_SIZE(prefixes); i++) {
		u32 len = ndl_strlen(prefixes[i]), j;

		for (j = 0; j < len; j++) {
			char c = n[j];

			if (!c || (c | 32) != (prefixes[i][j] | 32))
				break;
		}
		if (j == len)
			return n + len;
	}
	return n;
}

static struct link *find(const char *name)
{
	struct link *l;

	for (l = links; l; l = l->next)
		if (ndl_name_eq(dos_name(l->name), dos_name(name)))
			return l;
	return NULL;
}

bool ndl_link_exists(const char *name)
{
	return find(name);
}

DEVICE_OBJECT *ndl_device_by_name(const char *name)
{
	DEVICE_OBJECT *dev = NULL;
	struct link *l;
	KIRQL old;

	old = ndl_lock_any(&ndl_dev_lock);
	l = find(name);
	if (l && l->pdo)
		dev = l->enabled ? l->pdo : NULL;
	else
		dev = ndl_device_named(l ? l->target : name);
	ndl_unlock_any(&ndl_dev_lock, old);
	return dev;
}

static NTSTATUS add_link(const char *name, const char *target,
			 DEVICE_OBJECT *pdo)
{
	struct link *l;
	KIRQL old;

	if (ndl_strlen(name) >= sizeof(l->name) ||
	    ndl_strlen(target) >= sizeof(l->target))
		return STATUS_NAME_TOO_LONG;
	l = ndl_alloc(sizeof(*l), NDL_OS_ZERO);
	if (!l)
		return STATUS_INSUFFICIENT_RESOURCES;
	ndl_snprintf(l->name, sizeof(l->name), "%s", name);
	ndl_snprintf(l->target, sizeof(l->target), "%s", target);
	l->pdo = pdo;
	old = ndl_lock_any(&ndl_dev_lock);
	if (find(name)) {
		ndl_unlock_any(&ndl_dev_lock, old);
		ndl_free(l);
		return STATUS_OBJECT_NAME_COLLISION;
	}
	l->next = links;
	links = l;
	ndl_unlock_any(&ndl_dev_lock, old);
	return STATUS_SUCCESS;
}

NTSTATUS NTAPI ndlw_IoCreateSymbolicLink(UNICODE_STRING *link,
					 UNICODE_STRING *dev)
{
	char l[96], d[64];

	if (!link || !dev || !link->Length || !dev->Length)
		return STATUS_INVALID_PARAMETER;
	if (link->Length / 2 >= sizeof(l) || dev->Length / 2 >= sizeof(d))
		return STATUS_NAME_TOO_LONG;
	ndl_name_from_ustr(link, l, sizeof(l));
	ndl_name_from_ustr(dev, d, sizeof(d));
	return add_link(l, d, NULL);
}

/* No security descriptors exist here: the same as a protected link. */
NTSTATUS NTAPI ndlw_IoCreateUnprotectedSymbolicLink(UNICODE_STRING *link,
						    UNICODE_STRING *dev)
{
	return ndlw_IoCreateSymbolicLink(link, dev);
}

NTSTATUS ndl_link_remove(const char *name)
{
	struct link **pp, *l = NULL;
	KIRQL old;

	old = ndl_lock_any(&ndl_dev_lock);
	for (pp = &links; *pp; pp = &(*pp)->next) {
		if (ndl_name_eq(dos_name((*pp)->name), dos_name(name))) {
			l = *pp;
			*pp = l->next;
			break;
		}
	}
	ndl_unlock_any(&ndl_dev_lock, old);
	ndl_free(l);
	return l ? STATUS_SUCCESS : STATUS_OBJECT_NAME_NOT_FOUND;
}

NTSTATUS NTAPI ndlw_IoDeleteSymbolicLink(UNICODE_STRING *link)
{
	char l[96];

	if (!link || link->Length / 2 >= sizeof(l))
		return STATUS_OBJECT_NAME_NOT_FOUND;
	ndl_name_from_ustr(link, l, sizeof(l));
	return ndl_link_remove(l);
}

/* Drop every interface registered for a PDO that is going away. */
void ndl_links_drop_pdo(DEVICE_OBJECT *pdo)
{
	struct link **pp, *l, *dead = NULL;
	KIRQL old;

	old = ndl_lock_any(&ndl_dev_lock);
	for (pp = &links; (l = *pp);) {
		if (l->pdo == pdo) {
			*pp = l->next;
			l->next = dead;
			dead = l;
		} else {
			pp = &l->next;
		}
	}
	ndl_unlock_any(&ndl_dev_lock, old);
	while (dead) {
		l = dead;
		dead = l->next;
		ndl_free(l);
	}
}

static NTSTATUS to_ustr(const char *s, UNICODE_STRING *out)
{
	u32 n = ndl_strlen(s), i;
	WCHAR *b = ndl_alloc((n + 1) * 2, 0);

	if (!b)
		return STATUS_INSUFFICIENT_RESOURCES;
	for (i = 0; i <= n; i++)
		b[i] = (u8)s[i];
	out->Buffer = b;
	out->Length = (USHORT)(n * 2);
	out->MaximumLength = (USHORT)(n * 2 + 2);
	return STATUS_SUCCESS;
}

/*
 * The interface's name is "\??\<instance>#{guid}[\ref]" as on Windows,
 * the instance being the PDO's name with '\' turned into '#'. The caller
 * frees it with RtlFreeUnicodeString. Registering twice gives the same
 * name and STATUS_SUCCESS.
 */
NTSTATUS NTAPI ndlw_IoRegisterDeviceInterface(DEVICE_OBJECT *pdo,
					      const GUID *guid,
					      UNICODE_STRING *ref,
					      UNICODE_STRING *out)
{
	struct ndl_devobj *d = ndl_devobj(pdo);
	char name[96], r[32], inst[64];
	NTSTATUS st;
	u32 i;

	if (!d || !d->pdo || !guid || !out)
		return STATUS_INVALID_DEVICE_REQUEST;
	ndl_name_from_ustr(ref, r, sizeof(r));
	ndl_snprintf(inst, sizeof(inst), "%s", d->name + 1);
	for (i = 0; inst[i]; i++)
		if (inst[i] == '\\')
			inst[i] = '#';
	ndl_snprintf(name, sizeof(name),
		     "\\??\\%s#{%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x}%s%s",
		     inst, guid->Data1, guid->Data2, guid->Data3,
		     guid->Data4[0], guid->Data4[1], guid->Data4[2],
		     guid->Data4[3], guid->Data4[4], guid->Data4[5],
		     guid->Data4[6], guid->Data4[7], r[0] ? "\\" : "", r);
	st = add_link(name, "", pdo);
	if (st == STATUS_OBJECT_NAME_COLLISION)
		st = STATUS_SUCCESS;
	if (NT_SUCCESS(st))
		st = to_ustr(name, out);
	return st;
}

NTSTATUS NTAPI ndlw_IoSetDeviceInterfaceState(UNICODE_STRING *name,
					      BOOLEAN enable)
{
	NTSTATUS st = STATUS_OBJECT_NAME_NOT_FOUND;
	struct link *l;
	char n[96];
	KIRQL old;

	if (!name || name->Length / 2 >= sizeof(n))
		return STATUS_OBJECT_NAME_NOT_FOUND;
	ndl_name_from_ustr(name, n, sizeof(n));
	old = ndl_lock_any(&ndl_dev_lock);
	l = find(n);
	if (l && l->pdo) {
		/* Windows: enabling twice is STATUS_OBJECT_NAME_EXISTS. */
		st = l->enabled && enable ? (NTSTATUS)0x40000000 :
		     STATUS_SUCCESS;
		l->enabled = enable;
	}
	ndl_unlock_any(&ndl_dev_lock, old);
	return st;
}
