// SPDX-License-Identifier: GPL-2.0-only
/*
 * NDIS_PACKET pools and packets: NdisAllocatePacketPool(Ex),
 * NdisFreePacketPool, NdisAllocatePacket (and the Dpr forms),
 * NdisFreePacket, NdisPacketPoolUsage, NdisGetPoolFromPacket, buffer
 * chaining (NdisUnchainBufferAtFront/Back, NdisGetFirstBufferFromPacket)
 * and NdisCopyFromPacketToPacket.
 *
 * A packet is laid out as Windows lays it out: the descriptor with the
 * pool's ProtocolReserved bytes, then NDIS_PACKET_OOB_DATA at
 * Private.NdisPacketOobOffset, then NDIS_PACKET_EXTENSION (per-packet
 * info) — the DDK macros find both through that offset — then a private
 * trailer with the pool and an owner word for the runtime.
 */
#include "ndis/ndis_priv.h"

#define POOL_MAGIC	0x4e444c504f4f4c50ull	/* "NDLPOOLP" */
#define PKT_MAGIC	0x4e444c50u	/* "NDLP" */

/*
 * The runtime's trailer, kept to 24 bytes: a packet descriptor is 264
 * bytes by the ABI with a 32-byte ProtocolReserved, and 16-byte steps
 * make 24 the most that keeps it at 288 (40 made it 304). A free packet
 * has no owner, so the free-list link shares the owner's word.
 */
struct pkt_tail {
	u32 magic;
	bool overflow;			/* allocated beyond the pool block */
	bool in_use;
	struct pkt_pool *pool;
	union {
		void *owner;		/* in use: the runtime's use of it */
		struct pkt_tail *next;	/* free: the pool's free list */
	};
};
NDL_STATIC_ASSERT(sizeof(struct pkt_tail) == 24, "a 288-byte packet");

struct pkt_pool {
	u64 magic;
	KSPIN_LOCK lock;
	u32 elem_size, oob_off;
	u32 count, overflow_max, overflow_used, in_use;
	u8 *block;
	struct pkt_tail *free;
};

static struct pkt_tail *tail_of(const NDIS_PACKET *p)
{
	return (struct pkt_tail *)((u8 *)p + p->Private.NdisPacketOobOffset +
				   sizeof(NDIS_PACKET_OOB_DATA) +
				   sizeof(NDIS_PACKET_EXTENSION));
}

static NDIS_PACKET *packet_of(struct pkt_pool *pool, struct pkt_tail *t)
{
	return (NDIS_PACKET *)((u8 *)t - pool->oob_off -
			       sizeof(NDIS_PACKET_OOB_DATA) -
			       sizeof(NDIS_PACKET_EXTENSION));
}

static struct pkt_pool *pool_get(NDIS_HANDLE h, const char *fn)
{
	struct pkt_pool *pool = h;

	if (!pool || pool->magic != POOL_MAGIC) {
		ndl_err("%s: bad packet pool handle %p", fn, h);
		return NULL;
	}
	return pool;
}

bool ndl_packet_is_ours(const NDIS_PACKET *p)
{
	const struct pkt_tail *t;

	if (!p || p->Private.NdisPacketOobOffset < offsetof(NDIS_PACKET,
							     ProtocolReserved))
		return false;
	t = tail_of(p);
	return t->magic == PKT_MAGIC && t->pool &&
	       (const u8 *)p == (const u8 *)packet_of(t->pool,
						      (struct pkt_tail *)t);
}

