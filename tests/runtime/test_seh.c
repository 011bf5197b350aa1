// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of structured exception handling: __C_specific_handler's
 * scope-table walk (dispatch and unwind phases), an exception raised
 * outside any driver frame (a clean bug check), and the MSVC-built vseh
 * driver (tests/drivers/vseh) whose DriverEntry runs __try/__except/
 * __finally, filters, nested frames with and without a frame pointer,
 * probes, unwinding APIs and its load config (/GS cookie, /guard:cf)
 * against the dispatcher; plus fast mutexes and the error log.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common.h"
#include "nt/nt_api.h"
#include "nt/nt_status.h"
#include "pe/pe.h"

struct rec {
	NTSTATUS code;
	ULONG flags;
	void *next, *addr;
	ULONG n;
	ULONG_PTR info[15];
};

struct dctx {
	ULONG64 pc, image_base;
	void *fe;
	ULONG64 frame, target_ip;
	void *ctx, *handler, *data, *history;
	ULONG scope_index;
};

int NTAPI ndlw___C_specific_handler(struct rec *r, void *frame, void *ctx,
				    struct dctx *dc);
void NTAPI ndlw_ExRaiseStatus(NTSTATUS st);
FASTCALL void ndlw_ExAcquireFastMutex(void *m);
FASTCALL void ndlw_ExReleaseFastMutex(void *m);
FASTCALL BOOLEAN ndlw_ExTryToAcquireFastMutex(void *m);
void *NTAPI ndlw_IoAllocateErrorLogEntry(void *obj, UCHAR size);
void NTAPI ndlw_IoWriteErrorLogEntry(void *entry);
KIRQL NTAPI ndlw_KeGetCurrentIrql(void);

/* A fake image: base 0x10000, filters and finally blocks as C functions. */
static int filter_calls, finally_calls;
static LONG filter_verdict;

static LONG NTAPI filter(void *ep, void *frame)
{
	filter_calls++;
	return filter_verdict;
}

static void NTAPI finally_block(BOOLEAN abnormal, void *frame)
{
	finally_calls += abnormal ? 1 : 100;
}

static void test_scope_table_walk(void)
{
	ULONG64 f = (ULONG64)(uintptr_t)filter;
	ULONG64 t = (ULONG64)(uintptr_t)finally_block;
	ULONG64 base = (f < t ? f : t) & ~0xfffffull;
	struct {
		ULONG count;
		ULONG r[3][4];
	} table = { 3, {
		/* __try/__finally around [0x100, 0x200) */
		{ 0x100, 0x200, (ULONG)((uintptr_t)finally_block - base), 0 },
		/* __try/__except(filter) around [0x100, 0x300) */
		{ 0x100, 0x300, (ULONG)((uintptr_t)filter - base), 0x400 },
		/* unrelated scope */
		{ 0x800, 0x900, 1, 0x950 },
	} };
	struct rec r = { .code = STATUS_ACCESS_VIOLATION };
	struct dctx dc = { .pc = base + 0x150, .image_base = base,
			   .data = &table };

	filter_verdict = 0;		/* EXCEPTION_CONTINUE_SEARCH */
	CHECK_EQ_INT(ndlw___C_specific_handler(&r, NULL, NULL, &dc), 1);
	CHECK_EQ_INT(filter_calls, 1);
	CHECK_EQ_INT(finally_calls, 0);	/* not in the dispatch phase */
	filter_verdict = -1;		/* EXCEPTION_CONTINUE_EXECUTION */
	CHECK_EQ_INT(ndlw___C_specific_handler(&r, NULL, NULL, &dc), 0);
	dc.pc = base + 0x250;		/* outside the __finally scope */
	filter_calls = 0;
	filter_verdict = 0;
	ndlw___C_specific_handler(&r, NULL, NULL, &dc);
	CHECK_EQ_INT(filter_calls, 1);
	/* unwind phase: the termination handler runs, once */
	r.flags = 0x2;			/* EXCEPTION_UNWINDING */
	dc.pc = base + 0x150;
	dc.scope_index = 0;
	CHECK_EQ_INT(ndlw___C_specific_handler(&r, NULL, NULL, &dc), 1);
	CHECK_EQ_INT(finally_calls, 1);
	CHECK_EQ_INT(dc.scope_index, 1);
	ndlw___C_specific_handler(&r, NULL, NULL, &dc);
	CHECK_EQ_INT(finally_calls, 1);
}

static void raise_cb(void *ctx)
{
	ndlw_ExRaiseStatus(STATUS_INSUFFICIENT_RESOURCES);
}

/* Raised by code outside every image: no driver frame to handle it. */
static void test_raise_is_a_bugcheck(void)
{
	log_clear();
	CHECK_EQ_INT(ndl_user_call_guarded(raise_cb, NULL), 0x1e);
	CHECK_EQ_INT(ndl_user_last_bugcheck()->params[0], 0xc000009a);
	CHECK(log_contains("driver exception 0xc000009a at"));
	CHECK(log_contains("not handled"));
}

