// SPDX-License-Identifier: GPL-2.0-only
/*
 * Counted objects and the kernel handle table (nt_ob.h), and the exports
 * built directly on them: ObfReferenceObject, ObfDereferenceObject,
 * ObDereferenceObject, ObReferenceObjectByHandle, ZwClose and the object
 * type data exports.
 */
#include "nt/nt_ob.h"
#include "nt/nt_list.h"
#include "nt/nt_status.h"
#include "nt/nt_sync.h"
#include "nt/nt_exports.h"

#define OB_MAGIC	0x4e444c4f424a4354ull	/* "NDLOBJCT" */

struct ob_header {
	LIST_ENTRY link;		/* every live object */
	u64 magic;
	const struct ndl_ob_type *type;
	LONG_PTR refs;
	u64 pad;			/* body stays 16-byte aligned */
};

static KSPIN_LOCK ob_lock;		/* objects and handles */
static LIST_ENTRY ob_list = { &ob_list, &ob_list };

static struct ob_header *hdr_of(const void *body)
{
	return (struct ob_header *)body - 1;
}

/* Under ob_lock: the header of a live object at body, or NULL. */
static struct ob_header *find_locked(const void *body)
{
	LIST_ENTRY *e;

	if (!body)
		return NULL;
	for (e = ob_list.Flink; e != &ob_list; e = e->Flink)
		if (e == &hdr_of(body)->link)
			return hdr_of(body);
	return NULL;
}

void *ndl_ob_create(const struct ndl_ob_type *type, size_t size)
{
	struct ob_header *h = ndl_alloc(sizeof(*h) + size, NDL_OS_ZERO |
					ndl_alloc_flags_for_irql());
	KIRQL old;

	if (!h)
		return NULL;
	h->magic = OB_MAGIC;
	h->type = type;
	h->refs = 1;
	old = ndl_lock_any(&ob_lock);
	ndl_list_add_tail(&ob_list, &h->link);
	ndl_unlock_any(&ob_lock, old);
	return h + 1;
}

bool ndl_ob_is(const void *body, const struct ndl_ob_type *type)
{
	KIRQL old = ndl_lock_any(&ob_lock);
	struct ob_header *h = find_locked(body);
	bool ok = h && (!type || h->type == type);

	ndl_unlock_any(&ob_lock, old);
	return ok;
}

/* Under ob_lock. */
static void ref_locked(struct ob_header *h)
{
	h->refs++;
}

/* Returns the header to destroy (outside the lock), or NULL. */
static struct ob_header *deref_locked(struct ob_header *h)
{
	if (--h->refs > 0)
		return NULL;
	ndl_list_unlink(&h->link);
	h->magic = 0;
	return h;
}

static void destroy(struct ob_header *h)
{
	if (!h)
		return;
	if (h->type->destroy)
		h->type->destroy(h + 1);
	ndl_free(h);
}

bool ndl_ob_ref(void *body)
{
	KIRQL old = ndl_lock_any(&ob_lock);
	struct ob_header *h = find_locked(body);

	if (h)
		ref_locked(h);
	ndl_unlock_any(&ob_lock, old);
	return h;
}

void ndl_ob_deref(void *body)
{
	KIRQL old = ndl_lock_any(&ob_lock);
	struct ob_header *h = find_locked(body), *dead = NULL;

	if (h)
		dead = deref_locked(h);
	ndl_unlock_any(&ob_lock, old);
	destroy(dead);
}

/* ---- handles ---------------------------------------------------------- */

/*
 * Handle value: kernel-handle bit pattern (as Windows' kernel handles,
 * the sign bit set), generation in bits 18..30, slot index in 2..17.
 */
#define H_KERNEL	0xffffffff80000000ull
#define H_MAX_SLOTS	65536u
#define H_GEN_MASK	0x1fffu

struct hslot {
	struct ob_header *obj;		/* NULL: free */
	u16 gen;
};

/*
 * The table exists while handles are open: freed when the last one
 * closes, so a module whose drivers are all gone holds none of it.
 * Generations come from one counter, not per slot, so a stale handle
 * stays invalid across the table's lifetimes.
 */
static struct hslot *slots;
static u32 nslots;
static u32 nopen;
static u16 next_gen;

static HANDLE encode(u32 idx, u16 gen)
{
	return (HANDLE)(uintptr_t)(H_KERNEL | (u64)gen << 18 | (u64)idx << 2);
}

/* Under the lock: the slot h names, or NULL. */
static struct hslot *decode_locked(HANDLE h)
{
	u64 v = (u64)(uintptr_t)h;
	u32 idx = (u32)(v >> 2) & 0xffff;
	struct hslot *s;

	if (idx >= nslots)
		return NULL;
	s = &slots[idx];
	if (!s->obj || encode(idx, s->gen) != h)
		return NULL;
	return s;
}

static struct hslot *free_slot_locked(u32 *idx)
{
	for (u32 i = 1; i < nslots; i++)
		if (!slots[i].obj) {
			*idx = i;
			return &slots[i];
		}
	return NULL;
}

