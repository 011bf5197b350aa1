// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload-host's device: a PCI function opened through VFIO. Config
 * space and port I/O go through the device file's regions (pread/pwrite),
 * memory BARs are mapped into the process (the driver's MMIO runs as
 * plain loads and stores), and the device's DMA reaches only the host's
 * DMA pool, mapped into the IOMMU at the pool's bus addresses.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/pci_regs.h>
#include <linux/vfio.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "iommu_group.h"
#include "vfio.h"

#define MAX_MMIO_MAPS	16

static struct ndl_os_dev the_dev = {
	.container = -1, .group = -1, .fd = -1, .irq_fd = -1, .req_fd = -1,
};

struct ndl_os_dev *vfio_the_dev(void)
{
	return &the_dev;
}

static struct ndl_os_dev *vfail(struct ndl_os_dev *d, char *err, size_t len,
				const char *fmt, va_list ap)
{
	vsnprintf(err, len, fmt, ap);
	vfio_close(d);
	return NULL;
}

static struct ndl_os_dev *fail(struct ndl_os_dev *d, char *err, size_t len,
			       const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(d, err, len, fmt, ap);
	va_end(ap);
	return NULL;
}

/* A failure no restart can mend: this device cannot be isolated here. */
static struct ndl_os_dev *refuse(struct ndl_os_dev *d, bool *refused,
				 char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(d, err, len, fmt, ap);
	va_end(ap);
	*refused = true;
	return NULL;
}

/* The IOMMU group number of a PCI function, -1 if it has none. */
static int iommu_group(const char *addr)
{
	char path[PATH_MAX], target[PATH_MAX];
	ssize_t n;
	const char *slash;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/iommu_group",
		 addr);
	n = readlink(path, target, sizeof(target) - 1);
	if (n < 0)
		return -1;
	target[n] = 0;
	slash = strrchr(target, '/');
	return atoi(slash ? slash + 1 : target);
}

static u32 cfg_read32(struct ndl_os_dev *d, u32 off)
{
	u32 v = ~0u;

	ndl_os_pci_config_read(d, off, &v, 4);
	return v;
}

static int region_info(struct ndl_os_dev *d, u32 index,
		       struct vfio_region_info *ri)
{
	memset(ri, 0, sizeof(*ri));
	ri->argsz = sizeof(*ri);
	ri->index = index;
	return ioctl(d->fd, VFIO_DEVICE_GET_REGION_INFO, ri);
}

static void read_bars(struct ndl_os_dev *d)
{
	for (u32 i = 0; i < 6; i++) {
		struct vfio_region_info ri;
		struct vfio_bar *b = &d->bars[i];
		u32 bar = cfg_read32(d, PCI_BASE_ADDRESS_0 + 4 * i);

		if (region_info(d, VFIO_PCI_BAR0_REGION_INDEX + i, &ri) ||
		    !ri.size)
			continue;
		b->size = ri.size;
		b->offset = ri.offset;
		b->flags = ri.flags;
		b->io = bar & PCI_BASE_ADDRESS_SPACE_IO;
		b->base = bar & (b->io ? PCI_BASE_ADDRESS_IO_MASK :
				 PCI_BASE_ADDRESS_MEM_MASK);
		if (!b->io && (bar & PCI_BASE_ADDRESS_MEM_TYPE_MASK) ==
		    PCI_BASE_ADDRESS_MEM_TYPE_64 && i < 5) {
			b->base |= (u64)cfg_read32(d, PCI_BASE_ADDRESS_0 +
						   4 * (i + 1)) << 32;
			i++;	/* the upper half is no BAR of its own */
		}
	}
}

static int map_dma_pool(struct ndl_os_dev *d)
{
	struct vfio_iommu_type1_dma_map map = {
		.argsz = sizeof(map),
		.flags = VFIO_DMA_MAP_FLAG_READ | VFIO_DMA_MAP_FLAG_WRITE,
		.iova = NDL_USER_DMA_BUS,
		.size = NDL_USER_DMA_SIZE,
	};
	void *pool = ndl_user_dma_pool();

	if (!pool)
		return -ENOMEM;
	map.vaddr = (u64)(uintptr_t)pool;
	return ioctl(d->container, VFIO_IOMMU_MAP_DMA, &map) ? -errno : 0;
}

