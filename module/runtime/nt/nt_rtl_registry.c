// SPDX-License-Identifier: GPL-2.0-only
/*
 * RtlQueryRegistryValues, RtlWriteRegistryValue, RtlDeleteRegistryValue
 * and RtlCheckRegistryKey over the keys of nt_registry.c.
 *
 * RtlQueryRegistryValues walks the query table as documented: SUBKEY and
 * TOPKEY entries switch the key the following entries read; an entry with
 * a name reads that value (or its default when absent and DefaultType is
 * not REG_NONE; REQUIRED makes absence STATUS_OBJECT_NAME_NOT_FOUND); an
 * entry without a name enumerates every value of the key; DIRECT stores
 * into EntryContext instead of calling QueryRoutine (strings into a
 * UNICODE_STRING, allocated when its Buffer is NULL; data up to 4 bytes
 * straight into EntryContext; larger data into a buffer headed by a LONG
 * whose magnitude is the buffer size — negative: data only, positive:
 * length, type, then data); TYPECHECK compares the type in DefaultType's
 * top byte; DELETE removes the value once read. For QueryRoutine calls a
 * REG_MULTI_SZ is presented as one REG_SZ per string and REG_EXPAND_SZ as
 * REG_SZ (there are no environment variables to expand), unless NOEXPAND.
 * The first error status (a routine's included) ends the walk.
 */
#include "ndis/ndis_priv.h"
#include "nt/nt_registry.h"
#include "nt/nt_status.h"
#include "nt/nt_exports.h"

#define RTL_REGISTRY_ABSOLUTE		0
#define RTL_REGISTRY_SERVICES		1
#define RTL_REGISTRY_CONTROL		2
#define RTL_REGISTRY_WINDOWS_NT		3
#define RTL_REGISTRY_DEVICEMAP		4
#define RTL_REGISTRY_USER		5
#define RTL_REGISTRY_MAXIMUM		6
#define RTL_REGISTRY_HANDLE		0x40000000
#define RTL_REGISTRY_OPTIONAL		0x80000000

#define RTL_QUERY_REGISTRY_SUBKEY	0x01
#define RTL_QUERY_REGISTRY_TOPKEY	0x02
#define RTL_QUERY_REGISTRY_REQUIRED	0x04
#define RTL_QUERY_REGISTRY_NOVALUE	0x08
#define RTL_QUERY_REGISTRY_NOEXPAND	0x10
#define RTL_QUERY_REGISTRY_DIRECT	0x20
#define RTL_QUERY_REGISTRY_DELETE	0x40
#define RTL_QUERY_REGISTRY_TYPECHECK	0x100
#define RTL_QUERY_REGISTRY_TYPECHECK_SHIFT 24

typedef NTAPI_PTR NTSTATUS (*PRTL_QUERY_REGISTRY_ROUTINE)(WCHAR *name,
							  ULONG type, void *data,
							  ULONG len, void *ctx,
							  void *entry_ctx);

typedef struct _RTL_QUERY_REGISTRY_TABLE {
	PRTL_QUERY_REGISTRY_ROUTINE QueryRoutine;
	ULONG Flags;
	WCHAR *Name;
	void *EntryContext;
	ULONG DefaultType;
	void *DefaultData;
	ULONG DefaultLength;
} RTL_QUERY_REGISTRY_TABLE;
#if defined(__x86_64__)
NDL_STATIC_ASSERT(sizeof(RTL_QUERY_REGISTRY_TABLE) == 0x38,
		  "x64 RTL_QUERY_REGISTRY_TABLE");
#endif

static const char *const rel_roots[RTL_REGISTRY_MAXIMUM] = {
	"",
	"\\Registry\\Machine\\System\\CurrentControlSet\\Services\\",
	"\\Registry\\Machine\\System\\CurrentControlSet\\Control\\",
	"\\Registry\\Machine\\Software\\Microsoft\\Windows NT\\CurrentVersion\\",
	"\\Registry\\Machine\\Hardware\\DeviceMap\\",
	"\\Registry\\User\\.Default\\",
};

static u32 wlen(const WCHAR *w)
{
	u32 n = 0;

	while (w[n] && n < 0x7fff)
		n++;
	return n;
}

