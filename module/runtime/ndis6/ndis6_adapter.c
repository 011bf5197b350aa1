// SPDX-License-Identifier: GPL-2.0-only
/*
 * The NDIS 6 adapter life cycle behind the adapter API (ndis_adapter.h):
 * MiniportInitializeEx with NDIS_MINIPORT_INIT_PARAMETERS, the attributes
 * it sets with NdisMSetMiniportAttributes, and the documented state
 * machine: Initializing -> Paused -> Restarting -> Running -> Pausing ->
 * Paused -> Halted. MiniportPause and MiniportRestart may complete later
 * (NdisMPauseComplete, NdisMRestartComplete); a pause is complete only
 * once every send came back and every received list was returned. NDIS
 * pauses a running adapter before MiniportHaltEx and halts it only with
 * no OID request and no send outstanding. Shutdown and surprise removal
 * reach MiniportShutdownEx and MiniportDevicePnPEventNotify.
 */
#include "ndis6/ndis6_priv.h"

#define NDL6_PNP_WAIT_NS	(30ull * 1000 * 1000 * 1000)
#define NDL6_HALT_WAIT_NS	(5ull * 1000 * 1000 * 1000)
#define NDL6_DEFAULT_HANG_SECS	2

static const char *const state_names[] = {
	[NDL6_INITIALIZING] = "Initializing", [NDL6_PAUSED] = "Paused",
	[NDL6_RESTARTING] = "Restarting", [NDL6_RUNNING] = "Running",
	[NDL6_PAUSING] = "Pausing", [NDL6_HALTED] = "Halted",
};

static const NDIS_MINIPORT_DRIVER_CHARACTERISTICS *chars6(struct ndl_adapter *ad)
{
	return &ndl6(ad)->d6->chars;
}

void ndl6_wake(struct ndl_adapter *ad)
{
	ndl_os_waiter_wake(ndl6(ad)->pnp_waiter);
	ndl_os_waiter_wake(ad->idle_waiter);
}

/* ---- create / free -------------------------------------------------------- */

int ndl6_adapter_create(struct ndl_adapter *ad, u32 tx_slots)
{
	struct ndl_ndis6_adapter *a6 = ndl_alloc_cat(sizeof(*a6), NDL_OS_ZERO,
						     NDL_MEM_ADAPTER);

	if (!a6)
		return -NDL_ENOMEM;
	ad->ndis6 = a6;
	ndl6_shmem_init(ad);
	a6->d6 = ad->nd->ndis6;
	a6->state = NDL6_HALTED;
	/* Every NDIS 6 miniport is deserialized: no miniport lock. */
	ad->deserialized = true;
	a6->pnp_waiter = ndl_os_waiter_create();
	if (!a6->pnp_waiter)
		return -NDL_ENOMEM;
	ndl6_req_init(ad);
	ndl6_rx_init(ad);
	return ndl6_tx_init(ad, tx_slots);
}

void ndl6_adapter_free(struct ndl_adapter *ad)
{
	struct ndl_ndis6_adapter *a6 = ad->ndis6;

	if (!a6)
		return;
	ndl6_irq_release(ad, "the adapter's removal");
	ndl6_dma_release(ad, "the adapter's removal");
	ndl6_tx_free(ad);
	ndlw_KeRemoveQueueDpc(&a6->return_dpc);
	ndl_dpc_flush();
	ndl_work_flush();	/* a deferred request start refers to ad */
	ndl6_shmem_release(ad, "the adapter's removal");
	if (a6->pnp_waiter)
		ndl_os_waiter_destroy(a6->pnp_waiter);
	ndl_free(a6->oids);
	ndl_free(a6);
	ad->ndis6 = NULL;
}

bool ndl6_bus_master(struct ndl_adapter *ad)
{
	return ad->ndis6->attr_flags & NDIS_MINIPORT_ATTRIBUTES_BUS_MASTER;
}

