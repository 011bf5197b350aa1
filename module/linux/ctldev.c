// SPDX-License-Identifier: GPL-2.0-only
/*
 * Drivers' control devices (NdisMRegisterDevice) as character devices:
 * one misc device per device the runtime exposes (os.h
 * ndl_os_ctldev_add/remove), node /dev/ndisload-dev/<name>, mode 0600,
 * opened only with CAP_NET_ADMIN or CAP_SYS_ADMIN. Each file operation
 * runs the runtime's request (nt_hostdev.c) on a driver stack at
 * PASSIVE_LEVEL with kernel copies of the caller's buffers, bounded by
 * NDL_DEVCTL_MAX: no user pointer reaches Windows code. A file holds a
 * reference on its device record and on the runtime's handle, so a
 * device removed while open leaves handles whose calls fail (ENODEV),
 * never a freed object; the open file also pins the module.
 */
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/kref.h>
#include <linux/miscdevice.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "ndl.h"
#include "ctl.h"
#include "fpu.h"
#include "stack.h"
#include "core/rt.h"
#include "nt/nt_hostdev.h"
#include "nt/nt_status.h"

struct ndl_ctldev {
	struct miscdevice misc;
	struct kref kref;
	struct list_head link;		/* ndl_ctldevs */
	struct ndl_hostdev *hd;
	char devname[NDL_HOSTDEV_NAME_MAX + 16];	/* sysfs: ndisload-dev-X */
	char node[NDL_HOSTDEV_NAME_MAX + 16];		/* ndisload-dev/X */
};

struct ndl_ctlfile {
	struct ndl_ctldev *cd;
	struct ndl_hostfile *f;
};

static_assert(NDL_DEVCTL_MAX == NDL_HOSTDEV_MAX_IO);

static LIST_HEAD(ndl_ctldevs);
static DEFINE_MUTEX(ndl_ctldevs_lock);

enum ndl_ctl_op { NDL_CTL_OPEN, NDL_CTL_CLOSE, NDL_CTL_READ, NDL_CTL_WRITE,
		  NDL_CTL_IOCTL, NDL_CTL_PUT };

/* One call into the runtime, made on a driver stack. */
struct ndl_ctl_call {
	enum ndl_ctl_op op;
	struct ndl_hostdev *hd;
	struct ndl_hostfile *f;
	u32 code;
	void *in, *out;
	u32 in_len, out_len;
	u32 done;
	NTSTATUS st;
};

static long ndl_ctl_call_on_stack(void *arg)
{
	struct ndl_ctl_call *c = arg;

	switch (c->op) {
	case NDL_CTL_OPEN:
		c->st = ndl_hostdev_open(c->hd, &c->f);
		break;
	case NDL_CTL_CLOSE:
		ndl_hostfile_close(c->f);
		break;
	case NDL_CTL_READ:
		c->st = ndl_hostfile_read(c->f, c->out, c->out_len, 0,
					  &c->done);
		break;
	case NDL_CTL_WRITE:
		c->st = ndl_hostfile_write(c->f, c->in, c->in_len, 0,
					   &c->done);
		break;
	case NDL_CTL_IOCTL:
		c->st = ndl_hostfile_ioctl(c->f, c->code, c->in, c->in_len,
					   c->out, c->out_len, &c->done);
		break;
	case NDL_CTL_PUT:
		ndl_hostdev_put(c->hd);
		break;
	}
	return 0;
}

static void ndl_ctl_run(struct ndl_ctl_call *c)
{
	ndl_stack_run(ndl_ctl_call_on_stack, c, NDL_PASSIVE_LEVEL);
}

static void ndl_ctldev_release(struct kref *kref)
{
	struct ndl_ctldev *cd = container_of(kref, struct ndl_ctldev, kref);
	struct ndl_ctl_call c = { .op = NDL_CTL_PUT, .hd = cd->hd };

	ndl_ctl_run(&c);
	kfree(cd);
}

static int ndl_ctldev_open(struct inode *inode, struct file *file)
{
	/* misc_open set private_data, and holds misc_mtx: cd is registered. */
	struct ndl_ctldev *cd = container_of(file->private_data,
					     struct ndl_ctldev, misc);
	struct ndl_ctl_call c = { .op = NDL_CTL_OPEN, .hd = cd->hd };
	struct ndl_ctlfile *cf;

	if (!capable(CAP_NET_ADMIN) && !capable(CAP_SYS_ADMIN))
		return -EPERM;
	cf = kzalloc(sizeof(*cf), GFP_KERNEL);
	if (!cf)
		return -ENOMEM;
	kref_get(&cd->kref);
	ndl_ctl_run(&c);
	if (!NT_SUCCESS(c.st)) {
		kref_put(&cd->kref, ndl_ctldev_release);
		kfree(cf);
		return ndl_nt_status_errno(c.st);
	}
	cf->cd = cd;
	cf->f = c.f;
	file->private_data = cf;
	return stream_open(inode, file);
}

static int ndl_ctldev_close(struct inode *inode, struct file *file)
{
	struct ndl_ctlfile *cf = file->private_data;
	struct ndl_ctl_call c = { .op = NDL_CTL_CLOSE, .f = cf->f };

	ndl_ctl_run(&c);
	kref_put(&cf->cd->kref, ndl_ctldev_release);
	kfree(cf);
	return 0;
}

/* A zeroed kernel buffer of len bytes (never a user-visible leak). */
static void *ndl_ctl_buf(u32 len)
{
	return kvzalloc(len ? len : 1, GFP_KERNEL);
}

