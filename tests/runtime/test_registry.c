// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance tests of the registry exports (Zw*Key, Rtl*Registry*,
 * IoOpenDeviceRegistryKey), the handle table (ZwClose,
 * ObReferenceObjectByHandle) and named events, one documented rule per
 * test: what Microsoft's reference pages say each call returns.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common.h"
#include "nt/nt_api.h"
#include "nt/nt_exports.h"
#include "nt/nt_registry.h"
#include "nt/nt_status.h"

#define SVC u"\\Registry\\Machine\\System\\CurrentControlSet\\Services\\regtest"

typedef struct _RTL_QUERY_REGISTRY_TABLE {
	void *QueryRoutine;
	ULONG Flags;
	const WCHAR *Name;
	void *EntryContext;
	ULONG DefaultType;
	void *DefaultData;
	ULONG DefaultLength;
} QT;

static struct ndl_driver fake_drv = { .name = "regtest" };
static struct ndl_reg *devreg;
static DEVICE_OBJECT pdo, fdo;

static OBJECT_ATTRIBUTES attrs(UNICODE_STRING *u, const WCHAR *name,
			       HANDLE root)
{
	OBJECT_ATTRIBUTES oa = { .Length = sizeof(oa), .RootDirectory = root,
				 .ObjectName = u,
				 .Attributes = OBJ_CASE_INSENSITIVE |
					       OBJ_KERNEL_HANDLE };

	ndlw_RtlInitUnicodeString(u, name);
	return oa;
}

static HANDLE open_key(const WCHAR *name, HANDLE root, NTSTATUS *st)
{
	UNICODE_STRING u;
	OBJECT_ATTRIBUTES oa = attrs(&u, name, root);
	HANDLE h = NULL;

	*st = ndlw_ZwOpenKey(&h, 0x20019 /* KEY_READ */, &oa);
	return h;
}

static HANDLE create_key(const WCHAR *name, HANDLE root, ULONG *disp,
			 NTSTATUS *st)
{
	UNICODE_STRING u;
	OBJECT_ATTRIBUTES oa = attrs(&u, name, root);
	HANDLE h = NULL;

	*st = ndlw_ZwCreateKey(&h, 0xf003f /* KEY_ALL_ACCESS */, &oa, 0, NULL,
			       0, disp);
	return h;
}

static NTSTATUS set_value(HANDLE h, const WCHAR *name, ULONG type,
			  const void *data, ULONG len)
{
	UNICODE_STRING u;

	ndlw_RtlInitUnicodeString(&u, name);
	return ndlw_ZwSetValueKey(h, &u, 0, type, (void *)data, len);
}

static NTSTATUS query_value(HANDLE h, const WCHAR *name, ULONG cls,
			    void *buf, ULONG len, ULONG *res)
{
	UNICODE_STRING u;

	ndlw_RtlInitUnicodeString(&u, name);
	return ndlw_ZwQueryValueKey(h, &u, cls, buf, len, res);
}

static HANDLE service_key(void)
{
	NTSTATUS st;
	HANDLE h = open_key(SVC, NULL, &st);

	CHECK_EQ_INT(st, STATUS_SUCCESS);
	return h;
}

/* ---- handles -------------------------------------------------------------- */

static void test_zwclose_rejects_a_handle_that_is_not_open(void)
{
	HANDLE h = service_key();

	CHECK((uintptr_t)h & 0x8000000000000000ull);	/* kernel handle */
	CHECK_EQ_INT(((uintptr_t)h & 3), 0);
	CHECK_EQ_INT(ndlw_ZwClose(h), STATUS_SUCCESS);
	CHECK_EQ_INT(ndlw_ZwClose(h), STATUS_INVALID_HANDLE);
	CHECK_EQ_INT(ndlw_ZwClose(NULL), STATUS_INVALID_HANDLE);
	CHECK_EQ_INT(ndlw_ZwClose((HANDLE)0x1234), STATUS_INVALID_HANDLE);
	CHECK_EQ_INT(ndlw_ZwClose((HANDLE)-1), STATUS_INVALID_HANDLE);
}

static void test_closed_handle_stays_invalid_after_slot_reuse(void)
{
	HANDLE a = service_key(), b;

	ndlw_ZwClose(a);
	b = service_key();
	CHECK(a != b);
	CHECK_EQ_INT(ndlw_ZwClose(a), STATUS_INVALID_HANDLE);
	CHECK_EQ_INT(ndlw_ZwClose(b), STATUS_SUCCESS);
}

