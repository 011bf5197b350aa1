// SPDX-License-Identifier: GPL-2.0-only
/*
 * The installed state with an injected clock: community builds, the trial
 * (start, expiry, tamper resistance, clock set back), installing and
 * removing licenses, reinstalling, the push check, and the helper's
 * license.get / license.install / license.remove operations.
 */
#include "fixtures.h"

#include <json-c/json.h>

#include "cli/cmd_license.h"

static struct ndl_license_ctx ctx;
static struct ndl_license_status st;
static char err[NDL_LIC_ERRLEN], text[NDL_LICENSE_MAX + 512], sha[65];

static void status_at(time_t now)
{
	ndl_license_ctx_init(&ctx, NULL, now);
	ndl_license_status(&ctx, true, &st);
}

static bool push_at(time_t now, char *why, size_t whylen)
{
	const char *list[] = { "0000000000000000000000000000000000000000000000000000000000000000", sha };

	ndl_license_ctx_init(&ctx, NULL, now);
	return ndl_license_may_push(&ctx, list, 2, why, whylen);
}

static enum ndl_lic_err install_at(time_t now, const char *t)
{
	ndl_license_ctx_init(&ctx, NULL, now);
	err[0] = '\0';
	return ndl_license_install(&ctx, t, strlen(t), &st, err, sizeof(err));
}

static void valid_license(void)
{
	struct ndl_license lic;

	fx_license(&lic);
	fx_sign(&lic, &fx_key, text, sizeof(text));
}

static void fresh_brand(int trial_days)
{
	fx_new_root();
	fx_install_brand(true, trial_days);
	fx_bundled_sha(sha);
}

static void test_community_build(void)
{
	char why[NDL_LIC_ERRLEN] = "";

	fx_new_root();
	status_at(fx_day(0));
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_COMMUNITY);
	CHECK(st.bundled_allowed);
	CHECK_STR(st.summary, "Community build: no license needed.");
	CHECK(!fx_exists("/var/lib/ndisload/trial"));
	strcpy(sha, "ab");
	CHECK(push_at(fx_day(999), why, sizeof(why)));
	valid_license();
	CHECK_EQ_INT(install_at(fx_day(0), text), NDL_LIC_NO_KEY);
	CHECK_STR(err, "this build does not use licenses (it carries no vendor key): there is nothing to install");
	CHECK(!fx_exists("/etc/ndisload/license"));
}

static void test_brand_without_requirement(void)
{
	char why[NDL_LIC_ERRLEN];

	fx_new_root();
	fx_install_brand(false, 30);
	fx_bundled_sha(sha);
	status_at(fx_day(0));
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_COMMUNITY);
	CHECK_STR(st.summary, "No license needed.");
	CHECK(push_at(fx_day(400), why, sizeof(why)));
	/* A license can still be installed (features), and shows. */
	valid_license();
	CHECK_EQ_INT(install_at(fx_day(0), text), NDL_LIC_OK);
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_LICENSED);
}

