/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The adapter API: how a host (the kernel glue in module/linux/, the
 * user-space host and tests in module/user/ and tests/) drives a network
 * adapter whose miniport driver is a loaded Windows NDIS driver.
 *
 * The API speaks frames, OIDs and link state, never NDIS_PACKET or
 * NET_BUFFER_LIST, so an NDIS 6 implementation sits behind the same calls.
 * docs/runtime.md ("The adapter API") gives the life cycle and the
 * threading/IRQL contract; in short:
 *
 *   ndl_driver_load + ndl_ndis_driver_add_file* + ndl_driver_start
 *   ndl_ndis_driver_is_miniport                    (registered?)
 *   ndl_adapter_create -> ndl_adapter_initialize   (PASSIVE)
 *     data path: ndl_adapter_send / ops->send_complete / ops->receive
 *     control:   ndl_adapter_query / ndl_adapter_set (PASSIVE, sync)
 *                ndl_adapter_request_async (<= DISPATCH)
 *                ops->status, ndl_adapter_reset, ndl_adapter_check_for_hang
 *   ndl_adapter_halt -> ndl_adapter_destroy        (PASSIVE)
 *   ndl_driver_unload
 */
#ifndef NDL_NDIS_ADAPTER_H
#define NDL_NDIS_ADAPTER_H

#include "core/os.h"
#include "core/driver.h"
#include "ndis/ndis_registry.h"

#ifndef NDL_EIO
#define NDL_EIO		5	/* the driver failed the operation */
#endif

/* ---- driver level ------------------------------------------------------ */

/*
 * Give the driver a file it may open with NdisOpenFile (firmware, tables),
 * found by case-insensitive base name. data is copied. Call after
 * ndl_driver_load and before the adapter that needs it is initialised
 * (normally before ndl_driver_start). 0, -NDL_EINVAL, -NDL_ENOMEM. PASSIVE.
 */
int ndl_ndis_driver_add_file(struct ndl_driver *drv, const char *name,
			     const void *data, size_t len);

/*
 * After ndl_driver_start: did DriverEntry register a miniport NDIS accepts?
 * drv->miniport (driver.h) holds what was registered (version, handlers,
 * status); ndl_ndis_describe formats it for reports.
 */
bool ndl_ndis_driver_is_miniport(const struct ndl_driver *drv);
/*
 * One line such as "NDIS 5.1 miniport, deserialized: Initialize Halt ..."
 * into buf (always NUL-terminated); returns the length it needed.
 */
size_t ndl_ndis_describe(const struct ndl_driver *drv, char *buf, size_t len);

/* ---- frames -------------------------------------------------------------- */

struct ndl_frag {
	const void *va;
	u32 len;
};

#define NDL_TX_MAX_FRAGS	32

/*
 * Per received frame: what the miniport said about checksums (per packet).
 * The bits of the receive half of NDIS 5's and NDIS 6's checksum info,
 * where both keep them (asserted where each is read), so a frame's flags
 * are the miniport's word masked: NDL_RX_CSUM_MASK.
 */
#define NDL_RX_CSUM_TCP_BAD	0x01
#define NDL_RX_CSUM_UDP_BAD	0x02
#define NDL_RX_CSUM_IP_BAD	0x04
#define NDL_RX_CSUM_TCP_OK	0x08
#define NDL_RX_CSUM_UDP_OK	0x10
#define NDL_RX_CSUM_IP_OK	0x20
#define NDL_RX_CSUM_MASK	0x3f
#define NDL_RX_VLAN		0x100	/* vlan_tci is valid */

struct ndl_rx_frame {
	/* Where the bytes are, valid only during the callback: a chain of
	 * MDLs (runtime-private) or, if that is NULL, nfrags fragments.
	 */
	const struct _MDL *mdl;
	const struct ndl_frag *frags;
	u32 nfrags;
	u32 len;			/* total bytes, header included */
	u32 flags;			/* NDL_RX_* */
	u16 vlan_tci;			/* priority << 13 | vlan id */
};
/*
 * The miniport validated the frame's TCP or UDP checksum and found no bad
 * one (the IPv4 header's verdict does not count: Linux checks it itself).
 */
