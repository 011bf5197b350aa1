// SPDX-License-Identifier: GPL-2.0-only
/*
 * ethtool for a bound device: driver information naming the Windows
 * driver and its version, link state and speed as the miniport reports
 * them (OID_GEN_LINK_SPEED and media indications), and statistics: the
 * interface's counters and the runtime's per-adapter ones.
 */
#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/pci.h>

#include "ndl.h"
#include "adapter.h"
#include "stack.h"

static void ndl_get_drvinfo(struct net_device *dev,
			    struct ethtool_drvinfo *info)
{
	struct ndl_bound *b = netdev_priv(dev);

	strscpy(info->driver, b->drv->name, sizeof(info->driver));
	strscpy(info->version, b->drv->version, sizeof(info->version));
	snprintf(info->fw_version, sizeof(info->fw_version),
		 "ndisload %s, NDIS %u.%u", NDL_RELEASE,
		 b->drv->ndis_version >> 8, b->drv->ndis_version & 0xff);
	strscpy(info->bus_info, dev_name(b->parent), sizeof(info->bus_info));
}

static int ndl_get_link_ksettings(struct net_device *dev,
				  struct ethtool_link_ksettings *ks)
{
	struct ndl_bound *b = netdev_priv(dev);
	u64 bps = atomic64_read(&b->link_speed);

	ethtool_link_ksettings_zero_link_mode(ks, supported);
	ethtool_link_ksettings_zero_link_mode(ks, advertising);
	ks->base.port = PORT_OTHER;
	ks->base.autoneg = AUTONEG_DISABLE;
	if (netif_carrier_ok(dev) && bps) {
		ks->base.speed = div_u64(bps, 1000000);
		ks->base.duplex = DUPLEX_UNKNOWN;	/* NDIS 5 has no OID */
	} else {
		ks->base.speed = SPEED_UNKNOWN;
		ks->base.duplex = DUPLEX_UNKNOWN;
	}
	return 0;
}

static const char ndl_stat_names[][ETH_GSTRING_LEN] = {
	"rx_packets", "rx_bytes", "rx_dropped", "rx_errors",
	"tx_packets", "tx_bytes", "tx_dropped", "tx_errors", "tx_busy",
	"rt_tx_frames", "rt_tx_errors", "rt_tx_resubmits",
	"rt_rx_frames", "rt_rx_dropped", "rt_rx_transfers",
	"rt_interrupts", "rt_dpcs", "rt_resets", "rt_hangs",
	"rt_tx_multi_buffer", "rt_tx_linearized", "rt_oid_refused",
	"rt_mcast_list_sets", "rx_unicast",
	"tx_csum_offloaded", "tx_csum_software", "rx_csum_offloaded",
	"tx_lso_sent", "tx_lso_bytes",
};

static int ndl_get_sset_count(struct net_device *dev, int sset)
{
	return sset == ETH_SS_STATS ? ARRAY_SIZE(ndl_stat_names) : -EOPNOTSUPP;
}

static void ndl_get_strings(struct net_device *dev, u32 sset, u8 *data)
{
	if (sset == ETH_SS_STATS)
		memcpy(data, ndl_stat_names, sizeof(ndl_stat_names));
}

struct ndl_stats_call {
	struct ndl_bound *b;
	struct ndl_adapter_stats st;
};

static long ndl_adapter_stats_on_stack(void *arg)
{
	struct ndl_stats_call *c = arg;

	if (c->b->ad)
		ndl_adapter_stats(c->b->ad, &c->st);
	return 0;
}

static void ndl_get_ethtool_stats(struct net_device *dev,
				  struct ethtool_stats *stats, u64 *data)
{
	struct ndl_stats_call c = { .b = netdev_priv(dev) };
	struct ndl_bound *b = c.b;
	struct ndl_bound_totals t;
	int i = 0;

	ndl_stack_run(ndl_adapter_stats_on_stack, &c, -1);
	ndl_bound_stats(b, &t);
	data[i++] = t.rx_packets;
	data[i++] = t.rx_bytes;
	data[i++] = atomic64_read(&b->rx_dropped);
	data[i++] = atomic64_read(&b->rx_errors);
	data[i++] = t.tx_packets;
	data[i++] = t.tx_bytes;
	data[i++] = atomic64_read(&b->tx_dropped);
	data[i++] = atomic64_read(&b->tx_errors);
	data[i++] = atomic64_read(&b->tx_busy);
	data[i++] = c.st.tx_frames;
	data[i++] = c.st.tx_errors;
	data[i++] = c.st.tx_resubmits;
	data[i++] = c.st.rx_frames;
	data[i++] = c.st.rx_dropped;
	data[i++] = c.st.rx_transfers;
	data[i++] = c.st.interrupts;
	data[i++] = c.st.dpcs;
	data[i++] = c.st.resets;
	data[i++] = c.st.hangs;
	data[i++] = c.st.tx_multi_buffer;
	data[i++] = c.st.tx_linearized;
	data[i++] = c.st.oid_refused;
	data[i++] = c.st.mcast_list_sets;
	data[i++] = t.rx_unicast;
	data[i++] = t.tx_csum;
	data[i++] = atomic64_read(&b->tx_csum_sw);
	data[i++] = t.rx_csum;
	data[i++] = c.st.tx_lso;
	data[i++] = c.st.tx_lso_bytes;
}

const struct ethtool_ops ndl_ethtool_ops = {
	.get_drvinfo = ndl_get_drvinfo,
	.get_link = ethtool_op_get_link,
	.get_link_ksettings = ndl_get_link_ksettings,
	.get_sset_count = ndl_get_sset_count,
	.get_strings = ndl_get_strings,
	.get_ethtool_stats = ndl_get_ethtool_stats,
};
