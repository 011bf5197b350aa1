// SPDX-License-Identifier: GPL-2.0-only
/*
 * Named events: IoCreateNotificationEvent, IoCreateSynchronizationEvent.
 * The first call with a name creates the event, signalled, as documented;
 * later calls with the same name (compared case-insensitively, as the
 * object manager does by default) open that same event. Each call returns
 * a new kernel handle holding a reference; the event and its name go away
 * when the last handle is closed and the last reference dropped.
 */
#include "ndis/ndis_priv.h"
#include "nt/nt_ob.h"
#include "nt/nt_status.h"
#include "nt/nt_exports.h"

struct named_event {
	KEVENT event;			/* first: drivers get a PKEVENT */
	LIST_ENTRY link;		/* in names, while it has a name */
	char name[128];			/* UTF-8 */
};

static KSPIN_LOCK names_lock;
static LIST_ENTRY names = { &names, &names };

static void named_event_destroy(void *body)
{
	struct named_event *e = body;
	KIRQL old = ndl_lock_any(&names_lock);

	ndl_list_unlink(&e->link);
	ndl_unlock_any(&names_lock, old);
}

static const struct ndl_ob_type ndl_ob_event_type = {
	.name = "event",
	.destroy = named_event_destroy,
};

/*
 * The type data export: a POBJECT_TYPE * (drivers pass *ExEventObjectType, as
 * the WDK declares it), pointing at the type's address.
 */
static const void *const exeventobjecttype_type = &ndl_ob_event_type;
const void *const *ndlw_ExEventObjectType = &exeventobjecttype_type;

/* A live event of that name, referenced; NULL if none. */
static struct named_event *lookup_ref(const char *name)
{
	KIRQL old = ndl_lock_any(&names_lock);
	struct named_event *found = NULL;
	LIST_ENTRY *l;

	for (l = names.Flink; l != &names; l = l->Flink) {
		struct named_event *e = NDL_CONTAINER_OF(l, struct named_event,
							 link);

		/* A dying event (no references left) is as good as gone. */
		if (ndl_ascii_eq_nocase(e->name, name) && ndl_ob_ref(e)) {
			found = e;
			break;
		}
	}
	ndl_unlock_any(&names_lock, old);
	return found;
}

static KEVENT *create_named(const char *fn, UNICODE_STRING *uname,
			    HANDLE *handle, EVENT_TYPE type)
{
	struct named_event *e, *other;
	char name[sizeof(e->name)];
	KIRQL old;

	if (handle)
		*handle = NULL;
	if (!handle || !uname || !uname->Length ||
	    !ndl_ustr_to_utf8(uname, name, sizeof(name))) {
		ndl_warn("%s: no handle pointer, or an empty or over-long name",
			 fn);
		return NULL;
	}
	e = lookup_ref(name);
	if (!e) {
		e = ndl_ob_create(&ndl_ob_event_type, sizeof(*e));
		if (!e)
			return NULL;
		ndlw_KeInitializeEvent(&e->event, type, TRUE);
		ndl_memcpy(e->name, name, sizeof(name));
		old = ndl_lock_any(&names_lock);
		ndl_list_add_tail(&names, &e->link);
		ndl_unlock_any(&names_lock, old);
		/* Lost a race with another creator: use theirs. */
		other = lookup_ref(name);
		if (other && other != e) {
			ndl_ob_deref(e);
			e = other;
		} else if (other) {
			ndl_ob_deref(other);
		}
	}
	if (ndl_handle_create(e, handle)) {
		ndl_ob_deref(e);
		return NULL;
	}
	/* The handle keeps the event; the pointer is valid while it is open. */
	ndl_ob_deref(e);
	return &e->event;
}

NTAPI KEVENT *ndlw_IoCreateNotificationEvent(UNICODE_STRING *name,
					     HANDLE *handle)
{
	return create_named("IoCreateNotificationEvent", name, handle,
			    NotificationEvent);
}

NTAPI KEVENT *ndlw_IoCreateSynchronizationEvent(UNICODE_STRING *name,
						HANDLE *handle)
{
	return create_named("IoCreateSynchronizationEvent", name, handle,
			    SynchronizationEvent);
}
