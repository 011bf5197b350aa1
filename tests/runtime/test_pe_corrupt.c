// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loader tests on systematically corrupted images: every header field the
 * loader reads is set to a bad value and must be refused with a message
 * naming that field; every truncation and single-byte change of the
 * headers must be handled without a crash (ASan/UBSan/valgrind watch).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common.h"
#include "pe/pe_format.h"

static u8 *base_file;
static size_t base_len;

/* Offsets of the structures inside base_file. */
static u32 fh, oh, sh, nsec;

static void locate(void)
{
	fh = pe_rd32(base_file + PE_DOS_LFANEW) + 4;
	oh = fh + PE_FH_SIZE;
	sh = oh + pe_rd16(base_file + fh + PE_FH_OPT_SIZE);
	nsec = pe_rd16(base_file + fh + PE_FH_NSECTIONS);
}

static u32 dir_off(int i)
{
	return oh + PE_OH_DIRS + 8 * (u32)i;
}

static int section_by_flags(u32 want, u32 reject)
{
	for (u32 i = 0; i < nsec; i++) {
		u32 f = pe_rd32(base_file + sh + i * PE_SH_SIZE +
				PE_SH_CHARACTERISTICS);

		if ((f & want) == want && !(f & reject))
			return (int)i;
	}
	return -1;
}

static void put(u8 *f, u32 off, int width, u64 v)
{
	for (int i = 0; i < width; i++)
		f[off + (u32)i] = (u8)(v >> (8 * i));
}

/* Patch one field, load, expect failure with a message containing want. */
static void expect_refused(const char *what, u32 off, int width, u64 v,
			   const char *want)
{
	u8 *f = malloc(base_len);
	struct ndl_pe_error err;
	struct ndl_image *img = NULL;
	int rc;

	memcpy(f, base_file, base_len);
	put(f, off, width, v);
	rc = ndl_pe_load(f, base_len, NULL, &img, &err);
	if (rc == 0) {
		fprintf(stderr, "%s: corrupted image was accepted\n", what);
		check_failures++;
		ndl_pe_unload(img);
	} else if (!strstr(err.msg, want)) {
		fprintf(stderr, "%s: message \"%s\" lacks \"%s\"\n", what,
			err.msg, want);
		check_failures++;
	}
	free(f);
}

static void test_headers(void)
{
	u32 sa = pe_rd32(base_file + oh + PE_OH_SECTION_ALIGN);

	expect_refused("e_magic", 0, 2, 0x4d5b, "e_magic = 0x4d5b");
	expect_refused("e_lfanew past end", PE_DOS_LFANEW, 4, base_len,
		       "e_lfanew");
	expect_refused("e_lfanew small", PE_DOS_LFANEW, 4, 4, "e_lfanew = 0x4");
	expect_refused("signature", fh - 4, 4, 0x4551, "PE signature");
	expect_refused("machine i386", fh + PE_FH_MACHINE, 2, 0x14c, "i386");
	expect_refused("machine arm64", fh + PE_FH_MACHINE, 2, 0xaa64,
		       "Machine = 0xaa64");
	expect_refused("no sections", fh + PE_FH_NSECTIONS, 2, 0,
		       "NumberOfSections = 0");
	expect_refused("too many sections", fh + PE_FH_NSECTIONS, 2, 97,
		       "NumberOfSections = 97");
	expect_refused("not executable", fh + PE_FH_CHARACTERISTICS, 2, 0x2000,
		       "IMAGE_FILE_EXECUTABLE_IMAGE");
	expect_refused("opt header small", fh + PE_FH_OPT_SIZE, 2, 100,
		       "SizeOfOptionalHeader = 100");
	expect_refused("opt header huge", fh + PE_FH_OPT_SIZE, 2, 0xffff,
		       "SizeOfOptionalHeader = 65535");
	expect_refused("PE32 magic", oh + PE_OH_MAGIC, 2, 0x10b, "PE32 (32-bit)");
	expect_refused("ROM magic", oh + PE_OH_MAGIC, 2, 0x107, "Magic = 0x107");
	expect_refused("image base", oh + PE_OH_IMAGE_BASE, 8, 0x12345,
		       "ImageBase = 0x12345");
	expect_refused("section align", oh + PE_OH_SECTION_ALIGN, 4, 0x1001,
		       "SectionAlignment = 0x1001");
	expect_refused("file align", oh + PE_OH_FILE_ALIGN, 4, 0x300,
		       "FileAlignment = 0x300");
	expect_refused("file align > section", oh + PE_OH_FILE_ALIGN, 4,
		       (u64)sa * 2, "larger than SectionAlignment");
	expect_refused("size of image 0", oh + PE_OH_SIZE_OF_IMAGE, 4, 0,
		       "SizeOfImage = 0x0");
	expect_refused("size of image huge", oh + PE_OH_SIZE_OF_IMAGE, 4,
		       0x7fff0000, "SizeOfImage = 0x7fff0000");
	expect_refused("size of image unaligned", oh + PE_OH_SIZE_OF_IMAGE, 4,
		       pe_rd32(base_file + oh + PE_OH_SIZE_OF_IMAGE) + 8,
		       "not a multiple of SectionAlignment");
	expect_refused("size of headers small", oh + PE_OH_SIZE_OF_HEADERS, 4,
		       0x40, "SizeOfHeaders = 0x40");
	expect_refused("size of headers huge", oh + PE_OH_SIZE_OF_HEADERS, 4,
		       base_len + 1, "SizeOfHeaders");
	expect_refused("subsystem", oh + PE_OH_SUBSYSTEM, 2, 2, "Subsystem = 2");
	expect_refused("rva count", oh + PE_OH_NDIRS, 4, 1000,
		       "NumberOfRvaAndSizes = 1000");
	expect_refused("entry 0", oh + PE_OH_ENTRY, 4, 0,
		       "AddressOfEntryPoint = 0");
	expect_refused("entry outside", oh + PE_OH_ENTRY, 4, 0x7ffffff0,
		       "not inside any section");
}

