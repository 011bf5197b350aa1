// SPDX-License-Identifier: GPL-2.0-only
// The Devices and Status pages in headless Chromium against the real web
// configurator, helper and module in a QEMU guest (tests/vm/tests/
// web_rtl8139.sh; the host script has uploaded the RTL8139 test driver):
// bind the RTL8139 ("Use this driver", no stray text), start it and see it
// running with its interface and Restart/Stop instead of Start, bring the
// interface up with DHCP through the helper and see its address, watch the
// Status page's throughput graph follow the guest's download (real
// counters), then Stop and see Start again.
// Run by tests/vm/host/web_rtl8139.sh (NDL_VM_RESULTS, NDL_VM_PORT,
// NDL_VM_PID, NDL_VM_TOKEN from tests/vm/run.sh and the host script).
import fs from 'node:fs';
import path from 'node:path';
import { check, eq, launchChromium, RESULTS, runTests, setup, test } from './lib/harness.mjs';
import { checkGraphFollowsTraffic, guestSaid, url } from './lib/vmguest.mjs';

const SHOTS = path.join(RESULTS, 'screenshots');
let browser;
let page;
let card;
let iface;
const pageErrors = [];

/** Waits for locator; a timeout fails with what the card shows instead. */
async function waitShowing(locator, timeout) {
	try {
		await locator.waitFor({ timeout });
	} catch (e) {
		await shot('failed').catch(() => {});
		throw new Error(`${e.message.split('\n')[0]}; the card shows: ${(await card.textContent()).replace(/\s+/g, ' ')}`);
	}
}

async function shot(name) {
	await page.screenshot({ path: path.join(SHOTS, 'vm-' + name + '.png'), fullPage: true });
}

setup('Chromium logs in to the guest\'s configurator', async () => {
	fs.mkdirSync(SHOTS, { recursive: true });
	browser = await launchChromium();
	page = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
	page.on('pageerror', (e) => pageErrors.push(e.message));
	await page.goto(url('/login.html?next=%2Fdevices.html'), { timeout: 60000 });
	await page.fill('#token', process.env.NDL_VM_TOKEN);
	await page.click('#login-btn');
	await page.waitForURL(/\/devices\.html/, { timeout: 30000 });
	card = page.locator('article.card', { hasText: 'VEN_10EC&DEV_8139' });
	await card.waitFor({ timeout: 60000 });
});

test('"Use this driver" binds the RTL8139 and nothing stray is printed', async () => {
	check(!/\bnull\b/.test(await card.locator('.actions').textContent()), 'the actions show "null"');
	await card.getByRole('button', { name: 'Use this driver' }).click();
	await card.locator('.bound strong').filter({ hasText: 'rtl8139' }).waitFor({ timeout: 30000 });
	check(!/\bnull\b/.test(await card.textContent()), `card text: ${await card.textContent()}`);
	await shot('01-bound');
});

test('Start: the card says running, names the interface, offers Restart and Stop', async () => {
	await card.getByRole('button', { name: 'Start rtl8139 now' }).click();
	// The driver's initialisation is slow in an emulated (TCG) guest.
	await waitShowing(page.locator('article.card[data-running="running"]', { hasText: 'VEN_10EC&DEV_8139' }), 180000);
	iface = (await card.locator('.iface').textContent()).trim();
	check(/^[a-z][a-z0-9]+$/.test(iface), `interface "${iface}"`);
	check(/started: running/.test(await card.locator('.note').textContent()), 'no "started" note');
	eq(await card.getByRole('button', { name: /^Start rtl8139/ }).count(), 0, 'Start still offered');
	eq(await card.getByRole('button', { name: 'Restart rtl8139' }).count(), 1, 'Restart');
	eq(await card.getByRole('button', { name: 'Stop rtl8139' }).count(), 1, 'Stop');
	check(/down|no link|connected/.test(await card.locator('.link').textContent()), 'link state');
	await shot('02-running');
});

test('"Bring up (DHCP)" sets the link up and gets an address through the helper', async () => {
	await card.getByRole('button', { name: `Bring ${iface} up (DHCP)` }).click();
	await waitShowing(card.locator('.address').filter({ hasText: /10\.0\.3\.\d+\/24/ }), 60000);
	check(/is up with address 10\.0\.3\./.test(await card.locator('.note').textContent()), 'note');
	eq((await card.locator('.link').textContent()).trim(), 'connected', 'link');
	eq(await card.getByRole('button', { name: /Bring .* up/ }).count(), 0, 'still offered once addressed');
	await shot('03-addressed');
});

test('Status: the throughput graph follows the guest\'s download', async () => {
	await page.goto(url('/'));
	const svg = page.locator(`figure.graph[data-iface="${iface}"] svg.traffic`);
	// The guest downloads again and again until Stop (web_rtl8139.sh), so
	// waiting here for the graph to show it races nothing.
	await checkGraphFollowsTraffic(svg, () => guestSaid('HOST: traffic done'));
	check(guestSaid('HOST: traffic done'), 'the guest never finished its download');
	await shot('04-status-graph');
});

test('Stop: the driver stops, the card offers Start again', async () => {
	await page.goto(url('/devices.html'));
	await card.getByRole('button', { name: 'Stop rtl8139' }).click();
	await waitShowing(card.getByRole('button', { name: 'Start rtl8139 now' }), 60000);
	eq(await card.getAttribute('data-running'), 'stopped', 'card state');
	check(/rtl8139 stopped/.test(await card.locator('.note').textContent()), 'no "stopped" note');
	await shot('05-stopped');
});

test('no script errors', () => {
	eq(pageErrors.length, 0, `page errors: ${pageErrors.join('; ')}`);
});

process.exitCode = await runTests(async () => {
	if (browser) await browser.close();
});
