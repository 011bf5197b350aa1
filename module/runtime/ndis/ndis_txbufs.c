// SPDX-License-Identifier: GPL-2.0-only
/*
 * A send slot's buffers, for either NDIS generation: the MDLs that
 * describe a host frame's fragments where they lie, and the linear copy
 * for a frame they cannot describe. A slot starts with NDL_TX_SLOT_MDLS
 * MDLs (a header and one fragment: the common frame); a frame in more
 * pieces adds MDLs (the array grows by doubling, up to NDL_TX_MAX_FRAGS),
 * a longer piece gets an MDL with more PFN room, and the slot keeps all
 * of it, so the steady state allocates nothing per frame. Growth runs at
 * the send's IRQL (atomic memory at DISPATCH_LEVEL) and may fail: the
 * caller then sends the linear copy.
 */
#include "ndis/ndis_priv.h"

/* PFN room of a new MDL: 2 pages cover any piece of up to 4 KiB + 1. */
#define TX_MDL_PAGES	2

int ndl_tx_bufs_init(struct ndl_tx_bufs *b)
{
	ndl_memset(b, 0, sizeof(*b));
	b->mdl = b->small;
	b->cap = NDL_TX_SLOT_MDLS;
	for (; b->n < NDL_TX_SLOT_MDLS; b->n++) {
		b->small[b->n] = ndl_mdl_alloc_pages(TX_MDL_PAGES,
						     NDL_MEM_SEND);
		if (!b->small[b->n])
			return -NDL_ENOMEM;
	}
	return 0;
}

void ndl_tx_bufs_free(struct ndl_tx_bufs *b)
{
	for (u32 k = 0; k < b->n; k++)
		ndl_free(b->mdl[k]);
	if (b->mdl != b->small)
		ndl_free(b->mdl);
	ndl_free(b->linear);
	ndl_memset(b, 0, sizeof(*b));
}

/* Twice the room in the MDL array (at most NDL_TX_MAX_FRAGS). */
static int grow_array(struct ndl_tx_bufs *b)
{
	MDL **arr;
	u32 cap = 2 * b->cap;

	if (cap > NDL_TX_MAX_FRAGS)
		cap = NDL_TX_MAX_FRAGS;
	if (cap <= b->cap)
		return -NDL_ENOMEM;
	arr = ndl_alloc_cat(cap * sizeof(*arr),
			    NDL_OS_ZERO | ndl_alloc_flags_for_irql(),
			    NDL_MEM_SEND);
	if (!arr)
		return -NDL_ENOMEM;
	ndl_memcpy(arr, b->mdl, b->n * sizeof(*arr));
	if (b->mdl != b->small)
		ndl_free(b->mdl);
	b->mdl = arr;
	b->cap = cap;
	return 0;
}

/* MDL k (at most one past the last) with PFN room for that many pages. */
static int mdl_room(struct ndl_tx_bufs *b, u32 k, u32 pages)
{
	MDL *m;

	if (k < b->n &&
	    sizeof(MDL) + pages * sizeof(PFN_NUMBER) <= (u32)b->mdl[k]->Size)
		return 0;
	if (k == b->cap && grow_array(b))
		return -NDL_ENOMEM;
	m = ndl_mdl_alloc_pages(pages > TX_MDL_PAGES ? pages : TX_MDL_PAGES,
				NDL_MEM_SEND);
	if (!m)
		return -NDL_ENOMEM;
	if (k < b->n)
		ndl_free(b->mdl[k]);
	else
		b->n++;
	b->mdl[k] = m;
	return 0;
}

/*
 * An MDL with enough PFN room for each non-empty fragment: -NDL_ENOMEM if
 * it could not grow (what it did grow stays).
 */
static int bufs_room(struct ndl_tx_bufs *b, const struct ndl_frag *frags,
		     u32 nfrags)
{
	u32 i, k = 0;

	for (i = 0; i < nfrags; i++) {
		if (!frags[i].len)
			continue;
		if (mdl_room(b, k++, ndl_span_pages(frags[i].va, frags[i].len)))
			return -NDL_ENOMEM;
	}
	return 0;
}

/* The chain over the non-empty fragments (after bufs_room). */
static MDL *bufs_chain(struct ndl_tx_bufs *b, const struct ndl_frag *frags,
		       u32 nfrags)
{
	MDL *prev = NULL;
	u32 i, k = 0;

	for (i = 0; i < nfrags; i++) {
		MDL *m;

		if (!frags[i].len)
			continue;
		m = b->mdl[k++];
		ndl_mdl_set(m, frags[i].va, frags[i].len);
		m->Next = NULL;
		if (prev)
			prev->Next = m;
		prev = m;
	}
	return k ? b->mdl[0] : NULL;
}

/*
 * The fragments copied into b's linear buffer (grown to hold total if
 * needed, kept for the next frame); *one describes the copy. Atomic
 * memory is physically contiguous: one DMA mapping covers the copy,
 * whatever the miniport does with it.
 */
static int bufs_linearize(struct ndl_tx_bufs *b, const struct ndl_frag *frags,
			  u32 nfrags, u32 total, struct ndl_frag *one)
{
	u32 i, off = 0;

	if (total > b->linear_size) {
		u32 size = total < 2048 ? 2048 : total;
		u8 *buf = ndl_alloc_cat(size, NDL_OS_ATOMIC, NDL_MEM_SEND);

		if (!buf)
			return -NDL_ENOMEM;
		ndl_free(b->linear);
		b->linear = buf;
		b->linear_size = size;
	}
	for (i = 0; i < nfrags; i++) {
		if (!frags[i].len)	/* its va may be NULL */
			continue;
		ndl_memcpy(b->linear + off, frags[i].va, frags[i].len);
		off += frags[i].len;
	}
	one->va = b->linear;
	one->len = total;
	return 0;
}

u32 ndl_frags_used(const struct ndl_frag *frags, u32 nfrags)
{
	u32 i, used = 0;

	for (i = 0; i < nfrags; i++)
		used += frags[i].len != 0;
	return used;
}

MDL *ndl_tx_bufs_frame(struct ndl_adapter *ad, struct ndl_tx_bufs *b,
		       const struct ndl_frag *frags, u32 nfrags, u32 used,
		       u32 total, bool one_buffer)
{
	struct ndl_frag one;

	if ((used < 2 || !one_buffer) && !bufs_room(b, frags, nfrags)) {
		if (used > 1)
			ndl_atomic_add(&ad->stats.tx_multi_buffer, 1);
		return bufs_chain(b, frags, nfrags);
	}
	if (bufs_linearize(b, frags, nfrags, total, &one) ||
	    bufs_room(b, &one, 1))
		return NULL;
	ndl_atomic_add(&ad->stats.tx_linearized, 1);
	return bufs_chain(b, &one, 1);
}
