// SPDX-License-Identifier: GPL-2.0-only
/*
 * Registry keys (nt_registry.h): the stores behind the documented paths,
 * key objects and handles, and ZwOpenKey, ZwCreateKey, ZwDeleteKey,
 * ZwQueryValueKey, ZwEnumerateValueKey, ZwSetValueKey, ZwDeleteValueKey,
 * ZwEnumerateKey, ZwQueryKey, ZwFlushKey and IoOpenDeviceRegistryKey.
 *
 * A key exists when it is a store's root, holds a value somewhere below
 * it, or was created with ZwCreateKey (the stores keep values only, so
 * created keys are remembered here). Strings are UTF-8 in the stores and
 * UTF-16, NUL included, on the driver's side.
 */
#include "ndis/ndis_priv.h"
#include "nt/nt_registry.h"
#include "nt/nt_status.h"
#include "nt/nt_exports.h"
#include "core/driver.h"

#define SERVICES_ROOT "\\Registry\\Machine\\System\\CurrentControlSet\\Services\\"
#define CLASS_ROOT "\\Registry\\Machine\\System\\CurrentControlSet\\Control\\Class\\"
#define NET_CLASS "{4D36E972-E325-11CE-BFC1-08002BE10318}"
#define MAX_DEVICES 10000
#define MAX_CREATED 256

enum store_kind { STORE_SERVICE, STORE_DRIVER_KEY, STORE_HW_KEY };

struct store {
	LIST_ENTRY link;
	enum store_kind kind;
	struct ndl_reg *reg;
	bool owned;			/* reg is ours to destroy */
	struct ndl_driver *drv;		/* STORE_SERVICE */
	char name[48];			/* service name */
	u32 index;			/* driver key NNNN */
	DEVICE_OBJECT *pdo, *fdo;
	struct store *hw;		/* driver key: its hardware key */
	char *created[MAX_CREATED];	/* keys made by ZwCreateKey */
	u32 ncreated;
};

struct ndl_regkey {
	LIST_ENTRY link;		/* every open key object */
	struct store *st;		/* NULL: store gone or key deleted */
	char path[NDL_REG_PATH_MAX + 1];	/* relative to the store root */
};

static KSPIN_LOCK reg_lock;		/* stores, keys, their values */
static LIST_ENTRY stores = { &stores, &stores };
static LIST_ENTRY keys = { &keys, &keys };

static void key_destroy(void *body)
{
	struct ndl_regkey *k = body;
	KIRQL old = ndl_lock_any(&reg_lock);

	ndl_list_unlink(&k->link);
	ndl_unlock_any(&reg_lock, old);
}

static const struct ndl_ob_type ndl_ob_key_type = {
	.name = "registry key",
	.destroy = key_destroy,
};

/* ---- stores ------------------------------------------------------------------ */

static struct store *store_new(enum store_kind kind, struct ndl_reg *reg)
{
	struct store *s = ndl_alloc(sizeof(*s), NDL_OS_ZERO);

	if (!s)
		return NULL;
	s->kind = kind;
	s->reg = reg ? reg : ndl_reg_create();
	s->owned = !reg;
	if (!s->reg) {
		ndl_free(s);
		return NULL;
	}
	return s;
}

/* Unlink and free s; keys on it become deleted. Takes the lock. */
static void store_free(struct store *s)
{
	KIRQL old;
	LIST_ENTRY *e;

	if (!s)
		return;
	old = ndl_lock_any(&reg_lock);
	ndl_list_unlink(&s->link);
	for (e = keys.Flink; e != &keys; e = e->Flink) {
		struct ndl_regkey *k = NDL_CONTAINER_OF(e, struct ndl_regkey,
							link);

		if (k->st == s)
			k->st = NULL;
	}
	ndl_unlock_any(&reg_lock, old);
	for (u32 i = 0; i < s->ncreated; i++)
		ndl_free(s->created[i]);
	if (s->owned)
		ndl_reg_destroy(s->reg);
	ndl_free(s);
}

static void store_add(struct store *s)
{
	KIRQL old = ndl_lock_any(&reg_lock);

	ndl_list_add_tail(&stores, &s->link);
	ndl_unlock_any(&reg_lock, old);
}

/* Under the lock. */
static struct store *find_store(bool (*match)(struct store *, const void *),
				const void *arg)
{
	LIST_ENTRY *e;

	for (e = stores.Flink; e != &stores; e = e->Flink) {
		struct store *s = NDL_CONTAINER_OF(e, struct store, link);

		if (match(s, arg))
			return s;
	}
	return NULL;
}

static bool is_service_of(struct store *s, const void *drv)
{
	return s->kind == STORE_SERVICE && s->drv == drv;
}

static bool is_service_named(struct store *s, const void *name)
{
	return s->kind == STORE_SERVICE && ndl_ascii_eq_nocase(s->name, name);
}

static bool is_driver_key_of(struct store *s, const void *reg)
{
	return s->kind == STORE_DRIVER_KEY && s->reg == reg;
}

static bool is_driver_key_index(struct store *s, const void *idx)
{
	return s->kind == STORE_DRIVER_KEY && s->index == *(const u32 *)idx;
}

static bool is_device_of(struct store *s, const void *dev)
{
	return s->kind == STORE_DRIVER_KEY && dev &&
	       (s->pdo == dev || s->fdo == dev);
}

int ndl_regkey_service_add(struct ndl_driver *drv)
{
	struct store *s = store_new(STORE_SERVICE, NULL);

	if (!s)
		return -NDL_ENOMEM;
	s->drv = drv;
	ndl_snprintf(s->name, sizeof(s->name), "%s", drv->name);
	store_add(s);
	return 0;
}

