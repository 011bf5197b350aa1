// SPDX-License-Identifier: GPL-2.0-only
/*
 * Logging stubs for imports the runtime lacks (ndl_load_opts.bind_stubs).
 * No code is generated at run time: a fixed pool of compiled functions,
 * each bound to one DLL!name slot, logs the call and returns
 * STATUS_NOT_IMPLEMENTED.
 */
#include "exports.h"
#include "rt.h"
#include "nt_status.h"

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

#define STUB(n) static NTSTATUS NTAPI stub_##n(void) \
	{ return stub_hit((void *)stub_##n); }
#define STUB8(n) STUB(n##0) STUB(n##1) STUB(n##2) STUB(n##3) \
	STUB(n##4) STUB(n##5) STUB(n##6) STUB(n##7)
#define STUB64(n) STUB8(n##0) STUB8(n##1) STUB8(n##2) STUB8(n##3) \
	STUB8(n##4) STUB8(n##5) STUB8(n##6) STUB8(n##7)
/* Names are labels only: stub_1000 .. stub_1077, stub_1100 .. stub_1177. */
STUB64(10) STUB64(11)

#define REF(n) stub_##n,
#define REF8(n) REF(n##0) REF(n##1) REF(n##2) REF(n##3) \
	REF(n##4) REF(n##5) REF(n##6) REF(n##7)
#define REF64(n) REF8(n##0) REF8(n##1) REF8(n##2) REF8(n##3) \
	REF8(n##4) REF8(n##5) REF8(n##6) REF8(n##7)
typedef NTSTATUS (NTAPI *stub_fn)(void);
static const stub_fn stub_fns[NDL_STUB_SLOTS] = { REF64(10) REF64(11) };

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
