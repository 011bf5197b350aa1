// SPDX-License-Identifier: GPL-2.0-only
/*
 * Checksum and segmentation offload for a bound device: the miniport's
 * offer (ndl_adapter_csum_caps) becomes the interface's NETIF_F_IP_CSUM,
 * NETIF_F_IPV6_CSUM, NETIF_F_RXCSUM, NETIF_F_TSO and NETIF_F_TSO6, on by
 * default and switched with ethtool -K, which turns the miniport's tasks
 * on and off as Windows' TCP/IP transport does. On transmit a
 * CHECKSUM_PARTIAL frame is handed over with its per-packet request when
 * the miniport can take it: the stack already put the pseudo-header sum
 * in the checksum field, which is exactly what NDIS documents a transport
 * does. Anything else (ndl_adapter_csum_request says which) is
 * checksummed here. A TSO frame goes whole as a large send: its headers
 * rewritten as NDIS wants them (ndl_lso_headers); ndo_features_check has
 * the stack segment, before it reaches us, any the miniport cannot take.
 */
#include <linux/if_vlan.h>
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
	if (c->lso_v4.max_size)
		f |= NETIF_F_TSO;
	if (c->lso_v6.max_size)
		f |= NETIF_F_TSO6;
	return f;
}

/*
 * The largest TSO frame the stack builds: the smaller MaxOffLoadSize (TCP
 * payload bytes) with room for the headers, within NDIS's 64 KiB frame.
 * Larger ones are segmented here anyway (ndl_offload_features_check).
 */
#define NDL_LSO_HEADROOM	(ETH_HLEN + 60 + 60)

static unsigned int ndl_tso_max_size(const struct ndl_csum_offload *c)
{
	u32 v4 = c->lso_v4.max_size, v6 = c->lso_v6.max_size;
	u32 max = v4 && v6 ? min(v4, v6) : v4 | v6;

	return min_t(u32, max + NDL_LSO_HEADROOM, GSO_LEGACY_MAX_SIZE);
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
	if (f & NETIF_F_TSO)
		on.lso_v4 = c->lso_v4;
	if (f & NETIF_F_TSO6)
		on.lso_v6 = c->lso_v6;
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
		/* The stack builds TSO frames only in pieces (SG), which
		 * the runtime passes on as they are unless the miniport
		 * must have single-buffer sends (then it copies them).
		 */
		if (offered & (NETIF_F_TSO | NETIF_F_TSO6)) {
			dev->features |= NETIF_F_SG;
			netif_set_tso_max_size(dev,
					       ndl_tso_max_size(&b->csum_caps));
		}
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
				       NETIF_F_RXCSUM | NETIF_F_TSO |
				       NETIF_F_TSO6;
	struct ndl_features_call c = { netdev_priv(dev), features };

	if (!((dev->features ^ features) & mine))
		return 0;
	return ndl_stack_run(ndl_set_features_on_stack, &c, -1);
}

/* The large send a TSO frame becomes, 0 if the miniport cannot take it. */
static u32 ndl_offload_lso(struct ndl_adapter *ad, const struct sk_buff *skb)
{
	if (!ad)
		return 0;
	return ndl_adapter_lso_request(ad, skb->data, skb_headlen(skb),
				       skb->len, skb_shinfo(skb)->gso_size);
}

netdev_features_t ndl_offload_features_check(struct sk_buff *skb,
					     struct net_device *dev,
					     netdev_features_t features)
{
	struct ndl_bound *b = netdev_priv(dev);

	features = vlan_features_check(skb, features);
	if (skb_is_gso(skb) && !ndl_offload_lso(READ_ONCE(b->ad), skb))
		features &= ~NETIF_F_GSO_MASK;
	return features;
}

int ndl_offload_tx(struct ndl_bound *b, struct sk_buff *skb, u32 *flags)
{
	*flags = 0;
	if (skb_is_gso(skb)) {
		/*
		 * Checked in ndo_features_check; a large send turned off
		 * since (ethtool -K) drops the frame, TCP sends it again.
		 * The headers may be a clone's: TCP keeps the original.
		 */
		*flags = ndl_offload_lso(b->ad, skb);
		if (!*flags || skb_cow_head(skb, 0))
			return -EINVAL;
		ndl_lso_headers(skb->data, skb->len, *flags);
		return 0;
	}
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