static struct store *take_store(bool (*match)(struct store *, const void *),
				const void *arg)
{
	KIRQL old = ndl_lock_any(&reg_lock);
	struct store *s = find_store(match, arg);

	ndl_unlock_any(&reg_lock, old);
	return s;
}

void ndl_regkey_service_remove(struct ndl_driver *drv)
{
	store_free(take_store(is_service_of, drv));
}

struct ndl_reg *ndl_regkey_service_values(struct ndl_driver *drv)
{
	struct store *s = take_store(is_service_of, drv);

	return s ? s->reg : NULL;
}

int ndl_regkey_device_add(struct ndl_reg *reg, DEVICE_OBJECT *pdo,
			  DEVICE_OBJECT *fdo)
{
	return ndl_regkey_device_add_hw(reg, NULL, pdo, fdo);
}

int ndl_regkey_device_add_hw(struct ndl_reg *reg, struct ndl_reg *hw,
			     DEVICE_OBJECT *pdo, DEVICE_OBJECT *fdo)
{
	struct store *s = store_new(STORE_DRIVER_KEY, reg);
	KIRQL old;
	u32 idx;

	if (!s)
		return -NDL_ENOMEM;
	s->hw = store_new(STORE_HW_KEY, hw);
	if (!s->hw) {
		ndl_free(s);
		return -NDL_ENOMEM;
	}
	s->hw->owned = true;	/* ours from here, whoever made it */
	s->pdo = pdo;
	s->fdo = fdo;
	old = ndl_lock_any(&reg_lock);
	for (idx = 0; idx < MAX_DEVICES; idx++)
		if (!find_store(is_driver_key_index, &idx))
			break;
	s->index = idx;
	ndl_list_add_tail(&stores, &s->link);
	ndl_list_add_tail(&stores, &s->hw->link);
	ndl_unlock_any(&reg_lock, old);
	return 0;
}

void ndl_regkey_device_remove(struct ndl_reg *reg)
{
	struct store *s = take_store(is_driver_key_of, reg);

	if (!s)
		return;
	store_free(s->hw);
	store_free(s);
}

bool ndl_regkey_device_name(DEVICE_OBJECT *pdo, char *buf, u32 len)
{
	struct store *s = take_store(is_device_of, pdo);

	if (!s)
		return false;
	return ndl_snprintf(buf, len, NET_CLASS "\\%04u", s->index) < len;
}

/* ---- paths --------------------------------------------------------------- */

/* a\b into out (either may be empty); false if too long. */
static bool join(const char *a, const char *b, char *out, size_t len)
{
	size_t la = ndl_strlen(a), lb = ndl_strlen(b);

	if (la + lb + 2 > len)
		return false;
	ndl_memcpy(out, a, la);
	if (la && lb)
		out[la++] = '\\';
	ndl_memcpy(out + la, b, lb + 1);
	return true;
}

/* Strip separators at both ends and collapse none inside: "a\\\\b" is bad. */
static bool clean(char *p)
{
	size_t n = ndl_strlen(p), s = 0;

	while (s < n && p[s] == '\\')
		s++;
	while (n > s && p[n - 1] == '\\')
		n--;
	ndl_memmove(p, p + s, n - s);
	p[n - s] = 0;
	for (size_t i = 0; p[i]; i++)
		if (p[i] == '\\' && p[i + 1] == '\\')
			return false;
	return true;
}

/* Under the lock: does key path exist in s? */
static bool key_exists(struct store *s, const char *path)
{
	size_t n = ndl_strlen(path);
	struct ndl_reg_entry e;

	if (!n)
		return true;
	for (u32 i = 0; i < s->ncreated; i++)
		if (ndl_ascii_eq_nocase(s->created[i], path))
			return true;
	for (u32 i = 0; ndl_reg_at(s->reg, i, &e); i++)
		if (ndl_ascii_starts_nocase(e.path, path, n) &&
		    e.path[n] == '\\')
			return true;
	return false;
}

/* The parent of path ("" for a top-level key). */
static void parent_of(const char *path, char *out, size_t len)
{
	size_t n = ndl_strlen(path);

	while (n && path[n - 1] != '\\')
		n--;
	if (n)
		n--;
	if (n >= len)
		n = len - 1;
	ndl_memcpy(out, path, n);
	out[n] = 0;
}

/*
 * Resolve an absolute name to a store and a relative path; under the
 * lock. NULL if the name lies outside the stores.
 */
static struct store *resolve(const char *abs, char *rel, size_t len)
{
	size_t sl = ndl_strlen(SERVICES_ROOT), cl = ndl_strlen(CLASS_ROOT);
	char comp[64];
	const char *rest;
	struct store *s = NULL;
	size_t n;

	if (ndl_ascii_starts_nocase(abs, SERVICES_ROOT, sl))
		rest = abs + sl;
	else if (ndl_ascii_starts_nocase(abs, CLASS_ROOT NET_CLASS "\\",
					 cl + ndl_strlen(NET_CLASS) + 1))
		rest = abs + cl + ndl_strlen(NET_CLASS) + 1;
	else
		return NULL;
	for (n = 0; rest[n] && rest[n] != '\\'; n++)
		;
	if (!n || n >= sizeof(comp))
		return NULL;
	ndl_memcpy(comp, rest, n);
	comp[n] = 0;
	if (rest == abs + sl) {
		s = find_store(is_service_named, comp);
	} else if (n == 4) {
		u32 idx = 0;

		for (size_t i = 0; i < 4; i++) {
			if (comp[i] < '0' || comp[i] > '9')
				return NULL;
			idx = idx * 10 + (u32)(comp[i] - '0');
		}
		s = find_store(is_driver_key_index, &idx);
	}
	if (!s)
		return NULL;
	rest += n;
	if (*rest == '\\')
		rest++;
	if (ndl_strlen(rest) >= len)
		return NULL;
	ndl_memcpy(rel, rest, ndl_strlen(rest) + 1);
	return s;
}

