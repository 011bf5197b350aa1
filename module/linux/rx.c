// SPDX-License-Identifier: GPL-2.0-only
/*
 * The receive path of a bound device. The miniport indicates frames from
 * its DPC; each is copied into a fresh skb (the miniport owns its buffers)
 * and queued, and NAPI delivers the queue through GRO, so a TCP stream
 * reaches the stack as few large segments rather than many frames — the
 * same path Linux's own drivers take. Checksums are marked verified only
 * when the miniport said so for that frame.
 */
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>

#include "ndl.h"
#include "adapter.h"
#include "fpu.h"

#define NDL_RX_QUEUE_MAX	1024	/* frames waiting for NAPI, at most */

void ndl_rxq_receive(void *ctx, const struct ndl_rx_frame *frame)
{
	const u32 bad = NDL_RX_CSUM_IP_BAD | NDL_RX_CSUM_TCP_BAD |
			NDL_RX_CSUM_UDP_BAD;
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
	if (ndl_rx_frame_copy(frame, skb_put(skb, frame->len), frame->len) !=
	    frame->len) {
		atomic64_inc(&b->rx_errors);
		dev_kfree_skb_any(skb);
		goto out;
	}
	skb->protocol = eth_type_trans(skb, dev);
	if ((frame->flags & (NDL_RX_CSUM_TCP_OK | NDL_RX_CSUM_UDP_OK)) &&
	    (frame->flags & NDL_RX_CSUM_IP_OK) && !(frame->flags & bad))
		skb->ip_summed = CHECKSUM_UNNECESSARY;
	if (frame->flags & NDL_RX_VLAN)
		__vlan_hwaccel_put_tag(skb, htons(ETH_P_8021Q), frame->vlan_tci);
	atomic64_inc(&b->rx_packets);
	atomic64_add(frame->len, &b->rx_bytes);
	skb_queue_tail(&b->rxq, skb);
	napi_schedule(&b->napi);
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

static int ndl_rxq_poll(struct napi_struct *napi, int budget)
{
	struct ndl_bound *b = container_of(napi, struct ndl_bound, napi);
	struct sk_buff *skb;
	int done = 0;

	while (done < budget && (skb = skb_dequeue(&b->rxq))) {
		napi_gro_receive(napi, skb);
		done++;
	}
	/* A frame queued after the last dequeue schedules NAPI again. */
	if (done < budget && napi_complete_done(napi, done) &&
	    !skb_queue_empty_lockless(&b->rxq))
		napi_schedule(napi);
	return done;
}

void ndl_rxq_init(struct ndl_bound *b)
{
	skb_queue_head_init(&b->rxq);
	netif_napi_add(b->netdev, &b->napi, ndl_rxq_poll);
}

void ndl_rxq_start(struct ndl_bound *b)
{
	napi_enable(&b->napi);
}

void ndl_rxq_stop(struct ndl_bound *b)
{
	napi_disable(&b->napi);
	skb_queue_purge(&b->rxq);
}
