// SPDX-License-Identifier: GPL-2.0-only
/*
 * The registry and the configuration exports: value types and their
 * checks, NdisReadConfiguration's type rules (string <-> integer, hex,
 * DWORD as string, multi-strings, binary, the predefined keywords),
 * NdisWriteConfiguration round trips, subkeys by name and index,
 * NdisReadNetworkAddress forms, bad handles and names.
 */
#include <string.h>

#include "check.h"
#include "ndis_fakemp.h"

void NTAPI ndlw_NdisOpenConfiguration(NDIS_STATUS *st, NDIS_HANDLE *cfg,
				      NDIS_HANDLE wcc);
void NTAPI ndlw_NdisCloseConfiguration(NDIS_HANDLE cfg);
void NTAPI ndlw_NdisReadConfiguration(NDIS_STATUS *st,
				      NDIS_CONFIGURATION_PARAMETER **p,
				      NDIS_HANDLE cfg, NDIS_STRING *kw,
				      UINT type);
void NTAPI ndlw_NdisWriteConfiguration(NDIS_STATUS *st, NDIS_HANDLE cfg,
				       NDIS_STRING *kw,
				       NDIS_CONFIGURATION_PARAMETER *p);
void NTAPI ndlw_NdisReadNetworkAddress(NDIS_STATUS *st, void **addr,
				       UINT *len, NDIS_HANDLE cfg);
void NTAPI ndlw_NdisOpenConfigurationKeyByName(NDIS_STATUS *st,
					       NDIS_HANDLE cfg,
					       NDIS_STRING *name,
					       NDIS_HANDLE *sub);
void NTAPI ndlw_NdisOpenConfigurationKeyByIndex(NDIS_STATUS *st,
						NDIS_HANDLE cfg, ULONG i,
						NDIS_STRING *name,
						NDIS_HANDLE *sub);

static struct tap tap;

/* A UTF-16 NDIS_STRING from ASCII (static storage per call site slot). */
static NDIS_STRING ustr(const char *s, WCHAR *buf)
{
	NDIS_STRING u;
	size_t n = strlen(s);

	for (size_t i = 0; i <= n; i++)
		buf[i] = (u8)s[i];
	u.Buffer = buf;
	u.Length = (USHORT)(n * 2);
	u.MaximumLength = (USHORT)(n * 2 + 2);
	return u;
}

static bool ustr_is(const NDIS_STRING *u, const char *s)
{
	size_t n = strlen(s);

	if (u->Length != n * 2)
		return false;
	for (size_t i = 0; i < n; i++)
		if (u->Buffer[i] != (u8)s[i])
			return false;
	return true;
}

static NDIS_STATUS rd(NDIS_HANDLE cfg, const char *name, UINT type,
		      NDIS_CONFIGURATION_PARAMETER **p)
{
	WCHAR b[128];
	NDIS_STRING kw = ustr(name, b);
	NDIS_STATUS st;

	ndlw_NdisReadConfiguration(&st, p, cfg, &kw, type);
	return st;
}