/* ---- key objects ------------------------------------------------------------ */

static NTSTATUS key_new(struct store *s, const char *rel,
			struct ndl_regkey **out)
{
	struct ndl_regkey *k = ndl_ob_create(&ndl_ob_key_type, sizeof(*k));
	KIRQL old;

	*out = NULL;
	if (!k)
		return STATUS_INSUFFICIENT_RESOURCES;
	ndl_snprintf(k->path, sizeof(k->path), "%s", rel);
	old = ndl_lock_any(&reg_lock);
	k->st = s;
	ndl_list_add_tail(&keys, &k->link);
	ndl_unlock_any(&reg_lock, old);
	*out = k;
	return STATUS_SUCCESS;
}

/* Remember a created key; under the lock. */
static NTSTATUS remember_created(struct store *s, const char *rel)
{
	size_t n = ndl_strlen(rel) + 1;
	char *copy;

	if (s->ncreated == MAX_CREATED)
		return STATUS_INSUFFICIENT_RESOURCES;
	copy = ndl_alloc(n, NDL_OS_ATOMIC);
	if (!copy)
		return STATUS_INSUFFICIENT_RESOURCES;
	ndl_memcpy(copy, rel, n);
	s->created[s->ncreated++] = copy;
	return STATUS_SUCCESS;
}

/*
 * Open (or with create: create one level) the key at rel in s; the store
 * pointer is only trusted under the lock, so it is re-found by identity.
 */
static NTSTATUS open_in(struct store *s, const char *rel_in, bool create,
			bool *created, struct ndl_regkey **out)
{
	char rel[NDL_REG_PATH_MAX + 1], parent[NDL_REG_PATH_MAX + 1];
	NTSTATUS st = STATUS_SUCCESS;
	KIRQL old;

	*out = NULL;
	if (created)
		*created = false;
	if (ndl_strlen(rel_in) >= sizeof(rel))
		return STATUS_OBJECT_NAME_INVALID;
	ndl_memcpy(rel, rel_in, ndl_strlen(rel_in) + 1);
	if (!clean(rel))
		return STATUS_OBJECT_NAME_INVALID;
	old = ndl_lock_any(&reg_lock);
	if (!key_exists(s, rel)) {
		parent_of(rel, parent, sizeof(parent));
		if (!create || !key_exists(s, parent))
			st = STATUS_OBJECT_NAME_NOT_FOUND;
		else
			st = remember_created(s, rel);
		if (!st && created)
			*created = true;
	}
	ndl_unlock_any(&reg_lock, old);
	if (st)
		return st;
	return key_new(s, rel, out);
}

NTSTATUS ndl_regkey_open_path(const char *abs, bool create,
			      struct ndl_regkey **out)
{
	char rel[NDL_REG_PATH_MAX + 1];
	struct store *s;
	KIRQL old;

	*out = NULL;
	old = ndl_lock_any(&reg_lock);
	s = resolve(abs, rel, sizeof(rel));
	ndl_unlock_any(&reg_lock, old);
	if (!s) {
		ndl_warn("registry: %s is not a key ndisload keeps (only the driver's service key and its devices' keys exist)",
			 abs);
		return STATUS_OBJECT_NAME_NOT_FOUND;
	}
	/* Stores go away only at driver unload / device removal (PASSIVE). */
	return open_in(s, rel, create, NULL, out);
}

NTSTATUS ndl_regkey_from_handle(HANDLE h, struct ndl_regkey **out)
{
	NTSTATUS st = ndl_handle_ref(h, &ndl_ob_key_type, (void **)out);

	if (st)
		ndl_warn("registry: %p is not an open key handle (%s)", h,
			 ndl_handle_type_name(h));
	return st;
}

void ndl_regkey_put(struct ndl_regkey *k)
{
	ndl_ob_deref(k);
}

/* The full value name in k; false if too long or the name is unusable. */
static bool value_path(struct ndl_regkey *k, const char *name, char *out,
		       size_t len)
{
	for (const char *p = name; *p; p++)
		if (*p == '\\')
			return false;	/* our separator; not kept */
	return *name && join(k->path, name, out, len);
}

/* Store form (UTF-8) → driver form (UTF-16 strings); ndl_free *data. */
static NTSTATUS to_wire(const struct ndl_reg_entry *e, u8 **data, u32 *len)
{
	u32 type = e->type;

	if (type == REG_SZ || type == REG_EXPAND_SZ || type == REG_MULTI_SZ) {
		UNICODE_STRING u;

		if (!ndl_utf8_to_ustr(e->data, e->len, &u, NDL_OS_ATOMIC))
			return STATUS_INSUFFICIENT_RESOURCES;
		*data = (u8 *)u.Buffer;
		*len = u.Length;	/* every NUL of the stored form */
		return STATUS_SUCCESS;
	}
	*data = ndl_alloc(e->len ? e->len : 1, NDL_OS_ATOMIC);
	if (!*data)
		return STATUS_INSUFFICIENT_RESOURCES;
	ndl_memcpy(*data, e->data, e->len);
	*len = e->len;
	return STATUS_SUCCESS;
}

NTSTATUS ndl_regkey_get(struct ndl_regkey *k, const char *name, u32 *type,
			u8 **data, u32 *len)
{
	char path[NDL_REG_PATH_MAX + 1];
	struct ndl_reg_entry e;
	NTSTATUS st;
	KIRQL old;

	*data = NULL;
	if (!value_path(k, name, path, sizeof(path)))
		return STATUS_OBJECT_NAME_NOT_FOUND;
	old = ndl_lock_any(&reg_lock);
	if (!k->st)
		st = STATUS_KEY_DELETED;
	else if (!ndl_reg_get(k->st->reg, path, &e))
		st = STATUS_OBJECT_NAME_NOT_FOUND;
	else
		st = to_wire(&e, data, len);
	if (!st)
		*type = e.type;
	ndl_unlock_any(&reg_lock, old);
	return st;
}

