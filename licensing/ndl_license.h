/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * libndllicense: signed license files for vendor-branded ndisload builds.
 *
 * A license is a short text file of "key: value" lines signed with the
 * vendor's Ed25519 key (docs/licensing.md has the format). This library
 * parses and signs licenses, verifies them against a brand's public key,
 * evaluates them against this host (host ID, devices, MACs, the clock),
 * keeps the trial record, stores the installed license and answers the
 * helper's one policy question: may this driver be pushed to the module?
 *
 * Every function that can fail fills a caller-supplied message buffer
 * (NDL_LIC_ERRLEN bytes is always enough) with one sentence saying what went
 * wrong and, where it helps, what to do. Time is always passed in, so tests
 * can move the clock.
 */
#ifndef NDL_LICENSE_H
#define NDL_LICENSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#define NDL_LICENSE_FORMAT "ndisload-license-1"
#define NDL_LIC_ERRLEN	512
#define NDL_LIC_TEXT_MAX	128	/* vendor, product, licensee, incl. NUL */
#define NDL_LIC_LIST_MAX	32	/* entries in one license list */
#define NDL_LIC_ITEM_MAX	72	/* one list entry, incl. NUL */
#define NDL_LIC_HOSTID_LEN	19	/* "XXXX-XXXX-XXXX-XXXX" */
#define NDL_LIC_KEYID_LEN	16	/* hex digits */
#define NDL_LIC_SERIAL_LEN	32	/* hex digits */
#define NDL_LICENSE_MAX	8192	/* largest license file accepted */
#define NDL_LIC_NEVER	INT32_MAX	/* "expires: never" */
#define NDL_LIC_HOST_DEVICES_MAX 256
#define NDL_LIC_HOST_MACS_MAX 64
#define NDL_LIC_PATH_MAX	4096

/*
 * Installed brand directory: NDISLOAD_BRAND_DIR if set; else, on a real
 * system (no NDISLOAD_ROOT), PREFIX/share/ndisload/brand beside the running
 * program (PREFIX/bin or PREFIX/sbin); else the first of these under
 * $NDISLOAD_ROOT that exists.
 */
#define NDL_LIC_BRAND_DIRS { "/usr/share/ndisload/brand", "/usr/local/share/ndisload/brand" }
#define NDL_LICENSE_PATH "/etc/ndisload/license"
#define NDL_LIC_TRIAL_PATH "/var/lib/ndisload/trial"
#define NDL_LIC_TRIAL_MIRROR_PATH "/etc/ndisload/trial"

/* ---- results ------------------------------------------------------------ */

enum ndl_lic_err {
	NDL_LIC_OK = 0,
	NDL_LIC_MALFORMED,	/* not a license, truncated, bad field */
	NDL_LIC_BAD_SIGNATURE,	/* altered after issue */
	NDL_LIC_WRONG_KEY,	/* signed by another vendor key */
	NDL_LIC_NOT_YET_VALID,
	NDL_LIC_EXPIRED,
	NDL_LIC_WRONG_HOST,
	NDL_LIC_WRONG_DEVICE,
	NDL_LIC_WRONG_MAC,
	NDL_LIC_WRONG_PRODUCT,
	NDL_LIC_NO_KEY,		/* this build has no vendor key */
	NDL_LIC_POLICY,		/* the brand's policy files are broken */
	NDL_LIC_IO,		/* reading or writing a file failed */
};

/* Stable lower-case name ("expired", "wrong_host", ...) for JSON. */
const char *ndl_lic_err_name(enum ndl_lic_err e);

/* ---- dates: whole UTC days since 1970-01-01 ------------------------------ */

int32_t ndl_lic_day_of(time_t t);
time_t ndl_lic_day_start(int32_t day);
/* Strict YYYY-MM-DD (a real calendar date); 0 or -1. */
int ndl_lic_date_parse(const char *s, int32_t *day);
/* "YYYY-MM-DD", or "never" for NDL_LIC_NEVER; out holds 11 bytes. */
void ndl_lic_date_format(int32_t day, char out[11]);
/*
 * The current time: time(NULL), unless NDISLOAD_NOW (seconds since the
 * epoch, or YYYY-MM-DD) is set together with a NDISLOAD_ROOT other than "/"
 * — a test tree. It never applies to a real installation.
 */
time_t ndl_lic_now(void);

/* ---- lists -------------------------------------------------------------- */

struct ndl_lic_list {
	size_t n;
	char item[NDL_LIC_LIST_MAX][NDL_LIC_ITEM_MAX];
};

/* ---- keys --------------------------------------------------------------- */

struct ndl_lic_pubkey {
	unsigned char pk[32];
	char key_id[NDL_LIC_KEYID_LEN + 1];	/* hex of BLAKE2b-64(pk) */
};

struct ndl_lic_seckey {
	unsigned char sk[64];
	char vendor[NDL_LIC_TEXT_MAX];	/* defaults for "issue" */
	char product[NDL_LIC_TEXT_MAX];
	struct ndl_lic_pubkey pub;
};