static void test_entry_in_data(void)
{
	int data = section_by_flags(PE_SCN_MEM_WRITE, PE_SCN_MEM_EXECUTE);

	CHECK(data >= 0);
	if (data >= 0)
		expect_refused("entry in data", oh + PE_OH_ENTRY, 4,
			       pe_rd32(base_file + sh + (u32)data * PE_SH_SIZE +
				       PE_SH_RVA), "not executable");
}

static void test_directories(void)
{
	static const char *const names[] = {
		"export directory", "import directory", "resource directory",
		"exception directory", NULL, "base relocation directory",
		"debug directory", "architecture directory",
		"global pointer directory", "TLS", "load config directory",
		NULL, "IAT directory", "delay import directory", "CLR",
		"reserved directory",
	};

	for (int i = 0; i < 16; i++) {
		if (!names[i])
			continue;
		expect_refused(names[i], dir_off(i), 4, 0x7fff0000, names[i]);
	}
	expect_refused("certificates", dir_off(4), 8,
		       (u64)8 << 32 | (base_len - 4),
		       "certificate directory");
	/* TLS and delay imports are refused even when in bounds. */
	expect_refused("TLS present", dir_off(9), 4, 0x1000,
		       "thread-local storage");
	expect_refused("delay imports", dir_off(13), 4, 0x1000,
		       "delay-loaded imports");
}

static void test_sections(void)
{
	u32 s0 = sh, s1 = sh + PE_SH_SIZE;
	u32 rva1 = pe_rd32(base_file + s1 + PE_SH_RVA);

	expect_refused("section rva unaligned", s1 + PE_SH_RVA, 4, rva1 + 4,
		       "not aligned to SectionAlignment");
	expect_refused("section overlap", s1 + PE_SH_RVA, 4,
		       pe_rd32(base_file + s0 + PE_SH_RVA), "overlaps");
	expect_refused("section in headers", s0 + PE_SH_RVA, 4, 0, "overlaps");
	expect_refused("section vsize", s1 + PE_SH_VSIZE, 4, 0x7fff0000,
		       "exceeds SizeOfImage");
	expect_refused("section raw ptr", s1 + PE_SH_RAW_PTR, 4, base_len,
		       "PointerToRawData");
	expect_refused("section raw size", s1 + PE_SH_RAW_SIZE, 4, 0x7fff0000,
		       "SizeOfRawData");
}