NTSTATUS ndl_regkey_value_at(struct ndl_regkey *k, u32 i, char *name,
			     u32 nlen, u32 *type, u8 **data, u32 *len)
{
	size_t pl = ndl_strlen(k->path);
	struct ndl_reg_entry e;
	NTSTATUS st = STATUS_NO_MORE_ENTRIES;
	u32 seen = 0;
	KIRQL old;

	*data = NULL;
	old = ndl_lock_any(&reg_lock);
	if (!k->st)
		st = STATUS_KEY_DELETED;
	for (u32 j = 0; k->st && ndl_reg_at(k->st->reg, j, &e); j++) {
		const char *v = e.path;

		if (pl) {
			if (!ndl_ascii_starts_nocase(v, k->path, pl) ||
			    v[pl] != '\\')
				continue;
			v += pl + 1;
		}
		for (const char *p = v; *p; p++)
			if (*p == '\\')
				v = NULL;
		if (!v || seen++ != i)
			continue;
		ndl_snprintf(name, nlen, "%s", v);
		*type = e.type;
		st = to_wire(&e, data, len);
		break;
	}
	ndl_unlock_any(&reg_lock, old);
	return st;
}

/* UTF-16 units [0, n) → UTF-8, NUL-terminated, into out (cap bytes). */
static bool wide_to_utf8(const WCHAR *w, u32 n, char *out, u32 cap)
{
	UNICODE_STRING u = {
		.Length = (USHORT)(n * 2), .MaximumLength = (USHORT)(n * 2),
		.Buffer = (WCHAR *)w,
	};

	return n < 0x8000 && ndl_ustr_to_utf8(&u, out, cap);
}

/* Driver form → store form. *out is allocated (ndl_free). */
static NTSTATUS from_wire(u32 type, const void *data, u32 len, u8 **out,
			  u32 *olen)
{
	const WCHAR *w = data;
	u32 n = len / 2, pos = 0, cap;
	u8 *buf;

	*out = NULL;
	if ((type == REG_DWORD && len != 4) || (type == REG_QWORD && len != 8))
		return STATUS_INVALID_PARAMETER;
	switch (type) {
	case REG_DWORD:
	case REG_QWORD:
	case REG_BINARY:
		buf = ndl_alloc(len ? len : 1, NDL_OS_ATOMIC);
		if (!buf)
			return STATUS_INSUFFICIENT_RESOURCES;
		if (len)
			ndl_memcpy(buf, data, len);
		*out = buf;
		*olen = len;
		return STATUS_SUCCESS;
	case REG_SZ:
	case REG_EXPAND_SZ:
	case REG_MULTI_SZ:
		break;
	default:
		return STATUS_NOT_SUPPORTED;
	}
	if (len & 1 || (len && !data))
		return STATUS_INVALID_PARAMETER;
	cap = n * 3 + 2;
	buf = ndl_alloc(cap, NDL_OS_ATOMIC);
	if (!buf)
		return STATUS_INSUFFICIENT_RESOURCES;
	for (u32 i = 0; i <= n;) {
		u32 e = i;

		while (e < n && w[e])
			e++;
		if (e == i && (type != REG_MULTI_SZ || pos))
			break;		/* end of the (multi-)string */
		if (!wide_to_utf8(w + i, e - i, (char *)buf + pos,
				  cap - pos)) {
			ndl_free(buf);
			return STATUS_INVALID_PARAMETER;
		}
		pos += (u32)ndl_strlen((char *)buf + pos) + 1;
		if (type != REG_MULTI_SZ || e == i)
			break;
		i = e + 1;
	}
	if (type == REG_MULTI_SZ) {
		if (!pos)
			buf[pos++] = 0;		/* the empty list */
		else if (buf[pos - 1] || pos < 2 || buf[pos - 2])
			buf[pos++] = 0;
	}
	*out = buf;
	*olen = pos;
	return STATUS_SUCCESS;
}

NTSTATUS ndl_regkey_set(struct ndl_regkey *k, const char *name, u32 type,
			const void *data, u32 len)
{
	char path[NDL_REG_PATH_MAX + 1];
	NTSTATUS st;
	u8 *conv;
	u32 clen;
	KIRQL old;
	int rc;

	if (!value_path(k, name, path, sizeof(path)))
		return STATUS_INVALID_PARAMETER;
	st = from_wire(type, data, len, &conv, &clen);
	if (st == STATUS_NOT_SUPPORTED)
		ndl_warn("registry: value %s: type %u is not kept here (REG_SZ, EXPAND_SZ, MULTI_SZ, BINARY, DWORD and QWORD are)",
			 name, type);
	else if (st == STATUS_INVALID_PARAMETER)
		ndl_warn("registry: value %s: %u bytes are not a valid value of type %u",
			 name, len, type);
	if (st)
		return st == STATUS_NOT_SUPPORTED ? STATUS_INVALID_PARAMETER : st;
	old = ndl_lock_any(&reg_lock);
	if (!k->st) {
		st = STATUS_KEY_DELETED;
	} else {
		rc = ndl_reg_set(k->st->reg, path, type, conv, clen);
		st = rc == -NDL_ENOMEM ? STATUS_INSUFFICIENT_RESOURCES :
		     rc ? STATUS_INVALID_PARAMETER : STATUS_SUCCESS;
	}
	ndl_unlock_any(&reg_lock, old);
	ndl_free(conv);
	return st;
}