/* ---- NdisMSetMiniportAttributes --------------------------------------------- */

static NDIS_STATUS set_registration(struct ndl_adapter *ad,
	const NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES *r)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);

	if (r->Header.Revision < NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_1 ||
	    r->Header.Revision > NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_2) {
		ndl_err("%s: NdisMSetMiniportAttributes: registration attributes revision %u is not 1 or 2",
			ad->name, r->Header.Revision);
		return NDIS_STATUS_BAD_VERSION;
	}
	if (r->Header.Size <
	    NDIS_SIZEOF_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_1) {
		ndl_err("%s: NdisMSetMiniportAttributes: registration attributes Header.Size %u is less than %u",
			ad->name, r->Header.Size,
			(u32)NDIS_SIZEOF_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_1);
		return NDIS_STATUS_INVALID_LENGTH;
	}
	ad->block.MiniportAdapterContext = r->MiniportAdapterContext;
	/* Not ad->attributes: NDIS 5's NDIS_ATTRIBUTE_* bits mean other things. */
	a6->attr_flags = r->AttributeFlags;
	ad->attrs_set = true;
	ad->hang_secs = r->CheckForHangTimeInSeconds ?
			r->CheckForHangTimeInSeconds : NDL6_DEFAULT_HANG_SECS;
	ad->block.CheckForHangSeconds = ad->hang_secs;
	ad->interface_type = r->InterfaceType;
	ad->drv->miniport.attributes = r->AttributeFlags;
	a6->reg_attrs = true;
	return NDIS_STATUS_SUCCESS;
}

static NDIS_STATUS set_general(struct ndl_adapter *ad,
			       const NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES *g)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	u32 need, n;

	switch (g->Header.Revision) {
	case NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_1:
		need = NDIS_SIZEOF_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_1;
		break;
	case NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_2:
		need = NDIS_SIZEOF_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_2;
		break;
	default:
		ndl_err("%s: NdisMSetMiniportAttributes: general attributes revision %u is not 1 or 2",
			ad->name, g->Header.Revision);
		return NDIS_STATUS_BAD_VERSION;
	}
	if (g->Header.Size < need) {
		ndl_err("%s: NdisMSetMiniportAttributes: general attributes Header.Size %u is less than the %u bytes of revision %u",
			ad->name, g->Header.Size, need, g->Header.Revision);
		return NDIS_STATUS_INVALID_LENGTH;
	}
	if (g->MacAddressLength > NDIS_MAX_PHYS_ADDRESS_LENGTH) {
		ndl_err("%s: NdisMSetMiniportAttributes: MacAddressLength %u is over %u",
			ad->name, g->MacAddressLength, NDIS_MAX_PHYS_ADDRESS_LENGTH);
		return NDIS_STATUS_INVALID_DATA;
	}
	n = g->SupportedOidListLength / sizeof(NDIS_OID);
	if (n && !g->SupportedOidList) {
		ndl_err("%s: NdisMSetMiniportAttributes: SupportedOidListLength %u with no list",
			ad->name, g->SupportedOidListLength);
		return NDIS_STATUS_INVALID_DATA;
	}
	ndl_free(a6->oids);
	a6->oids = NULL;
	a6->noids = 0;
	if (n) {
		/* NDIS keeps its own copy: the driver's list may go away. */
		a6->oids = ndl_alloc(n * sizeof(NDIS_OID), 0);
		if (!a6->oids)
			return NDIS_STATUS_RESOURCES;
		ndl_memcpy(a6->oids, g->SupportedOidList, n * sizeof(NDIS_OID));
		a6->noids = n;
	}
	ndl_memset(&a6->gen, 0, sizeof(a6->gen));
	ndl_memcpy(&a6->gen, g, need);
	/* Pointers into the driver's memory are not kept. */
	a6->gen.PowerManagementCapabilities = NULL;
	a6->gen.RecvScaleCapabilities = NULL;
	a6->gen.SupportedOidList = NULL;
	a6->gen.PowerManagementCapabilitiesEx = NULL;
	a6->lookahead = g->LookaheadSize;
	ad->block.MacOptions = g->MacOptions;
	ndl6_link_state(ad, g->MediaConnectState, g->XmitLinkSpeed,
			g->RcvLinkSpeed);
	a6->gen_attrs = true;
	return NDIS_STATUS_SUCCESS;
}