static void test_trial_start_and_expiry(void)
{
	char why[NDL_LIC_ERRLEN], want[NDL_LIC_ERRLEN];

	fresh_brand(30);
	status_at(fx_day(0));
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_TRIAL);
	CHECK_EQ_INT(st.trial_days_left, 30);
	CHECK_STR(st.summary, "Trial: 30 days left (ends 2027-03-31).");
	CHECK(st.bundled_allowed);
	CHECK(fx_exists("/var/lib/ndisload/trial"));
	CHECK(fx_exists("/etc/ndisload/trial"));
	status_at(fx_day(10));
	CHECK_EQ_INT(st.trial_days_left, 20);
	status_at(fx_day(29) + 3600 * 11);
	CHECK_EQ_INT(st.trial_days_left, 1);
	CHECK_STR(st.summary, "Trial: 1 day left (ends 2027-03-31).");
	CHECK(push_at(fx_day(29), why, sizeof(why)));
	status_at(fx_day(30));
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_EXPIRED);
	CHECK_EQ_INT(st.trial_days_left, 0);
	CHECK(!st.bundled_allowed);
	CHECK_STR(st.summary, "Expired: the 30-day trial ended on 2027-03-31.");
	/* The bundled driver is refused, saying why and how to get a key... */
	CHECK(!push_at(fx_day(31), why, sizeof(why)));
	snprintf(want, sizeof(want),
		 "The driver \"rtl8139\" bundled with NetLink 8139 from Example Networks needs a license. "
		 "Expired: the 30-day trial ended on 2027-03-31. Your host ID is %s. To get a license key, "
		 "contact https://support.example.com/key with this host ID, then install the key with "
		 "'ndisload license install FILE' or on the License page of the web configurator. "
		 "Drivers you install yourself keep working.", st.host_id);
	CHECK_STR(why, want);
	/* ...and every other driver keeps working. */
	const char *other[] = { "1111111111111111111111111111111111111111111111111111111111111111" };

	ndl_license_ctx_init(&ctx, NULL, fx_day(31));
	CHECK(ndl_license_may_push(&ctx, other, 1, why, sizeof(why)));
}

static void test_zero_day_trial(void)
{
	fresh_brand(0);
	status_at(fx_day(0));
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_EXPIRED);
	CHECK_STR(st.summary, "Expired: this build has no trial period.");
}

static void test_trial_survives_deleting_one_copy(void)
{
	fresh_brand(30);
	status_at(fx_day(0));
	fx_unlink("/var/lib/ndisload/trial");
	status_at(fx_day(31));
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_EXPIRED);
	CHECK(fx_exists("/var/lib/ndisload/trial"));	/* restored */
	fx_unlink("/etc/ndisload/trial");
	status_at(fx_day(32));
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_EXPIRED);
	CHECK(fx_exists("/etc/ndisload/trial"));
	/* A whole new driver store (rm -rf /var/lib/ndisload) does not reset it either. */
	char cmd[400];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s/var/lib/ndisload'", fx_root);
	CHECK_EQ_INT(system(cmd), 0);
	status_at(fx_day(33));
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_EXPIRED);
}

static void test_trial_edit_is_detected(void)
{
	char path[600], *p;
	FILE *f;
	char buf[1024];
	size_t n;

	fresh_brand(30);
	status_at(fx_day(0));
	/* Move first-run forward by ~100 days in one copy: ignored, the other wins. */
	snprintf(path, sizeof(path), "%s/var/lib/ndisload/trial", fx_root);
	f = fopen(path, "r+");
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	p = strstr(buf, "first-run: ") + 11;
	p[1] = (char)(p[1] == '9' ? '8' : p[1] + 1);
	rewind(f);
	fwrite(buf, 1, n, f);
	fclose(f);
	status_at(fx_day(31));
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_EXPIRED);
	CHECK_STR(st.summary, "Expired: the 30-day trial ended on 2027-03-31.");
	/* Both copies edited: the trial is over, never unlimited. */
	fx_write("/var/lib/ndisload/trial", "first-run: 4000000000\n");
	fx_write("/etc/ndisload/trial", "garbage\n");
	status_at(fx_day(1));
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_EXPIRED);
	CHECK(!st.bundled_allowed);
	CHECK_STR(st.summary, "Expired: the trial has ended: its record in /var/lib/ndisload/trial was altered.");
}

static void test_trial_clock_set_back(void)
{
	fresh_brand(30);
	status_at(fx_day(0));
	status_at(fx_day(20));
	status_at(fx_day(5));	/* the clock went back 15 days */
	CHECK_EQ_INT(st.trial_days_left, 10);
	/* Reading without recording (an unprivileged status) changes nothing. */
	ndl_license_ctx_init(&ctx, NULL, fx_day(25));
	ndl_license_status(&ctx, false, &st);
	CHECK_EQ_INT(st.trial_days_left, 5);
	status_at(fx_day(5));
	CHECK_EQ_INT(st.trial_days_left, 10);
}

