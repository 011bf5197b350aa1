// SPDX-License-Identifier: GPL-2.0-only
/* The setup assistant's packages: open, examine, match, install (see pkg_setup.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "store/config.h"
#include "sys/devices.h"
#include "lib/fsutil.h"
#include "lib/jsonx.h"
#include "serve/ops.h"
#include "lib/paths.h"
#include "pkg/pkg_setup.h"
#include "pkg/pkg_unpack.h"
#include "pkg/pkgdir.h"
#include "store/staging.h"
#include "store/store.h"
#include "lib/strutil.h"
#include "lib/text.h"

static void (*progress_fn)(uint64_t, uint64_t, void *);
static void *progress_ctx;

void pkg_setup_progress(void (*fn)(uint64_t, uint64_t, void *), void *ctx)
{
	progress_fn = fn;
	progress_ctx = ctx;
}

/* ---- the packages' folder ------------------------------------------------ */

struct kept {
	char id[17];
	struct timespec mtime;
};

static int newer_first(const void *a, const void *b)
{
	const struct kept *x = a, *y = b;

	if (x->mtime.tv_sec != y->mtime.tv_sec)
		return x->mtime.tv_sec > y->mtime.tv_sec ? -1 : 1;
	return x->mtime.tv_nsec > y->mtime.tv_nsec ? -1 : x->mtime.tv_nsec < y->mtime.tv_nsec;
}

/* Drops packages over an hour old, and all but the newest keep ones. */
static void packages_prune(const char *dir, size_t keep)
{
	struct kept k[64];
	char path[NDL_PATH_MAX];
	struct dirent *de;
	struct stat st;
	size_t n = 0, i;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((de = readdir(d)) != NULL) {
		if (!staging_id_ok(de->d_name) || !fs_join(path, sizeof(path), dir, de->d_name) ||
		    lstat(path, &st) || !S_ISDIR(st.st_mode))
			continue;
		if (st.st_mtime + STAGING_MAX_AGE < time(NULL) || n == 64) {
			fs_remove_tree(path);
			continue;
		}
		memcpy(k[n].id, de->d_name, 17);
		k[n++].mtime = st.st_mtim;
	}
	closedir(d);
	qsort(k, n, sizeof(*k), newer_first);
	for (i = keep; i < n; i++)
		if (fs_join(path, sizeof(path), dir, k[i].id))
			fs_remove_tree(path);
}

/* A new, empty, root-only package folder. */
static int package_new(char id[17], char *path, size_t size, int *dirfd,
		       struct ndl_err *err)
{
	char dir[NDL_PATH_MAX];
	unsigned char rnd[8];
	size_t i;

	if (!ndl_path(dir, sizeof(dir), NDL_PACKAGES_DIR))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	if (fs_mkdirs(dir, 0700, err))
		return -1;
	chmod(dir, 0700);
	packages_prune(dir, PACKAGES_KEPT - 1);
	if (getrandom(rnd, sizeof(rnd), 0) != sizeof(rnd))
		return ndl_fail(err, NDL_E_INTERNAL, "no random numbers: %s", strerror(errno));
	for (i = 0; i < 8; i++)
		snprintf(id + 2 * i, 3, "%02x", rnd[i]);
	if (!fs_join(path, size, dir, id))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	if (mkdir(path, 0700))
		return ndl_fail(err, NDL_E_INTERNAL, "cannot create %s: %s", path, strerror(errno));
	*dirfd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (*dirfd < 0) {
		int e = errno;

		fs_remove_tree(path);
		return ndl_fail(err, NDL_E_INTERNAL, "cannot open %s: %s", path, strerror(e));
	}
	return 0;
}

/* Loose files: each a plain name, copied within the unpacker's limits. */
static int put_files(json_object *files, const int *fds, size_t n, int dirfd,
		     struct unpack_stats *st, struct ndl_err *err)
{
	char why[96], *buf = malloc(1u << 16);
	size_t i, k;
	int rc = -1;