static inline bool ndl_rx_frame_csum_ok(const struct ndl_rx_frame *f)
{
	return (f->flags & (NDL_RX_CSUM_TCP_OK | NDL_RX_CSUM_UDP_OK)) &&
	       !(f->flags & (NDL_RX_CSUM_IP_BAD | NDL_RX_CSUM_TCP_BAD |
			     NDL_RX_CSUM_UDP_BAD));
}
/* ndl_rx_frame_copy for frames in more than one piece. */
u32 ndl_rx_frame_gather(const struct ndl_rx_frame *f, void *buf, u32 len);
/*
 * Copy up to len bytes of a received frame into buf; returns bytes copied.
 * Inline for a frame in one fragment (nearly all): every frame pays it.
 */
static inline u32 ndl_rx_frame_copy(const struct ndl_rx_frame *f, void *buf,
				    u32 len)
{
	if (!f->mdl && f->nfrags == 1) {
		u32 n = f->frags[0].len < len ? f->frags[0].len : len;

		ndl_memcpy(buf, f->frags[0].va, n);
		return n;
	}
	return ndl_rx_frame_gather(f, buf, len);
}

/* ---- events to the host -------------------------------------------------- */

enum ndl_status_kind {
	NDL_STATUS_MEDIA_CONNECT,
	NDL_STATUS_MEDIA_DISCONNECT,
	NDL_STATUS_LINK_SPEED,		/* link_speed_bps is the new speed */
	NDL_STATUS_RESET_START,
	NDL_STATUS_RESET_END,		/* ndis_status: the reset's result */
	NDL_STATUS_HUNG,		/* CheckForHang said hung; reset follows */
	NDL_STATUS_OTHER,		/* anything else, raw (e.g. wireless) */
};

struct ndl_status_event {
	enum ndl_status_kind kind;
	u32 ndis_status;		/* the NDIS_STATUS_* indicated */
	u64 link_speed_bps;
	const void *buf;		/* status buffer, valid during the call */
	u32 len;
};

/*
 * Host callbacks. All run at IRQL <= DISPATCH (never in hard-irq
 * context), possibly on several CPUs at once and possibly nested inside
 * any ndl_adapter_* call the host makes (a driver may complete a send or
 * indicate a frame from inside MiniportSend). They must not sleep and must
 * not call ndl_adapter_halt/destroy/query/set; ndl_adapter_send and
 * ndl_adapter_request_async are allowed (the runtime defers them if the
 * miniport is busy on this CPU).
 */
struct ndl_adapter_ops {
	/* A frame arrived; copy what you need before returning. */
	void (*receive)(void *ctx, const struct ndl_rx_frame *frame);
	/* The miniport finished a batch of indications (flush point). */
	void (*receive_complete)(void *ctx);
	/* A frame given to ndl_adapter_send is done (status NDIS_STATUS_*). */
	void (*send_complete)(void *ctx, void *cookie, u32 ndis_status);
	/*
	 * ndl_adapter_send may succeed again after -NDL_EBUSY: once per
	 * refusal, when a slot is free; later send_completes do not undo it.
	 */
	void (*send_ready)(void *ctx);
	/* Link state and other indications, after initialize returned. */
	void (*status)(void *ctx, const struct ndl_status_event *ev);
	/*
	 * Optional, called from the ISR: the interrupt's DPC is due. Return
	 * true to run it yourself soon with ndl_adapter_interrupt_dpc() (a
	 * receive poll does: frames then go straight to it); false to let
	 * the runtime queue it as a KDPC.
	 */
	bool (*interrupt_dpc)(void *ctx);
};

/* ---- adapter life cycle --------------------------------------------------- */

struct ndl_adapter;

/*
 * Per-driver compatibility settings (docs/runtime.md, "Compatibility
 * settings"): each is automatic, forced on or forced off. What the
 * automatic choice became is in struct ndl_adapter_info after initialize.
 *   single_buffer_sends  every send packet holds one buffer with the whole
 *                        frame (fragments copied), for miniports that
 *                        transmit only a packet's first buffer
 *   multicast_all        OID_802_3_MULTICAST_LIST never reaches the
 *                        miniport; a non-empty list turns into
 *                        NDIS_PACKET_TYPE_ALL_MULTICAST in the packet filter
 */
enum ndl_compat_mode { NDL_COMPAT_AUTO, NDL_COMPAT_ON, NDL_COMPAT_OFF };
struct ndl_compat {
	u8 single_buffer_sends;		/* enum ndl_compat_mode */
	u8 multicast_all;		/* enum ndl_compat_mode */
};

