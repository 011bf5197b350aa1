// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the user host's DMA pool allocator (module/user/
 * dma_pool.c): shared memory (ndl_os_dma_alloc) and bounce buffers of
 * streaming mappings (ndl_os_dma_map) against its guarantees: inside the
 * pool, below 4 GiB, page-aligned from 4 KiB up, zeroed shared memory,
 * no overlap, an allocation fails only when no free piece is big enough,
 * bad and double frees refused.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common.h"

#define CHUNK		256u
#define NR_CHUNKS	(NDL_USER_DMA_SIZE / CHUNK)
#define POOL_END	(NDL_USER_DMA_BUS + NDL_USER_DMA_SIZE)

static bool in_pool(u64 bus, size_t len)
{
	return bus >= NDL_USER_DMA_BUS && bus + len <= POOL_END &&
	       bus + len <= 1ull << 32;
}

/* Shared memory: where it is, aligned as promised, zeroed. */
static void test_alloc_placement(void)
{
	static const size_t sizes[] = { 1, 255, 256, 257, 1514, 4095, 4096,
					6000, 65536, 1 << 20 };
	void *va[NDL_ARRAY_SIZE(sizes)];
	u64 bus[NDL_ARRAY_SIZE(sizes)];

	for (size_t i = 0; i < NDL_ARRAY_SIZE(sizes); i++) {
		u8 *p = ndl_os_dma_alloc(NULL, sizes[i], &bus[i], 32);
		bool zero = true;

		va[i] = p;
		CHECK(p != NULL);
		if (!p)
			continue;
		CHECK(in_pool(bus[i], sizes[i]));
		CHECK(ndl_user_dma_bus_to_va(bus[i], sizes[i]) == p);
		CHECK_EQ_INT(ndl_os_virt_to_phys(p), bus[i]);
		CHECK_EQ_INT(bus[i] % CHUNK, 0);
		if (sizes[i] >= 4096)
			CHECK_EQ_INT(bus[i] & 0xfff, 0);
		for (size_t k = 0; k < sizes[i]; k++)
			zero &= !p[k];
		CHECK(zero);
		memset(p, 0xa5, sizes[i]);	/* stale data for the next user */
	}
	for (size_t i = 0; i < NDL_ARRAY_SIZE(sizes); i++)
		ndl_os_dma_free(NULL, sizes[i], va[i], bus[i]);
	/* the same memory again (lowest fit): zeroed despite the 0xa5 */
	for (size_t i = 0; i < NDL_ARRAY_SIZE(sizes); i++) {
		u8 *p = ndl_os_dma_alloc(NULL, sizes[i], &bus[i], 32);
		bool zero = true;

		va[i] = p;
		CHECK(p != NULL);
		for (size_t k = 0; p && k < sizes[i]; k++)
			zero &= !p[k];
		CHECK(zero);
	}
	for (size_t i = 0; i < NDL_ARRAY_SIZE(sizes); i++)
		ndl_os_dma_free(NULL, sizes[i], va[i], bus[i]);
	CHECK(!ndl_os_dma_alloc(NULL, 0, &bus[0], 32));
	CHECK(!ndl_os_dma_alloc(NULL, NDL_USER_DMA_SIZE + 1, &bus[0], 32));
	CHECK(!ndl_os_dma_alloc(NULL, (size_t)-1, &bus[0], 32));
}

/*
 * The device sees the caller's bytes in every direction; on unmap the
 * device's writes come back unless the mapping was to the device only,
 * and what the device did not write comes back unchanged.
 */
