// SPDX-License-Identifier: GPL-2.0-only
/*
 * The adapter life cycle behind ndis_adapter.h: create (the
 * NDIS_MINIPORT_BLOCK the driver gets as its handle), initialize
 * (MiniportInitialize and the bind-time OID queries), halt, destroy,
 * shutdown and surprise removal; NdisMSetAttributes(Ex) and the
 * serialization lock of serialized miniports.
 */
#include "ndis/ndis_priv.h"
#include "nt/nt_registry.h"

#define NDL_DEFAULT_TX_SLOTS	256
#define NDL_DEFAULT_HANG_SECS	2
#define NDL_HALT_WAIT_NS	(5ull * 1000 * 1000 * 1000)

struct ndl_adapter *ndl_ad(NDIS_HANDLE h, const char *fn)
{
	struct ndl_adapter *ad = h;

	if (!ad || ad->magic != NDL_ADAPTER_MAGIC) {
		ndl_err("%s: bad miniport handle %p", fn, h);
		return NULL;
	}
	return ad;
}

/* ---- serialization -------------------------------------------------------------- */

static u32 this_cpu(void)
{
	return ndl_os_cpu_id() + 1;
}

bool ndl_mp_owned(struct ndl_adapter *ad)
{
	return ndl_atomic_load(&ad->mp_owner) == this_cpu();
}

bool ndl_mp_enter(struct ndl_adapter *ad, KIRQL *old)
{
	*old = ndl_irql_raise(NDL_DISPATCH_LEVEL);
	if (ad->deserialized)
		return true;
	if (ndl_mp_owned(ad)) {
		ndl_irql_lower(*old);
		return false;
	}
	ndl_spin_acquire(&ad->mp_lock);
	ndl_atomic_store(&ad->mp_owner, this_cpu());
	return true;
}

void ndl_mp_leave(struct ndl_adapter *ad, KIRQL old)
{
	if (ndl_mp_owned(ad)) {
		/* What the driver's calls into NDIS deferred meanwhile. */
		ndl_tx_drain_locked(ad);
		ndl_atomic_store(&ad->mp_owner, 0u);
		ndl_spin_release(&ad->mp_lock);
	}
	ndl_irql_lower(old);
	/* Requests queued while the miniport was busy start now. */
	ndl_req_kick(ad);
}

/* ---- NdisMSetAttributes(Ex), shutdown handlers --------------------------------- */

void NTAPI ndlw_NdisMSetAttributesEx(NDIS_HANDLE h, NDIS_HANDLE ctx,
				     UINT hang_secs, ULONG flags, UINT type)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMSetAttributesEx");

	if (!ad)
		return;
	if (ad->state != NDL_AD_INITIALIZING)
		ndl_warn("%s: NdisMSetAttributesEx outside MiniportInitialize",
			 ad->name);
	ad->block.MiniportAdapterContext = ctx;
	ad->attrs_set = true;
	ad->attributes = flags;
	ad->hang_secs = hang_secs ? hang_secs : NDL_DEFAULT_HANG_SECS;
	ad->interface_type = type;
	ad->block.AdapterType = type;
	ad->block.CheckForHangSeconds = ad->hang_secs;
	if ((flags & NDIS_ATTRIBUTE_DESERIALIZE) && ad->nd->major < 5) {
		ndl_warn("%s: NDIS %u.%u miniport asks to be deserialized; only 5.x can be: kept serialized",
			 ad->name, ad->nd->major, ad->nd->minor);
		flags &= ~(ULONG)NDIS_ATTRIBUTE_DESERIALIZE;
	}
	ad->deserialized = flags & NDIS_ATTRIBUTE_DESERIALIZE;
	ad->drv->miniport.attributes = flags;
}

void NTAPI ndlw_NdisMSetAttributes(NDIS_HANDLE h, NDIS_HANDLE ctx,
				   BOOLEAN bus_master, UINT type)
{
	ndlw_NdisMSetAttributesEx(h, ctx, 0,
				  bus_master ? NDIS_ATTRIBUTE_BUS_MASTER : 0,
				  type);
}

void NTAPI ndlw_NdisMRegisterAdapterShutdownHandler(
	NDIS_HANDLE h, void *ctx, W_MINIPORT_SHUTDOWN_HANDLER fn)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMRegisterAdapterShutdownHandler");

	if (!ad)
		return;
	ad->shutdown_handler = fn;
	ad->shutdown_ctx = ctx;
}

