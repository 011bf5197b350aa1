// SPDX-License-Identifier: GPL-2.0-only
/* Benchmark: median time to load + relocate + link a driver image. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "host.h"
#include "pe/pe.h"

static int cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	int runs = argc > 2 ? atoi(argv[2]) : 51;
	struct ndl_pe_error err;
	u64 *t;
	size_t len;
	void *file;
	FILE *f;

	if (argc < 2 || runs < 1) {
		fprintf(stderr, "usage: bench-load FILE.sys [RUNS]\n");
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f || fseek(f, 0, SEEK_END) || (len = (size_t)ftell(f)) == 0 ||
	    fseek(f, 0, SEEK_SET) || !(file = malloc(len)) ||
	    fread(file, 1, len, f) != len) {
		fprintf(stderr, "bench-load: cannot read %s\n", argv[1]);
		return 1;
	}
	fclose(f);
	ndl_user_log_level(NDL_LOG_ERR);
	if (ndl_user_init())
		return 1;
	t = calloc((size_t)runs, sizeof(*t));
	for (int i = 0; i < runs; i++) {
		struct ndl_image *img;
		u64 start = ndl_os_monotonic_ns();

		if (ndl_pe_load(file, len, NULL, &img, &err)) {
			fprintf(stderr, "bench-load: %s\n", err.msg);
			return 1;
		}
		t[i] = ndl_os_monotonic_ns() - start;
		if (i == 0)
			printf("image: %zu bytes file, %u bytes mapped, %u relocations\n",
			       len, img->info.size_of_image, img->info.nrelocs);
		ndl_pe_unload(img);
	}
	qsort(t, (size_t)runs, sizeof(*t), cmp);
	printf("runtime-load: median %.3f ms to load+relocate+link (%d runs, min %.3f ms, max %.3f ms)\n",
	       t[runs / 2] / 1e6, runs, t[0] / 1e6, t[runs - 1] / 1e6);
	free(t);
	free(file);
	ndl_user_exit();
	return 0;
}