static void test_obreference_checks_the_object_type(void)
{
	HANDLE h = service_key();
	void *obj = (void *)1;

	CHECK_EQ_INT(ndlw_ObReferenceObjectByHandle(h, 0,
		     (void *)*ndlw_ExEventObjectType, 0, &obj, NULL),
		     STATUS_OBJECT_TYPE_MISMATCH);
	CHECK(obj == NULL);
	CHECK_EQ_INT(ndlw_ObReferenceObjectByHandle((HANDLE)0x40, 0, NULL, 0,
						    &obj, NULL),
		     STATUS_INVALID_HANDLE);
	CHECK_EQ_INT(ndlw_ObReferenceObjectByHandle(h, 0, NULL, 0, &obj, NULL),
		     STATUS_SUCCESS);
	CHECK(obj != NULL);
	ndlw_ZwClose(h);
	/* The reference keeps the object after the handle is closed. */
	CHECK(ndl_ob_is(obj, NULL));
	ndlw_ObDereferenceObject(obj);
	CHECK(!ndl_ob_is(obj, NULL));
}

/* ---- named events -------------------------------------------------------- */

static void test_named_event_same_name_same_event(void)
{
	UNICODE_STRING n1, n2;
	HANDLE h1, h2;
	KEVENT *e1, *e2;

	ndlw_RtlInitUnicodeString(&n1, u"\\BaseNamedObjects\\NdlTest");
	ndlw_RtlInitUnicodeString(&n2, u"\\BaseNamedObjects\\NDLTEST");
	e1 = ndlw_IoCreateNotificationEvent(&n1, &h1);
	e2 = ndlw_IoCreateNotificationEvent(&n2, &h2);
	CHECK(e1 && e1 == e2);
	CHECK(h1 && h2 && h1 != h2);
	ndlw_ZwClose(h1);
	ndlw_ZwClose(h2);
}

static void test_named_event_created_signalled(void)
{
	LARGE_INTEGER zero = { .QuadPart = 0 };
	UNICODE_STRING n;
	HANDLE h;
	KEVENT *e;

	ndlw_RtlInitUnicodeString(&n, u"\\BaseNamedObjects\\NdlNotify");
	e = ndlw_IoCreateNotificationEvent(&n, &h);
	CHECK(e && ndlw_KeReadStateEvent(e) == 1);
	/* A notification event stays signalled through waits. */
	CHECK_EQ_INT(ndlw_KeWaitForSingleObject(e, 0, 0, 0, &zero), 0);
	CHECK_EQ_INT(ndlw_KeWaitForSingleObject(e, 0, 0, 0, &zero), 0);
	ndlw_ZwClose(h);

	ndlw_RtlInitUnicodeString(&n, u"\\BaseNamedObjects\\NdlSync");
	e = ndlw_IoCreateSynchronizationEvent(&n, &h);
	CHECK(e && ndlw_KeReadStateEvent(e) == 1);
	/* A synchronization event resets itself when a wait is satisfied. */
	CHECK_EQ_INT(ndlw_KeWaitForSingleObject(e, 0, 0, 0, &zero), 0);
	CHECK_EQ_INT(ndlw_KeWaitForSingleObject(e, 0, 0, 0, &zero),
		     STATUS_TIMEOUT);
	ndlw_ZwClose(h);
}

static void test_named_event_handle_references_the_event(void)
{
	UNICODE_STRING n;
	HANDLE h;
	void *obj = NULL;
	KEVENT *e;

	ndlw_RtlInitUnicodeString(&n, u"\\BaseNamedObjects\\NdlRef");
	e = ndlw_IoCreateSynchronizationEvent(&n, &h);
	CHECK_EQ_INT(ndlw_ObReferenceObjectByHandle(h, 0,
		     (void *)*ndlw_ExEventObjectType, 0, &obj, NULL), 0);
	CHECK(obj == e);
	ndlw_ObDereferenceObject(obj);
	ndlw_ZwClose(h);
	CHECK(!ndl_ob_is(e, NULL));	/* last handle closed: gone */
	CHECK(ndlw_IoCreateNotificationEvent(&n, NULL) == NULL);
}

/* ---- keys ------------------------------------------------------------------ */

static void test_zwopenkey_unknown_path_not_found(void)
{
	NTSTATUS st;

	open_key(u"\\Registry\\Machine\\Software\\Vendor", NULL, &st);
	CHECK_EQ_INT(st, STATUS_OBJECT_NAME_NOT_FOUND);
	open_key(u"\\Registry\\Machine\\System\\CurrentControlSet\\Services\\other",
		 NULL, &st);
	CHECK_EQ_INT(st, STATUS_OBJECT_NAME_NOT_FOUND);
	open_key(SVC u"\\NoSuchKey", NULL, &st);
	CHECK_EQ_INT(st, STATUS_OBJECT_NAME_NOT_FOUND);
}

