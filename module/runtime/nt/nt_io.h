/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The NT I/O manager's packets: IRP, IO_STACK_LOCATION, IO_STATUS_BLOCK,
 * remove locks, and the runtime's own interface to device objects (named
 * devices, physical device objects for bound hardware, IRPs sent from the
 * host). Binary-exact x64 layouts: the WDK's IoGetCurrentIrpStackLocation,
 * IoSkipCurrentIrpStackLocation, IoCopyCurrentIrpStackLocationToNext,
 * IoSetCompletionRoutine, IoMarkIrpPending and IoSetCancelRoutine are
 * inline in every driver, so these offsets are ABI (static asserts below).
 * Shared by the NDIS 5 and NDIS 6 front ends and the USB bus (URBs travel
 * in IRP_MJ_INTERNAL_DEVICE_CONTROL IRPs to a PDO; struct ndl_pdo_ops).
 */
#ifndef NDL_NT_IO_H
#define NDL_NT_IO_H

#include "nt/nt_objects.h"
#include "nt/nt_hostdev.h"

#define IO_TYPE_IRP		6
#define IO_TYPE_FILE		5

/* Major function codes */
#define IRP_MJ_CREATE			0x00
#define IRP_MJ_CLOSE			0x02
#define IRP_MJ_READ			0x03
#define IRP_MJ_WRITE			0x04
#define IRP_MJ_FLUSH_BUFFERS		0x09
#define IRP_MJ_DEVICE_CONTROL		0x0e
#define IRP_MJ_INTERNAL_DEVICE_CONTROL	0x0f
#define IRP_MJ_SHUTDOWN			0x10
#define IRP_MJ_CLEANUP			0x12
#define IRP_MJ_POWER			0x16
#define IRP_MJ_SYSTEM_CONTROL		0x17
#define IRP_MJ_PNP			0x1b

/* IRP_MJ_PNP minor codes the runtime's bus driver answers */
#define IRP_MN_START_DEVICE		0x00
#define IRP_MN_QUERY_REMOVE_DEVICE	0x01
#define IRP_MN_REMOVE_DEVICE		0x02
#define IRP_MN_QUERY_INTERFACE		0x08
#define IRP_MN_QUERY_CAPABILITIES	0x09
#define IRP_MN_READ_CONFIG		0x0f
#define IRP_MN_WRITE_CONFIG		0x10
/* IRP_MN_READ/WRITE_CONFIG WhichSpace: the one bus space that exists here */
#define PCI_WHICHSPACE_CONFIG	0
#define IRP_MN_QUERY_ID			0x13
#define IRP_MN_QUERY_BUS_INFORMATION	0x15
/* IRP_MJ_POWER minor codes */
#define IRP_MN_WAIT_WAKE		0x00
#define IRP_MN_POWER_SEQUENCE		0x01
#define IRP_MN_SET_POWER		0x02
#define IRP_MN_QUERY_POWER		0x03

/* IO_STACK_LOCATION.Control */
#define SL_PENDING_RETURNED		0x01
#define SL_ERROR_RETURNED		0x02
#define SL_INVOKE_ON_CANCEL		0x20
#define SL_INVOKE_ON_SUCCESS		0x40
#define SL_INVOKE_ON_ERROR		0x80

/* IRP.Flags */
#define IRP_NOCACHE			0x00000001
#define IRP_PAGING_IO			0x00000002
#define IRP_MOUNT_COMPLETION		0x00000002
#define IRP_SYNCHRONOUS_API		0x00000004
#define IRP_ASSOCIATED_IRP		0x00000008
#define IRP_BUFFERED_IO			0x00000010
#define IRP_DEALLOCATE_BUFFER		0x00000020
#define IRP_INPUT_OPERATION		0x00000040
#define IRP_DEFER_IO_COMPLETION		0x00000800

/* IRP.AllocationFlags */
#define IRP_QUOTA_CHARGED		0x01
#define IRP_ALLOCATED_MUST_SUCCEED	0x02
#define IRP_ALLOCATED_FIXED_SIZE	0x04
#define IRP_LOOKASIDE_ALLOCATION	0x08

/* IOCTL codes: CTL_CODE(type, function, method, access) */
#define METHOD_BUFFERED			0
#define METHOD_IN_DIRECT		1
#define METHOD_OUT_DIRECT		2
#define METHOD_NEITHER			3
#define NDL_IOCTL_METHOD(code)		((code) & 3)
#define NDL_CTL_CODE(type, fn, method, access) \
	(((u32)(type) << 16) | ((u32)(access) << 14) | ((u32)(fn) << 2) | \
	 (u32)(method))
