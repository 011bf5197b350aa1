// SPDX-License-Identifier: GPL-2.0-only
// What the browser tests that drive a QEMU guest share (*.vm.test.mjs):
// the guest's forwarded port, whether the guest still runs, what it has
// said, and the Status graph check against the guest's real counters.
// tests/vm/run.sh gives NDL_VM_PORT, NDL_VM_PID and NDL_VM_RESULTS.
import fs from 'node:fs';
import { check, sleep } from './harness.mjs';

export const PORT = Number(process.env.NDL_VM_PORT);
export const url = (p) => `http://127.0.0.1:${PORT}${p}`;

/** True while the QEMU process runs: every wait on the guest stops with it. */
export function guestAlive() {
	try {
		process.kill(Number(process.env.NDL_VM_PID), 0);
		return true;
	} catch {
		return false;
	}
}

/** Whether the guest has written this whole line to its results file. */
export function guestSaid(line) {
	return fs.readFileSync(process.env.NDL_VM_RESULTS, 'utf8').replace(/\r/g, '').split('\n').includes(line);
}

/**
 * Watches an interface's throughput graph (svg.traffic on Status) while the
 * guest downloads until something takes its interface away: passes once the
 * graph has drawn at least 3 samples and one over 1 Mbit/s received (4 MiB
 * in a few seconds is well over that in some 2 s sample), and extra(), if
 * given, holds too. Waits up to 5 minutes, or until the guest is gone.
 */
export async function checkGraphFollowsTraffic(svg, extra = () => true) {
	await svg.waitFor({ timeout: 30000 });
	let maxRx = 0;
	let samples = 0;
	for (let i = 0; i < 600 && guestAlive(); i++) {
		maxRx = Math.max(maxRx, Number(await svg.getAttribute('data-rx')) || 0);
		samples = Number(await svg.getAttribute('data-samples')) || 0;
		if (maxRx > 1e6 && samples >= 3 && extra())
			break;
		await sleep(500);
	}
	check(maxRx > 1e6, `highest received rate on the graph: ${maxRx} bit/s`);
	check(samples >= 3, `samples drawn: ${samples}`);
	const line = await svg.locator('polyline').first().getAttribute('points');
	check(line.split(' ').length >= 3, `received line: "${line}"`);
}
