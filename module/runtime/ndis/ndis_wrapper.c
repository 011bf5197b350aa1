// SPDX-License-Identifier: GPL-2.0-only
/*
 * Driver-level NDIS: NdisInitializeWrapper (NdisMInitializeWrapper),
 * NdisMRegisterMiniport with 3.0, 4.0, 5.0 and 5.1 characteristics,
 * NdisTerminateWrapper, NdisMRegisterUnloadHandler, the driver's extra
 * files, and the registration summary ndisload check reports.
 */
#include "ndis/ndis_priv.h"

static KSPIN_LOCK drivers_lock;
static struct ndl_ndis_driver *drivers;

struct ndl_ndis_driver *ndl_ndis_driver_by_addr(const void *addr)
{
	struct ndl_image *img = ndl_image_containing(addr);
	struct ndl_ndis_driver *nd;
	KIRQL old;

	if (!img)
		return NULL;
	old = ndl_lock_any(&drivers_lock);
	for (nd = drivers; nd && nd->drv->image != img; nd = nd->next)
		;
	ndl_unlock_any(&drivers_lock, old);
	return nd;
}

const struct ndl_ndis_file *ndl_ndis_file_any(const char *base)
{
	const struct ndl_ndis_file *f = NULL;
	struct ndl_ndis_driver *nd;
	KIRQL old = ndl_lock_any(&drivers_lock);

	for (nd = drivers; nd && !f; nd = nd->next) {
		for (u32 i = 0; i < nd->nfiles && !f; i++)
			if (ndl_ascii_eq_nocase(nd->files[i].name, base))
				f = &nd->files[i];
	}
	ndl_unlock_any(&drivers_lock, old);
	return f;
}

static void ndis_release(struct ndl_driver *drv)
{
	struct ndl_ndis_driver *nd = drv->ndis, **pp;
	KIRQL old;
	u32 i;

	if (!nd)
		return;
	old = ndl_lock_any(&drivers_lock);
	for (pp = &drivers; *pp; pp = &(*pp)->next)
		if (*pp == nd) {
			*pp = nd->next;
			break;
		}
	ndl_unlock_any(&drivers_lock, old);
	if (nd->adapters)
		ndl_err("%s: unloaded with %u adapter(s) still present",
			drv->name, nd->adapters);
	for (i = 0; i < nd->nfiles; i++)
		ndl_free(nd->files[i].data);
	ndl_free(nd->files);
	ndl_ndis_ctl_release(nd);
	ndl_ndis6_release(nd);
	nd->magic = 0;
	ndl_free(nd);
	drv->ndis = NULL;
	drv->ndis_release = NULL;
}

struct ndl_ndis_driver *ndl_ndis_driver_get(struct ndl_driver *drv)
{
	struct ndl_ndis_driver *nd;
	KIRQL old;

	if (drv->ndis)
		return drv->ndis;
	nd = ndl_alloc_cat(sizeof(*nd), NDL_OS_ZERO, NDL_MEM_ADAPTER);
	if (!nd)
		return NULL;
	nd->magic = NDL_NDIS_DRIVER_MAGIC;
	nd->drv = drv;
	drv->ndis = nd;
	drv->ndis_release = ndis_release;
	old = ndl_lock_any(&drivers_lock);
	nd->next = drivers;
	drivers = nd;
	ndl_unlock_any(&drivers_lock, old);
	return nd;
}

struct ndl_ndis_driver *ndl_ndis_wrapper(NDIS_HANDLE h, const char *fn)
{
	struct ndl_ndis_driver *nd = h;

	if (!nd || nd->magic != NDL_NDIS_DRIVER_MAGIC) {
		ndl_err("%s: bad NDIS wrapper handle %p", fn, h);
		return NULL;
	}
	return nd;
}

/* DriverUnload NDIS installs: runs the miniport's unload handler. */
static void NTAPI ndis_driver_unload(DRIVER_OBJECT *obj)
{
	struct ndl_driver *drv = ndl_driver_from_object(obj);
	struct ndl_ndis_driver *nd = drv ? drv->ndis : NULL;

	if (nd && nd->unload_handler)
		NDL_CALL_DRIVER_VOID(nd->unload_handler, obj);
}

void NTAPI ndlw_NdisInitializeWrapper(NDIS_HANDLE *wrapper, void *sys1,
				      void *sys2, void *sys3)
{
	struct ndl_driver *drv = ndl_driver_from_object(sys1);
	struct ndl_ndis_driver *nd;

	*wrapper = NULL;
	if (!drv) {
		ndl_err("NdisInitializeWrapper: %p is not a driver object the runtime created",
			sys1);
		return;
	}
	nd = ndl_ndis_driver_get(drv);
	if (!nd) {
		ndl_err("%s: NdisInitializeWrapper: out of memory", drv->name);
		return;
	}
	drv->object.DriverUnload = ndis_driver_unload;
	*wrapper = nd;
}

