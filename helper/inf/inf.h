/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The .inf parser: from a driver package's setup information file(s) to
 * what ndisload needs — which devices the driver is for, which files it
 * needs, the registry values and the parameters it reads.
 *
 * Layers, each its own file:
 *   inf_decode.c   bytes (UTF-16LE/BE, UTF-8, ANSI) -> UTF-8 text
 *   inf_lex.c      text -> sections of lines of fields (quotes, comments,
 *                  continuations), duplicate sections merged
 *   inf_subst.c    %strkey% substitution from [Strings] / [Strings.LCID]
 *   inf_models.c   [Version], [Manufacturer] decorations, model lines
 *   inf_install.c  install sections: CopyFiles, Include/Needs, services
 *   inf_addreg.c   AddReg/DelReg -> typed values and Ndi\params metadata
 *   inf_package.c  the whole package: includes, needed and missing files,
 *                  whether ndisload can run it
 * Pure functions over memory: no file system access, fuzzed by
 * tests/helper/fuzz_inf.c.
 */
#ifndef NDL_INF_H
#define NDL_INF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/arena.h"
#include "lib/err.h"
#include "inf/hwid.h"

#define INF_MAX_SIZE	(16u << 20)	/* bytes of one .inf */
#define INF_MAX_LINE	65536		/* bytes of one logical line */
#define INF_MAX_FIELDS	4096

struct inf_warning {
	const char *file;
	int line;
	const char *msg;
};

struct inf_warnings {
	struct arena *arena;
	struct inf_warning *items;
	size_t count, cap;
};

