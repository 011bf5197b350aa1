// SPDX-License-Identifier: GPL-2.0-only
/* A miniport written in C for the NDIS layer's tests (ndis_fakemp.h). */
#include <stdlib.h>
#include <string.h>

#include "ndis_fakemp.h"
#include "simdev.h"

struct fakemp fm;

void NTAPI ndlw_NdisInitializeWrapper(NDIS_HANDLE *w, void *s1, void *s2,
				      void *s3);
void NTAPI ndlw_NdisMSetAttributesEx(NDIS_HANDLE h, NDIS_HANDLE ctx,
				     UINT hang, ULONG flags, UINT type);
NDIS_STATUS NTAPI ndlw_NdisMInitializeScatterGatherDma(NDIS_HANDLE h,
						       BOOLEAN dma64,
						       ULONG max_phys_map);

static void enter(void)
{
	if (fm.in_handler && !fm.deserialize)
		fm.reentries++;
	fm.in_handler = true;
}

static void leave(void)
{
	fm.in_handler = false;
}

static void dispatch_only(void)
{
	if (ndl_os_irql_current() != NDL_DISPATCH_LEVEL)
		fm.bad_irql++;
}

static NDIS_STATUS NTAPI fm_init(NDIS_STATUS *oe, UINT *sel, NDIS_MEDIUM *m,
				 UINT n, NDIS_HANDLE h, NDIS_HANDLE wcc)
{
	UINT i;

	if (ndl_os_irql_current() != NDL_PASSIVE_LEVEL)
		fm.bad_irql++;
	for (i = 0; i < n && m[i] != NdisMedium802_3; i++)
		;
	if (i == n)
		return NDIS_STATUS_UNSUPPORTED_MEDIA;
	*sel = i;
	fm.handle = h;
	ndlw_NdisMSetAttributesEx(h, &fm, fm.hang_secs,
				  NDIS_ATTRIBUTE_IGNORE_PACKET_TIMEOUT |
				  (fm.bus_master ? NDIS_ATTRIBUTE_BUS_MASTER : 0) |
				  (fm.deserialize ? NDIS_ATTRIBUTE_DESERIALIZE
						  : 0), 5);
	if (fm.sg_dma && ndlw_NdisMInitializeScatterGatherDma(h, FALSE, 65536))
		return NDIS_STATUS_RESOURCES;
	if (fm.status_in_init)
		((NDIS_MINIPORT_BLOCK *)h)->StatusHandler(
			h, NDIS_STATUS_MEDIA_DISCONNECT, NULL, 0);
	return NDIS_STATUS_SUCCESS;
}

static void NTAPI fm_halt(NDIS_HANDLE ctx)
{
	if (!fm.halts)
		fm.returns_at_halt = fm.returns;
	fm.halts++;
}

static NDIS_STATUS NTAPI fm_reset(BOOLEAN *addressing, NDIS_HANDLE ctx)
{
	enter();
	dispatch_only();
	fm.resets++;
	*addressing = fm.addressing_reset;
	leave();
	return fm.pend_reset ? NDIS_STATUS_PENDING : NDIS_STATUS_SUCCESS;
}

static BOOLEAN NTAPI fm_hang(NDIS_HANDLE ctx)
{
	enter();
	dispatch_only();
	fm.hang_checks++;
	leave();
	return fm.hung;
}

