// SPDX-License-Identifier: GPL-2.0-only
// Attack tests: each hostile request must be refused AND leave every stored
// driver and setting exactly as it was (fingerprint of etc/ and var/ of the
// state root), and the daemon must keep serving afterwards.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
	check, driverPackage, eq, login, makeRoot, multipart, request, runTests, setup,
	sleep, startHelper, startWebconf, stateFingerprint, stopAll, test, uploadFiles,
} from './lib/harness.mjs';

const root = makeRoot();
let srv;
let guess;	/* a second daemon for token guessing: its delays must not slow the others */
let session;

/** Runs attack(), checks each answer with verdict(r), then that nothing stored changed. */
async function refused(attack, verdict) {
	// The fingerprint covers the one store that every daemon here shares.
	const before = stateFingerprint(root);
	const answers = [].concat(await attack());
	for (const r of answers) verdict(r);
	const after = stateFingerprint(root);
	check(before === after, 'stored state changed:\n' + diff(before, after));
	const alive = await request(srv, { path: '/api/v1/status', token: srv.token });
	eq(alive.status, 200, 'webconf still serving afterwards');
}
function diff(a, b) {
	const A = new Set(a.split('\n'));
	const B = new Set(b.split('\n'));
	return [...[...A].filter((x) => !B.has(x)).map((x) => '- ' + x), ...[...B].filter((x) => !A.has(x)).map((x) => '+ ' + x)].join('\n');
}
const status = (want) => (r) => check(want.includes(r.status), `status ${r.status}, want ${want.join('/')}: ${(r.text || '').slice(0, 200)}`);
const code = (c) => (r) => check(r.json && r.json.error && r.json.error.code === c, `error code ${c} expected: ${(r.text || '').slice(0, 200)}`);
const both = (...fs_) => (r) => fs_.forEach((f) => f(r));

/** Every state-changing request, built with the given credentials. */
function changes(cred) {
	const mp = multipart([{ name: 'file', filename: 'webnic.sys', data: fs.readFileSync(driverPackage('webnic')[1].path) }]);
	return [
		{ method: 'POST', path: '/api/v1/drivers', headers: { 'Content-Type': mp.type }, body: mp.body },
		{ method: 'DELETE', path: '/api/v1/drivers/webnic?force=true' },
		{ method: 'PUT', path: '/api/v1/drivers/webnic/params', body: { values: { ReceiveBuffers: 8 } } },
		{ method: 'PUT', path: '/api/v1/drivers/webnic/compat', body: { values: { multicast_all: 'on' } } },
		{ method: 'POST', path: '/api/v1/devices/0000:00:03.0/unbind' },
		{ method: 'POST', path: '/api/v1/devices/0000:00:04.0/bind', body: { driver: 'webnic' } },
		{ method: 'PUT', path: '/api/v1/license', body: { text: 'x' } },
		// Virtual adapters (ep_virtual.c).
		{ method: 'POST', path: '/api/v1/drivers/webnic/virtual', body: { count: 1 } },
		{ method: 'DELETE', path: '/api/v1/drivers/webnic/virtual/0?force=true' },
		// The setup assistant's package upload and install (ep_packages.c).
		{ method: 'POST', path: '/api/v1/packages', headers: { 'Content-Type': mp.type }, body: mp.body },
		{ method: 'POST', path: '/api/v1/packages/0123456789abcdef/install', body: { inf: 'webnic.inf' } },
	].map((r) => ({ ...r, ...cred, headers: { ...(r.headers || {}), ...(cred.headers || {}) } }));
}
const sendAll = (reqs, on = srv) => Promise.all(reqs.map((r) => request(on, r)));
/* Wrong credentials: 401 (delayed once the guesses add up; tests/web/hostile.test.mjs). */
const wrongCredentials = (r) => {
	status([401])(r);
	check(r.json && r.json.error && r.json.error.code === 'unauthorized', r.text.slice(0, 200));
};

setup('a store with an installed, bound and configured driver', async () => {
	await startHelper(root);
	srv = await startWebconf(root);
	let r = await uploadFiles(srv, driverPackage('webnic'));
	eq(r.status, 201, `install webnic (${r.text.slice(0, 200)})`);
	r = await request(srv, { method: 'PUT', path: '/api/v1/drivers/webnic/params', token: srv.token, body: { values: { ReceiveBuffers: 64 } } });
	eq(r.status, 200, `set a parameter (${r.text.slice(0, 200)})`);
	r = await request(srv, { method: 'POST', path: '/api/v1/devices/0000:00:03.0/bind', token: srv.token, body: { driver: 'webnic', unbind_native: true } });
	eq(r.status, 200, `bind (${r.text.slice(0, 200)})`);
	session = await login(srv);
	guess = await startWebconf(root, [], 'webconf-guess');
});