static void test_bounce_directions(void)
{
	static const enum ndl_os_dma_dir dirs[] = {
		NDL_OS_DMA_TO_DEVICE, NDL_OS_DMA_FROM_DEVICE, NDL_OS_DMA_BIDIR,
	};

	for (size_t i = 0; i < NDL_ARRAY_SIZE(dirs); i++) {
		u8 buf[1514], *dev;
		u64 bus;

		memset(buf, 'h', sizeof(buf));
		CHECK(ndl_os_dma_map(NULL, buf, sizeof(buf), dirs[i], 32, &bus));
		CHECK(in_pool(bus, sizeof(buf)));
		dev = ndl_user_dma_bus_to_va(bus, sizeof(buf));
		if (!dev)
			continue;
		CHECK(dev != buf && dev[0] == 'h' && dev[1513] == 'h');
		memcpy(dev + 10, "device", 6);
		CHECK_EQ_INT(buf[10], 'h');		/* not before unmap */
		ndl_os_dma_unmap(NULL, bus, sizeof(buf), dirs[i]);
		if (dirs[i] == NDL_OS_DMA_TO_DEVICE)
			CHECK(buf[10] == 'h');
		else
			CHECK(!memcmp(buf + 10, "device", 6));
		CHECK(buf[0] == 'h' && buf[9] == 'h' && buf[16] == 'h' &&
		      buf[1513] == 'h');
	}
	/*
	 * A bounce buffer lies within one 4 KiB page of bus addresses (a
	 * page-sized one page-aligned); a mapping over a page is refused,
	 * the caller maps it a page at a time: QEMU 7.2's e1000e drops a
	 * frame whose buffer crosses a page its IOMMU mapped elsewhere.
	 */
	{
		static u8 big[9000];
		u64 bus[40];

		CHECK(!ndl_os_dma_map(NULL, big, 4097, NDL_OS_DMA_TO_DEVICE,
				      32, &bus[0]));
		CHECK(ndl_os_dma_map(NULL, big, 4096, NDL_OS_DMA_TO_DEVICE,
				     32, &bus[0]));
		CHECK(in_pool(bus[0], 4096) && !(bus[0] & 0xfff));
		ndl_os_dma_unmap(NULL, bus[0], 4096, NDL_OS_DMA_TO_DEVICE);
		for (int i = 0; i < 40; i++) {
			CHECK(ndl_os_dma_map(NULL, big, 1514,
					     NDL_OS_DMA_TO_DEVICE, 32, &bus[i]));
			CHECK((bus[i] & 0xfff) + 1514 <= 4096);
		}
		for (int i = 0; i < 40; i++)
			ndl_os_dma_unmap(NULL, bus[i], 1514,
					 NDL_OS_DMA_TO_DEVICE);
	}
}

/* Full pool: allocations and mappings fail; after a free they succeed. */
static void test_exhaustion(void)
{
	enum { MIB = 1 << 20, N = NDL_USER_DMA_SIZE / MIB };
	void *va[N + 1];
	u64 bus[N + 1], b;
	u8 frame[64] = { 0 };
	int got = 0;

	while (got <= N && (va[got] = ndl_os_dma_alloc(NULL, MIB, &bus[got], 32)))
		got++;
	CHECK_EQ_INT(got, N);			/* all of it, nothing more */
	CHECK(!ndl_os_dma_alloc(NULL, 1, &b, 32));
	CHECK(!ndl_os_dma_map(NULL, frame, sizeof(frame), NDL_OS_DMA_TO_DEVICE,
			      32, &b));
	if (got < 2)
		return;
	ndl_os_dma_free(NULL, MIB, va[1], bus[1]);
	CHECK(ndl_os_dma_map(NULL, frame, sizeof(frame), NDL_OS_DMA_TO_DEVICE,
			     32, &b));
	CHECK(b >= bus[1] && b + sizeof(frame) <= bus[1] + MIB);
	ndl_os_dma_unmap(NULL, b, sizeof(frame), NDL_OS_DMA_TO_DEVICE);
	va[1] = ndl_os_dma_alloc(NULL, MIB, &bus[1], 32);
	CHECK(va[1] != NULL);
	for (int i = 0; i < got; i++)
		if (va[i])
			ndl_os_dma_free(NULL, MIB, va[i], bus[i]);
	va[0] = ndl_os_dma_alloc(NULL, NDL_USER_DMA_SIZE, &bus[0], 32);
	CHECK(va[0] != NULL);			/* everything came back */
	ndl_os_dma_free(NULL, NDL_USER_DMA_SIZE, va[0], bus[0]);
}

/*
 * Random shared allocations and streaming mappings, freed at random,
 * against a model of which chunk belongs to whom: nothing overlaps,
 * nobody's bytes are overwritten, and an allocation fails only when the
 * model has no free run for it.
 */
#define LIVE_MAX 2000
static struct live {
	u8 *va;
	u64 bus;
	size_t len;
	bool mapped;
	u8 *src;		/* mapped: the caller's buffer */
	u8 tag;
} live[LIVE_MAX];
static u16 owner[NR_CHUNKS];	/* 0: free, else live index + 1 */

static size_t chunks_of(size_t len)
{
	return (len + CHUNK - 1) / CHUNK;
}

static bool model_has_run(size_t len, bool mapped)
{
	size_t n = chunks_of(len), align = len >= 4096 ? 4096 / CHUNK : 1;

	for (size_t i = 0; i + n <= NR_CHUNKS; i += align) {
		size_t k = 0;

		if (mapped && i % (4096 / CHUNK) + n > 4096 / CHUNK)
			continue;	/* a bounce buffer stays in its page */

		while (k < n && !owner[i + k])
			k++;
		if (k == n)
			return true;
	}
	return false;
}