void NTAPI ndlw_NdisTerminateWrapper(NDIS_HANDLE wrapper, void *sys)
{
	struct ndl_ndis_driver *nd = ndl_ndis_wrapper(wrapper,
						      "NdisTerminateWrapper");

	/*
	 * Called by DriverEntry after a failed registration, or by the
	 * unload handler: forget the registration; the state itself goes
	 * with the driver (files stay for a later registration).
	 */
	if (!nd)
		return;
	if (nd->adapters)
		ndl_warn("%s: NdisTerminateWrapper with %u adapter(s) present",
			 nd->drv->name, nd->adapters);
	nd->registered = false;
}

static u32 handler_bits(const NDIS51_MINIPORT_CHARACTERISTICS *c)
{
	const struct { const void *fn; enum ndl_mp_handler bit; } map[] = {
		{ c->CheckForHangHandler, NDL_MP_CHECK_FOR_HANG },
		{ c->DisableInterruptHandler, NDL_MP_DISABLE_INTERRUPT },
		{ c->EnableInterruptHandler, NDL_MP_ENABLE_INTERRUPT },
		{ c->HaltHandler, NDL_MP_HALT },
		{ c->HandleInterruptHandler, NDL_MP_HANDLE_INTERRUPT },
		{ c->InitializeHandler, NDL_MP_INITIALIZE },
		{ c->ISRHandler, NDL_MP_ISR },
		{ c->QueryInformationHandler, NDL_MP_QUERY_INFORMATION },
		{ c->ReconfigureHandler, NDL_MP_RECONFIGURE },
		{ c->ResetHandler, NDL_MP_RESET },
		{ c->SendHandler, NDL_MP_SEND },
		{ c->SetInformationHandler, NDL_MP_SET_INFORMATION },
		{ c->TransferDataHandler, NDL_MP_TRANSFER_DATA },
		{ c->ReturnPacketHandler, NDL_MP_RETURN_PACKET },
		{ c->SendPacketsHandler, NDL_MP_SEND_PACKETS },
		{ c->AllocateCompleteHandler, NDL_MP_ALLOCATE_COMPLETE },
		{ c->CancelSendPacketsHandler, NDL_MP_CANCEL_SEND_PACKETS },
		{ c->PnPEventNotifyHandler, NDL_MP_PNP_EVENT_NOTIFY },
		{ c->AdapterShutdownHandler, NDL_MP_SHUTDOWN },
	};
	u32 bits = 0;

	for (size_t i = 0; i < NDL_ARRAY_SIZE(map); i++)
		if (map[i].fn)
			bits |= 1u << map[i].bit;
	return bits;
}

/* The characteristics size a version must pass, or 0 if unknown. */
static u32 chars_size(u8 major, u8 minor)
{
	if (major == 3 && minor == 0)
		return NDL_CHARS30_SIZE;
	if (major == 4 && minor == 0)
		return NDL_CHARS40_SIZE;
	if (major == 5 && minor == 0)
		return NDL_CHARS50_SIZE;
	if (major == 5 && minor == 1)
		return NDL_CHARS51_SIZE;
	return 0;
}

/* Why NDIS refuses these characteristics, or NULL. */
static const char *chars_problem(const NDIS51_MINIPORT_CHARACTERISTICS *c)
{
	if (!c->InitializeHandler)
		return "no MiniportInitialize";
	if (!c->HaltHandler)
		return "no MiniportHalt";
	if (!c->QueryInformationHandler || !c->SetInformationHandler)
		return "no MiniportQueryInformation/SetInformation";
	if (!c->ResetHandler)
		return "no MiniportReset";
	if (!c->SendHandler && !c->SendPacketsHandler)
		return "neither MiniportSend nor MiniportSendPackets";
	if (c->SendPacketsHandler && !c->SendHandler &&
	    c->MajorNdisVersion >= 4 && !c->ReturnPacketHandler)
		ndl_dbg("miniport has SendPackets but no ReturnPacket");
	if (c->ISRHandler && !c->HandleInterruptHandler)
		return "MiniportISR without MiniportHandleInterrupt";
	return NULL;
}