static void test_install_valid(void)
{
	char path[600], *stored;
	char why[NDL_LIC_ERRLEN];
	FILE *f;

	fresh_brand(30);
	status_at(fx_day(0));
	valid_license();
	CHECK_EQ_INT(install_at(fx_day(40), text), NDL_LIC_OK);
	CHECK_STR(err, "");
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_LICENSED);
	CHECK_STR(st.summary, "Licensed to Jane Doe until 2027-12-31.");
	CHECK(push_at(fx_day(40), why, sizeof(why)));
	/* Stored as the canonical text. */
	snprintf(path, sizeof(path), "%s/etc/ndisload/license", fx_root);
	f = fopen(path, "r");
	CHECK(f != NULL);
	if (f) {
		stored = calloc(1, 16384);
		CHECK(fread(stored, 1, 16383, f) > 0);
		fclose(f);
		CHECK_STR(stored, text);
		free(stored);
	}
	/* Licence runs out after the trial: expired, with the licensee named. */
	status_at(ndl_lic_day_start(fx_date("2028-01-01")));
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_EXPIRED);
	CHECK_STR(st.summary, "Expired: the license for Jane Doe was valid until 2027-12-31.");
	CHECK(!push_at(ndl_lic_day_start(fx_date("2028-01-02")), why, sizeof(why)));
}

static void test_install_refusals(void)
{
	struct ndl_license lic;
	char want[NDL_LIC_ERRLEN], *p;

	fresh_brand(30);
	status_at(fx_day(0));
	valid_license();
	p = strstr(text, "Jane");
	*p = 'K';
	CHECK_EQ_INT(install_at(fx_day(1), text), NDL_LIC_BAD_SIGNATURE);
	CHECK_STR(err, "the signature does not match the license text: it was changed after it was issued");

	fx_license(&lic);
	fx_sign(&lic, &fx_other_key, text, sizeof(text));
	CHECK_EQ_INT(install_at(fx_day(1), text), NDL_LIC_WRONG_KEY);
	snprintf(want, sizeof(want), "the license was signed with vendor key %s, but the key expected here is %s (is it a license for another vendor's product?)",
		 fx_other_key.pub.key_id, fx_key.pub.key_id);
	CHECK_STR(err, want);

	fx_license(&lic);
	ndl_lic_hostid_from_machine_id("fedcba9876543210fedcba9876543210", lic.hosts.item[0]);
	fx_sign(&lic, &fx_key, text, sizeof(text));
	CHECK_EQ_INT(install_at(fx_day(1), text), NDL_LIC_WRONG_HOST);
	CHECK(strstr(err, "not for this host") != NULL);

	fx_license(&lic);
	lic.expires = fx_date("2027-02-01");
	fx_sign(&lic, &fx_key, text, sizeof(text));
	CHECK_EQ_INT(install_at(fx_day(1), text), NDL_LIC_EXPIRED);
	CHECK_STR(err, "the license expired: it was valid until 2027-02-01");

	fx_license(&lic);
	strcpy(lic.product, "Other Product");
	fx_sign(&lic, &fx_key, text, sizeof(text));
	CHECK_EQ_INT(install_at(fx_day(1), text), NDL_LIC_WRONG_PRODUCT);

	CHECK_EQ_INT(install_at(fx_day(1), "\x7f" "ELF\x02\x01"), NDL_LIC_MALFORMED);
	CHECK_STR(err, "not an ndisload license: it contains binary data (byte 0x7f at offset 0)");
	CHECK(!fx_exists("/etc/ndisload/license"));

	/* Worth keeping, though not in force yet: stored, and status says why. */
	fx_license(&lic);
	lic.not_before = fx_date("2027-06-01");
	fx_sign(&lic, &fx_key, text, sizeof(text));
	CHECK_EQ_INT(install_at(fx_day(1), text), NDL_LIC_OK);
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_INVALID);
	CHECK_EQ_INT(st.problem, NDL_LIC_NOT_YET_VALID);
	CHECK_STR(st.summary, "Not valid: the license is not valid before 2027-06-01. Trial: 29 days left (ends 2027-03-31).");
	CHECK(st.bundled_allowed);
	status_at(fx_day(92));	/* 2027-06-01 */
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_LICENSED);

	/* A device-bound license while the device is unplugged. */
	fx_license(&lic);
	lic.devices.n = 1;
	strcpy(lic.devices.item[0], "USB\\VID_0BDA&PID_8187");
	fx_sign(&lic, &fx_key, text, sizeof(text));
	CHECK_EQ_INT(install_at(fx_day(40), text), NDL_LIC_OK);
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_INVALID);
	CHECK_STR(st.summary, "Not valid: the license is for the device USB\\VID_0BDA&PID_8187, which is not present; the 30-day trial ended on 2027-03-31.");
	fx_write("/sys/bus/usb/devices/1-2/idVendor", "0bda\n");
	fx_write("/sys/bus/usb/devices/1-2/idProduct", "8187\n");
	status_at(fx_day(40));
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_LICENSED);
}