static void test_registry_values(void)
{
	struct ndl_reg *r = ndl_reg_create();
	struct ndl_reg_entry e;
	char name[16];
	u32 v = 7;

	CHECK_EQ_INT(ndl_reg_set_sz(r, "A", "x"), 0);
	CHECK_EQ_INT(ndl_reg_set(r, "B", NDL_REG_T_DWORD, &v, 3), -NDL_EINVAL);
	CHECK_EQ_INT(ndl_reg_set(r, "B", NDL_REG_T_SZ, "ab", 2), -NDL_EINVAL);
	CHECK_EQ_INT(ndl_reg_set(r, "B", NDL_REG_T_SZ, "a\0b", 4), -NDL_EINVAL);
	CHECK_EQ_INT(ndl_reg_set(r, "B", NDL_REG_T_SZ, "\xff\xfe", 3),
		     -NDL_EINVAL);
	CHECK_EQ_INT(ndl_reg_set(r, "B", NDL_REG_T_MULTI_SZ, "a\0\0b\0", 6),
		     -NDL_EINVAL);
	CHECK_EQ_INT(ndl_reg_set(r, "B", NDL_REG_T_MULTI_SZ, "a\0b", 3),
		     -NDL_EINVAL);
	CHECK_EQ_INT(ndl_reg_set(r, "B", 99, &v, 4), -NDL_EINVAL);
	CHECK_EQ_INT(ndl_reg_set(r, "\\B", NDL_REG_T_DWORD, &v, 4), -NDL_EINVAL);
	CHECK_EQ_INT(ndl_reg_set(r, "", NDL_REG_T_DWORD, &v, 4), -NDL_EINVAL);
	CHECK_EQ_INT(ndl_reg_set(r, "M", NDL_REG_T_MULTI_SZ, "a\0bc\0", 6), 0);
	CHECK_EQ_INT(ndl_reg_set(r, "E", NDL_REG_T_MULTI_SZ, "", 1), 0);
	CHECK_EQ_INT(ndl_reg_set_dword(r, "Sub\\Key\\V", 5), 0);
	CHECK_EQ_INT(ndl_reg_set_dword(r, "sub\\other\\W", 6), 0);
	/* Case-insensitive names; a later value replaces. */
	CHECK_EQ_INT(ndl_reg_set_sz(r, "a", "yz"), 0);
	CHECK(ndl_reg_get(r, "A", &e) && e.len == 3 && !strcmp(e.data, "yz"));
	CHECK(ndl_reg_subkey_at(r, "", 0, name, sizeof(name)) &&
	      !strcmp(name, "Sub"));
	CHECK(!ndl_reg_subkey_at(r, "", 1, name, sizeof(name)));
	CHECK(ndl_reg_subkey_at(r, "SUB", 1, name, sizeof(name)) &&
	      !strcmp(name, "other"));
	CHECK(ndl_reg_delete(r, "M"));
	CHECK(!ndl_reg_get(r, "M", &e));
	CHECK(!ndl_reg_delete(r, "M"));
	ndl_reg_destroy(r);
}

static struct ndl_driver *drv;
static struct ndl_adapter *ad;

static NDIS_HANDLE open_cfg(struct ndl_reg *reg)
{
	NDIS_HANDLE cfg = NULL;
	NDIS_STATUS st;

	memset(&fm, 0, sizeof(fm));
	drv = fm_container();
	if (!drv || fm_register(drv))
		return NULL;
	ad = tap_adapter(drv, NULL, reg, &tap);
	if (!ad)
		return NULL;
	ndlw_NdisOpenConfiguration(&st, &cfg, ad);
	CHECK_EQ_INT(st, 0);
	return cfg;
}

static void close_all(NDIS_HANDLE cfg)
{
	if (cfg)
		ndlw_NdisCloseConfiguration(cfg);
	ndl_adapter_destroy(ad);
	if (drv)
		ndl_driver_unload(drv);
}

