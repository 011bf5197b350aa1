/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Simulated PCI devices for the user-space host.
 *
 * A device model (e.g. tests/sim/rtl8139.c) describes a PCI function — IDs,
 * BARs, config space — and reacts to the driver's register accesses. The
 * user-space host (module/user/) presents the model to a Windows miniport
 * exactly as the kernel glue presents real hardware: BARs and the interrupt
 * in the NdisMQueryAdapterResources list, port I/O and MMIO routed to the
 * model (whether the driver uses hal's READ_PORT_* imports or inline
 * in/out and mov instructions, which the host traps and emulates), shared
 * memory from a DMA pool whose bus addresses the model reads and writes,
 * and an interrupt line the model raises.
 *
 * Models run on the host's thread only: the host calls into them on each
 * register access and from ndl_sim_run(); they never need locks.
 */
#ifndef NDL_USER_SIMDEV_H
#define NDL_USER_SIMDEV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ndl_sim_dev;

enum ndl_sim_bar_kind { NDL_SIM_BAR_NONE, NDL_SIM_BAR_IO, NDL_SIM_BAR_MEM };

struct ndl_sim_model {
	const char *name;
	uint16_t vendor, device, subvendor, subdevice;
	uint8_t revision;
	struct {
		enum ndl_sim_bar_kind kind;
		uint32_t size;
	} bars[6];
	size_t priv_size;		/* zeroed state handed to the model */

	int (*reset)(struct ndl_sim_dev *dev);	/* power-on state */
	/* Register access; size is 1, 2 or 4 bytes; off is within the BAR. */
	uint32_t (*read)(struct ndl_sim_dev *dev, int bar, uint32_t off,
			 int size);
	void (*write)(struct ndl_sim_dev *dev, int bar, uint32_t off,
		      int size, uint32_t val);
	/* A frame arrives from the wire; return false to drop it (no room). */
	bool (*receive)(struct ndl_sim_dev *dev, const void *frame, size_t len);
	/* Called by ndl_sim_run(): do pending work (e.g. transmit). */
	void (*poll)(struct ndl_sim_dev *dev);
};

/* Services the host offers models. */
void *ndl_sim_priv(struct ndl_sim_dev *dev);
uint8_t *ndl_sim_config(struct ndl_sim_dev *dev);	/* 256-byte config space */
void ndl_sim_set_irq(struct ndl_sim_dev *dev, bool asserted);	/* INTx level */
/* Signal message n (an edge: its ISR runs once; lost if not connected). */
void ndl_sim_raise_msg(struct ndl_sim_dev *dev, unsigned int n);
/* DMA by bus address into the host's DMA pool; false if outside it. */
bool ndl_sim_dma_read(struct ndl_sim_dev *dev, uint64_t bus, void *buf,
		      size_t len);
bool ndl_sim_dma_write(struct ndl_sim_dev *dev, uint64_t bus, const void *buf,
		       size_t len);
/* The device puts a frame on the wire; the test harness collects it. */
void ndl_sim_transmit(struct ndl_sim_dev *dev, const void *frame, size_t len);

/* Test-side API (implemented by the host). */
struct ndl_sim_dev *ndl_sim_create(const struct ndl_sim_model *model);
void ndl_sim_destroy(struct ndl_sim_dev *dev);
/*
 * Grant the device n message interrupts (at most 32) instead of its line,
 * before its miniport starts: what the kernel host does when the .inf sets
 * MSISupported and the device has MSI or MSI-X. 0 (the default): the line.
 */
void ndl_sim_grant_messages(struct ndl_sim_dev *dev, unsigned int n);
/* Offer a frame to the device from the wire; false if the device dropped it. */
bool ndl_sim_inject(struct ndl_sim_dev *dev, const void *frame, size_t len);
/* Next frame the device transmitted, or 0 if none (len is the buffer size). */
size_t ndl_sim_collect(struct ndl_sim_dev *dev, void *frame, size_t len);
/* Let models work and deliver pending interrupts (ISR, then DPC). */
void ndl_sim_run(struct ndl_sim_dev *dev);

#endif
