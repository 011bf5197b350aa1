/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * LIST_ENTRY primitives shared by the list exports (ExInterlocked*,
 * NdisInterlocked*) and the runtime's own queues (DPCs, timers, work
 * items, wait blocks, requests). Callers hold whatever lock guards the
 * list.
 */
#ifndef NDL_NT_LIST_H
#define NDL_NT_LIST_H

#include "core/win_types.h"

static inline void ndl_list_init(LIST_ENTRY *head)
{
	head->Flink = head;
	head->Blink = head;
}

static inline bool ndl_list_empty(const LIST_ENTRY *head)
{
	return head->Flink == head;
}

/* Links e in just before next. */
static inline void ndl_list_insert_before(LIST_ENTRY *e, LIST_ENTRY *next)
{
	e->Flink = next;
	e->Blink = next->Blink;
	next->Blink->Flink = e;
	next->Blink = e;
}

static inline void ndl_list_add_tail(LIST_ENTRY *head, LIST_ENTRY *e)
{
	ndl_list_insert_before(e, head);
}

static inline void ndl_list_add_head(LIST_ENTRY *head, LIST_ENTRY *e)
{
	ndl_list_insert_before(e, head->Flink);
}

/* Takes e out of its list and leaves e's links as they were (as Windows). */
static inline void ndl_list_unlink(LIST_ENTRY *e)
{
	e->Blink->Flink = e->Flink;
	e->Flink->Blink = e->Blink;
}

/* The same, then e is an empty list: a second ndl_list_del is harmless. */
static inline void ndl_list_del(LIST_ENTRY *e)
{
	ndl_list_unlink(e);
	ndl_list_init(e);
}

enum ndl_list_op {
	NDL_LIST_INSERT_HEAD,
	NDL_LIST_INSERT_TAIL,
	NDL_LIST_REMOVE_HEAD,
	NDL_LIST_REMOVE_TAIL,
};

/*
 * One operation at an end of the list; e only for inserts. Returns what
 * Windows' list exports return: the old first or last entry for an
 * insert, the removed one for a removal, NULL when the list was empty.
 */
LIST_ENTRY *ndl_list_op(LIST_ENTRY *head, LIST_ENTRY *e, enum ndl_list_op op);

#endif
