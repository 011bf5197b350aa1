// SPDX-License-Identifier: GPL-2.0-only
/*
 * A minimal stand-in for the user-space host's simulated-device services
 * (module/user/simdev.h), so the device models can be tested on their own:
 * one device, a flat DMA pool at a fixed bus address, an IRQ level and a
 * queue of transmitted frames.
 */
#include <stdlib.h>
#include <string.h>

#include "test_host.h"

struct ndl_sim_dev {
	const struct ndl_sim_model *model;
	void *priv;
	uint8_t config[256];
	bool irq;
	uint8_t *dma;
	struct { size_t len; uint8_t data[TEST_FRAME_MAX]; } tx[TEST_TX_QUEUE];
	size_t tx_head, tx_count;
	unsigned long tx_dropped;
};

void *ndl_sim_priv(struct ndl_sim_dev *dev)
{
	return dev->priv;
}

uint8_t *ndl_sim_config(struct ndl_sim_dev *dev)
{
	return dev->config;
}

void ndl_sim_set_irq(struct ndl_sim_dev *dev, bool asserted)
{
	dev->irq = asserted;
}

static bool in_pool(uint64_t bus, size_t len)
{
	return bus >= TEST_DMA_BASE && len <= TEST_DMA_SIZE &&
		bus - TEST_DMA_BASE <= TEST_DMA_SIZE - len;
}

bool ndl_sim_dma_read(struct ndl_sim_dev *dev, uint64_t bus, void *buf,
		      size_t len)
{
	if (!in_pool(bus, len))
		return false;
	memcpy(buf, dev->dma + (bus - TEST_DMA_BASE), len);
	return true;
}

bool ndl_sim_dma_write(struct ndl_sim_dev *dev, uint64_t bus, const void *buf,
		       size_t len)
{
	if (!in_pool(bus, len))
		return false;
	memcpy(dev->dma + (bus - TEST_DMA_BASE), buf, len);
	return true;
}

void ndl_sim_transmit(struct ndl_sim_dev *dev, const void *frame, size_t len)
{
	size_t slot;

	if (dev->tx_count == TEST_TX_QUEUE || len > TEST_FRAME_MAX) {
		dev->tx_dropped++;
		return;
	}
	slot = (dev->tx_head + dev->tx_count++) % TEST_TX_QUEUE;
	dev->tx[slot].len = len;
	memcpy(dev->tx[slot].data, frame, len);
}

struct ndl_sim_dev *ndl_sim_create(const struct ndl_sim_model *model)
{
	struct ndl_sim_dev *dev = calloc(1, sizeof(*dev));

	if (!dev)
		return NULL;
	dev->model = model;
	dev->priv = calloc(1, model->priv_size);
	dev->dma = calloc(1, TEST_DMA_SIZE);
	if (!dev->priv || !dev->dma) {
		ndl_sim_destroy(dev);
		return NULL;
	}
	memcpy(dev->config, &model->vendor, 2);
	memcpy(dev->config + 2, &model->device, 2);
	dev->config[8] = model->revision;
	memcpy(dev->config + 0x2c, &model->subvendor, 2);
	memcpy(dev->config + 0x2e, &model->subdevice, 2);
	if (model->reset && model->reset(dev)) {
		ndl_sim_destroy(dev);
		return NULL;
	}
	return dev;
}

void ndl_sim_destroy(struct ndl_sim_dev *dev)
{
	if (!dev)
		return;
	free(dev->priv);
	free(dev->dma);
	free(dev);
}

bool ndl_sim_inject(struct ndl_sim_dev *dev, const void *frame, size_t len)
{
	return dev->model->receive(dev, frame, len);
}

size_t ndl_sim_collect(struct ndl_sim_dev *dev, void *frame, size_t len)
{
	size_t n;

	if (!dev->tx_count)
		return 0;
	n = dev->tx[dev->tx_head].len;
	if (n > len)
		n = len;
	memcpy(frame, dev->tx[dev->tx_head].data, n);
	dev->tx_head = (dev->tx_head + 1) % TEST_TX_QUEUE;
	dev->tx_count--;
	return n;
}

void ndl_sim_run(struct ndl_sim_dev *dev)
{
	if (dev->model->poll)
		dev->model->poll(dev);
}

bool test_irq(struct ndl_sim_dev *dev)
{
	return dev->irq;
}

uint8_t *test_dma(struct ndl_sim_dev *dev, uint64_t bus)
{
	return dev->dma + (bus - TEST_DMA_BASE);
}
