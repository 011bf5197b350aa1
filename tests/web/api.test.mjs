// SPDX-License-Identifier: GPL-2.0-only
// API tests: every /api/v1 endpoint of the real ndisload-webconf, backed by
// the real helper on a temporary state root with a fake sysfs; success and
// failure of each.
import fs from 'node:fs';
import path from 'node:path';
import {
	BRAND_PRODUCT, check, driverPackage, eq, issueLicense, login, makeRoot, request, runTests, setup,
	startHelper, startWebconf, stopAll, test, uploadFiles,
} from './lib/harness.mjs';

const root = makeRoot();
let srv;
let staging;

const get = (p) => request(srv, { path: '/api/v1' + p, token: srv.token });
const send = (method, p, body, extra = {}) => request(srv, { method, path: '/api/v1' + p, token: srv.token, body, ...extra });
const errCode = (r) => r.json && r.json.error && r.json.error.code;
function isError(r, status, code) {
	eq(r.status, status, `HTTP status (${r.text.slice(0, 200)})`);
	check(r.json && r.json.error && typeof r.json.error.message === 'string' && r.json.error.message.length > 0,
		`error body {"error": {"code", "message"}} expected, got ${r.text.slice(0, 200)}`);
	if (code) eq(errCode(r), code, 'error code');
}
const param = (params, name) => params.find((p) => p.name === name);

setup('the helper and webconf start on a fresh root', async () => {
	await startHelper(root);
	srv = await startWebconf(root);
});

test('token file: created at first start, mode 0600, 64 hex digits', () => {
	const st = fs.statSync(path.join(root, 'etc/ndisload/webconf.token'));
	eq(st.mode & 0o777, 0o600, 'mode');
	check(/^[0-9a-f]{64}$/.test(srv.token), `token format: ${srv.token}`);
});

test('GET /status: module, drivers, devices, interfaces', async () => {
	const r = await get('/status');
	eq(r.status, 200, `status (${r.text.slice(0, 200)})`);
	check(r.json.module && typeof r.json.module.loaded === 'boolean', 'module.loaded');
	for (const k of ['drivers', 'devices', 'interfaces']) check(Array.isArray(r.json[k]), `${k} is an array`);
	eq(r.headers['cache-control'], 'no-store', 'Cache-Control');
});

test('GET /status: HEAD answers without a body', async () => {
	const r = await request(srv, { method: 'HEAD', path: '/api/v1/status', token: srv.token });
	eq(r.status, 200, 'status');
	eq(r.text, '', 'body');
});

test('GET /status without credentials: 401 unauthorized', async () => {
	const r = await request(srv, { path: '/api/v1/status' });
	isError(r, 401, 'unauthorized');
	check(/Bearer/.test(r.headers['www-authenticate'] || ''), 'WWW-Authenticate: Bearer');
});

