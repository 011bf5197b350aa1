// SPDX-License-Identifier: GPL-2.0-only
/*
 * NDL_IOC_ADD_DRIVER: copy and check every part of the request before any
 * of it is used. Cheap checks come first (sizes, counts, names, types,
 * limits), copies of bulk data last, so a malformed request fails fast and
 * without allocating much. Each refusal says what was wrong in the
 * request's error field; the checked request becomes a struct ndl_pkg in
 * kernel memory, handed to drv.c on a driver stack.
 */
#include <linux/ctype.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "ndl.h"
#include "ctl.h"
#include "drv.h"
#include "stack.h"

struct ndl_add_ctx {
	struct ndl_add_driver req;
	struct ndl_pkg pkg;
};

static __printf(3, 4) int ndl_refuse(struct ndl_add_ctx *c, int err,
				     const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->req.error, sizeof(c->req.error), fmt, ap);
	va_end(ap);
	return err;
}

static const void __user *ndl_uptr(u64 p)
{
	return (const void __user *)(uintptr_t)p;
}

/* [A-Za-z0-9_.-], starting with a letter or digit, 1..len-1 long. */
static bool ndl_name_ok(const char *s, size_t len)
{
	size_t i;

	if (!ndl_ctl_terminated(s, len) || !isalnum(s[0]))
		return false;
	for (i = 0; s[i]; i++)
		if (!isalnum(s[i]) && !strchr("_.-", s[i]))
			return false;
	return true;
}

/* Printable ASCII without '/', '\\' or ':', not starting with '.'. */
static bool ndl_file_name_ok(const char *s, size_t len)
{
	size_t i;

	if (!ndl_ctl_terminated(s, len) || !s[0] || s[0] == '.')
		return false;
	for (i = 0; s[i]; i++)
		if (s[i] < 0x20 || s[i] > 0x7e || strchr("/\\:", s[i]))
			return false;
	return true;
}