NDIS_STATUS NTAPI ndlw_NdisMSetMiniportAttributes(
	NDIS_HANDLE h, NDIS_MINIPORT_ADAPTER_ATTRIBUTES *attrs)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMSetMiniportAttributes");
	struct ndl_ndis6_adapter *a6;
	u8 type;

	if (!ad)
		return NDIS_STATUS_FAILURE;
	a6 = ndl6(ad);
	if (!a6 || !attrs) {
		ndl_err("%s: NdisMSetMiniportAttributes %s", ad->name,
			a6 ? "without attributes" :
			     "on an adapter of an NDIS 5 miniport");
		return NDIS_STATUS_FAILURE;
	}
	if (a6->state != NDL6_INITIALIZING) {
		ndl_err("%s: NdisMSetMiniportAttributes outside MiniportInitializeEx (adapter %s)",
			ad->name, state_names[a6->state]);
		return NDIS_STATUS_FAILURE;
	}
	type = attrs->Header.Type;
	if (type != NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES &&
	    !a6->reg_attrs) {
		/* The registration attributes come first, as documented. */
		ndl_err("%s: NdisMSetMiniportAttributes: attributes of type 0x%02x before the registration attributes",
			ad->name, type);
		return NDIS_STATUS_FAILURE;
	}
	switch (type) {
	case NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES:
		return set_registration(ad, &attrs->RegistrationAttributes);
	case NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES:
		return set_general(ad, &attrs->GeneralAttributes);
	case NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES:
	case NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_HARDWARE_ASSIST_ATTRIBUTES:
	case NDIS_OBJECT_TYPE_HD_SPLIT_ATTRIBUTES:
		if (!a6->gen_attrs) {
			ndl_err("%s: NdisMSetMiniportAttributes: attributes of type 0x%02x before the general attributes",
				ad->name, type);
			return NDIS_STATUS_FAILURE;
		}
		if (type == NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES)
			return ndl6_offload_attributes(ad,
						       &attrs->OffloadAttributes);
		/*
		 * Capabilities NDIS may use or not: none of them is turned
		 * on without an OID set, which the runtime does not make.
		 */
		ndl_info("%s: attributes of type 0x%02x noted (not used)",
			 ad->name, type);
		return NDIS_STATUS_SUCCESS;
	}
	ndl_err("%s: NdisMSetMiniportAttributes: attributes of type 0x%02x are not supported",
		ad->name, type);
	return NDIS_STATUS_NOT_SUPPORTED;
}

/* ---- pause and restart ------------------------------------------------------ */

static void set_state(struct ndl_adapter *ad, enum ndl6_state st)
{
	ndl_atomic_store(&ndl6(ad)->state, st);
	ndl_dbg("%s: adapter %s", ad->name, state_names[st]);
	ndl6_wake(ad);
}

/* Wait for NdisMPauseComplete / NdisMRestartComplete; the status. */
static NDIS_STATUS pnp_wait(struct ndl_adapter *ad, const char *op)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	u64 deadline = ndl_os_monotonic_ns() + NDL6_PNP_WAIT_NS;

	while (ndl_atomic_load(&a6->pnp_pending)) {
		enum ndl_os_wait_result w = ndl_os_waiter_wait(a6->pnp_waiter,
							       deadline);

		if (!ndl_atomic_load(&a6->pnp_pending))
			break;
		if (w == NDL_OS_WAIT_WOKEN)
			continue;
		ndl_err("%s: %s pended and %s", ad->name, op,
			w == NDL_OS_WAIT_DEADLOCK ? "can never complete" :
			"did not complete within 30 s");
		ndl_atomic_store(&a6->pnp_pending, false);
		return NDIS_STATUS_FAILURE;
	}
	return a6->pnp_status;
}

