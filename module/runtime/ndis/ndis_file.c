// SPDX-License-Identifier: GPL-2.0-only
/*
 * Files: NdisOpenFile, NdisMapFile, NdisUnmapFile, NdisCloseFile, served
 * from the extra files the host gave the calling driver
 * (ndl_ndis_driver_add_file), found by case-insensitive base name. The
 * caller is identified by its return address; a call from code outside
 * any NDIS driver's image searches every driver's files.
 */
#include "ndis/ndis_priv.h"

#define FILE_MAGIC 0x4e444c46494c4548ull	/* "NDLFILEH" */

struct ndl_file_handle {
	u64 magic;
	const struct ndl_ndis_file *file;
	u8 *mapped;
};

static const struct ndl_ndis_file *find(struct ndl_ndis_driver *nd,
					const char *base)
{
	for (u32 i = 0; nd && i < nd->nfiles; i++)
		if (ndl_ascii_eq_nocase(nd->files[i].name, base))
			return &nd->files[i];
	return NULL;
}

static struct ndl_file_handle *fh_get(NDIS_HANDLE h, const char *fn)
{
	struct ndl_file_handle *f = h;

	if (!f || f->magic != FILE_MAGIC) {
		ndl_err("%s: bad file handle %p", fn, h);
		return NULL;
	}
	return f;
}

const struct ndl_ndis_file *ndl_ndis_file_for(const void *caller,
					      const char *path)
{
	const char *base = path;
	struct ndl_ndis_driver *nd;
	const struct ndl_ndis_file *file;

	for (const char *p = path; *p; p++)
		if (*p == '\\' || *p == '/')
			base = p + 1;
	nd = ndl_ndis_driver_by_addr(caller);
	file = find(nd, base);
	if (!file && !nd)
		file = ndl_ndis_file_any(base);
	return file;
}

static void open_file(NDIS_STATUS *status, NDIS_HANDLE *handle, UINT *len,
		      NDIS_STRING *name, const void *caller)
{
	char path[256];
	const struct ndl_ndis_file *file;
	struct ndl_file_handle *f;

	*handle = NULL;
	*len = 0;
	*status = NDIS_STATUS_FILE_NOT_FOUND;
	if (!name || !ndl_ustr_to_utf8(name, path, sizeof(path)))
		return;
	file = ndl_ndis_file_for(caller, path);
	if (!file) {
		ndl_warn("NdisOpenFile(%s): no such file was given to the driver",
			 path);
		return;
	}
	f = ndl_alloc(sizeof(*f), NDL_OS_ZERO);
	if (!f) {
		*status = NDIS_STATUS_RESOURCES;
		return;
	}
	f->magic = FILE_MAGIC;
	f->file = file;
	*handle = f;
	*len = (UINT)file->len;
	*status = NDIS_STATUS_SUCCESS;
}

void NTAPI ndlw_NdisOpenFile(NDIS_STATUS *status, NDIS_HANDLE *handle,
			     UINT *len, NDIS_STRING *name,
			     NDIS_PHYSICAL_ADDRESS highest)
{
	open_file(status, handle, len, name, __builtin_return_address(0));
}

void NTAPI ndlw_NdisMapFile(NDIS_STATUS *status, void **buf, NDIS_HANDLE h)
{
	struct ndl_file_handle *f = fh_get(h, "NdisMapFile");

	*buf = NULL;
	if (!f) {
		*status = NDIS_STATUS_FAILURE;
		return;
	}
	if (f->mapped) {
		*status = NDIS_STATUS_ALREADY_MAPPED;
		return;
	}
	/* A private copy: what the driver does to it stays its own. */
	f->mapped = ndl_alloc(f->file->len ? f->file->len : 1, 0);
	if (!f->mapped) {
		*status = NDIS_STATUS_RESOURCES;
		return;
	}
	if (f->file->len)
		ndl_memcpy(f->mapped, f->file->data, f->file->len);
	*buf = f->mapped;
	*status = NDIS_STATUS_SUCCESS;
}

void NTAPI ndlw_NdisUnmapFile(NDIS_HANDLE h)
{
	struct ndl_file_handle *f = fh_get(h, "NdisUnmapFile");

	if (!f)
		return;
	ndl_free(f->mapped);
	f->mapped = NULL;
}

void NTAPI ndlw_NdisCloseFile(NDIS_HANDLE h)
{
	struct ndl_file_handle *f = fh_get(h, "NdisCloseFile");

	if (!f)
		return;
	ndl_free(f->mapped);
	f->magic = 0;
	ndl_free(f);
}
