// SPDX-License-Identifier: GPL-2.0-only
/*
 * A device's registry (ndis_registry.h): typed values under '\\'-separated
 * names, compared case-insensitively. A small array is enough: drivers
 * hold tens of values and read them at initialisation.
 */
#include "ndis/ndis_priv.h"

struct reg_value {
	char *path;
	u32 type;
	u32 len;
	u8 *data;
};

struct ndl_reg {
	struct reg_value *v;
	u32 n, cap;
};

static bool utf8_valid(const u8 *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		u8 c = s[i];
		int more;

		if (c < 0x80) {
			i++;
			continue;
		}
		if ((c & 0xe0) == 0xc0 && c >= 0xc2)
			more = 1;
		else if ((c & 0xf0) == 0xe0)
			more = 2;
		else if ((c & 0xf8) == 0xf0 && c <= 0xf4)
			more = 3;
		else
			return false;
		if (i + more >= len)
			return false;
		for (int k = 1; k <= more; k++)
			if ((s[i + k] & 0xc0) != 0x80)
				return false;
		i += more + 1;
	}
	return true;
}

static const char *check_value(const char *path, u32 type, const u8 *d,
			       u32 len)
{
	size_t plen = ndl_strlen(path);

	if (!plen || plen > NDL_REG_PATH_MAX)
		return "name empty or too long";
	if (path[0] == '\\' || path[plen - 1] == '\\')
		return "name starts or ends with '\\'";
	if (len > NDL_REG_DATA_MAX)
		return "data too long";
	if (len && !d)
		return "no data";
	switch (type) {
	case NDL_REG_T_SZ:
	case NDL_REG_T_EXPAND_SZ: {
		size_t n = 0;

		if (!len || d[len - 1])
			return "string not NUL-terminated";
		while (d[n])
			n++;
		if (n != len - 1)
			return "string holds a NUL before its end";
		return utf8_valid(d, n) ? NULL : "string is not valid UTF-8";
	}
	case NDL_REG_T_MULTI_SZ: {
		u32 i = 0;

		if (!len || d[len - 1])
			return "multi-string not NUL-terminated";
		if (len == 1)
			return NULL;
		while (i < len - 1) {
			u32 start = i;

			while (d[i])
				i++;
			if (i == start)
				return "multi-string holds an empty string";
			if (!utf8_valid(d + start, i - start))
				return "multi-string is not valid UTF-8";
			i++;
		}
		return i == len - 1 ? NULL : "multi-string lacks its final NUL";
	}
	case NDL_REG_T_DWORD:
		return len == 4 ? NULL : "REG_DWORD is not 4 bytes";
	case NDL_REG_T_QWORD:
		return len == 8 ? NULL : "REG_QWORD is not 8 bytes";
	case NDL_REG_T_BINARY:
		return NULL;
	default:
		return "unknown type";
	}
}

struct ndl_reg *ndl_reg_create(void)
{
	return ndl_alloc(sizeof(struct ndl_reg),
			 NDL_OS_ZERO | ndl_alloc_flags_for_irql());
}

static void value_free(struct reg_value *v)
{
	ndl_free(v->path);
	ndl_free(v->data);
}

void ndl_reg_destroy(struct ndl_reg *reg)
{
	u32 i;

	if (!reg)
		return;
	for (i = 0; i < reg->n; i++)
		value_free(&reg->v[i]);
	ndl_free(reg->v);
	ndl_free(reg);
}

static struct reg_value *find(const struct ndl_reg *reg, const char *path)
{
	u32 i;

	for (i = 0; i < reg->n; i++)
		if (ndl_ascii_eq_nocase(reg->v[i].path, path))
			return &reg->v[i];
	return NULL;
}