static bool drained(struct ndl_adapter *ad)
{
	return !ndl_atomic_load(&ndl6(ad)->tx_outstanding) &&
	       !ndl_atomic_load(&ndl6(ad)->rx_outstanding);
}

/* Paused now: the documented promise is checked, not assumed. */
static void paused(struct ndl_adapter *ad)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);

	if (!drained(ad)) {
		ndl_err("%s: MiniportPause completed with %u send(s) and %u receive(s) outstanding",
			ad->name, ndl_atomic_load(&a6->tx_outstanding),
			ndl_atomic_load(&a6->rx_outstanding));
		if (!ndl_adapter_wait_until(ad, drained, NDL6_HALT_WAIT_NS))
			ndl_err("%s: still outstanding after 5 s", ad->name);
	}
	set_state(ad, NDL6_PAUSED);
}

static int do_pause(struct ndl_adapter *ad, u32 reason)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	NDIS_MINIPORT_PAUSE_PARAMETERS pp = {
		.Header = { NDIS_OBJECT_TYPE_DEFAULT,
			    NDIS_MINIPORT_PAUSE_PARAMETERS_REVISION_1,
			    sizeof(pp) },
		.PauseReason = reason,
	};
	NDIS_STATUS st;
	KIRQL old;

	if (ndl_atomic_load(&a6->state) != NDL6_RUNNING)
		return ndl_atomic_load(&a6->state) == NDL6_PAUSED ? 0 :
		       -NDL_EBUSY;
	a6->pnp_status = NDIS_STATUS_PENDING;
	ndl_atomic_store(&a6->pnp_pending, true);
	/* Under the lock the send path checks the state with. */
	old = ndl_q_lock(ad);
	set_state(ad, NDL6_PAUSING);
	ndl_q_unlock(ad, old);
	if (!ndl_adapter_wait_until(ad, ndl6_tx_quiet, NDL6_HALT_WAIT_NS))
		ndl_err("%s: a send did not reach the miniport in 5 s",
			ad->name);
	/* Lists owed a return go back now: the pause waits for them. */
	old = ndl_irql_raise(NDL_DISPATCH_LEVEL);
	ndl6_rx_return_queued(ad);
	ndl_irql_lower(old);
	NDL_CALL_DRIVER(st, chars6(ad)->PauseHandler, ndl_ad_ctx(ad), &pp);
	if (st == NDIS_STATUS_PENDING) {
		st = pnp_wait(ad, "MiniportPause");
	} else {
		ndl_atomic_store(&a6->pnp_pending, false);
		if (st != NDIS_STATUS_SUCCESS)
			ndl_err("%s: MiniportPause returned 0x%08x, which it may not (only SUCCESS or PENDING)",
				ad->name, st);
	}
	paused(ad);
	return 0;
}