static void test_zwcreatekey_reports_disposition(void)
{
	NTSTATUS st;
	ULONG disp = 0;
	HANDLE k1, k2, root;

	k1 = create_key(SVC u"\\Created", NULL, &disp, &st);
	CHECK_EQ_INT(st, 0);
	CHECK_EQ_INT(disp, 1);		/* REG_CREATED_NEW_KEY */
	k2 = create_key(SVC u"\\created", NULL, &disp, &st);
	CHECK_EQ_INT(st, 0);
	CHECK_EQ_INT(disp, 2);		/* REG_OPENED_EXISTING_KEY */
	ndlw_ZwClose(k2);
	/* ZwCreateKey makes one level: the parent must exist. */
	create_key(SVC u"\\Missing\\Child", NULL, &disp, &st);
	CHECK_EQ_INT(st, STATUS_OBJECT_NAME_NOT_FOUND);
	/* An empty created key can be opened by name, relative to a root. */
	root = service_key();
	k2 = open_key(u"Created", root, &st);
	CHECK_EQ_INT(st, 0);
	ndlw_ZwClose(k2);
	ndlw_ZwClose(root);
	ndlw_ZwDeleteKey(k1);
	ndlw_ZwClose(k1);
}

static void test_zwcreatekey_outside_our_keys_denied(void)
{
	NTSTATUS st;
	ULONG disp;

	create_key(u"\\Registry\\Machine\\Software\\Vendor", NULL, &disp, &st);
	CHECK_EQ_INT(st, STATUS_ACCESS_DENIED);
}

static void test_zwqueryvaluekey_partial_and_sizes(void)
{
	HANDLE h = service_key();
	ULONG v = 0x12345678, res = 0;
	u8 buf[64];

	CHECK_EQ_INT(set_value(h, u"Speed", REG_DWORD, &v, 4), 0);
	/* KEY_VALUE_PARTIAL_INFORMATION: TitleIndex, Type, DataLength, Data */
	CHECK_EQ_INT(query_value(h, u"Speed", 2, buf, sizeof(buf), &res), 0);
	CHECK_EQ_INT(res, 16);
	CHECK_EQ_INT(*(ULONG *)(buf + 4), REG_DWORD);
	CHECK_EQ_INT(*(ULONG *)(buf + 8), 4);
	CHECK_EQ_INT(*(ULONG *)(buf + 12), 0x12345678);
	ndlw_ZwClose(h);
}

static void test_zwqueryvaluekey_buffer_too_small_writes_nothing(void)
{
	HANDLE h = service_key();
	ULONG v = 7, res = 0;
	u8 buf[64];

	set_value(h, u"Small", REG_DWORD, &v, 4);
	memset(buf, 0xee, sizeof(buf));
	CHECK_EQ_INT(query_value(h, u"Small", 2, buf, 11, &res),
		     STATUS_BUFFER_TOO_SMALL);
	CHECK_EQ_INT(res, 16);		/* the size needed */
	CHECK_EQ_INT(buf[0], 0xee);
	CHECK_EQ_INT(query_value(h, u"Small", 2, NULL, 0, &res),
		     STATUS_BUFFER_TOO_SMALL);
	CHECK_EQ_INT(res, 16);
	ndlw_ZwClose(h);
}

static void test_zwqueryvaluekey_overflow_writes_what_fits(void)
{
	HANDLE h = service_key();
	ULONG v = 0xa1b2c3d4, res = 0;
	u8 buf[64];

	set_value(h, u"Part", REG_DWORD, &v, 4);
	memset(buf, 0xee, sizeof(buf));
	CHECK_EQ_INT(query_value(h, u"Part", 2, buf, 14, &res),
		     STATUS_BUFFER_OVERFLOW);
	CHECK_EQ_INT(res, 16);
	CHECK_EQ_INT(*(ULONG *)(buf + 8), 4);	/* fixed part written */
	CHECK_EQ_INT(buf[12], 0xd4);		/* and what fits of data */
	CHECK_EQ_INT(buf[13], 0xc3);
	CHECK_EQ_INT(buf[14], 0xee);		/* nothing beyond Length */
	ndlw_ZwClose(h);
}

static void test_zwqueryvaluekey_basic_and_full(void)
{
	HANDLE h = service_key();
	ULONG v = 5, res = 0;
	u8 buf[128];

	set_value(h, u"Mode", REG_DWORD, &v, 4);
	/* KEY_VALUE_BASIC_INFORMATION: TitleIndex, Type, NameLength, Name */
	CHECK_EQ_INT(query_value(h, u"Mode", 0, buf, sizeof(buf), &res), 0);
	CHECK_EQ_INT(res, 12 + 8);
	CHECK_EQ_INT(*(ULONG *)(buf + 8), 8);
	CHECK(!memcmp(buf + 12, u"Mode", 8));
	/* KEY_VALUE_FULL_INFORMATION: ..., DataOffset, DataLength, NameLength */
	CHECK_EQ_INT(query_value(h, u"Mode", 1, buf, sizeof(buf), &res), 0);
	CHECK_EQ_INT(*(ULONG *)(buf + 12), 4);
	CHECK_EQ_INT(*(ULONG *)(buf + 16), 8);
	CHECK_EQ_INT(*(ULONG *)(buf + *(ULONG *)(buf + 8)), 5);
	CHECK_EQ_INT(res, *(ULONG *)(buf + 8) + 4);
	/* An unknown class is STATUS_INVALID_PARAMETER. */
	CHECK_EQ_INT(query_value(h, u"Mode", 99, buf, sizeof(buf), &res),
		     STATUS_INVALID_PARAMETER);
	CHECK_EQ_INT(query_value(h, u"Absent", 2, buf, sizeof(buf), &res),
		     STATUS_OBJECT_NAME_NOT_FOUND);
	ndlw_ZwClose(h);
}

