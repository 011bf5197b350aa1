/* SPDX-License-Identifier: GPL-2.0-only */
/* Every endpoint handler, one group per ep_*.c file (see routes.c). */
#ifndef WC_ENDPOINTS_H
#define WC_ENDPOINTS_H

#include <microhttpd.h>

#include "request.h"

/* ep_session.c */
enum MHD_Result wc_ep_login(struct wc_request *req);
enum MHD_Result wc_ep_session_get(struct wc_request *req);
enum MHD_Result wc_ep_logout(struct wc_request *req);
/* ep_status.c */
enum MHD_Result wc_ep_status(struct wc_request *req);
enum MHD_Result wc_ep_brand(struct wc_request *req);
/* ep_drivers.c */
enum MHD_Result wc_ep_drivers_list(struct wc_request *req);
enum MHD_Result wc_ep_driver_get(struct wc_request *req);
enum MHD_Result wc_ep_driver_delete(struct wc_request *req);
/* ep_upload.c */
enum MHD_Result wc_ep_driver_upload(struct wc_request *req);
/* ep_packages.c: the setup assistant's packages */
enum MHD_Result wc_ep_package_open(struct wc_request *req);
enum MHD_Result wc_ep_package_install(struct wc_request *req);
/* ep_load.c */
enum MHD_Result wc_ep_load(struct wc_request *req);
enum MHD_Result wc_ep_unload(struct wc_request *req);
/* ep_params.c */
enum MHD_Result wc_ep_params_get(struct wc_request *req);
enum MHD_Result wc_ep_params_set(struct wc_request *req);
/* ep_compat.c */
enum MHD_Result wc_ep_compat_get(struct wc_request *req);
enum MHD_Result wc_ep_compat_set(struct wc_request *req);
enum MHD_Result wc_ep_diagnosis(struct wc_request *req);
/* ep_virtual.c */
enum MHD_Result wc_ep_virtual_list(struct wc_request *req);
enum MHD_Result wc_ep_virtual_add(struct wc_request *req);
enum MHD_Result wc_ep_virtual_remove(struct wc_request *req);
/* ep_devices.c */
enum MHD_Result wc_ep_devices_list(struct wc_request *req);
enum MHD_Result wc_ep_device_bind(struct wc_request *req);
enum MHD_Result wc_ep_device_unbind(struct wc_request *req);
/* ep_interfaces.c */
enum MHD_Result wc_ep_interfaces(struct wc_request *req);
enum MHD_Result wc_ep_interface_up(struct wc_request *req);
/* api_wireless.c */
enum MHD_Result wc_ep_wireless_get(struct wc_request *req);
enum MHD_Result wc_ep_wireless_put(struct wc_request *req);
enum MHD_Result wc_ep_wireless_forget(struct wc_request *req);
enum MHD_Result wc_ep_wireless_scan(struct wc_request *req);
enum MHD_Result wc_ep_wireless_connect(struct wc_request *req);
enum MHD_Result wc_ep_wireless_disconnect(struct wc_request *req);
/* ep_license.c */
enum MHD_Result wc_ep_license_get(struct wc_request *req);
enum MHD_Result wc_ep_license_put(struct wc_request *req);
/* ep_diag.c */
enum MHD_Result wc_ep_diagnostics(struct wc_request *req);
/* ep_log.c */
enum MHD_Result wc_ep_log(struct wc_request *req);
/* ep_static.c */
enum MHD_Result wc_ep_page(struct wc_request *req);
enum MHD_Result wc_ep_brand_file(struct wc_request *req);

#endif