struct ndl_adapter_params {
	struct ndl_driver *drv;		/* started; ndl_ndis_driver_is_miniport */
	struct ndl_os_dev *dev;		/* NULL: a virtual adapter, no hardware */
	/* A USB adapter (dev NULL): the device's PDO (usb/usb_bus.h) is
	 * the one under the miniport's FDO; it stays the USB device's.
	 */
	struct ndl_usb_dev *usb;
	/* taken over, even on failure (destroyed with the adapter); NULL:
	 * an empty registry
	 */
	struct ndl_reg *reg;
	/* the device's hardware key (IoOpenDeviceRegistryKey's
	 * PLUGPLAY_REGKEY_DEVICE), taken over likewise; NULL: empty
	 */
	struct ndl_reg *hw_reg;
	const struct ndl_adapter_ops *ops;
	void *ctx;			/* passed to every op */
	const char *name;		/* log prefix, e.g. a PCI address */
	/* frames in flight at most; 0: 256. NDIS 5 sizes its slots from
	 * the miniport (ndis_send.c) up to this, NDIS 6 takes at most 64
	 * (ndis6_send.c).
	 */
	u32 tx_slots;
	struct ndl_compat compat;	/* zero: every setting automatic */
};

/* Allocate the adapter and its NDIS_MINIPORT_BLOCK. PASSIVE. */
int ndl_adapter_create(const struct ndl_adapter_params *p,
		       struct ndl_adapter **out);

/* What the adapter is, learnt at initialize (OID queries NDIS makes). */
struct ndl_adapter_info {
	u32 medium;			/* NdisMedium802_3 (0) today */
	u8 perm_addr[6];		/* OID_802_3_PERMANENT_ADDRESS */
	u8 cur_addr[6];			/* OID_802_3_CURRENT_ADDRESS */
	u32 max_frame;			/* OID_GEN_MAXIMUM_FRAME_SIZE (no header) */
	u32 max_total;			/* OID_GEN_MAXIMUM_TOTAL_SIZE */
	/* OID_GEN_MAXIMUM_LOOKAHEAD, at most max_frame (max_frame when the
	 * miniport does not answer); the runtime never sets a larger
	 * OID_GEN_CURRENT_LOOKAHEAD
	 */
	u32 max_lookahead;
	u32 max_send_packets;		/* OID_GEN_MAXIMUM_SEND_PACKETS, or 1 */
	u32 mac_options;		/* OID_GEN_MAC_OPTIONS */
	u32 max_mcast;			/* OID_802_3_MAXIMUM_LIST_SIZE */
	u64 link_speed_bps;		/* 0 if unknown */
	/* from the query, else any NdisMIndicateStatus during init, else
	 * true (NDIS's default)
	 */
	bool media_connected;
	bool deserialized;		/* NDIS_ATTRIBUTE_DESERIALIZE */
	bool bus_master;		/* NDIS_ATTRIBUTE_BUS_MASTER */
	/* NDIS 5: NdisMSetAttributes(Ex) flags; NDIS 6: the registration
	 * attributes' AttributeFlags (NDIS_MINIPORT_ATTRIBUTES_*)
	 */
	u32 attributes;
	u32 vendor_driver_version;	/* OID_GEN_VENDOR_DRIVER_VERSION */
	char vendor_desc[64];		/* OID_GEN_VENDOR_DESCRIPTION */
	/* the compatibility settings in force (struct ndl_compat resolved) */
	bool single_buffer_sends;
	bool multicast_all;
};

/*
 * Run MiniportInitialize (offering the 802.3 medium), then learn the
 * adapter's properties into *info. From here on the ops may be called.
 * Returns 0, or -NDL_EIO with *ndis_status (if not NULL) = what the driver
 * returned (the adapter stays created: destroy it), -NDL_ENOMEM,
 * -NDL_EINVAL (no medium we speak). PASSIVE; once per adapter.
 */
int ndl_adapter_initialize(struct ndl_adapter *ad, struct ndl_adapter_info *info,
			   u32 *ndis_status);

/*
 * Stop: refuse new sends and requests, wait for the ones in flight (a
 * pending OID or reset completes or is waited for), stop check-for-hang,
 * run MiniportHalt, then release whatever the driver left registered
 * (interrupt, port ranges, mappings, shared memory, timers) with a warning
 * each. No callback runs after it returns. PASSIVE.
 */
