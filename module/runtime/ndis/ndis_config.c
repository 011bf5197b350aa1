// SPDX-License-Identifier: GPL-2.0-only
/*
 * Configuration: NdisOpenConfiguration, NdisOpenConfigurationKeyByName /
 * ByIndex, NdisReadConfiguration, NdisWriteConfiguration,
 * NdisReadNetworkAddress, NdisCloseConfiguration, over the adapter's
 * registry (ndis_registry.c).
 *
 * Type rules (NdisReadConfiguration): the value comes back in the type it
 * is stored in, as Windows does, with these conversions —
 *  - a string read as NdisParameterInteger is parsed as decimal ("0x"
 *    prefix: hexadecimal), as NdisParameterHexInteger as hexadecimal; both
 *    return NdisParameterInteger; a string with no leading digit fails;
 *  - REG_DWORD/REG_QWORD (low 32 bits) read as any integer type return
 *    NdisParameterInteger; read as a string type they return the decimal
 *    string (a driver that asked for a string then reads a string);
 *  - REG_MULTI_SZ returns NdisParameterMultiString, REG_BINARY
 *    NdisParameterBinary.
 * "Environment", "ProcessorType" and "NdisVersion" are answered by NDIS.
 * Returned parameters and strings live until NdisCloseConfiguration.
 */
#include "ndis/ndis_priv.h"

#define CFG_MAGIC 0x4e444c434f4e4647ull	/* "NDLCONFG" */
#define NDL_NDIS_VERSION 0x00050001u

struct cfg_alloc {
	struct cfg_alloc *next;
	/* payload follows (16-byte aligned by ndl_alloc + this header) */
	u64 pad;
};

struct ndl_config {
	u64 magic;
	struct ndl_adapter *ad;
	struct cfg_alloc *allocs;
	char prefix[NDL_REG_PATH_MAX + 1];
};

static struct ndl_config *cfg_get(NDIS_HANDLE h, const char *fn)
{
	struct ndl_config *c = h;

	if (!c || c->magic != CFG_MAGIC) {
		ndl_err("%s: bad configuration handle %p", fn, h);
		return NULL;
	}
	return c;
}

/* Memory that lives until NdisCloseConfiguration. */
static void *cfg_alloc(struct ndl_config *c, size_t size)
{
	struct cfg_alloc *a = ndl_alloc(sizeof(*a) + size,
					NDL_OS_ZERO | ndl_alloc_flags_for_irql());

	if (!a)
		return NULL;
	a->next = c->allocs;
	c->allocs = a;
	return a + 1;
}

static struct ndl_config *cfg_new(struct ndl_adapter *ad, const char *prefix)
{
	struct ndl_config *c = ndl_alloc(sizeof(*c), NDL_OS_ZERO |
					 ndl_alloc_flags_for_irql());
	size_t n = ndl_strlen(prefix);

	if (!c)
		return NULL;
	c->magic = CFG_MAGIC;
	c->ad = ad;
	if (n > NDL_REG_PATH_MAX)
		n = NDL_REG_PATH_MAX;
	ndl_memcpy(c->prefix, prefix, n);
	c->prefix[n] = 0;
	return c;
}

void NTAPI ndlw_NdisOpenConfiguration(NDIS_STATUS *status, NDIS_HANDLE *cfg,
				      NDIS_HANDLE wcc)
{
	struct ndl_adapter *ad = ndl_ad(wcc, "NdisOpenConfiguration");
	struct ndl_config *c;

	*cfg = NULL;
	if (!ad) {
		*status = NDIS_STATUS_FAILURE;
		return;
	}
	c = cfg_new(ad, "");
	*status = c ? NDIS_STATUS_SUCCESS : NDIS_STATUS_RESOURCES;
	*cfg = c;
}

