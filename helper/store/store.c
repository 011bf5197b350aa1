// SPDX-License-Identifier: GPL-2.0-only
/* The driver store: atomic install, removal, manifests (see store.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "store/preflight.h"
#include "store/compat.h"
#include "store/config.h"
#include "lib/fsutil.h"
#include "inf/inf.h"
#include "inf/inf_json.h"
#include "lib/jsonx.h"
#include "lib/paths.h"
#include "store/staging.h"
#include "store/store.h"
#include "lib/strutil.h"
#include "lib/text.h"

struct blob {
	char *name;
	char *data;
	size_t len;
};

struct blobs {
	struct blob *b;
	size_t n;
};

static void blobs_free(struct blobs *bs)
{
	size_t i;

	for (i = 0; i < bs->n; i++) {
		free(bs->b[i].name);
		free(bs->b[i].data);
	}
	free(bs->b);
	bs->b = NULL;
	bs->n = 0;
}

static struct blob *blob_find(struct blobs *bs, const char *name)
{
	size_t i;

	for (i = 0; i < bs->n; i++)
		if (str_ieq(bs->b[i].name, name))
			return &bs->b[i];
	return NULL;
}

/* Adds (or replaces, by case-insensitive name) a file; takes data. */
static int blob_put(struct blobs *bs, const char *name, char *data, size_t len,
		    struct ndl_err *err)
{
	struct blob *b = blob_find(bs, name), *nb;

	if (b) {
		free(b->data);
		b->data = data;
		b->len = len;
		return 0;
	}
	nb = realloc(bs->b, (bs->n + 1) * sizeof(*nb));
	if (!nb || !(name = strdup(name))) {
		if (nb)
			bs->b = nb;
		free(data);
		return ndl_fail(err, NDL_E_INTERNAL, "out of memory");
	}
	bs->b = nb;
	bs->b[bs->n].name = (char *)name;
	bs->b[bs->n].data = data;
	bs->b[bs->n].len = len;
	bs->n++;
	return 0;
}

static void sha256_hex(const void *data, size_t len, char out[65])
{
	unsigned char h[crypto_hash_sha256_BYTES];
	size_t i;

	crypto_hash_sha256(h, data, len);
	for (i = 0; i < sizeof(h); i++)
		snprintf(out + 2 * i, 3, "%02x", h[i]);
}

static int staging_load(const char *id, struct blobs *bs, struct ndl_err *err)
{
	char dir[NDL_PATH_MAX], path[NDL_PATH_MAX];
	struct dirent *de;
	DIR *d;
	int ret = 0;

	if (!staging_id_ok(id))
		return ndl_fail(err, NDL_E_BAD_REQUEST, "staging must be the 16-hex-digit id an earlier install returned");
	if (!ndl_path(dir, sizeof(dir), NDL_STAGING_DIR "/%s", id) || !(d = opendir(dir))) {
		ndl_fail(err, NDL_E_NOT_FOUND, "no incomplete upload %s (it may have expired after an hour)", id);
		return ndl_hint(err, "upload all the driver's files again");
	}
	while (!ret && (de = readdir(d)) != NULL) {
		char *data;
		size_t len;

		if (!name_is_safe_file(de->d_name))
			continue;
		if (!fs_join(path, sizeof(path), dir, de->d_name))
			continue;
		ret = fs_read_file(path, STORE_MAX_FILE_SIZE, &data, &len, err);
		if (!ret)
			ret = blob_put(bs, de->d_name, data, len, err);
	}
	closedir(d);
	return ret;
}

static int staging_save(const struct blobs *bs, const char *old_id, const char *client,
			char id[17], struct ndl_err *err)
{
	char dir[NDL_PATH_MAX], path[NDL_PATH_MAX];
	unsigned char rnd[8];
	uint64_t need = 0;
	size_t i;

	if (old_id) {
		str_copy(id, 17, old_id);
	} else {
		if (getrandom(rnd, sizeof(rnd), 0) != sizeof(rnd))
			return ndl_fail(err, NDL_E_INTERNAL, "no randomness for a staging id");
		for (i = 0; i < 8; i++)
			snprintf(id + 2 * i, 3, "%02x", rnd[i]);
	}
	for (i = 0; i < bs->n; i++)
		need += bs->b[i].len;
	if (staging_make_room(id, client, need, err))
		return -1;
	if (!ndl_path(dir, sizeof(dir), NDL_STAGING_DIR "/%s", id))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	if (fs_mkdirs(dir, 0700, err) || staging_set_client(dir, client, err))
		goto fail;
	for (i = 0; i < bs->n; i++) {
		if (!fs_join(path, sizeof(path), dir, bs->b[i].name)) {
			ndl_fail(err, NDL_E_INTERNAL, "path too long");
			goto fail;
		}
		if (fs_write_atomic(path, bs->b[i].data, bs->b[i].len, 0600, err))
			goto fail;
	}
	utimensat(AT_FDCWD, dir, NULL, 0);
	return 0;
fail:
	/* Half a set is of no use, and a new one must not linger. */
	if (!old_id)
		fs_remove_tree(dir);
	return -1;
}

