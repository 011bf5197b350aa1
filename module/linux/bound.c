// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bringing one device up for its Windows driver, and down again: for PCI,
 * enable the function and bus mastering and claim its BARs (USB devices:
 * usb.c); then, for any bus, build its registry, create and initialise the
 * runtime's adapter (MiniportInitialize) and create the network interface.
 * Called from the bus driver's probe and remove (pci.c, usb.c), on a
 * driver stack, at PASSIVE_LEVEL.
 *
 * The carrier starts off (a fresh net_device says "on") and follows the
 * miniport: its state at the end of MiniportInitialize (including any
 * media indication made during it, which the runtime records) and every
 * indication after.
 */
#include <linux/etherdevice.h>
#include <linux/netdevice.h>
#include <linux/pci.h>

#include "ndl.h"
#include "core/rt.h"
#include "adapter.h"
#include "stack.h"
#include "wifi.h"

/* The driver's compatibility settings as the runtime takes them. */
static struct ndl_compat ndl_drv_compat(const struct ndl_drv *drv)
{
	u32 f = drv->compat;

	return (struct ndl_compat){
		.single_buffer_sends = f & NDL_COMPAT_SINGLE_BUF_ON ? NDL_COMPAT_ON :
			f & NDL_COMPAT_SINGLE_BUF_OFF ? NDL_COMPAT_OFF : NDL_COMPAT_AUTO,
		.multicast_all = f & NDL_COMPAT_MCAST_ALL_ON ? NDL_COMPAT_ON :
			f & NDL_COMPAT_MCAST_ALL_OFF ? NDL_COMPAT_OFF : NDL_COMPAT_AUTO,
	};
}

/* netaddr: a "NetworkAddress" override (12 hex digits), or NULL. */
static int ndl_bound_start_adapter(struct ndl_bound *b, const char *netaddr)
{
	struct ndl_devrec *rec = b->rec;
	struct ndl_adapter_params params = {
		.drv = b->drv->rt,
		.dev = b->pdev ? &b->osdev : NULL,
		.usb = b->usb,
		.ops = &ndl_adapter_ops,
		.ctx = b,
		.name = dev_name(b->parent),
		.compat = ndl_drv_compat(b->drv),
	};
	u32 ndis_status = 0;
	int ret;

	params.reg = ndl_devreg_build(b);
	if (params.reg && netaddr &&
	    ndl_reg_set_sz(params.reg, "NetworkAddress", netaddr)) {
		ndl_reg_destroy(params.reg);
		params.reg = NULL;
	}
	params.hw_reg = ndl_devreg_build_hw(b);
	if (!params.reg || !params.hw_reg) {
		ndl_reg_destroy(params.reg);
		ndl_reg_destroy(params.hw_reg);
		ndl_devrec_fail(rec, -EINVAL, 0, "cannot build the device's registry");
		return -EINVAL;
	}
	/* Before the resource list is made: messages replace the line. */
	ndl_bound_msi_grant(b);
	ret = ndl_adapter_create(&params, &b->ad);
	if (ret) {
		ndl_devrec_fail(rec, -ENOMEM, 0, "cannot create the adapter (%d)", ret);
		ndl_os_dev_msg_release(&b->osdev);
		return -ENOMEM;
	}
	ret = ndl_adapter_initialize(b->ad, &b->info, &ndis_status);
	if (ret) {
		ndl_devrec_fail(rec, ret == -NDL_ENOMEM ? -ENOMEM : -EIO,
				ndis_status,
				"MiniportInitialize failed: NDIS_STATUS 0x%08x",
				ndis_status);
		ndl_adapter_destroy(b->ad);
		b->ad = NULL;
		ndl_os_dev_msg_release(&b->osdev);
		return ret == -NDL_ENOMEM ? -ENOMEM : -EIO;
	}
	atomic_set(&b->media_connected, b->info.media_connected);
	atomic64_set(&b->link_speed, b->info.link_speed_bps);
	ndl_offload_start(b);
	return 0;
}

static void ndl_bound_stop_adapter(struct ndl_bound *b)
{
	if (!b->ad)
		return;
	if (b->surprise)
		ndl_adapter_surprise_removed(b->ad);
	ndl_adapter_halt(b->ad);
	ndl_adapter_destroy(b->ad);
	b->ad = NULL;
	if (b->pdev)
		ndl_os_dev_msg_release(&b->osdev);
}