NTSTATUS ndl_regkey_delete_value(struct ndl_regkey *k, const char *name)
{
	char path[NDL_REG_PATH_MAX + 1];
	NTSTATUS st;
	KIRQL old;

	if (!value_path(k, name, path, sizeof(path)))
		return STATUS_OBJECT_NAME_NOT_FOUND;
	old = ndl_lock_any(&reg_lock);
	st = !k->st ? STATUS_KEY_DELETED :
	     ndl_reg_delete(k->st->reg, path) ? STATUS_SUCCESS :
	     STATUS_OBJECT_NAME_NOT_FOUND;
	ndl_unlock_any(&reg_lock, old);
	return st;
}

/* ---- Zw exports ------------------------------------------------------------- */

static bool name_utf8(const UNICODE_STRING *u, char *out, u32 len)
{
	if (!u || !u->Length) {
		out[0] = 0;
		return true;
	}
	return ndl_ustr_to_utf8(u, out, len);
}

/* Open or create the key attrs names; *created for ZwCreateKey. */
static NTSTATUS open_attrs(const char *fn, OBJECT_ATTRIBUTES *attrs,
			   bool create, bool *created, HANDLE *handle)
{
	char name[NDL_REG_PATH_MAX + 64];
	struct ndl_regkey *k = NULL, *root;
	NTSTATUS st;

	if (!handle || !attrs)
		return STATUS_INVALID_PARAMETER;
	*handle = NULL;
	if (!name_utf8(attrs->ObjectName, name, sizeof(name)))
		return STATUS_OBJECT_NAME_INVALID;
	if (attrs->RootDirectory) {
		char rel[NDL_REG_PATH_MAX + 1];

		st = ndl_regkey_from_handle(attrs->RootDirectory, &root);
		if (st)
			return st;
		if (!root->st)
			st = STATUS_KEY_DELETED;
		else if (name[0] == '\\' ||
			 !join(root->path, name, rel, sizeof(rel)))
			st = STATUS_OBJECT_NAME_INVALID;
		else
			st = open_in(root->st, rel, create, created, &k);
		ndl_regkey_put(root);
	} else if (name[0] != '\\') {
		st = STATUS_OBJECT_PATH_SYNTAX_BAD;
	} else if (create) {
		char rel[NDL_REG_PATH_MAX + 1];
		struct store *s;
		KIRQL old = ndl_lock_any(&reg_lock);

		s = resolve(name, rel, sizeof(rel));
		ndl_unlock_any(&reg_lock, old);
		st = s ? open_in(s, rel, true, created, &k) :
		     STATUS_ACCESS_DENIED;
		if (!s)
			ndl_warn("%s(%s): ndisload keeps only the driver's service key and its devices' keys",
				 fn, name);
	} else {
		st = ndl_regkey_open_path(name, false, &k);
	}
	if (!st) {
		st = ndl_handle_create(k, handle);
		ndl_regkey_put(k);
	}
	if (st)
		ndl_dbg("%s(%s): 0x%08x", fn, name, (u32)st);
	return st;
}

NTSTATUS NTAPI ndlw_ZwOpenKey(HANDLE *handle, ACCESS_MASK access,
			      OBJECT_ATTRIBUTES *attrs)
{
	return open_attrs("ZwOpenKey", attrs, false, NULL, handle);
}

#define REG_CREATED_NEW_KEY	1
#define REG_OPENED_EXISTING_KEY	2

NTSTATUS NTAPI ndlw_ZwCreateKey(HANDLE *handle, ACCESS_MASK access,
				OBJECT_ATTRIBUTES *attrs, ULONG title_index,
				UNICODE_STRING *class_name, ULONG options,
				ULONG *disposition)
{
	bool created = false;
	NTSTATUS st = open_attrs("ZwCreateKey", attrs, true, &created,
				 handle);

	if (!st && disposition)
		*disposition = created ? REG_CREATED_NEW_KEY :
			       REG_OPENED_EXISTING_KEY;
	return st;
}

static bool subkey_at(struct store *s, const char *path, u32 i, char *out,
		      u32 len);

NTSTATUS NTAPI ndlw_ZwDeleteKey(HANDLE handle)
{
	struct ndl_regkey *k;
	struct ndl_reg_entry e;
	NTSTATUS st;
	size_t n;
	KIRQL old;

	st = ndl_regkey_from_handle(handle, &k);
	if (st)
		return st;
	n = ndl_strlen(k->path);
	old = ndl_lock_any(&reg_lock);
	if (!k->st) {
		st = STATUS_KEY_DELETED;
	} else if (!n) {
		st = STATUS_CANNOT_DELETE;	/* a store's root */
	} else {
		struct store *s = k->st;
		char sub[NDL_REG_PATH_MAX + 1];

		/* Windows refuses to delete a key that has subkeys. */
		if (subkey_at(s, k->path, 0, sub, sizeof(sub)))
			st = STATUS_CANNOT_DELETE;
		for (u32 i = 0; !st && ndl_reg_at(s->reg, i, &e);) {
			if (ndl_ascii_starts_nocase(e.path, k->path, n) &&
			    e.path[n] == '\\')
				ndl_reg_delete(s->reg, e.path);
			else
				i++;
		}
		for (u32 i = 0; !st && i < s->ncreated;) {
			if (ndl_ascii_eq_nocase(s->created[i], k->path)) {
				ndl_free(s->created[i]);
				s->created[i] = s->created[--s->ncreated];
			} else {
				i++;
			}
		}
		if (!st) {
			LIST_ENTRY *l;

			for (l = keys.Flink; l != &keys; l = l->Flink) {
				struct ndl_regkey *o =
					NDL_CONTAINER_OF(l, struct ndl_regkey,
							 link);

				if (o->st == s &&
				    ndl_ascii_eq_nocase(o->path, k->path))
					o->st = NULL;
			}
		}
	}
	ndl_unlock_any(&reg_lock, old);
	ndl_regkey_put(k);
	if (st == STATUS_CANNOT_DELETE)
		ndl_warn("ZwDeleteKey: a store's root or a key with subkeys cannot be deleted");
	return st;
}