static int do_restart(struct ndl_adapter *ad)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	NDIS_MINIPORT_RESTART_PARAMETERS rp = {
		.Header = { NDIS_OBJECT_TYPE_DEFAULT,
			    NDIS_MINIPORT_RESTART_PARAMETERS_REVISION_1,
			    sizeof(rp) },
	};
	NDIS_STATUS st;

	if (ndl_atomic_load(&a6->state) != NDL6_PAUSED)
		return ndl_atomic_load(&a6->state) == NDL6_RUNNING ? 0 :
		       -NDL_EBUSY;
	a6->pnp_status = NDIS_STATUS_PENDING;
	ndl_atomic_store(&a6->pnp_pending, true);
	set_state(ad, NDL6_RESTARTING);
	NDL_CALL_DRIVER(st, chars6(ad)->RestartHandler, ndl_ad_ctx(ad), &rp);
	if (st == NDIS_STATUS_PENDING)
		st = pnp_wait(ad, "MiniportRestart");
	else
		ndl_atomic_store(&a6->pnp_pending, false);
	if (st != NDIS_STATUS_SUCCESS) {
		/* A failed restart leaves the adapter paused. */
		ndl_err("%s: MiniportRestart failed with 0x%08x: adapter stays paused",
			ad->name, st);
		set_state(ad, NDL6_PAUSED);
		return st == NDIS_STATUS_RESOURCES ? -NDL_ENOMEM : -NDL_EIO;
	}
	set_state(ad, NDL6_RUNNING);
	if (ad->tx_want_ready && ad->ops->send_ready) {
		ad->tx_want_ready = false;
		ad->ops->send_ready(ad->ctx);
	}
	return 0;
}

static void pnp_complete(NDIS_HANDLE h, NDIS_STATUS st, enum ndl6_state in,
			 const char *fn)
{
	struct ndl_adapter *ad = ndl_ad(h, fn);
	struct ndl_ndis6_adapter *a6 = ad ? ndl6(ad) : NULL;

	if (!a6)
		return;
	if (ndl_atomic_load(&a6->state) != in ||
	    !ndl_atomic_load(&a6->pnp_pending)) {
		ndl_err("%s: %s while the adapter is %s, with nothing pending",
			ad->name, fn, state_names[ndl_atomic_load(&a6->state)]);
		return;
	}
	a6->pnp_status = st;
	ndl_atomic_store(&a6->pnp_pending, false);
	ndl6_wake(ad);
}

void NTAPI ndlw_NdisMPauseComplete(NDIS_HANDLE h)
{
	pnp_complete(h, NDIS_STATUS_SUCCESS, NDL6_PAUSING, "NdisMPauseComplete");
}

void NTAPI ndlw_NdisMRestartComplete(NDIS_HANDLE h, NDIS_STATUS st)
{
	if (st == NDIS_STATUS_PENDING)
		st = NDIS_STATUS_FAILURE;
	pnp_complete(h, st, NDL6_RESTARTING, "NdisMRestartComplete");
}

int ndl_adapter_pause(struct ndl_adapter *ad)
{
	if (!ad->ndis6)
		return -NDL_ENOSYS;
	if (ad->state != NDL_AD_RUNNING)
		return -NDL_EBUSY;
	return do_pause(ad, NDIS_PAUSE_NDIS_INTERNAL);
}

int ndl_adapter_restart(struct ndl_adapter *ad)
{
	if (!ad->ndis6)
		return -NDL_ENOSYS;
	if (ad->state != NDL_AD_RUNNING)
		return -NDL_EBUSY;
	return do_restart(ad);
}

const char *ndl_adapter_state_name(struct ndl_adapter *ad)
{
	if (!ad->ndis6)
		return ad->state == NDL_AD_RUNNING ? "Running" : "Halted";
	return state_names[ndl_atomic_load(&ad->ndis6->state)];
}

/* ---- initialize ------------------------------------------------------------- */

/* After MiniportInitializeEx succeeded: why NDIS cannot use the adapter. */
static bool attrs_problem(struct ndl_adapter *ad, char *why, size_t len)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);

	if (!a6->reg_attrs)
		ndl_snprintf(why, len, "it set no registration attributes");
	else if (!a6->gen_attrs)
		ndl_snprintf(why, len, "it set no general attributes");
	else if (a6->gen.MediaType != NdisMedium802_3)
		ndl_snprintf(why, len, "medium %u is not 802.3 (0)",
			     a6->gen.MediaType);
	else if (a6->gen.MacAddressLength != 6)
		ndl_snprintf(why, len, "MacAddressLength %u is not 6",
			     a6->gen.MacAddressLength);
	else
		return false;
	return true;
}