struct ndl_os_dev *vfio_open(const char *addr, char *err, size_t len,
			     bool *refused)
{
	struct ndl_os_dev *d = &the_dev;
	struct vfio_group_status gs = { .argsz = sizeof(gs) };
	struct vfio_device_info di = { .argsz = sizeof(di) };
	struct vfio_region_info ri;
	char path[64], drv[64];
	int group, type, rc;
	u16 cmd;

	*refused = false;
	if (d->fd >= 0)
		return fail(NULL, err, len, "a device is open already");
	snprintf(d->addr, sizeof(d->addr), "%s", addr);
	group = iommu_group(addr);
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s", addr);
	if (access(path, F_OK))
		return fail(d, err, len, "no PCI device %s", addr);
	if (group < 0) {
		return refuse(d, refused, err, len, "%s has no IOMMU group: this machine runs without an IOMMU, and isolated mode needs one to confine the device's DMA (enable VT-d/AMD-Vi in the firmware, boot with intel_iommu=on or amd_iommu=on); refusing",
			    addr);
	}
	pci_driver_name("/sys", addr, drv, sizeof(drv));
	if (strcmp(drv, "vfio-pci"))
		return fail(d, err, len, "%s is bound to %s, not vfio-pci",
			    addr, *drv ? drv : "no driver");
	snprintf(path, sizeof(path), "/dev/vfio/noiommu-%d", group);
	if (access(path, F_OK) == 0)
		return refuse(d, refused, err, len,
			    "IOMMU group %d of %s is a no-IOMMU group (vfio's unsafe no-IOMMU mode): the device could DMA anywhere; refusing",
			    group, addr);
	d->container = open("/dev/vfio/vfio", O_RDWR | O_CLOEXEC);
	if (d->container < 0)
		return fail(d, err, len, "/dev/vfio/vfio: %s (is vfio loaded?)",
			    strerror(errno));
	if (ioctl(d->container, VFIO_GET_API_VERSION) != VFIO_API_VERSION)
		return fail(d, err, len, "unknown VFIO API version");
	type = ioctl(d->container, VFIO_CHECK_EXTENSION, VFIO_TYPE1v2_IOMMU) > 0 ?
	       VFIO_TYPE1v2_IOMMU : VFIO_TYPE1_IOMMU;
	if (ioctl(d->container, VFIO_CHECK_EXTENSION, type) <= 0)
		return refuse(d, refused, err, len,
			    "the kernel's VFIO offers no IOMMU (type 1) to confine the device; refusing");
	snprintf(path, sizeof(path), "/dev/vfio/%d", group);
	d->group = open(path, O_RDWR | O_CLOEXEC);
	if (d->group < 0)
		return fail(d, err, len, "%s (IOMMU group of %s): %s%s", path,
			    addr, strerror(errno), errno == EACCES ?
			    " (the group device must be given to this user)" :
			    errno == EBUSY ? " (another process owns it)" : "");
	if (ioctl(d->group, VFIO_GROUP_GET_STATUS, &gs))
		return fail(d, err, len, "IOMMU group %d: %s", group,
			    strerror(errno));
	if (!(gs.flags & VFIO_GROUP_FLAGS_VIABLE)) {
		snprintf(path, sizeof(path), "%d", group);
		if (iommu_group_viable("/sys", path, addr, err, len))
			snprintf(err, len,
				 "IOMMU group %d of %s is not viable: every device in the group must be bound to vfio-pci or to no driver; refusing",
				 group, addr);
		vfio_close(d);
		*refused = true;
		return NULL;
	}
	if (ioctl(d->group, VFIO_GROUP_SET_CONTAINER, &d->container) ||
	    ioctl(d->container, VFIO_SET_IOMMU, type))
		return fail(d, err, len, "cannot attach group %d to an IOMMU: %s",
			    group, strerror(errno));
	rc = map_dma_pool(d);
	if (rc)
		return fail(d, err, len,
			    "cannot map the %u MiB DMA pool into the IOMMU: %s%s",
			    NDL_USER_DMA_SIZE >> 20, strerror(-rc), rc == -ENOMEM ?
			    " (raise the locked-memory limit: LimitMEMLOCK=, ulimit -l)" :
			    "");
	d->fd = ioctl(d->group, VFIO_GROUP_GET_DEVICE_FD, addr);
	if (d->fd < 0)
		return fail(d, err, len, "cannot get %s from its group: %s", addr,
			    strerror(errno));
	if (ioctl(d->fd, VFIO_DEVICE_GET_INFO, &di) ||
	    !(di.flags & VFIO_DEVICE_FLAGS_PCI))
		return fail(d, err, len, "%s is not a PCI device", addr);
	if (region_info(d, VFIO_PCI_CONFIG_REGION_INDEX, &ri))
		return fail(d, err, len, "%s: no config space region", addr);
	d->cfg_offset = ri.offset;
	d->cfg_size = ri.size;
	/* Whatever a crashed predecessor left running stops here. */
	if (di.flags & VFIO_DEVICE_FLAGS_RESET)
		ioctl(d->fd, VFIO_DEVICE_RESET);
	read_bars(d);
	d->irq_line = (u8)cfg_read32(d, PCI_INTERRUPT_LINE);
	ndl_os_pci_config_read(d, PCI_COMMAND, &cmd, 2);
	cmd |= PCI_COMMAND_IO | PCI_COMMAND_MEMORY;
	ndl_os_pci_config_write(d, PCI_COMMAND, &cmd, 2);
	if (!vfio_virtio_confined(d, err, len)) {
		vfio_close(d);
		*refused = true;
		return NULL;
	}
	cmd |= PCI_COMMAND_MASTER;	/* DMA only once it is known confined */
	ndl_os_pci_config_write(d, PCI_COMMAND, &cmd, 2);
	vfio_req_connect(d);
	return d;
}

