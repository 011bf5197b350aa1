// SPDX-License-Identifier: GPL-2.0-only
/* Loading the static pages into memory and finding them by URL. */
#include "www.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log.h"

#define MAX_FILES	256
#define MAX_FILE_SIZE	(2u << 20)

static const struct {
	const char *ext, *type;
} types[] = {
	{ ".html", "text/html; charset=utf-8" },
	{ ".css", "text/css; charset=utf-8" },
	{ ".js", "text/javascript; charset=utf-8" },
	{ ".svg", "image/svg+xml" },
	{ ".png", "image/png" },
	{ ".ico", "image/x-icon" },
	{ ".json", "application/json" },
	{ ".txt", "text/plain; charset=utf-8" },
	{ ".woff2", "font/woff2" },
};

const char *wc_www_type(const char *name)
{
	size_t n = strlen(name);

	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		size_t e = strlen(types[i].ext);

		if (n > e && !strcmp(name + n - e, types[i].ext))
			return types[i].type;
	}
	return NULL;
}

static bool plain_name(const char *s)
{
	if (!*s || *s == '.' || strlen(s) > 64)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || strchr("._-", *s)))
			return false;
	return true;
}

static int read_file(int dirfd, const char *name, struct wc_www_file *f)
{
	struct stat st;
	ssize_t n;
	int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size > MAX_FILE_SIZE) {
		close(fd);
		return -1;
	}
	f->data = malloc((size_t)st.st_size + 1);
	if (!f->data) {
		close(fd);
		return -1;
	}
	n = read(fd, f->data, (size_t)st.st_size);
	close(fd);
	if (n != st.st_size) {
		free(f->data);
		f->data = NULL;
		return -1;
	}
	f->len = (size_t)n;
	/* FNV-1a of the content: a stable ETag across restarts. */
	unsigned long long h = 1469598103934665603ULL;

	for (size_t i = 0; i < f->len; i++)
		h = (h ^ (unsigned char)f->data[i]) * 1099511628211ULL;
	snprintf(f->etag, sizeof(f->etag), "\"%016llx\"", h);
	return 0;
}

/* Adds the servable files of dir (url prefix prefix) to www. */
static int load_dir(struct wc_www *www, const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		return -1;
	while ((de = readdir(d))) {
		struct wc_www_file *f;
		const char *type = wc_www_type(de->d_name);

		if (!type || !plain_name(de->d_name))
			continue;
		if (www->n == MAX_FILES) {
			wc_log("more than %d files in %s; the rest are not served", MAX_FILES, dir);
			break;
		}
		f = &www->files[www->n];
		memset(f, 0, sizeof(*f));
		if (read_file(dirfd(d), de->d_name, f))
			continue;
		if (snprintf(f->url, sizeof(f->url), "%s/%s", prefix, de->d_name) >=
		    (int)sizeof(f->url)) {
			free(f->data);
			continue;
		}
		f->type = type;
		/* The login page and the shared assets are needed before login. */
		f->public = !strcmp(f->url, "/login.html") || !strncmp(f->url, "/assets/", 8);
		www->n++;
	}
	closedir(d);
	return 0;
}

struct wc_www *wc_www_load(const char *dir)
{
	struct wc_www *www = calloc(1, sizeof(*www));
	char assets[4096];

	if (!www)
		return NULL;
	www->files = calloc(MAX_FILES, sizeof(*www->files));
	if (!www->files || load_dir(www, dir, "")) {
		wc_log("cannot read the web pages in %s: %s (pass --www DIR)", dir,
		       strerror(errno));
		wc_www_free(www);
		return NULL;
	}
	if (snprintf(assets, sizeof(assets), "%s/assets", dir) < (int)sizeof(assets))
		load_dir(www, assets, "/assets");
	if (!wc_www_find(www, "/index.html") || !wc_www_find(www, "/login.html")) {
		wc_log("%s has no index.html or login.html: not the ndisload web pages "
		       "(pass --www DIR)", dir);
		wc_www_free(www);
		return NULL;
	}
	return www;
}

void wc_www_free(struct wc_www *www)
{
	if (!www)
		return;
	for (size_t i = 0; www->files && i < www->n; i++)
		free(www->files[i].data);
	free(www->files);
	free(www);
}

const struct wc_www_file *wc_www_find(const struct wc_www *www, const char *url)
{
	for (size_t i = 0; i < www->n; i++)
		if (!strcmp(www->files[i].url, url))
			return &www->files[i];
	return NULL;
}