NTSTATUS ndl_handle_create(void *body, HANDLE *out)
{
	KIRQL old;

	*out = NULL;
	for (;;) {
		struct hslot *s, *grown;
		struct ob_header *h;
		u32 idx, cap;

		old = ndl_lock_any(&ob_lock);
		h = find_locked(body);
		if (!h) {
			ndl_unlock_any(&ob_lock, old);
			return STATUS_INVALID_PARAMETER;
		}
		s = free_slot_locked(&idx);
		if (s) {
			s->obj = h;
			next_gen = (u16)((next_gen + 1) & H_GEN_MASK);
			s->gen = next_gen;
			ref_locked(h);
			nopen++;
			*out = encode(idx, s->gen);
			ndl_unlock_any(&ob_lock, old);
			return STATUS_SUCCESS;
		}
		cap = nslots ? nslots * 2 : 64;
		ndl_unlock_any(&ob_lock, old);
		if (cap > H_MAX_SLOTS) {
			ndl_err("handle table full (%u handles open)", nopen);
			return STATUS_INSUFFICIENT_RESOURCES;
		}
		grown = ndl_alloc(cap * sizeof(*grown), NDL_OS_ZERO |
				  ndl_alloc_flags_for_irql());
		if (!grown)
			return STATUS_INSUFFICIENT_RESOURCES;
		old = ndl_lock_any(&ob_lock);
		if (cap > nslots) {
			struct hslot *prev = slots;

			if (nslots)
				ndl_memcpy(grown, slots, nslots * sizeof(*grown));
			slots = grown;
			nslots = cap;
			grown = prev;
		}
		ndl_unlock_any(&ob_lock, old);
		ndl_free(grown);
	}
}

NTSTATUS ndl_handle_ref(HANDLE h, const struct ndl_ob_type *type,
			void **body)
{
	KIRQL old = ndl_lock_any(&ob_lock);
	struct hslot *s = decode_locked(h);
	NTSTATUS st = STATUS_INVALID_HANDLE;

	*body = NULL;
	if (s && type && s->obj->type != type) {
		st = STATUS_OBJECT_TYPE_MISMATCH;
	} else if (s) {
		ref_locked(s->obj);
		*body = s->obj + 1;
		st = STATUS_SUCCESS;
	}
	ndl_unlock_any(&ob_lock, old);
	return st;
}

NTSTATUS ndl_handle_close(HANDLE h)
{
	KIRQL old = ndl_lock_any(&ob_lock);
	struct hslot *s = decode_locked(h);
	struct ob_header *dead = NULL;
	struct hslot *table = NULL;

	if (s) {
		dead = deref_locked(s->obj);
		s->obj = NULL;
		if (!--nopen) {
			table = slots;
			slots = NULL;
			nslots = 0;
		}
	}
	ndl_unlock_any(&ob_lock, old);
	if (!s)
		return STATUS_INVALID_HANDLE;
	ndl_free(table);
	destroy(dead);
	return STATUS_SUCCESS;
}

const char *ndl_handle_type_name(HANDLE h)
{
	KIRQL old = ndl_lock_any(&ob_lock);
	struct hslot *s = decode_locked(h);
	const char *name = s ? s->obj->type->name : "closed";

	ndl_unlock_any(&ob_lock, old);
	return name;
}

u32 ndl_handle_count(void)
{
	return nopen;
}

void ndl_handles_exit(void)
{
	struct hslot *table;
	KIRQL old;

	if (nopen)
		ndl_warn("runtime exit: %u handles were never closed", nopen);
	old = ndl_lock_any(&ob_lock);
	table = nopen ? NULL : slots;
	if (table) {
		slots = NULL;
		nslots = 0;
	}
	ndl_unlock_any(&ob_lock, old);
	ndl_free(table);
}

/* ---- exports ------------------------------------------------------------ */

/*
 * References on objects the runtime does not count (a driver's own
 * KEVENT, the DEVICE_OBJECTs NDIS hands out) change nothing: those are
 * owned by whoever created them. Returning a plausible count keeps
 * callers' asserts calm.
 */
LONG_PTR FASTCALL ndlw_ObfReferenceObject(void *obj)
{
	KIRQL old = ndl_lock_any(&ob_lock);
	struct ob_header *h = find_locked(obj);
	LONG_PTR n = 2;

	if (h) {
		ref_locked(h);
		n = h->refs;
	}
	ndl_unlock_any(&ob_lock, old);
	return n;
}

LONG_PTR FASTCALL ndlw_ObfDereferenceObject(void *obj)
{
	KIRQL old = ndl_lock_any(&ob_lock);
	struct ob_header *h = find_locked(obj), *dead = NULL;
	LONG_PTR n = 1;

	if (h) {
		n = h->refs - 1;
		dead = deref_locked(h);
	}
	ndl_unlock_any(&ob_lock, old);
	destroy(dead);
	return n;
}

void NTAPI ndlw_ObDereferenceObject(void *obj)
{
	ndlw_ObfDereferenceObject(obj);
}

NTSTATUS NTAPI ndlw_ObReferenceObjectByHandle(HANDLE h, ACCESS_MASK access,
					      void *type, KPROCESSOR_MODE mode,
					      void **object, void *info)
{
	NTSTATUS st;

	if (!object)
		return STATUS_INVALID_PARAMETER;
	st = ndl_handle_ref(h, type, object);
	if (st == STATUS_OBJECT_TYPE_MISMATCH)
		ndl_warn("ObReferenceObjectByHandle(%p): the handle names a %s object, not one of the type asked for",
			 h, ndl_handle_type_name(h));
	else if (st)
		ndl_warn("ObReferenceObjectByHandle(%p): not an open handle",
			 h);
	if (info) {
		/* OBJECT_HANDLE_INFORMATION: HandleAttributes, GrantedAccess */
		ULONG *hi = info;

		hi[0] = 0;
		hi[1] = st ? 0 : access;
	}
	return st;
}

NTSTATUS NTAPI ndlw_ZwClose(HANDLE h)
{
	NTSTATUS st = ndl_handle_close(h);

	if (st)
		ndl_warn("ZwClose(%p): not an open handle", h);
	return st;
}
