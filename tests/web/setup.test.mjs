// SPDX-License-Identifier: GPL-2.0-only
// The setup assistant in headless Chromium (Debian's), against the real
// ndisload-webconf and helper on a private root with a fake sysfs: login
// lands on the assistant while no device uses a Windows driver; the devices
// without a driver come first; a vendor-shaped .zip (made here with
// Python's zipfile: the webnic .inf and the built vether miniport in
// Drivers/Win64/) is picked, a hostile one dropped; the page says which .inf
// line matches which device and the pre-flight verdict in words; "Install
// and start" installs and binds, and without the kernel module (user space)
// the start step shows the module's exact reason. The VM web test
// (devices.vm.test.mjs) goes on to a running interface.
// Screenshots: build/test-results/web/screenshots/ (README's is 20-setup-match).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
	addPciDevice, BUILD, check, eq, FIXTURES, launchChromium, makeRoot, request, RESULTS, runTests, setup,
	startHelper, startWebconf, stopAll, test, TOP,
} from './lib/harness.mjs';

const SHOTS = path.join(RESULTS, 'screenshots');
const root = makeRoot();
// The card that needs a driver: an RTL8139 no Linux driver serves.
addPciDevice(root, '0000:00:06.0', { vendor: '0x10ec', device: '0x8139' }, null);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ndl-web-setup-'));
let srv;
let browser;
let page;
const pageErrors = [];

const url = (p) => `http://localhost:${srv.port}${p}`;
const api = (p) => request(srv, { path: '/api/v1' + p, token: srv.token });
const shot = (name) => page.screenshot({ path: path.join(SHOTS, name + '.png'), fullPage: true });

/** A .zip made by tests/helper/mkarchive.py (KIND: good, traversal, ...). */
function archive(kind) {
	const out = path.join(scratch, `${kind}.zip`);
	execFileSync('python3', [path.join(TOP, 'tests/helper/mkarchive.py'), kind, out,
		path.join(FIXTURES, 'webnic', 'webnic.inf'), path.join(BUILD, 'drivers', 'vether', 'vether.sys')],
	{ stdio: ['ignore', 'ignore', 'ignore'] });
	return out;
}

