// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the .inf parser over tests/helper/inf/ (INFs written to
 * mimic vendor packages) and the Microsoft samples in tests/helper/inf-corpus/ (copied from shared/inf-corpus).
 * Usage: test_inf TESTS_INF_DIR MS_CORPUS_DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/fsutil.h"
#include "inf/hwid.h"
#include "inf/inf.h"
#include "lib/strutil.h"

static const char *dir, *msdir;

struct loaded {
	struct inf_pkg_file files[8];
	char *data[8];
	size_t n;
};

static void load(struct loaded *l, const char *d, const char *name)
{
	char path[1024];
	struct ndl_err err;
	size_t i = l->n++;

	snprintf(path, sizeof(path), "%s/%s", d, name);
	if (fs_read_file(path, INF_MAX_SIZE, &l->data[i], &l->files[i].len, &err)) {
		fprintf(stderr, "%s\n", err.msg);
		exit(1);
	}
	l->files[i].name = name;
	l->files[i].data = l->data[i];
}

static void unload(struct loaded *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->data[i]);
	l->n = 0;
}

static struct inf_driver *parse(struct loaded *l, const char *locale)
{
	struct inf_options o = { .locale = locale };
	struct ndl_err err;
	struct inf_driver *d = inf_parse_package(l->files, l->n, 0, &o, &err);

	if (!d)
		fprintf(stderr, "parse failed: %s\n", err.msg);
	return d;
}

static const struct inf_install *install_of(const struct inf_driver *d,
					    const char *name)
{
	size_t i;

	for (i = 0; i < d->ninstalls; i++)
		if (str_ieq(d->installs[i].name, name))
			return &d->installs[i];
	return NULL;
}

static const struct inf_param *param_of(const struct inf_install *ins,
					const char *name)
{
	size_t i;

	for (i = 0; ins && i < ins->nparams; i++)
		if (str_ieq(ins->params[i].name, name))
			return &ins->params[i];
	return NULL;
}

static bool warned(const struct inf_driver *d, const char *needle)
{
	size_t i;

	for (i = 0; i < d->warnings.count; i++)
		if (strstr(d->warnings.items[i].msg, needle))
			return true;
	return false;
}