struct ndl_bound *ndl_bound_alloc(struct ndl_drv *drv, struct device *parent,
				  int id_index, struct ndl_devrec *rec)
{
	struct net_device *netdev;
	struct ndl_bound *b;

	netdev = alloc_etherdev(sizeof(*b));
	if (!netdev) {
		ndl_devrec_fail(rec, -ENOMEM, 0, "out of memory");
		return NULL;
	}
	SET_NETDEV_DEV(netdev, parent);
	b = netdev_priv(netdev);
	b->netdev = netdev;
	b->parent = parent;
	b->drv = drv;
	b->id_index = id_index;
	b->rec = rec;
	spin_lock_init(&b->tx_lock);
	b->pstats = netdev_alloc_pcpu_stats(struct ndl_pcpu_stats);
	if (!b->pstats) {
		ndl_devrec_fail(rec, -ENOMEM, 0, "out of memory");
		free_netdev(netdev);
		return NULL;
	}
	return b;
}

/*
 * Linux's side of the interface (wiphy, net_device) is made, torn down and
 * freed on the task's stack (stack.h): that code sleeps, and what sleeps
 * may annotate timers and work items as "on the stack". free_netdev's
 * synchronize_net goes expedited, an on-stack work item, whenever anyone
 * holds the RTNL (linkwatch does, at random); cancel_work_sync and
 * wiphy_unregister flush work with on-stack barriers; rtnl_unlock may wait
 * for another device's references with msleep. On a driver stack the
 * debug lane's DEBUG_OBJECTS said "object is NOT on stack, but annotated"
 * at usb_ecm's rmmod, in one run of several.
 */
static long ndl_bound_register_on_task(void *arg)
{
	struct ndl_bound *b = arg;
	struct net_device *netdev = b->netdev;
	int ret;

	/* An 802.11 miniport gets a wiphy; its interface becomes wlanN. */
	ret = ndl_wifi_attach(b);
	if (ret) {
		ndl_devrec_fail(b->rec, ret, 0, "cannot register its wiphy (%d)", ret);
		return ret;
	}
	netif_carrier_off(netdev);
	ret = register_netdev(netdev);
	if (ret) {
		ndl_devrec_fail(b->rec, ret, 0, "cannot register the interface (%d)", ret);
		ndl_wifi_detach(b);
		return ret;
	}
	WRITE_ONCE(b->registered, true);
	return 0;
}

static long ndl_bound_unregister_on_task(void *arg)
{
	struct ndl_bound *b = arg;

	if (b->registered) {
		/* Closes the interface first (ndo_stop) if it is up. */
		unregister_netdev(b->netdev);
		WRITE_ONCE(b->registered, false);
	}
	ndl_wifi_detach(b);
	return 0;
}

static long ndl_bound_free_on_task(void *arg)
{
	struct ndl_bound *b = arg;

	free_percpu(b->pstats);
	free_netdev(b->netdev);		/* b is inside it */
	return 0;
}

void ndl_bound_free(struct ndl_bound *b)
{
	ndl_stack_on_task(ndl_bound_free_on_task, b);
}

/* The adapter (MiniportInitialize), then the interface. */
int ndl_bound_run(struct ndl_bound *b)
{
	struct net_device *netdev = b->netdev;
	struct ndl_devrec *rec = b->rec;
	int ret;

	ret = ndl_bound_start_adapter(b, NULL);
	if (ret)
		return ret;
	ndl_netdev_setup(b);
	ret = ndl_stack_on_task(ndl_bound_register_on_task, b);
	if (ret) {
		ndl_bound_stop_adapter(b);
		return ret;
	}
	/* Media indications made up to here were recorded; apply the latest. */
	if (atomic_read(&b->media_connected))
		netif_carrier_on(netdev);
	netdev_info(netdev, "%s %s on %s (%04x:%04x), MAC %pM, link %s\n",
		    b->drv->name, b->drv->version, dev_name(b->parent),
		    rec->vendor, rec->device, netdev->dev_addr,
		    atomic_read(&b->media_connected) ? "up" : "down");
	return 0;
}