	if (!buf)
		return ndl_fail(err, NDL_E_INTERNAL, "out of memory");
	str_copy(st->format, sizeof(st->format), "files");
	for (i = 0; i < n; i++) {
		const char *name = jx_str(json_object_array_get_idx(files, i), "name");
		uint64_t mine = 0;
		ssize_t got;
		int out;

		if (!text_is_clean(name, strlen(name), why, sizeof(why))) {
			ndl_fail(err, NDL_E_BAD_REQUEST, "the name of file %zu %s", i + 1, why);
			ndl_field(err, "files[%zu].name", i);
			goto out;
		}
		if (!name_is_safe_file(name)) {
			ndl_fail(err, NDL_E_BAD_REQUEST, "\"%.80s\" is not a plain file name", name);
			ndl_field(err, "files[%zu].name", i);
			goto out;
		}
		for (k = 0; k < i; k++)
			if (str_ieq(name, jx_str(json_object_array_get_idx(files, k), "name"))) {
				ndl_fail(err, NDL_E_BAD_REQUEST, "the file name %s is given twice", name);
				goto out;
			}
		out = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (out < 0) {
			ndl_fail(err, NDL_E_INTERNAL, "cannot create %s: %s", name, strerror(errno));
			goto out;
		}
		lseek(fds[i], 0, SEEK_SET);
		while ((got = read(fds[i], buf, 1u << 16)) > 0) {
			mine += (uint64_t)got;
			st->bytes += (uint64_t)got;
			if (mine > UNPACK_MAX_FILE || st->bytes > UNPACK_MAX_TOTAL) {
				close(out);
				ndl_fail(err, NDL_E_TOO_LARGE, "%s: the files are larger than %llu MiB each or %llu MiB together",
					 name, UNPACK_MAX_FILE >> 20, UNPACK_MAX_TOTAL >> 20);
				goto out;
			}
			if (fs_write_all(out, buf, (size_t)got)) {
				int e = errno;

				close(out);
				ndl_fail(err, e == ENOSPC ? NDL_E_NO_SPACE : NDL_E_INTERNAL,
					 "cannot write %s: %s", name, strerror(e));
				goto out;
			}
		}
		close(out);
		if (got < 0) {
			ndl_fail(err, NDL_E_INTERNAL, "cannot read %s: %s", name, strerror(errno));
			goto out;
		}
		st->files++;
	}
	rc = 0;
out:
	free(buf);
	return rc;
}

/* ---- examining the .inf files --------------------------------------------- */

static int cmp_str(const void *a, const void *b)
{
	return strcmp(json_object_get_string(*(json_object *const *)a),
		      json_object_get_string(*(json_object *const *)b));
}

/* The .inf files below dir (relative paths, sorted); we made the tree. */
static void find_infs(const char *dir, const char *rel, int depth, json_object *out)
{
	char path[NDL_PATH_MAX], sub[NDL_PATH_MAX];
	struct dirent *de;
	struct stat st;
	DIR *d;

	if (depth > UNPACK_MAX_DEPTH + 1 || !(d = opendir(dir)))
		return;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.' || !fs_join(path, sizeof(path), dir, de->d_name) ||
		    lstat(path, &st))
			continue;
		if (rel[0])
			snprintf(sub, sizeof(sub), "%s/%s", rel, de->d_name);
		else
			snprintf(sub, sizeof(sub), "%s", de->d_name);
		if (S_ISDIR(st.st_mode))
			find_infs(path, sub, depth + 1, out);
		else if (S_ISREG(st.st_mode) && str_iends(de->d_name, ".inf"))
			json_object_array_add(out, json_object_new_string(sub));
	}
	closedir(d);
	if (!depth)
		json_object_array_sort(out, cmp_str);
}

/* A relative path inside a package as package.install may name it. */
static bool rel_path_ok(const char *rel)
{
	char copy[UNPACK_MAX_PATH + 1], *p, *save = NULL;
	int n = 0;

	if (!str_copy(copy, sizeof(copy), rel) || !rel[0] || rel[0] == '/')
		return false;
	for (p = strtok_r(copy, "/", &save); p; p = strtok_r(NULL, "/", &save))
		if (!name_is_safe_file(p) || ++n > UNPACK_MAX_DEPTH + 1)
			return false;
	return n > 0 && str_iends(rel, ".inf");
}

/*
 * Gathers the .inf's package from its folder and runs the store's install
 * of it: for real (preview false) or up to the manifest only.
 */
static json_object *install_from(const char *dir, const char *rel, const char *name,
				 bool preview, struct ndl_err *err)
{
	struct store_input in[OPS_MAX_FDS];
	struct store_install_opts o = { .name = name, .preview = preview };
	char path[NDL_PATH_MAX];
	struct pkg_set set;
	json_object *r = NULL;
	size_t i;

	if (!fs_join(path, sizeof(path), dir, rel))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long"), NULL;
	memset(&set, 0, sizeof(set));
	if (pkg_collect(path, NULL, 0, &set, err))
		goto out;
	if (set.n > OPS_MAX_FDS) {
		ndl_fail(err, NDL_E_INVALID, "%s needs %zu files; a driver takes at most %d",
			 rel, set.n, OPS_MAX_FDS);
		goto out;
	}
	for (i = 0; i < set.n; i++) {
		in[i].name = set.items[i].name;
		in[i].fd = set.items[i].fd;
		lseek(in[i].fd, 0, SEEK_SET);
	}
	o.inf = set.items[0].name;
	r = store_install(in, set.n, &o, err);
out:
	pkg_free(&set);
	return r;
}