test('POST /session: login sets an HttpOnly SameSite=Strict cookie, GET /session gives its CSRF token', async () => {
	const r = await request(srv, { method: 'POST', path: '/api/v1/session', body: { token: srv.token } });
	eq(r.status, 200, 'status');
	const c = (r.headers['set-cookie'] || [])[0] || '';
	check(/^ndl_session=[0-9a-f]{64};/.test(c), `cookie: ${c}`);
	check(/HttpOnly/.test(c) && /SameSite=Strict/.test(c) && /Path=\//.test(c), `cookie attributes: ${c}`);
	const s = await request(srv, { path: '/api/v1/session', cookie: c.split(';')[0] });
	eq(s.status, 200, 'GET /session');
	eq(s.json.method, 'session', 'method');
	eq(s.json.csrf, r.json.csrf, 'csrf token');
});

test('POST /session: wrong token 401, missing field 400, unknown field 400', async () => {
	isError(await request(srv, { method: 'POST', path: '/api/v1/session', body: { token: 'x'.repeat(64) } }), 401, 'unauthorized');
	isError(await request(srv, { method: 'POST', path: '/api/v1/session', body: {} }), 400, 'bad_request');
	isError(await request(srv, { method: 'POST', path: '/api/v1/session', body: { token: srv.token, admin: true } }), 400, 'bad_request');
});

test('DELETE /session: logout ends the session', async () => {
	const s = await login(srv);
	const r = await request(srv, { method: 'DELETE', path: '/api/v1/session', cookie: s.cookie, csrf: s.csrf });
	eq(r.status, 200, 'status');
	check(/Max-Age=0/.test((r.headers['set-cookie'] || [])[0] || ''), 'cookie cleared');
	isError(await request(srv, { path: '/api/v1/session', cookie: s.cookie }), 401, 'unauthorized');
});

test('GET /drivers: empty store', async () => {
	const r = await get('/drivers');
	eq(r.status, 200, 'status');
	eq(JSON.stringify(r.json.drivers), '[]', 'drivers');
});

test('POST /drivers: the .inf alone is incomplete and names the missing .sys', async () => {
	const r = await uploadFiles(srv, driverPackage('webnic').filter((f) => f.name.endsWith('.inf')));
	eq(r.status, 202, `status (${r.text.slice(0, 300)})`);
	eq(r.json.state, 'incomplete', 'state');
	check(r.json.missing.map((n) => n.toLowerCase()).includes('webnic.sys'), `missing: ${JSON.stringify(r.json.missing)}`);
	check(r.json.have.map((n) => n.toLowerCase()).includes('webnic.inf'), `have: ${JSON.stringify(r.json.have)}`);
	check(typeof r.json.staging === 'string' && r.json.staging.length > 0, 'staging id');
	staging = r.json.staging;
});

test('POST /drivers: sending the missing .sys with the staging id installs it (201)', async () => {
	const r = await uploadFiles(srv, driverPackage('webnic').filter((f) => f.name.endsWith('.sys')), { staging });
	eq(r.status, 201, `status (${r.text.slice(0, 300)})`);
	eq(r.json.state, 'installed', 'state');
	eq(r.json.driver.name, 'webnic', 'driver name');
});

test('POST /drivers: a whole package in one upload is installed', async () => {
	const r = await uploadFiles(srv, driverPackage('webpcnet'));
	eq(r.status, 201, `status (${r.text.slice(0, 300)})`);
	eq(r.json.driver.name, 'webpcnet', 'driver name');
});

test('POST /drivers: the rtl8139 test miniport package (build/drivers/rtl8139) installs', async () => {
	const r = await uploadFiles(srv, driverPackage('rtl8139'));
	eq(r.status, 201, `status (${r.text.slice(0, 300)})`);
	check(r.json.driver.device_ids.some((id) => /PCI\\VEN_10EC&DEV_8139/i.test(id)), `device_ids ${JSON.stringify(r.json.driver.device_ids)}`);
	eq((await send('DELETE', '/drivers/' + r.json.driver.name)).status, 200, 'removed again');
});

test('POST /drivers: a virtual adapter package (vether, root-enumerated) installs, marked virtual', async () => {
	const r = await uploadFiles(srv, driverPackage('vether'));
	eq(r.status, 201, `status (${r.text.slice(0, 300)})`);
	eq(r.json.driver.virtual, true, 'virtual');
	check(r.json.driver.device_ids.length > 0 &&
	      r.json.driver.device_ids.every((id) => /^ROOT\\|^\*/i.test(id)),
	      `device_ids ${JSON.stringify(r.json.driver.device_ids)}`);
	eq((await send('DELETE', '/drivers/' + r.json.driver.name)).status, 200, 'removed again');
});

test('POST /drivers: unknown and malformed staging ids are refused', async () => {
	const sys = driverPackage('webnic').filter((f) => f.name.endsWith('.sys'));
	isError(await uploadFiles(srv, sys, { staging: '0123456789abcdef' }), 404, 'not_found');
	isError(await uploadFiles(srv, sys, { staging: 'no such staging' }), 400, 'bad_request');
});

test('POST /drivers: a broken .inf is refused with 422 invalid', async () => {
	const r = await uploadFiles(srv, [{ name: 'broken.inf', data: '[Version\nSignature="$Chicago$"\n\x00\x01garbage' }]);
	isError(r, 422, 'invalid');
});

test('POST /drivers: no files 400, not multipart 415', async () => {
	isError(await uploadFiles(srv, []), 400, 'bad_request');
	isError(await send('POST', '/drivers', { files: [] }), 415, 'unsupported_media_type');
});

// Issue #17 (7): a .sys of random bytes is refused, not installed with a
// "fail" verdict; a legal 255-byte name is not a 500; a name with a
// direction override is refused.
test('POST /drivers: a .sys of random bytes is refused with 422 and nothing is installed', async () => {
	const inf = driverPackage('webnic').filter((f) => f.name.endsWith('.inf'));
	const before = (await get('/drivers/webnic')).json.driver.files;
	const r = await uploadFiles(srv, [...inf, { name: 'webnic.sys', data: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) & 0xff)) }]);
	isError(r, 422, 'invalid');
	check(/not a usable Windows x86-64 driver image/.test(r.json.error.message), r.json.error.message);
	eq(JSON.stringify((await get('/drivers/webnic')).json.driver.files), JSON.stringify(before), 'the installed webnic is unchanged');
});

