// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the user host's device side: hal port and register
 * exports reaching a simulated device, PCI config space (incl. BAR
 * sizing), the DMA pool and bounce-buffered streaming mappings, interrupt
 * delivery (and storm masking), frames in and out.
 */
#include <string.h>

#include "check.h"
#include "common.h"
#include "nt/nt_api.h"

UCHAR NTAPI ndlw_READ_PORT_UCHAR(UCHAR *port);
void NTAPI ndlw_WRITE_PORT_ULONG(ULONG *port, ULONG v);
void NTAPI ndlw_READ_PORT_BUFFER_USHORT(USHORT *port, USHORT *buf, ULONG n);
ULONG NTAPI ndlw_READ_REGISTER_ULONG(volatile ULONG *reg);
void NTAPI ndlw_WRITE_REGISTER_USHORT(volatile USHORT *reg, USHORT v);
void NTAPI ndlw_WRITE_REGISTER_BUFFER_UCHAR(volatile UCHAR *reg, UCHAR *buf,
					    ULONG n);

struct regs {
	u32 last_off, last_size, last_val, writes;
	u8 rx[64];
	size_t rx_len;
};

static uint32_t m_read(struct ndl_sim_dev *d, int bar, uint32_t off, int size)
{
	return 0x11223344u + off + (uint32_t)bar;
}

static void m_write(struct ndl_sim_dev *d, int bar, uint32_t off, int size,
		    uint32_t val)
{
	struct regs *r = ndl_sim_priv(d);

	r->last_off = off | (uint32_t)bar << 16;
	r->last_size = (uint32_t)size;
	r->last_val = val;
	r->writes++;
	if (bar == 0 && off == 0x10)		/* "transmit" */
		ndl_sim_transmit(d, "frame", 5);
	if (bar == 0 && off == 0x14)
		ndl_sim_set_irq(d, val != 0);
}

static bool m_receive(struct ndl_sim_dev *d, const void *f, size_t len)
{
	struct regs *r = ndl_sim_priv(d);

	if (len > sizeof(r->rx))
		return false;
	memcpy(r->rx, f, len);
	r->rx_len = len;
	return true;
}

static const struct ndl_sim_model model = {
	.name = "test", .vendor = 0x10ec, .device = 0x8139, .subvendor = 1,
	.subdevice = 2, .revision = 0x20,
	.bars = { { NDL_SIM_BAR_IO, 0x100 }, { NDL_SIM_BAR_MEM, 0x1000 } },
	.priv_size = sizeof(struct regs),
	.read = m_read, .write = m_write, .receive = m_receive,
};

static struct ndl_sim_dev *dev;
static struct ndl_os_resource res[4];

static void test_resources_and_config(void)
{
	struct ndl_os_pci_id id;
	u32 bar0, v = 0xffffffff;
	u8 cfg[4];

	CHECK_EQ_INT(ndl_os_dev_resources(ndl_sim_os_dev(dev), res, 4), 3);
	CHECK(res[0].kind == NDL_OS_RES_PORT && res[0].length == 0x100);
	CHECK(res[1].kind == NDL_OS_RES_MEM && res[1].length == 0x1000);
	CHECK(res[2].kind == NDL_OS_RES_IRQ);
	ndl_os_dev_pci_id(ndl_sim_os_dev(dev), &id);
	CHECK(id.vendor == 0x10ec && id.device == 0x8139 && id.revision == 0x20);
	CHECK_EQ_INT(ndl_os_pci_config_read(ndl_sim_os_dev(dev), 0, cfg, 4), 4);
	CHECK(cfg[0] == 0xec && cfg[1] == 0x10 && cfg[2] == 0x39);
	ndl_os_pci_config_read(ndl_sim_os_dev(dev), 0x10, &bar0, 4);
	CHECK_EQ_INT(bar0, res[0].start | 1);
	ndl_os_pci_config_write(ndl_sim_os_dev(dev), 0x10, &v, 4);
	ndl_os_pci_config_read(ndl_sim_os_dev(dev), 0x10, &v, 4);
	CHECK_EQ_INT(v, 0xffffff01);		/* size 0x100, I/O */
	ndl_os_pci_config_write(ndl_sim_os_dev(dev), 0x10, &bar0, 4);
	ndl_os_pci_config_read(ndl_sim_os_dev(dev), 0x10, &v, 4);
	CHECK_EQ_INT(v, bar0);
	CHECK_EQ_INT(ndl_os_pci_config_read(ndl_sim_os_dev(dev), 300, cfg, 4), 0);
}

static void test_ports_and_registers(void)
{
	struct regs *r = ndl_sim_priv(dev);
	u32 port = (u32)res[0].start;
	USHORT buf[3];
	u8 bytes[3] = { 1, 2, 3 };
	volatile u8 *mmio = ndl_os_mmio_map(ndl_sim_os_dev(dev), res[1].start,
					    0x1000);

	CHECK_EQ_INT(ndlw_READ_PORT_UCHAR((UCHAR *)(uintptr_t)(port + 1)), 0x45);
	ndlw_WRITE_PORT_ULONG((ULONG *)(uintptr_t)(port + 8), 0xcafe);
	CHECK(r->last_off == 8 && r->last_size == 4 && r->last_val == 0xcafe);
	ndlw_READ_PORT_BUFFER_USHORT((USHORT *)(uintptr_t)(port + 2), buf, 3);
	CHECK(buf[0] == 0x3346 && buf[2] == 0x3346);
	log_clear();
	CHECK_EQ_INT(ndl_os_port_read(0x80, 1), 0xff);	/* nobody decodes it */
	CHECK(log_contains("unclaimed I/O port"));
	CHECK(mmio != NULL);
	if (!mmio)
		return;
	CHECK_EQ_INT(ndlw_READ_REGISTER_ULONG((volatile ULONG *)(mmio + 0x20)),
		     0x11223344u + 0x20 + 1);
	ndlw_WRITE_REGISTER_USHORT((volatile USHORT *)(mmio + 6), 0xbeef);
	CHECK(r->last_off == (6 | 1 << 16) && r->last_size == 2 &&
	      r->last_val == 0xbeef);
	r->writes = 0;
	ndlw_WRITE_REGISTER_BUFFER_UCHAR(mmio + 9, bytes, 3);
	CHECK(r->writes == 3 && r->last_val == 3 && r->last_off == (9 | 1 << 16));
	ndl_os_mmio_unmap((void *)mmio, 0x1000);
	CHECK(ndl_os_mmio_map(NULL, 0x12345000, 16) == NULL);
}