static void test_imports_and_relocs(void)
{
	u32 imp = pe_rd32(base_file + dir_off(NDL_PE_DIR_IMPORT));
	u32 rel = pe_rd32(base_file + dir_off(NDL_PE_DIR_BASERELOC));
	u32 rel_size = pe_rd32(base_file + dir_off(NDL_PE_DIR_BASERELOC) + 4);
	u32 file_off = 0;

	/* RVA -> file offset through the section table. */
	for (u32 i = 0; i < nsec; i++) {
		u32 s = sh + i * PE_SH_SIZE, va = pe_rd32(base_file + s + PE_SH_RVA);

		if (imp >= va && imp < va + pe_rd32(base_file + s + PE_SH_VSIZE))
			file_off = imp - va + pe_rd32(base_file + s + PE_SH_RAW_PTR);
	}
	CHECK(imp && file_off);
	if (file_off) {
		expect_refused("import dll name", file_off + PE_ID_NAME, 4,
			       0x7ffffff0, "Name RVA 0x7ffffff0");
		expect_refused("import thunk table", file_off + PE_ID_ILT, 4,
			       0x7ffffff0, "lookup entry");
		expect_refused("import IAT zero", file_off + PE_ID_IAT, 4, 0,
			       "FirstThunk = 0");
	}
	CHECK(rel && rel_size);
	for (u32 i = 0; rel && i < nsec; i++) {
		u32 s = sh + i * PE_SH_SIZE, va = pe_rd32(base_file + s + PE_SH_RVA);
		u32 blk;

		if (rel < va || rel >= va + pe_rd32(base_file + s + PE_SH_VSIZE))
			continue;
		blk = rel - va + pe_rd32(base_file + s + PE_SH_RAW_PTR);
		expect_refused("reloc block size", blk + 4, 4, 6, "SizeOfBlock = 6");
		expect_refused("reloc block past dir", blk + 4, 4, rel_size + 8,
			       "SizeOfBlock");
		expect_refused("reloc type HIGH", blk + 8, 2, 0x1000, "type HIGH (1)");
		expect_refused("reloc type 5", blk + 8, 2, 0x5000,
			       "type MIPS_JMPADDR/ARM_MOV32 (5)");
		expect_refused("reloc target", blk, 4, 0x7ffff000,
			       "target outside the image");
	}
	/* Stripped flag only matters without a relocation directory. */
	{
		u8 *f = malloc(base_len);
		struct ndl_pe_error err;
		struct ndl_pe_info info;

		memcpy(f, base_file, base_len);
		put(f, fh + PE_FH_CHARACTERISTICS, 2,
		    pe_rd16(base_file + fh + PE_FH_CHARACTERISTICS) | 1);
		put(f, dir_off(NDL_PE_DIR_BASERELOC), 8, 0);
		CHECK(ndl_pe_parse(f, base_len, &info, &err) != 0);
		CHECK(strstr(err.msg, "relocations stripped") != NULL);
		free(f);
	}
}

/* Every truncation point: an error or success, never a crash. */
static void test_truncations(void)
{
	size_t need = 0;

	/* Past the last section's raw data (symbols) nothing is needed. */
	for (u32 i = 0; i < nsec; i++) {
		u32 s = sh + i * PE_SH_SIZE;
		size_t end = (size_t)pe_rd32(base_file + s + PE_SH_RAW_PTR) +
			     pe_rd32(base_file + s + PE_SH_RAW_SIZE);

		if (end > need)
			need = end;
	}
	CHECK(need > 0x400 && need <= base_len);
	for (size_t n = 0; n < need; n += (n < 0x600 ? 1 : 61)) {
		struct ndl_pe_error err;
		struct ndl_image *img;
		u8 *f = malloc(n ? n : 1);

		memcpy(f, base_file, n);
		if (ndl_pe_load(f, n, NULL, &img, &err) == 0) {
			fprintf(stderr, "truncated to %zu bytes: accepted\n", n);
			check_failures++;
			ndl_pe_unload(img);
		} else if (!err.msg[0]) {
			fprintf(stderr, "truncated to %zu bytes: no message\n", n);
			check_failures++;
		}
		free(f);
	}
}

/* Every header byte set to 0x00, 0xff and flipped: no crash, no leak. */
static void test_header_byte_sweep(void)
{
	u32 end = sh + nsec * PE_SH_SIZE;
	static const int modes[] = { 0x00, 0xff, -1 };
	struct ndl_load_opts opts = { .bind_stubs = true, .trap_cr8 = true };

	for (u32 off = 0; off < end; off++) {
		for (size_t m = 0; m < NDL_ARRAY_SIZE(modes); m++) {
			struct ndl_pe_error err;
			struct ndl_image *img;
			u8 *f = malloc(base_len);

			memcpy(f, base_file, base_len);
			f[off] = modes[m] < 0 ? (u8)~f[off] : (u8)modes[m];
			if (ndl_pe_load(f, base_len, &opts, &img, &err) == 0)
				ndl_pe_unload(img);
			else if (!err.msg[0])
				check_failures++;
			free(f);
		}
	}
}

