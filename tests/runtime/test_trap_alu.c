// SPDX-License-Identifier: GPL-2.0-only
/*
 * The user host's emulation of ALU instructions on trapped MMIO
 * (module/user/trap_alu.c), against the CPU itself: each instruction's
 * bytes run from a page the host takes for a driver image, once on
 * ordinary memory (the oracle: what the x86 manual says, as this CPU does
 * it) and once on a PROT_NONE MMIO mapping of a simulated device. The
 * registers, EFLAGS and memory must come out the same; the device must
 * see one read of the operand's size and, for a destination in memory,
 * one write (cmp, test and bt never write). Instructions it does not
 * emulate still reach the previous SIGSEGV handler.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

#include "check.h"
#include "common.h"
#include "pe/pe.h"

/* ---- a simulated device whose BAR is 256 bytes of memory -------------- */

#define BAR_SIZE	0x100
#define OPND		0x40	/* the memory operand's offset in the BAR */

struct access {
	bool write;
	uint32_t off, val;
	int size;
};

static u8 dev_regs[BAR_SIZE];
static struct access log_acc[8];
static int nacc;

static void record(bool write, uint32_t off, int size, uint32_t val)
{
	if (nacc < (int)NDL_ARRAY_SIZE(log_acc))
		log_acc[nacc] = (struct access){ write, off, val, size };
	nacc++;
}

static uint32_t mem_read(struct ndl_sim_dev *d, int bar, uint32_t off,
			 int size)
{
	uint32_t v = 0;

	memcpy(&v, dev_regs + off, (size_t)size);
	record(false, off, size, v);
	return v;
}

static void mem_write(struct ndl_sim_dev *d, int bar, uint32_t off, int size,
		      uint32_t val)
{
	memcpy(dev_regs + off, &val, (size_t)size);
	record(true, off, size, val);
}

static const struct ndl_sim_model mem_model = {
	.name = "alu", .vendor = 0x1234, .device = 0x0a1a,
	.bars = { { NDL_SIM_BAR_MEM, BAR_SIZE } },
	.read = mem_read, .write = mem_write,
};

/* ---- running instruction bytes with every register given ---------------- */

/* rax..r15 (r[4], rsp, is not loaded) and RFLAGS, in and out. */
struct cpu {
	u64 r[16];
	u64 flags;
};

void trap_alu_run(struct cpu *st, const void *code);
__asm__(".text\n"
	".type trap_alu_run, @function\n"
	"trap_alu_run:\n\t"
	"push %rbp\n\tpush %rbx\n\tpush %r12\n\t"
	"push %r13\n\tpush %r14\n\tpush %r15\n\t"
	"push %rdi\n\t"			/* st */
	"push %rsi\n\t"			/* code */
	"push 128(%rdi)\n\tpopfq\n\t"
	"mov 0(%rdi), %rax\n\tmov 8(%rdi), %rcx\n\t"
	"mov 16(%rdi), %rdx\n\tmov 24(%rdi), %rbx\n\t"
	"mov 40(%rdi), %rbp\n\tmov 48(%rdi), %rsi\n\t"
	"mov 64(%rdi), %r8\n\tmov 72(%rdi), %r9\n\t"
	"mov 80(%rdi), %r10\n\tmov 88(%rdi), %r11\n\t"
	"mov 96(%rdi), %r12\n\tmov 104(%rdi), %r13\n\t"
	"mov 112(%rdi), %r14\n\tmov 120(%rdi), %r15\n\t"
	"mov 56(%rdi), %rdi\n\t"
	"call *(%rsp)\n\t"
	"pushfq\n\t"
	"push %rdi\n\t"
	"mov 24(%rsp), %rdi\n\t"	/* rdi', flags, code, st */
	"pop 56(%rdi)\n\t"
	"pop 128(%rdi)\n\t"
	"mov %rax, 0(%rdi)\n\tmov %rcx, 8(%rdi)\n\t"
	"mov %rdx, 16(%rdi)\n\tmov %rbx, 24(%rdi)\n\t"
	"mov %rbp, 40(%rdi)\n\tmov %rsi, 48(%rdi)\n\t"
	"mov %r8, 64(%rdi)\n\tmov %r9, 72(%rdi)\n\t"
	"mov %r10, 80(%rdi)\n\tmov %r11, 88(%rdi)\n\t"
	"mov %r12, 96(%rdi)\n\tmov %r13, 104(%rdi)\n\t"
	"mov %r14, 112(%rdi)\n\tmov %r15, 120(%rdi)\n\t"
	"add $16, %rsp\n\t"
	"pop %r15\n\tpop %r14\n\tpop %r13\n\t"
	"pop %r12\n\tpop %rbx\n\tpop %rbp\n\t"
	"ret\n"
	".size trap_alu_run, .-trap_alu_run\n");