/* A NUL-terminated UTF-16 string → UTF-8. */
static bool wz_to_utf8(const WCHAR *w, char *out, u32 len)
{
	UNICODE_STRING u;

	if (!w) {
		out[0] = 0;
		return true;
	}
	u.Buffer = (WCHAR *)w;
	u.Length = (USHORT)(wlen(w) * 2);
	u.MaximumLength = u.Length;
	return ndl_ustr_to_utf8(&u, out, len);
}

/* The key RelativeTo/Path names (create: make its last level). */
static NTSTATUS open_rel(ULONG rel, const WCHAR *path, bool create,
			 struct ndl_regkey **out)
{
	char name[NDL_REG_PATH_MAX + 96], tail[NDL_REG_PATH_MAX + 1];
	ULONG base = rel & ~(ULONG)(RTL_REGISTRY_HANDLE | RTL_REGISTRY_OPTIONAL);

	*out = NULL;
	if (rel & RTL_REGISTRY_HANDLE)
		return ndl_regkey_from_handle((HANDLE)path, out);
	if (base >= RTL_REGISTRY_MAXIMUM || !path)
		return STATUS_INVALID_PARAMETER;
	if (!wz_to_utf8(path, tail, sizeof(tail)))
		return STATUS_OBJECT_NAME_INVALID;
	if (base == RTL_REGISTRY_ABSOLUTE && tail[0] != '\\')
		return STATUS_OBJECT_PATH_SYNTAX_BAD;
	ndl_snprintf(name, sizeof(name), "%s%s", rel_roots[base],
		     base == RTL_REGISTRY_ABSOLUTE ? tail :
		     tail + (tail[0] == '\\'));
	return ndl_regkey_open_path(name, create, out);
}

static bool is_string(u32 type)
{
	return type == REG_SZ || type == REG_EXPAND_SZ || type == REG_MULTI_SZ;
}

/* RTL_QUERY_REGISTRY_DIRECT: store into EntryContext as documented. */
static NTSTATUS store_direct(void *ec, u32 type, const void *data, u32 len)
{
	if (!ec)
		return STATUS_INVALID_PARAMETER;
	if (is_string(type)) {
		UNICODE_STRING *u = ec;

		if (len < 2)
			len = 2;	/* at least the terminator */
		if (len > 0xfffe)
			return STATUS_BUFFER_TOO_SMALL;
		if (!u->Buffer) {
			u->Buffer = ndlw_ExAllocatePoolWithTag(PagedPool, len,
							       0x67655254);
			if (!u->Buffer)
				return STATUS_INSUFFICIENT_RESOURCES;
			u->MaximumLength = (USHORT)len;
		} else if (u->MaximumLength < len) {
			return STATUS_BUFFER_TOO_SMALL;
		}
		ndl_memset(u->Buffer, 0, len);
		if (data)
			ndl_memcpy(u->Buffer, data, len);
		u->Length = (USHORT)(len - 2);
		return STATUS_SUCCESS;
	}
	if (len <= sizeof(ULONG)) {
		if (len)
			ndl_memcpy(ec, data, len);
		return STATUS_SUCCESS;
	}
	{
		LONG head;
		ULONG hdr[2] = { len, type };

		ndl_memcpy(&head, ec, sizeof(head));
		if (head < 0) {
			if ((u32)-(s64)head < len)
				return STATUS_BUFFER_TOO_SMALL;
			ndl_memcpy(ec, data, len);
		} else {
			if ((u32)head < len + sizeof(hdr))
				return STATUS_BUFFER_TOO_SMALL;
			ndl_memcpy(ec, hdr, sizeof(hdr));
			ndl_memcpy((u8 *)ec + sizeof(hdr), data, len);
		}
	}
	return STATUS_SUCCESS;
}

static NTSTATUS call_routine(const RTL_QUERY_REGISTRY_TABLE *q,
			     const char *vname, u32 type, const void *data,
			     u32 len, void *ctx)
{
	UNICODE_STRING wn = { 0 };
	NTSTATUS st;

	if (vname && !ndl_utf8_to_ustr(vname, (u32)ndl_strlen(vname), &wn, 0))
		return STATUS_INSUFFICIENT_RESOURCES;
	NDL_CALL_DRIVER(st, q->QueryRoutine, vname ? wn.Buffer : q->Name,
			type, (void *)data, len, ctx, q->EntryContext);
	ndl_free(wn.Buffer);
	return st;
}