static u32 query_u32(struct ndl_adapter *ad, u32 oid, u32 *v)
{
	u32 done = 0, needed = 0;
	u32 st = ndl_adapter_query(ad, oid, v, sizeof(*v), &done, &needed);

	return st == NDIS_STATUS_SUCCESS && done >= sizeof(*v) ? 0 :
	       (st ? st : NDIS_STATUS_INVALID_LENGTH);
}

/* What NDIS knows from the general attributes, and two OID queries. */
static void learn(struct ndl_adapter *ad, struct ndl_adapter_info *info)
{
	const NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES *g = &ndl6(ad)->gen;
	u32 v, done, needed;

	ndl_memset(info, 0, sizeof(*info));
	info->medium = g->MediaType;
	ndl_memcpy(info->perm_addr, g->PermanentMacAddress, 6);
	ndl_memcpy(info->cur_addr, g->CurrentMacAddress, 6);
	info->max_frame = g->MtuSize;
	info->max_total = g->MtuSize + 14;
	info->max_lookahead = g->MtuSize;
	info->max_send_packets = ndl6(ad)->nslots;
	info->mac_options = g->MacOptions;
	info->max_mcast = g->MaxMulticastListSize;
	info->link_speed_bps = ndl_adapter_link_speed(ad);
	info->media_connected = ndl_adapter_media_connected(ad);
	info->deserialized = true;
	info->attributes = ndl6(ad)->attr_flags;
	info->bus_master = info->attributes & NDIS_MINIPORT_ATTRIBUTES_BUS_MASTER;
	if (!query_u32(ad, OID_GEN_VENDOR_DRIVER_VERSION, &v))
		info->vendor_driver_version = v;
	if (ndl_adapter_query(ad, OID_GEN_VENDOR_DESCRIPTION, info->vendor_desc,
			      sizeof(info->vendor_desc) - 1, &done,
			      &needed) != NDIS_STATUS_SUCCESS)
		info->vendor_desc[0] = 0;
	info->vendor_desc[sizeof(info->vendor_desc) - 1] = 0;
}

/* An interface index and NET_LUID (IF_TYPE_ETHERNET_CSMACD) per adapter. */
static u32 next_if_index(void)
{
	static u32 last;

	return ndl_atomic_add(&last, 1u);
}

