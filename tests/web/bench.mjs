// SPDX-License-Identifier: GPL-2.0-only
// Benchmark of ndisload-webconf with the real helper behind it (run by
// tests/bench/web.sh): requests/s of GET /api/v1/status for several numbers
// of concurrent keep-alive clients (wrk), the same for a static asset (the
// daemon alone, no helper round trip), upload MB/s of a 5 MiB file (curl),
// and under attack (issue 17): requests/s with 500 slow-header connections
// open and during a flood of wrong tokens, and the resident memory of both
// daemons after each of FLOODS floods of every kind the attack run used
// (see docs/api.md, "Tests and benchmark"). Prints figures, asserts none.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TOP, driverPackage, makeRoot, request, sleep, startHelper, startWebconf, stopAll } from './lib/harness.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const root = makeRoot();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ndl-bench-'));

function parseWrk(out) {
	const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
	const lat = /Latency\s+([\d.]+\w+)/.exec(out);
	const errs = /Non-2xx or 3xx responses: (\d+)/.exec(out);
	return { rps: rps ? Number(rps[1]) : NaN, latency: lat ? lat[1] : '?', non2xx: errs ? Number(errs[1]) : 0 };
}

function wrkArgs(srv, conns, urlPath) {
	return ['-t', String(Math.min(2, conns)), '-c', String(conns), '-d', `${SECONDS}s`,
		'-H', `Authorization: Bearer ${srv.token}`, '-H', `Host: localhost:${srv.port}`, `${srv.base}${urlPath}`];
}

function wrk(srv, conns, urlPath) {
	return parseWrk(execFileSync('wrk', wrkArgs(srv, conns, urlPath), { encoding: 'utf8' }));
}

/* wrk beside a flood this process drives. */
async function wrkAsync(srv, conns, urlPath) {
	const { stdout } = await promisify(execFile)('wrk', wrkArgs(srv, conns, urlPath), { encoding: 'utf8' });
	return parseWrk(stdout);
}

const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);

function slowClients(srv) {
	return Array.from({ length: 500 }, (_, i) => {
		const s = net.connect({ port: srv.port, host: '127.0.0.1', localAddress: `127.0.0.${2 + (i % 20)}` });
		s.on('error', () => {});
		s.write('GET /api/v1/status HTTP/1.1\r\nHost: localhost\r\n');
		return s;
	});
}

async function holdSlow(srv) {
	const slow = slowClients(srv);
	await sleep(1000);
	slow.forEach((s) => s.destroy());
}

let cut = 0;
async function wrongTokens(srv, rounds) {
	for (let round = 0; round < rounds; round++)
		await Promise.all(Array.from({ length: 100 }, () => request(srv, { path: '/api/v1/status', token: 'e'.repeat(64) }).catch(() => { cut++; })));
}

/* A chunked JSON body past the 64 KiB cap (the daemon closes it), sent in 64 KiB pieces. */
function chunkedJson(srv, bytes) {
	return new Promise((resolve) => {
		const req = http.request({ host: '127.0.0.1', port: srv.port, method: 'POST', path: '/api/v1/session', agent: false, setHost: false,
			headers: { Host: `localhost:${srv.port}`, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } },
		(res) => { res.resume(); res.on('end', resolve); });
		req.on('error', resolve);
		const piece = Buffer.alloc(64 << 10, 0x20);
		let sent = 0;
		const pump = () => {
			while (sent < bytes) {
				sent += piece.length;
				if (!req.write(piece)) return req.once('drain', pump);
			}
			req.end();
		};
		pump();
	});
}

async function bigBodies(srv) {
	await Promise.all(Array.from({ length: 20 }, () => chunkedJson(srv, 2 << 20)));
	await Promise.all(Array.from({ length: 20 }, () => request(srv, { method: 'POST', path: '/api/v1/drivers', token: srv.token,
		headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(100 << 20) } }).catch(() => {})));
}

async function manyRequests(srv) {
	for (let round = 0; round < 4; round++)
		await Promise.all(Array.from({ length: 250 }, () => request(srv, { path: '/api/v1/status', token: srv.token }).catch(() => {})));
}

/* The helper's test client (tests/helper/serve_client.c), built here without sanitizers; null without cc. */
function serveClient() {
	const bin = path.join(scratch, 'serve-client');
	const r = spawnSync('cc', ['-O2', '-std=c11', '-D_GNU_SOURCE', '-o', bin, path.join(TOP, 'tests/helper/serve_client.c')], { stdio: 'ignore' });
	return r.status === 0 ? bin : null;
}

const runClient = (client, args) => promisify(execFile)(client, args, { timeout: 20000 }).catch(() => {});

async function helperMany(client, sock) {
	for (let round = 0; round < 10; round++)
		await Promise.all(Array.from({ length: 40 }, () => runClient(client, [sock, '{"op":"status"}'])));
}

const helperIdle = (client, sock) => Promise.all(Array.from({ length: 32 }, () => runClient(client, ['--timeout', '1', sock, '--idle', '1'])));

async function helperRepeat(client, sock, times, args) {
	for (let i = 0; i < times; i++)
		await runClient(client, [sock, ...args]);
}

function curlUpload(srv, files) {
	const args = ['-s', '-o', '/dev/null', '-w', '%{http_code} %{time_total}', '-H', `Authorization: Bearer ${srv.token}`];
	for (const f of files) args.push('-F', `file=@${f};filename=${path.basename(f)}`);
	args.push(`${srv.base}/api/v1/drivers`);
	const [code, t] = execFileSync('curl', args, { encoding: 'utf8' }).split(' ');
	return { code: Number(code), seconds: Number(t) };
}