static void check_acme(const char *file)
{
	struct loaded l = { .n = 0 };
	struct inf_driver *d;
	const struct inf_install *fl, *oem;
	const struct inf_regval *r;
	const struct inf_param *p;

	load(&l, dir, file);
	d = parse(&l, "0409");
	CHECK(d != NULL);
	if (!d)
		return;
	CHECK(d->unsupported == NULL);
	CHECK(str_ieq(d->provider, "ACME Networks"));
	CHECK(str_ieq(d->driver_version, "5.12.0314.2008"));
	CHECK(str_ieq(d->driver_date, "03/14/2008"));
	CHECK(str_ieq(d->catalog, "acme64.cat"));
	/* NTamd64.6.1 beats NTamd64; NTx86 and NTia64 are never used. */
	CHECK(str_ieq(d->decorations, "ACME.NTamd64.6.1"));
	CHECK_EQ_INT(d->nmodels, 3);
	CHECK(!install_of(d, "Old.ndi") && !install_of(d, "Itanium.ndi"));
	CHECK(strcmp(d->models[1].ids[0].text, "PCI\\VEN_10EC&DEV_8139&SUBSYS_12341186") == 0);
	CHECK_EQ_INT(d->models[1].nids, 2);
	CHECK(d->models[2].ids[0].has & HWID_REV);
	fl = install_of(d, "FastLink.ndi");
	oem = install_of(d, "FastLinkOEM.ndi");
	CHECK(fl && oem);
	if (!fl || !oem)
		goto out;
	CHECK(strcmp(fl->section, "FastLink.ndi.NTamd64") == 0);
	CHECK(str_ieq(fl->sys, "acmefl.sys"));
	CHECK(str_ieq(fl->service, "ACMEFL"));
	CHECK_EQ_INT(fl->characteristics, 0x84);
	CHECK_EQ_INT(fl->bus_type, 5);
	CHECK(str_ieq(fl->lower_range, "ethernet"));
	/* Files: .hlp is a Windows file, the firmware lives in x64/firmware. */
	CHECK_EQ_INT(d->nneeded, 2);
	CHECK(str_ieq(d->needed[0].name, "acmefl.sys") && d->needed[0].role == FILE_SYS);
	CHECK(str_ieq(d->needed[0].subdir, "x64"));
	CHECK(str_ieq(d->needed[1].name, "acmefw.bin") && d->needed[1].role == FILE_DATA);
	CHECK(str_ieq(d->needed[1].subdir, "x64/firmware"));
	CHECK_EQ_INT(d->needed[0].dirid, 12);
	CHECK_EQ_INT(d->nmissing, 2);
	/* Typed registry values. */
	r = inf_find_reg(fl, "", "MaxMulticastList");
	CHECK(r && r->type == REGT_DWORD && r->num == 32);
	r = inf_find_reg(fl, "", "TxDescriptors");
	CHECK(r && r->type == REGT_DWORD && r->num == 0x40);
	r = inf_find_reg(fl, "", "FirmwareName");
	CHECK(r && r->type == REGT_EXPAND_SZ &&
	      strcmp(r->str, "%SystemRoot%\\System32\\drivers\\acmefw.bin") == 0);
	r = inf_find_reg(fl, "", "SupportedModes");
	CHECK(r && r->type == REGT_MULTI_SZ && r->len == strlen("10half10full100half100full") + 4 &&
	      strcmp(r->str + 7, "10full") == 0);
	r = inf_find_reg(fl, "", "MacKey");
	CHECK(r && r->type == REGT_BINARY && r->len == 4 && r->bin[2] == 0x0a && r->bin[3] == 0xff);
	r = inf_find_reg(fl, "", "KeepMe");
	CHECK(r && strcmp(r->str, "first") == 0);
	r = inf_find_reg(fl, "", "Comma");
	CHECK(r && strcmp(r->str, "a, b; c") == 0);
	CHECK(inf_find_reg(fl, "", "Ignored") == NULL);	/* HKLM */
	CHECK(inf_find_reg(fl, "", "BusNumber") != NULL);
	CHECK(inf_find_reg(oem, "", "BusNumber") == NULL);	/* DelReg */
	CHECK(inf_find_reg(oem, "", "OemTag") != NULL);
	/* Parameters. */
	p = param_of(fl, "SpeedDuplex");
	CHECK(p && strcmp(p->type, "enum") == 0 && p->nenums == 3 &&
	      strcmp(p->def, "0") == 0 && strcmp(p->desc, "Speed & Duplex") == 0);
	CHECK(p && strcmp(p->enums[0].desc, "Auto Negotiation") == 0 &&
	      strcmp(p->enums[2].value, "4") == 0);
	p = param_of(oem, "SpeedDuplex");
	CHECK(p && strcmp(p->def, "4") == 0);	/* OEM.Reg overrides the default */
	p = param_of(fl, "ReceiveBuffers");
	CHECK(p && strcmp(p->type, "int") == 0 && strcmp(p->min, "16") == 0 &&
	      strcmp(p->max, "512") == 0 && strcmp(p->step, "8") == 0);
	p = param_of(fl, "NetworkAddress");
	CHECK(p && p->optional && p->upper_case && strcmp(p->limit_text, "12") == 0);
	p = param_of(fl, "*JumboPacket");
	CHECK(p && strcmp(p->base, "16") == 0 && strcmp(p->def, "5EA") == 0);
out:
	inf_driver_free(d);
	unload(&l);
}

static void test_acme_utf16le(void) { check_acme("acme_pci.inf"); }
static void test_acme_utf16be(void) { check_acme("acme_pci_utf16be.inf"); }

static void test_locale(void)
{
	struct loaded l = { .n = 0 };
	struct inf_driver *d;

	load(&l, dir, "acme_pci.inf");
	d = parse(&l, "0407");
	CHECK(d && strcmp(d->files[0]->strings_used, "Strings.0407") == 0);
	CHECK(d && strcmp(d->models[0].desc, "ACME FastLink PCI 10/100 Netzwerkkarte") == 0);
	/* Keys the German strings lack fall back to [Strings]. */
	CHECK(d && strcmp(d->models[1].desc, "ACME FastLink (OEM edition)") == 0);
	CHECK(d && strcmp(param_of(install_of(d, "FastLink.ndi"), "SpeedDuplex")->enums[0].desc,
			  "Automatisch") == 0);
	inf_driver_free(d);
	d = parse(&l, "0411");	/* no Japanese strings: [Strings] */
	CHECK(d && strcmp(d->models[0].desc, "ACME FastLink PCI 10/100 Adapter") == 0);
	inf_driver_free(d);
	unload(&l);
	CHECK(strcmp(inf_locale_lcid("de_DE.UTF-8"), "0407") == 0);
	CHECK(strcmp(inf_locale_lcid("C"), "0409") == 0);
	CHECK(strcmp(inf_locale_lcid("fr_CA"), "0c0c") == 0);
}

