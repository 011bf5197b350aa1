/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Human-readable output of the JSON objects the operations return, so the
 * CLI's text and --json output always show the same facts.
 */
#ifndef NDL_SHOW_H
#define NDL_SHOW_H

#include <json-c/json.h>
#include <stdio.h>

void show_package(FILE *out, json_object *pkg);	/* inf_driver_json */
void show_param(FILE *out, json_object *param, const char *indent);
void show_params(FILE *out, json_object *params);
void show_driver(FILE *out, json_object *driver, int verbose);
void show_device(FILE *out, json_object *device);
void show_warnings(FILE *out, json_object *warnings);
/* "a, b, c" of a JSON array of strings, into buf. */
const char *show_list(json_object *arr, char *buf, size_t size);

#endif