static NDIS_STATUS NTAPI fm_query(NDIS_HANDLE ctx, NDIS_OID oid, void *buf,
				  ULONG len, ULONG *done, ULONG *needed)
{
	static const u8 addr[6] = { 0x02, 0, 0, 0, 0, 1 };
	u32 v = 0;

	enter();
	dispatch_only();
	fm.queries++;
	*done = 0;
	*needed = 4;
	switch (oid) {
	case OID_802_3_PERMANENT_ADDRESS:
	case OID_802_3_CURRENT_ADDRESS:
		*needed = 6;
		if (len < 6) {
			leave();
			return NDIS_STATUS_INVALID_LENGTH;
		}
		memcpy(buf, addr, 6);
		*done = 6;
		leave();
		return NDIS_STATUS_SUCCESS;
	case OID_GEN_MAXIMUM_FRAME_SIZE:
		v = 1500;
		break;
	case OID_GEN_LINK_SPEED:
		v = 1000000;	/* 100 Mbit/s */
		break;
	case OID_GEN_MAXIMUM_SEND_PACKETS:
		v = fm.max_send_packets ? fm.max_send_packets : 8;
		break;
	case OID_GEN_MAXIMUM_LOOKAHEAD:
		if (!fm.max_lookahead) {
			leave();
			return NDIS_STATUS_NOT_SUPPORTED;
		}
		v = fm.max_lookahead;
		break;
	case OID_TCP_TASK_OFFLOAD:
		fm.task_queries++;
		fm.task_query_len = len < sizeof(fm.task_query) ? len :
				    sizeof(fm.task_query);
		memcpy(fm.task_query, buf, fm.task_query_len);
		if (!fm.task_answer_len) {
			leave();
			return NDIS_STATUS_NOT_SUPPORTED;
		}
		*needed = fm.task_answer_len;
		if (len < fm.task_answer_len) {
			leave();
			return NDIS_STATUS_BUFFER_TOO_SHORT;
		}
		memcpy(buf, fm.task_answer, fm.task_answer_len);
		*done = fm.task_answer_len;
		leave();
		return NDIS_STATUS_SUCCESS;
	case 0xff000001:	/* the tests' pending OID */
		if (fm.pend_requests) {
			fm.pending_oid = oid;
			fm.pending_buf = buf;
			fm.pending_done = done;
			leave();
			return NDIS_STATUS_PENDING;
		}
		v = 0x1234;
		break;
	default:
		leave();
		return NDIS_STATUS_NOT_SUPPORTED;
	}
	if (len < 4) {
		leave();
		return NDIS_STATUS_INVALID_LENGTH;
	}
	memcpy(buf, &v, 4);
	*done = 4;
	leave();
	return NDIS_STATUS_SUCCESS;
}

static NDIS_STATUS NTAPI fm_set(NDIS_HANDLE ctx, NDIS_OID oid, void *buf,
				ULONG len, ULONG *done, ULONG *needed)
{
	enter();
	dispatch_only();
	fm.sets++;
	*done = len;
	*needed = 0;
	if (oid == OID_GEN_CURRENT_PACKET_FILTER && len >= 4) {
		memcpy(&fm.last_filter, buf, 4);
		fm.filter_sets++;
	}
	if (oid == OID_802_3_MULTICAST_LIST)
		fm.mcast_sets++;
	if (oid == OID_TCP_TASK_OFFLOAD) {
		fm.task_sets++;
		fm.task_set_len = len < sizeof(fm.task_set) ? len :
				  sizeof(fm.task_set);
		memcpy(fm.task_set, buf, fm.task_set_len);
		leave();
		return fm.task_set_status;
	}
	if (oid == OID_GEN_CURRENT_LOOKAHEAD && len >= 4) {
		u32 v;

		memcpy(&v, buf, 4);
		/* Like a real driver: more than it can provide is refused. */
		if (fm.max_lookahead && v > fm.max_lookahead) {
			leave();
			return NDIS_STATUS_INVALID_DATA;
		}
		fm.lookahead = v;
	}
	if (oid == 0xff000002 && fm.pend_requests) {
		fm.pending_oid = oid;
		leave();
		return NDIS_STATUS_PENDING;
	}
	leave();
	return NDIS_STATUS_SUCCESS;
}