void NTAPI ndlw_NdisCloseConfiguration(NDIS_HANDLE h)
{
	struct ndl_config *c = cfg_get(h, "NdisCloseConfiguration");

	if (!c)
		return;
	while (c->allocs) {
		struct cfg_alloc *a = c->allocs;

		c->allocs = a->next;
		ndl_free(a);
	}
	c->magic = 0;
	ndl_free(c);
}

/* prefix\name into out; false if too long. */
static bool join(const struct ndl_config *c, const char *name, char *out,
		 size_t len)
{
	size_t p = ndl_strlen(c->prefix), n = ndl_strlen(name);

	if (p + 1 + n + 1 > len || !n)
		return false;
	if (p) {
		ndl_memcpy(out, c->prefix, p);
		out[p++] = '\\';
	}
	ndl_memcpy(out + p, name, n + 1);
	return true;
}

static bool keyword_path(const struct ndl_config *c, const NDIS_STRING *kw,
			 char *path, size_t len, char *name, u32 nlen)
{
	return kw && ndl_ustr_to_utf8(kw, name, nlen) && name[0] &&
	       join(c, name, path, len);
}

static int hexval(int c)
{
	c = ndl_ascii_lower(c);
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Parse the leading number of s (base 10 or 16; "0x" switches to 16). */
static bool parse_uint(const char *s, u32 base, u32 *out)
{
	bool neg = false, any = false;
	u32 v = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && hexval(s[2]) >= 0) {
		base = 16;
		s += 2;
	}
	for (;; s++) {
		int d = hexval((u8)*s);

		if (d < 0 || (u32)d >= base)
			break;
		v = v * base + (u32)d;
		any = true;
	}
	*out = neg ? (u32)-(s64)v : v;
	return any;
}

/* A parameter holding a UTF-16 copy of utf8[0..len) (MultiString: as is). */
static NDIS_CONFIGURATION_PARAMETER *string_param(struct ndl_config *c,
						  const char *utf8, u32 len,
						  UINT type)
{
	NDIS_CONFIGURATION_PARAMETER *p;
	UNICODE_STRING u;

	p = cfg_alloc(c, sizeof(*p));
	if (!p || !ndl_utf8_to_ustr(utf8, len, &u, ndl_alloc_flags_for_irql()))
		return NULL;
	/* Keep the converted buffer in the handle's allocations. */
	{
		WCHAR *keep = cfg_alloc(c, u.MaximumLength);

		if (!keep) {
			ndl_free(u.Buffer);
			return NULL;
		}
		ndl_memcpy(keep, u.Buffer, u.MaximumLength);
		ndl_free(u.Buffer);
		u.Buffer = keep;
	}
	p->ParameterType = type;
	p->ParameterData.StringData = u;
	return p;
}

static NDIS_CONFIGURATION_PARAMETER *int_param(struct ndl_config *c, u32 v)
{
	NDIS_CONFIGURATION_PARAMETER *p = cfg_alloc(c, sizeof(*p));

	if (p) {
		p->ParameterType = NdisParameterInteger;
		p->ParameterData.IntegerData = v;
	}
	return p;
}

static bool special_keyword(const char *name, u32 *v)
{
	if (ndl_ascii_eq_nocase(name, "Environment")) {
		*v = 1;		/* NdisEnvironmentWindowsNt */
		return true;
	}
	if (ndl_ascii_eq_nocase(name, "ProcessorType")) {
#if defined(__x86_64__)
		*v = 4;		/* NdisProcessorAmd64 */
#else
		*v = 0;		/* NdisProcessorX86 */
#endif
		return true;
	}
	if (ndl_ascii_eq_nocase(name, "NdisVersion")) {
		*v = NDL_NDIS_VERSION;
		return true;
	}
	return false;
}

