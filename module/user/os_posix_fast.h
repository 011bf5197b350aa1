/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The POSIX host's answers for core/os_fast.h: the thread's IRQL is one
 * thread-local byte (os_posix.c).
 */
#ifndef NDL_USER_OS_POSIX_FAST_H
#define NDL_USER_OS_POSIX_FAST_H

extern _Thread_local u8 ndl_user_irql;

static inline u8 *ndl_os_fast_irql(void)
{
	return &ndl_user_irql;
}

static inline void *ndl_os_fast_thread(void)
{
	return ndl_os_current_thread();
}

#endif
