// SPDX-License-Identifier: GPL-2.0-only
/* Small request bodies: collection under a cap, media type, JSON parsing. */
#include "body.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "jsondup.h"
#include "reply.h"

void wc_body_append(struct wc_request *req, const char *data, size_t size, size_t cap)
{
	if (req->failed)
		return;
	if (size > cap - req->body_len) {
		wc_request_fail(req, WC_E_TOO_LARGE,
				"the request body is larger than %zu bytes", cap);
		return;
	}
	if (req->body_len + size + 1 > req->body_cap) {
		size_t ncap = req->body_cap ? req->body_cap : 1024;
		char *nb;

		while (ncap < req->body_len + size + 1)
			ncap *= 2;
		nb = realloc(req->body, ncap);
		if (!nb) {
			wc_request_fail(req, WC_E_INTERNAL, "out of memory");
			return;
		}
		req->body = nb;
		req->body_cap = ncap;
	}
	memcpy(req->body + req->body_len, data, size);
	req->body_len += size;
	req->body[req->body_len] = 0;
}

bool wc_body_type_is(struct wc_request *req, const char *mime)
{
	const char *ct = wc_request_get_header(req, MHD_HTTP_HEADER_CONTENT_TYPE);
	size_t n = strlen(mime);

	if (!ct)
		return false;
	while (*ct == ' ')
		ct++;
	return !strncasecmp(ct, mime, n) && (ct[n] == 0 || ct[n] == ';' || ct[n] == ' ');
}

bool wc_request_json(struct wc_request *req, json_object **out)
{
	struct json_tokener *tok;
	enum json_tokener_error jerr;
	json_object *obj;
	size_t dup_at;

	*out = NULL;
	if (!wc_body_type_is(req, "application/json")) {
		wc_reply_error(req, WC_E_MEDIA_TYPE, "send the body as Content-Type: application/json");
		return false;
	}
	if (!req->body_len) {
		wc_reply_error(req, WC_E_BAD_REQUEST, "the request has no JSON body");
		return false;
	}
	if (memchr(req->body, 0, req->body_len)) {
		wc_reply_error(req, WC_E_BAD_REQUEST, "the JSON body contains a NUL byte");
		return false;
	}
	tok = json_tokener_new_ex(32);
	if (!tok) {
		wc_reply_error(req, WC_E_INTERNAL, "out of memory");
		return false;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	obj = json_tokener_parse_ex(tok, req->body, (int)req->body_len);
	jerr = json_tokener_get_error(tok);
	if (jerr == json_tokener_success &&
	    (size_t)json_tokener_get_parse_end(tok) != req->body_len) {
		size_t at = json_tokener_get_parse_end(tok);

		/* Trailing white space is fine, anything else is not. */
		while (at < req->body_len && strchr(" \t\r\n", req->body[at]))
			at++;
		if (at != req->body_len) {
			json_object_put(obj);
			json_tokener_free(tok);
			wc_reply_error(req, WC_E_BAD_REQUEST,
				       "malformed JSON: unexpected data at byte %zu", at);
			return false;
		}
	}
	if (jerr != json_tokener_success) {
		size_t at = json_tokener_get_parse_end(tok);

		json_tokener_free(tok);
		json_object_put(obj);
		wc_reply_error(req, WC_E_BAD_REQUEST, "malformed JSON at byte %zu: %s",
			       at, jerr == json_tokener_continue ? "unexpected end" :
			       json_tokener_error_desc(jerr));
		return false;
	}
	json_tokener_free(tok);
	if (wc_json_has_duplicate_key(req->body, req->body_len, obj, &dup_at)) {
		json_object_put(obj);
		wc_reply_error(req, WC_E_BAD_REQUEST,
			       "the JSON object at byte %zu has the same key twice", dup_at);
		return false;
	}
	if (!json_object_is_type(obj, json_type_object)) {
		json_object_put(obj);
		wc_reply_error(req, WC_E_BAD_REQUEST, "the JSON body must be an object");
		return false;
	}
	*out = obj;
	return true;
}
