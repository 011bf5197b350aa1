// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reset and hang detection: MiniportReset (completing at once or through
 * NdisMResetComplete), the addressing restore NDIS does after a reset
 * that lost it, and MiniportCheckForHang run every
 * CheckForHangTimeInSeconds from a periodic timer. A miniport is treated
 * as hung when CheckForHang says so, or when a request (unless
 * NDIS_ATTRIBUTE_IGNORE_REQUEST_TIMEOUT) or a serialized send (unless
 * NDIS_ATTRIBUTE_IGNORE_PACKET_TIMEOUT) stays pending for two intervals;
 * NDIS then resets it. Each check also resubmits sends a serialized
 * miniport refused, so a miniport that never signals free resources
 * cannot stall the queue.
 */
#include "ndis/ndis_priv.h"

static void reset_done(struct ndl_adapter *ad, NDIS_STATUS st,
		       bool addressing)
{
	bool abort_req;
	KIRQL old;

	old = ndl_q_lock(ad);
	if (!ad->resetting) {
		/* Completed twice (inside MiniportReset and by its status). */
		ndl_q_unlock(ad, old);
		return;
	}
	abort_req = ad->reset_from_hang;
	ad->reset_from_hang = false;
	ad->reset_status = st;
	ad->stats.resets++;
	ndl_atomic_store(&ad->resetting, false);
	ndl_q_unlock(ad, old);
	ad->block.ResetStatus = st;
	if (st != NDIS_STATUS_SUCCESS)
		ndl_warn("%s: reset completed with 0x%08x", ad->name, st);
	/* The request the miniport sat on is not coming back. */
	if (abort_req)
		ndl_req_abort_current(ad);
	if (addressing)
		ndl_req_restore_addressing(ad);
	ndl_status_event(ad, NDL_STATUS_RESET_END, st, NULL, 0);
	ndl_os_waiter_wake(ad->reset_waiter);
	if (ad->state == NDL_AD_HALTING)
		ndl_os_waiter_wake(ad->idle_waiter);
	ndl_tx_unblock(ad);
	ndl_tx_kick(ad);
	ndl_req_kick(ad);
}

/* Start a reset (IRQL <= DISPATCH); -NDL_EBUSY if one is running. */
int ndl_reset_start(struct ndl_adapter *ad, bool from_hang)
{
	BOOLEAN addressing = FALSE;
	NDIS_STATUS st;
	KIRQL old;

	old = ndl_q_lock(ad);
	if (ad->resetting || ad->state != NDL_AD_RUNNING) {
		ndl_q_unlock(ad, old);
		return -NDL_EBUSY;
	}
	ndl_atomic_store(&ad->resetting, true);
	ad->reset_from_hang = from_hang;
	ndl_q_unlock(ad, old);
	ndl_status_event(ad, NDL_STATUS_RESET_START, NDIS_STATUS_RESET_START,
			 NULL, 0);
	if (!ndl_mp_enter(ad, &old)) {
		ndl_err("%s: reset requested from inside the miniport", ad->name);
		reset_done(ad, NDIS_STATUS_FAILURE, false);
		return -NDL_EBUSY;
	}
	if (ad->ndis6)
		st = ndl6_reset_call(ad, &addressing);
	else
		NDL_CALL_DRIVER(st, ndl_chars(ad)->ResetHandler, &addressing,
				ndl_ad_ctx(ad));
	ndl_mp_leave(ad, old);
	if (st != NDIS_STATUS_PENDING)
		reset_done(ad, st, addressing);
	return 0;
}

/* NdisMResetComplete */
void NTAPI ndl_reset_complete_handler(NDIS_HANDLE h, NDIS_STATUS st,
				      BOOLEAN addressing)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMResetComplete");

	if (!ad)
		return;
	if (!ndl_atomic_load(&ad->resetting)) {
		ndl_err("%s: NdisMResetComplete with no reset pending", ad->name);
		return;
	}
	reset_done(ad, st, addressing);
}

void NTAPI ndlw_NdisMResetComplete(NDIS_HANDLE h, NDIS_STATUS st,
				   BOOLEAN addressing)
{
	ndl_reset_complete_handler(h, st, addressing);
}