/* Hand one value to the entry: DIRECT store or routine call(s). */
static NTSTATUS deliver(const RTL_QUERY_REGISTRY_TABLE *q, const char *vname,
			u32 type, const u8 *data, u32 len, void *ctx)
{
	const WCHAR *w = (const WCHAR *)data;
	NTSTATUS st = STATUS_SUCCESS;
	u32 n = len / 2, i = 0;

	if (q->Flags & RTL_QUERY_REGISTRY_TYPECHECK) {
		u32 want = q->DefaultType >> RTL_QUERY_REGISTRY_TYPECHECK_SHIFT;

		if (want != type)
			return STATUS_OBJECT_TYPE_MISMATCH;
	}
	if (q->Flags & RTL_QUERY_REGISTRY_DIRECT)
		return store_direct(q->EntryContext, type, data, len);
	if (!q->QueryRoutine)
		return STATUS_INVALID_PARAMETER;
	if (q->Flags & RTL_QUERY_REGISTRY_NOEXPAND || !is_string(type) ||
	    type == REG_SZ)
		return call_routine(q, vname, type, data, len, ctx);
	if (type == REG_EXPAND_SZ)
		return call_routine(q, vname, REG_SZ, data, len, ctx);
	/* REG_MULTI_SZ: one REG_SZ call per string. */
	while (i < n && w[i] && NT_SUCCESS(st)) {
		u32 e = i;

		while (e < n && w[e])
			e++;
		st = call_routine(q, vname, REG_SZ, w + i,
				  (e - i + (e < n ? 1 : 0)) * 2, ctx);
		i = e + 1;
	}
	return st;
}

/* An entry whose value is absent: its default, if it has one. */
static NTSTATUS deliver_default(const RTL_QUERY_REGISTRY_TABLE *q,
				const char *vname, void *ctx)
{
	u32 type = q->DefaultType & 0xffffff, len = q->DefaultLength;

	if (q->Flags & RTL_QUERY_REGISTRY_REQUIRED)
		return STATUS_OBJECT_NAME_NOT_FOUND;
	if (type == REG_NONE) {
		if ((q->Flags & RTL_QUERY_REGISTRY_NOVALUE) && q->QueryRoutine &&
		    !(q->Flags & RTL_QUERY_REGISTRY_DIRECT))
			return call_routine(q, vname, REG_NONE, NULL, 0, ctx);
		return STATUS_SUCCESS;
	}
	/* A string default with length 0: its own length, terminator too. */
	if (!len && q->DefaultData && (type == REG_SZ || type == REG_EXPAND_SZ))
		len = (wlen(q->DefaultData) + 1) * 2;
	{
		RTL_QUERY_REGISTRY_TABLE d = *q;

		d.Flags &= ~(ULONG)RTL_QUERY_REGISTRY_TYPECHECK;
		return deliver(&d, vname, type, q->DefaultData, len, ctx);
	}
}

static NTSTATUS query_entry(struct ndl_regkey *k, RTL_QUERY_REGISTRY_TABLE *q,
			    void *ctx)
{
	char vname[NDL_REG_PATH_MAX + 1];
	NTSTATUS st;
	u32 type, len;
	u8 *data;

	if (!q->Name) {
		u32 i;

		if (q->Flags & RTL_QUERY_REGISTRY_DIRECT)
			return STATUS_INVALID_PARAMETER;
		for (i = 0;; i++) {
			st = ndl_regkey_value_at(k, i, vname, sizeof(vname),
						 &type, &data, &len);
			if (st == STATUS_NO_MORE_ENTRIES)
				break;
			if (st)
				return st;
			st = deliver(q, vname, type, data, len, ctx);
			ndl_free(data);
			if (!NT_SUCCESS(st))
				return st;
		}
		if (!i && (q->Flags & RTL_QUERY_REGISTRY_REQUIRED))
			return STATUS_OBJECT_NAME_NOT_FOUND;
		if (!i && (q->Flags & RTL_QUERY_REGISTRY_NOVALUE))
			return call_routine(q, NULL, REG_NONE, NULL, 0, ctx);
		return STATUS_SUCCESS;
	}
	if (!wz_to_utf8(q->Name, vname, sizeof(vname)))
		return STATUS_OBJECT_NAME_INVALID;
	st = ndl_regkey_get(k, vname, &type, &data, &len);
	if (st == STATUS_OBJECT_NAME_NOT_FOUND)
		return deliver_default(q, vname, ctx);
	if (st)
		return st;
	st = deliver(q, vname, type, data, len, ctx);
	ndl_free(data);
	if (NT_SUCCESS(st) && (q->Flags & RTL_QUERY_REGISTRY_DELETE))
		ndl_regkey_delete_value(k, vname);
	return st;
}