void NTAPI ndlw_NdisMDeregisterAdapterShutdownHandler(NDIS_HANDLE h)
{
	struct ndl_adapter *ad = ndl_ad(h,
		"NdisMDeregisterAdapterShutdownHandler");

	if (ad)
		ad->shutdown_handler = NULL;
}

/* ---- handlers NDIS puts in the block for other media ------------------------------ */

static void NTAPI refuse_tr_indicate(void *f, NDIS_HANDLE c, void *h, UINT hl,
				     void *l, UINT ll, UINT pl)
{
	ndl_fixme_once("token ring receive indication on an 802.3 adapter: dropped");
}

static void NTAPI refuse_fddi_indicate(void *f, NDIS_HANDLE c, char *a,
				       UINT al, void *h, UINT hl, void *l,
				       UINT ll, UINT pl)
{
	ndl_fixme_once("FDDI receive indication on an 802.3 adapter: dropped");
}

static void NTAPI refuse_complete(void *f)
{
}

static void NTAPI refuse_wan_send_complete(NDIS_HANDLE h, void *p,
					   NDIS_STATUS s)
{
	ndl_fixme_once("WAN send completion on an 802.3 adapter: ignored");
}

static void NTAPI refuse_wan_rcv(NDIS_STATUS *s, NDIS_HANDLE h, NDIS_HANDLE c,
				 UCHAR *p, ULONG l)
{
	*s = NDIS_STATUS_NOT_ACCEPTED;
}

static void NTAPI refuse_wan_rcv_complete(NDIS_HANDLE h, NDIS_HANDLE c)
{
}

void ndl_install_other_media_handlers(NDIS_MINIPORT_BLOCK *b)
{
	b->TrRxIndicateHandler = refuse_tr_indicate;
	b->FddiRxIndicateHandler = refuse_fddi_indicate;
	b->TrRxCompleteHandler = refuse_complete;
	b->FddiRxCompleteHandler = refuse_complete;
	b->WanSendCompleteHandler = refuse_wan_send_complete;
	b->WanRcvHandler = refuse_wan_rcv;
	b->WanRcvCompleteHandler = refuse_wan_rcv_complete;
}

/* ---- create ---------------------------------------------------------------------- */

static void init_block(struct ndl_adapter *ad)
{
	NDIS_MINIPORT_BLOCK *b = &ad->block;
	u32 n;

	for (n = 0; ad->name[n] && n + 1 < NDL_ARRAY_SIZE(ad->name_w); n++)
		ad->name_w[n] = (u8)ad->name[n];
	ad->name_w[n] = 0;
	b->MiniportName.Buffer = ad->name_w;
	b->MiniportName.Length = (USHORT)(n * 2);
	b->MiniportName.MaximumLength = (USHORT)(n * 2 + 2);
	b->DriverHandle = ad->nd;
	b->EthDB = ad;			/* non-NULL: the adapter itself */
	b->MediaType = NdisMedium802_3;
	b->PacketIndicateHandler = ndl_packet_indicate_handler;
	b->SendCompleteHandler = ndl_send_complete_handler;
	b->SendResourcesHandler = ndl_send_resources_handler;
	b->ResetCompleteHandler = ndl_reset_complete_handler;
	b->EthRxIndicateHandler = ndl_eth_indicate_handler;
	b->EthRxCompleteHandler = ndl_eth_complete_handler;
	b->StatusHandler = ndl_status_handler;
	b->StatusCompleteHandler = ndl_status_complete_handler;
	b->TDCompleteHandler = ndl_td_complete_handler;
	b->QueryCompleteHandler = ndl_query_complete_handler;
	b->SetCompleteHandler = ndl_set_complete_handler;
	ndl_install_other_media_handlers(b);
	b->SendPacketsHandler = ndl_chars(ad)->SendPacketsHandler;
	b->HandleInterruptHandler = ndl_chars(ad)->HandleInterruptHandler;
	b->DisableInterruptHandler = ndl_chars(ad)->DisableInterruptHandler;
	b->EnableInterruptHandler = ndl_chars(ad)->EnableInterruptHandler;
}

int ndl_adapter_create(const struct ndl_adapter_params *p,
		       struct ndl_adapter **out)
{
	struct ndl_adapter *ad;
	size_t n;
	int rc;