/* One page of "driver code": the host emulates only inside an image. */
static struct ndl_image code_img;
static u8 *code;

static bool code_init(void)
{
	code = mmap(NULL, 4096, PROT_READ | PROT_EXEC,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (code == MAP_FAILED)
		return false;
	code_img.base = code;
	code_img.map_size = 4096;
	code_img.info.size_of_image = 4096;
	ndl_image_register(&code_img);
	return true;
}

static void code_exit(void)
{
	ndl_image_unregister(&code_img);
	munmap(code, 4096);
}

/* The instruction's bytes followed by ret. */
static void code_set(const u8 *insn, int len)
{
	mprotect(code, 4096, PROT_READ | PROT_WRITE);
	memcpy(code, insn, (size_t)len);
	code[len] = 0xc3;
	mprotect(code, 4096, PROT_READ | PROT_EXEC);
}

/* ---- encoding ------------------------------------------------------------ */

enum { RAX, RCX, RDX, RBX, RSP, RBP, RSI, RDI, R8, R12 = 12, R13 = 13 };

/* The forms emulated, as the x86 manual lists them. */
enum dst { TO_MEM, TO_REG, TO_NONE, TO_BOTH };

struct form {
	const char *name;
	u8 op[2];		/* opcode (two bytes after 0F) */
	int nop;
	int ext;		/* ModRM.reg for a group opcode, or -1 */
	bool byte;		/* byte operands (else 16/32/64) */
	int imm;		/* 1, or 4 for imm16/32 (iz), or 0 */
	enum dst dst;
};

struct insn_spec {
	const struct form *f;
	int size;
	int reg;		/* ModRM.reg register (when ext < 0) */
	int base;		/* base register of [base + disp8] */
	int index;		/* -1, or SIB index (scale 4) */
	bool rex;		/* an empty REX (byte regs: spl.. not ah..) */
	bool lock;
	bool w66;		/* 66 and REX.W together: REX.W wins */
	u64 imm;
};

static int encode(const struct insn_spec *s, u8 *b)
{
	const struct form *f = s->f;
	int n = 0, reg = f->ext >= 0 ? f->ext : s->reg, rex = 0;

	if (s->lock)
		b[n++] = 0xf0;
	if (s->size == 2 || s->w66)
		b[n++] = 0x66;
	if (s->size == 8)
		rex |= 0x48;
	if (f->ext < 0 && reg >= 8)
		rex |= 0x44;
	if (s->base >= 8)
		rex |= 0x41;
	if (s->index >= 8)
		rex |= 0x42;
	if (rex || s->rex)
		b[n++] = (u8)(rex | 0x40);
	memcpy(b + n, f->op, (size_t)f->nop);
	n += f->nop;
	if (s->index >= 0 || (s->base & 7) == RSP) {
		b[n++] = (u8)(0x44 | (reg & 7) << 3);	/* mod 1, SIB */
		b[n++] = (u8)(0x80 | (s->index >= 0 ? s->index & 7 : 4) << 3 |
			      (s->base & 7));
	} else {
		b[n++] = (u8)(0x40 | (reg & 7) << 3 | (s->base & 7));
	}
	b[n++] = 8;					/* disp8 */
	if (f->imm) {
		int len = f->imm == 1 ? 1 : s->size == 2 ? 2 : 4;

		memcpy(b + n, &s->imm, (size_t)len);
		n += len;
	}
	return n;
}

#define GRP1(name, ext, write)						\
	{ name " r/m8, imm8", { 0x80 }, 1, ext, true, 1, write },	\
	{ name " r/m, imm", { 0x81 }, 1, ext, false, 4, write },	\
	{ name " r/m, imm8", { 0x83 }, 1, ext, false, 1, write }
#define ALU(name, op)							\
	{ name " r/m8, r8", { op }, 1, -1, true, 0, TO_MEM },		\
	{ name " r/m, r", { op + 1 }, 1, -1, false, 0, TO_MEM },	\
	{ name " r8, r/m8", { op + 2 }, 1, -1, true, 0, TO_REG },	\
	{ name " r, r/m", { op + 3 }, 1, -1, false, 0, TO_REG },	\
	GRP1(name, op >> 3, TO_MEM)

static const struct form forms[] = {
	ALU("add", 0x00), ALU("or", 0x08), ALU("adc", 0x10),
	ALU("sbb", 0x18), ALU("and", 0x20), ALU("sub", 0x28),
	ALU("xor", 0x30),
	{ "cmp r/m8, r8", { 0x38 }, 1, -1, true, 0, TO_NONE },
	{ "cmp r/m, r", { 0x39 }, 1, -1, false, 0, TO_NONE },
	{ "cmp r8, r/m8", { 0x3a }, 1, -1, true, 0, TO_NONE },
	{ "cmp r, r/m", { 0x3b }, 1, -1, false, 0, TO_NONE },
	GRP1("cmp", 7, TO_NONE),
	{ "test r/m8, r8", { 0x84 }, 1, -1, true, 0, TO_NONE },
	{ "test r/m, r", { 0x85 }, 1, -1, false, 0, TO_NONE },
	{ "test r/m8, imm8", { 0xf6 }, 1, 0, true, 1, TO_NONE },
	{ "test r/m, imm", { 0xf7 }, 1, 0, false, 4, TO_NONE },
	{ "xchg r/m8, r8", { 0x86 }, 1, -1, true, 0, TO_BOTH },
	{ "xchg r/m, r", { 0x87 }, 1, -1, false, 0, TO_BOTH },
	{ "bt r/m, imm8", { 0x0f, 0xba }, 2, 4, false, 1, TO_NONE },
};

/* ---- the comparison ------------------------------------------------------ */

static u64 rng = 0x9e3779b97f4a7c15ull;

static u64 rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* Values at the edges where CF, OF, AF, SF and ZF turn. */
static u64 edge_value(void)
{
	static const u64 edges[] = {
		0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x0f, 0x10,
		0x7fffffff, 0x80000000, 0xffffffff, 0x7fffffffffffffffull,
		0x8000000000000000ull, ~0ull,
	};
	u64 r = rnd();

	return r & 1 ? edges[(r >> 1) % NDL_ARRAY_SIZE(edges)] : rnd();
}

static u8 *mmio;
static u8 plain[BAR_SIZE] __attribute__((aligned(16)));
static int failures_told;

static void hex(char *out, const u8 *b, int n)
{
	for (int i = 0; i < n; i++)
		sprintf(out + 3 * i, "%02x ", b[i]);
}

/* One instruction on ordinary memory and on MMIO: the same outcome. */
static void compare(const struct insn_spec *s)
{
	const int arith = 0x8d5;
	struct cpu native, emul;
	u8 insn[16], before[BAR_SIZE];
	int len = encode(s, insn), reads = 0, writes = 0;
	u64 flags_in;
	bool ok = true, want_write = s->f->dst == TO_MEM ||
				     s->f->dst == TO_BOTH;
	char bytes[64];

	for (int i = 0; i < 16; i++)
		native.r[i] = edge_value();
	native.flags = 0x202 | (rnd() & arith);
	flags_in = native.flags;
	native.r[RSP] = 0;
	if (s->index >= 0)
		native.r[s->index] = 0;
	for (int i = 0; i < BAR_SIZE; i++)
		before[i] = (u8)rnd();
	memcpy(&before[OPND], &(u64){ edge_value() }, 8);
	emul = native;
	native.r[s->base] = (u64)(uintptr_t)plain + OPND - 8;
	emul.r[s->base] = (u64)(uintptr_t)mmio + OPND - 8;
	memcpy(plain, before, BAR_SIZE);
	memcpy(dev_regs, before, BAR_SIZE);
	code_set(insn, len);

	trap_alu_run(&native, code);
	nacc = 0;
	trap_alu_run(&emul, code);

	for (int i = 0; i < 16; i++)
		if (i != RSP && i != s->base && native.r[i] != emul.r[i])
			ok = false;
	ok &= emul.r[s->base] == (u64)(uintptr_t)mmio + OPND - 8;
	ok &= native.flags == emul.flags;
	ok &= !memcmp(plain, dev_regs, BAR_SIZE);
	/* The sim delivers a qword as two dwords, low first. */
	for (int i = 0; i < nacc && i < (int)NDL_ARRAY_SIZE(log_acc); i++) {
		const struct access *a = &log_acc[i];
		int part = s->size == 8 ? 4 : s->size;
		int k = a->write ? writes++ : reads++;

		ok &= a->size == part && a->off == OPND + (u32)(k * part);
		ok &= !a->write || reads == (s->size == 8 ? 2 : 1);
	}
	ok &= nacc == reads + writes;
	ok &= reads == (s->size == 8 ? 2 : 1);
	ok &= writes == (want_write ? reads : 0);
	if (ok)
		return;
	check_failures++;
	if (failures_told++ >= 8)
		return;
	hex(bytes, insn, len);
	fprintf(stderr, "%s (%d bytes) %s: flags %#llx -> native %#llx, emulated %#llx; %d reads %d writes; memory %s\n",
		s->f->name, s->size, bytes,
		(unsigned long long)flags_in, (unsigned long long)native.flags,
		(unsigned long long)emul.flags, reads, writes,
		memcmp(plain, dev_regs, BAR_SIZE) ? "differs" : "same");
	for (int i = 0; i < 16; i++)
		if (i != RSP && i != s->base && native.r[i] != emul.r[i])
			fprintf(stderr, "  r%d native %#llx emulated %#llx\n", i,
				(unsigned long long)native.r[i],
				(unsigned long long)emul.r[i]);
}

/* A register other than rsp and the base (and its high byte's owner). */
static int pick_reg(int base, bool high_byte_ok, int limit)
{
	for (;;) {
		int r = (int)(rnd() % (u64)limit);

		if (r == RSP || r == base)
			continue;
		if (high_byte_ok && r >= 4 && r - 4 == base)
			continue;
		return r;
	}
}

static void run_form(const struct form *f, int size)
{
	for (int n = 0; n < 24; n++) {
		struct insn_spec s = { f, size, 0, 0, -1, false, false, false,
				       edge_value() };
		/* Byte forms without REX name ah..bh by 4-7: both kinds. */
		bool legacy8 = f->byte && (n & 1);

		s.base = legacy8 ? pick_reg(-1, false, 8) :
				   pick_reg(-1, false, 16);
		s.reg = legacy8 ? pick_reg(s.base, true, 8) :
				  pick_reg(s.base, false, 16);
		s.rex = f->byte && !legacy8;
		if (n % 5 == 0 && !legacy8)
			s.index = pick_reg(s.base, false, 16);
		if (n % 3 == 0 && !legacy8)
			s.base = n % 2 ? R12 : R13;	/* SIB / mod 1 forms */
		if (s.reg == s.base || s.index == s.base)
			continue;
		/* lock: only with a destination in memory (else #UD) */
		s.lock = (f->dst == TO_MEM || f->dst == TO_BOTH) && n % 4 == 1;
		s.w66 = size == 8 && n % 7 == 3;
		compare(&s);
	}
}

static void test_alu_forms_match_the_cpu(void)
{
	for (size_t i = 0; i < NDL_ARRAY_SIZE(forms); i++) {
		const struct form *f = &forms[i];

		if (f->byte) {
			run_form(f, 1);
			continue;
		}
		for (int size = 2; size <= 8; size *= 2)
			run_form(f, size);
	}
}

/* ---- not emulated: the previous handler sees it ------------------------- */

static struct sigaction saved;
static int prev_calls;
static void *prev_addr;
static int skip_len;

static void prev_handler(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;

	prev_calls++;
	prev_addr = si->si_addr;
	uc->uc_mcontext.gregs[REG_RIP] += skip_len;
}

/* The host's handler in front of prev_handler, as of ASan's. */
static void chain_prev(bool on)
{
	struct sigaction sa;

	ndl_trap_remove();
	if (on) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = prev_handler;
		sa.sa_flags = SA_SIGINFO | SA_NODEFER;
		sigaction(SIGSEGV, &sa, &saved);
	} else {
		sigaction(SIGSEGV, &saved, NULL);
	}
	ndl_trap_install();
}

