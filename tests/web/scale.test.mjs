// SPDX-License-Identifier: GPL-2.0-only
// Replies of realistic size through the real ndisload-webconf and the real
// helper: 300 installed drivers (status, driver list, diagnostics) and a
// driver with 5000 parameters (read and set). The helper sends replies
// over 64 KiB in a sealed memfd (docs/helper-protocol.md); before that
// these answered 413.
import fs from 'node:fs';
import path from 'node:path';
import {
	FIXTURES, check, driverPackage, eq, makeRoot, request, runTests, setup, startHelper, startWebconf,
	stopAll, test, uploadFiles,
} from './lib/harness.mjs';

const DRIVERS = 300;
const PARAMS = 5000;
const root = makeRoot();
const store = path.join(root, 'var/lib/ndisload/drivers');
let srv;

const get = (p) => request(srv, { path: '/api/v1' + p, token: srv.token });

/* webnic.inf with PARAMS more dword parameters in its params AddReg section. */
function bulkInf() {
	const lines = [];
	for (let i = 0; i < PARAMS; i++) {
		const n = `Bulk${String(i).padStart(4, '0')}`;
		lines.push(`HKR, Ndi\\params\\${n}, ParamDesc, 0, "Bulk setting ${i}"`,
			`HKR, Ndi\\params\\${n}, type,      0, "dword"`,
			`HKR, Ndi\\params\\${n}, default,   0, "${i}"`,
			`HKR, Ndi\\params\\${n}, min,       0, "0"`,
			`HKR, Ndi\\params\\${n}, max,       0, "100000"`);
	}
	const inf = fs.readFileSync(path.join(FIXTURES, 'webnic', 'webnic.inf'), 'utf8');
	check(inf.includes('[webnic.params.reg]\n'), 'webnic.inf has its params section');
	return inf.replace('[webnic.params.reg]\n', `[webnic.params.reg]\n${lines.join('\n')}\n`);
}

setup('the helper and webconf start; a 5000-parameter driver and 300 drivers are installed', async () => {
	await startHelper(root);
	srv = await startWebconf(root, [], 'webconf', { verbose: false });
	const sys = driverPackage('webnic').find((f) => f.name === 'webnic.sys');
	const r = await uploadFiles(srv, [{ name: 'webnic.inf', data: Buffer.from(bulkInf()) }, sys]);
	eq(r.status, 201, `upload of the 5000-parameter driver (${r.text.slice(0, 200)})`);
	// The other drivers are copies of a store entry made by the real install.
	const one = await uploadFiles(srv, [{ name: 'webpcnet.inf', path: path.join(FIXTURES, 'webpcnet', 'webpcnet.inf') },
		{ name: 'webpcnet.sys', path: sys.path }]);
	eq(one.status, 201, `upload of webpcnet (${one.text.slice(0, 200)})`);
	const manifest = JSON.parse(fs.readFileSync(path.join(store, 'webpcnet', 'manifest.json'), 'utf8'));
	for (let i = 1; i < DRIVERS - 1; i++) {
		const name = `scale${String(i).padStart(3, '0')}`;
		fs.cpSync(path.join(store, 'webpcnet'), path.join(store, name), { recursive: true });
		fs.writeFileSync(path.join(store, name, 'manifest.json'), JSON.stringify({ ...manifest, name }));
	}
	eq(fs.readdirSync(store).filter((n) => !n.startsWith('.')).length, DRIVERS, 'drivers in the store');
});

test(`GET /status with ${DRIVERS} drivers: 200, every driver listed`, async () => {
	const r = await get('/status');
	eq(r.status, 200, `status (${r.text.slice(0, 200)})`);
	check(r.text.length > 64 * 1024, `the answer is over the old 64 KiB limit (${r.text.length} bytes)`);
	eq(r.json.drivers.length, DRIVERS, 'drivers');
	check(r.json.drivers.some((d) => d.name === 'scale298'), 'the last copy is listed');
});

test(`GET /drivers with ${DRIVERS} drivers: 200, every driver listed`, async () => {
	const r = await get('/drivers');
	eq(r.status, 200, `status (${r.text.slice(0, 200)})`);
	eq(r.json.drivers.length, DRIVERS, 'drivers');
});

test(`GET /diagnostics with ${DRIVERS} drivers: 200, the report names them`, async () => {
	const r = await get('/diagnostics');
	eq(r.status, 200, `status (${r.text.slice(0, 200)})`);
	check(r.text.includes('scale298'), 'the report names the last driver');
});

test(`GET /drivers/webnic/params: all ${PARAMS + 6} parameters`, async () => {
	const r = await get('/drivers/webnic/params');
	eq(r.status, 200, `status (${r.text.slice(0, 200)})`);
	check(r.text.length > 512 * 1024, `a reply over 512 KiB (${r.text.length} bytes)`);
	eq(r.json.params.length, PARAMS + 6, 'parameters');
	const last = r.json.params.find((p) => p.name === 'Bulk4999');
	check(last && last.type === 'dword' && last.default === '4999', `Bulk4999: ${JSON.stringify(last)}`);
});

test(`PUT /drivers/webnic/params: a value among ${PARAMS} is set and read back`, async () => {
	const r = await request(srv, { method: 'PUT', path: '/api/v1/drivers/webnic/params', token: srv.token,
		body: { values: { Bulk2500: '77' } } });
	eq(r.status, 200, `status (${r.text.slice(0, 200)})`);
	const again = await get('/drivers/webnic/params');
	eq(again.json.params.find((p) => p.name === 'Bulk2500').value, '77', 'value in force');
});

process.exitCode = await runTests(async () => {
	await stopAll();
	fs.rmSync(root, { recursive: true, force: true });
});