static void test_survives_reinstall(void)
{
	char cmd[400];

	fresh_brand(30);
	status_at(fx_day(0));
	valid_license();
	CHECK_EQ_INT(install_at(fx_day(1), text), NDL_LIC_OK);
	/* Uninstall (keeps /etc and /var/lib) and install again. */
	snprintf(cmd, sizeof(cmd), "rm -rf '%s/usr'", fx_root);
	CHECK_EQ_INT(system(cmd), 0);
	status_at(fx_day(2));
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_COMMUNITY);	/* no brand installed now */
	fx_install_brand(true, 30);
	status_at(fx_day(50));
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_LICENSED);
	CHECK_STR(st.summary, "Licensed to Jane Doe until 2027-12-31.");
	/* And reinstalling does not start a new trial. */
	CHECK_EQ_INT(ndl_license_remove(&ctx, &st, err, sizeof(err)), 0);
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_EXPIRED);
}

static void test_remove_returns_to_trial_or_expired(void)
{
	fresh_brand(30);
	status_at(fx_day(0));
	valid_license();
	CHECK_EQ_INT(install_at(fx_day(3), text), NDL_LIC_OK);
	ndl_license_ctx_init(&ctx, NULL, fx_day(3));
	CHECK_EQ_INT(ndl_license_remove(&ctx, &st, err, sizeof(err)), 0);
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_TRIAL);
	CHECK_EQ_INT(st.trial_days_left, 27);
	CHECK(!fx_exists("/etc/ndisload/license"));
	CHECK_EQ_INT(install_at(fx_day(3), text), NDL_LIC_OK);
	ndl_license_ctx_init(&ctx, NULL, fx_day(60));
	CHECK_EQ_INT(ndl_license_remove(&ctx, &st, err, sizeof(err)), 0);
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_EXPIRED);
	CHECK(!st.bundled_allowed);
	/* Removing twice is fine. */
	CHECK_EQ_INT(ndl_license_remove(&ctx, &st, err, sizeof(err)), 0);
}

static void test_broken_policy_refuses_bundled_only(void)
{
	char why[NDL_LIC_ERRLEN], want[NDL_LIC_ERRLEN];
	const char *other[] = { "2222222222222222222222222222222222222222222222222222222222222222" };

	fresh_brand(30);
	fx_unlink("/usr/share/ndisload/brand/license.pub");
	status_at(fx_day(0));
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_INVALID);
	CHECK_EQ_INT(st.problem, NDL_LIC_POLICY);
	snprintf(want, sizeof(want), "the brand requires a license but its vendor key %s/license.pub is missing (reinstall the package)",
		 fx_brand);
	CHECK_STR(st.problem_msg, want);
	CHECK(!push_at(fx_day(0), why, sizeof(why)));
	ndl_license_ctx_init(&ctx, NULL, fx_day(0));
	CHECK(ndl_license_may_push(&ctx, other, 1, why, sizeof(why)));
	fx_write("/usr/share/ndisload/brand/brand.json", "{\"license\": {\"required\": \"yes\"}}");
	status_at(fx_day(0));
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_INVALID);
	snprintf(want, sizeof(want), "%s/brand.json: bad value for \"license.required\"", fx_brand);
	CHECK_STR(st.problem_msg, want);
	fx_write("/usr/share/ndisload/brand/brand.json", "{not json");
	status_at(fx_day(0));
	CHECK_EQ_INT(st.state, NDL_LIC_STATE_INVALID);
}