/* The pre-flight verdict in plain words, for the page and the CLI. */
static const char *verdict_words(json_object *check, char *buf, size_t size)
{
	const char *v = jx_str(check, "verdict");
	json_object *files, *reasons;
	size_t i, k;
	char why[512] = "";

	if (json_object_object_get_ex(check, "files", &files))
		for (i = 0; i < json_object_array_length(files); i++)
			if (json_object_object_get_ex(json_object_array_get_idx(files, i),
						      "reasons", &reasons))
				for (k = 0; k < json_object_array_length(reasons); k++)
					snprintf(why + strlen(why), sizeof(why) - strlen(why), "%s%s",
						 why[0] ? "; " : "",
						 json_object_get_string(json_object_array_get_idx(reasons, k)));
	if (!v || !strcmp(v, "unchecked"))
		snprintf(buf, size, "This build of ndisload cannot check the driver in advance; it is checked when it starts.");
	else if (!strcmp(v, "ok"))
		snprintf(buf, size, "The driver passed the pre-flight check: everything it needs from Windows is there.");
	else if (!strcmp(v, "warn"))
		snprintf(buf, size, "The driver should run, with a warning: %s.", why);
	else
		snprintf(buf, size, "The driver will not run under ndisload: %s.", why);
	return buf;
}

static void copy_member(json_object *to, json_object *from, const char *key)
{
	json_object *v;

	if (json_object_object_get_ex(from, key, &v))
		json_object_object_add(to, key, json_object_get(v));
	else
		json_object_object_add(to, key, NULL);
}

/* One .inf: what it is, whether ndisload can run it; manifest kept for matching. */
static json_object *examine(const char *dir, const char *rel, json_object **manifest)
{
	json_object *o = json_object_new_object(), *r, *m, *check, *v;
	struct ndl_err e;
	char words[1024];

	*manifest = NULL;
	jx_add_str(o, "inf", rel);
	r = install_from(dir, rel, NULL, true, &e);
	if (!r || !json_object_object_get_ex(r, "manifest", &m)) {
		json_object_object_add(o, "usable", json_object_new_boolean(false));
		jx_add_str(o, "reason", e.msg);
		jx_add_str_or_null(o, "hint", e.hint[0] ? e.hint : NULL);
		json_object_put(r);
		return o;
	}
	*manifest = json_object_get(m);
	json_object_put(r);
	json_object_object_add(o, "usable", json_object_new_boolean(true));
	jx_add_str(o, "driver", jx_str(m, "name"));
	copy_member(o, m, "provider");
	copy_member(o, m, "version");
	copy_member(o, m, "driver_date");
	copy_member(o, m, "class");
	copy_member(o, m, "device_ids");
	if (json_object_object_get_ex(m, "check", &check)) {
		v = json_object_new_object();
		copy_member(v, check, "verdict");
		copy_member(v, check, "files");
		jx_add_str(v, "words", verdict_words(check, words, sizeof(words)));
		json_object_object_add(o, "check", v);
	}
	return o;
}

/* Devices without a working driver first: they are why the user is here. */
static int needs_driver(json_object *d)
{
	return jx_has(d, "linux_driver") || jx_has(d, "bound");
}

static int cmp_devices(const void *a, const void *b)
{
	json_object *x = *(json_object *const *)a, *y = *(json_object *const *)b;

	if (needs_driver(x) != needs_driver(y))
		return needs_driver(x) - needs_driver(y);
	return strcmp(jx_str(x, "id"), jx_str(y, "id"));
}