int ndl6_adapter_initialize(struct ndl_adapter *ad,
			    struct ndl_adapter_info *info, u32 *ndis_status)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	NDIS_PORT_AUTHENTICATION_PARAMETERS auth = {
		.Header = { NDIS_OBJECT_TYPE_DEFAULT,
			    NDIS_PORT_AUTHENTICATION_PARAMETERS_REVISION_1,
			    sizeof(auth) },
		.SendControlState = NdisPortControlStateUncontrolled,
		.RcvControlState = NdisPortControlStateUncontrolled,
		.SendAuthorizationState = NdisPortAuthorized,
		.RcvAuthorizationState = NdisPortAuthorized,
	};
	NDIS_MINIPORT_INIT_PARAMETERS ip = {
		.Header = { NDIS_OBJECT_TYPE_MINIPORT_INIT_PARAMETERS,
			    NDIS_MINIPORT_INIT_PARAMETERS_REVISION_1,
			    NDIS_SIZEOF_MINIPORT_INIT_PARAMETERS_REVISION_1 },
		.AllocatedResources = ad->resources,
		.DefaultPortAuthStates = &auth,
	};
	NDIS_STATUS st;
	char why[80];
	int rc;

	/* What a previous initialize offered is gone with it. */
	a6->offload_attrs = false;
	ndl_memset(&a6->csum_caps, 0, sizeof(a6->csum_caps));
	a6->lso_v1 = false;
	ip.IfIndex = next_if_index();
	ip.NetLuid = 6ull << 48 | (u64)ip.IfIndex << 24;
	ad->state = NDL_AD_INITIALIZING;
	set_state(ad, NDL6_INITIALIZING);
	NDL_CALL_DRIVER(st, chars6(ad)->InitializeHandlerEx, (NDIS_HANDLE)ad,
			a6->d6->driver_ctx, &ip);
	if (ndl_os_irql_current() != NDL_PASSIVE_LEVEL)
		ndl_err("%s: MiniportInitializeEx returned at IRQL %u", ad->name,
			ndl_os_irql_current());
	if (ndis_status)
		*ndis_status = st;
	if (st != NDIS_STATUS_SUCCESS) {
		ndl_err("%s: MiniportInitializeEx failed with 0x%08x", ad->name,
			st);
		ndl6_irq_release(ad, "MiniportInitializeEx that failed");
		ndl6_dma_release(ad, "MiniportInitializeEx that failed");
		ndl6_shmem_release(ad, "MiniportInitializeEx that failed");
		ndl_adapter_release_leftovers(ad,
					      "MiniportInitializeEx that failed");
		set_state(ad, NDL6_HALTED);
		ad->state = NDL_AD_HALTED;
		return st == NDIS_STATUS_RESOURCES ? -NDL_ENOMEM : -NDL_EIO;
	}
	/* Initialized: Paused, and OID requests may come. */
	ad->state = NDL_AD_RUNNING;
	set_state(ad, NDL6_PAUSED);
	if (attrs_problem(ad, why, sizeof(why))) {
		ndl_err("%s: MiniportInitializeEx succeeded but %s: halted",
			ad->name, why);
		if (ndis_status)
			*ndis_status = NDIS_STATUS_FAILURE;
		ndl6_halt_with(ad, NdisHaltDeviceInitializationFailed);
		return a6->gen_attrs ? -NDL_EINVAL : -NDL_EIO;
	}
	rc = do_restart(ad);
	if (rc) {
		if (ndis_status)
			*ndis_status = a6->pnp_status;
		ndl6_halt_with(ad, NdisHaltDeviceInitializationFailed);
		return rc;
	}
	learn(ad, info);
	ad->oid_watch = true;
	ndl_hang_timer_start(ad);
	ndl_info("%s: NDIS %u.%u adapter running (link %s, %llu bit/s)",
		 ad->name, ad->nd->major, ad->nd->minor,
		 info->media_connected ? "up" : "down",
		 (unsigned long long)info->link_speed_bps);
	return 0;
}

/* ---- halt, shutdown, surprise removal ----------------------------------------- */

static bool no_request(struct ndl_adapter *ad)
{
	return !ndl_atomic_load(&ad->req_cur) &&
	       !ndl_atomic_load(&ndl6(ad)->req_work_queued);
}

static bool no_reset(struct ndl_adapter *ad)
{
	return !ndl_atomic_load(&ad->resetting);
}

