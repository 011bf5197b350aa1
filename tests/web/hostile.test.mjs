// SPDX-License-Identifier: GPL-2.0-only
// Hostile local clients (issue 17): each test is an attack that broke the
// daemon before, and checks that it is refused or survived while the
// administrator's requests are still answered.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
	RESULTS, check, eq, makeRoot, request, runTests, setup, sleep, startHelper, startWebconf, stopAll, test, until, uploadFiles,
} from './lib/harness.mjs';

const root = makeRoot();
let srv;

/** The security headers every answer must carry (see reply.c). */
function hasSecurityHeaders(headers, what) {
	check(/frame-ancestors 'none'/.test(headers['content-security-policy'] || ''), `${what}: CSP ${headers['content-security-policy']}`);
	eq(headers['x-content-type-options'], 'nosniff', `${what}: nosniff`);
	eq(headers['x-frame-options'], 'DENY', `${what}: X-Frame-Options`);
}

/**
 * Sends raw bytes; resolves {status, headers, text, closed} of the answer
 * (status 0 when closed without one; closed: the server ended the connection
 * within 10 s).
 */
function raw(port, bytes, host = '127.0.0.1') {
	return new Promise((resolve) => {
		const s = net.connect(port, host);
		let got = '';
		let closed = false;
		const done = () => {
			s.destroy();
			const [head, ...body] = got.split('\r\n\r\n');
			const lines = head.split('\r\n');
			const headers = {};
			for (const l of lines.slice(1)) {
				const i = l.indexOf(':');
				if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
			}
			resolve({ status: Number((/^HTTP\/1\.[01] (\d+)/.exec(lines[0]) || [])[1] || 0), headers, text: body.join('\r\n\r\n'), closed });
		};
		s.on('data', (d) => { got += d; });
		s.on('error', done);
		s.on('end', () => { closed = true; done(); });
		s.write(bytes);
		setTimeout(done, 10000);
	});
}

setup('the helper and webconf on a fresh root', async () => {
	await startHelper(root);
	srv = await startWebconf(root);
});

test('a request without Host: 400 with the security headers', async () => {
	const r = await raw(srv.port, 'GET /api/v1/status HTTP/1.1\r\nConnection: close\r\n\r\n');
	eq(r.status, 400, `status (${r.text.slice(0, 100)})`);
	hasSecurityHeaders(r.headers, 'no Host');
	const j = JSON.parse(r.text);
	eq(j.error.code, 'bad_request', 'error code');
});

