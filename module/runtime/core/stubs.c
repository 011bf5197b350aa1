// SPDX-License-Identifier: GPL-2.0-only
/*
 * Logging stubs for imports the runtime lacks (ndl_load_opts.bind_stubs).
 * No code is generated at run time: a fixed pool of compiled functions,
 * each bound to one DLL!name slot, logs the call and returns
 * STATUS_NOT_IMPLEMENTED.
 */
#include "core/exports.h"
#include "core/rt.h"
#include "nt/nt_status.h"

#define NDL_STUB_SLOTS 128
#define NDL_STUB_NAME_LEN 96

struct stub_slot {
	bool used;
	u32 calls;
	char name[NDL_STUB_NAME_LEN];	/* "dll!name" */
};

static struct stub_slot stub_slots[NDL_STUB_SLOTS];

static int stub_index(void *stub);

static NTSTATUS stub_hit(void *stub)
{
	int n = stub_index(stub);

	if (n < 0)
		return STATUS_NOT_IMPLEMENTED;
	ndl_atomic_add(&stub_slots[n].calls, 1);
	ndl_warn("driver called unimplemented %s: returning STATUS_NOT_IMPLEMENTED",
		 stub_slots[n].name);
	return STATUS_NOT_IMPLEMENTED;
}

/* Slot i is stub_<i in hex>: stub_00 .. stub_7f. */
#define STUB(n) static NTSTATUS NTAPI stub_##n(void) \
	{ return stub_hit((void *)stub_##n); }
STUB(00) STUB(01) STUB(02) STUB(03) STUB(04) STUB(05) STUB(06) STUB(07)
STUB(08) STUB(09) STUB(0a) STUB(0b) STUB(0c) STUB(0d) STUB(0e) STUB(0f)
STUB(10) STUB(11) STUB(12) STUB(13) STUB(14) STUB(15) STUB(16) STUB(17)
STUB(18) STUB(19) STUB(1a) STUB(1b) STUB(1c) STUB(1d) STUB(1e) STUB(1f)
STUB(20) STUB(21) STUB(22) STUB(23) STUB(24) STUB(25) STUB(26) STUB(27)
STUB(28) STUB(29) STUB(2a) STUB(2b) STUB(2c) STUB(2d) STUB(2e) STUB(2f)
STUB(30) STUB(31) STUB(32) STUB(33) STUB(34) STUB(35) STUB(36) STUB(37)
STUB(38) STUB(39) STUB(3a) STUB(3b) STUB(3c) STUB(3d) STUB(3e) STUB(3f)
STUB(40) STUB(41) STUB(42) STUB(43) STUB(44) STUB(45) STUB(46) STUB(47)
STUB(48) STUB(49) STUB(4a) STUB(4b) STUB(4c) STUB(4d) STUB(4e) STUB(4f)
STUB(50) STUB(51) STUB(52) STUB(53) STUB(54) STUB(55) STUB(56) STUB(57)
STUB(58) STUB(59) STUB(5a) STUB(5b) STUB(5c) STUB(5d) STUB(5e) STUB(5f)
STUB(60) STUB(61) STUB(62) STUB(63) STUB(64) STUB(65) STUB(66) STUB(67)
STUB(68) STUB(69) STUB(6a) STUB(6b) STUB(6c) STUB(6d) STUB(6e) STUB(6f)
STUB(70) STUB(71) STUB(72) STUB(73) STUB(74) STUB(75) STUB(76) STUB(77)
STUB(78) STUB(79) STUB(7a) STUB(7b) STUB(7c) STUB(7d) STUB(7e) STUB(7f)

typedef NTAPI_PTR NTSTATUS (*stub_fn)(void);
static const stub_fn stub_fns[] = {
	stub_00, stub_01, stub_02, stub_03, stub_04, stub_05, stub_06, stub_07,
	stub_08, stub_09, stub_0a, stub_0b, stub_0c, stub_0d, stub_0e, stub_0f,
	stub_10, stub_11, stub_12, stub_13, stub_14, stub_15, stub_16, stub_17,
	stub_18, stub_19, stub_1a, stub_1b, stub_1c, stub_1d, stub_1e, stub_1f,
	stub_20, stub_21, stub_22, stub_23, stub_24, stub_25, stub_26, stub_27,
	stub_28, stub_29, stub_2a, stub_2b, stub_2c, stub_2d, stub_2e, stub_2f,
	stub_30, stub_31, stub_32, stub_33, stub_34, stub_35, stub_36, stub_37,
	stub_38, stub_39, stub_3a, stub_3b, stub_3c, stub_3d, stub_3e, stub_3f,
	stub_40, stub_41, stub_42, stub_43, stub_44, stub_45, stub_46, stub_47,
	stub_48, stub_49, stub_4a, stub_4b, stub_4c, stub_4d, stub_4e, stub_4f,
	stub_50, stub_51, stub_52, stub_53, stub_54, stub_55, stub_56, stub_57,
	stub_58, stub_59, stub_5a, stub_5b, stub_5c, stub_5d, stub_5e, stub_5f,
	stub_60, stub_61, stub_62, stub_63, stub_64, stub_65, stub_66, stub_67,
	stub_68, stub_69, stub_6a, stub_6b, stub_6c, stub_6d, stub_6e, stub_6f,
	stub_70, stub_71, stub_72, stub_73, stub_74, stub_75, stub_76, stub_77,
	stub_78, stub_79, stub_7a, stub_7b, stub_7c, stub_7d, stub_7e, stub_7f,
};
NDL_STATIC_ASSERT(NDL_ARRAY_SIZE(stub_fns) == NDL_STUB_SLOTS,
		  "one stub per slot");

static int stub_index(void *stub)
{
	int i;

	for (i = 0; i < NDL_STUB_SLOTS; i++)
		if ((void *)stub_fns[i] == stub)
			return i;
	return -1;
}

void *ndl_stub_bind(const char *dll, const char *name)
{
	struct stub_slot *s;
	size_t i, n = 0;
	int slot;

	for (slot = 0; slot < NDL_STUB_SLOTS; slot++) {
		bool expected = false;

		if (ndl_atomic_cmpxchg(&stub_slots[slot].used, &expected, true))
			break;
	}
	if (slot == NDL_STUB_SLOTS)
		return NULL;
	s = &stub_slots[slot];
	s->calls = 0;
	for (i = 0; dll[i] && n < NDL_STUB_NAME_LEN - 2; i++)
		s->name[n++] = dll[i];
	s->name[n++] = '!';
	for (i = 0; name[i] && n < NDL_STUB_NAME_LEN - 1; i++)
		s->name[n++] = name[i];
	s->name[n] = 0;
	return (void *)stub_fns[slot];
}

void ndl_stub_release(void *stub)
{
	int i = stub_index(stub);

	if (i >= 0)
		ndl_atomic_store(&stub_slots[i].used, false);
}

u32 ndl_stub_calls(void *stub)
{
	int i = stub_index(stub);

	return i >= 0 ? ndl_atomic_load(&stub_slots[i].calls) : 0;
}