static NDIS_CONFIGURATION_PARAMETER *convert(struct ndl_config *c,
					     const struct ndl_reg_entry *e,
					     UINT want, bool *unconvertible)
{
	bool want_int = want == NdisParameterInteger ||
			want == NdisParameterHexInteger;
	const u8 *d = e->data;
	u32 v;

	*unconvertible = false;
	switch (e->type) {
	case NDL_REG_T_DWORD:
	case NDL_REG_T_QWORD:
		ndl_memcpy(&v, d, 4);	/* little endian: low half of a QWORD */
		if (want == NdisParameterString ||
		    want == NdisParameterMultiString) {
			char num[12];
			int i = 11;

			num[i] = 0;
			do {
				num[--i] = (char)('0' + v % 10);
				v /= 10;
			} while (v);
			return string_param(c, num + i, (u32)(11 - i),
					    NdisParameterString);
		}
		return int_param(c, v);
	case NDL_REG_T_SZ:
	case NDL_REG_T_EXPAND_SZ:
	case NDL_REG_T_MULTI_SZ:
		if (want_int) {
			if (!parse_uint((const char *)d,
					want == NdisParameterHexInteger ? 16 : 10,
					&v)) {
				*unconvertible = true;
				return NULL;
			}
			return int_param(c, v);
		}
		if (e->type == NDL_REG_T_MULTI_SZ)
			/* Length covers every string and its NUL. */
			return string_param(c, (const char *)d,
					    e->len > 1 ? e->len - 1 : 0,
					    NdisParameterMultiString);
		return string_param(c, (const char *)d, e->len - 1,
				    NdisParameterString);
	case NDL_REG_T_BINARY: {
		NDIS_CONFIGURATION_PARAMETER *p;
		void *copy;

		if (want_int && e->len == 4) {
			ndl_memcpy(&v, d, 4);
			return int_param(c, v);
		}
		if (e->len > 0xffff) {
			*unconvertible = true;
			return NULL;
		}
		p = cfg_alloc(c, sizeof(*p));
		copy = p ? cfg_alloc(c, e->len ? e->len : 1) : NULL;
		if (!copy)
			return NULL;
		ndl_memcpy(copy, d, e->len);
		p->ParameterType = NdisParameterBinary;
		p->ParameterData.BinaryData.Length = (USHORT)e->len;
		p->ParameterData.BinaryData.Buffer = copy;
		return p;
	}
	default:
		*unconvertible = true;
		return NULL;
	}
}

void NTAPI ndlw_NdisReadConfiguration(NDIS_STATUS *status,
				      NDIS_CONFIGURATION_PARAMETER **value,
				      NDIS_HANDLE h, NDIS_STRING *keyword,
				      UINT type)
{
	struct ndl_config *c = cfg_get(h, "NdisReadConfiguration");
	char path[NDL_REG_PATH_MAX + 1], name[NDL_REG_PATH_MAX + 1];
	struct ndl_reg_entry e;
	bool bad;
	u32 v;

	*value = NULL;
	*status = NDIS_STATUS_FAILURE;
	if (!c || !keyword_path(c, keyword, path, sizeof(path), name,
				sizeof(name)))
		return;
	if (!c->prefix[0] && special_keyword(name, &v)) {
		*value = int_param(c, v);
		*status = *value ? NDIS_STATUS_SUCCESS : NDIS_STATUS_RESOURCES;
		return;
	}
	if (!c->ad->reg || !ndl_reg_get(c->ad->reg, path, &e)) {
		ndl_dbg("%s: NdisReadConfiguration(%s): not set", c->ad->name,
			path);
		return;
	}
	*value = convert(c, &e, type, &bad);
	if (!*value) {
		if (bad)
			ndl_warn("%s: NdisReadConfiguration(%s): stored type %u cannot be read as parameter type %u",
				 c->ad->name, path, e.type, type);
		*status = bad ? NDIS_STATUS_FAILURE : NDIS_STATUS_RESOURCES;
		return;
	}
	*status = NDIS_STATUS_SUCCESS;
}