int ndl_lic_crypto_init(char *err, size_t errlen);
int ndl_lic_key_generate(struct ndl_lic_seckey *key, char *err, size_t errlen);
int ndl_lic_pubkey_parse(const char *text, struct ndl_lic_pubkey *pub,
		     char *err, size_t errlen);
int ndl_lic_seckey_parse(const char *text, struct ndl_lic_seckey *key,
		     char *err, size_t errlen);
int ndl_lic_pubkey_load(const char *path, struct ndl_lic_pubkey *pub,
		    char *err, size_t errlen);
int ndl_lic_seckey_load(const char *path, struct ndl_lic_seckey *key,
		    char *err, size_t errlen);
/* File texts; return length, or -1 when buf is too small. */
int ndl_lic_pubkey_format(const struct ndl_lic_pubkey *pub, char *buf, size_t len);
int ndl_lic_seckey_format(const struct ndl_lic_seckey *key, char *buf, size_t len);

/* ---- license files ------------------------------------------------------ */

struct ndl_license {
	char serial[NDL_LIC_SERIAL_LEN + 1];
	char vendor[NDL_LIC_TEXT_MAX];
	char product[NDL_LIC_TEXT_MAX];
	char licensee[NDL_LIC_TEXT_MAX];
	int32_t issued, not_before, expires;	/* days; expires may be NDL_LIC_NEVER */
	struct ndl_lic_list hosts;		/* host IDs; empty: any host */
	struct ndl_lic_list devices;	/* hardware IDs; empty: any device */
	struct ndl_lic_list macs;		/* aa:bb:cc:dd:ee:ff; empty: any */
	struct ndl_lic_list features;
	char key_id[NDL_LIC_KEYID_LEN + 1];
	unsigned char sig[64];
};

/* NDL_LIC_OK or NDL_LIC_MALFORMED with the reason in err. */
enum ndl_lic_err ndl_license_parse(const char *text, size_t len,
				   struct ndl_license *lic,
				   char *err, size_t errlen);
/* The signed bytes: every field but the signature, canonical order and form. */
int ndl_license_body(const struct ndl_license *lic, char *buf, size_t len);
/* The whole file (comment header, body, signature); -1 if buf is too small. */
int ndl_license_format(const struct ndl_license *lic, char *buf, size_t len);
/* Sets key_id and sig. */
int ndl_license_sign(struct ndl_license *lic, const struct ndl_lic_seckey *key,
		     char *err, size_t errlen);
/* NDL_LIC_OK, NDL_LIC_WRONG_KEY or NDL_LIC_BAD_SIGNATURE. */
enum ndl_lic_err ndl_license_verify(const struct ndl_license *lic,
				    const struct ndl_lic_pubkey *pub,
				    char *err, size_t errlen);

/* List entries in canonical form; 0 or -1 with the reason in err. */
int ndl_lic_device_id_normalize(const char *in, char *out, size_t outlen,
			    char *err, size_t errlen);
int ndl_lic_mac_normalize(const char *in, char *out, size_t outlen,
		      char *err, size_t errlen);
/* Split "a, b,c" into a list, normalising each with norm (may be NULL). */
int ndl_lic_list_parse(const char *text, struct ndl_lic_list *list,
		   int (*norm)(const char *, char *, size_t, char *, size_t),
		   const char *what, char *err, size_t errlen);

/* ---- this host ---------------------------------------------------------- */

/*
 * Host ID: BLAKE2b keyed with a fixed ndisload key over /etc/machine-id,
 * 75 bits in Crockford base32 plus a check character, in four groups of
 * four ("K7QF-3MZD-9XHA-2BWC"): stable, not the machine ID itself, and
 * easy to read out over the phone.
 */
int ndl_lic_hostid_from_machine_id(const char *machine_id,
			       char out[NDL_LIC_HOSTID_LEN + 1]);
int ndl_lic_hostid_compute(const char *root, char out[NDL_LIC_HOSTID_LEN + 1],
		       char *err, size_t errlen);
/* Accepts any case, spaces or dashes, O for 0 and I/L for 1; checks the check character. */
int ndl_lic_hostid_normalize(const char *in, char *out, size_t outlen,
			 char *err, size_t errlen);

struct ndl_lic_host {
	char host_id[NDL_LIC_HOSTID_LEN + 1];	/* "" when unknown */
	char host_id_err[NDL_LIC_ERRLEN];		/* why it is unknown */
	size_t n_devices, n_macs;
	char devices[NDL_LIC_HOST_DEVICES_MAX][NDL_LIC_ITEM_MAX];
	char macs[NDL_LIC_HOST_MACS_MAX][18];
	time_t now;
};

/* Host ID, PCI/USB hardware IDs and MACs from $root/etc and $root/sys. */
void ndl_lic_host_scan(const char *root, time_t now, struct ndl_lic_host *host);

/* Validity window and scope; OK or the first reason it does not apply. */
enum ndl_lic_err ndl_license_check_scope(const struct ndl_license *lic,
					 const struct ndl_lic_host *host,
					 const char *product,
					 char *err, size_t errlen);