static ssize_t ndl_ctldev_read(struct file *file, char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	struct ndl_ctlfile *cf = file->private_data;
	struct ndl_ctl_call c = { .op = NDL_CTL_READ, .f = cf->f };
	ssize_t ret;

	c.out_len = min_t(size_t, count, NDL_DEVCTL_MAX);
	c.out = ndl_ctl_buf(c.out_len);
	if (!c.out)
		return -ENOMEM;
	ndl_ctl_run(&c);
	if (c.st == STATUS_END_OF_FILE)
		ret = 0;
	else if (!NT_SUCCESS(c.st))
		ret = ndl_nt_status_errno(c.st);
	else if (copy_to_user(ubuf, c.out, c.done))
		ret = -EFAULT;
	else
		ret = c.done;
	kvfree(c.out);
	return ret;
}

static ssize_t ndl_ctldev_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct ndl_ctlfile *cf = file->private_data;
	struct ndl_ctl_call c = { .op = NDL_CTL_WRITE, .f = cf->f };
	ssize_t ret;

	c.in_len = min_t(size_t, count, NDL_DEVCTL_MAX);
	c.in = memdup_user(ubuf, c.in_len);
	if (IS_ERR(c.in))
		return PTR_ERR(c.in);
	ndl_ctl_run(&c);
	ret = NT_SUCCESS(c.st) ? (ssize_t)c.done : ndl_nt_status_errno(c.st);
	kfree(c.in);
	return ret;
}

static long ndl_ctldev_devctl(struct ndl_ctlfile *cf, void __user *uarg)
{
	struct ndl_ctl_call c = { .op = NDL_CTL_IOCTL, .f = cf->f };
	struct ndl_devctl d;
	long ret;

	ret = ndl_ctl_read(&d, uarg, sizeof(d));
	if (ret)
		return ret;
	if (d.reserved)
		return -EINVAL;
	if (d.in_len > NDL_DEVCTL_MAX || d.out_len > NDL_DEVCTL_MAX)
		return -E2BIG;
	if ((d.in_len && !d.in) || (d.out_len && !d.out))
		return -EFAULT;
	c.code = d.code;
	c.in_len = d.in_len;
	c.out_len = d.out_len;
	c.in = ndl_ctl_buf(c.in_len);
	c.out = ndl_ctl_buf(c.out_len);
	ret = -ENOMEM;
	if (!c.in || !c.out)
		goto out;
	ret = -EFAULT;
	if (copy_from_user(c.in, u64_to_user_ptr(d.in), c.in_len))
		goto out;
	ndl_ctl_run(&c);
	ret = -ENODEV;
	if (c.st == STATUS_DELETE_PENDING)
		goto out;
	d.status = (u32)c.st;
	/* Errors return nothing, as DeviceIoControl's caller sees it. */
	d.returned = (c.st >> 30) == 3 ? 0 : c.done;
	ret = -EFAULT;
	if (copy_to_user(u64_to_user_ptr(d.out), c.out, d.returned) ||
	    copy_to_user(uarg, &d, sizeof(d)))
		goto out;
	ret = 0;
out:
	kvfree(c.in);
	kvfree(c.out);
	return ret;
}

static long ndl_ctldev_ioctl(struct file *file, unsigned int cmd,
			     unsigned long arg)
{
	if (cmd != NDL_IOC_DEVCTL)
		return -ENOTTY;
	return ndl_ctldev_devctl(file->private_data, (void __user *)arg);
}

static const struct file_operations ndl_ctldev_fops = {
	.owner = THIS_MODULE,
	.open = ndl_ctldev_open,
	.release = ndl_ctldev_close,
	.read = ndl_ctldev_read,
	.write = ndl_ctldev_write,
	.unlocked_ioctl = ndl_ctldev_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
};

int ndl_os_ctldev_add(struct ndl_hostdev *hd, const char *name)
{
	struct ndl_ctldev *cd;
	int ret = -ENOMEM;

	ndl_fpu_pause();
	cd = kzalloc(sizeof(*cd), GFP_KERNEL);
	if (!cd)
		goto out;
	snprintf(cd->devname, sizeof(cd->devname), "ndisload-dev-%s", name);
	snprintf(cd->node, sizeof(cd->node), "ndisload-dev/%s", name);
	cd->misc.minor = MISC_DYNAMIC_MINOR;
	cd->misc.name = cd->devname;
	cd->misc.nodename = cd->node;
	cd->misc.mode = 0600;
	cd->misc.fops = &ndl_ctldev_fops;
	kref_init(&cd->kref);
	cd->hd = hd;
	ret = misc_register(&cd->misc);
	if (ret) {
		pr_err("control device %s: misc_register: %d\n", name, ret);
		kfree(cd);
		goto out;
	}
	ndl_hostdev_get(hd);
	mutex_lock(&ndl_ctldevs_lock);
	list_add(&cd->link, &ndl_ctldevs);
	mutex_unlock(&ndl_ctldevs_lock);
	pr_info("control device /dev/%s\n", cd->node);
out:
	ndl_fpu_resume();
	return ret;
}

void ndl_os_ctldev_remove(struct ndl_hostdev *hd)
{
	struct ndl_ctldev *cd, *found = NULL;

	ndl_fpu_pause();
	mutex_lock(&ndl_ctldevs_lock);
	list_for_each_entry(cd, &ndl_ctldevs, link)
		if (cd->hd == hd) {
			found = cd;
			list_del(&cd->link);
			break;
		}
	mutex_unlock(&ndl_ctldevs_lock);
	if (found) {
		/* No open is in progress or can start once this returns. */
		misc_deregister(&found->misc);
		kref_put(&found->kref, ndl_ctldev_release);
	}
	ndl_fpu_resume();
}