static void test_usb_include(void)
{
	struct loaded l = { .n = 0 };
	struct inf_driver *d;
	const struct inf_install *ins;

	load(&l, dir, "wavelan_usb.inf");
	load(&l, dir, "wavecommon.inf");
	d = parse(&l, "040c");
	CHECK(d && !d->unsupported);
	if (!d)
		goto out;
	CHECK(strcmp(d->files[0]->encoding, "UTF-8") == 0);
	CHECK_EQ_INT(d->nmodels, 4);
	CHECK(strcmp(d->models[0].desc, "Adaptateur réseau sans fil WaveLAN USB") == 0);
	CHECK(strcmp(d->models[1].ids[0].text, "USB\\VID_0CF3&PID_1006&REV_0100") == 0);
	CHECK(d->models[2].ids[0].has & HWID_MI);
	CHECK(d->models[3].ids[0].bus == HWID_OTHER);	/* SD\ */
	ins = install_of(d, "WaveUSB");
	CHECK(ins && strcmp(ins->section, "WaveUSB.NT") == 0);
	CHECK(ins && str_ieq(ins->lower_range, "wlan,ethernet"));
	/* From the included file, through Needs=. */
	CHECK(ins && inf_find_reg(ins, "", "RegDomain") && inf_find_reg(ins, "", "RegDomain")->num == 16);
	CHECK(ins && param_of(ins, "PowerSave") && param_of(ins, "PowerSave")->nenums == 2);
	CHECK_EQ_INT(d->nneeded, 2);
	CHECK(d->nneeded == 2 && str_ieq(d->needed[0].name, "wave_fw.bin") &&
	      str_ieq(d->needed[0].subdir, "firmware"));
	CHECK_EQ_INT(d->nincludes_missing, 1);	/* netvwifibus.inf is Windows' */
	CHECK(warned(d, "netvwifibus.inf"));
out:
	inf_driver_free(d);
	unload(&l);
	/* Without the included file: its settings are missing, noted. */
	load(&l, dir, "wavelan_usb.inf");
	d = parse(&l, NULL);
	CHECK(d && d->nincludes_missing == 2 && !param_of(install_of(d, "WaveUSB"), "PowerSave"));
	inf_driver_free(d);
	unload(&l);
}

static void test_ansi(void)
{
	struct loaded l = { .n = 0 };
	struct inf_driver *d;

	load(&l, dir, "ansi_crlf.inf");
	d = parse(&l, NULL);
	CHECK(d && !d->unsupported);
	CHECK(d && strcmp(d->files[0]->encoding, "ANSI (Windows-1252)") == 0);
	CHECK(d && strcmp(d->provider, "Réseaux Cœur") == 0);
	CHECK(d && strcmp(d->models[0].desc, "Carte réseau PCnet – “rapide”") == 0);
	CHECK(d && warned(d, "no NTamd64 decoration"));
	CHECK(d && str_ieq(d->installs[0].sys, "pcn.sys"));
	inf_driver_free(d);
	unload(&l);
}

/* The refusal names needle, or (needle NULL) a supported root-enumerated package. */
static void check_verdict(const char *file, const struct inf_driver *d,
			  const char *needle)
{
	if (!needle) {
		CHECK(!d->unsupported && d->root_enumerated);
		if (d->unsupported)
			fprintf(stderr, "%s: verdict \"%s\", wanted supported\n",
				file, d->unsupported);
	} else if (!d->unsupported || !strstr(d->unsupported, needle)) {
		CHECK(d->unsupported && strstr(d->unsupported, needle));
		fprintf(stderr, "%s: verdict \"%s\", wanted \"%s\"\n", file,
			d->unsupported ? d->unsupported : "(supported)", needle);
	}
}

static void expect_unsupported(const char *d_, const char *file, const char *needle)
{
	struct loaded l = { .n = 0 };
	struct inf_driver *d;

	load(&l, d_, file);
	d = parse(&l, NULL);
	CHECK(d != NULL);
	if (d)
		check_verdict(file, d, needle);
	inf_driver_free(d);
	unload(&l);
}

static const struct inf_regval *hw_reg(const struct inf_install *ins,
				       const char *subkey, const char *name)
{
	size_t i;

	for (i = 0; ins && i < ins->nhw_regs; i++)
		if (str_ieq(ins->hw_regs[i].subkey, subkey) &&
		    str_ieq(ins->hw_regs[i].name, name))
			return &ins->hw_regs[i];
	return NULL;
}

/*
 * [<install>.HW] AddReg/DelReg go to the device's hardware key (where
 * Windows reads MSISupported and MessageNumberLimit), not the driver's.
 */
