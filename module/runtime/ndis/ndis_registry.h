/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A device's registry: the typed values a Windows driver reads through
 * NdisReadConfiguration (and its subkeys, for NdisOpenConfigurationKeyBy*).
 * The host fills it (from the .inf's AddReg and Ndi\params defaults plus
 * the user's overrides, as pushed by the helper in struct ndl_reg_value);
 * the driver may add values with NdisWriteConfiguration.
 *
 * Names are paths relative to the device's driver key: subkey names and
 * the value name separated by '\\' ("Ndi\\params\\Speed\\default"); they
 * compare case-insensitively (ASCII), as Windows does. Strings are UTF-8
 * here and converted to UTF-16 when a driver reads them.
 */
#ifndef NDL_NDIS_REGISTRY_H
#define NDL_NDIS_REGISTRY_H

#include "core/ndl_types.h"

/* Value types: the Windows REG_* numbers (same as uapi's enum ndl_reg_type). */
#define NDL_REG_T_SZ		1	/* UTF-8, NUL-terminated */
#define NDL_REG_T_EXPAND_SZ	2	/* treated as REG_SZ */
#define NDL_REG_T_BINARY	3
#define NDL_REG_T_DWORD		4	/* 4 bytes, host order */
#define NDL_REG_T_MULTI_SZ	7	/* "a\0b\0\0" ("\0" alone: empty) */
#define NDL_REG_T_QWORD		11	/* 8 bytes, host order */

#define NDL_REG_PATH_MAX	255	/* bytes of a full name, without NUL */
#define NDL_REG_DATA_MAX	65536	/* bytes of one value */

struct ndl_reg;

struct ndl_reg_entry {
	const char *path;	/* full name, as stored */
	u32 type;
	u32 len;
	const void *data;
};

/* An empty registry; NULL without memory. PASSIVE. */
struct ndl_reg *ndl_reg_create(void);
void ndl_reg_destroy(struct ndl_reg *reg);

/*
 * Add or replace a value (a later value of the same name replaces an
 * earlier one). Data is copied and checked against its type: REG_SZ must
 * be NUL-terminated valid UTF-8 within len, DWORD exactly 4 bytes, QWORD 8,
 * MULTI_SZ properly double-terminated. 0, -NDL_EINVAL (the reason is
 * logged) or -NDL_ENOMEM. Any IRQL (allocates atomically above PASSIVE).
 */
int ndl_reg_set(struct ndl_reg *reg, const char *path, u32 type,
		const void *data, u32 len);
/* Convenience forms of ndl_reg_set. */
int ndl_reg_set_sz(struct ndl_reg *reg, const char *path, const char *s);
int ndl_reg_set_dword(struct ndl_reg *reg, const char *path, u32 v);

/* Find a value by full name; false if absent. *out points into reg. */
bool ndl_reg_get(const struct ndl_reg *reg, const char *path,
		 struct ndl_reg_entry *out);
/* Remove a value; false if absent. */
bool ndl_reg_delete(struct ndl_reg *reg, const char *path);
/* The i-th value (insertion order), for listing; false past the end. */
bool ndl_reg_at(const struct ndl_reg *reg, u32 i, struct ndl_reg_entry *out);
/*
 * The i-th distinct direct subkey name of key prefix ("" = root), in
 * first-seen order, copied NUL-terminated into buf; false past the end.
 */
bool ndl_reg_subkey_at(const struct ndl_reg *reg, const char *prefix, u32 i,
		       char *buf, u32 len);

#endif