static void test_zwsetvaluekey_string_round_trip(void)
{
	HANDLE h = service_key();
	ULONG res = 0;
	u8 buf[128];
	static const WCHAR multi[] = u"one\0two\0";

	CHECK_EQ_INT(set_value(h, u"Name", REG_SZ, u"h\u00e9llo", 12), 0);
	CHECK_EQ_INT(query_value(h, u"Name", 2, buf, sizeof(buf), &res), 0);
	CHECK_EQ_INT(*(ULONG *)(buf + 8), 12);	/* NUL included */
	CHECK(!memcmp(buf + 12, u"h\u00e9llo", 12));
	CHECK_EQ_INT(set_value(h, u"List", REG_MULTI_SZ, multi, sizeof(multi)),
		     0);
	CHECK_EQ_INT(query_value(h, u"List", 2, buf, sizeof(buf), &res), 0);
	CHECK_EQ_INT(*(ULONG *)(buf + 4), REG_MULTI_SZ);
	CHECK_EQ_INT(*(ULONG *)(buf + 8), sizeof(multi));
	CHECK(!memcmp(buf + 12, multi, sizeof(multi)));
	/* A REG_DWORD that is not 4 bytes is refused. */
	CHECK_EQ_INT(set_value(h, u"Bad", REG_DWORD, "ab", 2),
		     STATUS_INVALID_PARAMETER);
	ndlw_ZwClose(h);
}

static void test_device_driver_key_is_ndis_configuration(void)
{
	struct ndl_reg_entry e;
	HANDLE h = NULL;
	ULONG res, v = 9;
	u8 buf[64];

	CHECK_EQ_INT(ndlw_IoOpenDeviceRegistryKey(&pdo, 2 /* DRIVER */, 0, &h),
		     0);
	/* The value the .inf gave NdisReadConfiguration, same type. */
	CHECK_EQ_INT(query_value(h, u"LinkSpeed", 2, buf, sizeof(buf), &res), 0);
	CHECK_EQ_INT(*(ULONG *)(buf + 4), REG_SZ);
	CHECK(!memcmp(buf + 12, u"100", 8));
	/* A write is what NdisReadConfiguration reads next. */
	CHECK_EQ_INT(set_value(h, u"Written", REG_DWORD, &v, 4), 0);
	CHECK(ndl_reg_get(devreg, "Written", &e) && e.type == REG_DWORD &&
	      *(const u32 *)e.data == 9);
	ndlw_ZwClose(h);
	/* The same key by its documented absolute name. */
	{
		char name[64];
		NTSTATUS st;

		CHECK(ndl_regkey_device_name(&pdo, name, sizeof(name)));
		CHECK(!strcmp(name, "{4D36E972-E325-11CE-BFC1-08002BE10318}\\0000"));
		h = open_key(u"\\Registry\\Machine\\System\\CurrentControlSet\\Control\\Class\\{4d36e972-e325-11ce-bfc1-08002be10318}\\0000",
			     NULL, &st);
		CHECK_EQ_INT(st, 0);
		CHECK_EQ_INT(query_value(h, u"Written", 2, buf, sizeof(buf),
					 &res), 0);
		ndlw_ZwClose(h);
	}
}

static void test_device_hardware_key_is_separate(void)
{
	HANDLE hw = NULL, drvkey = NULL;
	ULONG res, v = 1;
	u8 buf[64];

	CHECK_EQ_INT(ndlw_IoOpenDeviceRegistryKey(&pdo, 1 /* DEVICE */, 0, &hw),
		     0);
	CHECK_EQ_INT(set_value(hw, u"HwOnly", REG_DWORD, &v, 4), 0);
	CHECK_EQ_INT(ndlw_IoOpenDeviceRegistryKey(&fdo, 2, 0, &drvkey), 0);
	CHECK_EQ_INT(query_value(drvkey, u"HwOnly", 2, buf, sizeof(buf), &res),
		     STATUS_OBJECT_NAME_NOT_FOUND);
	CHECK_EQ_INT(query_value(hw, u"HwOnly", 2, buf, sizeof(buf), &res), 0);
	ndlw_ZwClose(hw);
	ndlw_ZwClose(drvkey);
	/* Not a device object of ours; an unknown key type. */
	CHECK_EQ_INT(ndlw_IoOpenDeviceRegistryKey((DEVICE_OBJECT *)&v, 2, 0,
						  &hw),
		     STATUS_INVALID_DEVICE_REQUEST);
	CHECK_EQ_INT(ndlw_IoOpenDeviceRegistryKey(&pdo, 8, 0, &hw),
		     STATUS_INVALID_PARAMETER);
}