void ndl6_halt_with(struct ndl_adapter *ad, u32 action)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	KIRQL old;

	ndl_hang_timer_stop(ad);
	ndl_work_flush();	/* a hang check on its way */
	if (ndl_atomic_load(&a6->state) == NDL6_RUNNING)
		do_pause(ad, ad->nd->minor >= 40 ?
			 NDIS_PAUSE_MINIPORT_DEVICE_REMOVE :
			 NDIS_PAUSE_NDIS_INTERNAL);
	old = ndl_q_lock(ad);
	ad->state = NDL_AD_HALTING;
	ndl_q_unlock(ad, old);
	if (!ndl_adapter_wait_until(ad, no_reset, NDL6_HALT_WAIT_NS))
		ndl_err("%s: halt: a reset did not complete", ad->name);
	/* No MiniportHaltEx with an OID request outstanding. */
	ndl_req_abort_all(ad);
	if (!ndl_adapter_wait_until(ad, no_request, NDL6_HALT_WAIT_NS))
		ndl_err("%s: halt: an OID request did not complete", ad->name);
	if (!ndl_adapter_wait_until(ad, drained, NDL6_HALT_WAIT_NS))
		ndl_err("%s: halt: %u send(s) still in the miniport", ad->name,
			ndl_atomic_load(&a6->tx_outstanding));
	old = ndl_irql_raise(NDL_DISPATCH_LEVEL);
	ndl6_rx_return_queued(ad);
	ndl_irql_lower(old);

	NDL_CALL_DRIVER_VOID(chars6(ad)->HaltHandlerEx, ndl_ad_ctx(ad), action);
	if (ndl_os_irql_current() != NDL_PASSIVE_LEVEL)
		ndl_err("%s: MiniportHaltEx returned at IRQL %u", ad->name,
			ndl_os_irql_current());
	set_state(ad, NDL6_HALTED);
	ndl6_irq_release(ad, "MiniportHaltEx");
	ndl6_dma_release(ad, "MiniportHaltEx");
	ndl6_shmem_release(ad, "MiniportHaltEx");
	ndl_adapter_release_leftovers(ad, "MiniportHaltEx");
	ndl_req_abort_current(ad);
	ndl6_tx_abort(ad);
	ad->state = NDL_AD_HALTED;
	ndl_info("%s: halted", ad->name);
}

void ndl6_adapter_halt(struct ndl_adapter *ad)
{
	ndl6_halt_with(ad, ndl6(ad)->surprise_removed ?
		       NdisHaltDeviceSurpriseRemoved : NdisHaltDeviceDisabled);
}

void ndl6_adapter_shutdown(struct ndl_adapter *ad)
{
	NDL_CALL_DRIVER_VOID(chars6(ad)->ShutdownHandlerEx, ndl_ad_ctx(ad),
			     NdisShutdownPowerOff);
}

void ndl6_adapter_surprise_removed(struct ndl_adapter *ad)
{
	NET_DEVICE_PNP_EVENT ev = {
		.Header = { NDIS_OBJECT_TYPE_DEFAULT,
			    NET_DEVICE_PNP_EVENT_REVISION_1, sizeof(ev) },
		.PortNumber = NDIS_DEFAULT_PORT_NUMBER,
		.DevicePnPEvent = NdisDevicePnPEventSurpriseRemoved,
	};

	ndl6(ad)->surprise_removed = true;
	NDL_CALL_DRIVER_VOID(chars6(ad)->DevicePnPEventNotifyHandler,
			     ndl_ad_ctx(ad), &ev);
}

/* ---- reset and hang checks (ndis5/ndis_reset.c drives them) ---------------- */

NDIS_STATUS ndl6_reset_call(struct ndl_adapter *ad, BOOLEAN *addressing)
{
	MINIPORT_RESET_HANDLER fn = chars6(ad)->ResetHandlerEx;
	NDIS_STATUS st;

	if (!fn)
		return NDIS_STATUS_NOT_RESETTABLE;
	NDL_CALL_DRIVER(st, fn, ndl_ad_ctx(ad), addressing);
	return st;
}

static void NTAPI hang_work(void *ctx)
{
	struct ndl_adapter *ad = ctx;

	ndl_adapter_check_for_hang(ad);
	ndl_atomic_store(&ndl6(ad)->hang_work_queued, false);
}

void ndl6_hang_tick(struct ndl_adapter *ad)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);

	if (!ndl_atomic_xchg(&a6->hang_work_queued, true))
		ndl_work_queue_call(&a6->hang_work, hang_work, ad);
}

bool ndl6_check_for_hang_call(struct ndl_adapter *ad)
{
	MINIPORT_CHECK_FOR_HANG_HANDLER fn = chars6(ad)->CheckForHangHandlerEx;
	BOOLEAN hung = FALSE;

	if (fn && ndl6_running(ad))
		NDL_CALL_DRIVER(hung, fn, ndl_ad_ctx(ad));
	return hung;
}
