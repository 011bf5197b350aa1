/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Minimal unit-test support for C suites. A test is a function; CHECK()
 * records a failure with file:line and the expression and keeps going, so
 * one run reports every broken assertion. RUN() prints the PASS/FAIL line
 * the suite runner counts (see tests/lib/run-group.sh). The conformance
 * suites built into ndisload.ko (tests/runtime/kernel/conform.c) use it
 * too: there the lines go to the run's report, each test named after its
 * file (suite/test), and a test that returns at another IRQL, or with
 * another preemption state, than it was called with fails (in the kernel
 * both are real: a level left raised keeps preemption and bottom halves
 * off for whatever runs next).
 */
#ifndef NDL_TEST_CHECK_H
#define NDL_TEST_CHECK_H

#ifdef __KERNEL__
#include "conform.h"
#define CHECK_SAY(...)	ndl_conform_printf(__VA_ARGS__)
#define CHECK_TELL(fmt, ...) ndl_conform_printf("  " fmt, __VA_ARGS__)
#define CHECK_FILE	KBUILD_BASENAME
#define CHECK_SUITE	KBUILD_BASENAME "/"
#define CHECK_FLUSH()	do { } while (0)
#define CHECK_RULE_START() unsigned long check_ctx_ = ndl_conform_context()
#define CHECK_RULE_END(test)						\
	(check_failures += ndl_conform_context_changed(#test, check_ctx_))
#else
#include <stdio.h>
#define CHECK_SAY(...)	printf(__VA_ARGS__)
#define CHECK_TELL(...)	fprintf(stderr, __VA_ARGS__)
#define CHECK_FILE	__FILE__
#define CHECK_SUITE	""
#define CHECK_FLUSH()	fflush(stdout)
#define CHECK_RULE_START() do { } while (0)
#define CHECK_RULE_END(test) ((void)0)
#endif

static int check_failures;	/* failures in the current test */
static int check_failed_tests;	/* tests with at least one failure */

#define CHECK(expr) do {						\
	if (!(expr)) {							\
		check_failures++;					\
		CHECK_TELL("%s:%d: check failed: %s\n",			\
			   CHECK_FILE, __LINE__, #expr);		\
	}								\
} while (0)

#define CHECK_EQ_INT(a, b) do {						\
	long long check_a_ = (long long)(a), check_b_ = (long long)(b);	\
	if (check_a_ != check_b_) {					\
		check_failures++;					\
		CHECK_TELL("%s:%d: %s == %lld, expected %s == %lld\n",	\
			   CHECK_FILE, __LINE__, #a, check_a_, #b, check_b_); \
	}								\
} while (0)

#define RUN(test) do {							\
	CHECK_RULE_START();						\
	check_failures = 0;						\
	test();								\
	CHECK_RULE_END(test);						\
	if (check_failures) {						\
		check_failed_tests++;					\
		CHECK_SAY("FAIL: %s%s (%d checks failed)\n",		\
			  CHECK_SUITE, #test, check_failures);		\
	} else {							\
		CHECK_SAY("PASS: %s%s\n", CHECK_SUITE, #test);		\
	}								\
	CHECK_FLUSH();							\
} while (0)

#define CHECK_EXIT_CODE() (check_failed_tests ? 1 : 0)

#endif