int ndl_reg_set(struct ndl_reg *reg, const char *path, u32 type,
		const void *data, u32 len)
{
	unsigned int fl = ndl_alloc_flags_for_irql();
	const char *why;
	struct reg_value *v;
	size_t plen;
	u8 *copy;

	if (!reg || !path)
		return -NDL_EINVAL;
	why = check_value(path, type, data, len);
	if (why) {
		ndl_warn("registry: value \"%s\" (type %u, %u bytes) refused: %s",
			 path, type, len, why);
		return -NDL_EINVAL;
	}
	copy = ndl_alloc(len ? len : 1, fl);
	if (!copy)
		return -NDL_ENOMEM;
	if (len)
		ndl_memcpy(copy, data, len);
	v = find(reg, path);
	if (v) {
		ndl_free(v->data);
		v->data = copy;
		v->type = type;
		v->len = len;
		return 0;
	}
	if (reg->n == reg->cap) {
		u32 cap = reg->cap ? reg->cap * 2 : 16;
		struct reg_value *nv = ndl_alloc(cap * sizeof(*nv), fl);

		if (!nv) {
			ndl_free(copy);
			return -NDL_ENOMEM;
		}
		if (reg->n)
			ndl_memcpy(nv, reg->v, reg->n * sizeof(*nv));
		ndl_free(reg->v);
		reg->v = nv;
		reg->cap = cap;
	}
	plen = ndl_strlen(path);
	v = &reg->v[reg->n];
	v->path = ndl_alloc(plen + 1, fl);
	if (!v->path) {
		ndl_free(copy);
		return -NDL_ENOMEM;
	}
	ndl_memcpy(v->path, path, plen + 1);
	v->type = type;
	v->len = len;
	v->data = copy;
	reg->n++;
	return 0;
}

int ndl_reg_set_sz(struct ndl_reg *reg, const char *path, const char *s)
{
	return ndl_reg_set(reg, path, NDL_REG_T_SZ, s, (u32)ndl_strlen(s) + 1);
}

int ndl_reg_set_dword(struct ndl_reg *reg, const char *path, u32 v)
{
	return ndl_reg_set(reg, path, NDL_REG_T_DWORD, &v, sizeof(v));
}

static void fill(const struct reg_value *v, struct ndl_reg_entry *out)
{
	out->path = v->path;
	out->type = v->type;
	out->len = v->len;
	out->data = v->data;
}

bool ndl_reg_get(const struct ndl_reg *reg, const char *path,
		 struct ndl_reg_entry *out)
{
	const struct reg_value *v = reg && path ? find(reg, path) : NULL;

	if (!v)
		return false;
	fill(v, out);
	return true;
}

bool ndl_reg_delete(struct ndl_reg *reg, const char *path)
{
	struct reg_value *v = reg && path ? find(reg, path) : NULL;
	u32 i;

	if (!v)
		return false;
	i = (u32)(v - reg->v);
	value_free(v);
	if (i + 1 < reg->n)
		ndl_memmove(&reg->v[i], &reg->v[i + 1],
			    (reg->n - i - 1) * sizeof(*v));
	reg->n--;
	return true;
}

bool ndl_reg_at(const struct ndl_reg *reg, u32 i, struct ndl_reg_entry *out)
{
	if (!reg || i >= reg->n)
		return false;
	fill(&reg->v[i], out);
	return true;
}

/*
 * If path lies below prefix ("" = root) and has a subkey level there,
 * return that subkey name's start and length.
 */
static bool subkey_of(const char *path, const char *prefix, const char **name,
		      size_t *len)
{
	size_t plen = ndl_strlen(prefix);
	const char *rest = path, *sep;

	if (plen) {
		if (!ndl_ascii_starts_nocase(path, prefix, plen) ||
		    path[plen] != '\\')
			return false;
		rest = path + plen + 1;
	}
	for (sep = rest; *sep && *sep != '\\'; sep++)
		;
	if (!*sep)
		return false;	/* a value directly under prefix */
	*name = rest;
	*len = (size_t)(sep - rest);
	return true;
}

bool ndl_reg_subkey_at(const struct ndl_reg *reg, const char *prefix, u32 i,
		       char *buf, u32 len)
{
	u32 k, seen = 0;

	if (!reg || !len)
		return false;
	for (k = 0; k < reg->n; k++) {
		const char *name;
		size_t nlen;
		bool dup = false;
		u32 j;

		if (!subkey_of(reg->v[k].path, prefix, &name, &nlen))
			continue;
		for (j = 0; j < k && !dup; j++) {
			const char *n2;
			size_t l2;

			if (subkey_of(reg->v[j].path, prefix, &n2, &l2) &&
			    l2 == nlen)
				dup = ndl_ascii_starts_nocase(n2, name, nlen);
		}
		if (dup)
			continue;
		if (seen++ == i) {
			if (nlen >= len)
				return false;
			ndl_memcpy(buf, name, nlen);
			buf[nlen] = 0;
			return true;
		}
	}
	return false;
}