/* KEY_VALUE_INFORMATION_CLASS */
enum {
	KeyValueBasicInformation, KeyValueFullInformation,
	KeyValuePartialInformation, KeyValueFullInformationAlign64,
	KeyValuePartialInformationAlign64,
};

static u32 align_up(u32 v, u32 a)
{
	return (v + a - 1) & ~(a - 1);
}

/* Copy what fits of src into buf at off (buf holds len bytes). */
static void put(u8 *buf, u32 len, u32 off, const void *src, u32 n)
{
	if (off >= len || !n)
		return;
	ndl_memcpy(buf + off, src, n < len - off ? n : len - off);
}

static void put32(u8 *buf, u32 off, u32 v)
{
	ndl_memcpy(buf + off, &v, 4);
}

/*
 * Fill a KEY_VALUE_*_INFORMATION as documented: the fixed part must fit
 * (else STATUS_BUFFER_TOO_SMALL, nothing written); if the rest does not,
 * what fits is written and STATUS_BUFFER_OVERFLOW returned. *result is
 * always the size the whole answer needs.
 */
static NTSTATUS fill_value_info(u32 cls, const char *name, u32 type,
				const u8 *data, u32 dlen, void *out, u32 len,
				u32 *result)
{
	UNICODE_STRING wn = { 0 };
	u32 fixed, total, nlen = 0, doff = 0;
	u8 *buf = out;

	if (cls == KeyValueBasicInformation || cls == KeyValueFullInformation ||
	    cls == KeyValueFullInformationAlign64) {
		if (!ndl_utf8_to_ustr(name, (u32)ndl_strlen(name), &wn,
				      ndl_alloc_flags_for_irql()))
			return STATUS_INSUFFICIENT_RESOURCES;
		nlen = wn.Length;
	}
	switch (cls) {
	case KeyValueBasicInformation:
		fixed = 12;
		total = fixed + nlen;
		break;
	case KeyValueFullInformation:
	case KeyValueFullInformationAlign64:
		fixed = 20;
		doff = align_up(fixed + nlen,
				cls == KeyValueFullInformation ? 4 : 8);
		total = doff + dlen;
		break;
	case KeyValuePartialInformation:
		fixed = 12;
		total = fixed + dlen;
		break;
	case KeyValuePartialInformationAlign64:
		fixed = 8;
		total = fixed + dlen;
		break;
	default:
		return STATUS_INVALID_PARAMETER;
	}
	*result = total;
	if (len < fixed || !buf) {
		ndl_free(wn.Buffer);
		return STATUS_BUFFER_TOO_SMALL;
	}
	switch (cls) {
	case KeyValueBasicInformation:
		put32(buf, 0, 0);
		put32(buf, 4, type);
		put32(buf, 8, nlen);
		put(buf, len, 12, wn.Buffer, nlen);
		break;
	case KeyValueFullInformation:
	case KeyValueFullInformationAlign64:
		put32(buf, 0, 0);
		put32(buf, 4, type);
		put32(buf, 8, doff);
		put32(buf, 12, dlen);
		put32(buf, 16, nlen);
		put(buf, len, 20, wn.Buffer, nlen);
		put(buf, len, doff, data, dlen);
		break;
	case KeyValuePartialInformation:
		put32(buf, 0, 0);
		put32(buf, 4, type);
		put32(buf, 8, dlen);
		put(buf, len, 12, data, dlen);
		break;
	default:
		put32(buf, 0, type);
		put32(buf, 4, dlen);
		put(buf, len, 8, data, dlen);
		break;
	}
	ndl_free(wn.Buffer);
	return len < total ? STATUS_BUFFER_OVERFLOW : STATUS_SUCCESS;
}

NTSTATUS NTAPI ndlw_ZwQueryValueKey(HANDLE handle, UNICODE_STRING *vname,
				    ULONG cls, void *info, ULONG len,
				    ULONG *result)
{
	char name[NDL_REG_PATH_MAX + 1];
	struct ndl_regkey *k;
	u32 type, dlen, res = 0;
	NTSTATUS st;
	u8 *data;

	if (!result)
		return STATUS_INVALID_PARAMETER;
	*result = 0;
	if (cls > KeyValuePartialInformationAlign64)
		return STATUS_INVALID_PARAMETER;
	if (!vname || !vname->Length || !name_utf8(vname, name, sizeof(name)))
		return STATUS_OBJECT_NAME_NOT_FOUND;
	st = ndl_regkey_from_handle(handle, &k);
	if (st)
		return st;
	st = ndl_regkey_get(k, name, &type, &data, &dlen);
	ndl_regkey_put(k);
	if (st)
		return st;
	st = fill_value_info(cls, name, type, data, dlen, info, len, &res);
	*result = res;
	ndl_free(data);
	return st;
}

NTSTATUS NTAPI ndlw_ZwEnumerateValueKey(HANDLE handle, ULONG index,
					ULONG cls, void *info, ULONG len,
					ULONG *result)
{
	char name[NDL_REG_PATH_MAX + 1];
	struct ndl_regkey *k;
	u32 type, dlen, res = 0;
	NTSTATUS st;
	u8 *data;

	if (!result)
		return STATUS_INVALID_PARAMETER;
	*result = 0;
	if (cls > KeyValuePartialInformationAlign64)
		return STATUS_INVALID_PARAMETER;
	st = ndl_regkey_from_handle(handle, &k);
	if (st)
		return st;
	st = ndl_regkey_value_at(k, index, name, sizeof(name), &type, &data,
				 &dlen);
	ndl_regkey_put(k);
	if (st)
		return st;
	st = fill_value_info(cls, name, type, data, dlen, info, len, &res);
	*result = res;
	ndl_free(data);
	return st;
}