static void test_read_types(void)
{
	struct ndl_reg *r = ndl_reg_create();
	NDIS_CONFIGURATION_PARAMETER *p;
	NDIS_HANDLE cfg;
	u32 v = 1234;
	u8 bin[5] = { 1, 2, 3, 4, 5 };

	ndl_reg_set_sz(r, "Dec", "42");
	ndl_reg_set_sz(r, "Hex", "1f");
	ndl_reg_set_sz(r, "HexPrefixed", "0x20");
	ndl_reg_set_sz(r, "Text", "hello wörld");
	ndl_reg_set_sz(r, "Junk", "abc");
	ndl_reg_set_dword(r, "Dword", v);
	ndl_reg_set(r, "Multi", NDL_REG_T_MULTI_SZ, "one\0two\0", 9);
	ndl_reg_set(r, "Bin", NDL_REG_T_BINARY, bin, 5);
	cfg = open_cfg(r);
	if (!cfg)
		goto out;
	CHECK_EQ_INT(rd(cfg, "dec", NdisParameterInteger, &p), 0);
	CHECK(p->ParameterType == NdisParameterInteger &&
	      p->ParameterData.IntegerData == 42);
	CHECK_EQ_INT(rd(cfg, "Hex", NdisParameterHexInteger, &p), 0);
	CHECK(p->ParameterType == NdisParameterInteger &&
	      p->ParameterData.IntegerData == 0x1f);
	CHECK_EQ_INT(rd(cfg, "HexPrefixed", NdisParameterInteger, &p), 0);
	CHECK_EQ_INT(p->ParameterData.IntegerData, 0x20);
	CHECK_EQ_INT(rd(cfg, "Dec", NdisParameterString, &p), 0);
	CHECK(p->ParameterType == NdisParameterString &&
	      ustr_is(&p->ParameterData.StringData, "42"));
	CHECK_EQ_INT(rd(cfg, "Text", NdisParameterString, &p), 0);
	CHECK(p->ParameterData.StringData.Length == 22 &&
	      p->ParameterData.StringData.Buffer[7] == 0xf6);
	CHECK_EQ_INT(rd(cfg, "Junk", NdisParameterInteger, &p),
		     NDIS_STATUS_FAILURE);
	CHECK_EQ_INT(rd(cfg, "Dword", NdisParameterHexInteger, &p), 0);
	CHECK_EQ_INT(p->ParameterData.IntegerData, 1234);
	CHECK_EQ_INT(rd(cfg, "Dword", NdisParameterString, &p), 0);
	CHECK(ustr_is(&p->ParameterData.StringData, "1234"));
	CHECK_EQ_INT(rd(cfg, "Multi", NdisParameterMultiString, &p), 0);
	CHECK(p->ParameterType == NdisParameterMultiString &&
	      p->ParameterData.StringData.Length == 16 &&
	      p->ParameterData.StringData.Buffer[3] == 0 &&
	      p->ParameterData.StringData.Buffer[4] == 't');
	CHECK_EQ_INT(rd(cfg, "Bin", NdisParameterBinary, &p), 0);
	CHECK(p->ParameterType == NdisParameterBinary &&
	      p->ParameterData.BinaryData.Length == 5 &&
	      !memcmp(p->ParameterData.BinaryData.Buffer, bin, 5));
	CHECK_EQ_INT(rd(cfg, "Missing", NdisParameterInteger, &p),
		     NDIS_STATUS_FAILURE);
	CHECK(p == NULL);
	CHECK_EQ_INT(rd(cfg, "NdisVersion", NdisParameterInteger, &p), 0);
	CHECK_EQ_INT(p->ParameterData.IntegerData, 0x00050001);
	CHECK_EQ_INT(rd(cfg, "Environment", NdisParameterInteger, &p), 0);
	CHECK_EQ_INT(p->ParameterData.IntegerData, 1);
	CHECK_EQ_INT(rd(cfg, "ProcessorType", NdisParameterInteger, &p), 0);
	CHECK_EQ_INT(p->ParameterData.IntegerData, 4);
	/* A handle that is not a configuration handle is refused. */
	{
		u64 junk[4] = { 0x1234 };

		CHECK_EQ_INT(rd(junk, "Dec", NdisParameterInteger, &p),
			     NDIS_STATUS_FAILURE);
	}
out:
	close_all(cfg);
}