try {
	const helper = await startHelper(root);
	const srv = await startWebconf(root, [], 'webconf-bench', { verbose: false });
	const probe = await request(srv, { path: '/api/v1/status', token: srv.token });
	if (probe.status !== 200) throw new Error(`GET /api/v1/status answers ${probe.status}: ${probe.text.slice(0, 200)}`);

	console.log(`webconf benchmark (${os.cpus().length} CPUs, ${SECONDS} s per run, wrk)`);
	for (const c of [1, 8, 32]) {
		const r = wrk(srv, c, '/api/v1/status');
		console.log(`  GET /api/v1/status      ${String(c).padStart(2)} clients: ${r.rps.toFixed(0).padStart(7)} requests/s, mean latency ${r.latency}${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}`);
	}
	const a = wrk(srv, 8, '/assets/app.js');
	console.log(`  GET /assets/app.js       8 clients: ${a.rps.toFixed(0).padStart(7)} requests/s, mean latency ${a.latency} (no helper round trip)`);

	// 5 MiB in one upload: the package plus a 5 MiB firmware file.
	const pkg = driverPackage('webnic').map((f) => { const to = path.join(scratch, f.name); fs.copyFileSync(f.path, to); return to; });
	const fw = path.join(scratch, 'webnic-fw.bin');
	fs.writeFileSync(fw, Buffer.alloc(5 << 20, 0x5a));
	const bytes = [...pkg, fw].reduce((n, f) => n + fs.statSync(f).size, 0);
	const times = [];
	const codes = new Set();
	for (let i = 0; i < 10; i++) {
		const u = curlUpload(srv, [...pkg, fw]);
		times.push(u.seconds);
		codes.add(u.code);
		await request(srv, { method: 'DELETE', path: '/api/v1/drivers/webnic', token: srv.token });
	}
	times.sort((x, y) => x - y);
	const median = times[times.length >> 1];
	console.log(`  POST /api/v1/drivers  5 MiB upload: ${(bytes / 1e6 / median).toFixed(1)} MB/s (median of 10, ${(median * 1000).toFixed(1)} ms each, HTTP ${[...codes].join('/')})`);

	// Under attack: requests/s while 500 connections from 20 loopback
	// addresses never finish their headers.
	const slow = slowClients(srv);
	await sleep(500);
	const held = slow.filter((s) => !s.destroyed).length;
	const u = await wrkAsync(srv, 8, '/api/v1/status');
	console.log(`  GET /api/v1/status       8 clients: ${u.rps.toFixed(0).padStart(7)} requests/s, mean latency ${u.latency} with ${held} slow-header connections open${u.non2xx ? `, ${u.non2xx} non-2xx` : ''}`);
	slow.forEach((s) => s.destroy());
	// ... and while wrong tokens arrive 100 at a time (their answers are delayed).
	let flooding = true;
	const wrongLoop = (async () => { while (flooding) await wrongTokens(srv, 1); })();
	const w = await wrkAsync(srv, 8, '/api/v1/status');
	flooding = false;
	await wrongLoop;
	console.log(`  GET /api/v1/status       8 clients: ${w.rps.toFixed(0).padStart(7)} requests/s, mean latency ${w.latency} during a flood of wrong tokens${w.non2xx ? `, ${w.non2xx} non-2xx` : ''}`);

	// Memory: each kind of flood the attack run used, FLOODS times (at least
	// 5). Flood 1 pays the one-time cost (the malloc arena's and the thread
	// stacks' first pages); floods 2..N must leave resident memory where
	// flood 1 left it.
	const floods = Math.max(5, Number(process.env.FLOODS || 6));
	const client = serveClient();
	const webconfKinds = {
		'slow headers (500 connections, 20 addresses)': () => holdSlow(srv),
		'wrong tokens (300, 100 at a time)': () => wrongTokens(srv, 3),
		'big bodies (20 chunked 2 MiB JSON, 20 declared 100 MiB uploads)': () => bigBodies(srv),
		'many connections (1000 authenticated requests, 250 at a time)': () => manyRequests(srv),
	};
	const helperKinds = {
		'many connections (40 x 10 clients, past its 32)': () => helperMany(client, helper.sock),
		'idle clients (32 held 1 s)': () => helperIdle(client, helper.sock),
		'oversized messages (20 x 100 KiB)': () => helperRepeat(client, helper.sock, 20, ['--size', '100000']),
		'descriptor floods (20 x 16 descriptors)': () => helperRepeat(client, helper.sock, 20, ['--fds', '16', '{"op":"status"}']),
	};
	const measure = async (label, pid, kinds) => {
		console.log(`  ${label} RSS: ${rss(pid)} KiB at the start; after each of ${floods} floods of one kind:`);
		for (const [kind, flood] of Object.entries(kinds)) {
			const after = [];
			for (let i = 0; i < floods; i++) {
				await flood();
				await sleep(1500);	// the deadline thread trims once a burst is over
				after.push(rss(pid));
			}
			const rest = after.slice(1);
			const growth = Math.max(...rest) - after[0];
			console.log(`    ${kind}: ${after[0]} KiB after flood 1, ${Math.min(...rest)}..${Math.max(...rest)} KiB after floods 2-${floods} (${growth >= 0 ? '+' : ''}${growth} KiB)`);
		}
	};
	await measure('webconf', srv.child.pid, webconfKinds);
	if (client) await measure('ndisload serve', helper.child.pid, helperKinds);
	else console.log('  ndisload serve RSS: not measured (no C compiler for tests/helper/serve_client.c)');
	console.log(`  (${cut} wrong-token requests cut off at the per-address limit)`);
} catch (e) {
	console.log(`web benchmark: could not run: ${e.message}`);
	process.exitCode = 1;
} finally {
	await stopAll();
	fs.rmSync(root, { recursive: true, force: true });
	fs.rmSync(scratch, { recursive: true, force: true });
}
