// SPDX-License-Identifier: GPL-2.0-only
/*
 * The receive path of a bound device. While the interface is up, the
 * miniport's interrupt DPC (MiniportHandleInterrupt) runs inside the NAPI
 * poll: the ISR schedules NAPI instead of queueing a KDPC, each frame the
 * DPC indicates is copied into an skb (the miniport owns its buffers) and
 * batched without a lock, and the poll hands the batch to GRO once the
 * Windows code has returned — one softirq pass per interrupt, as for
 * Linux's own drivers, and the network stack never runs inside the FPU
 * section (or with IBT off) that Windows code needs. Frames indicated from
 * anywhere else (timers, other DPCs, an interface going down) are queued
 * for the poll. Checksums are marked verified only when the miniport said
 * so for that frame.
 */
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>

#include "ndl.h"
#include "adapter.h"
#include "fpu.h"
#include "stack.h"

#define NDL_RX_QUEUE_MAX	1024	/* frames waiting for NAPI, at most */
#define NDL_RX_DPC_DUE		0

/* The device whose interrupt DPC this CPU's receive poll is running. */
static DEFINE_PER_CPU(struct ndl_bound *, ndl_rx_polling);

void ndl_rxq_receive(void *ctx, const struct ndl_rx_frame *frame)
{
	struct ndl_bound *b = ctx;
	struct net_device *dev = b->netdev;
	struct sk_buff *skb;

	if (!READ_ONCE(b->registered) || !netif_running(dev) ||
	    frame->len < ETH_HLEN ||
	    skb_queue_len_lockless(&b->rxq) >= NDL_RX_QUEUE_MAX) {
		atomic64_inc(&b->rx_dropped);
		return;
	}
	ndl_fpu_pause_rt();
	/* A DPC runs with bottom halves off: the per-CPU NAPI cache is ours. */
	if (in_softirq())
		skb = napi_alloc_skb(&b->napi, frame->len);
	else
		skb = netdev_alloc_skb_ip_align(dev, frame->len);
	if (!skb) {
		atomic64_inc(&b->rx_dropped);
		goto out;
	}
	/* A new skb of frame->len: __skb_put, without skb_put's check. */
	if (ndl_rx_frame_copy(frame, __skb_put(skb, frame->len), frame->len) !=
	    frame->len) {
		atomic64_inc(&b->rx_errors);
		dev_kfree_skb_any(skb);
		goto out;
	}
	skb->protocol = eth_type_trans(skb, dev);
	if (ndl_rx_frame_csum_ok(frame) && (dev->features & NETIF_F_RXCSUM))
		skb->ip_summed = CHECKSUM_UNNECESSARY;
	if (frame->flags & NDL_RX_VLAN)
		__vlan_hwaccel_put_tag(skb, htons(ETH_P_8021Q), frame->vlan_tci);
	/* rx_unicast: ndisload doctor looks at it. */
	ndl_count_rx(b, frame->len, skb->pkt_type == PACKET_HOST,
		     skb->ip_summed == CHECKSUM_UNNECESSARY);
	if (in_softirq() && this_cpu_read(ndl_rx_polling) == b) {
		__skb_queue_tail(&b->rx_batch, skb);
	} else {
		skb_queue_tail(&b->rxq, skb);
		napi_schedule(&b->napi);
	}
out:
	ndl_fpu_resume_rt();
}

void ndl_rxq_receive_complete(void *ctx)
{
	struct ndl_bound *b = ctx;

	if (!skb_queue_empty_lockless(&b->rxq)) {
		ndl_fpu_pause_rt();
		napi_schedule(&b->napi);
		ndl_fpu_resume_rt();
	}
}

/* From the ISR (hard irq, or its thread on PREEMPT_RT). */
bool ndl_rxq_interrupt_dpc(void *ctx)
{
	struct ndl_bound *b = ctx;
	unsigned long flags;
	bool taken;

	raw_spin_lock_irqsave(&b->rx_dpc_lock, flags);
	taken = b->rx_dpc_on;
	if (taken) {
		set_bit(NDL_RX_DPC_DUE, &b->rx_dpc_due);
		napi_schedule(&b->napi);
	}
	raw_spin_unlock_irqrestore(&b->rx_dpc_lock, flags);
	return taken;
}

static long ndl_rxq_dpc_on_stack(void *arg)
{
	struct ndl_bound *b = arg;

	ndl_adapter_interrupt_dpc(b->ad);
	return 0;
}

static int ndl_rxq_poll(struct napi_struct *napi, int budget)
{
	struct ndl_bound *b = container_of(napi, struct ndl_bound, napi);
	struct sk_buff *skb;
	int done = 0;

	if (!budget)
		return 0;	/* netpoll: there is no transmit work here */
	if (test_and_clear_bit(NDL_RX_DPC_DUE, &b->rx_dpc_due)) {
		this_cpu_write(ndl_rx_polling, b);
		ndl_stack_run(ndl_rxq_dpc_on_stack, b, -1);
		this_cpu_write(ndl_rx_polling, NULL);
		/* The DPC runs once per interrupt, as on Windows, however
		 * many frames it brings: count them short of the budget.
		 */
		while ((skb = __skb_dequeue(&b->rx_batch))) {
			napi_gro_receive(napi, skb);
			done++;
		}
		done = min(done, budget - 1);
	}
	while (done < budget && (skb = skb_dequeue(&b->rxq))) {
		napi_gro_receive(napi, skb);
		done++;
	}
	/* Anything queued or due after the last look schedules NAPI again. */
	if (done < budget && napi_complete_done(napi, done) &&
	    (!skb_queue_empty_lockless(&b->rxq) ||
	     test_bit(NDL_RX_DPC_DUE, &b->rx_dpc_due)))
		napi_schedule(napi);
	return done;
}

void ndl_rxq_init(struct ndl_bound *b)
{
	skb_queue_head_init(&b->rxq);
	__skb_queue_head_init(&b->rx_batch);
	raw_spin_lock_init(&b->rx_dpc_lock);
	netif_napi_add(b->netdev, &b->napi, ndl_rxq_poll);
}

void ndl_rxq_start(struct ndl_bound *b)
{
	napi_enable(&b->napi);
	raw_spin_lock_irq(&b->rx_dpc_lock);
	b->rx_dpc_on = true;
	raw_spin_unlock_irq(&b->rx_dpc_lock);
}

static long ndl_napi_disable_on_task(void *napi)
{
	napi_disable(napi);
	return 0;
}

void ndl_rxq_stop(struct ndl_bound *b)
{
	raw_spin_lock_irq(&b->rx_dpc_lock);
	b->rx_dpc_on = false;
	raw_spin_unlock_irq(&b->rx_dpc_lock);
	/*
	 * Waits for a scheduled poll, which runs the DPC it owes; it sleeps
	 * (an on-stack hrtimer), so on the task's stack (stack.h).
	 */
	ndl_stack_on_task(ndl_napi_disable_on_task, &b->napi);
	/* One still owed (the poll gave up on its budget) goes back. */
	if (test_and_clear_bit(NDL_RX_DPC_DUE, &b->rx_dpc_due))
		ndl_adapter_interrupt_dpc_queue(b->ad);
	skb_queue_purge(&b->rxq);
}