void NTAPI ndlw_NdisWriteConfiguration(NDIS_STATUS *status, NDIS_HANDLE h,
				       NDIS_STRING *keyword,
				       NDIS_CONFIGURATION_PARAMETER *p)
{
	struct ndl_config *c = cfg_get(h, "NdisWriteConfiguration");
	char path[NDL_REG_PATH_MAX + 1], name[NDL_REG_PATH_MAX + 1];
	int rc = -NDL_EINVAL;

	*status = NDIS_STATUS_FAILURE;
	if (!c || !p || !keyword_path(c, keyword, path, sizeof(path), name,
				      sizeof(name)))
		return;
	if (!c->ad->reg) {
		c->ad->reg = ndl_reg_create();
		if (!c->ad->reg) {
			*status = NDIS_STATUS_RESOURCES;
			return;
		}
	}
	switch (p->ParameterType) {
	case NdisParameterInteger:
	case NdisParameterHexInteger:
		rc = ndl_reg_set_dword(c->ad->reg, path,
				       p->ParameterData.IntegerData);
		break;
	case NdisParameterString:
	case NdisParameterMultiString: {
		const UNICODE_STRING *s = &p->ParameterData.StringData;
		u32 units = s->Length / 2u, i, o = 0, cap = units * 3 + 2;
		char *buf = ndl_alloc(cap, ndl_alloc_flags_for_irql());

		if (!buf) {
			rc = -NDL_ENOMEM;
			break;
		}
		/* Convert piecewise so multi-string NULs survive. */
		for (i = 0; i <= units && o + 1 < cap;) {
			UNICODE_STRING part = { 0, 0, s->Buffer + i };
			u32 j = i;

			while (j < units && s->Buffer[j])
				j++;
			part.Length = part.MaximumLength = (USHORT)((j - i) * 2);
			ndl_ustr_to_utf8(&part, buf + o, cap - o);
			o += (u32)ndl_strlen(buf + o) + 1;
			i = j + 1;
			if (p->ParameterType == NdisParameterString)
				break;
		}
		if (p->ParameterType == NdisParameterMultiString) {
			/* drop empty strings the driver's Length included */
			u32 r = 0, w = 0;

			while (r < o) {
				u32 l = (u32)ndl_strlen(buf + r);

				if (l) {
					ndl_memmove(buf + w, buf + r, l + 1);
					w += l + 1;
				}
				r += l + 1;
			}
			buf[w++] = 0;
			rc = ndl_reg_set(c->ad->reg, path, NDL_REG_T_MULTI_SZ,
					 buf, w);
		} else {
			rc = ndl_reg_set_sz(c->ad->reg, path, buf);
		}
		ndl_free(buf);
		break;
	}
	case NdisParameterBinary:
		rc = ndl_reg_set(c->ad->reg, path, NDL_REG_T_BINARY,
				 p->ParameterData.BinaryData.Buffer,
				 p->ParameterData.BinaryData.Length);
		break;
	default:
		ndl_warn("%s: NdisWriteConfiguration(%s): unknown parameter type %u",
			 c->ad->name, path, p->ParameterType);
		return;
	}
	*status = rc == 0 ? NDIS_STATUS_SUCCESS :
		  rc == -NDL_ENOMEM ? NDIS_STATUS_RESOURCES :
		  NDIS_STATUS_FAILURE;
}

/*
 * NdisReadNetworkAddress: the "NetworkAddress" value (hex digits, '-' or
 * ':' allowed between bytes) as bytes, in memory NDIS owns until
 * NdisCloseConfiguration.
 */
