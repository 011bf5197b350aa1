// SPDX-License-Identifier: GPL-2.0-only
/*
 * A device's registry, built from the values the helper pushed with the
 * driver (uapi struct ndl_reg_value), in increasing precedence: values for
 * every ID, then for the ID that matched this device, then for its location
 * (a PCI function's address; a virtual adapter's is {instance, 0, 0, 0};
 * USB devices have none). Within a level, later values replace earlier
 * ones of the same name (ndl_reg_set does that). Runs on a driver stack (it is the runtime).
 * Values of the hardware key (NDL_REG_HARDWARE) stay out of the driver's
 * registry: they make the device's hardware key (ndl_devreg_build_hw,
 * which drivers open with IoOpenDeviceRegistryKey(PLUGPLAY_REGKEY_DEVICE)),
 * and the host reads them with ndl_devreg_hw_dword.
 */
#include <linux/pci.h>

#include "ndl.h"
#include "adapter.h"
#include "ndis/ndis_registry.h"
#include "nt/nt_registry.h"
#include "drv.h"

static bool ndl_kreg_here(const struct ndl_kreg *r, const struct ndl_bound *b)
{
	const struct pci_dev *pdev = b->pdev;

	if (b->rec && b->rec->bus == NDL_BUS_VIRTUAL)
		return !memcmp(&r->location, &b->rec->loc, sizeof(r->location));
	return pdev && r->location.domain == pci_domain_nr(pdev->bus) &&
	       r->location.bus == pdev->bus->number &&
	       r->location.slot == PCI_SLOT(pdev->devfn) &&
	       r->location.function == PCI_FUNC(pdev->devfn);
}

/* Precedence level of a value for this device; -1: not for it. */
static int ndl_reg_level(const struct ndl_kreg *r, const struct ndl_bound *b,
			 int id_index)
{
	if (r->id_index != NDL_REG_ALL_IDS && r->id_index != id_index)
		return -1;
	if (r->flags & NDL_REG_AT_LOCATION)
		return ndl_kreg_here(r, b) ? 2 : -1;
	return r->id_index == NDL_REG_ALL_IDS ? 0 : 1;
}

bool ndl_devreg_hw_dword(const struct ndl_bound *b, const char *name,
			 u32 *val)
{
	const struct ndl_drv *drv = b->drv;
	int best = -1, level;
	u32 i;

	for (i = 0; i < drv->n_regs; i++) {
		const struct ndl_kreg *r = &drv->regs[i];

		if (!(r->flags & NDL_REG_HARDWARE) ||
		    strcasecmp(r->name, name) || r->type != NDL_REG_DWORD ||
		    r->length != sizeof(*val))
			continue;
		level = ndl_reg_level(r, b, b->id_index);
		if (level < 0 || level < best)
			continue;
		memcpy(val, r->data, sizeof(*val));
		best = level;
	}
	return best >= 0;
}

/* The driver key's values (hw false) or the hardware key's (hw true). */
static struct ndl_reg *ndl_devreg_build_key(const struct ndl_bound *b,
					    bool hw)
{
	const struct ndl_drv *drv = b->drv;
	int id_index = b->id_index;
	struct ndl_reg *reg = ndl_reg_create();
	int level;
	u32 i;

	if (!reg)
		return NULL;
	for (level = 0; level <= 2; level++)
		for (i = 0; i < drv->n_regs; i++) {
			const struct ndl_kreg *r = &drv->regs[i];

			if (!(r->flags & NDL_REG_HARDWARE) != !hw ||
			    ndl_reg_level(r, b, id_index) != level)
				continue;
			if (ndl_reg_set(reg, r->name, r->type, r->data,
					r->length)) {
				pr_err("%s: %s: registry value %s refused\n",
				       drv->name, dev_name(b->parent), r->name);
				ndl_reg_destroy(reg);
				return NULL;
			}
		}
	return reg;
}

struct ndl_reg *ndl_devreg_build(const struct ndl_bound *b)
{
	return ndl_devreg_build_key(b, false);
}

struct ndl_reg *ndl_devreg_build_hw(const struct ndl_bound *b)
{
	return ndl_devreg_build_key(b, true);
}

/*
 * The driver's service key: the .inf's values common to every device are
 * also its Parameters subkey, where drivers reading
 * RegistryPath\Parameters (RtlQueryRegistryValues, ZwOpenKey) look for
 * their settings (docs/runtime.md). Before DriverEntry.
 */
int ndl_devreg_seed_service(const struct ndl_drv *drv, struct ndl_reg *svc)
{
	char path[NDL_REG_PATH_MAX + 1];
	u32 i;

	for (i = 0; svc && drv->regs && i < drv->n_regs; i++) {
		const struct ndl_kreg *r = &drv->regs[i];

		if (r->id_index != NDL_REG_ALL_IDS ||
		    (r->flags & (NDL_REG_AT_LOCATION | NDL_REG_HARDWARE)))
			continue;
		if (snprintf(path, sizeof(path), "Parameters\\%s", r->name) >=
		    sizeof(path) ||
		    ndl_reg_set(svc, path, r->type, r->data, r->length))
			return -EINVAL;
	}
	return 0;
}
