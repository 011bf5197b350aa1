// SPDX-License-Identifier: GPL-2.0-only
/*
 * /dev/ndisload: the misc device the helper talks to. Each ioctl checks the
 * argument header (size, ABI version) before looking at anything else.
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "ndl.h"

static int ndl_check_hdr(const struct ndl_hdr *hdr, size_t size)
{
	if (hdr->size != size)
		return -EINVAL;
	if (hdr->abi_version != NDL_ABI_VERSION)
		return -EPROTO;
	return 0;
}

static long ndl_ioc_version(void __user *uarg)
{
	struct ndl_version v;
	int ret;

	if (copy_from_user(&v, uarg, sizeof(v)))
		return -EFAULT;
	ret = ndl_check_hdr(&v.hdr, sizeof(v));
	if (ret)
		return ret;
	v.abi_version = NDL_ABI_VERSION;
	v.features = 0;
	strscpy(v.release, NDL_RELEASE, sizeof(v.release));
	return copy_to_user(uarg, &v, sizeof(v)) ? -EFAULT : 0;
}

static long ndl_ctl_ioctl(struct file *file, unsigned int cmd,
			  unsigned long arg)
{
	void __user *uarg = (void __user *)arg;

	switch (cmd) {
	case NDL_IOC_VERSION:
		return ndl_ioc_version(uarg);
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
