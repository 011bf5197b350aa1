/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Isolated mode's privileged half (docs/isolated.md): the helper, as root,
 * hands one PCI function to ndisload-host, which runs the Windows driver
 * unprivileged. It checks the IOMMU (no IOMMU, or a no-IOMMU VFIO group:
 * refused), takes the function from its Linux driver onto vfio-pci, gives
 * the VFIO group device and a TAP made for it to the user ndisload-host,
 * writes the host's options file /run/ndisload/host/<device>.conf
 * (atomically) and starts ndisload-host@<device>.service, or, where
 * systemd is not PID 1, a small supervisor that runs the host without
 * privileges and restarts it after a crash as the unit would.
 */
#ifndef NDL_ISOLATED_H
#define NDL_ISOLATED_H

#include <json-c/json.h>
#include <stdbool.h>

#include "lib/err.h"

#define ISO_USER	"ndisload-host"
#define ISO_RUN_DIR	"/run/ndisload/host"

/* Starts (or restarts) DEVICE isolated with DRIVER; result: {"tap", "mode"}. */
json_object *isolated_start(const char *device, const char *driver,
			    struct ndl_err *err);
/* Stops DEVICE's host and gives the function back to Linux's drivers. */
int isolated_stop(const char *device, struct ndl_err *err);
/*
 * At load (--all at boot, or DRIVER): starts DEVICE's host unless it runs,
 * or with restart always, with the current settings; {"device", "driver",
 * "state"|"error"}.
 */
json_object *isolated_load(const char *device, const char *driver, bool restart);
/*
 * A PCI function that appeared (udev's `ndisload load --device`: plugged in
 * again, a rescan, coldplug): its host started if it is bound isolated,
 * nothing otherwise; shaped as the load op's result.
 */
json_object *isolated_plugged(const char *device);
/* Whether a host of DRIVER runs (or restarts): new settings need a reload. */
bool isolated_running(const char *driver);
/*
 * Refuses (NDL_E_INVALID) a virtio device whose DMA bypasses the IOMMU
 * (iso_virtio.c); 0 for any other device.
 */
int iso_virtio_check(const char *device, struct ndl_err *err);
/*
 * The message interrupts ndisload-host is to offer (its "msi" option) for
 * install section INS of a manifest, as Windows reads the .inf's hardware
 * key (module/linux/msi.c decides alike in the kernel): 0 unless
 * "Interrupt Management\MessageSignaledInterruptProperties" sets
 * MSISupported, else its MessageNumberLimit (0 counts as 1) or 64, at
 * most 64. The host offers them to an NDIS 6 miniport only.
 */
int iso_msi_limit(json_object *ins);
/* {"state", "tap", "mode", "restarts", "last_crash"} of DEVICE's host. */
json_object *isolated_state(const char *device);

#endif
