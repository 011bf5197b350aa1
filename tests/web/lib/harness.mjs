// SPDX-License-Identifier: GPL-2.0-only
// Test harness of the web suites: a temporary NDISLOAD_ROOT with a fake
// sysfs, the real helper (ndisload serve) and the real ndisload-webconf,
// an HTTP client that can send anything (any Host header, raw bodies), and
// the PASS/FAIL protocol of tests/suites.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TOP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const BUILD = process.env.BUILD || path.join(TOP, 'build');
export const BIN = path.join(BUILD, 'bin');
export const RESULTS = path.join(BUILD, 'test-results', 'web');
export const FIXTURES = path.join(TOP, 'tests', 'web', 'fixtures');

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Debian's headless Chromium (CHROMIUM overrides), for the VM page tests. */
export async function launchChromium() {
	const { chromium } = await import('playwright-core');
	return chromium.launch({
		executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
		args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
			'--disable-background-networking', '--disable-component-update', '--disable-sync'],
	});
}

// ---------------------------------------------------------------- tests

const tests = [];
/** Registers a test case; fn throws (or rejects) to fail. */
export function test(name, fn) { tests.push({ name, fn }); }
/** Registers a set-up step: when it fails, the tests after it fail unrun. */
export function setup(name, fn) { tests.push({ name, fn, setup: true }); }