void NTAPI ndlw_NdisReadNetworkAddress(NDIS_STATUS *status, void **addr,
				       UINT *len, NDIS_HANDLE h)
{
	struct ndl_config *c = cfg_get(h, "NdisReadNetworkAddress");
	char path[NDL_REG_PATH_MAX + 1];
	struct ndl_reg_entry e;
	u8 bytes[32], *out;
	u32 n = 0, i;
	int hi = -1;

	*status = NDIS_STATUS_FAILURE;
	*addr = NULL;
	*len = 0;
	if (!c || !join(c, "NetworkAddress", path, sizeof(path)) ||
	    !c->ad->reg || !ndl_reg_get(c->ad->reg, path, &e) ||
	    (e.type != NDL_REG_T_SZ && e.type != NDL_REG_T_EXPAND_SZ))
		return;
	for (i = 0; i + 1 < e.len; i++) {
		int ch = ((const u8 *)e.data)[i], v = hexval(ch);

		if (v < 0) {
			if ((ch == '-' || ch == ':') && hi < 0)
				continue;
			ndl_warn("%s: NetworkAddress \"%s\" is not hexadecimal; ignored",
				 c->ad->name, (const char *)e.data);
			return;
		}
		if (hi < 0) {
			hi = v;
			continue;
		}
		if (n == sizeof(bytes))
			return;
		bytes[n++] = (u8)(hi << 4 | v);
		hi = -1;
	}
	if (!n || hi >= 0)
		return;
	out = cfg_alloc(c, n);
	if (!out) {
		*status = NDIS_STATUS_RESOURCES;
		return;
	}
	ndl_memcpy(out, bytes, n);
	*addr = out;
	*len = n;
	*status = NDIS_STATUS_SUCCESS;
}

static bool key_exists(const struct ndl_config *c, const char *path)
{
	char name[8];

	/* A key exists if a value or a subkey lives below it. */
	if (ndl_reg_subkey_at(c->ad->reg, path, 0, name, sizeof(name)))
		return true;
	for (u32 i = 0;; i++) {
		struct ndl_reg_entry e;
		size_t pl = ndl_strlen(path);

		if (!ndl_reg_at(c->ad->reg, i, &e))
			return false;
		if (ndl_ascii_starts_nocase(e.path, path, pl) &&
		    e.path[pl] == '\\')
			return true;
	}
}

void NTAPI ndlw_NdisOpenConfigurationKeyByName(NDIS_STATUS *status,
					       NDIS_HANDLE h,
					       NDIS_STRING *subkey,
					       NDIS_HANDLE *out)
{
	struct ndl_config *c = cfg_get(h, "NdisOpenConfigurationKeyByName");
	char path[NDL_REG_PATH_MAX + 1], name[NDL_REG_PATH_MAX + 1];
	struct ndl_config *sub;

	*out = NULL;
	*status = NDIS_STATUS_FAILURE;
	if (!c || !keyword_path(c, subkey, path, sizeof(path), name,
				sizeof(name)) ||
	    !c->ad->reg || !key_exists(c, path))
		return;
	sub = cfg_new(c->ad, path);
	*status = sub ? NDIS_STATUS_SUCCESS : NDIS_STATUS_RESOURCES;
	*out = sub;
}

void NTAPI ndlw_NdisOpenConfigurationKeyByIndex(NDIS_STATUS *status,
						NDIS_HANDLE h, ULONG index,
						NDIS_STRING *key_name,
						NDIS_HANDLE *out)
{
	struct ndl_config *c = cfg_get(h, "NdisOpenConfigurationKeyByIndex");
	char name[NDL_REG_PATH_MAX + 1], path[NDL_REG_PATH_MAX + 1];
	NDIS_CONFIGURATION_PARAMETER *p;
	struct ndl_config *sub;

	*out = NULL;
	*status = NDIS_STATUS_FAILURE;
	if (!c || !c->ad->reg ||
	    !ndl_reg_subkey_at(c->ad->reg, c->prefix, index, name,
			       sizeof(name)) ||
	    !join(c, name, path, sizeof(path)))
		return;
	/* The name's buffer lives with the parent handle. */
	p = string_param(c, name, (u32)ndl_strlen(name), NdisParameterString);
	sub = p ? cfg_new(c->ad, path) : NULL;
	if (!sub) {
		*status = NDIS_STATUS_RESOURCES;
		return;
	}
	if (key_name)
		*key_name = p->ParameterData.StringData;
	*out = sub;
	*status = NDIS_STATUS_SUCCESS;
}
