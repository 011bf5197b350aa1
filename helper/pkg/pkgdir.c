// SPDX-License-Identifier: GPL-2.0-only
/* Gathering a driver package from the directory of its .inf (see pkgdir.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/fsutil.h"
#include "lib/paths.h"
#include "pkg/pkgdir.h"
#include "lib/strutil.h"

#define PKG_MAX_FILES 256

static int add_path(struct pkg_set *set, const char *path, struct ndl_err *err)
{
	struct pkg_item *it;
	struct stat st;
	const char *base = path_basename_any(path);
	size_t i;
	int fd;

	for (i = 0; i < set->n; i++)
		if (str_ieq(set->items[i].name, base))
			return ndl_fail(err, NDL_E_BAD_REQUEST,
					"two files are named %s (%s and %s)", base,
					set->items[i].path, path);
	if (set->n >= PKG_MAX_FILES)
		return ndl_fail(err, NDL_E_TOO_LARGE, "more than %d files", PKG_MAX_FILES);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;

		ndl_fail(err, e == ENOENT ? NDL_E_NOT_FOUND : NDL_E_INTERNAL,
			 "cannot open %s: %s", path, strerror(e));
		return e == ENOENT ? ndl_hint(err, "check the path") : -1;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return ndl_fail(err, NDL_E_BAD_REQUEST, "%s is not a regular file", path);
	}
	if (!name_is_safe_file(base)) {
		close(fd);
		return ndl_fail(err, NDL_E_BAD_REQUEST, "\"%s\" is not a usable file name", base);
	}
	if (set->n == set->cap) {
		size_t ncap = set->cap ? set->cap * 2 : 16;
		struct pkg_item *n = realloc(set->items, ncap * sizeof(*n));

		if (!n) {
			close(fd);
			return ndl_fail(err, NDL_E_INTERNAL, "out of memory");
		}
		set->items = n;
		set->cap = ncap;
	}
	it = &set->items[set->n];
	memset(it, 0, sizeof(*it));
	it->fd = fd;
	it->path = strdup(path);
	it->name = strdup(base);
	if (!it->path || !it->name) {
		free(it->path);
		free(it->name);
		close(fd);
		return ndl_fail(err, NDL_E_INTERNAL, "out of memory");
	}
	set->n++;
	if (str_iends(base, ".inf")) {
		if (fs_read_fd(fd, INF_MAX_SIZE, path, &it->data, &it->len, err))
			return -1;
		lseek(fd, 0, SEEK_SET);
	}
	return 0;
}

static bool have(const struct pkg_set *set, const char *name)
{
	size_t i;

	for (i = 0; i < set->n; i++)
		if (str_ieq(set->items[i].name, name))
			return true;
	return false;
}

/* Finds name (case-insensitively) in dir/subdir; true and path when found. */
static bool lookup(const char *dir, const char *subdir, const char *name,
		   char *out, size_t size)
{
	char where[NDL_PATH_MAX];
	DIR *d;
	struct dirent *de;
	bool found = false;

	if ((size_t)snprintf(where, sizeof(where), "%s%s%s", dir,
			     *subdir ? "/" : "", subdir) >= sizeof(where))
		return false;
	d = opendir(where);
	if (!d)
		return false;
	while ((de = readdir(d)) != NULL)
		if (str_ieq(de->d_name, name)) {
			found = (size_t)snprintf(out, size, "%s/%s", where, de->d_name) < size;
			break;
		}
	closedir(d);
	return found;
}

static int add_wanted(struct pkg_set *set, const char *dir, const char *subdir,
		      const char *name, bool *added, struct ndl_err *err)
{
	char path[NDL_PATH_MAX];

	if (have(set, name) || strstr(subdir, ".."))
		return 0;
	if (!lookup(dir, subdir, name, path, sizeof(path)) &&
	    !lookup(dir, "", name, path, sizeof(path)))
		return 0;
	*added = true;
	return add_path(set, path, err);
}

int pkg_collect(const char *inf_path, char *const *extra, size_t nextra,
		struct pkg_set *set, struct ndl_err *err)
{
	char dirbuf[NDL_PATH_MAX], *dir;
	size_t i;
	int round;

	memset(set, 0, sizeof(*set));
	ndl_err_clear(err);
	if (!str_iends(inf_path, ".inf")) {
		ndl_fail(err, NDL_E_BAD_REQUEST, "%s is not an .inf file", inf_path);
		return ndl_hint(err, "give the driver's .inf first, then any other files");
	}
	if (add_path(set, inf_path, err))
		return -1;
	for (i = 0; i < nextra; i++)
		if (add_path(set, extra[i], err))
			return -1;
	str_copy(dirbuf, sizeof(dirbuf), inf_path);
	dir = dirname(dirbuf);
	for (round = 0; round < 4; round++) {
		struct inf_pkg_file *files = pkg_files(set);
		struct inf_driver *d;
		bool added = false;

		if (!files)
			return ndl_fail(err, NDL_E_INTERNAL, "out of memory");
		d = inf_parse_package(files, set->n, 0, NULL, err);
		free(files);
		if (!d)
			return -1;
		for (i = 0; i < d->nneeded; i++)
			if (add_wanted(set, dir, d->needed[i].subdir, d->needed[i].name,
				       &added, err))
				break;
		for (i = 0; i < d->nincludes_missing && err->code == NDL_OK; i++)
			if (add_wanted(set, dir, "", d->includes_missing[i], &added, err))
				break;
		if (d->catalog && err->code == NDL_OK)
			add_wanted(set, dir, "", d->catalog, &added, err);
		inf_driver_free(d);
		if (err->code != NDL_OK)
			return -1;
		if (!added)
			break;
	}
	return 0;
}

struct inf_pkg_file *pkg_files(const struct pkg_set *set)
{
	struct inf_pkg_file *f = calloc(set->n + 1, sizeof(*f));
	size_t i;

	if (!f)
		return NULL;
	for (i = 0; i < set->n; i++) {
		f[i].name = set->items[i].name;
		f[i].data = set->items[i].data;
		f[i].len = set->items[i].len;
	}
	return f;
}

void pkg_free(struct pkg_set *set)
{
	size_t i;

	for (i = 0; i < set->n; i++) {
		close(set->items[i].fd);
		free(set->items[i].name);
		free(set->items[i].path);
		free(set->items[i].data);
	}
	free(set->items);
	memset(set, 0, sizeof(*set));
}
