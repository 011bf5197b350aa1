// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload-host's interrupts: the device's INTx through a VFIO eventfd.
 * The kernel masks the line when it fires; the host's loop runs the ISR
 * at DEVICE_LEVEL when the eventfd is readable and unmasks the line after
 * it (a device still asserting it fires again). The same loop sleeps in
 * ppoll on that eventfd (and on the messages', vfio_msi.c), so an
 * interrupt ends any wait at once.
 */
#include <errno.h>
#include <linux/vfio.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "vfio.h"

int vfio_irq_set(struct ndl_os_dev *d, u32 index, u32 action, u32 count,
		 const int *fds)
{
	struct {
		struct vfio_irq_set set;
		s32 fds[VFIO_MAX_MSGS];
	} req = { .set = {
		.argsz = (u32)(sizeof(req.set) + (fds ? count * sizeof(s32) : 0)),
		.flags = action | (fds ? VFIO_IRQ_SET_DATA_EVENTFD :
				   VFIO_IRQ_SET_DATA_NONE),
		.index = index,
		.count = count,
	} };

	if (fds && count > VFIO_MAX_MSGS)
		return -EINVAL;
	if (fds && count)
		memcpy(req.fds, fds, count * sizeof(s32));
	return ioctl(d->fd, VFIO_DEVICE_SET_IRQS, &req) ? -errno : 0;
}

/* fd < 0: no eventfd (unmask, disable). */
static int intx_set(struct ndl_os_dev *d, u32 action, u32 count, int fd)
{
	return vfio_irq_set(d, VFIO_PCI_INTX_IRQ_INDEX, action, count,
			    fd >= 0 ? &fd : NULL);
}

/*
 * The device request channel: the kernel asks through it for the device
 * back (hot-unplug, or its driver unbound) and waits until the host lets
 * go; without it the removal blocks. Best effort: an old kernel has none.
 */
void vfio_req_connect(struct ndl_os_dev *d)
{
	struct vfio_irq_info info = { .argsz = sizeof(info),
				      .index = VFIO_PCI_REQ_IRQ_INDEX };
	int fd;

	if (ioctl(d->fd, VFIO_DEVICE_GET_IRQ_INFO, &info) || info.count < 1)
		return;
	fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (fd >= 0 && vfio_irq_set(d, VFIO_PCI_REQ_IRQ_INDEX, VFIO_IRQ_SET_ACTION_TRIGGER, 1, &fd)) {
		close(fd);
		fd = -1;
	}
	if (fd < 0)
		ndl_os_log(NDL_LOG_WARN, "vfio: no device request channel: a hot-unplug would wait for this process to end");
	d->req_fd = fd;
}

bool vfio_req_pending(const struct ndl_os_dev *d)
{
	uint64_t count;

	return d->req_fd >= 0 && read(d->req_fd, &count, sizeof(count)) == sizeof(count);
}

struct ndl_os_irq *ndl_os_irq_connect(struct ndl_os_dev *dev,
				      bool (*isr)(void *ctx), void *ctx)
{
	struct vfio_irq_info info = { .argsz = sizeof(info),
				      .index = VFIO_PCI_INTX_IRQ_INDEX };
	struct ndl_os_irq *irq;
	int fd;

	if (dev->isr || ioctl(dev->fd, VFIO_DEVICE_GET_IRQ_INFO, &info) ||
	    info.count < 1) {
		ndl_os_log(NDL_LOG_ERR, "vfio: the device has no INTx line to connect");
		return NULL;
	}
	irq = calloc(1, sizeof(*irq));
	fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (!irq || fd < 0 ||
	    intx_set(dev, VFIO_IRQ_SET_ACTION_TRIGGER, 1, fd)) {
		ndl_os_log(NDL_LOG_ERR, "vfio: cannot connect the interrupt");
		if (fd >= 0)
			close(fd);
		free(irq);
		return NULL;
	}
	*irq = (struct ndl_os_irq){ .dev = dev, .msg = -1 };
	dev->irq_fd = fd;
	dev->isr = isr;
	dev->isr_ctx = ctx;
	return irq;
}

void ndl_os_irq_disconnect(struct ndl_os_irq *irq)
{
	struct ndl_os_dev *d;

	if (!irq)
		return;
	d = irq->dev;
	if (irq->msg >= 0) {
		vfio_msg_disconnect(irq);
		return;
	}
	intx_set(d, VFIO_IRQ_SET_ACTION_TRIGGER, 0, -1);
	close(d->irq_fd);
	d->irq_fd = -1;
	d->isr = NULL;
	d->isr_ctx = NULL;
	free(irq);
}

int vfio_irq_pollfds(const struct ndl_os_dev *dev, struct pollfd *p, int max)
{
	int n = 0;

	if (dev->irq_fd >= 0 && n < max)
		p[n++] = (struct pollfd){ .fd = dev->irq_fd, .events = POLLIN };
	for (u32 i = 0; i < dev->nmsgs && n < max; i++)
		if (dev->msg_irq[i])
			p[n++] = (struct pollfd){ .fd = dev->msg_fds[i],
						  .events = POLLIN };
	return n;
}

/* The device backend's part of the loop (module/user/host.h). */
bool ndl_user_dev_poll(void)
{
	struct ndl_os_dev *d = vfio_the_dev();
	uint64_t count;
	u8 old;

	if (ndl_os_irql_current() >= NDL_DEVICE_LEVEL)
		return false;
	if (vfio_msg_poll(d))
		return true;
	if (d->irq_fd < 0 ||
	    read(d->irq_fd, &count, sizeof(count)) != sizeof(count))
		return false;
	old = ndl_os_irql_raise(NDL_DEVICE_LEVEL);
	d->isr(d->isr_ctx);
	ndl_os_irql_lower(old);
	intx_set(d, VFIO_IRQ_SET_ACTION_UNMASK, 1, -1);
	return true;
}

void ndl_user_dev_idle(u64 deadline_ns)
{
	struct ndl_os_dev *d = vfio_the_dev();
	struct pollfd p[VFIO_MAX_POLL];
	int np = vfio_irq_pollfds(d, p, VFIO_MAX_POLL);
	u64 now = ndl_os_monotonic_ns();
	struct timespec ts;

	if (deadline_ns <= now)
		return;
	ts.tv_sec = (time_t)((deadline_ns - now) / 1000000000);
	ts.tv_nsec = (long)((deadline_ns - now) % 1000000000);
	ppoll(p, (nfds_t)np, &ts, NULL);
}