#define FILE_ANY_ACCESS			0
#define FILE_READ_ACCESS		1
#define FILE_WRITE_ACCESS		2

/* DEVICE_OBJECT.Flags */
#define DO_VERIFY_VOLUME		0x00000002
#define DO_BUFFERED_IO			0x00000004
#define DO_EXCLUSIVE			0x00000008
#define DO_DIRECT_IO			0x00000010
#define DO_DEVICE_HAS_NAME		0x00000040
#define DO_DEVICE_INITIALIZING		0x00000080
#define DO_POWER_PAGABLE		0x00002000
#define DO_POWER_INRUSH			0x00004000

/* DEVICE_OBJECT.DeviceType values the runtime uses */
#define FILE_DEVICE_BUS_EXTENDER	0x0000002a
#define FILE_DEVICE_NETWORK		0x00000012
#define FILE_DEVICE_PHYSICAL_NETCARD	0x00000017
#define FILE_DEVICE_UNKNOWN		0x00000022
#define FILE_DEVICE_SECURE_OPEN		0x00000100

#define IO_NO_INCREMENT			0
#define STATUS_MORE_PROCESSING_REQUIRED	((NTSTATUS)0xC0000016)

struct _IRP;
struct _FILE_OBJECT;
typedef NTAPI_PTR NTSTATUS (*PIO_COMPLETION_ROUTINE)(DEVICE_OBJECT *dev,
						     struct _IRP *irp, void *ctx);
typedef NTAPI_PTR void (*PDRIVER_CANCEL)(DEVICE_OBJECT *dev, struct _IRP *irp);
typedef NTAPI_PTR NTSTATUS (*PDRIVER_DISPATCH_IRP)(DEVICE_OBJECT *dev,
						   struct _IRP *irp);

/* POINTER_ALIGNMENT members start 8-byte aligned: the pad fields. */
typedef struct _IO_STACK_LOCATION {
	UCHAR MajorFunction;
	UCHAR MinorFunction;
	UCHAR Flags;
	UCHAR Control;
	union {
		struct {
			void *SecurityContext;
			ULONG Options;
			ULONG pad0;
			USHORT FileAttributes;
			USHORT ShareAccess;
			ULONG pad1;
			ULONG EaLength;
		} Create;
		struct {
			ULONG Length;
			ULONG pad0;
			ULONG Key;
			ULONG pad1;
			LARGE_INTEGER ByteOffset;
		} Read, Write;
		struct {
			ULONG OutputBufferLength;
			ULONG pad0;
			ULONG InputBufferLength;
			ULONG pad1;
			ULONG IoControlCode;
			ULONG pad2;
			void *Type3InputBuffer;
		} DeviceIoControl;
		struct {
			void *Buffer;
			ULONG Length;
			ULONG pad0;
			ULONG Offset;
			ULONG pad1;
			ULONG WhichSpace;
		} ReadWriteConfig;
		struct {
			const GUID *InterfaceType;
			USHORT Size;
			USHORT Version;
			void *Interface;
			void *InterfaceSpecificData;
		} QueryInterface;
		struct {
			void *Capabilities;
		} DeviceCapabilities;
		struct {
			ULONG IdType;
		} QueryId;
		struct {
			ULONG SystemContext;
			ULONG pad0;
			ULONG Type;
			ULONG pad1;
			ULONG State;
			ULONG pad2;
			ULONG ShutdownType;
		} Power;
		struct {
			ULONG_PTR ProviderId;
			void *DataPath;
			ULONG BufferSize;
			void *Buffer;
		} WMI;
		struct {
			void *Argument1;
			void *Argument2;
			void *Argument3;
			void *Argument4;
		} Others;
	} Parameters;
	DEVICE_OBJECT *DeviceObject;
	struct _FILE_OBJECT *FileObject;
	PIO_COMPLETION_ROUTINE CompletionRoutine;
	void *Context;
} IO_STACK_LOCATION;

