/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ndisload-host's exit statuses: what its supervisors act on (the unit's
 * Restart=on-failure with RestartPreventExitStatus=, the helper's own
 * supervisor, helper/sys/iso_run.c). A crash is a signal, not a status.
 */
#ifndef NDL_HOST_EXIT_STATUS_H
#define NDL_HOST_EXIT_STATUS_H

/* Stopped on request: SIGTERM, or the kernel took the device back. */
#define NDL_HOST_EXIT_STOPPED	0
/* Could not start (the driver failed, a resource was missing): retried. */
#define NDL_HOST_EXIT_FAILED	1
/* Bad command line or options file: a restart cannot mend it. */
#define NDL_HOST_EXIT_USAGE	2
/*
 * The device cannot be isolated here: no IOMMU, a no-IOMMU group, no
 * type-1 IOMMU, an IOMMU group shared with devices of Linux drivers, a
 * virtio device that bypasses the IOMMU. Never retried; the reason is the
 * line NDL_HOST_REFUSED_LINE "..." on stderr (the log, the journal).
 */
#define NDL_HOST_EXIT_REFUSED	3
#define NDL_HOST_REFUSED_LINE	"ndisload-host: refused: "

#endif
