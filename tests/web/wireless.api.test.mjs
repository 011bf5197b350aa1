// SPDX-License-Identifier: GPL-2.0-only
// The wireless API without a radio: the real ndisload-webconf and helper on
// a temporary root (no module, so no wireless interface): every route
// answers with the right error and never a crash, bodies are checked
// exactly, state changes need the CSRF token, the page is served. The
// radio side runs in QEMU (tests/vm/tests/wifi_*.sh).
import {
	check, eq, login, makeRoot, request, runTests, setup, startHelper, startWebconf, stopAll, test,
} from './lib/harness.mjs';

const root = makeRoot();
let srv;
const call = (method, p, body, extra = {}) =>
	request(srv, { method, path: '/api/v1/interfaces' + p, token: srv.token, body, ...extra });
function isError(r, status, code) {
	eq(r.status, status, `HTTP status (${r.text.slice(0, 200)})`);
	check(r.json && r.json.error && r.json.error.message, `error body expected: ${r.text.slice(0, 200)}`);
	if (code) eq(r.json.error.code, code, 'error code');
}
const good = { ssid: 'ndl-wpa2', security: 'wpa2-psk', key: 'ndisload-passphrase' };

setup('the helper and webconf start on a fresh root', async () => {
	await startHelper(root);
	srv = await startWebconf(root);
});

test('GET .../wireless of an interface ndisload does not have: 404 naming it', async () => {
	const r = await call('GET', '/wlan0/wireless');
	isError(r, 404, 'not_found');
	check(/wlan0/.test(r.json.error.message), r.json.error.message);
});

test('every wireless route answers 404 for an unknown interface, none crashes', async () => {
	for (const [m, p, b] of [['POST', '/wlan0/wireless/scan'], ['POST', '/wlan0/wireless/connect'],
		['POST', '/wlan0/wireless/disconnect'], ['PUT', '/wlan0/wireless', good]])
		isError(await call(m, p, b), 404, 'not_found');
	// Forget has nothing to forget either.
	isError(await call('DELETE', '/wlan0/wireless'), 404, 'not_found');
});

test('a name longer than an interface name: 400', async () => {
	isError(await call('GET', '/' + 'x'.repeat(16) + '/wireless'), 400, 'bad_request');
	isError(await call('PUT', '/' + 'x'.repeat(16) + '/wireless', good), 400, 'bad_request');
});

test('PUT bodies are checked exactly: unknown fields, types, lengths', async () => {
	isError(await call('PUT', '/wlan0/wireless', { ...good, extra: 1 }), 400, 'bad_request');
	isError(await call('PUT', '/wlan0/wireless', { ...good, hidden: 'yes' }), 400, 'bad_request');
	isError(await call('PUT', '/wlan0/wireless', { ...good, ssid: 'x'.repeat(33) }), 400, 'bad_request');
	isError(await call('PUT', '/wlan0/wireless', { ...good, key: 'k'.repeat(65) }), 400, 'bad_request');
	isError(await call('PUT', '/wlan0/wireless', { security: 'open' }), 400, 'bad_request');
	isError(await call('PUT', '/wlan0/wireless', '{"ssid": ', { headers: { 'Content-Type': 'application/json' } }),
		400, 'bad_request');
});

test('wrong methods: 405 with Allow', async () => {
	const r = await call('PATCH', '/wlan0/wireless');
	eq(r.status, 405, 'status');
	check(/GET/.test(r.headers.allow) && /PUT/.test(r.headers.allow), `Allow: ${r.headers.allow}`);
	eq((await call('GET', '/wlan0/wireless/scan')).status, 405, 'scan is POST');
});

test('without credentials: 401; a session without the CSRF token cannot change anything', async () => {
	eq((await request(srv, { path: '/api/v1/interfaces/wlan0/wireless' })).status, 401, 'no token');
	const s = await login(srv);
	const r = await request(srv, { method: 'PUT', path: '/api/v1/interfaces/wlan0/wireless',
		cookie: s.cookie, body: good, headers: { Origin: `http://localhost:${srv.port}` } });
	eq(r.status, 403, `no CSRF token (${r.text.slice(0, 120)})`);
});

test('the wireless page and its script are served, linked from every page', async () => {
	const s = await login(srv);
	const page = await request(srv, { path: '/wireless.html', cookie: s.cookie });
	eq(page.status, 200, 'page');
	check(/id="profile-form"/.test(page.text) && /type="password" id="key"/.test(page.text), 'form');
	const js = await request(srv, { path: '/assets/wireless.js', cookie: s.cookie });
	eq(js.status, 200, 'script');
	const app = await request(srv, { path: '/assets/app.js', cookie: s.cookie });
	check(/wireless\.html/.test(app.text), 'navigation entry');
});

process.exitCode = await runTests(stopAll);
