// SPDX-License-Identifier: GPL-2.0-only
/*
 * The license status as a json-c object: what license.get and
 * license.install return through the helper, and `ndisload license --json`.
 */
#define _GNU_SOURCE
#include <json-c/json.h>

#include "internal.h"

static struct json_object *str_or_null(const char *s)
{
	return *s ? json_object_new_string(s) : NULL;
}

static struct json_object *list(const struct ndl_lic_list *l)
{
	struct json_object *a = json_object_new_array();

	for (size_t i = 0; i < l->n; i++)
		json_object_array_add(a, json_object_new_string(l->item[i]));
	return a;
}

static struct json_object *date(int32_t day)
{
	char s[11];

	ndl_lic_date_format(day, s);
	return json_object_new_string(s);
}

static struct json_object *license(const struct ndl_license *lic)
{
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "serial", json_object_new_string(lic->serial));
	json_object_object_add(o, "licensee", json_object_new_string(lic->licensee));
	json_object_object_add(o, "vendor", json_object_new_string(lic->vendor));
	json_object_object_add(o, "product", json_object_new_string(lic->product));
	json_object_object_add(o, "issued", date(lic->issued));
	json_object_object_add(o, "not_before", date(lic->not_before));
	json_object_object_add(o, "expires", lic->expires == NDL_LIC_NEVER ? NULL : date(lic->expires));
	json_object_object_add(o, "hosts", list(&lic->hosts));
	json_object_object_add(o, "devices", list(&lic->devices));
	json_object_object_add(o, "macs", list(&lic->macs));
	json_object_object_add(o, "features", list(&lic->features));
	json_object_object_add(o, "key_id", json_object_new_string(lic->key_id));
	return o;
}

struct json_object *ndl_license_status_json(const struct ndl_license_status *st)
{
	struct json_object *o = json_object_new_object(), *t = NULL, *p = NULL;

	json_object_object_add(o, "state", json_object_new_string(ndl_license_state_name(st->state)));
	json_object_object_add(o, "summary", json_object_new_string(st->summary));
	json_object_object_add(o, "required", json_object_new_boolean(st->required));
	json_object_object_add(o, "bundled_driver_allowed",
			       json_object_new_boolean(st->bundled_allowed));
	json_object_object_add(o, "host_id", str_or_null(st->host_id));
	json_object_object_add(o, "contact", str_or_null(st->contact));
	if (st->trial_days_left >= 0) {
		t = json_object_new_object();
		json_object_object_add(t, "days", json_object_new_int(st->trial_days));
		json_object_object_add(t, "days_left", json_object_new_int(st->trial_days_left));
		json_object_object_add(t, "ends", st->trial_end >= 0 ? date(st->trial_end) : NULL);
	}
	json_object_object_add(o, "trial", t);
	json_object_object_add(o, "installed", json_object_new_boolean(st->installed));
	json_object_object_add(o, "license", st->parsed ? license(&st->lic) : NULL);
	if (st->problem != NDL_LIC_OK) {
		p = json_object_new_object();
		json_object_object_add(p, "code", json_object_new_string(ndl_lic_err_name(st->problem)));
		json_object_object_add(p, "message", json_object_new_string(st->problem_msg));
	}
	json_object_object_add(o, "problem", p);
	return o;
}