/* Undoes ndl_bound_run; b->surprise says whether the device vanished. */
void ndl_bound_stop(struct ndl_bound *b)
{
	ndl_stack_on_task(ndl_bound_unregister_on_task, b);
	ndl_bound_stop_adapter(b);
	skb_queue_purge(&b->rxq);	/* frames indicated after the close */
}

int ndl_bound_create(struct ndl_drv *drv, struct pci_dev *pdev, int id_index,
		     struct ndl_devrec *rec)
{
	struct ndl_bound *b;
	int ret;

	b = ndl_bound_alloc(drv, &pdev->dev, id_index, rec);
	if (!b)
		return -ENOMEM;
	b->pdev = pdev;
	ret = pci_enable_device(pdev);
	if (ret) {
		ndl_devrec_fail(rec, ret, 0, "cannot enable the PCI device (%d)", ret);
		goto err_free;
	}
	ret = pci_request_regions(pdev, drv->pci_name);
	if (ret) {
		ndl_devrec_fail(rec, ret, 0, "its I/O or memory ranges are in use (%d)", ret);
		goto err_disable;
	}
	pci_set_master(pdev);
	ret = ndl_os_dev_init(&b->osdev, pdev);
	if (ret) {
		ndl_devrec_fail(rec, ret, 0, "no 32-bit DMA for this device (%d)", ret);
		goto err_dev;
	}
	pci_set_drvdata(pdev, b);

	ret = ndl_bound_run(b);
	if (ret)
		goto err_dev;
	return 0;

err_dev:
	pci_set_drvdata(pdev, NULL);
	ndl_os_dev_uninit(&b->osdev);
	pci_clear_master(pdev);
	pci_release_regions(pdev);
err_disable:
	pci_disable_device(pdev);
err_free:
	ndl_bound_free(b);
	return ret;
}

void ndl_bound_destroy(struct pci_dev *pdev)
{
	struct ndl_bound *b = pci_get_drvdata(pdev);

	if (!b)
		return;
	b->surprise = pdev->error_state == pci_channel_io_perm_failure;
	ndl_bound_stop(b);
	pci_set_drvdata(pdev, NULL);
	ndl_os_dev_uninit(&b->osdev);
	pci_clear_master(pdev);
	pci_release_regions(pdev);
	pci_disable_device(pdev);
	ndl_bound_free(b);
}

struct ndl_set_address {
	struct ndl_bound *b;
	const u8 *addr;
};

/*
 * NDIS 5 has no OID to change the MAC address: Windows restarts the
 * miniport with the "NetworkAddress" registry value set, and so do we
 * (interface down). If the miniport does not take the address, it is
 * restarted with its own again.
 */
static long ndl_set_address_on_stack(void *arg)
{
	struct ndl_set_address *sa = arg;
	struct ndl_bound *b = sa->b;
	char text[2 * ETH_ALEN + 1];
	int ret;

	snprintf(text, sizeof(text), "%pm", sa->addr);
	ndl_bound_stop_adapter(b);
	ret = ndl_bound_start_adapter(b, text);
	if (!ret && ether_addr_equal(b->info.cur_addr, sa->addr)) {
		eth_hw_addr_set(b->netdev, sa->addr);
		return 0;
	}
	if (!ret) {
		netdev_warn(b->netdev, "%s does not take MAC address %pM\n",
			    b->drv->name, sa->addr);
		ndl_bound_stop_adapter(b);
	}
	if (ndl_bound_start_adapter(b, NULL)) {
		netdev_err(b->netdev, "%s did not restart: device disabled\n",
			   b->drv->name);
		netif_device_detach(b->netdev);
		return -EIO;
	}
	return ret ? ret : -EADDRNOTAVAIL;
}

int ndl_netdev_set_address(struct ndl_bound *b, const u8 *addr)
{
	struct ndl_set_address sa = { b, addr };

	if (!b->ad)
		return -ENODEV;
	return ndl_stack_run(ndl_set_address_on_stack, &sa, -1);
}

bool ndl_bound_is_up(const struct ndl_bound *b)
{
	return b->registered && (b->netdev->flags & IFF_UP);
}