export class Failure extends Error {}
export function check(cond, why) { if (!cond) throw new Failure(why); }
export function eq(got, want, what) {
	if (got !== want) throw new Failure(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
}

/** Runs every registered test in order, printing one line each; returns the exit code. */
export async function runTests(cleanup) {
	let failed = 0;
	let broken = null;
	for (const t of tests) {
		if (broken) {
			failed++;
			console.log(`FAIL: ${t.name} (not run: ${broken})`);
			continue;
		}
		try {
			await t.fn();
			console.log(`PASS: ${t.name}`);
		} catch (e) {
			failed++;
			const why = (e instanceof Failure ? e.message : (e && e.stack) || String(e)).split('\n');
			console.log(`FAIL: ${t.name} (${why[0]})`);
			if (why.length > 1) console.log(why.slice(1).map((l) => '    ' + l).join('\n'));
			if (t.setup) broken = `set-up "${t.name}" failed`;
		}
	}
	if (cleanup) await cleanup();
	console.log(`${tests.length - failed} passed, ${failed} failed`);
	return failed ? 1 : 0;
}

// ---------------------------------------------------------------- state root

/** A PCI device in the fake sysfs (ids as the kernel prints them). */
export function addPciDevice(root, addr, ids, linuxDriver) {
	const dir = path.join(root, 'sys/bus/pci/devices', addr);
	fs.mkdirSync(dir, { recursive: true });
	const files = { class: '0x020000', revision: '0x20', subsystem_vendor: '0x1af4', subsystem_device: '0x1100', ...ids };
	for (const [k, v] of Object.entries(files)) fs.writeFileSync(path.join(dir, k), v + '\n');
	fs.writeFileSync(path.join(dir, 'modalias'),
		`pci:v0000${files.vendor.slice(2).toUpperCase()}d0000${files.device.slice(2).toUpperCase()}sv0000${files.subsystem_vendor.slice(2).toUpperCase()}sd0000${files.subsystem_device.slice(2).toUpperCase()}bc02sc00i00\n`);
	if (linuxDriver) {
		const drv = path.join(root, 'sys/bus/pci/drivers', linuxDriver);
		fs.mkdirSync(drv, { recursive: true });
		fs.symlinkSync(path.relative(dir, drv), path.join(dir, 'driver'));
		fs.writeFileSync(path.join(drv, 'unbind'), '');
		fs.writeFileSync(path.join(drv, 'bind'), '');
	}
}

/** A USB device in the fake sysfs at bus path busPath (e.g. '1-1'):
 * ids are its idVendor/idProduct/bcdDevice (bare hex, as the kernel
 * prints them); each interface [class, subclass, protocol] becomes
 * busPath:1.N, driven by linuxDriver (if any). */
export function addUsbDevice(root, busPath, ids, interfaces, linuxDriver) {
	const base = path.join(root, 'sys/bus/usb/devices');
	const dir = path.join(base, busPath);
	fs.mkdirSync(dir, { recursive: true });
	const files = { bDeviceClass: '00', bDeviceSubClass: '00', bDeviceProtocol: '00', bConfigurationValue: '1', ...ids };
	for (const [k, v] of Object.entries(files)) fs.writeFileSync(path.join(dir, k), v + '\n');
	const drv = linuxDriver && path.join(root, 'sys/bus/usb/drivers', linuxDriver);
	if (drv) {
		fs.mkdirSync(drv, { recursive: true });
		fs.writeFileSync(path.join(drv, 'unbind'), '');
		fs.writeFileSync(path.join(drv, 'bind'), '');
	}
	interfaces.forEach(([cls, sub, prot], n) => {
		const intf = path.join(base, `${busPath}:1.${n}`);
		fs.mkdirSync(intf);
		const hex2 = (v) => v.toString(16).padStart(2, '0');
		for (const [k, v] of Object.entries({ bInterfaceNumber: hex2(n), bInterfaceClass: cls, bInterfaceSubClass: sub, bInterfaceProtocol: prot }))
			fs.writeFileSync(path.join(intf, k), v + '\n');
		if (drv) fs.symlinkSync(path.relative(intf, drv), path.join(intf, 'driver'));
	});
}

/** A fresh NDISLOAD_ROOT: the state directories, a fake sysfs with the
 * QEMU RTL8139 at 0000:00:03.0 (driven by Linux's 8139cp), an Intel NIC no
 * test driver matches at 0000:00:04.0 and an AMD PCnet at 0000:00:05.0;
 * and a vendor brand that requires a license (key pair made with the real
 * ndisload-license tool; the secret key is root/vendor.key). */
export function makeRoot() {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ndl-web-'));
	for (const d of ['etc/ndisload', 'var/lib/ndisload/drivers', 'run/ndisload', 'sys/bus/pci/drivers', 'sys/class/net', 'dev'])
		fs.mkdirSync(path.join(root, d), { recursive: true });
	addPciDevice(root, '0000:00:03.0', { vendor: '0x10ec', device: '0x8139' }, '8139cp');
	addPciDevice(root, '0000:00:04.0', { vendor: '0x8086', device: '0x100e', subsystem_vendor: '0x8086', subsystem_device: '0x001e' }, 'e1000');
	addPciDevice(root, '0000:00:05.0', { vendor: '0x1022', device: '0x2000', subsystem_vendor: '0x1022', subsystem_device: '0x2000' }, 'pcnet32');
	makeBrand(root);
	return root;
}

export const BRAND_PRODUCT = 'WebTest NIC Suite';

/* The brand as installer/lib/brand.sh installs it, under the root. */
function makeBrand(root) {
	const dir = brandDir(root);
	fs.mkdirSync(dir, { recursive: true });
	execFileSync(path.join(BIN, 'ndisload-license'), ['keygen', '--out', path.join(root, 'vendor'),
		'--vendor', 'Example Networks', '--product', BRAND_PRODUCT], { stdio: 'ignore' });
	fs.copyFileSync(path.join(root, 'vendor.pub'), path.join(dir, 'license.pub'));
	fs.copyFileSync(path.join(TOP, 'www/assets/logo.svg'), path.join(dir, 'logo.svg'));
	// The bundled driver whose use the license governs, and the machine ID
	// the host ID is derived from.
	fs.mkdirSync(path.join(dir, 'driver'));
	for (const f of driverPackage('webpcnet')) fs.copyFileSync(f.path, path.join(dir, 'driver', f.name));
	fs.writeFileSync(path.join(root, 'etc/machine-id'), '5f3c2a9e8d7b4c1a9e0f1d2c3b4a5968\n');
	fs.writeFileSync(path.join(dir, 'brand.json'), JSON.stringify({
		format: 1, vendor: 'Example Networks', vendor_id: 'example', product: BRAND_PRODUCT,
		product_id: 'webtest', version: '1.0', logo: 'logo.svg',
		colors: { primary: '#7a1f99', accent: '#17a3e3', background: '#ffffff', text: '#101010' },
		support_url: 'https://support.example.com/key', driver: { name: 'webpcnet', dir: 'driver' }, params: {}, wireless: null,
		license: { required: true, trial_days: 30, pubkey: 'license.pub' },
	}, null, 2));
}

export function brandDir(root) { return path.join(root, 'usr/share/ndisload/brand'); }

/** A license for this host signed with the root's vendor key (the real issuing tool). */
export function issueLicense(root, hostId) {
	return execFileSync(path.join(BIN, 'ndisload-license'), ['issue', '--key', path.join(root, 'vendor.key'),
		'--licensee', 'Web Test', '--host', hostId, '--vendor', 'Example Networks', '--product', BRAND_PRODUCT,
		'--expires', 'never', '--out', '-'], { encoding: 'utf8' });
}

/** A fingerprint of everything the helper stores (drivers, settings,
 * staging, licenses): equal fingerprints mean nothing stored changed. */
export function stateFingerprint(root) {
	const out = [];
	const walk = (dir) => {
		let entries = [];
		try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return; }
		for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
			const p = path.join(dir, e.name);
			const rel = path.relative(root, p);
			if (rel === 'etc/ndisload/webconf.token') continue;
			// The helper's log records refusals too: it is not stored state.
			if (/^var\/lib\/ndisload\/helper\.log(\.1)?$/.test(rel)) continue;
			if (e.isDirectory()) { out.push(rel + '/'); walk(p); }
			else if (e.isFile()) out.push(rel + ' ' + createHash('sha256').update(fs.readFileSync(p)).digest('hex'));
			else out.push(rel + ' ->');
		}
	};
	walk(path.join(root, 'etc'));
	walk(path.join(root, 'var'));
	return out.join('\n');
}

