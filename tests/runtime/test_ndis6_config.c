// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance tests of NdisOpenConfigurationEx (module/runtime/ndis6/
 * ndis6_config.c): one rule of the NdisOpenConfigurationEx and
 * NDIS_CONFIGURATION_OBJECT reference pages per test. The adapter is a
 * test miniport's (vether) over a registry holding known values: the
 * handle reads them as NdisOpenConfiguration's does.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ndis6_testdrv.h"
#include "ndis/ndis_adapter.h"
#include "ndis/ndis_registry.h"

void NTAPI ndlw_NdisCloseConfiguration(NDIS_HANDLE cfg);
void NTAPI ndlw_NdisReadConfiguration(NDIS_STATUS *st,
				      NDIS_CONFIGURATION_PARAMETER **p,
				      NDIS_HANDLE cfg, NDIS_STRING *kw,
				      UINT type);
void NTAPI ndlw_NdisWriteConfiguration(NDIS_STATUS *st, NDIS_HANDLE cfg,
				       NDIS_STRING *kw,
				       NDIS_CONFIGURATION_PARAMETER *p);

static struct ndl_adapter *ad;
static NDIS_HANDLE drv_handle;

static NDIS_CONFIGURATION_OBJECT object(NDIS_HANDLE h)
{
	NDIS_CONFIGURATION_OBJECT o = {
		.Header = { NDIS_OBJECT_TYPE_CONFIGURATION_OBJECT,
			    NDIS_CONFIGURATION_OBJECT_REVISION_1,
			    NDIS_SIZEOF_CONFIGURATION_OBJECT_REVISION_1 },
		.NdisHandle = h,
	};
	return o;
}

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

static NDIS_STATUS read_int(NDIS_HANDLE cfg, const char *name, ULONG *v)
{
	NDIS_CONFIGURATION_PARAMETER *p = NULL;
	WCHAR b[64];
	NDIS_STRING kw = ustr(name, b);
	NDIS_STATUS st;

	ndlw_NdisReadConfiguration(&st, &p, cfg, &kw, NdisParameterInteger);
	if (st == NDIS_STATUS_SUCCESS)
		*v = p->ParameterData.IntegerData;
	return st;
}

/*
 * The handle opens the adapter's configuration: NdisReadConfiguration
 * and NdisWriteConfiguration work on it, NdisCloseConfiguration ends it.
 */