static int read_inputs(const struct store_input *in, size_t n, struct blobs *bs,
		       struct ndl_err *err)
{
	char why[96];
	size_t i, k, total = 0;

	if (n > STORE_MAX_FILES)
		return ndl_fail(err, NDL_E_TOO_LARGE, "%zu files in one request; at most %d",
				n, STORE_MAX_FILES);
	for (i = 0; i < n; i++) {
		char *data;
		size_t len;

		if (!text_is_clean(in[i].name, strlen(in[i].name), why, sizeof(why))) {
			/* Not echoed: it may reorder what shows it. */
			ndl_fail(err, NDL_E_BAD_REQUEST, "the name of file %zu %s", i + 1, why);
			return ndl_hint(err, "rename the file to plain text and upload it again");
		}
		if (!name_is_safe_file(in[i].name)) {
			ndl_fail(err, NDL_E_BAD_REQUEST, "\"%.80s\" is not a plain file name", in[i].name);
			return ndl_hint(err, "file names must not contain '/' or '\\', start with '.', or hold control characters");
		}
		for (k = 0; k < i; k++)
			if (str_ieq(in[k].name, in[i].name))
				return ndl_fail(err, NDL_E_BAD_REQUEST, "the file name %s is given twice",
						in[i].name);
		if (fs_read_fd(in[i].fd, STORE_MAX_FILE_SIZE, in[i].name, &data, &len, err))
			return -1;
		total += len;
		if (total > STORE_MAX_TOTAL) {
			free(data);
			return ndl_fail(err, NDL_E_TOO_LARGE, "the files add up to more than %u MiB",
					STORE_MAX_TOTAL >> 20);
		}
		if (blob_put(bs, in[i].name, data, len, err))
			return -1;
	}
	return 0;
}

static struct inf_pkg_file *pkg_of(const struct blobs *bs)
{
	struct inf_pkg_file *f = calloc(bs->n + 1, sizeof(*f));
	size_t i;

	if (!f)
		return NULL;
	for (i = 0; i < bs->n; i++) {
		f[i].name = bs->b[i].name;
		f[i].len = bs->b[i].len;
		f[i].data = str_iends(bs->b[i].name, ".inf") ? bs->b[i].data : NULL;
	}
	return f;
}

/* The main .inf: the named one, the only one, or the only network one. */
static int choose_main(const struct blobs *bs, const struct inf_pkg_file *pkg,
		       const char *want, size_t *main, struct ndl_err *err)
{
	size_t i, ninf = 0, nnet = 0, last_net = 0, first = 0;
	char names[512] = "";

	for (i = 0; i < bs->n; i++) {
		struct inf_driver *d;
		struct ndl_err e2;

		if (!str_iends(bs->b[i].name, ".inf"))
			continue;
		if (want && str_ieq(bs->b[i].name, want)) {
			*main = i;
			return 0;
		}
		if (!ninf++)
			first = i;
		d = inf_parse_package(pkg, bs->n, i, NULL, &e2);
		if (d && d->nmodels) {
			nnet++;
			last_net = i;
			if (strlen(names) + strlen(bs->b[i].name) + 3 < sizeof(names))
				snprintf(names + strlen(names), sizeof(names) - strlen(names),
					 "%s%s", names[0] ? ", " : "", bs->b[i].name);
		}
		inf_driver_free(d);
	}
	if (want)
		return ndl_fail(err, NDL_E_NOT_FOUND, "no file %s among the files given", want);
	if (!ninf) {
		ndl_fail(err, NDL_E_INVALID, "no .inf file among the files given");
		return ndl_hint(err, "a Windows driver package always has an .inf file: add it");
	}
	if (nnet > 1) {
		ndl_fail(err, NDL_E_BAD_REQUEST, "several .inf files name devices (%s)", names);
		return ndl_hint(err, "say which one to install (\"inf\")");
	}
	*main = nnet ? last_net : first;
	return 0;
}