void ndl_adapter_halt(struct ndl_adapter *ad);
/*
 * Run the interrupt DPC the host took (ops->interrupt_dpc): DISPATCH, on
 * a driver stack. _queue hands one the host can no longer run back to the
 * runtime, which queues it as a KDPC. Any IRQL <= DISPATCH.
 */
void ndl_adapter_interrupt_dpc(struct ndl_adapter *ad);
void ndl_adapter_interrupt_dpc_queue(struct ndl_adapter *ad);
/* Free the adapter (halting it first if still running). PASSIVE. */
void ndl_adapter_destroy(struct ndl_adapter *ad);

/* System shutdown: the miniport's shutdown handler, any IRQL. */
void ndl_adapter_shutdown(struct ndl_adapter *ad);
/* Surprise removal (device gone) before halt: MiniportPnPEventNotify. */
void ndl_adapter_surprise_removed(struct ndl_adapter *ad);

/* ---- data path ------------------------------------------------------------- */

/*
 * Send one frame (header included), described by nfrags fragments of host
 * memory that must stay valid and unchanged until ops->send_complete(cookie)
 * — which may be called before this returns. Empty fragments are skipped.
 * Returns 0 (accepted),
 * -NDL_EBUSY (all tx slots busy, or reset/halt in progress: stop the queue
 * and wait for ops->send_ready), -NDL_EINVAL (no data, too many fragments,
 * longer than max_total). IRQL <= DISPATCH, any CPU, concurrently.
 */
int ndl_adapter_send(struct ndl_adapter *ad, const struct ndl_frag *frags,
		     u32 nfrags, void *cookie);

/*
 * The same with per-packet requests for the miniport, passed in the
 * packet's per-packet info exactly as a protocol would: checksums to
 * compute (only after the host enabled them with OID_TCP_TASK_OFFLOAD)
 * and an 802.1Q tag (vlan_tci, with NDL_TX_VLAN).
 */
#define NDL_TX_CSUM_IPV4	0x01	/* the packet is IPv4 ... */
#define NDL_TX_CSUM_IPV6	0x02	/* ... or IPv6 */
#define NDL_TX_CSUM_TCP		0x04	/* compute the TCP checksum */
#define NDL_TX_CSUM_UDP		0x08	/* compute the UDP checksum */
#define NDL_TX_CSUM_IP		0x10	/* compute the IPv4 header checksum */
#define NDL_TX_VLAN		0x100
/*
 * Large send (ndl_adapter_lso_request makes these, with the IP version's
 * NDL_TX_CSUM_IPV4/IPV6 bit): the miniport cuts the TCP packet into
 * segments of the MSS in bits 12..31; NDL_TX_LSO_V2: as NDIS 6's LSOv2
 * (else LSOv1, NDIS 5's large send).
 */
#define NDL_TX_LSO		0x200
#define NDL_TX_LSO_V2		0x400
#define NDL_TX_LSO_MSS_SHIFT	12
#define NDL_TX_LSO_MSS(flags)	((flags) >> NDL_TX_LSO_MSS_SHIFT)
int ndl_adapter_send_ex(struct ndl_adapter *ad, const struct ndl_frag *frags,
			u32 nfrags, void *cookie, u32 flags, u16 vlan_tci);

/* ---- task offload ---------------------------------------------------------- */

/*
 * Checksum offload, per IP version and direction: which checksums the
 * miniport computes on send (when a frame's flags ask) or validates on
 * receive, and with which headers. Bits in the order of the fields of
 * NDIS 5's NDIS_TASK_TCP_IP_CHECKSUM.
 */
#define NDL_CSUM_IP_OPTIONS	0x01	/* IPv4 options, IPv6 extension headers */
#define NDL_CSUM_TCP_OPTIONS	0x02
#define NDL_CSUM_TCP		0x04
#define NDL_CSUM_UDP		0x08
#define NDL_CSUM_IP		0x10	/* the IPv4 header checksum */
/*
 * Large send (TCP segmentation) of one IP version, negotiated with the
 * checksums: NDIS 5's NDIS_TASK_TCP_LARGE_SEND (IPv4), NDIS 6's LsoV1
 * (IPv4) and LsoV2 (IPv4, IPv6). max_size 0: not offered / off.
 */