static bool model_take(int id)
{
	size_t first = (live[id].bus - NDL_USER_DMA_BUS) / CHUNK;
	bool ok = true;

	for (size_t i = first; i < first + chunks_of(live[id].len); i++) {
		ok &= !owner[i];
		owner[i] = (u16)(id + 1);
	}
	return ok;
}

static void model_drop(int id)
{
	size_t first = (live[id].bus - NDL_USER_DMA_BUS) / CHUNK;

	for (size_t i = first; i < first + chunks_of(live[id].len); i++)
		owner[i] = 0;
}

/* A tag in the first and last byte of each chunk (whole memsets are slow under valgrind). */
static void tag(const struct live *l)
{
	for (size_t i = 0; i < l->len; i += CHUNK) {
		l->va[i] = l->tag;
		l->va[i + CHUNK - 1 < l->len ? i + CHUNK - 1 : l->len - 1] = l->tag;
	}
}

static bool intact(const struct live *l)
{
	for (size_t i = 0; i < l->len; i += CHUNK)
		if (l->va[i] != l->tag ||
		    l->va[i + CHUNK - 1 < l->len ? i + CHUNK - 1 : l->len - 1] != l->tag)
			return false;
	return true;
}

static int nr_mapped, checked_fails;

static void release(int id)
{
	struct live *l = &live[id];

	CHECK(intact(l));
	model_drop(id);
	if (l->mapped) {
		ndl_os_dma_unmap(NULL, l->bus, l->len, NDL_OS_DMA_BIDIR);
		CHECK(l->src[0] == l->tag && l->src[l->len - 1] == l->tag);
		free(l->src);
		nr_mapped--;
	} else {
		ndl_os_dma_free(NULL, l->len, l->va, l->bus);
	}
	l->va = NULL;
}

static void test_random_against_model(void)
{
	int failures = 0, overlaps = 0, wrong_fail = 0, placed = 0;
	size_t big = 2u << 20;

	srand(21);
	memset(owner, 0, sizeof(owner));
	for (int step = 0; step < 20000; step++) {
		int id = rand() % LIVE_MAX;
		struct live *l = &live[id];

		if (l->va) {
			release(id);
			continue;
		}
		l->mapped = rand() % 4 != 0;
		l->len = l->mapped ? 14 + (size_t)(rand() % 1501) :
			 rand() % 8 ? 1 + (size_t)(rand() % 3000) :
			 1 + (size_t)rand() % big;
		l->tag = (u8)(1 + id % 255);
		if (l->mapped) {
			l->src = malloc(l->len);
			if (!l->src)
				continue;
			memset(l->src, l->tag, l->len);
			if (ndl_os_dma_map(NULL, l->src, l->len, NDL_OS_DMA_BIDIR,
					   32, &l->bus)) {
				l->va = ndl_user_dma_bus_to_va(l->bus, l->len);
				nr_mapped++;
			} else {
				free(l->src);
			}
		} else {
			l->va = ndl_os_dma_alloc(NULL, l->len, &l->bus, 32);
			if (l->va)
				tag(l);
		}
		if (!l->va) {
			failures++;
			/* the model's search is slow: check a few hundred */
			if ((!l->mapped || nr_mapped < 1024) &&
			    checked_fails++ < 300)
				wrong_fail += model_has_run(l->len, l->mapped);
			continue;
		}
		placed++;
		if (!in_pool(l->bus, l->len) || l->bus % CHUNK ||
		    (l->len >= 4096 && l->bus & 0xfff) ||
		    (l->mapped && (l->bus & 0xfff) + l->len > 4096) ||
		    !model_take(id))
			overlaps++;
	}
	CHECK_EQ_INT(overlaps, 0);
	CHECK_EQ_INT(wrong_fail, 0);
	CHECK(placed > 5000 && failures > 20);	/* the pool was full at times */
	for (int id = 0; id < LIVE_MAX; id++)
		if (live[id].va)
			release(id);
	/* everything came back in one piece */
	{
		u64 bus;
		void *all = ndl_os_dma_alloc(NULL, NDL_USER_DMA_SIZE, &bus, 32);

		CHECK(all != NULL);
		ndl_os_dma_free(NULL, NDL_USER_DMA_SIZE, all, bus);
	}
}

/*
 * Long-lived small blocks allocated among per-packet mappings, for more
 * packets than the pool holds, must not scatter over the pool: a large
 * page-aligned block still fits afterwards, as the free space allows.
 */
