/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Minimal unit-test support for C suites. A test is a function; CHECK()
 * records a failure with file:line and the expression and keeps going, so
 * one run reports every broken assertion. RUN() prints the PASS/FAIL line
 * the suite runner counts (see tests/lib/run-group.sh).
 */
#ifndef NDL_TEST_CHECK_H
#define NDL_TEST_CHECK_H

#include <stdio.h>

static int check_failures;	/* failures in the current test */
static int check_failed_tests;	/* tests with at least one failure */

#define CHECK(expr) do {						\
	if (!(expr)) {							\
		check_failures++;					\
		fprintf(stderr, "%s:%d: check failed: %s\n",		\
			__FILE__, __LINE__, #expr);			\
	}								\
} while (0)

#define CHECK_EQ_INT(a, b) do {						\
	long long check_a_ = (long long)(a), check_b_ = (long long)(b);	\
	if (check_a_ != check_b_) {					\
		check_failures++;					\
		fprintf(stderr, "%s:%d: %s == %lld, expected %s == %lld\n", \
			__FILE__, __LINE__, #a, check_a_, #b, check_b_); \
	}								\
} while (0)

#define RUN(test) do {							\
	check_failures = 0;						\
	test();								\
	if (check_failures) {						\
		check_failed_tests++;					\
		printf("FAIL: %s (%d checks failed)\n", #test,		\
		       check_failures);					\
	} else {							\
		printf("PASS: %s\n", #test);				\
	}								\
	fflush(stdout);							\
} while (0)

#define CHECK_EXIT_CODE() (check_failed_tests ? 1 : 0)

#endif