static bool module_file_name_ok(const char *name)
{
	size_t i;

	for (i = 0; name[i]; i++)
		if (name[i] < 0x21 || name[i] > 0x7e || name[i] == ':')
			return false;
	return i > 0 && i < 64 && name[0] != '.';
}

static const char *role_name(enum inf_file_role r)
{
	return r == FILE_SYS ? "sys" : r == FILE_DATA ? "data" : "windows";
}

/* Which stored files are what; NULL for files the package does not use. */
static const char *file_role(const struct inf_driver *d, const struct blob *b,
			     size_t main_idx, size_t idx)
{
	size_t i;

	if (idx == main_idx)
		return "inf";
	for (i = 1; i < d->nfiles; i++)
		if (str_ieq(path_basename_any(d->files[i]->name), b->name))
			return "include";
	if (d->catalog && str_ieq(d->catalog, b->name))
		return "catalog";
	for (i = 0; i < d->nneeded; i++)
		if (str_ieq(d->needed[i].name, b->name))
			return role_name(d->needed[i].role);
	return NULL;
}

static json_object *manifest_of(const struct inf_driver *d, const char *name,
				const struct blobs *bs, size_t main_idx,
				json_object *ignored)
{
	json_object *m = json_object_new_object();
	json_object *pkg = inf_driver_json(d), *files = json_object_new_array();
	json_object *ids = json_object_new_array(), *models = json_object_new_array();
	json_object *checks = json_object_new_array(), *v;
	char ts[32];
	time_t now = time(NULL);
	struct tm tm;
	size_t i, k;

	json_object_object_add(m, "format", json_object_new_int(1));
	jx_add_str(m, "name", name);
	jx_add_str(m, "inf", bs->b[main_idx].name);
	gmtime_r(&now, &tm);
	strftime(ts, sizeof(ts), "%Y-%m-%dT%H:%M:%SZ", &tm);
	jx_add_str(m, "installed_at", ts);
	for (i = 0; i < bs->n; i++) {
		const char *role = file_role(d, &bs->b[i], main_idx, i);
		json_object *f;
		char hex[65];

		if (!role) {
			json_object_array_add(ignored, json_object_new_string(bs->b[i].name));
			continue;
		}
		f = json_object_new_object();
		sha256_hex(bs->b[i].data, bs->b[i].len, hex);
		jx_add_str(f, "name", bs->b[i].name);
		jx_add_str(f, "sha256", hex);
		json_object_object_add(f, "size", json_object_new_int64((int64_t)bs->b[i].len));
		jx_add_str(f, "role", role);
		json_object_array_add(files, f);
		if (!strcmp(role, "sys"))
			json_object_array_add(checks, check_report(bs->b[i].name,
								   bs->b[i].data, bs->b[i].len));
	}
	json_object_object_add(m, "files", files);
	static const char *const copy[] = {
		"provider", "version", "driver_date", "class", "class_guid",
		"catalog", "encoding", "strings", "models_sections",
	};
	for (i = 0; i < sizeof(copy) / sizeof(copy[0]); i++)
		if (json_object_object_get_ex(pkg, copy[i], &v))
			json_object_object_add(m, copy[i], json_object_get(v));
	for (i = 0; i < d->nmodels; i++) {
		const struct inf_model *mo = &d->models[i];
		bool any = false;

		for (k = 0; k < mo->nids; k++) {
			size_t j, n = json_object_array_length(ids);
			bool dup = false;

			if (mo->ids[k].bus == HWID_OTHER &&
			    !(d->root_enumerated && hwid_root_enumerated(&mo->ids[k])))
				continue;
			any = true;
			for (j = 0; j < n; j++)
				dup |= !strcmp(json_object_get_string(json_object_array_get_idx(ids, j)),
					       mo->ids[k].text);
			if (!dup)
				json_object_array_add(ids, json_object_new_string(mo->ids[k].text));
		}
		if (any)
			json_object_array_add(models, inf_model_json(d, mo));
	}
	json_object_object_add(m, "device_ids", ids);
	/* Its adapters come from add-virtual, not from a bus device. */
	json_object_object_add(m, "virtual", json_object_new_boolean(d->root_enumerated));
	json_object_object_add(m, "models", models);
	if (json_object_object_get_ex(pkg, "installs", &v))
		json_object_object_add(m, "installs", json_object_get(v));
	if (json_object_object_get_ex(pkg, "warnings", &v))
		json_object_object_add(m, "warnings", json_object_get(v));
	if (json_object_object_get_ex(pkg, "includes_missing", &v))
		json_object_object_add(m, "includes_missing", json_object_get(v));
	/* The verdict of the driver image(s): the worst one. */
	{
		json_object *check = json_object_new_object();
		const char *worst = "unchecked";
		static const char *const order[] = { "unchecked", "ok", "warn", "fail" };
		size_t wi = 0, j;

		for (i = 0; i < json_object_array_length(checks); i++) {
			const char *vv = jx_str(json_object_array_get_idx(checks, i), "verdict");

			for (j = 0; vv && j < 4; j++)
				if (!strcmp(vv, order[j]) && j > wi) {
					wi = j;
					worst = order[j];
				}
		}
		jx_add_str(check, "verdict", worst);
		json_object_object_add(check, "files", checks);
		json_object_object_add(m, "check", check);
	}
	json_object_put(pkg);
	return m;
}