static int cmp_matches(const void *a, const void *b)
{
	json_object *x = *(json_object *const *)a, *y = *(json_object *const *)b;
	const char *dx, *dy;

	if (jx_bool(x, "device_has_driver") != jx_bool(y, "device_has_driver"))
		return jx_bool(x, "device_has_driver") ? 1 : -1;
	if (!jx_str(x, "verdict_fail") != !jx_str(y, "verdict_fail"))
		return jx_str(x, "verdict_fail") ? 1 : -1;
	if (jx_int(x, "rank") != jx_int(y, "rank"))
		return jx_int(x, "rank") < jx_int(y, "rank") ? -1 : 1;
	/* The newer driver (dates are MM/DD/YYYY: compare year first). */
	dx = jx_str(x, "driver_date");
	dy = jx_str(y, "driver_date");
	if (dx && dy && strlen(dx) == 10 && strlen(dy) == 10) {
		int c = strncmp(dy + 6, dx + 6, 4);

		return c ? c : strncmp(dy, dx, 5);
	}
	return strcmp(jx_str(x, "inf"), jx_str(y, "inf"));
}

/* Which .inf (model line and hardware ID) matches which device. */
static json_object *match_devices(json_object *infs, json_object **manifests,
				  json_object *devs_out, struct ndl_err *err)
{
	struct ndl_device *devs;
	size_t n, i, k;
	json_object *matches = json_object_new_array(), *installed;
	struct conf b;

	if (devices_scan(&devs, &n, err)) {
		json_object_put(matches);
		return NULL;
	}
	if (config_bindings(&b, err)) {	/* no bindings file yet is fine */
		conf_free(&b);
		conf_init(&b);
		ndl_err_clear(err);
	}
	installed = store_all_manifests();
	for (i = 0; i < n; i++) {
		bool any = false;

		for (k = 0; k < json_object_array_length(infs); k++) {
			json_object *inf = json_object_array_get_idx(infs, k), *models, *mo, *x, *c;
			struct dev_match mt;

			if (!manifests[k])
				continue;
			device_match(&devs[i], manifests[k], &mt);
			if (mt.rank < 0)
				continue;
			any = true;
			json_object_object_get_ex(manifests[k], "models", &models);
			mo = json_object_array_get_idx(models, (size_t)mt.model);
			x = json_object_new_object();
			jx_add_str(x, "device", devs[i].id);
			jx_add_str(x, "inf", jx_str(inf, "inf"));
			jx_add_str(x, "driver", jx_str(inf, "driver"));
			jx_add_str(x, "hardware_id", mt.id);
			jx_add_str(x, "model", jx_str(mo, "desc"));
			json_object_object_add(x, "line", json_object_new_int((int)jx_int(mo, "line")));
			json_object_object_add(x, "rank", json_object_new_int64(mt.rank));
			jx_add_str_or_null(x, "driver_date", jx_str(inf, "driver_date"));
			jx_add_str_or_null(x, "linux_driver",
					   devs[i].linux_driver[0] && !device_owned_by_us(&devs[i]) ?
					   devs[i].linux_driver : NULL);
			json_object_object_add(x, "device_has_driver", json_object_new_boolean(
				devs[i].linux_driver[0] && !device_owned_by_us(&devs[i])));
			if (json_object_object_get_ex(inf, "check", &c) &&
			    jx_str(c, "verdict") && !strcmp(jx_str(c, "verdict"), "fail"))
				jx_add_str(x, "verdict_fail", "fail");
			json_object_array_add(matches, x);
		}
		if (devs[i].network || any)
			json_object_array_add(devs_out, device_json(&devs[i], installed, &b));
	}
	json_object_array_sort(matches, cmp_matches);
	json_object_array_sort(devs_out, cmp_devices);
	for (i = 0; i < json_object_array_length(matches); i++)
		json_object_object_del(json_object_array_get_idx(matches, i), "verdict_fail");
	json_object_put(installed);
	conf_free(&b);
	free(devs);
	return matches;
}

/* The folder of an opened package, or not_found. */
static int package_dir(const char *id, char *out, size_t size, struct ndl_err *err)
{
	if (!id || !staging_id_ok(id) || !ndl_path(out, size, NDL_PACKAGES_DIR "/%s", id) ||
	    !fs_is_dir(out)) {
		ndl_fail(err, NDL_E_NOT_FOUND, "no opened package %.20s (packages are kept for an hour, %d at a time)",
			 id ? id : "", PACKAGES_KEPT);
		ndl_field(err, "package");
		return ndl_hint(err, "open the package again");
	}
	return 0;
}

/* Everything the assistant shows about an opened package. */
static json_object *describe(const char *id, const char *dir, const struct unpack_stats *st,
			     struct ndl_err *err)
{
	json_object *r = json_object_new_object(), *paths = json_object_new_array();
	json_object *infs = json_object_new_array(), *devs = json_object_new_array(), *matches;
	json_object *manifests[PACKAGES_MAX_INFS];
	size_t i, n;

