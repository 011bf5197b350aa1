// SPDX-License-Identifier: GPL-2.0-only
/*
 * The list of loaded images: answers "which driver owns this address"
 * (diagnostics, fault emulation) and keeps KUSER_SHARED_DATA fresh while
 * an image reads it inline.
 */
#include "pe/pe.h"
#include "nt/nt_api.h"
#include "nt/nt_sync.h"
#include "core/intrinsics.h"

static KSPIN_LOCK images_lock;
static struct ndl_image *images;
static u32 kusd_users;
static KTIMER kusd_timer;

/* A periodic timer with no DPC: ndl_rt_run_timers refreshes the page. */
static void kusd_users_changed(int delta)
{
	LARGE_INTEGER due = { .QuadPart = -156250 };

	kusd_users += delta;
	if (kusd_users == 1 && delta > 0) {
		ndlw_KeInitializeTimer(&kusd_timer);
		ndlw_KeSetTimerEx(&kusd_timer, due, 15, NULL);
	} else if (kusd_users == 0 && delta < 0) {
		ndlw_KeCancelTimer(&kusd_timer);
	}
}

void ndl_image_register(struct ndl_image *img)
{
	KIRQL old = ndl_lock_any(&images_lock);

	img->next = images;
	images = img;
	ndl_unlock_any(&images_lock, old);
	if (img->kusd_refs)
		kusd_users_changed(1);
}

void ndl_image_unregister(struct ndl_image *img)
{
	KIRQL old = ndl_lock_any(&images_lock);
	struct ndl_image **p;

	for (p = &images; *p; p = &(*p)->next) {
		if (*p == img) {
			*p = img->next;
			break;
		}
	}
	ndl_unlock_any(&images_lock, old);
	if (img->kusd_refs)
		kusd_users_changed(-1);
}

struct ndl_image *ndl_image_containing(const void *addr)
{
	KIRQL old = ndl_lock_any(&images_lock);
	struct ndl_image *img;

	for (img = images; img; img = img->next)
		if (ndl_pe_contains(img, addr))
			break;
	ndl_unlock_any(&images_lock, old);
	return img;
}