static void test_others_reach_previous_handler(void)
{
	static const struct {
		const char *name;
		u8 bytes[8];
		int len;
	} refused[] = {
		{ "bt [rbx+8], eax (register bit offset)", { 0x0f, 0xa3, 0x43, 8 }, 4 },
		{ "imul eax, [rbx+8]", { 0x0f, 0xaf, 0x43, 8 }, 4 },
		{ "inc dword [rbx+8]", { 0xff, 0x43, 8 }, 3 },
		{ "test [rbx+8], imm8 as F6 /1", { 0xf6, 0x4b, 8, 1 }, 4 },
		{ "bts [rbx+8], 3", { 0x0f, 0xba, 0x6b, 8, 3 }, 5 },
		{ "add ax, [rbx+8] with rex before 66", { 0x48, 0x66, 0x03, 0x43, 8 }, 5 },
	};

	chain_prev(true);
	for (size_t i = 0; i < NDL_ARRAY_SIZE(refused); i++) {
		struct cpu st = { .flags = 0x202 };

		st.r[RBX] = (u64)(uintptr_t)mmio + OPND - 8;
		code_set(refused[i].bytes, refused[i].len);
		skip_len = refused[i].len;
		prev_calls = 0;
		nacc = 0;
		trap_alu_run(&st, code);
		if (prev_calls != 1 || prev_addr != mmio + OPND || nacc)
			fprintf(stderr, "%s: %d calls, %d device accesses\n",
				refused[i].name, prev_calls, nacc);
		CHECK_EQ_INT(prev_calls, 1);
		CHECK(prev_addr == mmio + OPND);
		CHECK_EQ_INT(nacc, 0);
	}
	chain_prev(false);
}

int main(void)
{
	struct ndl_os_resource res[2];
	struct ndl_sim_dev *sim;
	int rc;

	test_init();
	/* Every case is a deliberate fault: valgrind reports each. */
	if (getenv("NDL_TEST_UNDER_VALGRIND")) {
		printf("SKIP: test_alu_forms_match_the_cpu (its trapped MMIO faults are valgrind errors)\n");
		printf("SKIP: test_others_reach_previous_handler (its trapped MMIO faults are valgrind errors)\n");
		return test_exit();
	}
	sim = ndl_sim_create(&mem_model);
	CHECK(sim != NULL);
	CHECK_EQ_INT(ndl_os_dev_resources(ndl_sim_os_dev(sim), res, 2), 2);
	mmio = ndl_os_mmio_map(ndl_sim_os_dev(sim), res[0].start, BAR_SIZE);
	CHECK(mmio != NULL);
	if (!mmio || !code_init())
		return 1;
	RUN(test_alu_forms_match_the_cpu);
	RUN(test_others_reach_previous_handler);
	code_exit();
	ndl_os_mmio_unmap(mmio, BAR_SIZE);
	ndl_sim_destroy(sim);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
