// SPDX-License-Identifier: GPL-2.0-only
/* Unpacking a driver package archive within limits (see pkg_unpack.h). */
#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "lib/fsutil.h"
#include "pkg/pkg_unpack.h"
#include "store/staging.h"
#include "lib/strutil.h"
#include "lib/text.h"

#define CHUNK (64u << 10)

bool unpack_is_archive_name(const char *name)
{
	return str_iends(name, ".zip") || str_iends(name, ".cab") ||
	       str_iends(name, ".7z") || str_iends(name, ".exe");
}

struct unpacker {
	struct archive *a;
	const char *name;	/* the archive's, for messages */
	int dirfd;
	struct unpack_stats *st;
	char **paths;		/* stored paths, for the case-insensitive check */
	size_t npaths;
	unsigned entry;		/* 1-based number of the current entry */
	char *buf;
	struct ndl_err *err;
};

/* A libarchive failure: damaged, truncated, or a format it cannot read. */
static int damaged(struct unpacker *u, const char *where)
{
	const char *why = archive_error_string(u->a);

	ndl_fail(u->err, NDL_E_INVALID, "%s is damaged or truncated%s%s: %s", u->name,
		 where ? " at " : "", where ? where : "", why ? why : "unknown error");
	return ndl_hint(u->err, "download the vendor's package again");
}

/* The first read failed: not an archive at all, or a damaged one. */
static int not_archive_or_damaged(struct unpacker *u)
{
	const char *why = archive_error_string(u->a);

	if (!why || !strstr(why, "Unrecognized archive format"))
		return damaged(u, NULL);
	ndl_fail(u->err, NDL_E_INVALID, "%s is not an archive ndisload can open (.zip, .cab, .7z, or a self-extracting .exe made of one)",
		 u->name);
	return ndl_hint(u->err, "an installer program has to be unpacked with its own tool (often 'setup.exe /extract' on Windows); then give the unpacked folder's files");
}

/*
 * Splits path into checked components. Returns the number (0: skip the
 * entry, a hidden one), -1 with err set when the path is refused.
 */
static int split_path(struct unpacker *u, char *path, char **comp)
{
	char why[96], *p = path, *s;
	int n = 0;

	for (s = path; *s; s++)
		if (*s == '\\')		/* written by Windows tools */
			*s = '/';
	if (path[0] == '/' || (path[0] && path[1] == ':'))
		return ndl_fail(u->err, NDL_E_INVALID,
				"%s: entry %u has an absolute path; a package holds only relative ones",
				u->name, u->entry);
	while (p) {
		s = strchr(p, '/');
		if (s)
			*s++ = '\0';
		if (!*p || !strcmp(p, ".")) {
			p = s;
			continue;
		}
		if (!strcmp(p, ".."))
			return ndl_fail(u->err, NDL_E_INVALID,
					"%s: entry %u climbs out of the package with \"..\"",
					u->name, u->entry);
		if (p[0] == '.' || !strcmp(p, "__MACOSX"))
			return 0;	/* a Mac's or a tool's hidden file */
		if (!text_is_clean(p, strlen(p), why, sizeof(why)))
			return ndl_fail(u->err, NDL_E_INVALID, "%s: the name of entry %u %s",
					u->name, u->entry, why);
		if (!name_is_safe_file(p))
			return ndl_fail(u->err, NDL_E_INVALID,
					"%s: entry %u, \"%.80s\", is not a plain file name", u->name,
					u->entry, p);
		if (n > UNPACK_MAX_DEPTH)
			return ndl_fail(u->err, NDL_E_INVALID,
					"%s: entry %u lies more than %d folders deep", u->name,
					u->entry, UNPACK_MAX_DEPTH);
		comp[n++] = p;
		p = s;
	}
	return n;
}