static void test_zwenumeratevaluekey_ends_with_no_more_entries(void)
{
	NTSTATUS st;
	ULONG disp, res, v = 1;
	HANDLE k = create_key(SVC u"\\Enum", NULL, &disp, &st);
	u8 buf[64];
	int seen = 0;

	set_value(k, u"A", REG_DWORD, &v, 4);
	set_value(k, u"B", REG_DWORD, &v, 4);
	for (ULONG i = 0; i < 5; i++) {
		st = ndlw_ZwEnumerateValueKey(k, i, 0, buf, sizeof(buf), &res);
		if (st)
			break;
		seen++;
	}
	CHECK_EQ_INT(seen, 2);
	CHECK_EQ_INT(st, STATUS_NO_MORE_ENTRIES);
	ndlw_ZwDeleteKey(k);
	ndlw_ZwClose(k);
}

static void test_zwenumeratekey_lists_subkeys(void)
{
	NTSTATUS st;
	ULONG disp, res, v = 1;
	HANDLE top = create_key(SVC u"\\Tree", NULL, &disp, &st);
	HANDLE a = create_key(u"Alpha", top, &disp, &st);
	HANDLE b = create_key(u"Beta", top, &disp, &st);
	u8 buf[64];

	set_value(a, u"X", REG_DWORD, &v, 4);
	/* KEY_BASIC_INFORMATION: LastWriteTime, TitleIndex, NameLength, Name */
	CHECK_EQ_INT(ndlw_ZwEnumerateKey(top, 0, 0, buf, sizeof(buf), &res), 0);
	CHECK_EQ_INT(*(ULONG *)(buf + 12), 10);
	CHECK(!memcmp(buf + 16, u"Alpha", 10));
	CHECK_EQ_INT(ndlw_ZwEnumerateKey(top, 1, 0, buf, sizeof(buf), &res), 0);
	CHECK(!memcmp(buf + 16, u"Beta", 8));
	CHECK_EQ_INT(ndlw_ZwEnumerateKey(top, 2, 0, buf, sizeof(buf), &res),
		     STATUS_NO_MORE_ENTRIES);
	/* KEY_FULL_INFORMATION of Tree: 2 subkeys, no values. */
	CHECK_EQ_INT(ndlw_ZwQueryKey(top, 2, buf, sizeof(buf), &res), 0);
	CHECK_EQ_INT(*(ULONG *)(buf + 20), 2);
	CHECK_EQ_INT(*(ULONG *)(buf + 32), 0);
	/* A key with subkeys cannot be deleted. */
	CHECK_EQ_INT(ndlw_ZwDeleteKey(top), STATUS_CANNOT_DELETE);
	CHECK_EQ_INT(ndlw_ZwDeleteKey(a), 0);
	CHECK_EQ_INT(ndlw_ZwDeleteKey(b), 0);
	CHECK_EQ_INT(ndlw_ZwDeleteKey(top), 0);
	/* Handles to a deleted key fail with STATUS_KEY_DELETED. */
	CHECK_EQ_INT(set_value(a, u"Y", REG_DWORD, &v, 4), STATUS_KEY_DELETED);
	open_key(SVC u"\\Tree", NULL, &st);
	CHECK_EQ_INT(st, STATUS_OBJECT_NAME_NOT_FOUND);
	ndlw_ZwClose(a);
	ndlw_ZwClose(b);
	ndlw_ZwClose(top);
}

/* ---- RtlQueryRegistryValues ---------------------------------------------------- */

static int routine_calls;
static WCHAR routine_seen[64];

static NTSTATUS NTAPI routine(WCHAR *name, ULONG type, void *data, ULONG len,
			      void *ctx, void *ectx)
{
	routine_calls++;
	if (type == REG_SZ && len <= sizeof(routine_seen))
		memcpy(routine_seen, data, len);
	return *(NTSTATUS *)ctx;
}

static void seed_parameters(void)
{
	NTSTATUS st;
	ULONG disp, v = 42;
	u64 q = 0x1122334455667788ull;
	static const WCHAR multi[] = u"first\0second\0";
	HANDLE p = create_key(SVC u"\\Parameters", NULL, &disp, &st);

	set_value(p, u"Debug", REG_DWORD, &v, 4);
	set_value(p, u"Label", REG_SZ, u"nic", 8);
	set_value(p, u"Big", REG_QWORD, &q, 8);
	set_value(p, u"Names", REG_MULTI_SZ, multi, sizeof(multi));
	ndlw_ZwClose(p);
}