#define NDL_LSO_TCP_OPTIONS	0x01	/* segments packets with TCP options */
#define NDL_LSO_IP_OPTIONS	0x02	/* ... with IPv4 options */
#define NDL_LSO_V2		0x04	/* NDIS 6 LSOv2 (else LSOv1 / NDIS 5) */
struct ndl_lso {
	u32 max_size;			/* MaxOffLoadSize: TCP payload bytes */
	u32 min_segs;			/* MinSegmentCount */
	u32 flags;			/* NDL_LSO_*; u32: no padding to compare */
};
struct ndl_csum_offload {
	u8 v4_tx, v4_rx, v6_tx, v6_rx;
	struct ndl_lso lso_v4, lso_v6;
};

/*
 * What the miniport offers, all zero if nothing: NDIS 5 answers a query
 * of OID_TCP_TASK_OFFLOAD (802.3 encapsulation, a 14-byte header); NDIS 6
 * said it in its offload attributes (the hardware capabilities). The
 * checksum and large-send tasks are read. PASSIVE.
 */
void ndl_adapter_csum_caps(struct ndl_adapter *ad, struct ndl_csum_offload *caps);
/*
 * Turn on exactly *on (masked by the capabilities; all zero turns every
 * checksum task off; a large send is on with the offered parameters when
 * its max_size is not 0): NDIS 5 sets OID_TCP_TASK_OFFLOAD, NDIS 6 sets
 * OID_TCP_OFFLOAD_PARAMETERS. Until it succeeds, and after it failed,
 * nothing is on. Sends asking for a checksum or a large send that is not
 * on are refused (-NDL_EINVAL). Returns the NDIS_STATUS. PASSIVE.
 */
u32 ndl_adapter_csum_enable(struct ndl_adapter *ad,
			    const struct ndl_csum_offload *on);
/* What is on now. Any IRQL. */
void ndl_adapter_csum_enabled(const struct ndl_adapter *ad,
			      struct ndl_csum_offload *on);
/*
 * What a host turns on of caps: TCP and UDP checksums (with the options
 * offered) on transmit if tx, every validation on receive if rx; never
 * the IPv4 header checksum on transmit (Linux always computes it).
 */
void ndl_csum_host_choice(const struct ndl_csum_offload *caps, bool tx,
			  bool rx, struct ndl_csum_offload *on);
/*
 * A frame whose TCP/UDP checksum the OS left for the hardware (Linux's
 * CHECKSUM_PARTIAL, a virtio-net NEEDS_CSUM header: the pseudo-header sum
 * is in the field at csum_start + csum_offset, as NDIS documents a
 * transport leaves it): the NDL_TX_CSUM_* request that has the miniport
 * finish it with what is turned on now, or 0 if it cannot (an 802.1Q tag
 * in the frame, IPv6 extension headers, options not offered, headers
 * beyond head_len: the host computes it then). head: the frame's first
 * head_len bytes, the part the first buffer holds. Any IRQL.
 */
u32 ndl_adapter_csum_request(const struct ndl_adapter *ad, const u8 *head,
			     u32 head_len, u32 csum_start, u32 csum_offset);
/*
 * A TCP packet of frame_len bytes the OS wants cut into segments of mss
 * payload bytes (Linux's TSO skb, a virtio-net GSO header): the
 * NDL_TX_LSO request for ndl_adapter_send_ex if the large send turned on
 * can take it, else 0 (segment it in software): IPv4 or IPv6 right after
 * a 14-byte header, no fragment, no IPv6 extension headers, options only
 * where offered, no SYN/RST/URG, the headers within head_len, the payload
 * at most MaxOffLoadSize and at least MinSegmentCount segments. Any IRQL.
 */
u32 ndl_adapter_lso_request(const struct ndl_adapter *ad, const u8 *head,
			    u32 head_len, u32 frame_len, u32 mss);
/*
 * Rewrite the headers of a frame ndl_adapter_lso_request accepted as
 * NDIS documents the transport leaves them: the IP length the whole
 * packet's (LSOv1) or 0 (LSOv2), the TCP checksum field the
 * pseudo-header sum without the length. head as given to the request.
 */
void ndl_lso_headers(u8 *head, u32 frame_len, u32 request);

/* ---- control --------------------------------------------------------------- */

/*
 * Synchronous OID query / set: waits (sleeping) for a pending completion.
 * Return the NDIS_STATUS (NDIS_STATUS_SUCCESS = 0; INVALID_LENGTH and
 * BUFFER_TOO_SHORT with *needed set; NOT_SUPPORTED; ...); *done = bytes
 * written / read. Requests are serialized per adapter, as NDIS does.
 * PASSIVE.
 */