test('no token: every change refused with 401', () => refused(
	() => sendAll(changes({})), both(status([401]), code('unauthorized'))));

test('wrong token: every change refused with 401', () => refused(
	() => sendAll(changes({ token: srv.token.replace(/.$/, (c) => (c === '0' ? '1' : '0')) }), guess), wrongCredentials));

test('wrong bearer scheme and an empty token are refused', () => refused(
	() => sendAll([
		{ path: '/api/v1/drivers', headers: { Authorization: 'Basic ' + Buffer.from('a:' + srv.token).toString('base64') } },
		{ path: '/api/v1/drivers', headers: { Authorization: 'Bearer ' } },
	], guess), wrongCredentials));

test('forged session cookie: refused with 401', () => refused(
	() => sendAll(changes({ cookie: 'ndl_session=' + 'a'.repeat(64), csrf: session.csrf })), status([401])));

test('wrong Host header (DNS rebinding): refused with 403 even with the token', () => refused(
	() => Promise.all(['evil.example', 'evil.example:' + srv.port, 'localhost.evil.example', '127.0.0.1.nip.io', 'localhost:80:80', '[::2]', '']
		.flatMap((host) => changes({ token: srv.token, host }).slice(0, 3).map((r) => request(srv, r)))),
	both(status([403, 400]), (r) => r.status === 400 || code('bad_host')(r))));