static int write_stage(const char *stage, const struct blobs *bs, json_object *manifest,
		       struct ndl_err *err)
{
	char path[NDL_PATH_MAX];
	json_object *files, *f;
	const char *text;
	size_t i;

	json_object_object_get_ex(manifest, "files", &files);
	for (i = 0; i < json_object_array_length(files); i++) {
		const struct blob *b;

		f = json_object_array_get_idx(files, i);
		b = blob_find((struct blobs *)bs, jx_str(f, "name"));
		if (!fs_join(path, sizeof(path), stage, b->name))
			return ndl_fail(err, NDL_E_INTERNAL, "path too long");
		if (fs_write_atomic(path, b->data, b->len, 0644, err))
			return -1;
	}
	text = jx_text(manifest, true);
	if (!fs_join(path, sizeof(path), stage, "manifest.json"))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	if (fs_write_atomic(path, text, strlen(text), 0644, err))
		return -1;
	/* Verify: what is on disk is what the manifest says. */
	for (i = 0; i < json_object_array_length(files); i++) {
		char *data, hex[65];
		size_t len;

		f = json_object_array_get_idx(files, i);
		if (!fs_join(path, sizeof(path), stage, jx_str(f, "name")))
			return ndl_fail(err, NDL_E_INTERNAL, "path too long");
		if (fs_read_file(path, STORE_MAX_FILE_SIZE, &data, &len, err))
			return -1;
		sha256_hex(data, len, hex);
		free(data);
		if (strcmp(hex, jx_str(f, "sha256")) || (int64_t)len != jx_int(f, "size"))
			return ndl_fail(err, NDL_E_INTERNAL, "%s reads back differently than written: the disk may be failing",
					path);
	}
	return 0;
}

static int swap_in(const char *stage, const char *dest, bool *replaced,
		   struct ndl_err *err)
{
	char parent[NDL_PATH_MAX];

	*replaced = fs_is_dir(dest);
	if (*replaced) {
		if (renameat2(AT_FDCWD, stage, AT_FDCWD, dest, RENAME_EXCHANGE)) {
			int e = errno;

			return ndl_fail(err, NDL_E_INTERNAL, "cannot replace %s: %s", dest, strerror(e));
		}
		fs_remove_tree(stage);	/* now the old install */
	} else if (rename(stage, dest)) {
		int e = errno;

		return ndl_fail(err, NDL_E_INTERNAL, "cannot create %s: %s", dest, strerror(e));
	}
	if (ndl_path(parent, sizeof(parent), NDL_STORE_DIR))
		fs_fsync_dir(parent);
	return 0;
}

static json_object *incomplete(const struct inf_driver *d, const struct blobs *bs,
			       const char *id)
{
	json_object *r = json_object_new_object(), *a = json_object_new_array();
	size_t i;

	jx_add_str(r, "state", "incomplete");
	jx_add_str(r, "staging", id);
	for (i = 0; i < d->nmissing; i++)
		json_object_array_add(a, json_object_new_string(d->missing[i]));
	json_object_object_add(r, "missing", a);
	a = json_object_new_array();
	for (i = 0; i < bs->n; i++)
		json_object_array_add(a, json_object_new_string(bs->b[i].name));
	json_object_object_add(r, "have", a);
	return r;
}