void vfio_close(struct ndl_os_dev *d)
{
	if (!d)
		return;
	if (d->req_fd >= 0)
		close(d->req_fd);
	ndl_os_dev_msg_release(d);
	if (d->fd >= 0)
		close(d->fd);
	if (d->group >= 0)
		close(d->group);	/* the IOMMU mappings go with it */
	if (d->container >= 0)
		close(d->container);
	d->fd = d->group = d->container = d->req_fd = -1;
}

/* ---- OS interface: resources and config space ----------------------------- */

int ndl_os_dev_resources(struct ndl_os_dev *dev, struct ndl_os_resource *res,
			 int max)
{
	int n = 0;

	for (int i = 0; i < 6; i++) {
		const struct vfio_bar *b = &dev->bars[i];

		if (!b->size)
			continue;
		if (n < max)
			res[n] = (struct ndl_os_resource){
				b->io ? NDL_OS_RES_PORT : NDL_OS_RES_MEM,
				(u8)i, b->base, b->size, 0 };
		n++;
	}
	if (dev->nmsgs) {	/* the messages replace the line */
		for (u32 i = 0; i < dev->nmsgs; i++, n++)
			if (n < max)
				res[n] = (struct ndl_os_resource){
					NDL_OS_RES_IRQ, 0, i, 1,
					NDL_OS_RES_IRQ_MSI };
		return n;
	}
	if (n < max)
		res[n] = (struct ndl_os_resource){ NDL_OS_RES_IRQ, 0,
						   dev->irq_line, 1,
						   NDL_OS_RES_IRQ_SHARED };
	return n + 1;
}

void ndl_os_dev_pci_id(struct ndl_os_dev *dev, struct ndl_os_pci_id *id)
{
	u32 ids = cfg_read32(dev, PCI_VENDOR_ID);
	u32 sub = cfg_read32(dev, PCI_SUBSYSTEM_VENDOR_ID);
	u32 class = cfg_read32(dev, PCI_CLASS_REVISION);
	unsigned int dom, bus, slot, fn;

	*id = (struct ndl_os_pci_id){ (u16)ids, (u16)(ids >> 16), (u16)sub,
				      (u16)(sub >> 16), (u8)class, class >> 8,
				      0, 0, 0 };
	if (sscanf(dev->addr, "%x:%x:%x.%x", &dom, &bus, &slot, &fn) == 4) {
		id->bus = bus;
		id->slot = slot;
		id->function = fn;
	}
}