static void test_write_and_subkeys(void)
{
	struct ndl_reg *r = ndl_reg_create();
	NDIS_CONFIGURATION_PARAMETER w = { 0 }, *p;
	NDIS_HANDLE cfg, sub = NULL, sub2 = NULL;
	NDIS_STRING kw, name;
	WCHAR b[64], b2[64];
	NDIS_STATUS st;

	ndl_reg_set_sz(r, "Ndi\\params\\Speed\\default", "100");
	ndl_reg_set_sz(r, "Ndi\\params\\Duplex\\default", "full");
	cfg = open_cfg(r);
	if (!cfg)
		goto out;
	w.ParameterType = NdisParameterInteger;
	w.ParameterData.IntegerData = 77;
	kw = ustr("Written", b);
	ndlw_NdisWriteConfiguration(&st, cfg, &kw, &w);
	CHECK_EQ_INT(st, 0);
	CHECK_EQ_INT(rd(cfg, "Written", NdisParameterInteger, &p), 0);
	CHECK_EQ_INT(p->ParameterData.IntegerData, 77);
	w.ParameterType = NdisParameterString;
	w.ParameterData.StringData = ustr("abc", b2);
	kw = ustr("WrittenText", b);
	ndlw_NdisWriteConfiguration(&st, cfg, &kw, &w);
	CHECK_EQ_INT(st, 0);
	CHECK_EQ_INT(rd(cfg, "WrittenText", NdisParameterString, &p), 0);
	CHECK(ustr_is(&p->ParameterData.StringData, "abc"));

	name = ustr("Ndi", b);
	ndlw_NdisOpenConfigurationKeyByName(&st, cfg, &name, &sub);
	CHECK_EQ_INT(st, 0);
	name = ustr("params", b);
	ndlw_NdisOpenConfigurationKeyByName(&st, sub, &name, &sub2);
	CHECK_EQ_INT(st, 0);
	ndlw_NdisCloseConfiguration(sub);
	sub = NULL;
	ndlw_NdisOpenConfigurationKeyByIndex(&st, sub2, 1, &name, &sub);
	CHECK_EQ_INT(st, 0);
	CHECK(ustr_is(&name, "Duplex"));
	CHECK_EQ_INT(rd(sub, "default", NdisParameterString, &p), 0);
	CHECK(ustr_is(&p->ParameterData.StringData, "full"));
	ndlw_NdisCloseConfiguration(sub);
	ndlw_NdisOpenConfigurationKeyByIndex(&st, sub2, 2, &name, &sub);
	CHECK_EQ_INT(st, NDIS_STATUS_FAILURE);
	name = ustr("Nope", b);
	ndlw_NdisOpenConfigurationKeyByName(&st, cfg, &name, &sub);
	CHECK_EQ_INT(st, NDIS_STATUS_FAILURE);
	ndlw_NdisCloseConfiguration(sub2);
out:
	close_all(cfg);
}

static void check_address(const char *value, NDIS_STATUS want,
			  const u8 *bytes, u32 len)
{
	struct ndl_reg *r = ndl_reg_create();
	NDIS_HANDLE cfg;
	NDIS_STATUS st;
	void *addr;
	UINT n;

	ndl_reg_set_sz(r, "NetworkAddress", value);
	cfg = open_cfg(r);
	if (cfg) {
		ndlw_NdisReadNetworkAddress(&st, &addr, &n, cfg);
		CHECK_EQ_INT(st, want);
		if (!want)
			CHECK(n == len && !memcmp(addr, bytes, len));
	}
	close_all(cfg);
}

static void test_network_address(void)
{
	static const u8 a[6] = { 0x02, 0xab, 0xcd, 0xef, 0x01, 0x23 };

	check_address("02ABCDEF0123", 0, a, 6);
	check_address("02-ab-cd-ef-01-23", 0, a, 6);
	check_address("02:AB:cd:EF:01:23", 0, a, 6);
	check_address("02ABCDEF012", NDIS_STATUS_FAILURE, NULL, 0);
	check_address("02ABCDEF01GG", NDIS_STATUS_FAILURE, NULL, 0);
	check_address("", NDIS_STATUS_FAILURE, NULL, 0);
}

int main(void)
{
	test_init();
	tap_reset(&tap);
	RUN(test_registry_values);
	RUN(test_read_types);
	RUN(test_write_and_subkeys);
	RUN(test_network_address);
	tap_free(&tap);
	return test_exit() | CHECK_EXIT_CODE();
}