/* No control characters (UTF-8 bytes >= 0x80 are fine). */
static bool ndl_text_ok(const char *s, size_t len)
{
	size_t i;

	if (!ndl_ctl_terminated(s, len))
		return false;
	for (i = 0; s[i]; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return false;
	return true;
}

static int ndl_add_header(struct ndl_add_ctx *c)
{
	struct ndl_add_driver *r = &c->req;

	if ((r->flags & ~NDL_COMPAT_ALL) || r->reserved)
		return ndl_refuse(c, -EINVAL, "unknown flags, or reserved not 0");
	if ((r->flags & NDL_COMPAT_SINGLE_BUF_ON &&
	     r->flags & NDL_COMPAT_SINGLE_BUF_OFF) ||
	    (r->flags & NDL_COMPAT_MCAST_ALL_ON &&
	     r->flags & NDL_COMPAT_MCAST_ALL_OFF))
		return ndl_refuse(c, -EINVAL,
				  "a compatibility setting both on and off");
	if (r->file_size != sizeof(struct ndl_file) ||
	    r->id_size != sizeof(struct ndl_device_id) ||
	    r->reg_size != sizeof(struct ndl_reg_value))
		return ndl_refuse(c, -EINVAL,
				  "element sizes %u/%u/%u, expected %zu/%zu/%zu",
				  r->file_size, r->id_size, r->reg_size,
				  sizeof(struct ndl_file),
				  sizeof(struct ndl_device_id),
				  sizeof(struct ndl_reg_value));
	if (!ndl_name_ok(r->name, sizeof(r->name)))
		return ndl_refuse(c, -EINVAL,
				  "bad driver name: 1-31 of A-Z a-z 0-9 _ . -, starting with a letter or digit");
	if (!ndl_text_ok(r->version, sizeof(r->version)))
		return ndl_refuse(c, -EINVAL, "bad version string");
	if (r->n_files > NDL_MAX_FILES || r->n_ids > NDL_MAX_IDS ||
	    r->n_regs > NDL_MAX_REGS)
		return ndl_refuse(c, -E2BIG,
				  "%u files, %u IDs, %u registry values: at most %u, %u, %u",
				  r->n_files, r->n_ids, r->n_regs, NDL_MAX_FILES,
				  NDL_MAX_IDS, NDL_MAX_REGS);
	if (!r->n_files || !r->n_ids)
		return ndl_refuse(c, -EINVAL, "no files or no device IDs");
	strscpy(c->pkg.name, r->name, sizeof(c->pkg.name));
	strscpy(c->pkg.version, r->version, sizeof(c->pkg.version));
	c->pkg.compat = r->flags;
	return 0;
}

/* Copy an array of n elements of size each from user space. */
static void *ndl_copy_array(u64 uptr, u32 n, size_t size)
{
	void *k = kvmalloc_array(n, size, GFP_KERNEL);

	if (!k)
		return ERR_PTR(-ENOMEM);
	if (copy_from_user(k, ndl_uptr(uptr), n * size)) {
		kvfree(k);
		return ERR_PTR(-EFAULT);
	}
	return k;
}

static int ndl_add_files(struct ndl_add_ctx *c)
{
	struct ndl_file *uf;
	u64 total = 0;
	u32 i, j, drivers = 0;
	int ret = 0;

	uf = ndl_copy_array(c->req.files, c->req.n_files, sizeof(*uf));
	if (IS_ERR(uf))
		return ndl_refuse(c, PTR_ERR(uf), "cannot read the file list");
	for (i = 0; i < c->req.n_files && !ret; i++) {
		if (!ndl_file_name_ok(uf[i].name, sizeof(uf[i].name)))
			ret = ndl_refuse(c, -EINVAL, "file %u: bad name", i);
		else if (uf[i].type < NDL_FILE_DRIVER ||
			 uf[i].type > NDL_FILE_DATA)
			ret = ndl_refuse(c, -EINVAL, "%s: unknown type %u",
					 uf[i].name, uf[i].type);
		else if (!uf[i].length)
			ret = ndl_refuse(c, -EINVAL, "%s: empty", uf[i].name);
		else if (uf[i].length > NDL_MAX_FILE_SIZE)
			ret = ndl_refuse(c, -E2BIG, "%s: %u bytes, at most %u",
					 uf[i].name, uf[i].length,
					 NDL_MAX_FILE_SIZE);
		total += uf[i].length;
		drivers += uf[i].type == NDL_FILE_DRIVER;
		for (j = 0; j < i && !ret; j++)
			if (!strcasecmp(uf[i].name, uf[j].name))
				ret = ndl_refuse(c, -EINVAL, "%s: given twice",
						 uf[i].name);
	}
	if (!ret && total > NDL_MAX_TOTAL_SIZE)
		ret = ndl_refuse(c, -E2BIG, "%llu bytes of files, at most %u",
				 total, NDL_MAX_TOTAL_SIZE);
	if (!ret && drivers != 1)
		ret = ndl_refuse(c, -EINVAL, "%u driver images, need exactly one",
				 drivers);
	if (ret)
		goto out;

	c->pkg.files = kvcalloc(c->req.n_files, sizeof(*c->pkg.files),
				GFP_KERNEL);
	if (!c->pkg.files) {
		ret = -ENOMEM;
		goto out;
	}
	c->pkg.n_files = c->req.n_files;
	for (i = 0; i < c->req.n_files; i++) {
		struct ndl_kfile *kf = &c->pkg.files[i];

		strscpy(kf->name, uf[i].name, sizeof(kf->name));
		kf->type = uf[i].type;
		kf->length = uf[i].length;
		kf->data = kvmalloc(kf->length, GFP_KERNEL);
		if (!kf->data) {
			ret = -ENOMEM;
			break;
		}
		if (copy_from_user(kf->data, ndl_uptr(uf[i].data), kf->length)) {
			ret = ndl_refuse(c, -EFAULT, "%s: cannot read its data",
					 kf->name);
			break;
		}
	}
out:
	kvfree(uf);
	return ret;
}

/* What is wrong with a PCI ID, or NULL. */
static const char *ndl_pci_id_bad(const struct ndl_device_id *id)
{
	if (id->match & ~(NDL_MATCH_SUBSYS | NDL_MATCH_REV) ||
	    id->reserved[0] || id->reserved[1] || id->reserved[2])
		return "unknown match flags or reserved bytes";
	if (!id->vendor || id->vendor == 0xffff)
		return "vendor 0000 and ffff cannot exist";
	if ((!(id->match & NDL_MATCH_SUBSYS) &&
	     (id->subvendor || id->subdevice)) ||
	    (!(id->match & NDL_MATCH_REV) && id->revision))
		return "subsystem or revision given without its match flag";
	return NULL;
}

/* A virtual (root-enumerated) ID carries nothing but its bus. */
static const char *ndl_virtual_id_bad(const struct ndl_device_id *id)
{
	static const struct ndl_device_id zero = { .bus = NDL_BUS_VIRTUAL };

	return memcmp(id, &zero, sizeof(zero)) ?
	       "a virtual ID has no other fields" : NULL;
}

/* What is wrong with a USB ID, or NULL (interface numbers are a u8). */
static const char *ndl_usb_id_bad(const struct ndl_device_id *id)
{
	if (id->match & ~(NDL_MATCH_REV | NDL_MATCH_MI) || id->revision ||
	    id->reserved[0] || id->reserved[1] || id->reserved[2])
		return "unknown match flags or reserved bytes";
	if (!id->vendor || id->vendor == 0xffff)
		return "vendor 0000 and ffff cannot exist";
	if ((!(id->match & NDL_MATCH_REV) && id->bcd_device) ||
	    (!(id->match & NDL_MATCH_MI) && id->interface))
		return "revision or interface given without its match flag";
	if (id->interface > 0xff)
		return "interface number over 255";
	return NULL;
}

static int ndl_add_ids(struct ndl_add_ctx *c)
{
	struct ndl_device_id *ids;
	u32 i, n_virtual = 0;

	ids = ndl_copy_array(c->req.ids, c->req.n_ids, sizeof(*ids));
	if (IS_ERR(ids))
		return ndl_refuse(c, PTR_ERR(ids), "cannot read the ID list");
	c->pkg.ids = ids;
	c->pkg.n_ids = c->req.n_ids;
	for (i = 0; i < c->req.n_ids; i++) {
		const struct ndl_device_id *id = &ids[i];
		const char *why = id->bus == NDL_BUS_PCI ? ndl_pci_id_bad(id) :
				  id->bus == NDL_BUS_USB ? ndl_usb_id_bad(id) :
				  id->bus == NDL_BUS_VIRTUAL ?
				  ndl_virtual_id_bad(id) : "unknown bus";

		if (!why && id->bus == NDL_BUS_VIRTUAL && ++n_virtual > 1)
			why = "a second virtual ID";

		if (why)
			return ndl_refuse(c, -EINVAL, "ID %u: %s", i, why);
	}
	return 0;
}

/* Is s[0..len) well-formed UTF-8 (no overlong forms, no surrogates)? */
static bool ndl_utf8_ok(const u8 *s, u32 len)
{
	static const u32 min_cp[] = { 0, 0x80, 0x800, 0x10000 };
	u32 i = 0, n, k, cp;

	while (i < len) {
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		n = s[i] >= 0xf0 ? 3 : s[i] >= 0xe0 ? 2 : s[i] >= 0xc0 ? 1 : 0;
		if (!n || s[i] > 0xf4 || len - i <= n)
			return false;
		cp = s[i] & (0x3f >> n);
		for (k = 1; k <= n; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return false;
			cp = cp << 6 | (s[i + k] & 0x3f);
		}
		if (cp < min_cp[n] || cp > 0x10ffff ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			return false;
		i += n + 1;
	}
	return true;
}

/* Does the data fit the registry type? */
static bool ndl_reg_data_ok(u32 type, const char *d, u32 len)
{
	u32 i;

	if ((type == NDL_REG_SZ || type == NDL_REG_EXPAND_SZ ||
	     type == NDL_REG_MULTI_SZ) && !ndl_utf8_ok((const u8 *)d, len))
		return false;
	switch (type) {
	case NDL_REG_DWORD:
		return len == 4;
	case NDL_REG_QWORD:
		return len == 8;
	case NDL_REG_BINARY:
		return true;
	case NDL_REG_SZ:
	case NDL_REG_EXPAND_SZ:
		return len && memchr(d, 0, len) == d + len - 1;
	case NDL_REG_MULTI_SZ:
		if (len == 1)
			return !d[0];
		if (len < 3 || d[len - 1] || d[len - 2] || !d[0])
			return false;
		for (i = 1; i < len - 1; i++)
			if (!d[i] && !d[i - 1])
				return false;	/* an empty string inside */
		return true;
	default:
		return false;
	}
}

static int ndl_add_reg(struct ndl_add_ctx *c, const struct ndl_reg_value *u,
		       struct ndl_kreg *k, u32 i)
{
	const struct ndl_pci_location *loc = &u->location;

	if (!ndl_text_ok(u->name, sizeof(u->name)) || !u->name[0])
		return ndl_refuse(c, -EINVAL, "registry value %u: bad name", i);
	if (u->length > NDL_MAX_REG_DATA)
		return ndl_refuse(c, -E2BIG, "%s: %u bytes, at most %u",
				  u->name, u->length, NDL_MAX_REG_DATA);
	if (u->id_index != NDL_REG_ALL_IDS && u->id_index >= c->req.n_ids)
		return ndl_refuse(c, -EINVAL, "%s: ID index %u out of range",
				  u->name, u->id_index);
	if (u->flags & ~(NDL_REG_AT_LOCATION | NDL_REG_HARDWARE))
		return ndl_refuse(c, -EINVAL, "%s: unknown flags", u->name);
	if ((u->flags & NDL_REG_AT_LOCATION) ?
	    loc->slot >= 32 || loc->function >= 8 || loc->reserved :
	    loc->domain || loc->bus || loc->slot || loc->function || loc->reserved)
		return ndl_refuse(c, -EINVAL, "%s: bad PCI location", u->name);
	strscpy(k->name, u->name, sizeof(k->name));
	k->type = u->type;
	k->length = u->length;
	k->id_index = u->id_index;
	k->flags = u->flags;
	k->location = u->location;
	k->data = kmalloc(u->length ? u->length : 1, GFP_KERNEL);
	if (!k->data)
		return -ENOMEM;
	if (copy_from_user(k->data, ndl_uptr(u->data), u->length))
		return ndl_refuse(c, -EFAULT, "%s: cannot read its data",
				  u->name);
	if (!ndl_reg_data_ok(u->type, k->data, u->length))
		return ndl_refuse(c, -EINVAL,
				  "%s: %u bytes do not make a value of type %u",
				  u->name, u->length, u->type);
	return 0;
}

static int ndl_add_regs(struct ndl_add_ctx *c)
{
	struct ndl_reg_value *uregs;
	u32 i;
	int ret = 0;

	if (!c->req.n_regs)
		return 0;
	uregs = ndl_copy_array(c->req.regs, c->req.n_regs, sizeof(*uregs));
	if (IS_ERR(uregs))
		return ndl_refuse(c, PTR_ERR(uregs),
				  "cannot read the registry values");
	c->pkg.regs = kvcalloc(c->req.n_regs, sizeof(*c->pkg.regs), GFP_KERNEL);
	if (!c->pkg.regs) {
		ret = -ENOMEM;
		goto out;
	}
	c->pkg.n_regs = c->req.n_regs;
	for (i = 0; i < c->req.n_regs && !ret; i++)
		ret = ndl_add_reg(c, &uregs[i], &c->pkg.regs[i], i);
out:
	kvfree(uregs);
	return ret;
}

static long ndl_add_on_stack(void *arg)
{
	struct ndl_add_ctx *c = arg;

	return ndl_drv_add(&c->pkg, &c->req.bound, &c->req.owned,
			   c->req.error, sizeof(c->req.error));
}

long ndl_ctl_add(void __user *uarg)
{
	struct ndl_add_ctx *c;
	long ret;

	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	ret = ndl_ctl_read(&c->req, uarg, sizeof(c->req));
	if (ret)
		goto out;
	if (!ndl_ctl_may_change()) {
		ret = -EPERM;
		goto out;
	}
	c->req.bound = 0;
	c->req.owned = 0;
	memset(c->req.error, 0, sizeof(c->req.error));
	ret = ndl_add_header(c);
	/* Small lists first: a bad ID is found before megabytes are copied. */
	if (!ret)
		ret = ndl_add_ids(c);
	if (!ret)
		ret = ndl_add_regs(c);
	if (!ret)
		ret = ndl_add_files(c);
	if (!ret) {
		/* ndl_drv_add takes the package over, whatever happens. */
		ret = ndl_stack_run(ndl_add_on_stack, c, -1);
	} else {
		pr_info("%s: add refused: %s\n",
			c->pkg.name[0] ? c->pkg.name : "(unnamed)",
			c->req.error[0] ? c->req.error : "out of memory");
		ndl_pkg_free(&c->pkg);
	}
	if (copy_to_user(uarg, &c->req, sizeof(c->req)) && !ret)
		ret = -EFAULT;
out:
	kfree(c);
	return ret;
}
