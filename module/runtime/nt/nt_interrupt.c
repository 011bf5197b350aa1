// SPDX-License-Identifier: GPL-2.0-only
/*
 * IoConnectInterrupt / IoDisconnectInterrupt: a WDM driver's own ISR on
 * the line of a device the host bound. The vector is the one the device's
 * resource list carries (u.Interrupt.Vector); the PDO that lists it names
 * the host device whose line ndl_os_irq_connect takes. The ISR runs under
 * the host's interrupt lock at the object's SynchronizeIrql holding its
 * spin lock (the driver's SpinLock, or one in the object), and
 * KeSynchronizeExecution on the object takes the same (nt_intsync.c), and
 * KeAcquireInterruptSpinLock holds them until KeReleaseInterruptSpinLock.
 */
#include "nt/nt_device.h"
#include "nt/nt_intsync.h"
#include "nt/nt_status.h"
#include "nt/nt_sync.h"
#include "nt/nt_exports.h"
#include "pe/pe.h"

#define NDL_INTERRUPT_OBJECT	22	/* KOBJECTS InterruptObject */
#define NDL_KINT_MAGIC		0x4e444c4b494e5452ull	/* "NDLKINTR" */

/* CM_RESOURCE_LIST byte layout (pack 4): what the vector lookup reads. */
#define CM_LIST_HEAD		4	/* Count */
#define CM_FULL_HEAD		16	/* InterfaceType, BusNumber, Version.. Count */
#define CM_FULL_COUNT		12	/* offset of the partial Count in it */
#define CM_PARTIAL_SIZE		20
#define CM_TYPE_INTERRUPT	2
#define CM_INT_VECTOR		8	/* u.Interrupt.Vector in a partial */

struct ndl_kinterrupt {
	CSHORT Type;			/* head of Windows' KINTERRUPT */
	USHORT Size;
	u64 magic;
	PKSERVICE_ROUTINE isr;
	void *ctx;
	KSPIN_LOCK own_lock;		/* when the driver gave no SpinLock */
	KSPIN_LOCK *lock;
	KIRQL irql;			/* SynchronizeIrql */
	ULONG vector;
	DEVICE_OBJECT *pdo;
	struct ndl_os_irq *irq;
	struct ndl_kinterrupt *next;
};

static KSPIN_LOCK list_lock;
static struct ndl_kinterrupt *connected;

static u32 rd32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

/* Does this CM_RESOURCE_LIST hold an interrupt with this vector? */
static bool lists_vector(const u8 *list, u32 len, ULONG vector)
{
	u32 full, nfull, at = CM_LIST_HEAD, i, n;

	if (!list || len < CM_LIST_HEAD)
		return false;
	nfull = rd32(list);
	for (full = 0; full < nfull; full++) {
		if (at + CM_FULL_HEAD > len)
			return false;
		n = rd32(list + at + CM_FULL_COUNT);
		at += CM_FULL_HEAD;
		for (i = 0; i < n; i++, at += CM_PARTIAL_SIZE) {
			if (at + CM_PARTIAL_SIZE > len)
				return false;
			if (list[at] == CM_TYPE_INTERRUPT &&
			    rd32(list + at + CM_INT_VECTOR) == vector)
				return true;
		}
	}
	return false;
}

static bool pdo_has_vector(struct ndl_devobj *d, void *arg)
{
	const struct ndl_pdo_desc *desc = ndl_pdo_desc_of(&d->obj);

	return desc && desc->os_dev &&
	       lists_vector(desc->resources, desc->resources_len,
			    *(ULONG *)arg);
}

static bool run_isr(void *p)
{
	struct ndl_kinterrupt *k = p;
	KIRQL old = ndl_interrupt_lock(k->lock, k->irql);
	BOOLEAN mine;

	NDL_CALL_DRIVER(mine, k->isr, (KINTERRUPT *)k, k->ctx);
	ndl_interrupt_unlock(k->lock, old);
	return mine;
}