// ---------------------------------------------------------------- daemons

const children = [];

/* Daemon output goes straight to a file: a pipe would stall the daemon
 * whenever this process is busy (e.g. in execFileSync). */
function logFile(name) {
	fs.mkdirSync(RESULTS, { recursive: true });
	return fs.openSync(path.join(RESULTS, `${name}.daemon.log`), 'a');
}

/**
 * Polls cond (which may be async) until it holds; fails naming what after
 * ms, or at once when child (a daemon this process started) has exited.
 */
export async function until(what, cond, { ms = 5000, child = null } = {}) {
	const end = Date.now() + ms;
	for (;;) {
		if (child && child.exitCode !== null) throw new Error(`${what}: exited with status ${child.exitCode} (see ${RESULTS}/*.daemon.log)`);
		if (await cond()) return;
		if (Date.now() >= end) throw new Failure(`${what}: not within ${ms / 1000} s`);
		await sleep(20);
	}
}

/** Starts the real helper (build/bin/ndisload serve) on root. */
export async function startHelper(root, name = 'helper') {
	const bin = path.join(BIN, 'ndisload');
	if (!fs.existsSync(bin)) throw new Error(`${bin} is not built (the helper's part of make)`);
	const sock = path.join(root, 'run/ndisload/helper.sock');
	const log = logFile(name);
	const child = spawn(bin, ['serve', '--socket', sock, '--allow-user', os.userInfo().username],
		{ env: { ...process.env, NDISLOAD_ROOT: root }, stdio: ['ignore', log, log] });
	fs.closeSync(log);
	children.push(child);
	await until('ndisload serve coming up', () => fs.existsSync(sock), { ms: 10000, child });
	return { child, sock };
}

function freePort() {
	return new Promise((resolve, reject) => {
		const s = net.createServer();
		s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
		s.on('error', reject);
	});
}

function canConnect(port) {
	return new Promise((resolve) => {
		const s = net.connect(port, '127.0.0.1');
		s.on('connect', () => { s.destroy(); resolve(true); });
		s.on('error', () => resolve(false));
	});
}

/** Starts the real ndisload-webconf for root; extra command-line args allowed. */
export async function startWebconf(root, args = [], name = 'webconf', { verbose = true } = {}) {
	const port = await freePort();
	const log = logFile(name);
	const child = spawn(path.join(BIN, 'ndisload-webconf'),
		['--port', String(port), '--www', path.join(TOP, 'www'), '--brand-dir', brandDir(root),
			...(verbose ? ['--verbose'] : []), ...args],
		{ env: { ...process.env, NDISLOAD_ROOT: root }, stdio: ['ignore', log, log] });
	fs.closeSync(log);
	children.push(child);
	await until('ndisload-webconf coming up', () => canConnect(port), { ms: 10000, child });
	const token = fs.readFileSync(path.join(root, 'etc/ndisload/webconf.token'), 'utf8').trim();
	return { child, port, token, base: `http://127.0.0.1:${port}` };
}

/** Stops every daemon this process started. */
export async function stopAll() {
	for (const c of children) {
		if (c.exitCode === null) {
			c.kill('SIGTERM');
			await Promise.race([new Promise((r) => c.once('exit', r)), sleep(3000)]);
			if (c.exitCode === null) c.kill('SIGKILL');
		}
	}
}

// ---------------------------------------------------------------- HTTP