test('request line + headers just over 32 KiB: our 431 with the security headers, the connection closed', async () => {
	const head = (kib) => `GET /api/v1/status HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${srv.token}\r\n` +
		`X-Filler: ${'a'.repeat(kib * 1024)}\r\n\r\n`;
	const ok = await raw(srv.port, head(31).replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'));
	eq(ok.status, 200, 'status with 31 KiB of headers');
	for (const kib of [32, 33]) {
		const r = await raw(srv.port, head(kib));	// keep-alive asked: the daemon closes anyway
		eq(r.status, 431, `status with ${kib} KiB of headers (${r.text.slice(0, 80)})`);
		hasSecurityHeaders(r.headers, `${kib} KiB of headers`);
		eq(JSON.parse(r.text).error.code, 'headers_too_large', 'error code');
		eq(r.headers.connection, 'close', 'Connection');
	}
});

test('libmicrohttpd\'s own refusals (505, 400, 414/431 past the pool) echo nothing and close; the daemon still answers', async () => {
	// docs/api.md: these are answered before the daemon sees a request, so
	// they cannot carry its headers. What keeps that harmless: a browser's
	// request line is always well formed (no page can make it send the first
	// four), only an oversized header block (cookies) could reach the last,
	// every body is a fixed text with nothing of the request in it, and the
	// connection ends with the answer.
	const marker = '<script>ndl-marker</script>';
	const asks = [
		['HTTP/2.0', `GET /${marker} HTTP/2.0\r\nHost: localhost\r\n\r\n`, 505],
		['HTTP/0.9', `GET /${marker} HTTP/0.9\r\nHost: localhost\r\n\r\n`, 505],
		['no version', `GET /${marker}\r\nHost: localhost\r\n\r\n`, 400],
		['garbage', `\x01\x02 ${marker} \x03\r\n\r\n`, 400],
		['past the pool', `GET /${marker}?${'a'.repeat(40 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`, [414, 431]],
	];
	for (const [what, bytes, want] of asks) {
		const r = await raw(srv.port, bytes);
		check([want].flat().includes(r.status), `${what}: status ${r.status}, wanted ${want} (${r.text.slice(0, 80)})`);
		check(!r.text.includes('ndl-marker'), `${what}: the body echoes the request: ${r.text.slice(0, 200)}`);
		check(r.closed, `${what}: the connection stayed open`);
	}
	eq((await request(srv, { path: '/api/v1/status', token: srv.token })).status, 200, 'status afterwards');
});

test('Host with a port past 65535 (localhost:99999) or port 0: 403 bad_host', async () => {
	for (const host of ['localhost:99999', '127.0.0.1:65536', '[::1]:70000', 'localhost:0', 'localhost:+80']) {
		const r = await request(srv, { path: '/api/v1/status', token: srv.token, host });
		eq(r.status, 403, `${host}`);
		eq(r.json.error.code, 'bad_host', `${host}: code`);
	}
	eq((await request(srv, { path: '/api/v1/status', token: srv.token, host: 'localhost:65535' })).status, 200, 'localhost:65535');
});

test('duplicate keys in a JSON body: 400, even nested or spelled with escapes', async () => {
	for (const body of ['{"token": "a", "token": "b"}', '{"token": "a", "tok\\u0065n": "a"}',
		'{"token": "x", "o": {"k": 1, "k": 1}}', '{"token": "x", "o": [{"a": 1}, {"b": 2, "b": 3}]}']) {
		const r = await request(srv, { method: 'POST', path: '/api/v1/session', headers: { 'Content-Type': 'application/json' }, body });
		eq(r.status, 400, `${body} (${r.text.slice(0, 120)})`);
		check(/same key twice/.test(r.json.error.message), `message: ${r.json.error.message}`);
	}
	// A body without repeated keys still logs in.
	const r = await request(srv, { method: 'POST', path: '/api/v1/session', headers: { 'Content-Type': 'application/json' },
		body: '{"token": "' + srv.token + '"}' });
	eq(r.status, 200, `a plain login (${r.text.slice(0, 120)})`);
});

test('upload names with bidi overrides or invisible characters: 400', async () => {
	for (const name of ['evil\u202Esys.exe', 'a\u200Bb.sys', 'x\u2066y.inf', 'a\u061Cb.sys', '\uFEFFa.sys', 'a\u0085b.sys', 'a\u2028b.inf']) {
		const r = await uploadFiles(srv, [{ name, data: 'MZ' }]);
		eq(r.status, 400, `${JSON.stringify(name)} (${r.text.slice(0, 120)})`);
		check(/invisible or text-direction/.test(r.json.error.message), `message: ${r.json.error.message}`);
	}
});

test('a flood of wrong tokens never locks out the right one; the wrong ones are slowed down', async () => {
	const rl = await startWebconf(root, [], 'webconf-flood', { verbose: false });
	const wrongLogin = () => request(rl, { method: 'POST', path: '/api/v1/session', body: { token: 'f'.repeat(64) } });
	const wrongBearer = () => request(rl, { path: '/api/v1/status', token: 'e'.repeat(64) });
	// The first wrong guesses are answered at once, the later ones after a delay.
	for (let i = 0; i < 5; i++) eq((await wrongLogin()).status, 401, `wrong login ${i + 1}`);
	let t = Date.now();
	eq((await wrongBearer()).status, 401, 'sixth wrong token');
	check(Date.now() - t >= 200, `the sixth wrong token was answered after ${Date.now() - t} ms, not delayed`);
	// 24 clients guess as fast as they are answered (more than the 4 worker threads).
	let stop = false;
	let wrong = 0;
	const flood = Array.from({ length: 24 }, async (_, i) => {
		while (!stop) {
			const r = await (i % 2 ? wrongLogin() : wrongBearer());
			eq(r.status, 401, 'a wrong token during the flood');
			wrong++;
		}
	});
	try {
		await sleep(1500);
		for (let i = 0; i < 8; i++) {
			t = Date.now();
			const b = await request(rl, { path: '/api/v1/status', token: rl.token });
			eq(b.status, 200, `right bearer token during the flood (${b.text.slice(0, 100)})`);
			const l = await request(rl, { method: 'POST', path: '/api/v1/session', body: { token: rl.token } });
			eq(l.status, 200, `right login during the flood (${l.text.slice(0, 100)})`);
			// Far below the delay a wrong token gets: not queued behind the guesses.
			check(Date.now() - t < 1500, `the right token took ${Date.now() - t} ms during the flood`);
			await sleep(250);
		}
	} finally {
		stop = true;
		await Promise.allSettled(flood);
	}
	check(wrong > 0, 'the flood ran');
	await Promise.all(flood);
});

/** A client that sends a request line and then one header byte every 500 ms, never finishing. */
function slowClient(port, localAddress, onClose) {
	const s = net.connect({ port, host: '127.0.0.1', localAddress });
	s.on('error', () => {});
	s.on('close', () => onClose && onClose(s));
	s.write('GET /api/v1/status HTTP/1.1\r\nHost: localhost\r\n');
	s.trickle = setInterval(() => { if (!s.destroyed) s.write('X'); }, 500);
	s.on('close', () => clearInterval(s.trickle));
	return s;
}
const within = (ms, p, what) => Promise.race([p, sleep(ms).then(() => { throw new Error(`${what}: no answer within ${ms} ms`); })]);

test('500 slow-header connections from 20 addresses: an authenticated request is still answered at once', async () => {
	// A long header timeout: what keeps the daemon serving here is room for
	// every slow connection and, at an address's limit, pushing out its
	// oldest slow one, not their deadline.
	const w = await startWebconf(root, ['--header-timeout', '60'], 'webconf-slowloris', { verbose: false });
	const log = path.join(RESULTS, 'webconf-slowloris.daemon.log');
	const logFrom = fs.statSync(log).size;
	const open = new Set();
	let stop = false;
	let opened = 0;
	const spawn = (addr) => {
		opened++;
		const s = slowClient(w.port, addr, () => {
			open.delete(s);
			if (!stop) setTimeout(() => spawn(addr), 100);	/* the attacker comes back */
		});
		open.add(s);
	};
	const status = async (what) => {
		const r = await within(5000, request(w, { path: '/api/v1/status', token: w.token }), 'GET /api/v1/status');
		eq(r.status, 200, `authenticated request ${what} with ${open.size} slow connections open`);
	};
	try {
		for (let i = 0; i < 500; i++) spawn(`127.0.0.${1 + (i % 20)}`);
		await sleep(2000);
		eq(open.size, 500, 'slow connections held open');
		for (let i = 0; i < 3; i++) await status(i + 1);
		// 127.0.0.1 past its per-address limit too: its own slow ones make room.
		for (let i = 0; i < 20; i++) spawn('127.0.0.1');
		await sleep(1000);
		for (let i = 0; i < 3; i++) await status(`${i + 1} at the address limit`);
	} finally {
		stop = true;
		for (const s of open) s.destroy();
	}
	check(opened >= 520, 'the attack ran');
	// Every cut-off client is a libmicrohttpd message: the log must not grow with the flood.
	await sleep(1500);
	const lines = fs.readFileSync(log).subarray(logFrom).toString().split('\n').filter((l) => /libmicrohttpd:/.test(l));
	check(lines.length < 150, `${lines.length} libmicrohttpd lines logged for ${opened} slow clients`);
});

test('request line and headers have a few seconds: slow ones are closed after the header timeout', async () => {
	const w = await startWebconf(root, ['--header-timeout', '3'], 'webconf-headers', { verbose: false });
	const t0 = Date.now();
	const closedAt = [];
	const sockets = Array.from({ length: 10 }, () => slowClient(w.port, '127.0.0.1', () => closedAt.push(Date.now() - t0)));
	try {
		const end = Date.now() + 15000;
		while (closedAt.length < sockets.length && Date.now() < end) await sleep(100);
		eq(closedAt.length, sockets.length, 'slow connections closed by the server');
		check(Math.max(...closedAt) < 8000, `closed after ${Math.max(...closedAt)} ms (header timeout 3 s)`);
		check(Math.min(...closedAt) >= 2000, `closed after ${Math.min(...closedAt)} ms, before the header timeout`);
	} finally {
		sockets.forEach((s) => s.destroy());
	}
});

/**
 * A raw keep-alive connection that has completed one request and sits idle.
 * served() resolves once the daemon has logged that many completed requests:
 * it logs one after it has marked the connection idle, which can be well
 * after the client has the answer (another worker thread may serve the next
 * connection first), and the eviction order is the daemon's idea of
 * "idle since".
 */
async function idleKeepAlive(port, served) {
	const s = net.connect(port, '127.0.0.1');
	s.on('error', () => {});
	await new Promise((resolve) => {
		let got = '';
		s.on('data', (d) => { got += d; if (/\r\n\r\n/.test(got) && got.includes('</html>')) resolve(); });
		s.write('GET /login.html HTTP/1.1\r\nHost: localhost\r\n\r\n');
		setTimeout(resolve, 3000);
	});
	await served();
	return s;
}

test('under pressure idle keep-alive connections go first, then the oldest slow ones; per address', async () => {
	const w = await startWebconf(root, ['--max-connections', '8', '--max-per-address', '4', '--header-timeout', '60', '--idle-timeout', '60'],
		'webconf-evict');
	const log = path.join(RESULTS, 'webconf-evict.daemon.log');
	const logFrom = fs.statSync(log).size;
	const completed = () => fs.readFileSync(log).subarray(logFrom).toString().split('\n').filter((l) => / -> \d+/.test(l)).length;
	const idle = [];
	const slow = [];
	const closed = new Set();
	// Closures are awaited, then a moment more lets a wrong extra one show.
	const settle = async (cond, what) => { await until(what, cond); await sleep(200); };
	try {
		for (let i = 0; i < 2; i++) idle.push(await idleKeepAlive(w.port, () => until(`request ${i + 1} logged`, () => completed() >= i + 1)));
		idle.forEach((s) => s.on('close', () => closed.add(s)));
		for (let i = 0; i < 2; i++) { slow.push(slowClient(w.port, '127.0.0.1', (s) => closed.add(s))); await sleep(100); }
		await sleep(300);
		eq(closed.size, 0, 'nothing closed below the limits');
		// 127.0.0.1 is at its 4: a new request pushes out an idle keep-alive connection.
		eq((await within(5000, request(w, { path: '/api/v1/status', token: w.token }), 'status')).status, 200, 'served at the address limit');
		await settle(() => closed.size >= 1, 'a connection pushed out at the address limit');
		check(closed.has(idle[0]) && !slow.some((s) => closed.has(s)), 'the oldest idle keep-alive connection went first');
		// Another address fills the rest of the total; it is not pushed out by 127.0.0.1's.
		const other = [];
		for (let i = 0; i < 5; i++) { other.push(slowClient(w.port, '127.0.0.2', (s) => closed.add(s))); await sleep(100); }
		await settle(() => closed.size >= 2, 'a connection pushed out at 127.0.0.2\'s limit');
		check(closed.has(other[0]) && !other.slice(1).some((s) => closed.has(s)), '127.0.0.2 keeps at most 4: its own oldest went');
		check(!slow.some((s) => closed.has(s)), '127.0.0.2 did not push out 127.0.0.1\'s');
		// Total 8 reached (4 + 4): a third address pushes out the oldest idle one, then the oldest slow one.
		eq((await within(5000, request(w, { path: '/api/v1/status', token: w.token }), 'status')).status, 200, 'served at the total limit');
	} finally {
		[...idle, ...slow].forEach((s) => s.destroy());
	}
});

process.exitCode = await runTests(async () => {
	await stopAll();
	fs.rmSync(root, { recursive: true, force: true });
});
