/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The vendor brand the pages show (name, logo, colours): the installed
 * brand.json (installer/lib/brand.sh writes it; format in docs/installer.md),
 * read once at start like the pages, and reduced to the fields the pages use,
 * each checked. No brand directory means the plain ndisload look.
 */
#ifndef WC_BRAND_H
#define WC_BRAND_H

#include <json-c/json.h>

/* The checked brand object, or NULL when none is installed or it is unusable. */
json_object *wc_brand_load(const char *brand_dir);

#endif