static struct ndl_driver *load_vseh(const char *service)
{
	struct ndl_load_opts opts = { .trap_cr8 = true };
	struct ndl_driver *drv = NULL;
	struct ndl_pe_error err;
	char path[512];
	const char *b = getenv("NDL_BUILD");
	size_t len;
	void *file;

	snprintf(path, sizeof(path), "%s/drivers-msvc/vseh/vseh.sys",
		 b ? b : "build");
	file = read_file(path, &len);
	CHECK(file != NULL);
	if (!file)
		return NULL;
	CHECK_EQ_INT(ndl_driver_load(file, len, service, &opts, &drv, &err),
		     0);
	free(file);
	return drv;
}

/* Every check of vseh's DriverEntry passes (VSEH_FAILED(n) names one). */
static void test_msvc_driver(void)
{
	struct ndl_driver *drv = load_vseh("vseh");
	u64 cookie;

	if (!drv)
		return;
	/* The loader replaced the linker's default /GS cookie. */
	cookie = drv->image->cookie;
	CHECK(cookie != 0 && cookie != 0x2B992DDFA232ull && !(cookie >> 48));
	CHECK_EQ_INT(ndl_driver_start(drv), STATUS_SUCCESS);
	ndl_driver_unload(drv);
}

static void start_cb(void *ctx)
{
	ndl_driver_start(ctx);
}

/* No frame handles it: KMODE_EXCEPTION_NOT_HANDLED with code, address. */
static void test_msvc_driver_unhandled(void)
{
	struct ndl_driver *drv = load_vseh("vseh_unhandled");
	const struct ndl_user_bugcheck *bc;

	if (!drv)
		return;
	log_clear();
	CHECK_EQ_INT(ndl_user_call_guarded(start_cb, drv), 0x1e);
	bc = ndl_user_last_bugcheck();
	CHECK_EQ_INT(bc->params[0], 0xe05e1234);
	CHECK(ndl_pe_contains(drv->image, (void *)(uintptr_t)bc->params[1]));
	CHECK(log_contains("not handled"));
	ndl_driver_unload(drv);
}

static void test_fast_mutex(void)
{
	struct {
		LONG count;
		void *owner;
		ULONG contention;
		KEVENT event;
		ULONG old_irql;
	} m = { .count = 1 };

	ndlw_KeInitializeEvent(&m.event, SynchronizationEvent, FALSE);
	ndlw_ExAcquireFastMutex(&m);
	CHECK(m.count == 0 && m.owner == ndl_os_current_thread());
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_APC_LEVEL);
	CHECK(!ndlw_ExTryToAcquireFastMutex(&m));
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_APC_LEVEL);
	ndlw_ExReleaseFastMutex(&m);
	CHECK(m.count == 1 && m.owner == NULL);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_PASSIVE_LEVEL);
	CHECK(ndlw_ExTryToAcquireFastMutex(&m));
	ndlw_ExReleaseFastMutex(&m);
}

static void test_error_log(void)
{
	u8 *e = ndlw_IoAllocateErrorLogEntry(NULL, 0x30 + 12);

	CHECK(e != NULL);
	CHECK(ndlw_IoAllocateErrorLogEntry(NULL, 250) == NULL);
	if (!e)
		return;
	*(u32 *)(e + 0x0c) = 0xc0001234;	/* ErrorCode */
	*(u16 *)(e + 0x04) = 1;			/* NumberOfStrings */
	*(u16 *)(e + 0x06) = 0x30;		/* StringOffset */
	memcpy(e + 0x30, u"nic0", 10);
	log_clear();
	ndlw_IoWriteErrorLogEntry(e);		/* logs and frees */
	CHECK(log_contains("code 0xc0001234"));
	CHECK(log_contains("\"nic0\""));
}

void NTAPI ndlw___chkstk(void);

/* __chkstk keeps every register but r10/r11 (rax holds the frame size). */
static void test_chkstk_preserves_registers(void)
{
	u64 rax = 0x12345, rcx = 0x777, rdx = 0x888;

	__asm__ volatile("sub $128, %%rsp\n\tcall *%[fn]\n\tadd $128, %%rsp"
			 : "+a"(rax), "+c"(rcx), "+d"(rdx)
			 : [fn] "r"(ndlw___chkstk)
			 : "r8", "r9", "r10", "r11", "memory");
	CHECK_EQ_INT(rax, 0x12345);
	CHECK_EQ_INT(rcx, 0x777);
	CHECK_EQ_INT(rdx, 0x888);
}

int main(void)
{
	int rc;

	test_init();
	RUN(test_scope_table_walk);
	RUN(test_raise_is_a_bugcheck);
	RUN(test_msvc_driver);
	RUN(test_msvc_driver_unhandled);
	RUN(test_fast_mutex);
	RUN(test_error_log);
	RUN(test_chkstk_preserves_registers);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