/* Accept (hold) a send, or say RESOURCES once `accept` are held. */
static NDIS_STATUS take(NDIS_PACKET *p)
{
	SCATTER_GATHER_LIST *sg = ndl_packet_ext(p)->
		NdisPacketInfo[ScatterGatherListPacketInfo];

	fm.last_csum = (uintptr_t)ndl_packet_ext(p)->
		NdisPacketInfo[TcpIpChecksumPacketInfo];
	fm.last_vlan = (uintptr_t)ndl_packet_ext(p)->NdisPacketInfo[Ieee8021QInfo];
	/* a large send: the MSS NDIS gave, then the bytes "sent" written
	 * back over it, as NDIS 5 documents the completion
	 */
	fm.last_lso = (uintptr_t)ndl_packet_ext(p)->
		NdisPacketInfo[TcpLargeSendPacketInfo];
	if (fm.last_lso && fm.lso_sent)
		ndl_packet_ext(p)->NdisPacketInfo[TcpLargeSendPacketInfo] =
			(void *)(uintptr_t)fm.lso_sent;
	fm.last_buffers = p->Private.Count;
	if (p->Private.Head) {
		MDL *m = p->Private.Head;

		fm.wire_len = m->ByteCount < sizeof(fm.wire) ? m->ByteCount :
			      sizeof(fm.wire);
		memcpy(fm.wire, ndl_mdl_va(m), fm.wire_len);
	}
	fm.whole_len = 0;
	for (MDL *m = p->Private.Head; m; m = m->Next) {
		u32 len = m->ByteCount;

		if (len > sizeof(fm.whole) - fm.whole_len)
			len = sizeof(fm.whole) - fm.whole_len;
		memcpy(fm.whole + fm.whole_len, ndl_mdl_va(m), len);
		fm.whole_len += len;
	}
	if (sg) {
		fm.sg_seen++;
		fm.sg_elements += sg->NumberOfElements;
		if (sg->NumberOfElements)
			fm.sg_first_addr = (u64)sg->Elements[0].Address.QuadPart;
	}
	if ((fm.complete_inside ? fm.sends : fm.nheld) >= fm.accept)
		return NDIS_STATUS_RESOURCES;
	fm.held[fm.nheld++] = p;
	fm.sends++;
	return NDIS_STATUS_PENDING;
}

void fm_complete_one(NDIS_STATUS st)
{
	NDIS_PACKET *p;

	if (!fm.nheld)
		return;
	p = fm.held[0];
	memmove(fm.held, fm.held + 1, --fm.nheld * sizeof(fm.held[0]));
	((NDIS_MINIPORT_BLOCK *)fm.handle)->SendCompleteHandler(fm.handle, p,
								 st);
}

static NDIS_STATUS NTAPI fm_send(NDIS_HANDLE ctx, NDIS_PACKET *p, UINT flags)
{
	NDIS_STATUS st;

	enter();
	dispatch_only();
	fm.send_calls++;
	st = take(p);
	if (st == NDIS_STATUS_PENDING && fm.complete_inside) {
		fm.nheld--;
		((NDIS_MINIPORT_BLOCK *)fm.handle)->SendCompleteHandler(
			fm.handle, p, NDIS_STATUS_SUCCESS);
	}
	leave();
	return st;
}