static bool cpus_in(KAFFINITY mask)
{
	u32 n = ndl_os_cpu_count();

	return n >= 64 ? mask != 0 : (mask & ((1ull << n) - 1)) != 0;
}

NTSTATUS NTAPI ndlw_IoConnectInterrupt(KINTERRUPT **out,
				       PKSERVICE_ROUTINE isr, void *ctx,
				       KSPIN_LOCK *lock, ULONG vector,
				       KIRQL irql, KIRQL sync_irql,
				       ULONG mode, BOOLEAN share,
				       KAFFINITY cpus, BOOLEAN floating_save)
{
	const struct ndl_pdo_desc *desc;
	struct ndl_kinterrupt *k;
	DEVICE_OBJECT *pdo;
	KIRQL old;

	if (!out || !isr) {
		ndl_err("IoConnectInterrupt: %s is NULL",
			out ? "ServiceRoutine" : "InterruptObject");
		return STATUS_INVALID_PARAMETER;
	}
	*out = NULL;
	if (ndl_os_irql_current() != NDL_PASSIVE_LEVEL) {
		ndl_err("IoConnectInterrupt called at IRQL %u (PASSIVE_LEVEL only)",
			ndl_os_irql_current());
		return STATUS_INVALID_DEVICE_REQUEST;
	}
	if (!cpus_in(cpus)) {
		ndl_err("IoConnectInterrupt: ProcessorEnableMask 0x%llx names no processor",
			(unsigned long long)cpus);
		return STATUS_INVALID_PARAMETER;
	}
	if (sync_irql < irql || sync_irql > NDL_HIGH_LEVEL ||
	    irql <= NDL_DISPATCH_LEVEL) {
		ndl_err("IoConnectInterrupt: Irql %u / SynchronizeIrql %u: not a DIRQL at or below it",
			irql, sync_irql);
		return STATUS_INVALID_PARAMETER;
	}
	pdo = ndl_device_find(pdo_has_vector, &vector);
	desc = ndl_pdo_desc_of(pdo);
	if (!desc) {
		ndl_err("IoConnectInterrupt: vector %u is in no device's resources",
			vector);
		return STATUS_INVALID_PARAMETER;
	}
	k = ndl_alloc(sizeof(*k), NDL_OS_ZERO);
	if (!k)
		return STATUS_INSUFFICIENT_RESOURCES;
	k->Type = NDL_INTERRUPT_OBJECT;
	k->Size = sizeof(*k);
	k->magic = NDL_KINT_MAGIC;
	k->isr = isr;
	k->ctx = ctx;
	k->lock = lock ? lock : &k->own_lock;
	k->irql = sync_irql;
	k->vector = vector;
	k->pdo = pdo;
	/* The host's line: shared, its own trigger mode, Linux's routing. */
	k->irq = ndl_os_irq_connect(desc->os_dev, run_isr, k);
	if (!k->irq) {
		ndl_err("IoConnectInterrupt: the host could not connect vector %u",
			vector);
		ndl_free(k);
		return STATUS_INSUFFICIENT_RESOURCES;
	}
	if (ndl_interrupt_register_locked(k, k->irq, k->lock, k->irql)) {
		ndl_err("IoConnectInterrupt: too many interrupt objects");
		ndl_os_irq_disconnect(k->irq);
		ndl_free(k);
		return STATUS_INSUFFICIENT_RESOURCES;
	}
	old = ndl_lock_any(&list_lock);
	k->next = connected;
	connected = k;
	ndl_unlock_any(&list_lock, old);
	*out = (KINTERRUPT *)k;
	return STATUS_SUCCESS;
}