NDIS_STATUS ndl_packet_pool_create(NDIS_HANDLE *out, UINT n, UINT overflow,
				   UINT proto_len)
{
	struct pkt_pool *pool;
	u32 oob_off, elem;
	UINT i;

	*out = NULL;
	if (proto_len > 0x1000 || n > 0x10000 || overflow > 0x10000)
		return NDIS_STATUS_INVALID_LENGTH;
	oob_off = NDL_ALIGN_UP((u32)offsetof(NDIS_PACKET, ProtocolReserved) +
			       proto_len, 8u);
	elem = NDL_ALIGN_UP(oob_off + (u32)sizeof(NDIS_PACKET_OOB_DATA) +
			    (u32)sizeof(NDIS_PACKET_EXTENSION) +
			    (u32)sizeof(struct pkt_tail), 16u);
	if (elem < sizeof(NDIS_PACKET))
		elem = NDL_ALIGN_UP((u32)sizeof(NDIS_PACKET), 16u);
	pool = ndl_alloc_cat(sizeof(*pool), NDL_OS_ZERO |
			     ndl_alloc_flags_for_irql(), NDL_MEM_PACKETS);
	if (!pool)
		return NDIS_STATUS_RESOURCES;
	pool->magic = POOL_MAGIC;
	pool->elem_size = elem;
	pool->oob_off = oob_off;
	pool->count = n;
	pool->overflow_max = overflow;
	if (n) {
		pool->block = ndl_alloc_cat((size_t)n * elem, NDL_OS_ZERO |
					    ndl_alloc_flags_for_irql(),
					    NDL_MEM_PACKETS);
		if (!pool->block) {
			ndl_free(pool);
			return NDIS_STATUS_RESOURCES;
		}
	}
	for (i = n; i-- > 0;) {
		NDIS_PACKET *p = (NDIS_PACKET *)(pool->block + (size_t)i * elem);
		struct pkt_tail *t;

		p->Private.NdisPacketOobOffset = (USHORT)oob_off;
		t = tail_of(p);
		t->magic = PKT_MAGIC;
		t->pool = pool;
		t->next = pool->free;
		pool->free = t;
	}
	*out = pool;
	return NDIS_STATUS_SUCCESS;
}

void ndl_packet_pool_destroy(NDIS_HANDLE h)
{
	struct pkt_pool *pool = pool_get(h, "NdisFreePacketPool");

	if (!pool)
		return;
	if (pool->in_use) {
		/* Windows bug-checks; freeing would leave dangling packets. */
		ndl_err("NdisFreePacketPool: %u packet(s) of pool %p still allocated; pool kept",
			pool->in_use, h);
		return;
	}
	pool->magic = 0;
	ndl_free(pool->block);
	ndl_free(pool);
}

static void packet_reset(struct pkt_pool *pool, NDIS_PACKET *p)
{
	ndl_memset(p, 0, pool->oob_off + sizeof(NDIS_PACKET_OOB_DATA) +
		   sizeof(NDIS_PACKET_EXTENSION));
	p->Private.Pool = (struct _NDIS_PACKET_POOL *)pool;
	p->Private.NdisPacketOobOffset = (USHORT)pool->oob_off;
	p->Private.NdisPacketFlags = fPACKET_ALLOCATED_BY_NDIS;
}

NDIS_PACKET *ndl_packet_alloc(NDIS_HANDLE h)
{
	struct pkt_pool *pool = pool_get(h, "NdisAllocatePacket");
	struct pkt_tail *t = NULL;
	NDIS_PACKET *p;
	KIRQL old;

	if (!pool)
		return NULL;
	old = ndl_spin_lock_dpc(&pool->lock);
	if (pool->free) {
		t = pool->free;
		pool->free = t->next;
		pool->in_use++;
	} else if (pool->overflow_used < pool->overflow_max) {
		pool->overflow_used++;
		pool->in_use++;
	} else {
		ndl_spin_unlock_dpc(&pool->lock, old);
		return NULL;
	}
	ndl_spin_unlock_dpc(&pool->lock, old);
	if (!t) {
		p = ndl_alloc_cat(pool->elem_size, NDL_OS_ZERO | NDL_OS_ATOMIC,
				  NDL_MEM_PACKETS);
		if (!p) {
			old = ndl_spin_lock_dpc(&pool->lock);
			pool->overflow_used--;
			pool->in_use--;
			ndl_spin_unlock_dpc(&pool->lock, old);
			return NULL;
		}
		p->Private.NdisPacketOobOffset = (USHORT)pool->oob_off;
		t = tail_of(p);
		t->magic = PKT_MAGIC;
		t->pool = pool;
		t->overflow = true;
	}
	p = packet_of(pool, t);
	packet_reset(pool, p);
	t->next = NULL;
	t->owner = NULL;
	t->in_use = true;
	return p;
}

