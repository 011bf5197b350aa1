// SPDX-License-Identifier: GPL-2.0-only
/* The pre-flight report of a driver image for the store (see check.h). */
#include "store/preflight.h"
#include "lib/jsonx.h"

#ifdef NDL_HAVE_CHECK
#include "cli/cmd_check.h"

/* The runtime's static checks; DriverEntry runs only in `ndisload check`. */
json_object *check_report(const char *name, const void *image, size_t len)
{
	return check_driver_report(name, image, len, false);
}
#else
json_object *check_report(const char *name, const void *image, size_t len)
{
	json_object *o = json_object_new_object();

	(void)image;
	(void)len;
	jx_add_str(o, "file", name);
	jx_add_str(o, "verdict", "unchecked");
	jx_add_str(o, "reason", "this build of ndisload has no driver checker (runtime library)");
	return o;
}
#endif