/* Opens (creating) the folder of comp[0..n-1] below dirfd. */
static int open_dirs(struct unpacker *u, char **comp, int n)
{
	int fd = dup(u->dirfd), i;

	for (i = 0; fd >= 0 && i < n; i++) {
		int next;

		if (mkdirat(fd, comp[i], 0700) && errno != EEXIST)
			next = -1;
		else
			next = openat(fd, comp[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (next < 0) {
			int e = errno;

			close(fd);
			ndl_fail(u->err, e == ENOTDIR ? NDL_E_INVALID : NDL_E_INTERNAL,
				 "%s: entry %u: cannot make the folder %s: %s", u->name,
				 u->entry, comp[i], e == ENOTDIR ? "a file has that name" : strerror(e));
			return -1;
		}
		close(fd);
		fd = next;
	}
	if (fd < 0)
		ndl_fail(u->err, NDL_E_INTERNAL, "cannot open the package folder: %s", strerror(errno));
	return fd;
}

static int no_space(struct unpacker *u)
{
	struct statvfs vfs;

	if (fstatvfs(u->dirfd, &vfs) ||
	    (uint64_t)vfs.f_bavail * vfs.f_frsize >= STAGING_RESERVE)
		return 0;
	ndl_fail(u->err, NDL_E_NO_SPACE, "%s: the disk is nearly full (less than %llu MiB free) while unpacking entry %u",
		 u->name, STAGING_RESERVE >> 20, u->entry);
	return ndl_hint(u->err, "free disk space and try again");
}

static int write_file(struct unpacker *u, struct archive_entry *e, const char *shown,
		      char **comp, int n,
		      void (*progress)(uint64_t, uint64_t, void *), void *ctx, uint64_t size)
{
	int dfd, fd;
	uint64_t mine = 0;
	la_ssize_t got;

	if (archive_entry_size_is_set(e) && (uint64_t)archive_entry_size(e) > UNPACK_MAX_FILE)
		return ndl_fail(u->err, NDL_E_TOO_LARGE, "%s: %s would unpack to %llu MiB; at most %llu MiB per file",
				u->name, shown, (unsigned long long)(archive_entry_size(e) >> 20),
				UNPACK_MAX_FILE >> 20);
	dfd = open_dirs(u, comp, n - 1);
	if (dfd < 0)
		return -1;
	fd = openat(dfd, comp[n - 1], O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		int e2 = errno;

		close(dfd);
		if (e2 == EEXIST)
			return ndl_fail(u->err, NDL_E_INVALID, "%s: %s is in the archive twice",
					u->name, shown);
		return ndl_fail(u->err, NDL_E_INTERNAL, "cannot create %s: %s", shown, strerror(e2));
	}
	close(dfd);
	while ((got = archive_read_data(u->a, u->buf, CHUNK)) > 0) {
		mine += (uint64_t)got;
		u->st->bytes += (uint64_t)got;
		if (mine > UNPACK_MAX_FILE) {
			close(fd);
			return ndl_fail(u->err, NDL_E_TOO_LARGE,
					"%s: %s unpacks to more than %llu MiB (the archive says less, or it is a zip bomb)",
					u->name, shown, UNPACK_MAX_FILE >> 20);
		}
		if (u->st->bytes > UNPACK_MAX_TOTAL) {
			close(fd);
			ndl_fail(u->err, NDL_E_TOO_LARGE,
				 "%s unpacks to more than %llu MiB (at %s): not a driver package, or a zip bomb",
				 u->name, UNPACK_MAX_TOTAL >> 20, shown);
			return ndl_hint(u->err, "unpack it yourself and give only the driver's folder");
		}
		if (fs_write_all(fd, u->buf, (size_t)got)) {
			int e2 = errno;

			close(fd);
			if (e2 == ENOSPC)
				return ndl_fail(u->err, NDL_E_NO_SPACE, "the disk is full (unpacking %s)", shown);
			return ndl_fail(u->err, NDL_E_INTERNAL, "cannot write %s: %s", shown, strerror(e2));
		}
		if (progress)
			progress((uint64_t)archive_filter_bytes(u->a, -1), size, ctx);
	}
	close(fd);
	if (got < 0)
		return damaged(u, shown);
	u->st->files++;
	return no_space(u);
}

/* Two stored paths that differ only in case would make lookups ambiguous. */
static int icmp_paths(const void *a, const void *b)
{
	return str_icmp(*(char *const *)a, *(char *const *)b);
}

static int check_case_twins(struct unpacker *u)
{
	size_t i;

	qsort(u->paths, u->npaths, sizeof(*u->paths), icmp_paths);
	for (i = 1; i < u->npaths; i++)
		if (str_ieq(u->paths[i - 1], u->paths[i]))
			return ndl_fail(u->err, NDL_E_INVALID,
					"%s holds both %s and %s: names that differ only in case are ambiguous on Windows",
					u->name, u->paths[i - 1], u->paths[i]);
	return 0;
}

/* One entry: checked, then made (a folder) or written (a file). */
static int take_entry(struct unpacker *u, struct archive_entry *e,
		      void (*progress)(uint64_t, uint64_t, void *), void *ctx, uint64_t size)
{
	const char *raw = archive_entry_pathname_utf8(e);
	char *path, *comp[UNPACK_MAX_DEPTH + 2], shown[UNPACK_MAX_PATH + 1];
	mode_t type = archive_entry_filetype(e);
	int n, i, rc = 0;

	if (!raw)
		return ndl_fail(u->err, NDL_E_INVALID, "%s: the name of entry %u is not text in any known encoding",
				u->name, u->entry);
	if (strlen(raw) > UNPACK_MAX_PATH)
		return ndl_fail(u->err, NDL_E_INVALID, "%s: the path of entry %u is longer than %d bytes",
				u->name, u->entry, UNPACK_MAX_PATH);
	if (archive_entry_hardlink(e) || type == AE_IFLNK)
		return ndl_fail(u->err, NDL_E_INVALID, "%s: entry %u is a link; a driver package holds only files and folders",
				u->name, u->entry);
	if (type != AE_IFREG && type != AE_IFDIR)
		return ndl_fail(u->err, NDL_E_INVALID, "%s: entry %u is a device, pipe or socket; a driver package holds only files and folders",
				u->name, u->entry);
	if (archive_entry_is_encrypted(e))
		return ndl_fail(u->err, NDL_E_INVALID, "%s: entry %u is encrypted", u->name, u->entry);
	path = strdup(raw);
	if (!path)
		return ndl_fail(u->err, NDL_E_INTERNAL, "out of memory");
	n = split_path(u, path, comp);
	if (n <= 0) {
		if (!n)
			json_object_array_add(u->st->skipped, json_object_new_string(raw));
		free(path);
		return n;
	}
	shown[0] = '\0';
	for (i = 0; i < n; i++)
		snprintf(shown + strlen(shown), sizeof(shown) - strlen(shown), "%s%s",
			 i ? "/" : "", comp[i]);
	if (type == AE_IFDIR) {
		int fd = open_dirs(u, comp, n);

		if (fd >= 0)
			close(fd);
		rc = fd < 0 ? -1 : 0;
	} else {
		rc = write_file(u, e, shown, comp, n, progress, ctx, size);
		if (!rc) {
			u->paths[u->npaths] = strdup(shown);
			if (!u->paths[u->npaths])
				rc = ndl_fail(u->err, NDL_E_INTERNAL, "out of memory");
			else
				u->npaths++;
		}
	}
	free(path);
	return rc;
}

int unpack_archive(int fd, const char *name, int dirfd, struct unpack_stats *st,
		   void (*progress)(uint64_t done, uint64_t total, void *ctx),
		   void *ctx, struct ndl_err *err)
{
	struct unpacker u = { .name = name, .dirfd = dirfd, .st = st, .err = err };
	struct archive_entry *e;
	struct stat sb;
	uint64_t size = 0;
	size_t i;
	int rc = -1, r;

	/*
	 * Names are handed over as UTF-8: libarchive converts through the
	 * thread's locale, and in the C locale every non-ASCII name fails.
	 */
	locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0), old = (locale_t)0;

	if (utf8)
		old = uselocale(utf8);
	memset(st, 0, sizeof(*st));
	st->skipped = json_object_new_array();
	if (!fstat(fd, &sb) && S_ISREG(sb.st_mode))
		size = (uint64_t)sb.st_size;
	u.a = archive_read_new();
	u.buf = malloc(CHUNK);
	u.paths = calloc(UNPACK_MAX_ENTRIES, sizeof(*u.paths));
	if (!u.a || !u.buf || !u.paths) {
		ndl_fail(err, NDL_E_INTERNAL, "out of memory");
		goto out;
	}
	/* Formats vendors ship drivers in; their self-extracting .exe too. */
	archive_read_support_format_zip(u.a);
	archive_read_support_format_cab(u.a);
	archive_read_support_format_7zip(u.a);
	archive_read_support_filter_none(u.a);
	if (lseek(fd, 0, SEEK_SET) < 0 && errno != ESPIPE) {
		ndl_fail(err, NDL_E_INTERNAL, "cannot read %s: %s", name, strerror(errno));
		goto out;
	}
	if (archive_read_open_fd(u.a, fd, CHUNK) != ARCHIVE_OK) {
		not_archive_or_damaged(&u);
		goto out;
	}
	for (;;) {
		r = archive_read_next_header(u.a, &e);
		if (r == ARCHIVE_EOF)
			break;
		u.entry++;
		if (r < ARCHIVE_WARN) {
			if (u.entry == 1) {
				not_archive_or_damaged(&u);
			} else {
				char where[32];

				snprintf(where, sizeof(where), "entry %u", u.entry);
				damaged(&u, where);
			}
			goto out;
		}
		if (u.entry == 1)
			str_copy(st->format, sizeof(st->format), archive_format_name(u.a));
		if (u.entry > UNPACK_MAX_ENTRIES) {
			ndl_fail(err, NDL_E_TOO_LARGE, "%s has more than %d entries: not a driver package",
				 name, UNPACK_MAX_ENTRIES);
			ndl_hint(err, "unpack it yourself and give only the driver's folder");
			goto out;
		}
		if (take_entry(&u, e, progress, ctx, size))
			goto out;
	}
	if (!u.entry) {
		ndl_fail(err, NDL_E_INVALID, "%s is empty", name);
		goto out;
	}
	rc = check_case_twins(&u);
out:
	if (u.a)
		archive_read_free(u.a);
	if (u.paths)
		for (i = 0; i < u.npaths; i++)
			free(u.paths[i]);
	free(u.paths);
	free(u.buf);
	if (utf8) {
		uselocale(old);
		freelocale(utf8);
	}
	return rc;
}