static void test_hw_section(void)
{
	static const char msi[] =
		"Interrupt Management\\MessageSignaledInterruptProperties";
	struct loaded l = { .n = 0 };
	const struct inf_install *ins;
	const struct inf_regval *r;
	struct inf_driver *d;

	load(&l, dir, "msi_hw.inf");
	d = parse(&l, NULL);
	CHECK(d && !d->unsupported);
	ins = d ? install_of(d, "Nic.ndi") : NULL;
	CHECK(ins != NULL);
	r = hw_reg(ins, msi, "MSISupported");
	CHECK(r && r->type == REGT_DWORD && r->num == 1);
	r = hw_reg(ins, msi, "MessageNumberLimit");
	CHECK(r && r->type == REGT_DWORD && r->num == 4);
	CHECK(hw_reg(ins, "", "Dropped") == NULL);	/* DelReg in .HW */
	CHECK(ins && ins->nhw_regs == 2);
	CHECK(ins && inf_find_reg(ins, msi, "MSISupported") == NULL);
	CHECK(ins && inf_find_reg(ins, "", "TxDescriptors") != NULL);
	CHECK(hw_reg(ins, "", "TxDescriptors") == NULL);
	inf_driver_free(d);
	unload(&l);
}

static void test_refusals(void)
{
	expect_unsupported(dir, "x86_only.inf", "other processor architectures");
	expect_unsupported(dir, "kmdf_pci.inf", "KMDF");
}

static void expect_error(const char *file, const char *needle)
{
	struct loaded l = { .n = 0 };
	struct ndl_err err;
	struct inf_driver *d;
	char sub[64];

	snprintf(sub, sizeof(sub), "%s/bad", dir);
	load(&l, sub, file);
	d = inf_parse_package(l.files, l.n, 0, NULL, &err);
	CHECK(d == NULL);
	CHECK(d == NULL && strstr(err.msg, needle) && strstr(err.msg, file));
	if (d == NULL && !strstr(err.msg, needle))
		fprintf(stderr, "%s: error \"%s\", wanted \"%s\"\n", file, err.msg, needle);
	inf_driver_free(d);
	unload(&l);
}

static void test_errors(void)
{
	expect_error("no_signature.inf", ":1: [Version] has no Signature");
	expect_error("no_version.inf", "no [Version] section");
	expect_error("unterminated_section.inf", ":3: section header without a closing");
	expect_error("nul_byte.inf", ":4: contains a NUL");
	expect_error("bad_signature.inf", ":2: Signature is");
}

/*
 * The Microsoft samples: each parses, in UTF-8/ANSI and as UTF-16LE/BE,
 * with the refusal that names needle, or (needle NULL) as a supported
 * root-enumerated package.
 */
static void ms(const char *file, const char *needle, size_t min_params)
{
	struct loaded l = { .n = 0 };
	struct inf_driver *d;
	size_t i, k, np = 0;
	int enc;

	load(&l, msdir, file);
	for (enc = 0; enc < 3; enc++) {
		struct inf_pkg_file f = l.files[0];
		unsigned char *buf = NULL;
		struct ndl_err err;

		if (enc && ((const unsigned char *)f.data)[0] < 0x80) {
			/* ASCII source: re-encode as UTF-16 with BOM. */
			const unsigned char *src = f.data;

			buf = malloc(f.len * 2 + 2);
			buf[0] = enc == 1 ? 0xff : 0xfe;
			buf[1] = enc == 1 ? 0xfe : 0xff;
			for (i = 0; i < f.len; i++) {
				buf[2 + 2 * i + (enc == 1 ? 0 : 1)] = src[i];
				buf[2 + 2 * i + (enc == 1 ? 1 : 0)] = 0;
			}
			f.data = buf;
			f.len = f.len * 2 + 2;
		} else if (enc) {
			continue;	/* already UTF-16 */
		}
		d = inf_parse_package(&f, 1, 0, NULL, &err);
		CHECK(d != NULL);
		if (!d) {
			fprintf(stderr, "%s (encoding %d): %s\n", file, enc, err.msg);
			free(buf);
			continue;
		}
		check_verdict(file, d, needle);
		for (np = 0, k = 0; k < d->ninstalls; k++)
			np += d->installs[k].nparams;
		CHECK(np >= min_params);
		if (np < min_params)
			fprintf(stderr, "%s: %zu parameters\n", file, np);
		inf_driver_free(d);
		free(buf);
	}
	unload(&l);
}

