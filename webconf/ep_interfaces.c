// SPDX-License-Identifier: GPL-2.0-only
/* /api/v1/interfaces: state, MAC, speed and counters of ndisload's interfaces. */
#include "endpoints.h"
#include "forward.h"

enum MHD_Result wc_ep_interfaces(struct wc_request *req)
{
	return wc_forward(req, 200, "interface.list", NULL);
}