	*out = NULL;
	if (!p || !p->drv || !p->ops || !ndl_ndis_driver_is_miniport(p->drv)) {
		if (p) {
			ndl_reg_destroy(p->reg);
			ndl_reg_destroy(p->hw_reg);
		}
		return -NDL_EINVAL;
	}
	ad = ndl_alloc_cat(sizeof(*ad), NDL_OS_ZERO, NDL_MEM_ADAPTER);
	if (!ad) {
		ndl_reg_destroy(p->reg);
		ndl_reg_destroy(p->hw_reg);
		return -NDL_ENOMEM;
	}
	ad->magic = NDL_ADAPTER_MAGIC;
	ad->drv = p->drv;
	ad->nd = p->drv->ndis;
	ad->dev = p->dev;
	ad->usb = p->dev ? NULL : p->usb;
	ad->ops = p->ops;
	ad->compat = p->compat;
	ad->ctx = p->ctx;
	ad->state = NDL_AD_CREATED;
	ad->hang_secs = NDL_DEFAULT_HANG_SECS;
	ad->media_connected = true;
	ad->max_send_packets = 1;
	ad->reg = p->reg ? p->reg : ndl_reg_create();
	ad->hw_reg = p->hw_reg;
	for (n = 0; p->name && p->name[n] && n + 1 < sizeof(ad->name); n++)
		ad->name[n] = p->name[n];
	if (!n)
		ndl_snprintf(ad->name, sizeof(ad->name), "%s", p->drv->name);
	ndl_list_init(&ad->tx_free);
	ndl_list_init(&ad->tx_pending);
	ndl_list_init(&ad->tx_inflight);
	ndl_list_init(&ad->req_queue);
	init_block(ad);

	rc = ndl_res_build(ad);
	if (!rc && ad->nd->ndis6)
		rc = ndl6_adapter_create(ad, p->tx_slots ? p->tx_slots :
					 NDL_DEFAULT_TX_SLOTS);
	else if (!rc)
		rc = ndl_tx_init(ad, p->tx_slots ? p->tx_slots :
				 NDL_DEFAULT_TX_SLOTS);
	if (!rc)
		rc = ndl_rx_init(ad);
	if (!rc)
		rc = ndl_adapter_devobjs_create(ad);
	if (!rc) {
		ad->reset_waiter = ndl_os_waiter_create();
		ad->idle_waiter = ndl_os_waiter_create();
		if (!ad->reset_waiter || !ad->idle_waiter)
			rc = -NDL_ENOMEM;
	}
	if (!rc && !ad->reg)
		rc = -NDL_ENOMEM;
	if (!rc)	/* the device's driver key for Zw*Key, same store */
		rc = ndl_regkey_device_add_hw(ad->reg, ad->hw_reg, ad->pdo,
					      ad->fdo);
	if (!rc)
		ad->hw_reg = NULL;	/* the hardware key's store has it */
	ad->nd->adapters++;
	if (rc) {
		ndl_adapter_destroy(ad);
		return rc;
	}
	*out = ad;
	return 0;
}

/* ---- initialize ------------------------------------------------------------------- */

static u32 query_u32(struct ndl_adapter *ad, u32 oid, u32 *v)
{
	u32 done = 0, needed = 0;
	u32 st = ndl_adapter_query(ad, oid, v, sizeof(*v), &done, &needed);

	return st == NDIS_STATUS_SUCCESS && done >= sizeof(*v) ? 0 :
	       (st ? st : NDIS_STATUS_INVALID_LENGTH);
}