u32 ndl_adapter_query(struct ndl_adapter *ad, u32 oid, void *buf, u32 len,
		      u32 *done, u32 *needed);
u32 ndl_adapter_set(struct ndl_adapter *ad, u32 oid, const void *buf, u32 len,
		    u32 *done, u32 *needed);

/*
 * Asynchronous request, for contexts that cannot sleep (the kernel's
 * ndo_set_rx_mode): the runtime copies buf, queues the request behind any
 * other, and calls complete(ctx, status, buf, done, needed) at <= DISPATCH
 * when the miniport finished. Returns 0 or -NDL_ENOMEM / -NDL_EBUSY
 * (halting). IRQL <= DISPATCH.
 */
typedef void (*ndl_request_done)(void *ctx, u32 ndis_status, const void *buf,
				 u32 done, u32 needed);
int ndl_adapter_request_async(struct ndl_adapter *ad, bool set, u32 oid,
			      const void *buf, u32 len, ndl_request_done complete,
			      void *ctx);

/*
 * Reset the miniport (MiniportReset) and wait for it to finish; sends and
 * requests wait meanwhile. Returns the reset's NDIS_STATUS. PASSIVE.
 */
u32 ndl_adapter_reset(struct ndl_adapter *ad);
/*
 * Run MiniportCheckForHang now (the runtime also runs it periodically, as
 * NDIS does, every CheckForHangTimeInSeconds, 2 s by default) and reset
 * the miniport if it says hung; true if it did. PASSIVE or DISPATCH.
 */
bool ndl_adapter_check_for_hang(struct ndl_adapter *ad);

/*
 * Pause / restart the data path (NDIS 6: MiniportPause / MiniportRestart,
 * e.g. around an MTU change). Pause returns once every send completed and
 * every received frame went back to the miniport; sends meanwhile get
 * -NDL_EBUSY and ops->send_ready follows the restart. 0, -NDL_EBUSY (not
 * initialized, or in transition), -NDL_EIO (restart failed: stays
 * paused), -NDL_ENOSYS (an NDIS 5 adapter). PASSIVE.
 */
int ndl_adapter_pause(struct ndl_adapter *ad);
int ndl_adapter_restart(struct ndl_adapter *ad);
/* The NDIS 6 adapter state ("Paused", "Running", ...), for reports. */
const char *ndl_adapter_state_name(struct ndl_adapter *ad);

/* Current link state (kept up to date from status indications). */
bool ndl_adapter_media_connected(const struct ndl_adapter *ad);
u64 ndl_adapter_link_speed(const struct ndl_adapter *ad);

/* Counters the runtime keeps (the miniport's own are OIDs). */
struct ndl_adapter_stats {
	u64 tx_frames, tx_errors, tx_resubmits;	/* RESOURCES re-sends */
	u64 rx_frames, rx_dropped;
	u64 rx_transfers;			/* MiniportTransferData calls */
	u64 rx_returns;				/* MiniportReturnPacket calls */
	u64 interrupts, dpcs;
	u64 resets, hangs;
	u64 tx_multi_buffer;			/* sent with more than one buffer */
	u64 tx_linearized;			/* fragments copied into one */
	u64 oid_refused;			/* sets/queries the miniport failed */
	u64 mcast_list_sets;			/* multicast lists it accepted */
	/* large sends completed successfully, and the TCP payload bytes
	 * the miniport reported sent in them
	 */
	u64 tx_lso, tx_lso_bytes;
};
void ndl_adapter_stats(const struct ndl_adapter *ad,
		       struct ndl_adapter_stats *out);

/*
 * The OIDs the miniport failed most recently (newest first), with the
 * NDIS_STATUS of each, for diagnosis; returns how many were stored (at most
 * max and NDL_REFUSED_OIDS).
 */
#define NDL_REFUSED_OIDS	8
struct ndl_refused_oid {
	u32 oid;
	u32 ndis_status;
	bool set;
};
u32 ndl_adapter_refused_oids(struct ndl_adapter *ad,
			     struct ndl_refused_oid *out, u32 max);

/* Map an NDIS_STATUS to a negative errno-style NDL_E* (0 for success). */
int ndl_ndis_status_to_errno(u32 ndis_status);

#endif