test('cross-origin POST without the CSRF token: refused with 403', () => refused(
	() => sendAll(changes({ cookie: session.cookie, headers: { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' } })),
	status([403])));

test('same-site browser request without the CSRF token: refused with 403 csrf', () => refused(
	() => sendAll(changes({ cookie: session.cookie })), both(status([403]), code('csrf'))));

test('wrong CSRF token, or another session\'s: refused with 403', async () => {
	const other = await login(srv);
	await refused(() => Promise.all([
		...changes({ cookie: session.cookie, csrf: 'f'.repeat(64) }),
		...changes({ cookie: session.cookie, csrf: other.csrf }),
	].map((r) => request(srv, r))), both(status([403]), code('csrf')));
});

test('right CSRF token but a foreign Origin: refused with 403', () => refused(
	() => sendAll(changes({ cookie: session.cookie, csrf: session.csrf, headers: { Origin: 'http://localhost.evil.example' } })),
	both(status([403]), code('forbidden'))));

test('cross-site form login (urlencoded, text/plain) is refused', () => refused(
	() => sendAll([
		{ method: 'POST', path: '/api/v1/session', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'token=' + srv.token },
		{ method: 'POST', path: '/api/v1/session', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ token: srv.token }) },
		{ method: 'POST', path: '/api/v1/session', headers: { Origin: 'http://evil.example' }, body: { token: srv.token } },
	]), (r) => { status([415, 403])(r); check(!r.headers['set-cookie'], 'no session cookie'); }));

test('path traversal and bad names in uploaded file names: 400', () => refused(
	() => Promise.all(['../../etc/passwd', '..\\..\\windows\\x.sys', '/etc/passwd', 'a/b.sys', '..', '.hidden.sys',
		'a\x01b.sys', 'x'.repeat(256) + '.sys']
		.map((name) => uploadFiles(srv, [{ name, data: 'MZ' }]))
		.concat(uploadFiles(srv, [{ name: 'a\xff\xfe.sys', rawName: true, data: 'MZ' }]))),
	both(status([400]), code('bad_request'))));

test('path traversal in URLs: never leaves the page table or names a driver', () => refused(
	() => sendAll(['/assets/../../../etc/passwd', '/assets/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd',
		'/api/v1/drivers/..%2f..%2fetc', '/api/v1/drivers/../../etc/params', '/brand/..%2f..%2fetc%2fshadow', '/assets/.%2e/webconf.token']
		.map((p) => ({ path: p, token: srv.token, cookie: session.cookie }))),
	(r) => { status([404, 400])(r); check(!/root:|[0-9a-f]{64}/.test(r.text.replace(/"[^"]*"/g, '')), 'no file content leaked'); }));

test('overlong driver name and path segments: refused', () => refused(
	() => sendAll([{ method: 'DELETE', path: '/api/v1/drivers/' + 'a'.repeat(500), token: srv.token },
		{ path: '/api/v1/drivers/' + 'a'.repeat(5000) + '/params', token: srv.token }]),
	status([404, 400, 414, 431])));

/** Sends a request head by hand and what follows it; resolves the raw answer. */
function rawExchange(port, head, body, waitForContinue) {
	return new Promise((resolve) => {
		const s = net.connect(port, '127.0.0.1');
		let got = '';
		let sent = false;
		const finish = () => { s.destroy(); resolve(got); };
		s.on('data', (d) => {
			got += d;
			if (/^HTTP\/1\.1 100 /.test(got) && !sent) { sent = true; got = ''; s.write(body); return; }
			if (/\r\n\r\n/.test(got)) finish();
		});
		s.on('error', finish);
		s.on('close', finish);
		s.write(head);
		if (!waitForContinue) { sent = true; s.write(body, () => {}); }
		setTimeout(finish, 30000);
	});
}

test('100 MiB upload: refused with 413 before the body is sent (Expect: 100-continue)', () => refused(async () => {
	const body = Buffer.alloc(100 << 20, 0x41);
	const r = await rawExchange(srv.port, `POST /api/v1/drivers HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${srv.token}\r\n` +
		`Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`, body, true);
	check(/^HTTP\/1\.1 413 /.test(r), `answer: ${r.slice(0, 100)}`);
	return [];
}, () => {}));

test('100 MiB upload sent without waiting: 413 or the connection closed, nothing stored', () => refused(async () => {
	const body = Buffer.alloc(100 << 20, 0x41);
	const r = await rawExchange(srv.port, `POST /api/v1/drivers HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${srv.token}\r\n` +
		`Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${body.length}\r\n\r\n`, body, false);
	check(r === '' || /^HTTP\/1\.1 413 /.test(r), `answer: ${r.slice(0, 100)}`);
	return [];
}, () => {}));

test('100 MiB chunked upload (no Content-Length): cut off at the cap, nothing stored', () => refused(async () => {
	await new Promise((resolve) => {
		const s = net.connect(srv.port, '127.0.0.1');
		s.on('error', resolve);
		s.on('close', resolve);
		s.write(`POST /api/v1/drivers HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${srv.token}\r\n` +
			'Content-Type: multipart/form-data; boundary=b\r\nTransfer-Encoding: chunked\r\n\r\n');
		const head = '--b\r\nContent-Disposition: form-data; name="file"; filename="big.sys"\r\n\r\n';
		s.write(`${head.length.toString(16)}\r\n${head}\r\n`);
		const chunk = Buffer.alloc(1 << 20, 0x42);
		let sent = 0;
		const pump = () => {
			while (sent < 100) {
				sent++;
				if (!s.write(Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]))) {
					s.once('drain', pump);
					return;
				}
			}
			s.end('0\r\n\r\n');
		};
		pump();
		setTimeout(() => { s.destroy(); resolve(); }, 30000);
	});
	return [];
}, () => {}));

test('malformed JSON bodies: 400 (or 413 when too large), nothing changes', () => refused(
	() => Promise.all([
		'{"values": {"ReceiveBuffers": 8}', '{"values": {"ReceiveBuffers": 8}} trailing', '[1, 2]', '"values"', '',
		'{"values": {"ReceiveBuffers": 8}}\u0000', '{"values": ' + '['.repeat(10000) + ']'.repeat(10000) + '}',
		'{"values": {"ReceiveBuffers": "' + 'x'.repeat(70000) + '"}}', '\xff\xfe{}', '{"values": {"ReceiveBuffers": 8}, "values": 1}',
	].map((b) => request(srv, { method: 'PUT', path: '/api/v1/drivers/webnic/params', token: srv.token,
		headers: { 'Content-Type': 'application/json' }, body: Buffer.from(b, 'latin1') }))),
	(r) => { status([400, 413])(r); check(r.json && r.json.error, 'JSON error body'); }));

test('malformed multipart bodies: 400/415, nothing stored', () => refused(() => Promise.all([
	{ type: 'multipart/form-data', body: '--x\r\n' },
	{ type: 'multipart/form-data; boundary=xx', body: '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.inf"\r\n\r\nabc' },
	{ type: 'multipart/form-data; boundary=xx', body: 'garbage without any boundary at all' },
	{ type: 'multipart/form-data; boundary=xx', body: '--xx\r\nContent-Disposition: form-data; name="evil"\r\n\r\n1\r\n--xx--\r\n' },
	{ type: 'multipart/form-data; boundary=xx', body: '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.inf"\r\n\r\n1\r\n--xx\r\nContent-Disposition: form-data; name="file"; filename="A.INF"\r\n\r\n2\r\n--xx--\r\n' },
	{ type: 'application/octet-stream', body: 'MZ' },
].map((m) => request(srv, { method: 'POST', path: '/api/v1/drivers', token: srv.token, headers: { 'Content-Type': m.type }, body: m.body }))),
(r) => { status([400, 415])(r); check(r.json && r.json.error, 'JSON error body'); }));

test('more files than the helper takes in one message (17): 413', () => refused(
	() => uploadFiles(srv, Array.from({ length: 17 }, (_, i) => ({ name: `f${i}.bin`, data: 'x' }))),
	both(status([413]), code('too_large'))));

test('oversized request headers: refused, daemon unharmed', () => refused(
	() => request(srv, { path: '/api/v1/status', token: srv.token, headers: { 'X-Filler': 'a'.repeat(100000) } }).catch(() => ({ status: 431, text: '' })),
	status([431, 413, 400])));

test('slow clients holding connections: others are still served, and the slow ones are cut off', async () => {
	const slow = await startWebconf(root, ['--idle-timeout', '2', '--request-timeout', '4'], 'webconf-slow');
	const sockets = [];
	const closedAt = [];
	const t0 = Date.now();
	for (let i = 0; i < 20; i++) {
		const s = net.connect(slow.port, '127.0.0.1');
		s.on('error', () => {});
		s.on('close', () => closedAt.push(Date.now() - t0));
		s.write('GET /api/v1/status HTTP/1.1\r\nHost: localhost\r\n');
		sockets.push(s);
	}
	// Trickle a header byte every 500 ms: never idle, never finished.
	const trickle = setInterval(() => sockets.forEach((s) => { if (!s.destroyed) s.write('X'); }), 500);
	try {
		await sleep(1000);
		const r = await request(slow, { path: '/api/v1/status', token: slow.token });
		eq(r.status, 200, 'a normal request while 20 slow clients hold connections');
		const end = Date.now() + 12000;
		while (closedAt.length < 20 && Date.now() < end) await sleep(100);
		eq(closedAt.length, 20, 'slow connections closed by the server');
		check(Math.max(...closedAt) < 9000, `closed after ${Math.max(...closedAt)} ms (request timeout 4 s)`);
	} finally {
		clearInterval(trickle);
		sockets.forEach((s) => s.destroy());
	}
	eq((await request(slow, { path: '/api/v1/status', token: slow.token })).status, 200, 'serving afterwards');
});

test('silent clients filling the connection limit are dropped after the idle timeout', async () => {
	const lim = await startWebconf(root, ['--idle-timeout', '2', '--max-connections', '8', '--threads', '1'], 'webconf-limit');
	const sockets = Array.from({ length: 12 }, () => {
		const s = net.connect(lim.port, '127.0.0.1');
		s.on('error', () => {});
		return s;
	});
	try {
		await sleep(4000);
		const r = await request(lim, { path: '/api/v1/status', token: lim.token });
		eq(r.status, 200, 'served after the idle connections timed out');
	} finally {
		sockets.forEach((s) => s.destroy());
	}
});

test('security headers: CSP without inline script, frame-ancestors none, nosniff', async () => {
	for (const p of ['/login.html', '/api/v1/status', '/assets/app.js']) {
		const r = await request(srv, { path: p, token: srv.token });
		const csp = r.headers['content-security-policy'] || '';
		check(/frame-ancestors 'none'/.test(csp), `${p}: frame-ancestors: ${csp}`);
		check(/script-src 'self'/.test(csp) && !/unsafe-inline|unsafe-eval/.test(csp), `${p}: script-src: ${csp}`);
		eq(r.headers['x-content-type-options'], 'nosniff', `${p}: nosniff`);
	}
	for (const f of fs.readdirSync(path.join(path.dirname(new URL(import.meta.url).pathname), '../../www')).filter((n) => n.endsWith('.html'))) {
		const html = fs.readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), '../../www', f), 'utf8');
		check(!/<script(?![^>]*\bsrc=)[^>]*>/i.test(html) && !/\son[a-z]+=/i.test(html) && !/style=/.test(html), `${f} has inline script or style`);
	}
});

process.exitCode = await runTests(async () => {
	await stopAll();
	fs.rmSync(root, { recursive: true, force: true });
});