NDIS_STATUS NTAPI ndlw_NdisMRegisterMiniport(NDIS_HANDLE wrapper,
					     NDIS51_MINIPORT_CHARACTERISTICS *c,
					     UINT len)
{
	struct ndl_ndis_driver *nd = ndl_ndis_wrapper(wrapper,
						      "NdisMRegisterMiniport");
	struct ndl_miniport_summary *sum;
	const char *why;
	u32 need;

	if (!nd)
		return NDIS_STATUS_FAILURE;
	sum = &nd->drv->miniport;
	sum->registered = true;
	if (!c) {
		sum->status = NDIS_STATUS_BAD_CHARACTERISTICS;
		return sum->status;
	}
	sum->ndis_major = c->MajorNdisVersion;
	sum->ndis_minor = c->MinorNdisVersion;
	need = chars_size(c->MajorNdisVersion, c->MinorNdisVersion);
	if (!need) {
		ndl_err("%s: NdisMRegisterMiniport: NDIS version %u.%u is not one of 3.0, 4.0, 5.0, 5.1",
			nd->drv->name, c->MajorNdisVersion,
			c->MinorNdisVersion);
		sum->status = NDIS_STATUS_BAD_VERSION;
		return sum->status;
	}
	if (len < need) {
		ndl_err("%s: NdisMRegisterMiniport: %u bytes of NDIS %u.%u characteristics, %u needed",
			nd->drv->name, len, c->MajorNdisVersion,
			c->MinorNdisVersion, need);
		sum->status = NDIS_STATUS_BAD_CHARACTERISTICS;
		return sum->status;
	}
	ndl_memset(&nd->chars, 0, sizeof(nd->chars));
	ndl_memcpy(&nd->chars, c, need);
	sum->handlers = handler_bits(&nd->chars);
	why = chars_problem(&nd->chars);
	if (why) {
		ndl_err("%s: NdisMRegisterMiniport: NDIS %u.%u characteristics refused: %s",
			nd->drv->name, c->MajorNdisVersion, c->MinorNdisVersion,
			why);
		ndl_snprintf(sum->why, sizeof(sum->why), "%s", why);
		sum->status = NDIS_STATUS_BAD_CHARACTERISTICS;
		return sum->status;
	}
	nd->major = c->MajorNdisVersion;
	nd->minor = c->MinorNdisVersion;
	nd->registered = true;
	sum->status = NDIS_STATUS_SUCCESS;
	ndl_info("%s: NDIS %u.%u miniport registered", nd->drv->name,
		 nd->major, nd->minor);
	return NDIS_STATUS_SUCCESS;
}

void NTAPI ndlw_NdisMRegisterUnloadHandler(NDIS_HANDLE wrapper,
					   PDRIVER_UNLOAD handler)
{
	struct ndl_ndis_driver *nd = ndl_ndis_wrapper(
		wrapper, "NdisMRegisterUnloadHandler");

	if (nd)
		nd->unload_handler = handler;
}

/* ---- host side ------------------------------------------------------------ */

bool ndl_ndis_driver_is_miniport(const struct ndl_driver *drv)
{
	const struct ndl_ndis_driver *nd = drv ? drv->ndis : NULL;

	return nd && nd->registered && NT_SUCCESS(drv->entry_status);
}

size_t ndl_ndis_describe(const struct ndl_driver *drv, char *buf, size_t len)
{
	const struct ndl_miniport_summary *s = &drv->miniport;
	const char *const *names;
	size_t need;
	u32 i, count;

	if (!s->registered)
		return ndl_snprintf(buf, len, "no NDIS miniport registered");
	if (s->status)
		need = ndl_snprintf(buf, len,
				    "NDIS %u.%u miniport refused (status 0x%08x%s%s):",
				    s->ndis_major, s->ndis_minor, s->status,
				    s->why[0] ? ", " : "", s->why);
	else
		need = ndl_snprintf(buf, len, "NDIS %u.%u miniport:",
				    s->ndis_major, s->ndis_minor);
	names = ndl_mp_handler_table(s, &count);
	for (i = 0; i < count; i++) {
		if (!(s->handlers & (1u << i)))
			continue;
		need += ndl_snprintf(need < len ? buf + need : NULL,
				     need < len ? len - need : 0, " %s",
				     names[i]);
	}
	return need;
}

int ndl_ndis_driver_add_file(struct ndl_driver *drv, const char *name,
			     const void *data, size_t len)
{
	struct ndl_ndis_driver *nd;
	struct ndl_ndis_file *files, *f;
	const char *base = name;
	size_t n;

	if (!drv || !name || (!data && len))
		return -NDL_EINVAL;
	for (const char *p = name; *p; p++)
		if (*p == '\\' || *p == '/')
			base = p + 1;
	n = ndl_strlen(base);
	if (!n || n >= sizeof(f->name) || len > 0xffffffffu)
		return -NDL_EINVAL;
	nd = ndl_ndis_driver_get(drv);
	if (!nd)
		return -NDL_ENOMEM;
	files = ndl_alloc((nd->nfiles + 1) * sizeof(*files), NDL_OS_ZERO);
	if (!files)
		return -NDL_ENOMEM;
	f = &files[nd->nfiles];
	f->data = ndl_alloc(len ? len : 1, 0);
	if (!f->data) {
		ndl_free(files);
		return -NDL_ENOMEM;
	}
	if (len)
		ndl_memcpy(f->data, data, len);
	f->len = len;
	ndl_memcpy(f->name, base, n + 1);
	if (nd->nfiles)
		ndl_memcpy(files, nd->files, nd->nfiles * sizeof(*files));
	ndl_free(nd->files);
	nd->files = files;
	nd->nfiles++;
	return 0;
}