NTSTATUS NTAPI ndlw_RtlQueryRegistryValues(ULONG rel, const WCHAR *path,
					   RTL_QUERY_REGISTRY_TABLE *table,
					   void *ctx, void *env)
{
	struct ndl_regkey *top, *cur;
	NTSTATUS st;

	if (!table)
		return STATUS_INVALID_PARAMETER;
	st = open_rel(rel, path, false, &top);
	if (st)
		return st == STATUS_OBJECT_NAME_NOT_FOUND &&
		       (rel & RTL_REGISTRY_OPTIONAL) ? STATUS_SUCCESS : st;
	cur = top;
	ndl_ob_ref(cur);
	for (RTL_QUERY_REGISTRY_TABLE *q = table;
	     q->QueryRoutine || q->Name; q++) {
		if (q->Flags & (RTL_QUERY_REGISTRY_SUBKEY |
				RTL_QUERY_REGISTRY_TOPKEY)) {
			ndl_regkey_put(cur);
			cur = top;
			ndl_ob_ref(cur);
			if ((q->Flags & RTL_QUERY_REGISTRY_SUBKEY) && q->Name) {
				OBJECT_ATTRIBUTES oa = { .Length = sizeof(oa) };
				UNICODE_STRING sub;
				HANDLE th, h;

				ndlw_RtlInitUnicodeString(&sub, q->Name);
				st = ndl_handle_create(top, &th);
				if (st)
					break;
				oa.RootDirectory = th;
				oa.ObjectName = &sub;
				st = ndlw_ZwOpenKey(&h, 0, &oa);
				ndl_handle_close(th);
				if (st == STATUS_OBJECT_NAME_NOT_FOUND &&
				    !(q->Flags & RTL_QUERY_REGISTRY_REQUIRED)) {
					st = STATUS_SUCCESS;
					continue;	/* keep reading the top key */
				}
				if (st)
					break;
				ndl_regkey_put(cur);
				st = ndl_regkey_from_handle(h, &cur);
				ndl_handle_close(h);
				if (st) {
					cur = top;
					ndl_ob_ref(cur);
					break;
				}
			}
			if (!q->QueryRoutine || !q->Name)
				continue;
			/* SUBKEY with a routine: the subkey's values too. */
			{
				RTL_QUERY_REGISTRY_TABLE all = *q;

				all.Name = NULL;
				all.Flags &= ~(ULONG)(RTL_QUERY_REGISTRY_SUBKEY |
						      RTL_QUERY_REGISTRY_DIRECT);
				st = query_entry(cur, &all, ctx);
			}
		} else {
			st = query_entry(cur, q, ctx);
		}
		if (!NT_SUCCESS(st))
			break;
	}
	ndl_regkey_put(cur);
	ndl_regkey_put(top);
	return st;
}

NTSTATUS NTAPI ndlw_RtlWriteRegistryValue(ULONG rel, const WCHAR *path,
					  const WCHAR *vname, ULONG type,
					  void *data, ULONG len)
{
	char name[NDL_REG_PATH_MAX + 1];
	struct ndl_regkey *k;
	NTSTATUS st;

	if (!vname || !wz_to_utf8(vname, name, sizeof(name)) || !name[0])
		return STATUS_INVALID_PARAMETER;
	st = open_rel(rel, path, true, &k);
	if (st)
		return st;
	st = ndl_regkey_set(k, name, type, data, len);
	ndl_regkey_put(k);
	return st;
}

NTSTATUS NTAPI ndlw_RtlDeleteRegistryValue(ULONG rel, const WCHAR *path,
					   const WCHAR *vname)
{
	char name[NDL_REG_PATH_MAX + 1];
	struct ndl_regkey *k;
	NTSTATUS st;

	if (!vname || !wz_to_utf8(vname, name, sizeof(name)))
		return STATUS_INVALID_PARAMETER;
	st = open_rel(rel, path, false, &k);
	if (st)
		return st;
	st = ndl_regkey_delete_value(k, name);
	ndl_regkey_put(k);
	return st;
}

NTSTATUS NTAPI ndlw_RtlCheckRegistryKey(ULONG rel, WCHAR *path)
{
	struct ndl_regkey *k;
	NTSTATUS st = open_rel(rel, path, false, &k);

	if (!st)
		ndl_regkey_put(k);
	return st;
}