static void test_fragmentation(void)
{
	enum { PACKETS = 8, ROUNDS = 4000, KEEP = 300 };
	static void *kept[ROUNDS];
	static u64 kept_bus[ROUNDS];
	static u8 frame[1514];
	u64 bus[PACKETS], big_bus;
	void *big;

	for (int r = 0; r < ROUNDS; r++) {
		for (int p = 0; p < PACKETS; p++)
			CHECK(ndl_os_dma_map(NULL, frame, sizeof(frame),
					     NDL_OS_DMA_TO_DEVICE, 32, &bus[p]));
		kept[r] = ndl_os_dma_alloc(NULL, KEEP, &kept_bus[r], 32);
		CHECK(kept[r] != NULL);
		for (int p = 0; p < PACKETS; p++)
			ndl_os_dma_unmap(NULL, bus[p], sizeof(frame),
					 NDL_OS_DMA_TO_DEVICE);
	}
	/* 4000 * 512 bytes kept: 2 MiB; half of the pool in one piece */
	big = ndl_os_dma_alloc(NULL, NDL_USER_DMA_SIZE / 2, &big_bus, 32);
	CHECK(big != NULL);
	if (big)
		ndl_os_dma_free(NULL, NDL_USER_DMA_SIZE / 2, big, big_bus);
	for (int r = 0; r < ROUNDS; r++)
		if (kept[r])
			ndl_os_dma_free(NULL, KEEP, kept[r], kept_bus[r]);
}

/* Frees that do not name a live allocation exactly change nothing. */
static void test_bad_free(void)
{
	static u8 not_pool[512];
	u64 bus, bus2, b;
	u8 *a = ndl_os_dma_alloc(NULL, 1000, &bus, 32), *c;
	u8 frame[100];

	CHECK(a != NULL);
	if (!a)
		return;
	memset(a, 0x5a, 1000);
	log_clear();
	ndl_os_dma_free(NULL, 1000, not_pool, 0);
	CHECK(log_contains("outside the pool"));
	ndl_os_dma_free(NULL, 1000, NULL, 0);
	ndl_os_dma_free(NULL, 1000, a + (NDL_USER_DMA_SIZE), 0);
	log_clear();
	ndl_os_dma_free(NULL, 744, a + 256, bus + 256);	/* inside it */
	CHECK(log_contains("not allocated"));
	log_clear();
	ndl_os_dma_free(NULL, 999, a + 1, bus + 1);	/* unaligned */
	CHECK(log_contains("DMA free"));
	log_clear();
	ndl_os_dma_free(NULL, 3000, a, bus);		/* another size */
	CHECK(log_contains("another size"));
	/* still allocated: nothing new lands on it */
	c = ndl_os_dma_alloc(NULL, 1000, &bus2, 32);
	CHECK(c && (bus2 >= bus + 1000 || bus2 + 1000 <= bus));
	{
		bool kept = true;

		for (int i = 0; i < 1000; i++)
			kept &= a[i] == 0x5a;
		CHECK(kept);
	}
	log_clear();
	ndl_os_dma_free(NULL, 1000, a, bus);
	CHECK(!log_contains("DMA free"));
	ndl_os_dma_free(NULL, 1000, a, bus);		/* double free */
	CHECK(log_contains("double free"));
	ndl_os_dma_free(NULL, 1000, c, bus2);
	/* unmaps of what was never mapped, and twice */
	log_clear();
	ndl_os_dma_unmap(NULL, NDL_USER_DMA_BUS + 4096, 100, NDL_OS_DMA_BIDIR);
	CHECK(log_contains("never mapped"));
	ndl_os_dma_unmap(NULL, 0, 100, NDL_OS_DMA_BIDIR);
	ndl_os_dma_unmap(NULL, ~0ull, 100, NDL_OS_DMA_BIDIR);
	memset(frame, 1, sizeof(frame));
	CHECK(ndl_os_dma_map(NULL, frame, sizeof(frame), NDL_OS_DMA_BIDIR, 32,
			     &b));
	ndl_os_dma_unmap(NULL, b, sizeof(frame), NDL_OS_DMA_BIDIR);
	log_clear();
	ndl_os_dma_unmap(NULL, b, sizeof(frame), NDL_OS_DMA_BIDIR);
	CHECK(log_contains("never mapped"));
	CHECK(!ndl_os_dma_map(NULL, NULL, 10, NDL_OS_DMA_BIDIR, 32, &b));
	CHECK(!ndl_os_dma_map(NULL, frame, 0, NDL_OS_DMA_BIDIR, 32, &b));
}

int main(void)
{
	int rc;

	test_init();
	RUN(test_alloc_placement);
	RUN(test_bounce_directions);
	RUN(test_exhaustion);
	RUN(test_random_against_model);
	RUN(test_fragmentation);
	RUN(test_bad_free);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