typedef struct _IRP {
	CSHORT Type;
	USHORT Size;
	MDL *MdlAddress;
	ULONG Flags;
	union {
		struct _IRP *MasterIrp;
		LONG IrpCount;
		void *SystemBuffer;
	} AssociatedIrp;
	LIST_ENTRY ThreadListEntry;
	IO_STATUS_BLOCK IoStatus;
	KPROCESSOR_MODE RequestorMode;
	BOOLEAN PendingReturned;
	CHAR StackCount;
	CHAR CurrentLocation;
	BOOLEAN Cancel;
	KIRQL CancelIrql;
	CCHAR ApcEnvironment;
	UCHAR AllocationFlags;
	IO_STATUS_BLOCK *UserIosb;
	KEVENT *UserEvent;
	union {
		struct {
			void *UserApcRoutine;
			void *UserApcContext;
		} AsynchronousParameters;
		LARGE_INTEGER AllocationSize;
	} Overlay;
	PDRIVER_CANCEL CancelRoutine;
	void *UserBuffer;
	union {
		struct {
			void *DriverContext[4];
			void *Thread;
			char *AuxiliaryBuffer;
			LIST_ENTRY ListEntry;
			IO_STACK_LOCATION *CurrentStackLocation;
			struct _FILE_OBJECT *OriginalFileObject;
		} Overlay;
		UCHAR Apc[0x58];	/* KAPC: no APCs here */
		void *CompletionKey;
	} Tail;
} IRP;

/* FILE_OBJECT: the fields a dispatch routine reads from its stack slot. */
typedef struct _FILE_OBJECT {
	CSHORT Type;
	CSHORT Size;
	DEVICE_OBJECT *DeviceObject;
	void *Vpb;
	void *FsContext;
	void *FsContext2;
	void *SectionObjectPointer;
	void *PrivateCacheMap;
	NTSTATUS FinalStatus;
	struct _FILE_OBJECT *RelatedFileObject;
	BOOLEAN LockOperation;
	BOOLEAN DeletePending;
	BOOLEAN ReadAccess;
	BOOLEAN WriteAccess;
	BOOLEAN DeleteAccess;
	BOOLEAN SharedRead;
	BOOLEAN SharedWrite;
	BOOLEAN SharedDelete;
	ULONG Flags;
	UNICODE_STRING FileName;
	LARGE_INTEGER CurrentByteOffset;
	ULONG Waiters;
	ULONG Busy;
	void *LastLock;
	KEVENT Lock;
	KEVENT Event;
	void *CompletionContext;
	KSPIN_LOCK IrpListLock;
	LIST_ENTRY IrpList;
	void *FileObjectExtension;
} FILE_OBJECT;

/* Remove locks: the free-build layout (IO_REMOVE_LOCK_COMMON_BLOCK). */
typedef struct _IO_REMOVE_LOCK {
	BOOLEAN Removed;
	BOOLEAN Reserved[3];
	LONG IoCount;
	KEVENT RemoveEvent;
} IO_REMOVE_LOCK;

/* The inline DDK macros, for the runtime and its tests. */
static inline IO_STACK_LOCATION *ndl_irp_cur_sl(IRP *irp)
{
	return irp->Tail.Overlay.CurrentStackLocation;
}

static inline IO_STACK_LOCATION *ndl_irp_next_sl(IRP *irp)
{
	return irp->Tail.Overlay.CurrentStackLocation - 1;
}

#if defined(__x86_64__)
NDL_STATIC_ASSERT(sizeof(IO_STACK_LOCATION) == 0x48, "x64 IO_STACK_LOCATION");
NDL_STATIC_ASSERT(offsetof(IO_STACK_LOCATION, Parameters) == 0x08,
		  "x64 Parameters");
NDL_STATIC_ASSERT(offsetof(IO_STACK_LOCATION,
			   Parameters.DeviceIoControl.InputBufferLength) == 0x10,
		  "x64 InputBufferLength");
NDL_STATIC_ASSERT(offsetof(IO_STACK_LOCATION,
			   Parameters.DeviceIoControl.IoControlCode) == 0x18,
		  "x64 IoControlCode");
NDL_STATIC_ASSERT(offsetof(IO_STACK_LOCATION,
			   Parameters.DeviceIoControl.Type3InputBuffer) == 0x20,
		  "x64 Type3InputBuffer");
NDL_STATIC_ASSERT(offsetof(IO_STACK_LOCATION, Parameters.Read.ByteOffset) ==
		  0x18, "x64 Read.ByteOffset");
NDL_STATIC_ASSERT(offsetof(IO_STACK_LOCATION, Parameters.Power.State) == 0x18,
		  "x64 Power.State");