static void test_rtlquery_direct_dword(void)
{
	ULONG v = 0;
	QT t[2] = { { NULL, 0x20 /* DIRECT */, u"Debug", &v, 0, NULL, 0 } };

	seed_parameters();
	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(1 /* SERVICES */,
		     u"regtest\\Parameters", (void *)t, NULL, NULL), 0);
	CHECK_EQ_INT(v, 42);
}

static void test_rtlquery_direct_string_allocates_when_buffer_null(void)
{
	UNICODE_STRING s = { 0 }, small;
	WCHAR tiny[2];
	QT t[2] = { { NULL, 0x20, u"Label", &s, 0, NULL, 0 } };

	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(0, SVC u"\\Parameters",
						 (void *)t, NULL, NULL), 0);
	CHECK(s.Buffer && s.Length == 6 && !memcmp(s.Buffer, u"nic", 8));
	ndlw_ExFreePool(s.Buffer);
	/* A caller's buffer too small: STATUS_BUFFER_TOO_SMALL. */
	small.Buffer = tiny;
	small.Length = 0;
	small.MaximumLength = sizeof(tiny);
	t[0].EntryContext = &small;
	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(0, SVC u"\\Parameters",
						 (void *)t, NULL, NULL),
		     STATUS_BUFFER_TOO_SMALL);
}

static void test_rtlquery_direct_large_data_uses_length_header(void)
{
	LONG neg[3] = { -8, 0, 0 }, pos[4] = { 16, 0, 0, 0 };
	QT t[2] = { { NULL, 0x20, u"Big", neg, 0, NULL, 0 } };

	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(0, SVC u"\\Parameters",
						 (void *)t, NULL, NULL), 0);
	CHECK_EQ_INT(*(u64 *)neg, 0x1122334455667788ull);	/* data only */
	t[0].EntryContext = pos;
	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(0, SVC u"\\Parameters",
						 (void *)t, NULL, NULL), 0);
	CHECK_EQ_INT(pos[0], 8);		/* length, type, data */
	CHECK_EQ_INT(pos[1], REG_QWORD);
	CHECK_EQ_INT(*(u64 *)&pos[2], 0x1122334455667788ull);
	neg[0] = -4;
	t[0].EntryContext = neg;
	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(0, SVC u"\\Parameters",
						 (void *)t, NULL, NULL),
		     STATUS_BUFFER_TOO_SMALL);
}

static void test_rtlquery_required_missing_fails(void)
{
	ULONG v = 0;
	QT t[2] = { { NULL, 0x20 | 0x04 /* REQUIRED */, u"Nope", &v, 0, NULL,
		      0 } };

	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(1, u"regtest\\Parameters",
						 (void *)t, NULL, NULL),
		     STATUS_OBJECT_NAME_NOT_FOUND);
}

static void test_rtlquery_missing_value_takes_default(void)
{
	ULONG v = 0, def = 77, other = 5;
	QT t[3] = { { NULL, 0x20, u"Nope", &v, REG_DWORD, &def, 4 },
		    { NULL, 0x20, u"Gone", &other, REG_NONE, NULL, 0 } };

	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(1, u"regtest\\Parameters",
						 (void *)t, NULL, NULL), 0);
	CHECK_EQ_INT(v, 77);
	CHECK_EQ_INT(other, 5);		/* REG_NONE default: untouched */
}

static void test_rtlquery_routine_gets_each_multi_sz_string(void)
{
	NTSTATUS ok = STATUS_SUCCESS;
	QT t[2] = { { (void *)routine, 0, u"Names", NULL, 0, NULL, 0 } };

	routine_calls = 0;
	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(1, u"regtest\\Parameters",
						 (void *)t, &ok, NULL), 0);
	CHECK_EQ_INT(routine_calls, 2);
	CHECK(!memcmp(routine_seen, u"second", 14));
	/* NOEXPAND: the whole REG_MULTI_SZ in one call. */
	routine_calls = 0;
	t[0].Flags = 0x10;
	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(1, u"regtest\\Parameters",
						 (void *)t, &ok, NULL), 0);
	CHECK_EQ_INT(routine_calls, 1);
}

static void test_rtlquery_null_name_enumerates_values(void)
{
	NTSTATUS ok = STATUS_SUCCESS, bad = STATUS_INSUFFICIENT_RESOURCES;
	QT t[2] = { { (void *)routine, 0x10, NULL, NULL, 0, NULL, 0 } };

	routine_calls = 0;
	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(1, u"regtest\\Parameters",
						 (void *)t, &ok, NULL), 0);
	CHECK_EQ_INT(routine_calls, 4);
	/* A routine's error status ends the query and is returned. */
	routine_calls = 0;
	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(1, u"regtest\\Parameters",
						 (void *)t, &bad, NULL),
		     STATUS_INSUFFICIENT_RESOURCES);
	CHECK_EQ_INT(routine_calls, 1);
}