void ndl_packet_free(NDIS_PACKET *p)
{
	struct pkt_tail *t;
	struct pkt_pool *pool;
	KIRQL old;

	if (!ndl_packet_is_ours(p)) {
		ndl_err("NdisFreePacket: %p is not a packet NDIS allocated", p);
		return;
	}
	t = tail_of(p);
	pool = t->pool;
	if (!t->in_use) {
		ndl_err("NdisFreePacket: packet %p freed twice", p);
		return;
	}
	t->in_use = false;
	old = ndl_spin_lock_dpc(&pool->lock);
	pool->in_use--;
	if (t->overflow) {
		pool->overflow_used--;
	} else {
		t->next = pool->free;
		pool->free = t;
	}
	ndl_spin_unlock_dpc(&pool->lock, old);
	if (t->overflow) {
		t->magic = 0;
		ndl_free(p);
	}
}

void ndl_packet_reinit(NDIS_PACKET *p)
{
	p->Private.Head = p->Private.Tail = NULL;
	p->Private.ValidCounts = FALSE;
}

void **ndl_packet_owner(NDIS_PACKET *p)
{
	return &tail_of(p)->owner;
}

u32 ndl_packet_total_len(NDIS_PACKET *p)
{
	u32 n = 0;

	for (MDL *m = p->Private.Head; m; m = m->Next)
		n += m->ByteCount;
	return n;
}

/* ---- exports ------------------------------------------------------------------ */

void NTAPI ndlw_NdisAllocatePacketPoolEx(NDIS_STATUS *status, NDIS_HANDLE *pool,
					 UINT n, UINT overflow, UINT proto_len)
{
	*status = ndl_packet_pool_create(pool, n, overflow, proto_len);
}

void NTAPI ndlw_NdisAllocatePacketPool(NDIS_STATUS *status, NDIS_HANDLE *pool,
				       UINT n, UINT proto_len)
{
	*status = ndl_packet_pool_create(pool, n, 0, proto_len);
}

void NTAPI ndlw_NdisFreePacketPool(NDIS_HANDLE pool)
{
	ndl_packet_pool_destroy(pool);
}

UINT NTAPI ndlw_NdisPacketPoolUsage(NDIS_HANDLE h)
{
	struct pkt_pool *pool = pool_get(h, "NdisPacketPoolUsage");

	return pool ? pool->in_use : 0;
}

NDIS_HANDLE NTAPI ndlw_NdisGetPoolFromPacket(NDIS_PACKET *p)
{
	return p ? (NDIS_HANDLE)p->Private.Pool : NULL;
}

UINT NTAPI ndlw_NdisPacketSize(UINT proto_len)
{
	return NDL_ALIGN_UP(NDL_ALIGN_UP((u32)offsetof(NDIS_PACKET,
						       ProtocolReserved) +
					 proto_len, 8u) +
			    (u32)sizeof(NDIS_PACKET_OOB_DATA) +
			    (u32)sizeof(NDIS_PACKET_EXTENSION), 16u);
}

void NTAPI ndlw_NdisAllocatePacket(NDIS_STATUS *status, NDIS_PACKET **p,
				   NDIS_HANDLE pool)
{
	*p = ndl_packet_alloc(pool);
	*status = *p ? NDIS_STATUS_SUCCESS : NDIS_STATUS_RESOURCES;
}

void NTAPI ndlw_NdisFreePacket(NDIS_PACKET *p)
{
	ndl_packet_free(p);
}

void NTAPI ndlw_NdisReinitializePacket(NDIS_PACKET *p)
{
	ndl_packet_reinit(p);
}

void NTAPI ndlw_NdisUnchainBufferAtFront(NDIS_PACKET *p, MDL **out)
{
	MDL *m = p->Private.Head;

	*out = m;
	if (!m)
		return;
	p->Private.Head = m->Next;
	if (!m->Next)
		p->Private.Tail = NULL;
	m->Next = NULL;
	p->Private.ValidCounts = FALSE;
}

void NTAPI ndlw_NdisUnchainBufferAtBack(NDIS_PACKET *p, MDL **out)
{
	MDL *m = p->Private.Head, *prev = NULL;

	*out = NULL;
	if (!m)
		return;
	while (m->Next) {
		prev = m;
		m = m->Next;
	}
	if (prev)
		prev->Next = NULL;
	else
		p->Private.Head = NULL;
	p->Private.Tail = prev;
	p->Private.ValidCounts = FALSE;
	*out = m;
}