test('POST /drivers: a 255-byte file name is kept, not a 500', async () => {
	const inf = driverPackage('webnic').filter((f) => f.name.endsWith('.inf'));
	const long = 'x'.repeat(251) + '.bin';
	const r = await uploadFiles(srv, [...inf, { name: long, data: 'firmware' }]);
	eq(r.status, 202, `status (${r.text.slice(0, 300)})`);
	check(r.json.have.includes(long), `have: ${JSON.stringify(r.json.have).slice(0, 100)}`);
});

test('POST /drivers: a file name with U+202E (right-to-left override) is refused with 400', async () => {
	const r = await uploadFiles(srv, [{ name: 'webnic\u202efni.sys', data: 'MZ' }]);
	isError(r, 400, 'bad_request');
});

// Issue #17 (5): incomplete uploads are bounded per client, oldest dropped.
test('POST /drivers: a client keeps at most 4 incomplete uploads, the oldest is dropped', async () => {
	const inf = driverPackage('webnic').filter((f) => f.name.endsWith('.inf'));
	const ids = [];
	for (let i = 0; i < 5; i++) {
		const r = await uploadFiles(srv, inf);
		eq(r.status, 202, `upload ${i} (${r.text.slice(0, 200)})`);
		ids.push(r.json.staging);
	}
	const sys = driverPackage('webnic').filter((f) => f.name.endsWith('.sys'));
	isError(await uploadFiles(srv, sys, { staging: ids[0] }), 404, 'not_found');
	const r = await uploadFiles(srv, sys, { staging: ids[4] });
	eq(r.status, 201, `the newest one completes (${r.text.slice(0, 200)})`);
});

test('GET /drivers: lists the installed drivers with files, hashes and device ids', async () => {
	const r = await get('/drivers');
	eq(r.status, 200, 'status');
	const w = r.json.drivers.find((d) => d.name === 'webnic');
	check(w, `webnic listed: ${r.text.slice(0, 300)}`);
	const sys = w.files.find((f) => f.name.toLowerCase() === 'webnic.sys');
	check(sys && /^[0-9a-f]{64}$/.test(sys.sha256) && sys.size === fs.statSync(driverPackage('webnic')[1].path).size, `webnic.sys entry: ${JSON.stringify(w.files)}`);
	check(w.device_ids.some((id) => /PCI\\VEN_10EC&DEV_8139/i.test(id)), `device_ids: ${JSON.stringify(w.device_ids)}`);
	check(r.json.drivers.some((d) => d.name === 'webpcnet'), 'webpcnet listed');
});

test('GET /drivers/{name}: one driver; unknown 404', async () => {
	const r = await get('/drivers/webnic');
	eq(r.status, 200, 'status');
	eq(r.json.driver.name, 'webnic', 'name');
	isError(await get('/drivers/nosuchdriver'), 404, 'not_found');
});