NTSTATUS NTAPI ndlw_ZwSetValueKey(HANDLE handle, UNICODE_STRING *vname,
				  ULONG title_index, ULONG type, void *data,
				  ULONG len)
{
	char name[NDL_REG_PATH_MAX + 1];
	struct ndl_regkey *k;
	NTSTATUS st;

	if (!vname || !vname->Length || !name_utf8(vname, name, sizeof(name))) {
		ndl_warn("ZwSetValueKey: the unnamed (default) value is not kept here");
		return STATUS_INVALID_PARAMETER;
	}
	st = ndl_regkey_from_handle(handle, &k);
	if (st)
		return st;
	st = ndl_regkey_set(k, name, type, data, len);
	ndl_regkey_put(k);
	return st;
}

NTSTATUS NTAPI ndlw_ZwDeleteValueKey(HANDLE handle, UNICODE_STRING *vname)
{
	char name[NDL_REG_PATH_MAX + 1];
	struct ndl_regkey *k;
	NTSTATUS st;

	if (!vname || !vname->Length || !name_utf8(vname, name, sizeof(name)))
		return STATUS_OBJECT_NAME_NOT_FOUND;
	st = ndl_regkey_from_handle(handle, &k);
	if (st)
		return st;
	st = ndl_regkey_delete_value(k, name);
	ndl_regkey_put(k);
	return st;
}

NTSTATUS NTAPI ndlw_ZwFlushKey(HANDLE handle)
{
	struct ndl_regkey *k;
	NTSTATUS st = ndl_regkey_from_handle(handle, &k);

	if (!st)
		ndl_regkey_put(k);
	return st;	/* nothing is ever written to disk */
}

/* KEY_INFORMATION_CLASS */
enum {
	KeyBasicInformation, KeyNodeInformation, KeyFullInformation,
	KeyNameInformation,
};

/* The i-th direct subkey of path (values and created keys); locked. */
static bool subkey_at(struct store *s, const char *path, u32 i, char *out,
		      u32 len)
{
	size_t n = ndl_strlen(path);
	u32 seen = 0;
	char name[NDL_REG_PATH_MAX + 1];

	for (u32 j = 0; ndl_reg_subkey_at(s->reg, path, j, name,
					  sizeof(name)); j++)
		if (seen++ == i) {
			ndl_snprintf(out, len, "%s", name);
			return true;
		}
	/* Created keys not already seen through a value. */
	for (u32 j = 0; j < s->ncreated; j++) {
		const char *c = s->created[j], *rest;
		bool dup = false;

		if (n && (!ndl_ascii_starts_nocase(c, path, n) || c[n] != '\\'))
			continue;
		rest = n ? c + n + 1 : c;
		for (const char *p = rest; *p; p++)
			if (*p == '\\')
				dup = true;	/* deeper: its parent counts */
		for (u32 m = 0; !dup && ndl_reg_subkey_at(s->reg, path, m, name,
							  sizeof(name)); m++)
			dup = ndl_ascii_eq_nocase(name, rest);
		if (!dup && seen++ == i) {
			ndl_snprintf(out, len, "%s", rest);
			return true;
		}
	}
	return false;
}

struct key_counts {
	u32 subkeys, max_name, values, max_vname, max_vdata;
};

static void count_key(struct store *s, const char *path, struct key_counts *c)
{
	char name[NDL_REG_PATH_MAX + 1];
	size_t n = ndl_strlen(path);
	struct ndl_reg_entry e;

	ndl_memset(c, 0, sizeof(*c));
	while (subkey_at(s, path, c->subkeys, name, sizeof(name))) {
		u32 l = (u32)ndl_strlen(name) * 2;

		c->max_name = l > c->max_name ? l : c->max_name;
		c->subkeys++;
	}
	for (u32 i = 0; ndl_reg_at(s->reg, i, &e); i++) {
		const char *v = e.path;
		u32 l, d;

		if (n) {
			if (!ndl_ascii_starts_nocase(v, path, n) ||
			    v[n] != '\\')
				continue;
			v += n + 1;
		}
		for (const char *p = v; *p; p++)
			if (*p == '\\')
				v = NULL;
		if (!v)
			continue;
		c->values++;
		l = (u32)ndl_strlen(v) * 2;
		/* UTF-16 of a UTF-8 string never needs more than 2 bytes/byte */
		d = e.type == REG_SZ || e.type == REG_EXPAND_SZ ||
		    e.type == REG_MULTI_SZ ? e.len * 2 : e.len;
		c->max_vname = l > c->max_vname ? l : c->max_vname;
		c->max_vdata = d > c->max_vdata ? d : c->max_vdata;
	}
}

/* KEY_BASIC/NODE/FULL/NAME_INFORMATION for key name in s at path. */
static NTSTATUS fill_key_info(struct store *s, const char *path,
			      const char *name, u32 cls, void *out, u32 len,
			      u32 *result)
{
	UNICODE_STRING wn = { 0 };
	struct key_counts c;
	u32 fixed, total, nlen;
	u8 *buf = out;

	if (cls > KeyNameInformation)
		return STATUS_INVALID_PARAMETER;
	if (!ndl_utf8_to_ustr(name, (u32)ndl_strlen(name), &wn, NDL_OS_ATOMIC))
		return STATUS_INSUFFICIENT_RESOURCES;
	nlen = wn.Length;
	fixed = cls == KeyBasicInformation ? 16 : cls == KeyNodeInformation ?
		24 : cls == KeyFullInformation ? 44 : 4;
	total = cls == KeyFullInformation ? fixed : fixed + nlen;
	*result = total;
	if (len < fixed || !buf) {
		ndl_free(wn.Buffer);
		return STATUS_BUFFER_TOO_SMALL;
	}
	ndl_memset(buf, 0, fixed);
	switch (cls) {
	case KeyBasicInformation:
		put32(buf, 12, nlen);
		put(buf, len, 16, wn.Buffer, nlen);
		break;
	case KeyNodeInformation:
		put32(buf, 12, 0xffffffff);	/* no class */
		put32(buf, 20, nlen);
		put(buf, len, 24, wn.Buffer, nlen);
		break;
	case KeyFullInformation:
		count_key(s, path, &c);
		put32(buf, 12, fixed);		/* class: empty, at the end */
		put32(buf, 20, c.subkeys);
		put32(buf, 24, c.max_name);
		put32(buf, 32, c.values);
		put32(buf, 36, c.max_vname);
		put32(buf, 40, c.max_vdata);
		break;
	default:
		put32(buf, 0, nlen);
		put(buf, len, 4, wn.Buffer, nlen);
		break;
	}
	ndl_free(wn.Buffer);
	return len < total ? STATUS_BUFFER_OVERFLOW : STATUS_SUCCESS;
}