static u32 cfg_io(struct ndl_os_dev *dev, u32 off, void *buf, u32 len,
		  bool write)
{
	ssize_t n;

	if (off >= dev->cfg_size)
		return 0;
	if (len > dev->cfg_size - off)
		len = (u32)(dev->cfg_size - off);
	n = write ? pwrite(dev->fd, buf, len, (off_t)(dev->cfg_offset + off)) :
		    pread(dev->fd, buf, len, (off_t)(dev->cfg_offset + off));
	return n < 0 ? 0 : (u32)n;
}

u32 ndl_os_pci_config_read(struct ndl_os_dev *dev, u32 off, void *buf,
			   u32 len)
{
	return cfg_io(dev, off, buf, len, false);
}

u32 ndl_os_pci_config_write(struct ndl_os_dev *dev, u32 off, const void *buf,
			    u32 len)
{
	return cfg_io(dev, off, (void *)buf, len, true);
}

/* ---- port I/O through the I/O BAR's region; MMIO mapped ------------------- */

bool ndl_user_port_access(u32 port, int size, bool write, u32 *val)
{
	struct ndl_os_dev *d = &the_dev;

	for (int i = 0; d->fd >= 0 && i < 6; i++) {
		const struct vfio_bar *b = &d->bars[i];
		off_t at = (off_t)(b->offset + port - b->base);
		ssize_t n;

		if (!b->io || port < b->base ||
		    port + (u32)size > b->base + b->size)
			continue;
		if (write)
			n = pwrite(d->fd, val, (size_t)size, at);
		else {
			*val = 0;
			n = pread(d->fd, val, (size_t)size, at);
		}
		if (n != size && !write)
			*val = ~0u;
		return true;
	}
	return false;
}

/* Memory BARs are mapped: every MMIO access is an ordinary one. */
bool ndl_user_mmio_access(const volatile void *addr, int size, bool write,
			  u64 *val)
{
	return false;
}

static struct mmio_map {
	u8 *map;		/* what mmap returned */
	size_t len;
	u8 *va;			/* what the runtime got */
} mmio_maps[MAX_MMIO_MAPS];

void *ndl_os_mmio_map(struct ndl_os_dev *dev, u64 bus_addr, size_t len)
{
	char msg[200];

	for (int i = 0; i < 6; i++) {
		const struct vfio_bar *b = &dev->bars[i];
		u64 off = bus_addr - b->base, page = off & ~4095ull;
		size_t maplen = NDL_ALIGN_UP((size_t)(off - page) + len,
					     (size_t)4096);
		void *m;

		if (b->io || !b->size || bus_addr < b->base ||
		    bus_addr + len > b->base + b->size)
			continue;
		if (!(b->flags & VFIO_REGION_INFO_FLAG_MMAP)) {
			snprintf(msg, sizeof(msg),
				 "vfio %s: BAR %d cannot be mapped (the kernel offers no mmap for it)",
				 dev->addr, i);
			ndl_os_log(NDL_LOG_ERR, msg);
			return NULL;
		}
		for (int k = 0; k < MAX_MMIO_MAPS; k++) {
			if (mmio_maps[k].map)
				continue;
			m = mmap(NULL, maplen, PROT_READ | PROT_WRITE,
				 MAP_SHARED, dev->fd, (off_t)(b->offset + page));
			if (m == MAP_FAILED) {
				snprintf(msg, sizeof(msg),
					 "vfio %s: mapping BAR %d: %s",
					 dev->addr, i, strerror(errno));
				ndl_os_log(NDL_LOG_ERR, msg);
				return NULL;
			}
			mmio_maps[k] = (struct mmio_map){ m, maplen,
						(u8 *)m + (off - page) };
			return mmio_maps[k].va;
		}
		ndl_os_log(NDL_LOG_ERR, "vfio: too many MMIO mappings");
		return NULL;
	}
	ndl_os_log(NDL_LOG_ERR, "vfio: MMIO map of a bus address no BAR decodes");
	return NULL;
}

void ndl_os_mmio_unmap(void *va, size_t len)
{
	for (int k = 0; k < MAX_MMIO_MAPS; k++) {
		if (mmio_maps[k].map && mmio_maps[k].va == va) {
			munmap(mmio_maps[k].map, mmio_maps[k].len);
			mmio_maps[k].map = NULL;
			return;
		}
	}
}