test('/drivers/{name}/virtual: list, refusals, saved adapters removed (no module here: adding is 503)', async () => {
	let r = await uploadFiles(srv, driverPackage('vether'));
	eq(r.status, 201, `install vether (${r.text.slice(0, 300)})`);
	const v = '/drivers/' + r.json.driver.name + '/virtual';
	const vconf = path.join(root, 'etc/ndisload/virtual.conf');
	r = await get(v);
	eq(r.status, 200, `list (${r.text.slice(0, 200)})`);
	eq(JSON.stringify(r.json.adapters), '[]', 'no adapters yet');
	isError(await get('/drivers/nosuchdriver/virtual'), 404, 'not_found');
	isError(await send('POST', v, { count: 2 }), 503, 'module');
	check(!fs.existsSync(vconf), 'a failed add saves nothing');
	for (const body of [{ count: 0 }, { count: 17 }, { count: '2' }, { count: 1.5 }, { instances: 2 }])
		isError(await send('POST', v, body), 400, 'bad_request');
	isError(await send('POST', '/drivers/webnic/virtual', {}), 422, 'invalid');
	isError(await send('POST', '/drivers/nosuchdriver/virtual', {}), 404, 'not_found');
	for (const bad of ['16', 'x', '-1', '1x', '', '99999999999999999999'])
		isError(await send('DELETE', v + '/' + bad), bad === '' ? 404 : 400);
	isError(await send('DELETE', v + '/0?force=maybe'), 400, 'bad_request');
	isError(await send('DELETE', v + '/0'), 404, 'not_found');
	// Saved adapters, as a boot finds them before the driver loads.
	fs.mkdirSync(path.dirname(vconf), { recursive: true });
	fs.writeFileSync(vconf, '[vether]\ninstances = 0 1\n');
	r = await get(v);
	eq(r.json.adapters.map((a) => `${a.device} ${a.state} ${a.saved}`).join(','),
	   'virtual.0 stopped true,virtual.1 stopped true', 'saved adapters');
	check(r.json.adapters.every((a) => /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/.test(a.mac) && (parseInt(a.mac, 16) & 3) === 2) &&
	      r.json.adapters[0].mac !== r.json.adapters[1].mac, `own locally administered MACs: ${r.text.slice(0, 300)}`);
	eq(((await get('/status')).json.virtual || []).length, 2, 'status lists them');
	r = await send('DELETE', v + '/1');
	eq(r.status, 200, `remove (${r.text.slice(0, 200)})`);
	eq(JSON.stringify(r.json.removed), '[1]', 'removed');
	eq((await get(v)).json.adapters.length, 1, 'one left');
	isError(await send('DELETE', '/drivers/vether'), 409, 'conflict');
	eq((await send('DELETE', '/drivers/vether?force=true')).status, 200, 'removed with its adapters');
	check(!fs.readFileSync(vconf, 'utf8').includes('[vether]'), 'virtual.conf forgets it');
});

test('GET /drivers/{name}/params: metadata of every parameter type', async () => {
	const r = await get('/drivers/webnic/params');
	eq(r.status, 200, `status (${r.text.slice(0, 200)})`);
	const p = r.json.params;
	const rb = param(p, 'ReceiveBuffers');
	check(rb && rb.type === 'int' && String(rb.min) === '4' && String(rb.max) === '256' && String(rb.default) === '32', `ReceiveBuffers: ${JSON.stringify(rb)}`);
	const sd = param(p, 'SpeedDuplex');
	check(sd && sd.type === 'enum' && sd.enum.length === 5 && sd.enum.some((e) => e.value === '4' && /100 Mbps Full/.test(e.desc)), `SpeedDuplex: ${JSON.stringify(sd)}`);
	for (const [n, t] of [['InterruptModeration', 'long'], ['TxThreshold', 'dword'], ['MaxBurst', 'word'], ['NetworkAddress', 'edit']])
		eq((param(p, n) || {}).type, t, `${n} type`);
	check(param(p, 'NetworkAddress').optional === true, 'NetworkAddress optional');
	isError(await get('/drivers/nosuchdriver/params'), 404, 'not_found');
});

test('PUT /drivers/{name}/params: sets values (strings and integers) and keeps them', async () => {
	const r = await send('PUT', '/drivers/webnic/params', { values: { ReceiveBuffers: 64, SpeedDuplex: '4' } });
	eq(r.status, 200, `status (${r.text.slice(0, 200)})`);
	eq(String(param(r.json.params, 'ReceiveBuffers').value), '64', 'ReceiveBuffers in the answer');
	const again = await get('/drivers/webnic/params');
	eq(String(param(again.json.params, 'ReceiveBuffers').value), '64', 'ReceiveBuffers stored');
	eq(String(param(again.json.params, 'SpeedDuplex').value), '4', 'SpeedDuplex stored');
});