static void test_rtlquery_typecheck(void)
{
	ULONG v = 0;
	QT t[2] = { { NULL, 0x20 | 0x100, u"Label", &v,
		      REG_DWORD << 24, NULL, 0 } };

	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(1, u"regtest\\Parameters",
						 (void *)t, NULL, NULL),
		     STATUS_OBJECT_TYPE_MISMATCH);
	t[0].Name = u"Debug";
	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(1, u"regtest\\Parameters",
						 (void *)t, NULL, NULL), 0);
	CHECK_EQ_INT(v, 42);
}

static void test_rtlquery_subkey_and_handle(void)
{
	ULONG v = 0;
	QT t[3] = { { NULL, 0x01 /* SUBKEY */, u"Parameters", NULL, 0, NULL, 0 },
		    { NULL, 0x20, u"Debug", &v, 0, NULL, 0 } };
	HANDLE h = service_key();

	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(1, u"regtest", (void *)t,
						 NULL, NULL), 0);
	CHECK_EQ_INT(v, 42);
	v = 0;
	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(0x40000000 /* HANDLE */,
						 (WCHAR *)h, (void *)t, NULL,
						 NULL), 0);
	CHECK_EQ_INT(v, 42);
	ndlw_ZwClose(h);
}

static void test_rtlquery_optional_missing_key_succeeds(void)
{
	ULONG v = 3;
	QT t[2] = { { NULL, 0x20, u"Debug", &v, 0, NULL, 0 } };

	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(1, u"regtest\\NoKey",
						 (void *)t, NULL, NULL),
		     STATUS_OBJECT_NAME_NOT_FOUND);
	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(1 | 0x80000000u,
						 u"regtest\\NoKey", (void *)t,
						 NULL, NULL), 0);
	CHECK_EQ_INT(v, 3);
}

static void test_rtlquery_delete_flag_removes_value(void)
{
	ULONG v = 0;
	QT t[2] = { { NULL, 0x20 | 0x40 /* DELETE */, u"Debug", &v, 0, NULL,
		      0 } };

	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(1, u"regtest\\Parameters",
						 (void *)t, NULL, NULL), 0);
	CHECK_EQ_INT(v, 42);
	t[0].Flags = 0x20 | 0x04;
	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(1, u"regtest\\Parameters",
						 (void *)t, NULL, NULL),
		     STATUS_OBJECT_NAME_NOT_FOUND);
}

static void test_rtlwrite_and_delete_registry_value(void)
{
	ULONG v = 11, got = 0;
	QT t[2] = { { NULL, 0x20 | 0x04, u"Written", &got, 0, NULL, 0 } };

	CHECK_EQ_INT(ndlw_RtlWriteRegistryValue(1, u"regtest\\Parameters",
						u"Written", REG_DWORD, &v, 4),
		     0);
	CHECK_EQ_INT(ndlw_RtlQueryRegistryValues(1, u"regtest\\Parameters",
						 (void *)t, NULL, NULL), 0);
	CHECK_EQ_INT(got, 11);
	CHECK_EQ_INT(ndlw_RtlDeleteRegistryValue(1, u"regtest\\Parameters",
						 u"Written"), 0);
	CHECK_EQ_INT(ndlw_RtlDeleteRegistryValue(1, u"regtest\\Parameters",
						 u"Written"),
		     STATUS_OBJECT_NAME_NOT_FOUND);
	CHECK_EQ_INT(ndlw_RtlCheckRegistryKey(1, u"regtest\\Parameters"), 0);
	CHECK_EQ_INT(ndlw_RtlCheckRegistryKey(1, u"regtest\\Nope"),
		     STATUS_OBJECT_NAME_NOT_FOUND);
}

/*
 * IoOpenDeviceRegistryKey(PLUGPLAY_REGKEY_DEVICE) opens the device's
 * hardware key, where Windows puts the values of the .inf's
 * [<install>.HW] AddReg (HKR there is that key): a value given to the
 * key when the device was registered is read back there, subkeys
 * included, and is not in the driver key.
 */