NDL_STATIC_ASSERT(offsetof(IO_STACK_LOCATION, Parameters.Create.EaLength) ==
		  0x20, "x64 Create.EaLength");
NDL_STATIC_ASSERT(offsetof(IO_STACK_LOCATION, Parameters.WMI.Buffer) == 0x20,
		  "x64 WMI.Buffer");
NDL_STATIC_ASSERT(offsetof(IO_STACK_LOCATION, DeviceObject) == 0x28,
		  "x64 DeviceObject");
NDL_STATIC_ASSERT(offsetof(IO_STACK_LOCATION, CompletionRoutine) == 0x38,
		  "x64 CompletionRoutine");
NDL_STATIC_ASSERT(offsetof(IO_STACK_LOCATION, Context) == 0x40, "x64 Context");
NDL_STATIC_ASSERT(sizeof(IRP) == 0xd0, "x64 IRP");
NDL_STATIC_ASSERT(offsetof(IRP, MdlAddress) == 0x08, "x64 MdlAddress");
NDL_STATIC_ASSERT(offsetof(IRP, AssociatedIrp) == 0x18, "x64 SystemBuffer");
NDL_STATIC_ASSERT(offsetof(IRP, IoStatus) == 0x30, "x64 IoStatus");
NDL_STATIC_ASSERT(offsetof(IRP, PendingReturned) == 0x41, "x64 Pending");
NDL_STATIC_ASSERT(offsetof(IRP, CurrentLocation) == 0x43, "x64 CurLocation");
NDL_STATIC_ASSERT(offsetof(IRP, Cancel) == 0x44, "x64 Cancel");
NDL_STATIC_ASSERT(offsetof(IRP, UserIosb) == 0x48, "x64 UserIosb");
NDL_STATIC_ASSERT(offsetof(IRP, UserEvent) == 0x50, "x64 UserEvent");
NDL_STATIC_ASSERT(offsetof(IRP, CancelRoutine) == 0x68, "x64 CancelRoutine");
NDL_STATIC_ASSERT(offsetof(IRP, UserBuffer) == 0x70, "x64 UserBuffer");
NDL_STATIC_ASSERT(offsetof(IRP, Tail.Overlay.DriverContext) == 0x78,
		  "x64 DriverContext");
NDL_STATIC_ASSERT(offsetof(IRP, Tail.Overlay.ListEntry) == 0xa8,
		  "x64 Tail.Overlay.ListEntry");
NDL_STATIC_ASSERT(offsetof(IRP, Tail.Overlay.CurrentStackLocation) == 0xb8,
		  "x64 CurrentStackLocation");
NDL_STATIC_ASSERT(offsetof(IRP, Tail.Overlay.OriginalFileObject) == 0xc0,
		  "x64 OriginalFileObject");
NDL_STATIC_ASSERT(sizeof(FILE_OBJECT) == 0xd8, "x64 FILE_OBJECT");
NDL_STATIC_ASSERT(offsetof(FILE_OBJECT, FsContext) == 0x18, "x64 FsContext");
NDL_STATIC_ASSERT(offsetof(FILE_OBJECT, FileName) == 0x58, "x64 FileName");
NDL_STATIC_ASSERT(sizeof(IO_REMOVE_LOCK) == 0x20, "x64 IO_REMOVE_LOCK");
#endif

/* ---- the runtime's interface (nt_irp.c, nt_device.c, nt_pdo.c) ---------- */

/*
 * Complete an IRP from runtime code with a status and information; the
 * same as a driver's IoCompleteRequest. Returns status (for dispatch).
 */
NTSTATUS ndl_irp_complete(IRP *irp, NTSTATUS status, ULONG_PTR info);
/* Pass an IRP down unchanged (IoSkipCurrentIrpStackLocation + call). */
NTSTATUS ndl_irp_pass_down(DEVICE_OBJECT *lower, IRP *irp);

/*
 * Create a device object as IoCreateDevice does (name may be NULL; UTF-8
 * "\Device\X"), owned by drv. Returns STATUS_*.
 */
NTSTATUS ndl_device_create(DRIVER_OBJECT *drv, ULONG ext_size,
			   const char *name, ULONG type, ULONG chars,
			   DEVICE_OBJECT **out);
