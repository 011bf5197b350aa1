// SPDX-License-Identifier: GPL-2.0-only
// Benchmark of ndisload-webconf with the real helper behind it (run by
// tests/bench/web.sh): requests/s of GET /api/v1/status for several numbers
// of concurrent keep-alive clients (wrk), the same for a static asset (the
// daemon alone, no helper round trip), upload MB/s of a 5 MiB file (curl),
// and under attack (issue 17): requests/s with 500 slow-header connections
// open, the daemon's memory before and after the slow ones and a flood of
// wrong tokens.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { driverPackage, makeRoot, request, sleep, startHelper, startWebconf, stopAll } from './lib/harness.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const root = makeRoot();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ndl-bench-'));

function wrk(srv, conns, urlPath) {
	const out = execFileSync('wrk', ['-t', String(Math.min(2, conns)), '-c', String(conns), '-d', `${SECONDS}s`,
		'-H', `Authorization: Bearer ${srv.token}`, '-H', `Host: localhost:${srv.port}`,
		`${srv.base}${urlPath}`], { encoding: 'utf8' });
	const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
	const lat = /Latency\s+([\d.]+\w+)/.exec(out);
	const errs = /Non-2xx or 3xx responses: (\d+)/.exec(out);
	return { rps: rps ? Number(rps[1]) : NaN, latency: lat ? lat[1] : '?', non2xx: errs ? Number(errs[1]) : 0 };
}

function curlUpload(srv, files) {
	const args = ['-s', '-o', '/dev/null', '-w', '%{http_code} %{time_total}', '-H', `Authorization: Bearer ${srv.token}`];
	for (const f of files) args.push('-F', `file=@${f};filename=${path.basename(f)}`);
	args.push(`${srv.base}/api/v1/drivers`);
	const [code, t] = execFileSync('curl', args, { encoding: 'utf8' }).split(' ');
	return { code: Number(code), seconds: Number(t) };
}

try {
	await startHelper(root);
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

	// Under attack: 500 connections from 20 loopback addresses that never
	// finish their headers, and wrong tokens, 100 at a time (their answers
	// are delayed; past the per-address limit the oldest waiting ones are cut
	// off). Memory is read after each flood (FLOODS, default 5): growth from
	// flood to flood would be a leak or allocator retention.
	const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${srv.child.pid}/status`, 'utf8'))[1]);
	const slowClients = () => Array.from({ length: 500 }, (_, i) => {
		const s = net.connect({ port: srv.port, host: '127.0.0.1', localAddress: `127.0.0.${2 + (i % 20)}` });
		s.on('error', () => {});
		s.write('GET /api/v1/status HTTP/1.1\r\nHost: localhost\r\n');
		return s;
	});
	const rssBefore = rss();
	let slow = slowClients();
	await sleep(500);
	const held = slow.filter((s) => !s.destroyed).length;
	const u = wrk(srv, 8, '/api/v1/status');
	console.log(`  GET /api/v1/status       8 clients: ${u.rps.toFixed(0).padStart(7)} requests/s, mean latency ${u.latency} with ${held} slow-header connections open${u.non2xx ? `, ${u.non2xx} non-2xx` : ''}`);
	slow.forEach((s) => s.destroy());
	const rssAfter = [];
	let cut = 0;
	const floods = Number(process.env.FLOODS || 5);
	for (let flood = 0; flood < floods; flood++) {
		slow = slowClients();
		await sleep(1000);
		slow.forEach((s) => s.destroy());
		for (let round = 0; round < 3; round++)
			await Promise.all(Array.from({ length: 100 }, () => request(srv, { path: '/api/v1/status', token: 'e'.repeat(64) }).catch(() => { cut++; })));
		await sleep(1000);
		rssAfter.push(rss());
	}
	console.log(`  webconf RSS: ${rssBefore} KiB before, ${rssAfter.join(', ')} KiB after each of ${floods} floods (500 slow connections and 300 wrong tokens each; ${cut} cut off at the address limit)`);
} catch (e) {
	console.log(`web benchmark: could not run: ${e.message}`);
	process.exitCode = 1;
} finally {
	await stopAll();
	fs.rmSync(root, { recursive: true, force: true });
	fs.rmSync(scratch, { recursive: true, force: true });
}