setup('Chromium, the helper and webconf start', async () => {
	fs.mkdirSync(SHOTS, { recursive: true });
	await startHelper(root);
	srv = await startWebconf(root);
	browser = await launchChromium();
	const ctx = await browser.newContext({ viewport: { width: 1100, height: 800 } });
	page = await ctx.newPage();
	page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.message}`));
	page.on('console', (m) => {
		if (m.type() === 'error' && !/^Failed to load resource: the server responded with a status of (4\d\d|503)/.test(m.text()))
			pageErrors.push(`${page.url()}: console: ${m.text()}`);
	});
});

test('login without a Windows driver in use lands on the setup assistant', async () => {
	await page.goto(url('/login.html'));
	await page.fill('#token', srv.token);
	await page.click('#login-btn');
	await page.waitForURL(/\/setup\.html$/, { timeout: 10000 });
	await page.locator('#devices li').first().waitFor({ timeout: 5000 });
});

test('the devices without a working driver come first', async () => {
	const first = page.locator('#devices li').first();
	eq(await first.getAttribute('data-device'), '0000:00:06.0', 'first device');
	check(/needs a driver/.test(await first.textContent()), `first row: ${await first.textContent()}`);
	check(/Linux driver 8139cp/.test(await page.locator('[data-device="0000:00:03.0"]').textContent()),
		'the 8139cp device says which Linux driver has it');
});

test('a dropped hostile .zip is refused with its precise reason; nothing is installed', async () => {
	const bytes = fs.readFileSync(archive('traversal')).toString('base64');
	await page.evaluate(async (b64) => {
		const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
		const dt = new DataTransfer();
		dt.items.add(new File([data], 'traversal.zip', { type: 'application/zip' }));
		const zone = document.getElementById('dropzone');
		zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
		zone.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
	}, bytes);
	await page.locator('#package-error').filter({ hasText: /climbs out of the package with "\.\."/ }).waitFor({ timeout: 10000 });
	check(await page.locator('#match-box').isHidden(), 'no match shown');
	eq((await api('/drivers')).json.drivers.length, 0, 'drivers installed');
	check(fs.readdirSync(path.join(root, 'var/lib/ndisload/packages')).length === 0, 'no package left behind');
});

test('the picked vendor .zip: which .inf line matches which device, and the verdict in words', async () => {
	await page.setInputFiles('#package', archive('good'));
	await page.locator('#match-box').waitFor({ state: 'visible', timeout: 15000 });
	const first = page.locator('#matches label.match').first();
	const text = await first.textContent();
	check(text.includes('0000:00:06.0') && text.includes('Drivers/Win64/webnic.inf') &&
		/line \d+ names/.test(text) && text.includes('PCI\\VEN_10EC&DEV_8139'), `first match: ${text}`);
	check(await first.locator('input').isChecked(), 'the best match is chosen');
	const second = await page.locator('#matches label.match').nth(1).textContent();
	check(second.includes('0000:00:03.0') && second.includes('Linux driver 8139cp'), `second match: ${second}`);
	const verdict = await page.locator('#verdict').textContent();
	check(/pre-flight check|should run|will not run|cannot check/.test(verdict), `verdict: ${verdict}`);
	check(/3 files \(ZIP/.test(await page.locator('#package-summary').textContent()), 'summary');
	await shot('20-setup-match');
});

test('choosing the 8139cp device offers to take it from the Linux driver', async () => {
	await page.locator('#matches label.match').nth(1).locator('input').check();
	check(await page.locator('#take-box').isVisible(), 'take-over box shown');
	check(/from the Linux driver 8139cp/.test(await page.locator('#take-label').textContent()), 'its label');
	await page.locator('#matches label.match').first().locator('input').check();
	check(await page.locator('#take-box').isHidden(), 'hidden again for the free device');
});

test('install and start: installed and bound; without the module the start says why', async () => {
	await page.click('#setup-btn');
	await page.locator('#steps-error').filter({ hasText: /module/i }).waitFor({ timeout: 15000 });
	const steps = await page.locator('#steps li').allTextContents();
	check(steps.length === 3 && /✓$/.test(steps[0]) && /✓$/.test(steps[1]) && /failed/.test(steps[2]),
		`steps: ${JSON.stringify(steps)}`);
	const d = (await api('/drivers/webnic')).json.driver;
	eq(d.name, 'webnic', 'driver installed');
	const dev = (await api('/devices')).json.devices.find((x) => x.id === '0000:00:06.0');
	eq(dev.bound, 'webnic', 'device bound');
	check(/Windows driver webnic/.test(await page.locator('[data-device="0000:00:06.0"]').textContent()),
		'the device list shows the binding');
	await shot('21-setup-no-module');
});

test('with a device using a Windows driver, Status stays the page after login, with "Set up a card"', async () => {
	await page.goto(url('/login.html'));
	await page.fill('#token', srv.token);
	await page.click('#login-btn');
	await page.waitForURL(/\/$/, { timeout: 10000 });
	await page.waitForTimeout(1000);
	check(/\/$/.test(page.url()), `stayed on ${page.url()}`);
	await page.click('#setup-link');
	await page.waitForURL(/\/setup\.html$/, { timeout: 5000 });
});

test('no script errors or CSP violations on any page', async () => {
	eq(pageErrors.length, 0, `page errors: ${pageErrors.join('; ')}`);
});

process.exitCode = await runTests(async () => {
	if (browser) await browser.close();
	await stopAll();
	fs.rmSync(scratch, { recursive: true, force: true });
	fs.rmSync(root, { recursive: true, force: true });
});