/* Take k off the connected list; false if it is not on it. */
static bool unlink(struct ndl_kinterrupt *k)
{
	struct ndl_kinterrupt **pp;
	bool found = false;
	KIRQL old;

	old = ndl_lock_any(&list_lock);
	for (pp = &connected; *pp; pp = &(*pp)->next)
		if (*pp == k) {
			*pp = k->next;
			found = true;
			break;
		}
	ndl_unlock_any(&list_lock, old);
	return found;
}

/* No ISR of it runs once this returns (the host's disconnect waits). */
static void disconnect(struct ndl_kinterrupt *k)
{
	ndl_interrupt_unregister(k);
	ndl_os_irq_disconnect(k->irq);
	k->magic = 0;
	ndl_free(k);
}

void NTAPI ndlw_IoDisconnectInterrupt(KINTERRUPT *object)
{
	struct ndl_kinterrupt *k = (struct ndl_kinterrupt *)object;

	if (!k || !unlink(k)) {
		ndl_err("IoDisconnectInterrupt(%p): not a connected interrupt object",
			object);
		return;
	}
	disconnect(k);
}

/* Is k an object IoConnectInterrupt handed out and not yet disconnected? */
static bool is_connected(const struct ndl_kinterrupt *k)
{
	const struct ndl_kinterrupt *c;
	bool found = false;
	KIRQL old;

	old = ndl_lock_any(&list_lock);
	for (c = connected; c && !found; c = c->next)
		found = c == k;
	ndl_unlock_any(&list_lock, old);
	return found;
}

/*
 * The ISR's IRQL and spin lock, as KeSynchronizeExecution takes them but
 * held until KeReleaseInterruptSpinLock. SynchronizeIrql is above
 * DISPATCH_LEVEL, so raising to it turns this CPU's interrupts off (the
 * ISR cannot run here); the spin lock keeps it off the other CPUs.
 */
KIRQL NTAPI ndlw_KeAcquireInterruptSpinLock(KINTERRUPT *object)
{
	struct ndl_kinterrupt *k = (struct ndl_kinterrupt *)object;
	KIRQL now = ndl_os_irql_current();

	if (!k || !is_connected(k)) {
		ndl_err("KeAcquireInterruptSpinLock(%p): not a connected interrupt object",
			object);
		return now;
	}
	if (now > k->irql)
		ndl_os_bugcheck(NDL_BUGCHECK_IRQL_NOT_GREATER_OR_EQUAL, now,
				k->irql, 0, 0);
	return ndl_interrupt_lock(k->lock, k->irql);
}

void NTAPI ndlw_KeReleaseInterruptSpinLock(KINTERRUPT *object, KIRQL old)
{
	struct ndl_kinterrupt *k = (struct ndl_kinterrupt *)object;

	if (!k || !is_connected(k)) {
		ndl_err("KeReleaseInterruptSpinLock(%p): not a connected interrupt object",
			object);
		return;
	}
	ndl_interrupt_unlock(k->lock, old);
}

/* The first connected object matching, taken off the list. */
static struct ndl_kinterrupt *take(const DEVICE_OBJECT *pdo, const u8 *lo,
				   const u8 *hi)
{
	struct ndl_kinterrupt **pp, *k = NULL;
	KIRQL old;

	old = ndl_lock_any(&list_lock);
	for (pp = &connected; *pp; pp = &(*pp)->next) {
		const u8 *fn = (const u8 *)(*pp)->isr;

		if ((pdo && (*pp)->pdo == pdo) || (lo && fn >= lo && fn < hi)) {
			k = *pp;
			*pp = k->next;
			break;
		}
	}
	ndl_unlock_any(&list_lock, old);
	return k;
}

void ndl_interrupts_release(const DEVICE_OBJECT *pdo, const void *base,
			    size_t size)
{
	struct ndl_kinterrupt *k;

	while ((k = take(pdo, base, base ? (const u8 *)base + size : NULL))) {
		ndl_warn("interrupt vector %u still connected (ISR %p): disconnected",
			 k->vector, k->isr);
		disconnect(k);
	}
}