/*
 * A driver image that is not an x86-64 PE file at all (random bytes, a
 * truncated or 32-bit file) can never load: refused, not stored with a
 * "fail" verdict. Images that parse but import what the runtime lacks are
 * stored; their verdict says why they will not load.
 */
static int refuse_unloadable(json_object *manifest, struct ndl_err *err)
{
	json_object *check, *files, *f;
	size_t i;

	if (!json_object_object_get_ex(manifest, "check", &check) ||
	    !json_object_object_get_ex(check, "files", &files))
		return 0;
	for (i = 0; i < json_object_array_length(files); i++) {
		f = json_object_array_get_idx(files, i);
		if (jx_has(f, "error")) {
			ndl_fail(err, NDL_E_INVALID, "%s is not a usable Windows x86-64 driver image: %s",
				 jx_str(f, "file"), jx_str(f, "error"));
			return ndl_hint(err, "take the .sys from the vendor's 64-bit (x64/amd64) driver package");
		}
	}
	return 0;
}

static int check_limits(const struct inf_driver *d, struct ndl_err *err)
{
	size_t i, nfiles = 0;

	for (i = 0; i < d->nneeded; i++) {
		if (!module_file_name_ok(d->needed[i].name))
			return ndl_fail(err, NDL_E_INVALID,
					"the driver needs a file named \"%s\"; ndisload's module takes only names of 1 to 63 printable ASCII characters without ':'",
					d->needed[i].name);
		nfiles++;
	}
	if (nfiles > 16)
		return ndl_fail(err, NDL_E_INVALID, "the driver needs %zu files; the module takes at most 16",
				nfiles);
	return 0;
}

json_object *store_install(const struct store_input *in, size_t n,
			   const struct store_install_opts *opt,
			   struct ndl_err *err)
{
	struct blobs bs = { NULL, 0 };
	struct inf_pkg_file *pkg = NULL;
	struct inf_driver *d = NULL;
	struct inf_options io = { .locale = opt->locale };
	json_object *manifest = NULL, *result = NULL, *ignored = NULL;
	char name[NDL_NAME_LEN + 1], stage[NDL_PATH_MAX], dest[NDL_PATH_MAX], root[NDL_PATH_MAX];
	char id[17];
	size_t main_idx = 0, i;
	bool replaced = false;

