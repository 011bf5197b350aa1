/* SPDX-License-Identifier: GPL-2.0-only */
/* The device-model tests' stand-in host (test_host.c) and its extras. */
#ifndef NDL_SIM_TEST_HOST_H
#define NDL_SIM_TEST_HOST_H

#include "../../module/user/simdev.h"

#define TEST_DMA_BASE	0x10000000ull	/* bus address of the pool */
#define TEST_DMA_SIZE	(1u << 20)
#define TEST_TX_QUEUE	64
#define TEST_FRAME_MAX	9018

bool test_irq(struct ndl_sim_dev *dev);
/* Host view of the DMA pool at a bus address inside it. */
uint8_t *test_dma(struct ndl_sim_dev *dev, uint64_t bus);

#endif
