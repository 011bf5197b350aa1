// SPDX-License-Identifier: GPL-2.0-only
/*
 * /dev/ndisload: the misc device the helper talks to (module/uapi/
 * ndisload.h explains the ABI). Requests are dispatched on the ioctl's type
 * and number only; each handler then checks the argument's header (ABI
 * version, exact size) before anything else, and changing requests check
 * the caller's capabilities. A malformed request changes nothing.
 */
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <linux/slab.h>

#include "ndl.h"
#include "ctl.h"
#include "drv.h"
#include "exec.h"
#include "stack.h"

int ndl_ctl_read(void *karg, const void __user *uarg, size_t size)
{
	struct ndl_hdr hdr;

	if (copy_from_user(&hdr, uarg, sizeof(hdr)))
		return -EFAULT;
	if (hdr.abi_version != NDL_ABI_VERSION)
		return -EPROTO;
	if (hdr.size != size)
		return -EINVAL;
	if (copy_from_user(karg, uarg, size))
		return -EFAULT;
	return 0;
}

bool ndl_ctl_terminated(const char *s, size_t len)
{
	return memchr(s, 0, len);
}

bool ndl_ctl_may_change(void)
{
	return capable(CAP_NET_ADMIN) || capable(CAP_SYS_ADMIN);
}

static long ndl_ioc_version(void __user *uarg)
{
	struct ndl_version v;
	int ret;

	ret = ndl_ctl_read(&v, uarg, sizeof(v));
	if (ret)
		return ret;
	v.abi_version = NDL_ABI_VERSION;
	v.features = NDL_FEAT_NDIS5 | NDL_FEAT_COMPAT | NDL_FEAT_HW_REG;
	if (ndl_exec_available())
		v.features |= NDL_FEAT_EXEC;
	memset(v.release, 0, sizeof(v.release));
	strscpy(v.release, NDL_RELEASE, sizeof(v.release));
	return copy_to_user(uarg, &v, sizeof(v)) ? -EFAULT : 0;
}

struct ndl_remove_call {
	const char *name;
	bool force;
};

static long ndl_remove_on_stack(void *arg)
{
	struct ndl_remove_call *c = arg;

	return ndl_drv_remove(c->name, c->force);
}

static long ndl_ioc_remove(void __user *uarg)
{
	struct ndl_remove_driver r;
	struct ndl_remove_call c;
	int ret;

	ret = ndl_ctl_read(&r, uarg, sizeof(r));
	if (ret)
		return ret;
	if (!ndl_ctl_may_change())
		return -EPERM;
	if (r.flags & ~NDL_REMOVE_FORCE || r.reserved ||
	    !ndl_ctl_terminated(r.name, sizeof(r.name)))
		return -EINVAL;
	c.name = r.name;
	c.force = r.flags & NDL_REMOVE_FORCE;
	return ndl_stack_run(ndl_remove_on_stack, &c, -1);
}

struct ndl_virtual_call {
	struct ndl_virtual *v;
	bool add;
};

static long ndl_virtual_on_stack(void *arg)
{
	struct ndl_virtual_call *c = arg;
	struct ndl_virtual *v = c->v;

	if (c->add)
		return ndl_virt_add(v->driver, &v->instance,
				    v->flags & NDL_VIRTUAL_AT, v->error,
				    sizeof(v->error));
	return ndl_virt_remove(v->driver, v->instance,
			       v->flags & NDL_REMOVE_FORCE);
}

/* NDL_IOC_ADD_VIRTUAL / NDL_IOC_REMOVE_VIRTUAL */
static long ndl_ioc_virtual(void __user *uarg, bool add)
{
	struct ndl_virtual_call c;
	struct ndl_virtual *v;
	long ret;

	v = kmalloc(sizeof(*v), GFP_KERNEL);
	if (!v)
		return -ENOMEM;
	ret = ndl_ctl_read(v, uarg, sizeof(*v));
	if (ret)
		goto out;
	ret = -EPERM;
	if (!ndl_ctl_may_change())
		goto out;
	ret = -EINVAL;
	if (v->flags & ~(add ? NDL_VIRTUAL_AT : NDL_REMOVE_FORCE) ||
	    !ndl_ctl_terminated(v->driver, sizeof(v->driver)) ||
	    ((!add || (v->flags & NDL_VIRTUAL_AT)) &&
	     v->instance >= NDL_MAX_VIRTUAL))
		goto out;
	if (add && !(v->flags & NDL_VIRTUAL_AT))
		v->instance = 0;
	memset(v->error, 0, sizeof(v->error));
	c.v = v;
	c.add = add;
	ret = ndl_stack_run(ndl_virtual_on_stack, &c, -1);
	if (add && copy_to_user(uarg, v, sizeof(*v)))
		ret = ret ? ret : -EFAULT;
out:
	kfree(v);
	return ret;
}

static long ndl_ctl_ioctl(struct file *file, unsigned int cmd,
			  unsigned long arg)
{
	void __user *uarg = (void __user *)arg;

	/* The size bits of cmd are not checked: struct ndl_hdr carries it. */
	if (_IOC_TYPE(cmd) != NDL_IOC_MAGIC)
		return -ENOTTY;
	switch (_IOC_NR(cmd)) {
	case _IOC_NR(NDL_IOC_VERSION):
		return ndl_ioc_version(uarg);
	case _IOC_NR(NDL_IOC_ADD_DRIVER):
		return ndl_ctl_add(uarg);
	case _IOC_NR(NDL_IOC_REMOVE_DRIVER):
		return ndl_ioc_remove(uarg);
	case _IOC_NR(NDL_IOC_LIST_DRIVERS):
		return ndl_ctl_list_drivers(uarg);
	case _IOC_NR(NDL_IOC_LIST_DEVICES):
		return ndl_ctl_list_devices(uarg);
	case _IOC_NR(NDL_IOC_ADD_VIRTUAL):
		return ndl_ioc_virtual(uarg, true);
	case _IOC_NR(NDL_IOC_REMOVE_VIRTUAL):
		return ndl_ioc_virtual(uarg, false);
	default:
		return -ENOTTY;
	}
}

static const struct file_operations ndl_ctl_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = ndl_ctl_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
};

static struct miscdevice ndl_ctl_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "ndisload",
	.fops = &ndl_ctl_fops,
	.mode = 0600,
};

int ndl_ctl_init(void)
{
	int ret = misc_register(&ndl_ctl_dev);

	if (ret)
		pr_err("cannot register /dev/ndisload: %d\n", ret);
	return ret;
}

void ndl_ctl_uninit(void)
{
	misc_deregister(&ndl_ctl_dev);
}