/* ---- brand policy -------------------------------------------------------- */

/*
 * An installed brand (installer/lib/brand.sh writes it) is a directory with
 * brand.json; its "license" object {"required", "trial_days", "pubkey"}
 * is the policy, license.pub the vendor's key and driver/ the bundled
 * driver, whose .sys files are the ones that need a license. No brand
 * directory, or "required": false without a key: the community policy.
 */
struct ndl_lic_policy {
	bool branded;		/* a brand.json was found */
	bool required;		/* license.required */
	int trial_days;		/* license.trial_days (default 30) */
	char vendor[NDL_LIC_TEXT_MAX];	/* shown in messages */
	char product[NDL_LIC_TEXT_MAX];	/* licenses must name this product */
	char contact[256];	/* support_url: where to get a key */
	char driver[NDL_LIC_TEXT_MAX];	/* driver.name of the bundled driver */
	bool has_key;		/* license.pub present */
	struct ndl_lic_pubkey key;
	struct ndl_lic_list drivers;	/* SHA-256 of each bundled .sys */
};

int ndl_lic_policy_load(const char *brand_dir, struct ndl_lic_policy *policy,
			char *err, size_t errlen);

/* ---- the installed state: license, trial, status ------------------------- */

struct ndl_license_ctx {
	char root[NDL_LIC_PATH_MAX];		/* NDISLOAD_ROOT, "" for / */
	char brand_dir[NDL_LIC_PATH_MAX];
	time_t now;
	struct ndl_lic_policy policy;
	enum ndl_lic_err policy_err;	/* NDL_LIC_OK or NDL_LIC_POLICY */
	char policy_msg[NDL_LIC_ERRLEN];
	struct ndl_lic_host host;
};

/*
 * root NULL: $NDISLOAD_ROOT. Loads the brand policy and scans the host; a
 * broken policy is recorded (policy_err), not fatal: status then says so
 * and the bundled driver is refused.
 */
void ndl_license_ctx_init(struct ndl_license_ctx *ctx, const char *root,
			  time_t now);

enum ndl_license_state {
	NDL_LIC_STATE_COMMUNITY,	/* no license needed */
	NDL_LIC_STATE_TRIAL,	/* needed, trial running */
	NDL_LIC_STATE_LICENSED,	/* a valid license is installed */
	NDL_LIC_STATE_EXPIRED,	/* trial over, or the license expired */
	NDL_LIC_STATE_INVALID,	/* the installed license (or policy) is not valid */
};

const char *ndl_license_state_name(enum ndl_license_state s);

struct ndl_license_status {
	enum ndl_license_state state;
	bool required;
	bool bundled_allowed;		/* the brand's driver may be pushed */
	int trial_days;			/* policy's trial length */
	int trial_days_left;		/* -1: no trial applies */
	int32_t trial_end;		/* first day after the trial, -1 if none */
	bool installed;			/* a license file is stored */
	bool parsed;			/* lic holds the stored license */
	enum ndl_lic_err problem;	/* why the stored license is not in force */
	char problem_msg[NDL_LIC_ERRLEN];
	struct ndl_license lic;
	char host_id[NDL_LIC_HOSTID_LEN + 1];
	char contact[256];
	char summary[NDL_LIC_ERRLEN];	/* one sentence for people */
};

/*
 * The state now. With record set, the trial is started when there is no
 * trial record yet and the record's last-seen time is advanced (root only;
 * the helper passes true, read-only callers false).
 */
void ndl_license_status(struct ndl_license_ctx *ctx, bool record,
			struct ndl_license_status *st);

/*
 * Validate text (signature, vendor key, product, host, dates) and store it
 * atomically as the installed license. A license for a device or MAC not
 * present now, or not valid yet, is stored, and status says so. Refused:
 * NDL_LIC_* != OK with the reason; nothing is written.
 */
enum ndl_lic_err ndl_license_install(struct ndl_license_ctx *ctx,
				     const char *text, size_t len,
				     struct ndl_license_status *st,
				     char *err, size_t errlen);

/* Remove the installed license (a missing one is not an error). */
int ndl_license_remove(struct ndl_license_ctx *ctx,
		       struct ndl_license_status *st, char *err, size_t errlen);

/*
 * May a driver whose files have these SHA-256 digests (lower-case hex) be
 * pushed to the module? true, or false with why filled: which driver needs
 * a license, why it is not in force, the host ID and how to get a key.
 */
bool ndl_license_may_push(struct ndl_license_ctx *ctx,
			  const char *const *sha256, size_t n,
			  char *why, size_t whylen);

/* Lower-case hex SHA-256 of a file; 0 or -1 with err. */
int ndl_lic_sha256_file(const char *path, char out[65], char *err, size_t errlen);

/* ---- JSON (json-c) -------------------------------------------------------- */

struct json_object;
/* The status object of license.get / license.install (docs/licensing.md). */
struct json_object *ndl_license_status_json(const struct ndl_license_status *st);

#endif