	find_infs(dir, "", 0, paths);
	n = json_object_array_length(paths);
	if (!n) {
		json_object_put(r);
		json_object_put(paths);
		json_object_put(infs);
		json_object_put(devs);
		ndl_fail(err, NDL_E_INVALID, "the package has no .inf file: it is not a Windows driver package, or only part of one");
		return ndl_hint(err, "a driver package holds an .inf with the .sys it installs; give the whole package"), NULL;
	}
	if (n > PACKAGES_MAX_INFS)
		n = PACKAGES_MAX_INFS;
	for (i = 0; i < n; i++)
		json_object_array_add(infs, examine(dir, json_object_get_string(
			json_object_array_get_idx(paths, i)), &manifests[i]));
	matches = match_devices(infs, manifests, devs, err);
	for (i = 0; i < n; i++)
		json_object_put(manifests[i]);
	json_object_put(paths);
	if (!matches) {
		json_object_put(r);
		json_object_put(infs);
		json_object_put(devs);
		return NULL;
	}
	jx_add_str(r, "package", id);
	jx_add_str(r, "format", st->format);
	json_object_object_add(r, "files", json_object_new_int((int)st->files));
	json_object_object_add(r, "bytes", json_object_new_int64((int64_t)st->bytes));
	json_object_object_add(r, "skipped", json_object_get(st->skipped));
	json_object_object_add(r, "infs", infs);
	json_object_object_add(r, "matches", matches);
	json_object_object_add(r, "best", json_object_array_length(matches) ?
			       json_object_get(json_object_array_get_idx(matches, 0)) : NULL);
	json_object_object_add(r, "devices", devs);
	return r;
}

json_object *op_package_open(json_object *args, const int *fds, size_t nfds,
			     struct ndl_err *err)
{
	static const struct jfield file_fields[] = { { "name", J_STRING, true, 255 } };
	struct unpack_stats st;
	json_object *files = NULL, *r = NULL;
	char id[17], path[NDL_PATH_MAX];
	size_t i, n;
	int dirfd = -1;

	memset(&st, 0, sizeof(st));
	json_object_object_get_ex(args, "files", &files);
	n = files ? json_object_array_length(files) : 0;
	if (n != nfds || !n)
		return ndl_fail(err, NDL_E_BAD_REQUEST,
				"files lists %zu names but %zu descriptors came with the request%s",
				n, nfds, n ? "" : " (give the package: an archive or its files)"), NULL;
	for (i = 0; i < n; i++) {
		char what[32];

		snprintf(what, sizeof(what), "files[%zu]", i);
		if (jx_check(json_object_array_get_idx(files, i), file_fields, 1, what, err))
			return NULL;
	}
	if (package_new(id, path, sizeof(path), &dirfd, err))
		return NULL;
	if (n == 1 && unpack_is_archive_name(jx_str(json_object_array_get_idx(files, 0), "name"))) {
		const char *name = jx_str(json_object_array_get_idx(files, 0), "name");
		char why[96];

		if (!text_is_clean(name, strlen(name), why, sizeof(why)) || !name_is_safe_file(name)) {
			ndl_fail(err, NDL_E_BAD_REQUEST, "the archive's name is not a plain file name");
			ndl_field(err, "files[0].name");
		} else if (!unpack_archive(fds[0], name, dirfd, &st, progress_fn, progress_ctx, err)) {
			r = describe(id, path, &st, err);
		}
	} else {
		st.skipped = json_object_new_array();
		if (!put_files(files, fds, n, dirfd, &st, err))
			r = describe(id, path, &st, err);
	}
	close(dirfd);
	json_object_put(st.skipped);
	if (!r)
		fs_remove_tree(path);	/* a refused package leaves nothing behind */
	return r;
}

json_object *op_package_install(json_object *args, const int *fds, size_t nfds,
				struct ndl_err *err)
{
	const char *inf = jx_str(args, "inf"), *name = jx_str(args, "name");
	char dir[NDL_PATH_MAX];
	json_object *r;

	(void)fds; (void)nfds;
	if (package_dir(jx_str(args, "package"), dir, sizeof(dir), err))
		return NULL;
	if (!rel_path_ok(inf)) {
		ndl_fail(err, NDL_E_BAD_REQUEST, "args.inf must be the path of an .inf inside the package, as package.open listed it");
		return ndl_field(err, "inf"), NULL;
	}
	r = install_from(dir, inf, name, false, err);
	if (r) {
		jx_add_str(r, "package", jx_str(args, "package"));
		jx_add_str(r, "inf", inf);
	}
	return r;
}