static void test_opens_adapter_configuration(void)
{
	NDIS_CONFIGURATION_OBJECT o = object(ad);
	NDIS_CONFIGURATION_PARAMETER p = { .ParameterType = NdisParameterInteger };
	NDIS_HANDLE cfg = NULL;
	NDIS_STATUS st;
	WCHAR b[64];
	NDIS_STRING kw = ustr("Written", b);
	ULONG v = 0;

	CHECK_EQ_INT(ndlw_NdisOpenConfigurationEx(&o, &cfg), NDIS_STATUS_SUCCESS);
	CHECK(cfg != NULL);
	if (!cfg)
		return;
	CHECK_EQ_INT(read_int(cfg, "Ndis6Value", &v), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(v, 4711);
	CHECK(read_int(cfg, "NoSuchValue", &v) != NDIS_STATUS_SUCCESS);
	p.ParameterData.IntegerData = 99;
	ndlw_NdisWriteConfiguration(&st, cfg, &kw, &p);
	CHECK_EQ_INT(st, NDIS_STATUS_SUCCESS);
	ndlw_NdisCloseConfiguration(cfg);

	cfg = NULL;
	CHECK_EQ_INT(ndlw_NdisOpenConfigurationEx(&o, &cfg), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(read_int(cfg, "Written", &v), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(v, 99);
	ndlw_NdisCloseConfiguration(cfg);
}

/*
 * Header: Type NDIS_OBJECT_TYPE_CONFIGURATION_OBJECT, Revision 1, Size
 * NDIS_SIZEOF_CONFIGURATION_OBJECT_REVISION_1; anything else fails.
 */
static void test_header_checked(void)
{
	NDIS_CONFIGURATION_OBJECT o = object(ad);
	NDIS_HANDLE cfg = (void *)1;

	log_clear();
	o.Header.Type = NDIS_OBJECT_TYPE_DEFAULT;
	CHECK_EQ_INT(ndlw_NdisOpenConfigurationEx(&o, &cfg), NDIS_STATUS_FAILURE);
	CHECK(cfg == NULL);
	CHECK(log_contains("is not an NDIS_CONFIGURATION_OBJECT"));
	o = object(ad);
	o.Header.Revision = 0;
	CHECK_EQ_INT(ndlw_NdisOpenConfigurationEx(&o, &cfg), NDIS_STATUS_FAILURE);
	o = object(ad);
	o.Header.Size = NDIS_SIZEOF_CONFIGURATION_OBJECT_REVISION_1 - 1;
	CHECK_EQ_INT(ndlw_NdisOpenConfigurationEx(&o, &cfg), NDIS_STATUS_FAILURE);
	CHECK_EQ_INT(ndlw_NdisOpenConfigurationEx(NULL, &cfg), NDIS_STATUS_FAILURE);
	o = object(ad);
	CHECK_EQ_INT(ndlw_NdisOpenConfigurationEx(&o, NULL), NDIS_STATUS_FAILURE);
}

/* NDIS_CONFIG_FLAG_FILTER_INSTANCE_CONFIGURATION is for filter drivers. */
static void test_filter_flag_refused(void)
{
	NDIS_CONFIGURATION_OBJECT o = object(ad);
	NDIS_HANDLE cfg = (void *)1;

	o.Flags = NDIS_CONFIG_FLAG_FILTER_INSTANCE_CONFIGURATION;
	CHECK_EQ_INT(ndlw_NdisOpenConfigurationEx(&o, &cfg), NDIS_STATUS_FAILURE);
	CHECK(cfg == NULL);
}

/*
 * NdisHandle must be a handle NDIS gave the driver. A driver handle is
 * one, but ndisload keeps configuration per adapter only: refused with a
 * message saying so, rather than a key that reads nothing.
 */
static void test_handles(void)
{
	NDIS_CONFIGURATION_OBJECT o = object(NULL);
	NDIS_HANDLE cfg = (void *)1;
	u64 junk[64] = { 0 };

	log_clear();
	CHECK_EQ_INT(ndlw_NdisOpenConfigurationEx(&o, &cfg), NDIS_STATUS_FAILURE);
	o = object(junk);
	CHECK_EQ_INT(ndlw_NdisOpenConfigurationEx(&o, &cfg), NDIS_STATUS_FAILURE);
	CHECK(log_contains("neither a miniport adapter handle nor an NDIS driver handle"));
	o = object(drv_handle);
	CHECK_EQ_INT(ndlw_NdisOpenConfigurationEx(&o, &cfg), NDIS_STATUS_FAILURE);
	CHECK(log_contains("is a driver handle"));
	CHECK(cfg == NULL);
}

static struct ndl_driver *load_vether(void)
{
	struct ndl_pe_error err;
	struct ndl_driver *drv = NULL;
	size_t len;
	void *f = read_file(driver_path("vether"), &len);

	if (!f)
		return NULL;
	if (ndl_driver_load(f, len, "vether", NULL, &drv, &err))
		drv = NULL;
	free(f);
	if (drv && !NT_SUCCESS(ndl_driver_start(drv))) {
		ndl_driver_unload(drv);
		drv = NULL;
	}
	return drv;
}

int main(void)
{
	static const struct ndl_adapter_ops no_ops;
	struct ndl_driver *vether, *drv6;
	struct ndl_reg *reg;
	int rc;

	test_init();
	vether = load_vether();
	drv6 = ndis6_test_driver(&drv_handle);
	reg = ndl_reg_create();
	CHECK(vether && drv6 && reg);
	if (reg)
		CHECK_EQ_INT(ndl_reg_set_dword(reg, "Ndis6Value", 4711), 0);
	if (vether && reg) {
		struct ndl_adapter_params p = {
			.drv = vether, .reg = reg, .ops = &no_ops,
			.name = "vether", .tx_slots = 16,
		};

		reg = NULL;	/* the adapter takes it */
		CHECK_EQ_INT(ndl_adapter_create(&p, &ad), 0);
	}
	if (ad && drv6) {
		RUN(test_opens_adapter_configuration);
		RUN(test_header_checked);
		RUN(test_filter_flag_refused);
		RUN(test_handles);
	}
	if (ad) {
		ndl_adapter_halt(ad);
		ndl_adapter_destroy(ad);
	}
	if (reg)
		ndl_reg_destroy(reg);
	ndis6_test_driver_unload(drv6);
	if (vether)
		ndl_driver_unload(vether);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