static void test_device_hardware_key_holds_inf_hw_values(void)
{
	struct ndl_reg *reg = ndl_reg_create(), *hw = ndl_reg_create();
	DEVICE_OBJECT p3;
	HANDLE h = NULL, sub, drvkey = NULL;
	ULONG res, v = 1;
	NTSTATUS st;
	u8 buf[64];

	CHECK(ndl_reg_set(hw, "Interrupt Management\\MessageSignaledInterruptProperties\\MSISupported",
			  REG_DWORD, &v, 4) == 0);
	CHECK(ndl_reg_set_sz(hw, "WakeFromS5", "2") == 0);
	CHECK_EQ_INT(ndl_regkey_device_add_hw(reg, hw, &p3, NULL), 0);
	CHECK_EQ_INT(ndlw_IoOpenDeviceRegistryKey(&p3, 1 /* DEVICE */, 0, &h),
		     0);
	CHECK_EQ_INT(query_value(h, u"WakeFromS5", 2, buf, sizeof(buf), &res),
		     0);
	CHECK_EQ_INT(*(ULONG *)(buf + 4), REG_SZ);
	sub = open_key(u"Interrupt Management\\MessageSignaledInterruptProperties",
		       h, &st);
	CHECK_EQ_INT(st, 0);
	CHECK_EQ_INT(query_value(sub, u"MSISupported", 2, buf, sizeof(buf),
				 &res), 0);
	CHECK_EQ_INT(*(ULONG *)(buf + 4), REG_DWORD);
	CHECK_EQ_INT(*(ULONG *)(buf + 12), 1);
	ndlw_ZwClose(sub);
	CHECK_EQ_INT(ndlw_IoOpenDeviceRegistryKey(&p3, 2 /* DRIVER */, 0,
						  &drvkey), 0);
	CHECK_EQ_INT(query_value(drvkey, u"WakeFromS5", 2, buf, sizeof(buf),
				 &res), STATUS_OBJECT_NAME_NOT_FOUND);
	ndlw_ZwClose(drvkey);
	ndlw_ZwClose(h);
	ndl_regkey_device_remove(reg);	/* frees hw: the key took it */
	ndl_reg_destroy(reg);
}

static void test_removed_device_key_handle_fails_safely(void)
{
	struct ndl_reg *reg = ndl_reg_create();
	DEVICE_OBJECT p2;
	HANDLE h = NULL;
	ULONG v = 1;

	CHECK_EQ_INT(ndl_regkey_device_add(reg, &p2, NULL), 0);
	CHECK_EQ_INT(ndlw_IoOpenDeviceRegistryKey(&p2, 2, 0, &h), 0);
	ndl_regkey_device_remove(reg);
	ndl_reg_destroy(reg);
	CHECK_EQ_INT(set_value(h, u"X", REG_DWORD, &v, 4), STATUS_KEY_DELETED);
	CHECK_EQ_INT(ndlw_ZwClose(h), 0);
}

int main(void)
{
	int rc;

	test_init();
	ndl_regkey_service_add(&fake_drv);
	devreg = ndl_reg_create();
	ndl_reg_set_sz(devreg, "LinkSpeed", "100");
	ndl_regkey_device_add(devreg, &pdo, &fdo);

	RUN(test_zwclose_rejects_a_handle_that_is_not_open);
	RUN(test_closed_handle_stays_invalid_after_slot_reuse);
	RUN(test_obreference_checks_the_object_type);
	RUN(test_named_event_same_name_same_event);
	RUN(test_named_event_created_signalled);
	RUN(test_named_event_handle_references_the_event);
	RUN(test_zwopenkey_unknown_path_not_found);
	RUN(test_zwcreatekey_reports_disposition);
	RUN(test_zwcreatekey_outside_our_keys_denied);
	RUN(test_zwqueryvaluekey_partial_and_sizes);
	RUN(test_zwqueryvaluekey_buffer_too_small_writes_nothing);
	RUN(test_zwqueryvaluekey_overflow_writes_what_fits);
	RUN(test_zwqueryvaluekey_basic_and_full);
	RUN(test_zwsetvaluekey_string_round_trip);
	RUN(test_device_driver_key_is_ndis_configuration);
	RUN(test_device_hardware_key_is_separate);
	RUN(test_device_hardware_key_holds_inf_hw_values);
	RUN(test_zwenumeratevaluekey_ends_with_no_more_entries);
	RUN(test_zwenumeratekey_lists_subkeys);
	RUN(test_rtlquery_direct_dword);
	RUN(test_rtlquery_direct_string_allocates_when_buffer_null);
	RUN(test_rtlquery_direct_large_data_uses_length_header);
	RUN(test_rtlquery_required_missing_fails);
	RUN(test_rtlquery_missing_value_takes_default);
	RUN(test_rtlquery_routine_gets_each_multi_sz_string);
	RUN(test_rtlquery_null_name_enumerates_values);
	RUN(test_rtlquery_typecheck);
	RUN(test_rtlquery_subkey_and_handle);
	RUN(test_rtlquery_optional_missing_key_succeeds);
	RUN(test_rtlquery_delete_flag_removes_value);
	RUN(test_rtlwrite_and_delete_registry_value);
	RUN(test_removed_device_key_handle_fails_safely);

	CHECK_EQ_INT(ndl_handle_count(), 0);
	ndl_regkey_device_remove(devreg);
	ndl_reg_destroy(devreg);
	ndl_regkey_service_remove(&fake_drv);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