static void test_dma(void)
{
	u64 bus, bus2, mapped;
	u8 *a = ndl_os_dma_alloc(ndl_sim_os_dev(dev), 6000, &bus, 32);
	u8 *b = ndl_os_dma_alloc(ndl_sim_os_dev(dev), 100, &bus2, 32);
	u8 heap[32], out[8];

	CHECK(a && b);
	if (!a || !b)
		return;
	CHECK((bus & 0xfff) == 0 && bus + 6000 < (1ull << 32));
	CHECK(bus2 >= bus + 6000 || bus2 + 100 <= bus);
	CHECK_EQ_INT(ndl_os_virt_to_phys(a + 10), bus + 10);
	memcpy(a, "dmadata", 8);
	CHECK(ndl_sim_dma_read(dev, bus, out, 8) && !memcmp(out, "dmadata", 8));
	CHECK(ndl_sim_dma_write(dev, bus + 1, "X", 1) && a[1] == 'X');
	CHECK(!ndl_sim_dma_read(dev, 0x1000, out, 8));	/* outside the pool */
	/* streaming mapping: the device sees a bounce copy */
	memset(heap, 'h', sizeof(heap));
	CHECK(ndl_os_dma_map(ndl_sim_os_dev(dev), heap, sizeof(heap),
			     NDL_OS_DMA_BIDIR, 32, &mapped));
	CHECK(ndl_sim_dma_read(dev, mapped, out, 8) && out[7] == 'h');
	ndl_sim_dma_write(dev, mapped, "written", 7);
	CHECK_EQ_INT(heap[0], 'h');			/* not before unmap */
	ndl_os_dma_unmap(ndl_sim_os_dev(dev), mapped, sizeof(heap),
			 NDL_OS_DMA_BIDIR);
	CHECK(!memcmp(heap, "written", 7) && heap[7] == 'h');
	ndl_os_dma_free(ndl_sim_os_dev(dev), 6000, a, bus);
	ndl_os_dma_free(ndl_sim_os_dev(dev), 100, b, bus2);
}

static int isr_calls;
static bool isr_clears;

static bool isr(void *ctx)
{
	isr_calls++;
	CHECK_EQ_INT(ndl_os_irql_current(), NDL_DEVICE_LEVEL);
	if (isr_clears)
		ndl_sim_set_irq(dev, false);
	return true;
}

static bool sync_fn(void *ctx)
{
	return ndl_os_irql_current() == NDL_DEVICE_LEVEL && ctx == &isr_calls;
}

static void test_interrupts_and_frames(void)
{
	struct ndl_os_irq *irq = ndl_os_irq_connect(ndl_sim_os_dev(dev), isr,
						    NULL);
	struct regs *r = ndl_sim_priv(dev);
	u32 port = (u32)res[0].start;
	u8 f[16];

	CHECK(irq != NULL);
	CHECK(ndl_os_irq_connect(ndl_sim_os_dev(dev), isr, NULL) == NULL);
	isr_clears = true;
	ndl_os_port_write(port + 0x14, 4, 1);		/* raise the line */
	ndl_sim_run(dev);
	CHECK_EQ_INT(isr_calls, 1);
	/* a driver that never clears the line: masked, not a hang */
	isr_clears = false;
	log_clear();
	ndl_os_port_write(port + 0x14, 4, 1);
	ndl_sim_run(dev);
	CHECK(isr_calls > 1000 && log_contains("interrupt storm"));
	ndl_os_port_write(port + 0x14, 4, 0);
	CHECK(ndl_os_irq_sync(irq, sync_fn, &isr_calls));
	ndl_os_irq_disconnect(irq);

	ndl_os_port_write(port + 0x10, 4, 1);		/* transmit */
	CHECK_EQ_INT(ndl_sim_collect(dev, f, sizeof(f)), 5);
	CHECK(!memcmp(f, "frame", 5));
	CHECK_EQ_INT(ndl_sim_collect(dev, f, sizeof(f)), 0);
	CHECK(ndl_sim_inject(dev, "incoming", 8));
	CHECK(r->rx_len == 8 && !memcmp(r->rx, "incoming", 8));
	CHECK(!ndl_sim_inject(dev, f, 100));
}

int main(void)
{
	int rc;

	test_init();
	dev = ndl_sim_create(&model);
	if (!dev) {
		printf("FAIL: sim_create\n");
		return 1;
	}
	RUN(test_resources_and_config);
	RUN(test_ports_and_registers);
	RUN(test_dma);
	RUN(test_interrupts_and_frames);
	ndl_sim_destroy(dev);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
