// SPDX-License-Identifier: GPL-2.0-only
/*
 * PCI binding: each added Windows driver registers a pci_driver named
 * "ndisload-<name>" whose ID table holds exactly the IDs pushed with it —
 * no match-everything driver, no upcalls. The driver core only offers us
 * devices no other driver owns; a matching device a native Linux driver
 * already has is reported (log line, NDL_DEV_OWNED record), never taken.
 *
 * Windows picks the most specific hardware ID that matches
 * (VEN&DEV&SUBSYS&REV before VEN&DEV&SUBSYS before VEN&DEV&REV before
 * VEN&DEV); ndl_pci_match does the same, and the ID it picks decides which
 * per-ID registry values the device gets.
 */
#include <linux/pci.h>
#include <linux/slab.h>

#include "ndl.h"
#include "adapter.h"
#include "drv.h"
#include "stack.h"

static struct ndl_drv *ndl_drv_of(struct pci_dev *pdev)
{
	return container_of(to_pci_driver(pdev->dev.driver), struct ndl_drv,
			    pdrv);
}

int ndl_pci_match(const struct ndl_drv *drv, const struct pci_dev *pdev)
{
	int best = -1, best_score = -1;
	u32 i;

	for (i = 0; i < drv->n_ids; i++) {
		const struct ndl_device_id *id = &drv->ids[i];
		int score = 0;

		if (id->bus != NDL_BUS_PCI || id->vendor != pdev->vendor || id->device != pdev->device)
			continue;
		if (id->match & NDL_MATCH_SUBSYS) {
			if (id->subvendor != pdev->subsystem_vendor ||
			    id->subdevice != pdev->subsystem_device)
				continue;
			score += 2;
		}
		if (id->match & NDL_MATCH_REV) {
			if (id->revision != pdev->revision)
				continue;
			score += 1;
		}
		if (score > best_score) {
			best = i;
			best_score = score;
		}
	}
	return best;
}

struct ndl_probe_call {
	struct ndl_drv *drv;
	struct pci_dev *pdev;
};

static long ndl_probe_on_stack(void *arg)
{
	struct ndl_probe_call *c = arg;
	struct ndl_devrec *rec;
	int idx, ret;

	idx = ndl_pci_match(c->drv, c->pdev);
	if (idx < 0 || READ_ONCE(c->drv->state) != NDL_DRV_LOADED)
		return -ENODEV;
	mutex_lock(&ndl_drv_lock);
	rec = ndl_devrec_get(c->drv, c->pdev);
	mutex_unlock(&ndl_drv_lock);
	if (!rec)
		return -ENOMEM;
	ret = ndl_bound_create(c->drv, c->pdev, idx, rec);
	mutex_lock(&ndl_drv_lock);
	if (!ret)
		ndl_devrec_running(rec, pci_get_drvdata(c->pdev));
	mutex_unlock(&ndl_drv_lock);
	return ret;
}

static int ndl_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct ndl_probe_call c = { ndl_drv_of(pdev), pdev };

	return ndl_stack_run(ndl_probe_on_stack, &c, -1);
}

static long ndl_remove_on_stack(void *arg)
{
	struct ndl_probe_call *c = arg;
	struct ndl_devrec *rec;

	mutex_lock(&ndl_drv_lock);
	list_for_each_entry(rec, &c->drv->devices, link)
		if (rec->bound && rec->bound->pdev == c->pdev)
			ndl_devrec_gone(rec);
	mutex_unlock(&ndl_drv_lock);
	ndl_bound_destroy(c->pdev);
	return 0;
}

static void ndl_pci_remove(struct pci_dev *pdev)
{
	struct ndl_probe_call c = { ndl_drv_of(pdev), pdev };

	ndl_stack_run(ndl_remove_on_stack, &c, -1);
}

static long ndl_shutdown_on_stack(void *arg)
{
	struct ndl_bound *b = pci_get_drvdata(arg);

	if (b && b->ad)
		ndl_adapter_shutdown(b->ad);
	return 0;
}

static void ndl_pci_shutdown(struct pci_dev *pdev)
{
	ndl_stack_run(ndl_shutdown_on_stack, pdev, -1);
}

/* After registering: count what we bound, report what natives own. */
static void ndl_pci_survey(struct ndl_drv *drv, u32 *bound, u32 *owned)
{
	struct pci_dev *pdev = NULL;
	struct ndl_devrec *rec;
	struct pci_driver *pd;

	*bound = 0;
	*owned = 0;
	for_each_pci_dev(pdev) {
		if (ndl_pci_match(drv, pdev) < 0)
			continue;
		pd = pci_dev_driver(pdev);
		if (pd == &drv->pdrv) {
			(*bound)++;
			continue;
		}
		if (!pd)
			continue;	/* our probe failed: its record says why */
		(*owned)++;
		pr_info("%s: %s (%04x:%04x) is driven by the native driver %s; left alone\n",
			drv->name, pci_name(pdev), pdev->vendor, pdev->device,
			pd->name);
		mutex_lock(&ndl_drv_lock);
		rec = ndl_devrec_get(drv, pdev);
		if (rec) {
			rec->state = NDL_DEV_OWNED;
			strscpy(rec->owner, pd->name, sizeof(rec->owner));
			snprintf(rec->message, sizeof(rec->message),
				 "driven by the native driver %s", pd->name);
		}
		mutex_unlock(&ndl_drv_lock);
	}
}

int ndl_pci_register(struct ndl_drv *drv, u32 *bound, u32 *owned)
{
	u32 i, n = 0;
	int ret;

	*bound = 0;
	*owned = 0;
	/* The USB driver (usb.c) has the same name. */
	snprintf(drv->pci_name, sizeof(drv->pci_name), "ndisload-%s",
		 drv->name);
	for (i = 0; i < drv->n_ids; i++)
		n += drv->ids[i].bus == NDL_BUS_PCI;
	if (!n)
		return 0;	/* a USB driver */
	drv->id_table = kcalloc(n + 1, sizeof(*drv->id_table), GFP_KERNEL);
	if (!drv->id_table)
		return -ENOMEM;
	for (i = 0, n = 0; i < drv->n_ids; i++) {
		const struct ndl_device_id *id = &drv->ids[i];
		bool sub = id->match & NDL_MATCH_SUBSYS;

		if (id->bus != NDL_BUS_PCI)
			continue;
		drv->id_table[n++] = (struct pci_device_id){
			PCI_DEVICE_SUB(id->vendor, id->device,
				       sub ? id->subvendor : PCI_ANY_ID,
				       sub ? id->subdevice : PCI_ANY_ID),
			.driver_data = i,
		};
	}
	drv->pdrv.name = drv->pci_name;
	drv->pdrv.id_table = drv->id_table;
	drv->pdrv.probe = ndl_pci_probe;
	drv->pdrv.remove = ndl_pci_remove;
	drv->pdrv.shutdown = ndl_pci_shutdown;
	ret = pci_register_driver(&drv->pdrv);
	if (ret)
		return ret;
	drv->pdrv_registered = true;
	ndl_pci_survey(drv, bound, owned);
	return 0;
}

void ndl_pci_unregister(struct ndl_drv *drv)
{
	if (drv->pdrv_registered)
		pci_unregister_driver(&drv->pdrv);
	drv->pdrv_registered = false;
}