	if (sodium_init() < 0) {
		ndl_fail(err, NDL_E_INTERNAL, "libsodium cannot initialise");
		return NULL;
	}
	staging_expire();
	if (opt->staging && staging_load(opt->staging, &bs, err))
		goto out;
	if (!n && !bs.n) {
		ndl_fail(err, NDL_E_BAD_REQUEST, "no files given");
		goto out;
	}
	if (read_inputs(in, n, &bs, err))
		goto out;
	pkg = pkg_of(&bs);
	if (!pkg) {
		ndl_fail(err, NDL_E_INTERNAL, "out of memory");
		goto out;
	}
	if (choose_main(&bs, pkg, opt->inf, &main_idx, err))
		goto out;
	d = inf_parse_package(pkg, bs.n, main_idx, &io, err);
	if (!d)
		goto out;
	if (d->unsupported) {
		ndl_fail(err, NDL_E_INVALID, "%s: ndisload cannot run this package: %s",
			 bs.b[main_idx].name, d->unsupported);
		ndl_hint(err, "%s", d->unsupported_hint ? d->unsupported_hint : "");
		goto out;
	}
	if (d->nmissing) {
		char list[512] = "";

		for (i = 0; i < d->nmissing && strlen(list) + strlen(d->missing[i]) + 3 < sizeof(list); i++)
			snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
				 i ? ", " : "", d->missing[i]);
		if (opt->allow_incomplete) {
			if (staging_save(&bs, opt->staging, opt->client ? opt->client : "local",
					 id, err))
				goto out;
			result = incomplete(d, &bs, id);
			goto out;
		}
		ndl_fail(err, NDL_E_INVALID, "the package is incomplete: %s needs %s, which %s not given",
			 bs.b[main_idx].name, list, d->nmissing > 1 ? "were" : "was");
		ndl_hint(err, "add the missing file%s (from the vendor's driver package) and install again",
			 d->nmissing > 1 ? "s" : "");
		goto out;
	}
	if (check_limits(d, err))
		goto out;
	if (opt->name)
		str_copy(name, sizeof(name), opt->name);
	else
		name_from_inf(bs.b[main_idx].name, name, sizeof(name));
	if (!name_is_driver(name)) {
		ndl_fail(err, NDL_E_BAD_REQUEST, "\"%s\" is not a valid driver name", name);
		ndl_hint(err, "use 1 to %d of a-z 0-9 _ . - starting with a letter or digit", NDL_NAME_LEN);
		goto out;
	}
	ignored = json_object_new_array();
	manifest = manifest_of(d, name, &bs, main_idx, ignored);
	if (refuse_unloadable(manifest, err))
		goto out;
	if (opt->preview) {	/* the setup assistant's look before installing */
		result = json_object_new_object();
		jx_add_str(result, "state", "preview");
		json_object_object_add(result, "manifest", json_object_get(manifest));
		goto out;
	}
	if (!ndl_path(root, sizeof(root), NDL_STORE_DIR) ||
	    !ndl_path(dest, sizeof(dest), NDL_STORE_DIR "/%s", name) ||
	    !ndl_path(stage, sizeof(stage), NDL_STORE_DIR "/.stage-%s-XXXXXX", name)) {
		ndl_fail(err, NDL_E_INTERNAL, "store path too long");
		goto out;
	}
	if (fs_mkdirs(root, 0755, err))
		goto out;
	if (!mkdtemp(stage)) {
		ndl_fail(err, NDL_E_INTERNAL, "cannot create %s: %s", stage, strerror(errno));
		goto out;
	}
	chmod(stage, 0755);
	if (write_stage(stage, &bs, manifest, err) || swap_in(stage, dest, &replaced, err)) {
		fs_remove_tree(stage);
		goto out;
	}
	if (opt->staging && ndl_path(stage, sizeof(stage), NDL_STAGING_DIR "/%s", opt->staging))
		fs_remove_tree(stage);
	result = json_object_new_object();
	jx_add_str(result, "state", "installed");
	json_object_object_add(result, "driver", store_driver_json(manifest));
	json_object_object_add(result, "replaced", json_object_new_boolean(replaced));
	json_object_object_add(result, "ignored", json_object_get(ignored));
	{
		json_object *w;

		if (json_object_object_get_ex(manifest, "warnings", &w))
			json_object_object_add(result, "warnings", json_object_get(w));
	}
out:
	json_object_put(manifest);
	json_object_put(ignored);
	inf_driver_free(d);
	free(pkg);
	blobs_free(&bs);
	return result;
}

json_object *store_manifest(const char *name, struct ndl_err *err)
{
	char path[NDL_PATH_MAX], *data;
	size_t len;
	json_object *m;

	if (!name_is_driver(name)) {
		ndl_fail(err, NDL_E_NOT_FOUND, "no driver named \"%.64s\"", name);
		ndl_hint(err, "'ndisload list' shows the installed drivers");
		return NULL;
	}
	if (!ndl_path(path, sizeof(path), NDL_STORE_DIR "/%s/manifest.json", name)) {
		ndl_fail(err, NDL_E_INTERNAL, "path too long");
		return NULL;
	}
	if (fs_read_file(path, 8u << 20, &data, &len, err)) {
		if (err->code == NDL_E_NOT_FOUND) {
			ndl_fail(err, NDL_E_NOT_FOUND, "no driver named \"%s\" is installed", name);
			ndl_hint(err, "'ndisload list' shows the installed drivers");
		}
		return NULL;
	}
	m = jx_parse_object(data, len, err);
	free(data);
	if (!m) {
		ndl_fail(err, NDL_E_INTERNAL, "%s is damaged: %s", path, err->msg);
		ndl_hint(err, "reinstall the driver (ndisload install) or remove it");
	}
	return m;
}

json_object *store_all_manifests(void)
{
	json_object *names = store_names(NULL), *a = json_object_new_array();
	size_t i;

	for (i = 0; i < json_object_array_length(names); i++) {
		struct ndl_err e;
		json_object *m = store_manifest(json_object_get_string(
			json_object_array_get_idx(names, i)), &e);

		if (m)
			json_object_array_add(a, m);
	}
	json_object_put(names);
	return a;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(json_object_get_string(*(json_object *const *)a),
		      json_object_get_string(*(json_object *const *)b));
}