u32 ndl_adapter_reset(struct ndl_adapter *ad)
{
	u64 deadline;

	if (ndl_reset_start(ad, false))
		return ad->state == NDL_AD_RUNNING ?
		       NDIS_STATUS_RESET_IN_PROGRESS :
		       NDIS_STATUS_ADAPTER_NOT_READY;
	deadline = ndl_os_monotonic_ns();
	while (ndl_atomic_load(&ad->resetting)) {
		deadline += 10ull * 1000 * 1000;
		if (ndl_os_waiter_wait(ad->reset_waiter, deadline) ==
		    NDL_OS_WAIT_DEADLOCK && ndl_atomic_load(&ad->resetting)) {
			ndl_err("%s: the miniport's reset can never complete",
				ad->name);
			return NDIS_STATUS_FAILURE;
		}
	}
	return ad->reset_status;
}

bool ndl_adapter_check_for_hang(struct ndl_adapter *ad)
{
	W_CHECK_FOR_HANG_HANDLER fn = ndl_chars(ad)->CheckForHangHandler;
	u64 limit = 2ull * ad->hang_secs * 1000 * 1000 * 1000;
	BOOLEAN hung = FALSE;
	bool req_late = false;
	KIRQL old;

	if (ad->state != NDL_AD_RUNNING || ndl_atomic_load(&ad->resetting))
		return false;
	if (ad->ndis6) {
		/* MiniportCheckForHangEx, at the caller's IRQL (PASSIVE) */
		hung = ndl6_check_for_hang_call(ad);
	} else if (fn) {
		if (!ndl_mp_enter(ad, &old))
			return false;
		NDL_CALL_DRIVER(hung, fn, ndl_ad_ctx(ad));
		ndl_mp_leave(ad, old);
	}
	if (!(ad->attributes & NDIS_ATTRIBUTE_IGNORE_REQUEST_TIMEOUT) &&
	    ndl_req_timed_out(ad, limit)) {
		ndl_warn("%s: a request is pending for over %u s", ad->name,
			 2 * ad->hang_secs);
		req_late = true;
	}
	if (!ad->deserialized &&
	    !(ad->attributes & NDIS_ATTRIBUTE_IGNORE_PACKET_TIMEOUT) &&
	    ndl_tx_timed_out(ad, limit)) {
		ndl_warn("%s: a send is pending for over %u s", ad->name,
			 2 * ad->hang_secs);
		hung = TRUE;
	}
	ndl_tx_unblock(ad);
	if (!hung && !req_late)
		return false;
	ad->stats.hangs++;
	ndl_warn("%s: miniport hung: resetting", ad->name);
	ndl_status_event(ad, NDL_STATUS_HUNG, NDIS_STATUS_FAILURE, NULL, 0);
	ndl_reset_start(ad, req_late);
	return true;
}

static void NTAPI hang_dpc(KDPC *dpc, void *ctx, void *a1, void *a2)
{
	struct ndl_adapter *ad = ctx;

	if (ad->ndis6)		/* MiniportCheckForHangEx runs at PASSIVE */
		ndl6_hang_tick(ad);
	else
		ndl_adapter_check_for_hang(ad);
}

void ndl_hang_timer_start(struct ndl_adapter *ad)
{
	u32 ms = ad->hang_secs * 1000;

	ndlw_KeInitializeTimer(&ad->hang_timer);
	ndlw_KeInitializeDpc(&ad->hang_dpc, hang_dpc, ad);
	ndlw_KeSetTimerEx(&ad->hang_timer, ndl_due_ms(ms), (LONG)ms,
			  &ad->hang_dpc);
	ad->hang_armed = true;
}

/* PASSIVE: after this no check runs. */
void ndl_hang_timer_stop(struct ndl_adapter *ad)
{
	if (!ad->hang_armed)
		return;
	ndlw_KeCancelTimer(&ad->hang_timer);
	ndlw_KeRemoveQueueDpc(&ad->hang_dpc);
	ndl_dpc_flush();
	ad->hang_armed = false;
}