static const char *jstr(struct json_object *o, const char *key)
{
	struct json_object *v;

	return json_object_object_get_ex(o, key, &v) && json_object_get_string(v) ?
	       json_object_get_string(v) : "(missing)";
}

static void test_helper_ops(void)
{
	struct json_object *o, *v;
	const char *code = NULL;
	char msg[1024];

	fresh_brand(30);
	setenv("NDISLOAD_NOW", "2027-03-01", 1);
	o = ndl_license_op_get(&code, msg, sizeof(msg));
	CHECK(o != NULL);
	CHECK_STR(jstr(o, "state"), "trial");
	CHECK(json_object_object_get_ex(o, "trial", &v) &&
	      json_object_get_int(json_object_object_get(v, "days_left")) == 30);
	json_object_put(o);

	o = ndl_license_op_install("garbage", 7, &code, msg, sizeof(msg));
	CHECK(o == NULL);
	CHECK_STR(code ? code : "", "invalid");
	CHECK_STR(msg, "not an ndisload license: line 1 is not \"key: value\"");

	valid_license();
	code = NULL;
	o = ndl_license_op_install(text, strlen(text), &code, msg, sizeof(msg));
	CHECK(o != NULL);
	CHECK_STR(jstr(o, "state"), "licensed");
	CHECK_STR(jstr(o, "summary"), "Licensed to Jane Doe until 2027-12-31.");
	CHECK(json_object_object_get_ex(o, "license", &v) &&
	      !strcmp(jstr(v, "licensee"), "Jane Doe") && !strcmp(jstr(v, "expires"), "2027-12-31"));
	CHECK(json_object_object_get_ex(o, "problem", &v) && v == NULL);
	json_object_put(o);

	setenv("NDISLOAD_NOW", "2027-05-01", 1);
	o = ndl_license_op_remove(&code, msg, sizeof(msg));
	CHECK(o != NULL);
	CHECK_STR(jstr(o, "state"), "expired");
	CHECK_EQ_INT(json_object_get_boolean(json_object_object_get(o, "bundled_driver_allowed")), 0);
	json_object_put(o);

	char why[NDL_LIC_ERRLEN];
	const char *list[] = { sha };

	CHECK(!ndl_license_push_allowed(list, 1, why, sizeof(why)));
	CHECK(strstr(why, "needs a license") != NULL);
	/* The clock override only applies to test trees, never to "/". */
	setenv("NDISLOAD_ROOT", "/", 1);
	CHECK(llabs((long long)(ndl_lic_now() - time(NULL))) < 5);
	setenv("NDISLOAD_ROOT", fx_root, 1);
	unsetenv("NDISLOAD_NOW");
}

int main(void)
{
	fx_keys();
	RUN(test_community_build);
	RUN(test_brand_without_requirement);
	RUN(test_trial_start_and_expiry);
	RUN(test_zero_day_trial);
	RUN(test_trial_survives_deleting_one_copy);
	RUN(test_trial_edit_is_detected);
	RUN(test_trial_clock_set_back);
	RUN(test_install_valid);
	RUN(test_install_refusals);
	RUN(test_survives_reinstall);
	RUN(test_remove_returns_to_trial_or_expired);
	RUN(test_broken_policy_refuses_bundled_only);
	RUN(test_helper_ops);
	fx_cleanup();
	return CHECK_EXIT_CODE();
}