static void NTAPI fm_send_packets(NDIS_HANDLE ctx, NDIS_PACKET **pkts, UINT n)
{
	NDIS_PACKET_OOB_DATA *oob;

	enter();
	dispatch_only();
	fm.send_calls++;
	for (UINT i = 0; i < n; i++) {
		NDIS_STATUS st = take(pkts[i]);

		oob = (NDIS_PACKET_OOB_DATA *)((u8 *)pkts[i] +
			pkts[i]->Private.NdisPacketOobOffset);
		if (fm.deserialize) {
			/* Deserialized: no RESOURCES status; every packet
			 * completes through NdisMSendComplete, now or later. */
			NDIS_M_SEND_COMPLETE_HANDLER done =
				((NDIS_MINIPORT_BLOCK *)fm.handle)->
				SendCompleteHandler;

			if (st == NDIS_STATUS_RESOURCES) {
				done(fm.handle, pkts[i], NDIS_STATUS_RESOURCES);
			} else if (fm.complete_inside) {
				fm.nheld--;
				done(fm.handle, pkts[i], NDIS_STATUS_SUCCESS);
			}
			continue;
		}
		if (st == NDIS_STATUS_PENDING && fm.complete_inside) {
			/* Serialized: may complete synchronously by status. */
			fm.nheld--;
			st = NDIS_STATUS_SUCCESS;
		}
		oob->Status = st;
	}
	if (fm.complete_refused_last && !fm.deserialize && n &&
	    ((NDIS_PACKET_OOB_DATA *)((u8 *)pkts[n - 1] +
	      pkts[n - 1]->Private.NdisPacketOobOffset))->Status ==
	    NDIS_STATUS_RESOURCES)
		((NDIS_MINIPORT_BLOCK *)fm.handle)->SendCompleteHandler(
			fm.handle, pkts[n - 1], NDIS_STATUS_SUCCESS);
	/* A completion from inside SendPackets (serialized): the host's
	 * callback may send again; NDIS must not re-enter us for it. */
	if (fm.send_back_nested && fm.nheld > 1)
		fm_complete_one(NDIS_STATUS_SUCCESS);
	leave();
}

static void NTAPI fm_return(NDIS_HANDLE ctx, NDIS_PACKET *p)
{
	enter();
	dispatch_only();
	if (fm.returns < FM_MAX)
		fm.returned[fm.returns] = p;
	fm.returns++;
	if (fm.halts)
		fm.returns_after_halt++;
	leave();
}

static NDIS_STATUS NTAPI fm_transfer(NDIS_PACKET *p, UINT *got,
				     NDIS_HANDLE ctx, NDIS_HANDLE rx_ctx,
				     UINT off, UINT count)
{
	u8 *dst = ndl_mdl_va(p->Private.Head);

	fm.transfers++;
	if (rx_ctx != (NDIS_HANDLE)&fm) {
		*got = 0;
		return NDIS_STATUS_FAILURE;
	}
	if (off + count > fm.rx_len - 14)
		count = fm.rx_len - 14 - off;
	/* A driver that counted 4 bytes of CRC in PacketSize copies less. */
	count = count > fm.td_short ? count - fm.td_short : 0;
	memcpy(dst, fm.rx_frame + 14 + off, count);
	if (fm.pend_transfer) {
		/* The copy "runs on the card" and completes afterwards. */
		fm.td_packet = p;
		fm.td_count = count;
		*got = 0;
		return NDIS_STATUS_PENDING;
	}
	*got = count;
	return NDIS_STATUS_SUCCESS;
}

/* The device's line stays asserted until its status port is written. */
static void NTAPI fm_isr(BOOLEAN *recognized, BOOLEAN *queue, NDIS_HANDLE ctx)
{
	if (ndl_os_irql_current() < NDL_DEVICE_LEVEL)
		fm.bad_irql++;
	fm.isrs++;
	*recognized = (ndl_os_port_read(fm.port, 1) & 1) != 0;
	*queue = *recognized;
	if (*recognized)
		ndl_os_port_write(fm.port, 1, 0);
}

static void NTAPI fm_disable(NDIS_HANDLE ctx)
{
	if (ndl_os_irql_current() < NDL_DEVICE_LEVEL)
		fm.bad_irql++;
	fm.disables++;
	ndl_os_port_write(fm.port, 1, 0);
}

static void NTAPI fm_enable(NDIS_HANDLE ctx)
{
	fm.enables++;
}

static void NTAPI fm_dpc(NDIS_HANDLE ctx)
{
	enter();
	dispatch_only();
	fm.dpcs++;
	if (fm.dpc_npkts)
		((NDIS_MINIPORT_BLOCK *)fm.handle)->PacketIndicateHandler(
			fm.handle, fm.dpc_pkts, fm.dpc_npkts);
	/* Enable comes after the DPC, never before. */
	if (fm.enables >= fm.disables && fm.disables)
		fm.dpc_bad++;
	leave();
}