static void learn(struct ndl_adapter *ad, struct ndl_adapter_info *info)
{
	u32 v, done, needed;

	ndl_memset(info, 0, sizeof(*info));
	info->medium = NdisMedium802_3;
	if (ndl_adapter_query(ad, OID_802_3_PERMANENT_ADDRESS, info->perm_addr,
			      6, &done, &needed) != NDIS_STATUS_SUCCESS)
		ndl_warn("%s: OID_802_3_PERMANENT_ADDRESS failed", ad->name);
	if (ndl_adapter_query(ad, OID_802_3_CURRENT_ADDRESS, info->cur_addr, 6,
			      &done, &needed) != NDIS_STATUS_SUCCESS)
		ndl_memcpy(info->cur_addr, info->perm_addr, 6);
	info->max_frame = query_u32(ad, OID_GEN_MAXIMUM_FRAME_SIZE, &v) ? 1500 : v;
	info->max_total = query_u32(ad, OID_GEN_MAXIMUM_TOTAL_SIZE, &v) ?
			  info->max_frame + 14 : v;
	if (!query_u32(ad, OID_GEN_MAXIMUM_LOOKAHEAD, &v) && v)
		ad->max_lookahead = v;
	info->max_lookahead = ad->max_lookahead &&
			      ad->max_lookahead < info->max_frame ?
			      ad->max_lookahead : info->max_frame;
	if (!query_u32(ad, OID_GEN_MAXIMUM_SEND_PACKETS, &v) && v)
		ad->max_send_packets = v > 64 ? 64 : v;
	info->max_send_packets = ad->max_send_packets;
	if (!query_u32(ad, OID_GEN_MAC_OPTIONS, &v))
		info->mac_options = v;
	ad->block.MacOptions = info->mac_options;
	ad->block.MaxSendPackets = (USHORT)ad->max_send_packets;
	if (!query_u32(ad, OID_802_3_MAXIMUM_LIST_SIZE, &v))
		info->max_mcast = v;
	if (!query_u32(ad, OID_GEN_LINK_SPEED, &v))
		ad->link_speed = (u64)v * 100;
	if (!query_u32(ad, OID_GEN_MEDIA_CONNECT_STATUS, &v)) {
		ad->media_connected = v == NdisMediaStateConnected;
		ad->media_known = true;
	}
	if (!query_u32(ad, OID_GEN_VENDOR_DRIVER_VERSION, &v))
		info->vendor_driver_version = v;
	if (ndl_adapter_query(ad, OID_GEN_VENDOR_DESCRIPTION, info->vendor_desc,
			      sizeof(info->vendor_desc) - 1, &done,
			      &needed) != NDIS_STATUS_SUCCESS)
		info->vendor_desc[0] = 0;
	info->vendor_desc[sizeof(info->vendor_desc) - 1] = 0;
	info->link_speed_bps = ad->link_speed;
	info->media_connected = ad->media_connected;
	info->deserialized = ad->deserialized;
	info->attributes = ad->attributes;
	info->bus_master = ad->attributes & NDIS_ATTRIBUTE_BUS_MASTER;
}

/*
 * After a failed initialize or after halt (after names the handler that
 * returned): release what the miniport left registered, each with a
 * warning (ports, mappings and shared memory: ndl_res_release_all).
 */
void ndl_adapter_release_leftovers(struct ndl_adapter *ad, const char *after)
{
	ndl_rx_close(ad);
	ndl_dpc_flush();
	if (ad->interrupt) {
		ndl_warn("%s: %s left its interrupt registered", ad->name,
			 after);
		ndl_irq_release(ad);
	}
	if (ad->map_reg)
		ndl_warn("%s: %s left its map registers allocated", ad->name,
			 after);
	ndl_dma_release(ad);
	ndl_res_release_all(ad);
}