/* A changed byte in section data: still loadable, checksum mismatch. */
static void test_checksum(void)
{
	struct ndl_pe_info info;
	struct ndl_pe_error err;
	u8 *f = malloc(base_len);
	u32 raw = pe_rd32(base_file + sh + PE_SH_RAW_PTR);

	memcpy(f, base_file, base_len);
	CHECK_EQ_INT(ndl_pe_parse(f, base_len, &info, &err), 0);
	CHECK(info.checksum != 0 && info.checksum == info.checksum_actual);
	ndl_pe_info_free(&info);
	f[raw + 1] ^= 0x40;
	CHECK_EQ_INT(ndl_pe_parse(f, base_len, &info, &err), 0);
	CHECK(info.checksum != info.checksum_actual);
	ndl_pe_info_free(&info);
	free(f);
}

/*
 * The checksum as CheckSumMappedFile defines it, one 16-bit word at a
 * time with the carry folded back at each step (an odd last byte is a
 * word of its own), the CheckSum field as zero, plus the file length.
 */
static u32 reference_checksum(const u8 *f, size_t len, size_t field)
{
	u32 sum = 0;

	for (size_t at = 0; at < len; at += 2) {
		u32 w = 0;

		for (size_t b = at; b < at + 2 && b < len; b++)
			if (b < field || b >= field + 4)
				w |= (u32)f[b] << (8 * (b - at));
		sum += w;
		sum = (sum & 0xffff) + (sum >> 16);
	}
	return sum + (u32)len;
}

/*
 * The loader's checksum equals the reference for every length modulo 4
 * (it sums 32 bits at a time) and with the field on an odd offset (the
 * PE headers moved up one byte into their zero padding, e_lfanew with
 * them; the sections stay where they were).
 */
static void test_checksum_reference(void)
{
	u32 lfanew = pe_rd32(base_file + 0x3c);
	u32 hdrs = pe_rd32(base_file + lfanew + 24 + PE_OH_SIZE_OF_HEADERS);

	CHECK(base_file[hdrs - 1] == 0);	/* padding to move into */
	for (size_t extra = 0; extra < 8; extra++) {
		for (u32 shift = 0; shift < 2; shift++) {
			size_t len = base_len + extra;
			u8 *f = calloc(1, len);
			struct ndl_pe_info info;
			struct ndl_pe_error err;
			int rc;

			if (!f)
				return;
			memcpy(f, base_file, base_len);
			memmove(f + lfanew + shift, base_file + lfanew,
				hdrs - lfanew - shift);
			pe_wr32(f + 0x3c, lfanew + shift);
			for (size_t i = 0; i < extra; i++)
				f[base_len + i] = (u8)(0xa5 ^ i * 37);
			rc = ndl_pe_parse(f, len, &info, &err);
			CHECK_EQ_INT(rc, 0);
			if (rc == 0) {
				size_t field = lfanew + shift + 24 +
					       PE_OH_CHECKSUM;

				CHECK_EQ_INT(info.checksum_actual,
					     reference_checksum(f, len, field));
				ndl_pe_info_free(&info);
			}
			free(f);
		}
	}
}

static void test_valid_base_loads(void)
{
	struct ndl_pe_error err;
	struct ndl_image *img;

	CHECK_EQ_INT(ndl_pe_load(base_file, base_len, NULL, &img, &err), 0);
	if (img == NULL)
		return;
	CHECK_EQ_INT(img->info.machine, NDL_PE_MACHINE_AMD64);
	ndl_pe_unload(img);
}

int main(void)
{
	int rc;

	test_init();
	ndl_user_log_level(NDL_LOG_ERR);
	base_file = read_file(fixture_path("fx_basic"), &base_len);
	if (!base_file) {
		printf("FAIL: fixture fx_basic missing\n");
		return 1;
	}
	locate();
	RUN(test_valid_base_loads);
	RUN(test_checksum);
	RUN(test_checksum_reference);
	RUN(test_headers);
	RUN(test_entry_in_data);
	RUN(test_directories);
	RUN(test_sections);
	RUN(test_imports_and_relocs);
	RUN(test_truncations);
	RUN(test_header_byte_sweep);
	free(base_file);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
