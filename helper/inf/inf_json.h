/* SPDX-License-Identifier: GPL-2.0-only */
/* The parsed .inf package as JSON: for `ndisload inspect` and the store's manifest. */
#ifndef NDL_INF_JSON_H
#define NDL_INF_JSON_H

#include <json-c/json.h>

#include "inf/inf.h"

json_object *inf_regval_json(const struct inf_regval *r);
json_object *inf_install_json(const struct inf_install *ins);
json_object *inf_model_json(const struct inf_driver *d, const struct inf_model *m);
/* Everything: version, models, installs, needed/missing files, warnings. */
json_object *inf_driver_json(const struct inf_driver *d);

#endif