void ndl_device_delete(DEVICE_OBJECT *dev);
/* The device a device object is attached to (its next-lower), or NULL. */
DEVICE_OBJECT *ndl_device_lower(DEVICE_OBJECT *dev);
/* Is dev a live device object this runtime created? */
bool ndl_device_valid(DEVICE_OBJECT *dev);
/* Remove a symbolic link by name (IoDeleteSymbolicLink). */
NTSTATUS ndl_link_remove(const char *name);
/* Symbolic link lookup: the device a \DosDevices\ or \??\ name names. */
DEVICE_OBJECT *ndl_device_by_name(const char *name);
/*
 * References that keep a device object's memory after IoDeleteDevice
 * (DEVICE_OBJECT.ReferenceCount, as Windows counts open files): the
 * object is freed when the last one is dropped.
 */
void ndl_device_ref(DEVICE_OBJECT *dev);
void ndl_device_deref(DEVICE_OBJECT *dev);
/* The routine IofCallDriver calls for major on dev. */
PDRIVER_DISPATCH ndl_device_dispatch(DEVICE_OBJECT *dev, u8 major);
/*
 * Give dev a dispatch table of its own instead of its driver's
 * MajorFunction[] (NDIS control devices: NdisMRegisterDevice's table).
 * The first n entries are copied; NULL ones and the rest fail with
 * STATUS_INVALID_DEVICE_REQUEST.
 */
NTSTATUS ndl_device_set_dispatch(DEVICE_OBJECT *dev,
				 PDRIVER_DISPATCH const *major, u32 n);
/* Every device's driver routine: STATUS_INVALID_DEVICE_REQUEST. */
NTSTATUS NTAPI ndl_io_invalid_request(DEVICE_OBJECT *dev, void *irp);
/* Fill a fresh DRIVER_OBJECT's MajorFunction[] as Windows does. */
void ndl_io_driver_init(DRIVER_OBJECT *drv);

/* ---- physical device objects of bound devices (nt_pdo.c) ---------------- */

enum ndl_pdo_bus { NDL_PDO_BUS_PCI, NDL_PDO_BUS_USB, NDL_PDO_BUS_ROOT };

/* What IoGetDeviceProperty reports for a PDO (UTF-8; "" = not known). */
struct ndl_pdo_desc {
	enum ndl_pdo_bus bus;
	u32 bus_number;
	u32 address;			/* PCI: (device << 16) | function */
	u32 ui_number;			/* slot number, or ~0u if none */
	char hardware_ids[256];		/* NUL-separated, most specific first */
	char compatible_ids[128];	/* NUL-separated */
	u32 hardware_ids_len, compatible_ids_len;	/* with final NULs */
	char description[96];
	char manufacturer[64];
	char location[64];		/* "PCI bus 0, device 3, function 0" */
	char class_guid[40];		/* "{4d36e972-...}" */
	char driver_key[96];		/* "{class guid}\0000" */
	char enumerator[16];		/* "PCI" */
	char service[48];		/* the driver's service name */
	const void *resources;		/* CM_RESOURCE_LIST, raw = translated */
	u32 resources_len;
	/* The host device behind it: IoConnectInterrupt connects its line. */
	struct ndl_os_dev *os_dev;
};

/*
 * A bus driver's hook for the requests a function driver sends down to
 * the PDO (USB: IRP_MJ_INTERNAL_DEVICE_CONTROL with URBs; PCI: the
 * configuration space through IRP_MN_READ/WRITE_CONFIG). dispatch returns
 * true if it took the IRP (completed it or keeps it pending; *ret is what
 * IoCallDriver returns), false for the PDO's default handling.
 */
struct ndl_pdo_ops {
	bool (*dispatch)(void *ctx, DEVICE_OBJECT *pdo, IRP *irp,
			 NTSTATUS *ret);
	u32 (*config)(void *ctx, bool write, u32 off, void *buf, u32 len);
};

NTSTATUS ndl_pdo_create(const struct ndl_pdo_desc *desc,
			const struct ndl_pdo_ops *ops, void *ctx,
			DEVICE_OBJECT **out);
void ndl_pdo_delete(DEVICE_OBJECT *pdo);
/* A PCI function's IDs and location into desc (hardware IDs as Windows). */
void ndl_pdo_desc_pci(struct ndl_pdo_desc *desc, u32 bus, u32 dev, u32 fn,
		      u16 vendor, u16 device, u16 subvendor, u16 subdevice,
		      u8 revision, u32 class_code);

#endif
