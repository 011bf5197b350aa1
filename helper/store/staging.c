// SPDX-License-Identifier: GPL-2.0-only
/* The bounded staging area of incomplete uploads (see staging.h). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>

#include "lib/fsutil.h"
#include "lib/paths.h"
#include "store/staging.h"

#define CLIENT_FILE	".client"
#define MAX_SETS	1024	/* scanned at most; more cannot come from us */

struct set {
	char id[17];
	char client[STAGING_CLIENT_MAX + 1];
	struct timespec mtime;
	uint64_t bytes;
	bool gone;
};

bool staging_id_ok(const char *id)
{
	size_t i;

	for (i = 0; id[i]; i++)
		if (!((id[i] >= '0' && id[i] <= '9') || (id[i] >= 'a' && id[i] <= 'f')))
			return false;
	return i == 16;
}

bool staging_client_ok(const char *client)
{
	size_t i;

	for (i = 0; client[i]; i++)
		if (!((client[i] >= '0' && client[i] <= '9') || (client[i] >= 'a' && client[i] <= 'z') ||
		      (client[i] >= 'A' && client[i] <= 'Z') || client[i] == '_' || client[i] == '-'))
			return false;
	return i > 0 && i <= STAGING_CLIENT_MAX;
}

void staging_expire(void)
{
	char dir[NDL_PATH_MAX], path[NDL_PATH_MAX];
	struct dirent *de;
	struct stat st;
	DIR *d;

	if (!ndl_path(dir, sizeof(dir), NDL_STAGING_DIR) || !(d = opendir(dir)))
		return;
	while ((de = readdir(d)) != NULL) {
		if (!staging_id_ok(de->d_name))
			continue;
		if (!fs_join(path, sizeof(path), dir, de->d_name))
			continue;
		if (!lstat(path, &st) && st.st_mtime + STAGING_MAX_AGE < time(NULL))
			fs_remove_tree(path);
	}
	closedir(d);
}

/* Size, owner and age of one set directory. */
static void set_scan(const char *path, struct set *s)
{
	char file[NDL_PATH_MAX];
	struct dirent *de;
	struct stat st;
	DIR *d;

	s->bytes = 0;
	s->client[0] = '\0';
	if (!fs_join(file, sizeof(file), path, CLIENT_FILE) ||
	    !fs_read_line(file, s->client, sizeof(s->client)) || !staging_client_ok(s->client))
		strcpy(s->client, "-");
	if (!(d = opendir(path)))
		return;
	while ((de = readdir(d)) != NULL)
		if (fs_join(file, sizeof(file), path, de->d_name) && !lstat(file, &st) &&
		    S_ISREG(st.st_mode))
			s->bytes += (uint64_t)st.st_blocks * 512 > (uint64_t)st.st_size ?
				    (uint64_t)st.st_blocks * 512 : (uint64_t)st.st_size;
	closedir(d);
}

static int older(const void *a, const void *b)
{
	const struct set *x = a, *y = b;

	if (x->mtime.tv_sec != y->mtime.tv_sec)
		return x->mtime.tv_sec < y->mtime.tv_sec ? -1 : 1;
	if (x->mtime.tv_nsec != y->mtime.tv_nsec)
		return x->mtime.tv_nsec < y->mtime.tv_nsec ? -1 : 1;
	return strcmp(x->id, y->id);
}

/* The other sets, oldest first. */
static size_t sets_list(const char *dir, const char *skip, struct set *sets)
{
	char path[NDL_PATH_MAX];
	struct dirent *de;
	struct stat st;
	size_t n = 0;
	DIR *d = opendir(dir);

	if (!d)
		return 0;
	while ((de = readdir(d)) != NULL && n < MAX_SETS) {
		if (!staging_id_ok(de->d_name) || !strcmp(de->d_name, skip) ||
		    !fs_join(path, sizeof(path), dir, de->d_name) || lstat(path, &st) ||
		    !S_ISDIR(st.st_mode))
			continue;
		memcpy(sets[n].id, de->d_name, 17);
		sets[n].mtime = st.st_mtim;
		sets[n].gone = false;
		set_scan(path, &sets[n]);
		n++;
	}
	closedir(d);
	qsort(sets, n, sizeof(*sets), older);
	return n;
}

static void evict(const char *dir, struct set *s)
{
	char path[NDL_PATH_MAX];

	if (fs_join(path, sizeof(path), dir, s->id))
		fs_remove_tree(path);
	s->gone = true;
}

int staging_make_room(const char *id, const char *client, uint64_t need,
		      struct ndl_err *err)
{
	char dir[NDL_PATH_MAX];
	struct set *sets;
	struct statvfs vfs;
	uint64_t total = 0;
	size_t n, i, mine = 0;

	if (need > STAGING_QUOTA) {
		ndl_fail(err, NDL_E_TOO_LARGE, "an incomplete upload of %llu MiB is more than the %llu MiB kept for incomplete uploads",
			 (unsigned long long)(need >> 20), STAGING_QUOTA >> 20);
		return ndl_hint(err, "send all of the driver's files in one upload");
	}
	if (!ndl_path(dir, sizeof(dir), NDL_STAGING_DIR))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	if (fs_mkdirs(dir, 0700, err))
		return -1;
	sets = calloc(MAX_SETS, sizeof(*sets));
	if (!sets)
		return ndl_fail(err, NDL_E_INTERNAL, "out of memory");
	n = sets_list(dir, id, sets);
	for (i = 0; i < n; i++) {
		total += sets[i].bytes;
		mine += !strcmp(sets[i].client, client);
	}
	/* The client's own oldest sets first: one session cannot pile up. */
	for (i = 0; i < n && mine >= STAGING_PER_CLIENT; i++)
		if (!strcmp(sets[i].client, client)) {
			evict(dir, &sets[i]);
			total -= sets[i].bytes;
			mine--;
		}
	for (i = 0; i < n && total + need > STAGING_QUOTA; i++)
		if (!sets[i].gone) {
			evict(dir, &sets[i]);
			total -= sets[i].bytes;
		}
	free(sets);
	if (!statvfs(dir, &vfs) &&
	    (uint64_t)vfs.f_bavail * vfs.f_frsize < need + STAGING_RESERVE) {
		ndl_fail(err, NDL_E_NO_SPACE, "the disk holding %s has %llu MiB free: too little to keep %llu MiB of an incomplete upload",
			 dir, (unsigned long long)(((uint64_t)vfs.f_bavail * vfs.f_frsize) >> 20),
			 (unsigned long long)((need + (1u << 20) - 1) >> 20));
		return ndl_hint(err, "free disk space, or send all of the driver's files in one upload");
	}
	return 0;
}

int staging_set_client(const char *dir, const char *client, struct ndl_err *err)
{
	char path[NDL_PATH_MAX], line[STAGING_CLIENT_MAX + 2];
	int n = snprintf(line, sizeof(line), "%s\n", client);

	if (!fs_join(path, sizeof(path), dir, CLIENT_FILE))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	return fs_write_atomic(path, line, (size_t)n, 0600, err);
}
