// SPDX-License-Identifier: GPL-2.0-only
/* Helpers shared by the runtime tests (common.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

void *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f) {
		fprintf(stderr, "cannot open %s\n", path);
		return NULL;
	}
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1)) &&
	    fread(buf, 1, (size_t)n, f) == (size_t)n) {
		*len = (size_t)n;
	} else {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

static const char *build_dir(void)
{
	const char *b = getenv("NDL_BUILD");

	return b ? b : "build";
}

const char *fixture_path(const char *name)
{
	static char path[512];

	snprintf(path, sizeof(path), "%s/test-bin/runtime/fixtures/%s.sys",
		 build_dir(), name);
	return path;
}

/*
 * NDL_DRIVERS picks the build flavour of the test miniports: "drivers"
 * (mingw-w64, the default) or "drivers-msvc" (tests/drivers/Makefile).
 */
const char *driver_path(const char *name)
{
	static char path[512];
	const char *flavour = getenv("NDL_DRIVERS");

	if (!flavour || !*flavour)
		flavour = "drivers";
	/* "dir/file" names a driver whose files are not named after its dir. */
	if (strchr(name, '/'))
		snprintf(path, sizeof(path), "%s/%s/%s.sys", build_dir(),
			 flavour, name);
	else
		snprintf(path, sizeof(path), "%s/%s/%s/%s.sys",
			 build_dir(), flavour, name, name);
	return path;
}

static char *log_buf;
static size_t log_len;

static void hook(enum ndl_log_level level, const char *line, void *ctx)
{
	size_t n = strlen(line);
	char *b = realloc(log_buf, log_len + n + 2);

	if (!b)
		return;
	log_buf = b;
	memcpy(log_buf + log_len, line, n);
	log_len += n;
	log_buf[log_len++] = '\n';
	log_buf[log_len] = 0;
}

bool log_contains(const char *needle)
{
	return log_buf && strstr(log_buf, needle);
}

void log_clear(void)
{
	log_len = 0;
	if (log_buf)
		log_buf[0] = 0;
}

void test_init(void)
{
	ndl_user_log_hook(hook, NULL);
	if (ndl_user_init()) {
		fprintf(stderr, "ndl_user_init failed\n");
		exit(2);
	}
}

void print_mem_breakdown(const char *label, const struct ndl_mem_stats *base)
{
	struct ndl_mem_stats st;
	unsigned int i;

	ndl_mem_stats(&st);
	printf("memory %s: %llu bytes in %llu blocks +%llu overhead:", label,
	       (unsigned long long)(st.bytes - base->bytes),
	       (unsigned long long)(st.allocations - base->allocations),
	       (unsigned long long)(st.overhead_bytes - base->overhead_bytes));
	for (i = 0; i < NDL_MEM_CATS; i++)
		printf(" %s %llu", ndl_mem_cat_name(i),
		       (unsigned long long)(st.cat_bytes[i] -
					    base->cat_bytes[i]));
	printf("\n");
}

int test_exit(void)
{
	int rc = 0;

	struct ndl_mem_stats st;

	ndl_user_run_pending();
	ndl_user_exit();
	ndl_mem_stats(&st);
	if (st.allocations) {
		printf("FAIL: leak-check (%llu runtime allocations, %llu bytes live)\n",
		       (unsigned long long)st.allocations,
		       (unsigned long long)st.bytes);
		rc = 1;
	} else {
		printf("PASS: leak-check\n");
	}
	free(log_buf);
	log_buf = NULL;
	fflush(stdout);	/* LeakSanitizer exits without flushing stdio */
	return rc;
}