void inf_warn(struct inf_warnings *w, const char *file, int line,
	      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

struct inf_line {
	int lineno;		/* first physical line */
	char *key;		/* text before '=', NULL when there is none */
	size_t nfields;
	char **fields;		/* unquoted; substituted after inf_subst */
};

struct inf_section {
	char *name;
	int lineno;		/* of its first header */
	struct inf_line *lines;
	size_t nlines, cap;
};

struct inf_file {
	const char *name;	/* for messages */
	const char *encoding;
	struct inf_section *sections;
	size_t nsections, cap;
	const char *strings_used;	/* e.g. "Strings.0407" */
	struct inf_warnings *warnings;
	struct arena *arena;
};

/* inf_decode.c */
int inf_decode(struct arena *a, const char *file, const void *data,
	       size_t len, char **text, const char **encoding,
	       struct ndl_err *err);

/* inf_lex.c: decodes and splits one file. */
int inf_lex(struct arena *a, struct inf_warnings *w, const char *name,
	    const void *data, size_t len, struct inf_file *out,
	    struct ndl_err *err);
struct inf_section *inf_section(const struct inf_file *f, const char *name);
/* The first line of sec whose key is key (case-insensitive), or NULL. */
const struct inf_line *inf_key(const struct inf_section *sec, const char *key);
/* fields[0] of that line, or NULL. */
const char *inf_value(const struct inf_file *f, const char *section,
		      const char *key);

/* inf_subst.c: locale is "0407"-style, NULL for the default order. */
void inf_subst_all(struct inf_file *f, const char *locale);
/* The LCID (4 hex digits) for a POSIX locale name like "de_DE.UTF-8". */
const char *inf_locale_lcid(const char *posix_locale);

/* Registry values and parameters (inf_addreg.c). */
enum inf_regtype {
	REGT_SZ, REGT_EXPAND_SZ, REGT_MULTI_SZ, REGT_DWORD, REGT_QWORD,
	REGT_BINARY, REGT_NONE
};

struct inf_regval {
	const char *subkey;	/* "" for the device's own key */
	const char *name;
	enum inf_regtype type;
	const char *str;	/* SZ, EXPAND_SZ; MULTI_SZ: NUL-separated */
	size_t len;		/* MULTI_SZ: bytes incl. separators; BINARY */
	uint64_t num;		/* DWORD, QWORD */
	const uint8_t *bin;	/* BINARY, NONE */
	const char *file;
	int line;
};

struct inf_enum {
	const char *value;
	const char *desc;
};

struct inf_param {
	const char *name;	/* the registry value it configures */
	const char *desc;	/* ParamDesc */
	const char *type;	/* int long word dword enum edit (lower case) */
	const char *def;	/* default, NULL when none */
	const char *min, *max, *step, *base, *limit_text;
	bool optional, read_only, upper_case;
	struct inf_enum *enums;
	size_t nenums, enums_cap;
	const char *file;
	int line;
};

enum inf_file_role {
	FILE_SYS,		/* a kernel driver image */
	FILE_DATA,		/* firmware or data the driver opens */
	FILE_WINDOWS,		/* Windows programs (.dll, .exe): not needed */
};

struct inf_fileref {
	const char *name;	/* the name in the package (source name) */
	const char *dest;	/* the name it is installed as */
	const char *subdir;	/* [SourceDisksNames]/[SourceDisksFiles] path */
	enum inf_file_role role;
	int dirid;		/* DestinationDirs, -1 when unknown */
	const char *file;
	int line;
};

struct inf_install {
	const char *name;	/* as the model line names it */
	const char *section;	/* the (decorated) section used */
	const char *service;	/* AddService name with the SPSVCINST_ASSOCSERVICE flag */
	const char *sys;	/* ServiceBinary file name */
	struct inf_fileref *files;
	size_t nfiles, files_cap;
	struct inf_regval *regs;
	size_t nregs, regs_cap;
	/* The device's hardware key: [<section>.HW] AddReg/DelReg (HKR), e.g.
	 * Interrupt Management\MessageSignaledInterruptProperties\MSISupported.
	 */
	struct inf_regval *hw_regs;
	size_t nhw_regs;
	struct inf_param *params;
	size_t nparams, params_cap;
	const char *lower_range;	/* Ndi\Interfaces LowerRange */
	uint32_t characteristics;
	bool kmdf;		/* has a .Wdf section: KMDF/NetAdapterCx */
	int bus_type;		/* BusType, -1 when absent */
};

struct inf_model {
	const char *desc;
	const char *models_section;
	size_t install;		/* index into installs */
	struct hwid *ids;	/* [0] hardware ID, then compatible IDs */
	size_t nids;
	const char *file;
	int line;
};

/* One file of a driver package. data is needed for .inf files only. */
struct inf_pkg_file {
	const char *name;
	const void *data;
	size_t len;
};

struct inf_driver {
	struct arena *arena;
	struct inf_warnings warnings;
	struct inf_file **files;	/* [0] is the main .inf, then includes */
	size_t nfiles, files_cap;
	const struct inf_pkg_file *pkg;	/* the package, for Include= */
	size_t npkg;
	const char *locale;

	const char *signature, *class_name, *class_guid, *provider;
	const char *driver_date, *driver_version, *catalog;
	const char *decorations;	/* models sections chosen, for messages */
	bool has_x86_only;		/* models exist, but none for amd64 */
	/* No PCI or USB model: the root-enumerated models are used. */
	bool root_enumerated;

	struct inf_model *models;
	size_t nmodels, models_cap;
	struct inf_install *installs;
	size_t ninstalls, installs_cap;

	/* Files the supported models need, and which of them were not given. */
	struct inf_fileref *needed;
	size_t nneeded, needed_cap;
	const char **missing;
	size_t nmissing, missing_cap;
	const char **includes_missing;	/* Include= files not supplied */
	size_t nincludes_missing, includes_missing_cap;

	/* NULL when ndisload can run this package, else why not. */
	const char *unsupported;
	const char *unsupported_hint;
};

struct inf_options {
	const char *locale;	/* LCID like "0409", NULL: from $LANG */
};

/*
 * Parses the package whose main .inf is files[main]; other .inf files in
 * files serve Include=. Returns NULL with err set when the main file is not
 * a usable .inf at all; a package ndisload cannot run still parses, with
 * ->unsupported saying why.
 */
struct inf_driver *inf_parse_package(const struct inf_pkg_file *files,
				     size_t nfiles, size_t main,
				     const struct inf_options *opt,
				     struct ndl_err *err);
void inf_driver_free(struct inf_driver *d);

/* inf_models.c */
int inf_read_version(struct inf_driver *d, struct ndl_err *err);
void inf_read_models(struct inf_driver *d);

/* inf_install.c */
void inf_read_install(struct inf_driver *d, struct inf_install *ins);
/* inf_package.c: an Include= file from the package, parsed once; NULL (and
 * noted in includes_missing) when the package does not have it. */
const struct inf_file *inf_include(struct inf_driver *d, const char *name,
				   const char *from, int line);
/* The section used for install name on amd64 (.NTamd64, .NT, plain). */
const struct inf_section *inf_decorated(const struct inf_file *f,
					const char *name, const char **used);

/* inf_addreg.c: applies one AddReg (del=false) or DelReg section. */
void inf_apply_reg_section(struct inf_driver *d, struct inf_install *ins,
			   const struct inf_file *f, const char *section,
			   bool del, int ref_line);
const struct inf_regval *inf_find_reg(const struct inf_install *ins,
				      const char *subkey, const char *name);
const char *inf_regtype_name(enum inf_regtype t);

#endif
