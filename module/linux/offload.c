// SPDX-License-Identifier: GPL-2.0-only
/*
 * Checksum offload for a bound device: the miniport's offer
 * (ndl_adapter_csum_caps) becomes the interface's NETIF_F_IP_CSUM,
 * NETIF_F_IPV6_CSUM and NETIF_F_RXCSUM, on by default and switched with
 * ethtool -K, which turns the miniport's tasks on and off as Windows'
 * TCP/IP transport does. On transmit a CHECKSUM_PARTIAL frame is handed
 * over with its per-packet request when the miniport can take it: the
 * stack already put the pseudo-header sum in the checksum field, which is
 * exactly what NDIS documents a transport does. Anything else
 * (ndl_adapter_csum_request says which) is checksummed here.
 */
#include <linux/netdevice.h>
#include <linux/skbuff.h>

#include "ndl.h"
#include "adapter.h"
#include "stack.h"
#include "ndis/ndis_status.h"

#define NDL_L4_CSUM	(NDL_CSUM_TCP | NDL_CSUM_UDP)

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

static u32 ndl_offload_apply(struct ndl_bound *b, netdev_features_t f)
{
	struct ndl_csum_offload on, *c = &b->csum_caps;

	/* Each IP version's transmit has its own feature: mask per version. */
	ndl_csum_host_choice(c, true, !!(f & NETIF_F_RXCSUM), &on);
	if (!(f & NETIF_F_IP_CSUM))
		on.v4_tx = 0;
	if (!(f & NETIF_F_IPV6_CSUM))
		on.v6_tx = 0;
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

int ndl_offload_tx(struct ndl_bound *b, struct sk_buff *skb, u32 *flags)
{
	*flags = 0;
	if (skb->ip_summed != CHECKSUM_PARTIAL)
		return 0;
	*flags = ndl_adapter_csum_request(b->ad, skb->data, skb_headlen(skb),
					  skb_checksum_start_offset(skb),
					  skb->csum_offset);
	if (*flags)
		return 0;
	atomic64_inc(&b->tx_csum_sw);
	return skb_checksum_help(skb);
}
