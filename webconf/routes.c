// SPDX-License-Identifier: GPL-2.0-only
/* The route table: the whole HTTP surface of ndisload-webconf (docs/api.md). */
#include "routes.h"

#include "endpoints.h"

const struct wc_route wc_routes[] = {
	/* method  pattern                          access      body            handler */
	{ "POST",   "/api/v1/session",               WC_PUBLIC, WC_BODY_JSON,   wc_ep_login },
	{ "GET",    "/api/v1/session",               WC_AUTHED, WC_BODY_NONE,   wc_ep_session_get },
	{ "DELETE", "/api/v1/session",               WC_AUTHED, WC_BODY_NONE,   wc_ep_logout },
	{ "GET",    "/api/v1/brand",                 WC_PUBLIC, WC_BODY_NONE,   wc_ep_brand },
	{ "GET",    "/api/v1/status",                WC_AUTHED, WC_BODY_NONE,   wc_ep_status },
	{ "GET",    "/api/v1/drivers",               WC_AUTHED, WC_BODY_NONE,   wc_ep_drivers_list },
	{ "POST",   "/api/v1/drivers",               WC_AUTHED, WC_BODY_UPLOAD, wc_ep_driver_upload },
	{ "GET",    "/api/v1/drivers/{}",            WC_AUTHED, WC_BODY_NONE,   wc_ep_driver_get },
	{ "DELETE", "/api/v1/drivers/{}",            WC_AUTHED, WC_BODY_NONE,   wc_ep_driver_delete },
	{ "GET",    "/api/v1/drivers/{}/params",     WC_AUTHED, WC_BODY_NONE,   wc_ep_params_get },
	{ "PUT",    "/api/v1/drivers/{}/params",     WC_AUTHED, WC_BODY_JSON,   wc_ep_params_set },
	{ "GET",    "/api/v1/drivers/{}/compat",     WC_AUTHED, WC_BODY_NONE,   wc_ep_compat_get },
	{ "PUT",    "/api/v1/drivers/{}/compat",     WC_AUTHED, WC_BODY_JSON,   wc_ep_compat_set },
	{ "GET",    "/api/v1/drivers/{}/virtual",    WC_AUTHED, WC_BODY_NONE,   wc_ep_virtual_list },
	{ "POST",   "/api/v1/drivers/{}/virtual",    WC_AUTHED, WC_BODY_JSON,   wc_ep_virtual_add },
	{ "DELETE", "/api/v1/drivers/{}/virtual/{}", WC_AUTHED, WC_BODY_NONE,   wc_ep_virtual_remove },
	{ "POST",   "/api/v1/packages",              WC_AUTHED, WC_BODY_UPLOAD, wc_ep_package_open },
	{ "POST",   "/api/v1/packages/{}/install",   WC_AUTHED, WC_BODY_JSON,   wc_ep_package_install },
	{ "POST",   "/api/v1/load",                  WC_AUTHED, WC_BODY_JSON,   wc_ep_load },
	{ "POST",   "/api/v1/unload",                WC_AUTHED, WC_BODY_JSON,   wc_ep_unload },
	{ "GET",    "/api/v1/devices",               WC_AUTHED, WC_BODY_NONE,   wc_ep_devices_list },
	{ "POST",   "/api/v1/devices/{}/bind",       WC_AUTHED, WC_BODY_JSON,   wc_ep_device_bind },
	{ "POST",   "/api/v1/devices/{}/unbind",     WC_AUTHED, WC_BODY_NONE,   wc_ep_device_unbind },
	{ "GET",    "/api/v1/devices/{}/diagnosis",  WC_AUTHED, WC_BODY_NONE,   wc_ep_diagnosis },
	{ "GET",    "/api/v1/interfaces",            WC_AUTHED, WC_BODY_NONE,   wc_ep_interfaces },
	{ "POST",   "/api/v1/interfaces/{}/up",      WC_AUTHED, WC_BODY_JSON,   wc_ep_interface_up },
	{ "GET",    "/api/v1/interfaces/{}/wireless", WC_AUTHED, WC_BODY_NONE, wc_ep_wireless_get },
	{ "PUT",    "/api/v1/interfaces/{}/wireless", WC_AUTHED, WC_BODY_JSON, wc_ep_wireless_put },
	{ "DELETE", "/api/v1/interfaces/{}/wireless", WC_AUTHED, WC_BODY_NONE, wc_ep_wireless_forget },
	{ "POST",   "/api/v1/interfaces/{}/wireless/scan", WC_AUTHED, WC_BODY_NONE, wc_ep_wireless_scan },
	{ "POST",   "/api/v1/interfaces/{}/wireless/connect", WC_AUTHED, WC_BODY_NONE, wc_ep_wireless_connect },
	{ "POST",   "/api/v1/interfaces/{}/wireless/disconnect", WC_AUTHED, WC_BODY_NONE, wc_ep_wireless_disconnect },
	{ "GET",    "/api/v1/license",               WC_AUTHED, WC_BODY_NONE,   wc_ep_license_get },
	{ "PUT",    "/api/v1/license",               WC_AUTHED, WC_BODY_TEXT,   wc_ep_license_put },
	{ "GET",    "/api/v1/diagnostics",           WC_AUTHED, WC_BODY_NONE,   wc_ep_diagnostics },
	{ "GET",    "/api/v1/log",                   WC_AUTHED, WC_BODY_NONE,   wc_ep_log },
	/* Pages: the handler sends visitors without a session to the login page. */
	{ "GET",    "/",                             WC_PUBLIC, WC_BODY_NONE,   wc_ep_page },
	{ "GET",    "/{}",                           WC_PUBLIC, WC_BODY_NONE,   wc_ep_page },
	{ "GET",    "/assets/{}",                    WC_PUBLIC, WC_BODY_NONE,   wc_ep_page },
	{ "GET",    "/brand/{}",                     WC_PUBLIC, WC_BODY_NONE,   wc_ep_brand_file },
	{ NULL, NULL, WC_PUBLIC, WC_BODY_NONE, NULL }
};
