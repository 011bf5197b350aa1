// SPDX-License-Identifier: GPL-2.0-only
// The setup assistant from login to a working interface, in headless
// Chromium against the real configurator, helper and module in a QEMU guest
// (tests/vm/tests/web_rtl8139.sh, after devices.vm.test.mjs has stopped the
// driver): with no device using a Windows driver, login lands on the
// assistant; the RTL8139 package, as a vendor ships it (a .zip with
// Drivers/Win64/), is matched to the card that has no Linux driver; "Install
// and start" installs, binds, starts, waits for the interface and brings it
// up with DHCP, and the browser ends on Status saying which address it got,
// its graph following the guest's downloads (the real counters). The guest
// checks the address, pings and downloads from inside, and sees the
// interface go when the test finally removes the running driver.
// Run by tests/vm/host/web_rtl8139.sh (NDL_VM_PORT, NDL_VM_TOKEN).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD, check, eq, launchChromium, RESULTS, runTests, setup, test, TOP } from './lib/harness.mjs';
import { checkGraphFollowsTraffic, url } from './lib/vmguest.mjs';

const TOKEN = process.env.NDL_VM_TOKEN;
const SHOTS = path.join(RESULTS, 'screenshots');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ndl-setup-vm-'));
let browser;
let page;
let iface;
const pageErrors = [];

async function api(method, p) {
	const r = await fetch(url('/api/v1' + p), { method, headers: { Authorization: `Bearer ${TOKEN}` } });
	return { status: r.status, json: await r.json().catch(() => null) };
}

async function shot(name) {
	await page.screenshot({ path: path.join(SHOTS, 'vm-' + name + '.png'), fullPage: true });
}

/** What the assistant shows when a wait fails: its steps and error. */
async function stepsText() {
	return (await page.locator('#steps-box').textContent().catch(() => '')).replace(/\s+/g, ' ');
}

setup('the RTL8139 driver is removed; Chromium opens the guest\'s configurator', async () => {
	fs.mkdirSync(SHOTS, { recursive: true });
	const del = await api('DELETE', '/drivers/rtl8139?force=true');
	eq(del.status, 200, `DELETE /drivers/rtl8139: ${JSON.stringify(del.json)}`);
	browser = await launchChromium();
	page = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
	page.on('pageerror', (e) => pageErrors.push(e.message));
});

test('login with no Windows driver in use lands on the setup assistant', async () => {
	await page.goto(url('/login.html'), { timeout: 60000 });
	await page.fill('#token', TOKEN);
	await page.click('#login-btn');
	await page.waitForURL(/\/setup\.html$/, { timeout: 30000 });
	const first = page.locator('#devices li').first();
	await first.waitFor({ timeout: 30000 });
	check(/needs a driver/.test(await first.textContent()), `first device: ${await first.textContent()}`);
});

test('the vendor\'s .zip: the RTL8139 card is matched and chosen, with a verdict', async () => {
	const zip = path.join(scratch, 'rtl8139-win64.zip');
	const pkg = path.join(BUILD, 'drivers', 'rtl8139');
	execFileSync('python3', [path.join(TOP, 'tests/helper/mkarchive.py'), 'vendor', zip,
		path.join(pkg, 'rtl8139.inf'), path.join(pkg, 'rtl8139.sys')]);
	await page.setInputFiles('#package', zip);
	await page.locator('#match-box').waitFor({ state: 'visible', timeout: 60000 });
	const first = page.locator('#matches label.match').first();
	const text = await first.textContent();
	check(text.includes('Drivers/Win64/rtl8139.inf') && text.includes('PCI\\VEN_10EC&DEV_8139'), `first match: ${text}`);
	check(await first.locator('input').isChecked(), 'the match is chosen');
	check(/should run|pre-flight check/.test(await page.locator('#verdict').textContent()), 'verdict');
	await shot('10-setup-match');
});

test('"Install and start" ends on Status with the interface up and its DHCP address', async () => {
	await page.click('#setup-btn');
	// Install, bind, start (slow under TCG), interface, DHCP from QEMU.
	try {
		await page.waitForURL(/\/$/, { timeout: 300000 });
	} catch (e) {
		await shot('failed-setup').catch(() => {});
		throw new Error(`${e.message.split('\n')[0]}; the assistant shows: ${await stepsText()}`);
	}
	const done = page.locator('#setup-done');
	await done.waitFor({ state: 'visible', timeout: 10000 });
	const said = await done.textContent();
	check(/runs the Windows driver rtl8139 as [a-z][a-z0-9]+\. .* is up with the address 10\.0\.3\.\d+\/24/.test(said), `Status says: ${said}`);
	iface = /as ([a-z][a-z0-9]+)\./.exec(said)[1];
	await shot('11-status-after-setup');
});

test('Status: the new interface\'s graph follows the guest\'s downloads (real counters)', async () => {
	const svg = page.locator(`figure.graph[data-iface="${iface}"] svg.traffic`);
	// The guest downloads again and again until the driver is removed
	// (web_rtl8139.sh), so this waits for nothing that could be missed.
	await checkGraphFollowsTraffic(svg);
	await shot('12-status-graph-after-setup');
});

test('removing the running driver stops it (the guest sees its interface go)', async () => {
	const del = await api('DELETE', '/drivers/rtl8139?force=true');
	eq(del.status, 200, `DELETE /drivers/rtl8139: ${JSON.stringify(del.json)}`);
});

test('no script errors', () => {
	eq(pageErrors.length, 0, `page errors: ${pageErrors.join('; ')}`);
});

process.exitCode = await runTests(async () => {
	if (browser) await browser.close();
	fs.rmSync(scratch, { recursive: true, force: true });
});