/**
 * One request. opts: method, path, headers, body (string|Buffer|object ->
 * JSON), host (Host header; default "localhost:PORT"), token (bearer),
 * cookie, csrf. Resolves {status, headers, text, json}.
 */
export function request(srv, opts) {
	const headers = { ...(opts.headers || {}) };
	let body = opts.body;
	if (body !== undefined && !Buffer.isBuffer(body) && typeof body !== 'string') {
		body = JSON.stringify(body);
		headers['Content-Type'] ??= 'application/json';
	}
	if (opts.token) headers.Authorization = 'Bearer ' + opts.token;
	if (opts.cookie) headers.Cookie = opts.cookie;
	if (opts.csrf) headers['X-CSRF-Token'] = opts.csrf;
	headers.Host = opts.host ?? `localhost:${srv.port}`;
	if (body !== undefined) headers['Content-Length'] = Buffer.byteLength(body);
	return new Promise((resolve, reject) => {
		const req = http.request({ host: '127.0.0.1', port: srv.port, method: opts.method || 'GET',
			path: opts.path, headers, agent: false, setHost: false }, (res) => {
			const chunks = [];
			res.on('data', (c) => chunks.push(c));
			res.on('end', () => {
				const text = Buffer.concat(chunks).toString('utf8');
				let json = null;
				try { json = JSON.parse(text); } catch { /* not JSON */ }
				resolve({ status: res.statusCode, headers: res.headers, text, json });
			});
		});
		req.on('error', reject);
		req.setTimeout(60000, () => req.destroy(new Error(`no answer to ${opts.method || 'GET'} ${opts.path}`)));
		if (body !== undefined) req.write(body);
		req.end();
	});
}

/** A multipart/form-data body: parts [{name, filename?, data}]. */
export function multipart(parts, boundary = '----ndltest' + Math.random().toString(16).slice(2)) {
	const bufs = [];
	for (const p of parts) {
		let disp = `form-data; name="${p.name}"`;
		if (p.filename !== undefined) disp += `; filename="${p.filename}"`;
		// latin1 keeps each char one byte: tests can send names that are not UTF-8.
		bufs.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n` +
			(p.filename !== undefined ? 'Content-Type: application/octet-stream\r\n' : '') + '\r\n',
		p.rawName ? 'latin1' : 'utf8'));
		bufs.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
		bufs.push(Buffer.from('\r\n'));
	}
	bufs.push(Buffer.from(`--${boundary}--\r\n`));
	return { body: Buffer.concat(bufs), type: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads files [{name, path|data}] (+ staging) with the bearer token. */
export function uploadFiles(srv, files, extra = {}) {
	const parts = files.map((f) => ({ name: 'file', filename: f.name, rawName: f.rawName, data: f.data ?? fs.readFileSync(f.path) }));
	if (extra.staging) parts.push({ name: 'staging', data: extra.staging });
	const mp = multipart(parts);
	return request(srv, { method: 'POST', path: '/api/v1/drivers', token: extra.token ?? srv.token,
		cookie: extra.cookie, csrf: extra.csrf, headers: { 'Content-Type': mp.type, ...(extra.headers || {}) }, body: mp.body });
}

/** Logs in like a browser: returns {cookie, csrf}. */
export async function login(srv) {
	const r = await request(srv, { method: 'POST', path: '/api/v1/session', body: { token: srv.token },
		headers: { Origin: `http://localhost:${srv.port}` } });
	if (r.status !== 200) throw new Failure(`login failed: ${r.status} ${r.text}`);
	const cookie = (r.headers['set-cookie'] || [])[0].split(';')[0];
	return { cookie, csrf: r.json.csrf };
}

// ---------------------------------------------------------------- packages

/** The test driver packages: name -> [{name, path}], built or fixtures. */
export function driverPackage(name) {
	if (name === 'webnic' || name === 'webpcnet') {
		// Our fixture .inf files (webnic: every parameter type, matches the
		// RTL8139; webpcnet: the PCnet) with the built vether miniport as .sys.
		return [
			{ name: `${name}.inf`, path: path.join(FIXTURES, name, `${name}.inf`) },
			{ name: `${name}.sys`, path: path.join(BUILD, 'drivers', 'vether', 'vether.sys') },
		];
	}
	const dir = path.join(BUILD, 'drivers', name);
	if (!fs.existsSync(dir)) throw new Error(`${dir} is not built (tests/drivers)`);
	return fs.readdirSync(dir).filter((f) => /\.(inf|sys|bin|cat)$/i.test(f))
		.map((f) => ({ name: f, path: path.join(dir, f) }));
}