void fm_complete_request(NDIS_STATUS st, bool set)
{
	NDIS_MINIPORT_BLOCK *b = fm.handle;

	if (!set && fm.pending_buf) {
		u32 v = 0x5678;

		memcpy(fm.pending_buf, &v, 4);
		*fm.pending_done = 4;
	}
	fm.pending_buf = NULL;
	fm.pending_oid = 0;
	(set ? b->SetCompleteHandler : b->QueryCompleteHandler)(fm.handle, st);
}

struct ndl_driver *fm_container(void)
{
	struct ndl_pe_error err;
	struct ndl_driver *drv = NULL;
	size_t len;
	void *file = read_file(fixture_path("fx_basic"), &len);

	if (!file)
		return NULL;
	if (ndl_driver_load(file, len, "fakemp", NULL, &drv, &err))
		drv = NULL;
	free(file);
	return drv;
}

u32 fm_register(struct ndl_driver *drv)
{
	NDIS51_MINIPORT_CHARACTERISTICS c;
	UINT len;

	memset(&c, 0, sizeof(c));
	c.MajorNdisVersion = fm.major ? fm.major : 5;
	c.MinorNdisVersion = fm.major ? fm.minor : 1;
	c.InitializeHandler = fm_init;
	c.HaltHandler = fm_halt;
	c.ResetHandler = fm_reset;
	c.CheckForHangHandler = fm_hang;
	c.QueryInformationHandler = fm_query;
	c.SetInformationHandler = fm_set;
	if (fm.use_send_packets)
		c.SendPacketsHandler = fm_send_packets;
	else
		c.SendHandler = fm_send;
	if (fm.with_return)
		c.ReturnPacketHandler = fm_return;
	if (fm.with_transfer)
		c.TransferDataHandler = fm_transfer;
	if (fm.with_isr) {
		c.ISRHandler = fm_isr;
		c.HandleInterruptHandler = fm_dpc;
		c.DisableInterruptHandler = fm_disable;
		c.EnableInterruptHandler = fm_enable;
	}
	len = c.MajorNdisVersion == 3 ? NDL_CHARS30_SIZE :
	      c.MajorNdisVersion == 4 ? NDL_CHARS40_SIZE :
	      c.MinorNdisVersion == 0 ? NDL_CHARS50_SIZE : NDL_CHARS51_SIZE;
	/* The test plays DriverEntry: the driver counts as started. */
	drv->started = true;
	drv->entry_status = STATUS_SUCCESS;
	ndlw_NdisInitializeWrapper(&fm.wrapper, &drv->object,
				   &drv->registry_path, NULL);
	return ndlw_NdisMRegisterMiniport(fm.wrapper, &c, len);
}

static uint32_t bm_read(struct ndl_sim_dev *d, int bar, uint32_t off, int size)
{
	return 0;
}

static void bm_write(struct ndl_sim_dev *d, int bar, uint32_t off, int size,
		     uint32_t val)
{
}

const struct ndl_sim_model fm_bm_model = {
	.name = "fm-bm", .vendor = 0x1234, .device = 0x0002,
	.bars = { { NDL_SIM_BAR_IO, 0x10 } },
	.read = bm_read, .write = bm_write,
};

void fm_stop(struct ndl_adapter **ad, struct ndl_driver **drv,
	     struct ndl_sim_dev **sim)
{
	while (fm.nheld)
		fm_complete_one(NDIS_STATUS_SUCCESS);
	if (*ad)
		ndl_adapter_destroy(*ad);
	*ad = NULL;
	if (*drv)
		ndl_driver_unload(*drv);
	*drv = NULL;
	if (sim && *sim)
		ndl_sim_destroy(*sim);
	if (sim)
		*sim = NULL;
}

struct ndl_driver *fm_begin(void)
{
	memset(&fm, 0, sizeof(fm));
	fm.accept = 1000;
	fm.hang_secs = 1;
	return fm_container();
}
