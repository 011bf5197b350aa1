// SPDX-License-Identifier: GPL-2.0-only
/*
 * Checksum offload for a bound device: the miniport's offer
 * (ndl_adapter_csum_caps) becomes the interface's NETIF_F_IP_CSUM,
 * NETIF_F_IPV6_CSUM and NETIF_F_RXCSUM, on by default and switched with
 * ethtool -K, which turns the miniport's tasks on and off as Windows'
 * TCP/IP transport does. On transmit a CHECKSUM_PARTIAL frame is handed
 * over with its per-packet request when the miniport can take it: the
 * stack already put the pseudo-header sum in the checksum field, which is
 * exactly what NDIS documents a transport does. Anything else (a VLAN tag
 * in the frame, IPv6 extension headers, options the miniport did not
 * offer, headers outside the first buffer) is checksummed here.
 */
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <linux/udp.h>

#include "ndl.h"
#include "adapter.h"
#include "stack.h"
#include "ndis/ndis_status.h"

#define NDL_L4_CSUM	(NDL_CSUM_TCP | NDL_CSUM_UDP)
/* Linux computes the IPv4 header checksum itself: never asked for. */
#define NDL_TX_ASKED	(NDL_L4_CSUM | NDL_CSUM_IP_OPTIONS | NDL_CSUM_TCP_OPTIONS)

static netdev_features_t ndl_offload_features(const struct ndl_csum_offload *c)
{
	netdev_features_t f = 0;

	if (c->v4_tx & NDL_L4_CSUM)
		f |= NETIF_F_IP_CSUM;
	if (c->v6_tx & NDL_L4_CSUM)
		f |= NETIF_F_IPV6_CSUM;
	if ((c->v4_rx | c->v6_rx) & NDL_L4_CSUM)
		f |= NETIF_F_RXCSUM;
	return f;
}

/* What to turn on in the miniport for these interface features. */
static void ndl_offload_want(const struct ndl_bound *b, netdev_features_t f,
			     struct ndl_csum_offload *on)
{
	const struct ndl_csum_offload *c = &b->csum_caps;

	on->v4_tx = f & NETIF_F_IP_CSUM ? c->v4_tx & NDL_TX_ASKED : 0;
	on->v6_tx = f & NETIF_F_IPV6_CSUM ? c->v6_tx & NDL_TX_ASKED : 0;
	on->v4_rx = f & NETIF_F_RXCSUM ? c->v4_rx : 0;
	on->v6_rx = f & NETIF_F_RXCSUM ? c->v6_rx : 0;
}

static u32 ndl_offload_apply(struct ndl_bound *b, netdev_features_t f)
{
	struct ndl_csum_offload on;

	ndl_offload_want(b, f, &on);
	return ndl_adapter_csum_enable(b->ad, &on);
}

void ndl_offload_start(struct ndl_bound *b)
{
	struct net_device *dev = b->netdev;
	netdev_features_t offered;
	u32 st;

	ndl_adapter_csum_caps(b->ad, &b->csum_caps);
	offered = ndl_offload_features(&b->csum_caps);
	/* Before registration the features are ours to set; a restart
	 * (a new MAC address) keeps what the user chose.
	 */
	if (!READ_ONCE(b->registered)) {
		dev->hw_features |= offered;
		dev->features |= offered;
	}
	if (!offered)
		return;
	st = ndl_offload_apply(b, dev->features);
	if (st != NDIS_STATUS_SUCCESS)
		dev_warn(b->parent, "%s: the miniport refused checksum offload (NDIS_STATUS 0x%08x): checksums are computed by Linux\n",
			 b->drv->name, st);
}

struct ndl_features_call {
	struct ndl_bound *b;
	netdev_features_t features;
};

static long ndl_set_features_on_stack(void *arg)
{
	struct ndl_features_call *c = arg;

	if (!c->b->ad)
		return -ENODEV;
	return ndl_offload_apply(c->b, c->features) == NDIS_STATUS_SUCCESS ?
	       0 : -EIO;
}

int ndl_offload_set_features(struct net_device *dev,
			     netdev_features_t features)
{
	const netdev_features_t mine = NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM |
				       NETIF_F_RXCSUM;
	struct ndl_features_call c = { netdev_priv(dev), features };

	if (!((dev->features ^ features) & mine))
		return 0;
	return ndl_stack_run(ndl_set_features_on_stack, &c, -1);
}

/*
 * The request for a CHECKSUM_PARTIAL frame the miniport can checksum as
 * turned on: its IPv4/IPv6 and TCP/UDP bits, else 0.
 */
static u32 ndl_offload_tx_request(struct ndl_bound *b, struct sk_buff *skb)
{
	struct ndl_csum_offload on;
	unsigned int l4_off = skb_checksum_start_offset(skb);
	u32 ip, l4, allowed, need = 0;
	u8 proto;

	ndl_adapter_csum_enabled(b->ad, &on);
	/* The miniport finds the IP header right after a 14-byte header
	 * and reads the headers from the first buffer.
	 */
	if (skb_network_offset(skb) != ETH_HLEN ||
	    l4_off < ETH_HLEN + sizeof(struct iphdr) ||
	    skb_headlen(skb) < l4_off + skb->csum_offset + 2)
		return 0;
	if (skb->protocol == htons(ETH_P_IP)) {
		const struct iphdr *iph = ip_hdr(skb);

		if (l4_off != ETH_HLEN + iph->ihl * 4)
			return 0;
		if (iph->ihl > 5)
			need |= NDL_CSUM_IP_OPTIONS;
		ip = NDL_TX_CSUM_IPV4;
		proto = iph->protocol;
		allowed = on.v4_tx;
	} else if (skb->protocol == htons(ETH_P_IPV6)) {
		/* No extension headers: TCP or UDP right after. */
		if (l4_off != ETH_HLEN + sizeof(struct ipv6hdr))
			return 0;
		ip = NDL_TX_CSUM_IPV6;
		proto = ipv6_hdr(skb)->nexthdr;
		allowed = on.v6_tx;
	} else {
		return 0;
	}
	if (proto == IPPROTO_TCP &&
	    skb->csum_offset == offsetof(struct tcphdr, check)) {
		const struct tcphdr *th = (void *)skb_checksum_start(skb);

		if (th->doff > 5)
			need |= NDL_CSUM_TCP_OPTIONS;
		need |= NDL_CSUM_TCP;
		l4 = NDL_TX_CSUM_TCP;
	} else if (proto == IPPROTO_UDP &&
		   skb->csum_offset == offsetof(struct udphdr, check)) {
		need |= NDL_CSUM_UDP;
		l4 = NDL_TX_CSUM_UDP;
	} else {
		return 0;
	}
	return (allowed & need) == need ? ip | l4 : 0;
}

int ndl_offload_tx(struct ndl_bound *b, struct sk_buff *skb, u32 *flags)
{
	*flags = 0;
	if (skb->ip_summed != CHECKSUM_PARTIAL)
		return 0;
	*flags = ndl_offload_tx_request(b, skb);
	if (*flags)
		return 0;
	atomic64_inc(&b->tx_csum_sw);
	return skb_checksum_help(skb);
}