/* The absolute name of k (KeyNameInformation, messages); locked. */
static void abs_name(struct ndl_regkey *k, char *out, u32 len)
{
	struct store *s = k->st;
	char root[128];

	if (s->kind == STORE_SERVICE)
		ndl_snprintf(root, sizeof(root), SERVICES_ROOT "%s", s->name);
	else if (s->kind == STORE_DRIVER_KEY)
		ndl_snprintf(root, sizeof(root), CLASS_ROOT NET_CLASS "\\%04u",
			     s->index);
	else
		ndl_snprintf(root, sizeof(root),
			     "\\Registry\\Machine\\System\\CurrentControlSet\\Enum\\ndisload\\Device Parameters");
	if (!join(root, k->path, out, len))
		ndl_snprintf(out, len, "%s", root);
}

static const char *last_component(const char *p)
{
	const char *b = p;

	for (; *p; p++)
		if (*p == '\\')
			b = p + 1;
	return b;
}

NTSTATUS NTAPI ndlw_ZwQueryKey(HANDLE handle, ULONG cls, void *info,
			       ULONG len, ULONG *result)
{
	char name[NDL_REG_PATH_MAX + 160];
	struct ndl_regkey *k;
	u32 res = 0;
	NTSTATUS st;
	KIRQL old;

	if (!result)
		return STATUS_INVALID_PARAMETER;
	*result = 0;
	st = ndl_regkey_from_handle(handle, &k);
	if (st)
		return st;
	old = ndl_lock_any(&reg_lock);
	if (!k->st) {
		st = STATUS_KEY_DELETED;
	} else {
		abs_name(k, name, sizeof(name));
		st = fill_key_info(k->st, k->path, cls == KeyNameInformation ?
				   name : last_component(name), cls, info, len,
				   &res);
	}
	ndl_unlock_any(&reg_lock, old);
	ndl_regkey_put(k);
	*result = res;
	return st;
}

NTSTATUS NTAPI ndlw_ZwEnumerateKey(HANDLE handle, ULONG index, ULONG cls,
				   void *info, ULONG len, ULONG *result)
{
	char name[NDL_REG_PATH_MAX + 1], sub[NDL_REG_PATH_MAX + 1];
	struct ndl_regkey *k;
	u32 res = 0;
	NTSTATUS st;
	KIRQL old;

	if (!result)
		return STATUS_INVALID_PARAMETER;
	*result = 0;
	if (cls > KeyFullInformation)
		return STATUS_INVALID_PARAMETER;
	st = ndl_regkey_from_handle(handle, &k);
	if (st)
		return st;
	old = ndl_lock_any(&reg_lock);
	if (!k->st)
		st = STATUS_KEY_DELETED;
	else if (!subkey_at(k->st, k->path, index, name, sizeof(name)))
		st = STATUS_NO_MORE_ENTRIES;
	else if (!join(k->path, name, sub, sizeof(sub)))
		st = STATUS_NO_MORE_ENTRIES;
	else
		st = fill_key_info(k->st, sub, name, cls, info, len, &res);
	ndl_unlock_any(&reg_lock, old);
	ndl_regkey_put(k);
	*result = res;
	return st;
}

/* ---- IoOpenDeviceRegistryKey ------------------------------------------- */

#define PLUGPLAY_REGKEY_DEVICE			1
#define PLUGPLAY_REGKEY_DRIVER			2
#define PLUGPLAY_REGKEY_CURRENT_HWPROFILE	4

NTSTATUS NTAPI ndlw_IoOpenDeviceRegistryKey(DEVICE_OBJECT *dev, ULONG which,
					    ACCESS_MASK access, HANDLE *handle)
{
	struct ndl_regkey *k;
	struct store *s;
	NTSTATUS st;
	KIRQL old;

	if (!handle)
		return STATUS_INVALID_PARAMETER;
	*handle = NULL;
	which &= ~(ULONG)PLUGPLAY_REGKEY_CURRENT_HWPROFILE;	/* one profile */
	if (which != PLUGPLAY_REGKEY_DEVICE && which != PLUGPLAY_REGKEY_DRIVER)
		return STATUS_INVALID_PARAMETER;
	old = ndl_lock_any(&reg_lock);
	s = find_store(is_device_of, dev);
	if (s && which == PLUGPLAY_REGKEY_DEVICE)
		s = s->hw;
	ndl_unlock_any(&reg_lock, old);
	if (!s) {
		ndl_warn("IoOpenDeviceRegistryKey(%p): not a device object of an adapter",
			 dev);
		return STATUS_INVALID_DEVICE_REQUEST;
	}
	st = key_new(s, "", &k);
	if (st)
		return st;
	st = ndl_handle_create(k, handle);
	ndl_regkey_put(k);
	return st;
}