test('PUT /drivers/{name}/params: out of range, bad enum and unknown names are refused, nothing changes', async () => {
	isError(await send('PUT', '/drivers/webnic/params', { values: { ReceiveBuffers: 1000 } }), 422, 'invalid');
	isError(await send('PUT', '/drivers/webnic/params', { values: { SpeedDuplex: '9' } }), 422, 'invalid');
	isError(await send('PUT', '/drivers/webnic/params', { values: { NoSuchParam: '1' } }), 404, 'not_found');
	isError(await send('PUT', '/drivers/webnic/params', { values: { ReceiveBuffers: 1.5 } }), 400, 'bad_request');
	isError(await send('PUT', '/drivers/webnic/params', { value: { ReceiveBuffers: 8 } }), 400, 'bad_request');
	isError(await send('PUT', '/drivers/nosuchdriver/params', { values: { A: '1' } }), 404, 'not_found');
	const p = (await get('/drivers/webnic/params')).json.params;
	eq(String(param(p, 'ReceiveBuffers').value), '64', 'ReceiveBuffers unchanged');
});

// Issue #17 (6): values are checked against the .inf type; NUL, control,
// direction and invalid UTF-8 refused with 422 naming the parameter.
test('PUT /drivers/{name}/params: NUL, bidi, control characters and invalid UTF-8 are refused, nothing changes', async () => {
	for (const [name, v, why] of [
		['ReceiveBuffers', '128\u0000junk', /ReceiveBuffers contains a NUL/],
		['SpeedDuplex', '4\u0000', /SpeedDuplex contains a NUL/],
		['NetworkAddress', '\u202e0A1B', /NetworkAddress contains the invisible format or direction character U\+202E/],
		['NetworkAddress', '0A\u200b1B', /NetworkAddress contains the invisible/],
		['NetworkAddress', '0A\u00851B', /NetworkAddress contains the control character U\+0085/],
		['MaxBurst', '65536', /MaxBurst must be from/],
		['TxThreshold', '-1', /TxThreshold must be from/],
	]) {
		const r = await send('PUT', '/drivers/webnic/params', { values: { [name]: v } });
		isError(r, 422, 'invalid');
		check(why.test(r.json.error.message), `${name}=${JSON.stringify(v)}: ${r.json.error.message}`);
		eq(r.json.error.field, `values.${name}`, 'error.field');
	}
	// Raw bytes that are not UTF-8: refused by webconf or the helper, never stored.
	const raw = Buffer.concat([Buffer.from('{"values": {"NetworkAddress": "0A'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}}')]);
	const r = await send('PUT', '/drivers/webnic/params', raw, { headers: { 'Content-Type': 'application/json' } });
	check(r.status === 400 || r.status === 422, `invalid UTF-8: ${r.status} ${r.text.slice(0, 200)}`);
	const p = (await get('/drivers/webnic/params')).json.params;
	eq(String(param(p, 'ReceiveBuffers').value), '64', 'ReceiveBuffers unchanged');
	check(!/[\u202e\u200b\u0085]/.test(String(param(p, 'NetworkAddress').value)), 'NetworkAddress clean');
});

test('PUT /drivers/{name}/params: null resets to the default', async () => {
	const r = await send('PUT', '/drivers/webnic/params', { values: { SpeedDuplex: null } });
	eq(r.status, 200, `status (${r.text.slice(0, 200)})`);
	const sd = param(r.json.params, 'SpeedDuplex');
	check(sd.value === null || String(sd.value) === '0', `SpeedDuplex after reset: ${JSON.stringify(sd)}`);
});

test('GET /drivers/{name}/compat: every setting, automatic until set', async () => {
	const r = await get('/drivers/webnic/compat');
	eq(r.status, 200, `status (${r.text.slice(0, 200)})`);
	const names = r.json.settings.map((s) => s.name).join(',');
	eq(names, 'single_buffer_sends,multicast_all', 'settings');
	check(r.json.settings.every((s) => s.value === 'auto' && s.title && s.cures && s.automatic), JSON.stringify(r.json.settings));
	isError(await get('/drivers/nosuchdriver/compat'), 404, 'not_found');
});

test('PUT /drivers/{name}/compat: sets, keeps, null is automatic; bad values refused', async () => {
	let r = await send('PUT', '/drivers/webnic/compat', { values: { multicast_all: 'on', single_buffer_sends: 'off' } });
	eq(r.status, 200, `status (${r.text.slice(0, 200)})`);
	r = await get('/drivers/webnic/compat');
	eq(r.json.settings.find((s) => s.name === 'multicast_all').value, 'on', 'multicast_all stored');
	eq(r.json.settings.find((s) => s.name === 'single_buffer_sends').value, 'off', 'single_buffer_sends stored');
	isError(await send('PUT', '/drivers/webnic/compat', { values: { multicast_all: 'yes' } }), 422, 'invalid');
	isError(await send('PUT', '/drivers/webnic/compat', { values: { multicast_all: true } }), 400, 'bad_request');
	isError(await send('PUT', '/drivers/webnic/compat', { values: { nosuch: 'on' } }), 404, 'not_found');
	isError(await send('PUT', '/drivers/webnic/compat', { setting: {} }), 400, 'bad_request');
	r = await send('PUT', '/drivers/webnic/compat', { values: { single_buffer_sends: null } });
	eq(r.json.settings.find((s) => s.name === 'single_buffer_sends').value, 'auto', 'null: automatic');
	eq(r.json.settings.find((s) => s.name === 'multicast_all').value, 'on', 'multicast_all unchanged');
});

test('GET /devices/{id}/diagnosis: the doctor answers through the helper (no module here: 503 module)', async () => {
	isError(await get('/devices/0000:00:03.0/diagnosis'), 503, 'module');
});

test('GET /devices: the fake PCI devices, their Linux drivers and matching drivers', async () => {
	const r = await get('/devices');
	eq(r.status, 200, 'status');
	const rtl = r.json.devices.find((d) => d.id === '0000:00:03.0');
	check(rtl, `0000:00:03.0 listed: ${r.text.slice(0, 300)}`);
	eq(rtl.linux_driver, '8139cp', 'linux_driver');
	check((rtl.matches || []).includes('webnic'), `matches: ${JSON.stringify(rtl.matches)}`);
	eq(rtl.bound, null, 'bound');
	const intel = r.json.devices.find((d) => d.id === '0000:00:04.0');
	check(intel && intel.matches.length === 0, `0000:00:04.0: ${JSON.stringify(intel)}`);
});

test('POST /devices/{id}/bind: binds a matching driver', async () => {
	const r = await send('POST', '/devices/0000:00:03.0/bind', { driver: 'webnic', unbind_native: true });
	eq(r.status, 200, `status (${r.text.slice(0, 300)})`);
	eq(r.json.device.bound, 'webnic', 'bound');
	const l = await get('/devices');
	eq(l.json.devices.find((d) => d.id === '0000:00:03.0').bound, 'webnic', 'bound in the list');
});

test('POST /devices/{id}/bind: unknown device 404, unknown driver 404, bad body 400', async () => {
	isError(await send('POST', '/devices/0000:00:09.0/bind', { driver: 'webnic' }), 404, 'not_found');
	isError(await send('POST', '/devices/0000:00:04.0/bind', { driver: 'nosuchdriver' }), 404, 'not_found');
	isError(await send('POST', '/devices/0000:00:04.0/bind', { driver: 7 }), 400, 'bad_request');
	isError(await send('POST', '/devices/0000:00:04.0/bind', {}), 400, 'bad_request');
});

test('POST /devices/{id}/bind: a driver that does not match the device is refused', async () => {
	const r = await send('POST', '/devices/0000:00:04.0/bind', { driver: 'webnic' });
	check(r.status === 409 || r.status === 422, `status ${r.status}: ${r.text.slice(0, 200)}`);
	eq((await get('/devices')).json.devices.find((d) => d.id === '0000:00:04.0').bound, null, 'still unbound');
});

test('POST /devices/{id}/bind isolated: refused without an IOMMU (422, the binding unchanged); a non-boolean 400', async () => {
	const r = await send('POST', '/devices/0000:00:03.0/bind', { driver: 'webnic', isolated: true });
	isError(r, 422, 'invalid');
	check(/has no IOMMU group/.test(r.json.error.message), `message: ${r.json.error.message}`);
	isError(await send('POST', '/devices/0000:00:03.0/bind', { driver: 'webnic', isolated: 'yes' }), 400, 'bad_request');
	const dev = (await get('/devices')).json.devices.find((d) => d.id === '0000:00:03.0');
	eq(dev.bound, 'webnic', 'still bound in-kernel');
	eq(dev.isolated, false, 'not isolated');
	const st = await get('/status');
	check(Array.isArray(st.json.isolated) && st.json.isolated.length === 0, `status isolated: ${JSON.stringify(st.json.isolated)}`);
});

test('POST /load: loading the bound driver without the kernel module is 503 module', async () => {
	isError(await send('POST', '/load', { driver: 'webnic' }), 503, 'module');
	isError(await send('POST', '/load', { driver: 5 }), 400, 'bad_request');
});

test('POST /unload: a driver that is not running is 409; the name is required', async () => {
	isError(await send('POST', '/unload', { driver: 'webnic' }), 409, 'conflict');
	isError(await send('POST', '/unload', {}), 400, 'bad_request');
	isError(await send('POST', '/unload', { driver: 5 }), 400, 'bad_request');
});

test('POST /interfaces/{if}/up: needs the module\'s interface; bad bodies are 400', async () => {
	isError(await send('POST', '/interfaces/eth0/up', { dhcp: true }), 503, 'module');
	isError(await send('POST', '/interfaces/eth0/up', { dhcp: 'yes' }), 400, 'bad_request');
	isError(await send('POST', '/interfaces/eth0/up', { dhcp: true, script: 'x' }), 400, 'bad_request');
	isError(await send('POST', '/interfaces/' + 'a'.repeat(20) + '/up', { dhcp: true }), 400, 'bad_request');
});

test('DELETE /drivers/{name}: a bound driver is kept (409)', async () => {
	isError(await send('DELETE', '/drivers/webnic'), 409, 'conflict');
	check((await get('/drivers')).json.drivers.some((d) => d.name === 'webnic'), 'still installed');
});

test('GET /interfaces: a list of interfaces', async () => {
	const r = await get('/interfaces');
	eq(r.status, 200, 'status');
	check(Array.isArray(r.json.interfaces), 'interfaces array');
});

test('POST /devices/{id}/unbind: releases the device; unknown device 404', async () => {
	const r = await send('POST', '/devices/0000:00:03.0/unbind');
	eq(r.status, 200, `status (${r.text.slice(0, 300)})`);
	eq(r.json.device.bound, null, 'bound');
	isError(await send('POST', '/devices/0000:00:09.0/unbind'), 404, 'not_found');
});

test('DELETE /drivers/{name}: removes an unbound driver; again 404', async () => {
	const r = await send('DELETE', '/drivers/webpcnet');
	eq(r.status, 200, `status (${r.text.slice(0, 200)})`);
	check(!(await get('/drivers')).json.drivers.some((d) => d.name === 'webpcnet'), 'gone from the list');
	isError(await send('DELETE', '/drivers/webpcnet'), 404, 'not_found');
	isError(await send('DELETE', '/drivers/webnic?force=maybe'), 400, 'bad_request');
});

test('GET /license: the branded build starts in its trial', async () => {
	const r = await get('/license');
	eq(r.status, 200, `status (${r.text.slice(0, 200)})`);
	eq(r.json.state, 'trial', 'state');
	eq(r.json.required, true, 'required');
	check(typeof r.json.host_id === 'string' && r.json.host_id.length > 0, `host_id ${r.json.host_id}`);
});

test('PUT /license: a malformed key is refused (JSON and text/plain), a body without text 400', async () => {
	isError(await send('PUT', '/license', { text: 'this is not a license key' }), 422, 'invalid');
	isError(await send('PUT', '/license', 'this is not a license key either', { headers: { 'Content-Type': 'text/plain' } }), 422, 'invalid');
	isError(await send('PUT', '/license', { key: 'x' }), 400, 'bad_request');
	isError(await send('PUT', '/license', 'x', { headers: { 'Content-Type': 'application/xml' } }), 415, 'unsupported_media_type');
});

test('PUT /license: a key issued for this host is installed (text/plain upload)', async () => {
	const host = (await get('/license')).json.host_id;
	const r = await send('PUT', '/license', issueLicense(root, host), { headers: { 'Content-Type': 'text/plain' } });
	eq(r.status, 200, `status (${r.text.slice(0, 300)})`);
	eq(r.json.state, 'licensed', 'state');
	eq((await get('/license')).json.state, 'licensed', 'state afterwards');
});

test('GET /brand and /status: the installed brand, checked; the logo is served', async () => {
	const r = await request(srv, { path: '/api/v1/brand' });
	eq(r.status, 200, 'status');
	eq(r.json.brand.product, BRAND_PRODUCT, 'product');
	eq(r.json.brand.colors.primary, '#7a1f99', 'primary colour');
	eq(r.json.brand.logo, 'logo.svg', 'logo');
	eq((await get('/status')).json.brand.product, BRAND_PRODUCT, 'brand in the status');
	const logo = await request(srv, { path: '/brand/logo.svg' });
	eq(logo.status, 200, 'logo');
	check(/image\/svg\+xml/.test(logo.headers['content-type']), logo.headers['content-type']);
});

test('GET /diagnostics: a text report download without the web token', async () => {
	const r = await get('/diagnostics');
	eq(r.status, 200, `status (${r.text.slice(0, 200)})`);
	check(/^text\/plain/.test(r.headers['content-type']), `content-type ${r.headers['content-type']}`);
	check(/attachment; filename="ndisload-diagnostics-[0-9-]+\.txt"/.test(r.headers['content-disposition'] || ''), `disposition ${r.headers['content-disposition']}`);
	check(r.text.length > 0, 'report not empty');
	check(!r.text.includes(srv.token), 'the web token must not be in the report');
});

test('router: unknown endpoint 404, wrong method 405 with Allow', async () => {
	isError(await get('/nothing'), 404, 'not_found');
	const r = await send('PATCH', '/drivers');
	isError(r, 405, 'method_not_allowed');
	check(/GET/.test(r.headers.allow) && /POST/.test(r.headers.allow), `Allow: ${r.headers.allow}`);
});

test('pages: / needs a session (303 to login), login page and assets are public', async () => {
	const r = await request(srv, { path: '/' });
	eq(r.status, 303, 'status');
	check(/^\/login\.html\?next=/.test(r.headers.location), `Location ${r.headers.location}`);
	const l = await request(srv, { path: '/login.html' });
	eq(l.status, 200, 'login page');
	check(/text\/html/.test(l.headers['content-type']), 'html');
	const a = await request(srv, { path: '/assets/app.js' });
	eq(a.status, 200, 'asset');
	check(/javascript/.test(a.headers['content-type']), 'js content type');
	const s = await login(srv);
	const p = await request(srv, { path: '/drivers.html', cookie: s.cookie });
	eq(p.status, 200, 'page with session');
	const again = await request(srv, { path: '/drivers.html', cookie: s.cookie, headers: { 'If-None-Match': p.headers.etag } });
	eq(again.status, 304, 'ETag revalidation');
	eq((await request(srv, { path: '/nosuch.html', cookie: s.cookie })).status, 404, 'unknown page');
	eq((await request(srv, { path: '/brand/evil.js' })).status, 404, 'only the logo under /brand');
});

test('helper down: 503 helper_unavailable with a hint', async () => {
	const other = await startWebconf(root, ['--helper-socket', path.join(root, 'run/ndisload/none.sock')], 'webconf-nohelper');
	const r = await request(other, { path: '/api/v1/status', token: other.token });
	isError(r, 503, 'helper_unavailable');
	check(r.json.error.hint, 'hint');
});

process.exitCode = await runTests(async () => {
	await stopAll();
	fs.rmSync(root, { recursive: true, force: true });
});