static void test_ms_corpus(void)
{
	ms("network_ndis_filter_netlwf.inf", "Class=NetService", 0);
	ms("network_ndis_mux_driver_60_mux_mp.inf", "virtual adapter", 1);
	ms("network_ndis_netvmini_6x_60_netvmini60.inf", NULL, 0);
	ms("network_ndis_netvmini_6x_620_netvmini620.inf", NULL, 4);
	ms("network_ndis_netvmini_6x_630_netvmini630.inf", NULL, 5);
	ms("network_ndis_netvmini_6x_680_netvmini680.inf", NULL, 5);
	/* A NetAdapterCx driver whose .inf has no [*.Wdf] section: only its
	 * image (WDF imports) tells; the .inf alone is a ROOT\ package. */
	ms("network_netadaptercx_netvadapter_km_netvadapter.inf", NULL, 5);
	ms("network_wlan_WDI_PLATFORM_WinInf_SDIO_x64_netrtwlans.inf", "SD", 40);
	ms("network_wlan_wificx_km_wificxsampleclientkm.inf", "Windows Driver Framework", 1);
}

static void test_hwid(void)
{
	struct hwid id, ids[16];
	struct hwid_device dev = {
		.bus = HWID_PCI, .ven = 0x10ec, .dev = 0x8139, .subsys_ven = 0x1186,
		.subsys_dev = 0x1234, .rev = 0x20, .class_code = 0x020000, .mi = -1,
	};
	size_t n, nhw;
	struct hwid inf_plain, inf_subsys;

	CHECK(hwid_parse("pci\\ven_10ec&dev_8139", &id) && id.bus == HWID_PCI &&
	      strcmp(id.text, "PCI\\VEN_10EC&DEV_8139") == 0);
	CHECK(hwid_parse("PCI\\VEN_10EC&DEV_8139&SUBSYS_12341186&REV_20", &id) &&
	      id.subsys == 0x12341186 && id.rev == 0x20);
	CHECK(hwid_parse("PCI\\CC_0200", &id) && id.bus == HWID_PCI && (id.has & HWID_CC));
	CHECK(hwid_parse("USB\\VID_0cf3&PID_9271&MI_00", &id) && id.bus == HWID_USB &&
	      strcmp(id.text, "USB\\VID_0CF3&PID_9271&MI_00") == 0);
	CHECK(hwid_parse("PCI\\VEN_10EC&DEV_81", &id) && id.bus == HWID_OTHER);
	CHECK(hwid_parse("PCI\\VEN_10EC&&DEV_8139", &id) && id.bus == HWID_OTHER);
	CHECK(hwid_parse("SD\\VID_024C&PID_8753", &id) && id.bus == HWID_OTHER);
	CHECK(!hwid_parse("", &id) && !hwid_parse("PCI\\VEN_1 0EC", &id));
	n = hwid_device_ids(&dev, ids, 16, &nhw);
	CHECK_EQ_INT(n, 11);
	CHECK_EQ_INT(nhw, 4);
	CHECK(strcmp(ids[0].text, "PCI\\VEN_10EC&DEV_8139&SUBSYS_12341186&REV_20") == 0);
	CHECK(strcmp(ids[2].text, "PCI\\VEN_10EC&DEV_8139&CC_020000") == 0);
	CHECK(strcmp(ids[5].text, "PCI\\VEN_10EC&DEV_8139") == 0);
	CHECK(strcmp(ids[10].text, "PCI\\CC_0200") == 0);
	hwid_parse("PCI\\VEN_10EC&DEV_8139", &inf_plain);
	hwid_parse("PCI\\VEN_10EC&DEV_8139&SUBSYS_12341186", &inf_subsys);
	/* The subsystem-specific ID ranks better than the generic one. */
	CHECK(hwid_rank(ids, n, nhw, &inf_subsys, 1) >= 0);
	CHECK(hwid_rank(ids, n, nhw, &inf_subsys, 1) < hwid_rank(ids, n, nhw, &inf_plain, 1));
	dev.subsys_dev = 0x9999;
	n = hwid_device_ids(&dev, ids, 16, &nhw);
	CHECK(hwid_rank(ids, n, nhw, &inf_subsys, 1) == -1);
	CHECK(hwid_rank(ids, n, nhw, &inf_plain, 1) >= 0x2000);	/* a compatible ID */
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: test_inf TESTS_INF_DIR MS_CORPUS_DIR\n");
		return 2;
	}
	dir = argv[1];
	msdir = argv[2];
	RUN(test_acme_utf16le);
	RUN(test_acme_utf16be);
	RUN(test_locale);
	RUN(test_usb_include);
	RUN(test_ansi);
	RUN(test_hw_section);
	RUN(test_refusals);
	RUN(test_errors);
	RUN(test_ms_corpus);
	RUN(test_hwid);
	return CHECK_EXIT_CODE();
}