/* Every installed driver: no cap, a store may hold hundreds. */
json_object *store_names(struct ndl_err *err)
{
	char dir[NDL_PATH_MAX];
	struct dirent *de;
	json_object *a;
	DIR *d;

	(void)err;
	a = json_object_new_array();
	if (!ndl_path(dir, sizeof(dir), NDL_STORE_DIR) || !(d = opendir(dir)))
		return a;
	while ((de = readdir(d)) != NULL)
		if (name_is_driver(de->d_name))
			json_object_array_add(a, json_object_new_string(de->d_name));
	closedir(d);
	json_object_array_sort(a, cmp_name);
	return a;
}

json_object *store_driver_json(json_object *m)
{
	static const char *const copy[] = {
		"name", "inf", "provider", "version", "driver_date", "class",
		"installed_at", "device_ids", "virtual", "check",
	};
	json_object *o = json_object_new_object(), *v, *files, *fa;
	size_t i;
	bool wireless = false;

	for (i = 0; i < sizeof(copy) / sizeof(copy[0]); i++)
		if (json_object_object_get_ex(m, copy[i], &v))
			json_object_object_add(o, copy[i], json_object_get(v));
	fa = json_object_new_array();
	if (json_object_object_get_ex(m, "files", &files))
		for (i = 0; i < json_object_array_length(files); i++) {
			json_object *f = json_object_array_get_idx(files, i), *c = json_object_new_object();

			jx_add_str(c, "name", jx_str(f, "name"));
			jx_add_str(c, "sha256", jx_str(f, "sha256"));
			json_object_object_add(c, "size", json_object_new_int64(jx_int(f, "size")));
			jx_add_str(c, "role", jx_str(f, "role"));
			json_object_array_add(fa, c);
		}
	json_object_object_add(o, "files", fa);
	if (json_object_object_get_ex(m, "installs", &v))
		for (i = 0; i < json_object_array_length(v); i++) {
			const char *lr = jx_str(json_object_array_get_idx(v, i), "lower_range");

			if (lr && strstr(lr, "wlan"))
				wireless = true;
		}
	json_object_object_add(o, "wireless", json_object_new_boolean(wireless));
	json_object_object_add(o, "bound", config_bound_to(jx_str(m, "name")));
	return o;
}

bool store_file_path(const char *driver, const char *file, char *out, size_t size)
{
	return name_is_driver(driver) && name_is_safe_file(file) &&
	       ndl_path(out, size, NDL_STORE_DIR "/%s/%s", driver, file);
}

int store_remove(const char *name, bool force, json_object **result,
		 struct ndl_err *err)
{
	char dest[NDL_PATH_MAX], trash[NDL_PATH_MAX];
	json_object *m = store_manifest(name, err), *bound;
	size_t nbound;

	if (!m)
		return -1;
	json_object_put(m);
	bound = config_bound_to(name);
	nbound = json_object_array_length(bound);
	if (nbound && !force) {
		ndl_fail(err, NDL_E_CONFLICT, "driver %s is bound to %s", name,
			 json_object_get_string(json_object_array_get_idx(bound, 0)));
		ndl_hint(err, "unbind it first (ndisload unbind %s), or remove with --force to drop its bindings too",
			 json_object_get_string(json_object_array_get_idx(bound, 0)));
		json_object_put(bound);
		return -1;
	}
	if (config_virtual_of(name) && !force) {
		ndl_fail(err, NDL_E_CONFLICT, "driver %s has virtual adapters", name);
		ndl_hint(err, "remove them first (ndisload remove-virtual %s), or remove with --force to drop them too",
			 name);
		json_object_put(bound);
		return -1;
	}
	if ((nbound && config_unbind_driver(name, err)) || config_virtual_drop(name, err)) {
		json_object_put(bound);
		return -1;
	}
	config_drop_params(name);
	compat_drop(name);
	ndl_path(dest, sizeof(dest), NDL_STORE_DIR "/%s", name);
	ndl_path(trash, sizeof(trash), NDL_STORE_DIR "/.remove-%s", name);
	fs_remove_tree(trash);
	/* Rename first: the driver disappears at once, even if deleting its
	 * files is interrupted. */
	if (rename(dest, trash)) {
		int e = errno;

		json_object_put(bound);
		return ndl_fail(err, NDL_E_INTERNAL, "cannot remove %s: %s", dest, strerror(e));
	}
	fs_remove_tree(trash);
	*result = json_object_new_object();
	jx_add_str(*result, "removed", name);
	json_object_object_add(*result, "unbound", bound);
	return 0;
}