int ndl_adapter_initialize(struct ndl_adapter *ad, struct ndl_adapter_info *info,
			   u32 *ndis_status)
{
	const NDIS51_MINIPORT_CHARACTERISTICS *c = ndl_chars(ad);
	NDIS_MEDIUM media[1] = { NdisMedium802_3 };
	NDIS_STATUS st, open_err = 0;
	UINT sel = ~0u;
	int rc;

	if (ndis_status)
		*ndis_status = NDIS_STATUS_FAILURE;
	if (ad->state != NDL_AD_CREATED)
		return -NDL_EBUSY;
	if (ad->ndis6)
		return ndl6_adapter_initialize(ad, info, ndis_status);
	ad->state = NDL_AD_INITIALIZING;
	NDL_CALL_DRIVER(st, c->InitializeHandler, &open_err, &sel, media, 1,
			&ad->block, (NDIS_HANDLE)ad);
	if (ndl_os_irql_current() != NDL_PASSIVE_LEVEL)
		ndl_err("%s: MiniportInitialize returned at IRQL %u", ad->name,
			ndl_os_irql_current());
	if (ndis_status)
		*ndis_status = st;
	if (st != NDIS_STATUS_SUCCESS) {
		ndl_err("%s: MiniportInitialize failed with 0x%08x (open error 0x%08x)",
			ad->name, st, open_err);
		ndl_adapter_release_leftovers(ad,
					      "MiniportInitialize that failed");
		ad->state = NDL_AD_HALTED;
		return st == NDIS_STATUS_RESOURCES ? -NDL_ENOMEM : -NDL_EIO;
	}
	if (!ad->attrs_set)
		ndl_warn("%s: MiniportInitialize did not call NdisMSetAttributes(Ex): serialized, no bus master",
			 ad->name);
	ad->state = NDL_AD_RUNNING;
	if (sel != 0) {
		ndl_err("%s: MiniportInitialize selected medium index %u of 1",
			ad->name, sel);
		ndl_adapter_halt(ad);
		return -NDL_EINVAL;
	}
	learn(ad, info);
	rc = ndl_tx_start(ad);	/* sized from what learn found */
	if (rc) {
		ndl_err("%s: no memory for the send slots", ad->name);
		ndl_adapter_halt(ad);
		return rc;
	}
	ndl_compat_resolve(ad, info);
	ndl_hang_timer_start(ad);
	/* A host that sent before there were slots heard -NDL_EBUSY. */
	ndl_tx_ready_if_owed(ad);
	ndl_info("%s: initialized (%s, %s, link %s)", ad->name,
		 ad->deserialized ? "deserialized" : "serialized",
		 c->SendPacketsHandler ? "SendPackets" : "Send",
		 ad->media_connected ? "up" : "down");
	return 0;
}

/* ---- halt / destroy ------------------------------------------------------------------ */

/* Wait (PASSIVE) until done(ad) or the deadline; false on timeout. */
bool ndl_adapter_wait_until(struct ndl_adapter *ad,
			    bool (*done)(struct ndl_adapter *ad), u64 ns)
{
	u64 deadline = ndl_os_monotonic_ns() + ns;

	while (!done(ad)) {
		u64 now = ndl_os_monotonic_ns(), step;

		if (now >= deadline)
			return false;
		step = now + 50ull * 1000 * 1000;
		if (ndl_os_waiter_wait(ad->idle_waiter, step < deadline ?
				       step : deadline) == NDL_OS_WAIT_DEADLOCK)
			return done(ad);
	}
	return true;
}

static bool no_reset(struct ndl_adapter *ad)
{
	return !ndl_atomic_load(&ad->resetting);
}

static bool no_request(struct ndl_adapter *ad)
{
	return !ndl_atomic_load(&ad->req_cur);
}

static bool no_sends(struct ndl_adapter *ad)
{
	return !ndl_atomic_load(&ad->tx_inflight_n);
}

void ndl_adapter_halt(struct ndl_adapter *ad)
{
	const NDIS51_MINIPORT_CHARACTERISTICS *c = ndl_chars(ad);
	KIRQL old;

	if (!ad || ad->state != NDL_AD_RUNNING)
		return;
	if (ad->ndis6) {
		ndl6_adapter_halt(ad);
		return;
	}
	old = ndl_q_lock(ad);
	ad->state = NDL_AD_HALTING;
	ndl_q_unlock(ad, old);
	ndl_hang_timer_stop(ad);
	if (!ndl_adapter_wait_until(ad, no_reset, NDL_HALT_WAIT_NS))
		ndl_err("%s: halt: a reset did not complete", ad->name);
	ndl_req_abort_all(ad);
	if (!ndl_adapter_wait_until(ad, no_request, NDL_HALT_WAIT_NS))
		ndl_err("%s: halt: a request did not complete", ad->name);
	ndl_tx_abort_pending(ad, NDIS_STATUS_REQUEST_ABORTED);
	if (!ndl_adapter_wait_until(ad, no_sends, NDL_HALT_WAIT_NS))
		ndl_err("%s: halt: %u send(s) still in the miniport", ad->name,
			ad->tx_inflight_n);
	/* Give back what the host consumed before the miniport stops. */
	ndl_dpc_flush();
	ndl_rx_return_all(ad);

	NDL_CALL_DRIVER_VOID(c->HaltHandler, ndl_ad_ctx(ad));
	if (ndl_os_irql_current() != NDL_PASSIVE_LEVEL)
		ndl_err("%s: MiniportHalt returned at IRQL %u", ad->name,
			ndl_os_irql_current());
	ndl_adapter_release_leftovers(ad, "MiniportHalt");
	/* What the miniport never finished goes back to its callers now. */
	ndl_tx_abort_pending(ad, NDIS_STATUS_FAILURE);
	ndl_req_abort_current(ad);
	if (ndl_atomic_load(&ad->resetting)) {
		ad->reset_status = NDIS_STATUS_FAILURE;
		ndl_atomic_store(&ad->resetting, false);
		ndl_os_waiter_wake(ad->reset_waiter);
	}
	ad->state = NDL_AD_HALTED;
	ndl_info("%s: halted", ad->name);
}