/* Chains b and the buffers linked after it in at the front or the back. */
static void chain_buffers(NDIS_PACKET *p, MDL *b, bool at_front)
{
	MDL *last = b;

	while (last->Next)
		last = last->Next;
	if (!p->Private.Head) {
		p->Private.Head = b;
		p->Private.Tail = last;
	} else if (at_front) {
		last->Next = p->Private.Head;
		p->Private.Head = b;
	} else {
		p->Private.Tail->Next = b;
		p->Private.Tail = last;
	}
	p->Private.ValidCounts = FALSE;
}

void NTAPI ndlw_NdisChainBufferAtFront(NDIS_PACKET *p, MDL *b)
{
	chain_buffers(p, b, true);
}

void NTAPI ndlw_NdisChainBufferAtBack(NDIS_PACKET *p, MDL *b)
{
	chain_buffers(p, b, false);
}

void NTAPI ndlw_NdisQueryPacket(NDIS_PACKET *p, UINT *phys, UINT *count,
				MDL **first, UINT *total)
{
	if (first)
		*first = p->Private.Head;
	if (!p->Private.ValidCounts) {
		UINT ph = 0, n = 0, len = 0;

		for (MDL *m = p->Private.Head; m; m = m->Next) {
			ph += ndl_mdl_span_pages(m);
			len += m->ByteCount;
			n++;
		}
		p->Private.PhysicalCount = ph;
		p->Private.TotalLength = len;
		p->Private.Count = n;
		p->Private.ValidCounts = TRUE;
	}
	if (phys)
		*phys = p->Private.PhysicalCount;
	if (count)
		*count = p->Private.Count;
	if (total)
		*total = p->Private.TotalLength;
}

void NTAPI ndlw_NdisGetFirstBufferFromPacketSafe(NDIS_PACKET *p, MDL **first,
						 void **va, UINT *first_len,
						 UINT *total, UINT priority)
{
	MDL *m = p->Private.Head;

	*first = m;
	*va = NULL;
	*first_len = *total = 0;
	if (!m)
		return;
	*va = ndl_mdl_va(m);
	*first_len = *total = m->ByteCount;
	for (m = m->Next; m; m = m->Next)
		*total += m->ByteCount;
}

void NTAPI ndlw_NdisGetFirstBufferFromPacket(NDIS_PACKET *p, MDL **first,
					     void **va, UINT *first_len,
					     UINT *total)
{
	ndlw_NdisGetFirstBufferFromPacketSafe(p, first, va, first_len, total, 0);
}

/* Copy bytes between two packets' buffer chains; *copied = bytes copied. */
void NTAPI ndlw_NdisCopyFromPacketToPacketSafe(NDIS_PACKET *dst, UINT doff,
					       UINT count, NDIS_PACKET *src,
					       UINT soff, UINT *copied,
					       UINT priority)
{
	MDL *dm = dst->Private.Head, *sm = src->Private.Head;
	UINT done = 0;

	while (dm && doff >= dm->ByteCount) {
		doff -= dm->ByteCount;
		dm = dm->Next;
	}
	while (sm && soff >= sm->ByteCount) {
		soff -= sm->ByteCount;
		sm = sm->Next;
	}
	while (dm && sm && done < count) {
		UINT n = dm->ByteCount - doff;

		if (n > sm->ByteCount - soff)
			n = sm->ByteCount - soff;
		if (n > count - done)
			n = count - done;
		ndl_memmove((u8 *)ndl_mdl_va(dm) + doff,
			    (u8 *)ndl_mdl_va(sm) + soff, n);
		done += n;
		doff += n;
		soff += n;
		if (doff == dm->ByteCount) {
			dm = dm->Next;
			doff = 0;
		}
		if (soff == sm->ByteCount) {
			sm = sm->Next;
			soff = 0;
		}
	}
	*copied = done;
}

void NTAPI ndlw_NdisCopyFromPacketToPacket(NDIS_PACKET *dst, UINT doff,
					   UINT count, NDIS_PACKET *src,
					   UINT soff, UINT *copied)
{
	ndlw_NdisCopyFromPacketToPacketSafe(dst, doff, count, src, soff, copied,
					    0);
}