void ndl_adapter_destroy(struct ndl_adapter *ad)
{
	if (!ad)
		return;
	if (ad->state == NDL_AD_RUNNING)
		ndl_adapter_halt(ad);
	ndl_rx_free(ad);
	ndl_tx_free(ad);
	ndl6_adapter_free(ad);
	ndl_req_free_saved(ad);
	ndl_regkey_device_remove(ad->reg);
	ndl_reg_destroy(ad->reg);
	ndl_reg_destroy(ad->hw_reg);	/* not handed over: create failed */
	if (ad->reset_waiter)
		ndl_os_waiter_destroy(ad->reset_waiter);
	if (ad->idle_waiter)
		ndl_os_waiter_destroy(ad->idle_waiter);
	ndl_adapter_devobjs_destroy(ad);
	ndl_free(ad->cm_list);
	ad->nd->adapters--;
	ad->magic = 0;
	ndl_free(ad);
}

/* ---- shutdown, PnP ------------------------------------------------------------------ */

void ndl_adapter_shutdown(struct ndl_adapter *ad)
{
	const NDIS51_MINIPORT_CHARACTERISTICS *c = ndl_chars(ad);

	if (ad->state != NDL_AD_RUNNING)
		return;
	if (ad->ndis6)
		ndl6_adapter_shutdown(ad);
	else if (c->AdapterShutdownHandler)
		NDL_CALL_DRIVER_VOID(c->AdapterShutdownHandler, ndl_ad_ctx(ad));
	else if (ad->shutdown_handler)
		NDL_CALL_DRIVER_VOID(ad->shutdown_handler, ad->shutdown_ctx);
}

void ndl_adapter_surprise_removed(struct ndl_adapter *ad)
{
	const NDIS51_MINIPORT_CHARACTERISTICS *c = ndl_chars(ad);

	if (ad->ndis6 && ad->state == NDL_AD_RUNNING)
		ndl6_adapter_surprise_removed(ad);
	if (ad->state != NDL_AD_RUNNING || !c->PnPEventNotifyHandler)
		return;
	NDL_CALL_DRIVER_VOID(c->PnPEventNotifyHandler, ndl_ad_ctx(ad),
			     NdisDevicePnPEventSurpriseRemoved, NULL, 0);
}

/* ---- small queries ------------------------------------------------------------------ */

bool ndl_adapter_media_connected(const struct ndl_adapter *ad)
{
	return ndl_atomic_load(&ad->media_connected);
}

u64 ndl_adapter_link_speed(const struct ndl_adapter *ad)
{
	return ndl_atomic_load(&ad->link_speed);
}

void ndl_adapter_stats(const struct ndl_adapter *ad,
		       struct ndl_adapter_stats *out)
{
	*out = ad->stats;
}

int ndl_ndis_status_to_errno(u32 st)
{
	switch (st) {
	case NDIS_STATUS_SUCCESS:
		return 0;
	case NDIS_STATUS_PENDING:
	case NDIS_STATUS_RESET_IN_PROGRESS:
	case NDIS_STATUS_ADAPTER_NOT_READY:
		return -NDL_EBUSY;
	case NDIS_STATUS_RESOURCES:
		return -NDL_ENOMEM;
	case NDIS_STATUS_NOT_SUPPORTED:
	case NDIS_STATUS_INVALID_OID:
		return -NDL_ENOSYS;
	case NDIS_STATUS_INVALID_LENGTH:
	case NDIS_STATUS_BUFFER_TOO_SHORT:
		return -NDL_ERANGE;
	case NDIS_STATUS_INVALID_DATA:
	case NDIS_STATUS_MULTICAST_FULL:
		return -NDL_EINVAL;
	case NDIS_STATUS_ADAPTER_REMOVED:
		return -NDL_ENOENT;
	default:
		return -NDL_EIO;
	}
}
