// SPDX-License-Identifier: GPL-2.0-only
// Browser tests: headless Chromium (Debian's) driven by playwright-core
// through the real pages, the real ndisload-webconf and the real helper.
// Screenshots go to build/test-results/web/screenshots/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
	addPciDevice, addUsbDevice, BRAND_PRODUCT, check, driverPackage, eq, makeRoot, request, RESULTS, runTests, setup,
	sleep, startHelper, startWebconf, stopAll, test, uploadFiles,
} from './lib/harness.mjs';

const SHOTS = path.join(RESULTS, 'screenshots');
const root = makeRoot();
// A second RTL8139 that no Linux driver serves (issue #20's stray "null").
addPciDevice(root, '0000:00:06.0', { vendor: '0x10ec', device: '0x8139' }, null);
// QEMU's usb-net (CDC Ethernet: communication + data interface) at bus
// path 1-2, held by Linux's cdc_ether (issue #16).
addUsbDevice(root, '1-2', { idVendor: '0525', idProduct: 'a4a2', bcdDevice: '0100', bDeviceClass: '02' },
	[['02', '06', '00'], ['0a', '00', '00']], 'cdc_ether');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ndl-web-files-'));
let srv;
let browser;
let page;
const pageErrors = [];

async function shot(name) {
	await page.screenshot({ path: path.join(SHOTS, name + '.png'), fullPage: true });
}
const url = (p) => `http://localhost:${srv.port}${p}`;
const api = (p) => request(srv, { path: '/api/v1' + p, token: srv.token });

/** The webnic package files in a scratch dir (the browser uploads real files). */
function packageFiles() {
	return driverPackage('webnic').map((f) => {
		const to = path.join(scratch, f.name);
		fs.copyFileSync(f.path, to);
		return to;
	});
}

setup('Chromium, the helper and webconf start', async () => {
	fs.mkdirSync(SHOTS, { recursive: true });
	await startHelper(root);
	srv = await startWebconf(root);
	browser = await chromium.launch({
		executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
		args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
			'--disable-background-networking', '--disable-component-update', '--disable-sync'],
	});
	const ctx = await browser.newContext({ viewport: { width: 1100, height: 800 }, acceptDownloads: true });
	page = await ctx.newPage();
	page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.message}`));
	// Error answers the tests provoke on purpose (4xx, 503 no module) log
	// "Failed to load resource";
	// anything else (script errors, CSP violations) counts.
	page.on('console', (m) => {
		if (m.type() === 'error' && !/^Failed to load resource: the server responded with a status of (4\d\d|503)/.test(m.text()))
			pageErrors.push(`${page.url()}: console: ${m.text()}`);
	});
});

test('a page without a session sends the browser to the login page', async () => {
	await page.goto(url('/drivers.html'));
	check(/\/login\.html\?next=/.test(page.url()), `landed on ${page.url()}`);
});

test('login: a wrong token is shown next to the field, by keyboard alone', async () => {
	await page.keyboard.press('Tab');
	const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
	eq(focused, 'token', 'Tab reaches the token field');
	await page.keyboard.type('0'.repeat(64));
	await page.keyboard.press('Enter');
	await page.locator('#login-error').filter({ hasText: /wrong token/i }).waitFor({ timeout: 5000 });
	eq(await page.getAttribute('#token', 'aria-invalid'), 'true', 'field marked invalid');
	await shot('01-login-error');
});

test('login with the token lands on the page asked for', async () => {
	await page.fill('#token', srv.token);
	await page.click('#login-btn');
	await page.waitForURL(/\/drivers\.html$/, { timeout: 5000 });
	// The brand arrives with the page's first status reply, after the URL.
	const brand = page.locator('[data-brand-name]').first();
	await brand.filter({ hasText: BRAND_PRODUCT }).waitFor({ timeout: 5000 }).catch(() => {});
	eq((await brand.textContent()).trim(), BRAND_PRODUCT, 'brand name in the header');
	await page.locator('#no-drivers').waitFor({ state: 'visible', timeout: 5000 });
	await shot('02-drivers-empty');
});

test('upload: the .inf alone shows the progress bar, then the missing .sys', async () => {
	const [inf] = packageFiles();
	// A large extra file (firmware) makes the upload long enough to watch.
	const fw = path.join(scratch, 'webnic-fw.bin');
	fs.writeFileSync(fw, Buffer.alloc(24 << 20, 0x5a));
	const cdp = await page.context().newCDPSession(page);
	await cdp.send('Network.enable');
	await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 16 << 20 });
	await page.evaluate(() => {
		window.seenProgress = [];
		const bar = document.getElementById('upload-progress');
		new MutationObserver(() => window.seenProgress.push(Number(bar.value))).observe(bar, { attributes: true });
		const orig = Object.getOwnPropertyDescriptor(HTMLProgressElement.prototype, 'value');
		Object.defineProperty(bar, 'value', { get() { return orig.get.call(this); }, set(v) { window.seenProgress.push(Number(v)); orig.set.call(this, v); } });
	});
	await page.setInputFiles('#package', [inf, fw]);
	await page.click('#upload-btn');
	await page.locator('#missing-box').waitFor({ state: 'visible', timeout: 60000 });
	await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
	const seen = await page.evaluate(() => window.seenProgress);
	check(seen.length >= 3, `progress updates: ${JSON.stringify(seen)}`);
	check(seen.some((v) => v > 0 && v < 100), `an intermediate value: ${JSON.stringify(seen)}`);
	check(seen.every((v, i) => i === 0 || v >= seen[i - 1] || v === 0), `never going back: ${JSON.stringify(seen)}`);
	eq(seen[seen.length - 1], 100, 'ends at 100 %');
	const missing = await page.locator('#missing-list li').allTextContents();
	check(missing.some((m) => /webnic\.sys/i.test(m)), `missing list: ${JSON.stringify(missing)}`);
	await shot('03-upload-missing-sys');
});

test('upload: sending the missing .sys installs the driver', async () => {
	const sys = packageFiles()[1];
	await page.setInputFiles('#missing-files', sys);
	await page.click('#missing-btn');
	await page.locator('#upload-ok').filter({ hasText: /installed/ }).waitFor({ timeout: 10000 });
	await page.locator('[data-driver="webnic"]').waitFor({ timeout: 5000 });
	check(await page.locator('#missing-box').isHidden(), 'missing prompt hidden');
	check((await api('/drivers')).json.drivers.some((d) => d.name === 'webnic'), 'installed in the store');
	await shot('04-driver-installed');
});

test('upload: a broken .inf shows the server\'s error next to the file field', async () => {
	const bad = path.join(scratch, 'broken.inf');
	fs.writeFileSync(bad, 'this is not an inf file\n');
	await page.setInputFiles('#package', bad);
	await page.click('#upload-btn');
	await page.locator('#upload-error').filter({ hasText: /\S/ }).waitFor({ timeout: 10000 });
	eq(await page.getAttribute('#package', 'aria-invalid'), 'true', 'file field marked invalid');
	await shot('05-upload-error');
});

test('devices: shows the Linux driver and binds the chosen Windows driver', async () => {
	await page.goto(url('/devices.html'));
	const card = page.locator('[data-device="0000:00:03.0"]');
	await card.waitFor({ timeout: 5000 });
	eq((await card.locator('.linux-driver').textContent()).trim(), '8139cp', 'current Linux driver');
	check((await page.locator('[data-device="0000:00:04.0"]').textContent()).includes('No installed driver'), 'unmatched device says so');
	await shot('06-devices-before');
	await card.getByRole('button', { name: 'Use this driver' }).click();
	await card.locator('.bound strong').filter({ hasText: 'webnic' }).waitFor({ timeout: 10000 });
	const dev = (await api('/devices')).json.devices.find((d) => d.id === '0000:00:03.0');
	eq(dev.bound, 'webnic', 'bound in the helper');
	await shot('07-devices-bound');
});

test('devices: a device without a Linux driver offers its driver with nothing stray beside it', async () => {
	const card = page.locator('[data-device="0000:00:06.0"]');
	eq((await card.locator('.linux-driver').textContent()).trim(), 'none', 'no Linux driver');
	const text = await card.locator('.actions').evaluate((el) => [...el.childNodes]
		.filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('|'));
	eq(text, '', 'loose text beside the driver choice');
	check(!/\bnull\b/.test(await card.textContent()), `card text: ${await card.textContent()}`);
	await card.getByRole('button', { name: 'Use this driver' }).click();
	await card.locator('.bound strong').filter({ hasText: 'webnic' }).waitFor({ timeout: 10000 });
	check(!/\bnull\b/.test(await card.textContent()), `bound card text: ${await card.textContent()}`);
	eq(await card.getAttribute('data-running'), 'stopped', 'not started yet');
	eq(await card.getByRole('button', { name: 'Start webnic now' }).count(), 1, 'Start offered');
	await card.getByRole('button', { name: /Stop using webnic/ }).click();
	await card.getByRole('button', { name: 'Use this driver' }).waitFor({ timeout: 10000 });
});

test('devices: the "Run isolated" switch asks the helper, which refuses on a machine without an IOMMU', async () => {
	const card = page.locator('[data-device="0000:00:03.0"]');
	const sw = card.getByRole('checkbox', { name: /Run isolated/ });
	eq(await sw.isChecked(), false, 'in-kernel binding: switch off');
	await sw.click();	// not check(): the refusal may uncheck it before check() looks
	await card.locator('.error').filter({ hasText: /no IOMMU group/ }).waitFor({ timeout: 10000 });
	await shot('07a-devices-isolated-refused');
	await card.locator('input.run-isolated:not(:checked)').waitFor({ timeout: 10000 });	// put back
	eq((await api('/devices')).json.devices.find((d) => d.id === '0000:00:03.0').isolated, false, 'not isolated in the helper');
	await page.reload();
	await card.waitFor({ timeout: 5000 });
	eq(await card.getByRole('checkbox', { name: /Run isolated/ }).isChecked(), false, 'switch off after a reload');
});

test('devices: starting the driver without the kernel module shows why, on the card', async () => {
	const card = page.locator('[data-device="0000:00:03.0"]');
	await card.getByRole('button', { name: 'Start webnic now' }).click();
	await card.locator('.error').filter({ hasText: /module/i }).waitFor({ timeout: 10000 });
	await shot('07b-devices-load-error');
});

test('devices: Diagnose on a bound device asks the doctor and shows its answer on the card', async () => {
	const card = page.locator('[data-device="0000:00:03.0"]');
	await card.getByRole('button', { name: 'Diagnose' }).click();
	await card.locator('.error').filter({ hasText: /module/i }).waitFor({ timeout: 10000 });
	await shot('07c-devices-diagnose');
});

test('devices: virtual adapters of a root-enumerated driver: saved ones listed, removed; adding without the module says why', async () => {
	const r = await uploadFiles(srv, driverPackage('vether'));
	eq(r.status, 201, `install vether (${r.text.slice(0, 200)})`);
	fs.writeFileSync(path.join(root, 'etc/ndisload/virtual.conf'), '[vether]\ninstances = 0 2\n');
	await page.goto(url('/devices.html'));
	const card = page.locator('[data-virtual-driver="vether"]');
	await card.waitFor({ timeout: 10000 });
	eq(await page.locator('[data-virtual-driver]').count(), 1, 'only the root-enumerated driver has a card');
	eq(await card.locator('li[data-instance]').count(), 2, 'its saved adapters');
	check(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/.test(await card.locator('li[data-instance="2"] .mac').innerText()), 'a MAC shown');
	await shot('07d-devices-virtual');
	await card.getByRole('button', { name: 'Add virtual adapter' }).click();
	await card.locator('.error').filter({ hasText: /module/i }).waitFor({ timeout: 10000 });
	eq(await card.locator('li[data-instance]').count(), 2, 'nothing added');
	await card.getByRole('button', { name: 'Remove virtual.2' }).click();
	await page.locator('[data-virtual-driver="vether"] li[data-instance]').nth(1).waitFor({ state: 'detached', timeout: 10000 });
	eq(await page.locator('[data-virtual-driver="vether"] li[data-instance="0"]').count(), 1, 'instance 0 stays');
	check(/instances = 0\n/.test(fs.readFileSync(path.join(root, 'etc/ndisload/virtual.conf'), 'utf8')), 'virtual.conf updated');
	eq((await request(srv, { method: 'DELETE', path: '/api/v1/drivers/vether?force=true', token: srv.token })).status, 200, 'vether removed');
});

test('advanced: the form follows the .inf metadata and saves a change', async () => {
	await page.goto(url('/advanced.html?driver=webnic'));
	const rb = page.locator('#p-ReceiveBuffers');
	await rb.waitFor({ timeout: 5000 });
	eq(await rb.getAttribute('type'), 'number', 'int parameter is a number field');
	eq(await rb.getAttribute('min'), '4', 'min');
	eq(await rb.getAttribute('max'), '256', 'max');
	eq(await page.locator('#p-SpeedDuplex option').count(), 5, 'enum choices');
	eq(await page.locator('label[for="p-ReceiveBuffers"]').count(), 1, 'labelled');
	await rb.fill('64');
	await page.selectOption('#p-SpeedDuplex', '4');
	await page.click('#save-btn');
	await page.locator('#params-ok').filter({ hasText: 'Saved' }).waitFor({ timeout: 5000 });
	const p = (await api('/drivers/webnic/params')).json.params;
	eq(String(p.find((x) => x.name === 'ReceiveBuffers').value), '64', 'ReceiveBuffers stored');
	eq(String(p.find((x) => x.name === 'SpeedDuplex').value), '4', 'SpeedDuplex stored');
	await shot('08-advanced-saved');
});

test('advanced: an out-of-range value is shown next to its field and not sent', async () => {
	await page.fill('#p-ReceiveBuffers', '1000');
	await page.click('#save-btn');
	await page.locator('#p-ReceiveBuffers-error').filter({ hasText: /\S/ }).waitFor({ timeout: 5000 });
	eq(await page.getAttribute('#p-ReceiveBuffers', 'aria-invalid'), 'true', 'marked invalid');
	const p = (await api('/drivers/webnic/params')).json.params;
	eq(String(p.find((x) => x.name === 'ReceiveBuffers').value), '64', 'unchanged in the store');
	await shot('09-advanced-invalid');
});

test('advanced: reset to default', async () => {
	await page.locator('[data-reset="SpeedDuplex"]').click();
	await page.locator('#params-ok').filter({ hasText: 'Saved' }).waitFor({ timeout: 5000 });
	const sd = (await api('/drivers/webnic/params')).json.params.find((x) => x.name === 'SpeedDuplex');
	check(sd.value === null || String(sd.value) === '0', `SpeedDuplex reset: ${JSON.stringify(sd)}`);
	eq(await page.inputValue('#p-SpeedDuplex'), '0', 'the form shows the default');
});

test('advanced: compatibility settings are offered, saved and shown', async () => {
	await page.goto(url('/advanced.html?driver=webnic'));
	const sel = page.locator('#c-single_buffer_sends');
	await sel.waitFor({ timeout: 5000 });
	eq(await page.locator('#c-multicast_all option').count(), 3, 'automatic, on, off');
	eq(await page.locator('label[for="c-multicast_all"]').count(), 1, 'labelled');
	await page.selectOption('#c-single_buffer_sends', 'off');
	await page.click('#compat-save');
	await page.locator('#compat-ok').filter({ hasText: 'Saved' }).waitFor({ timeout: 5000 });
	const s = (await api('/drivers/webnic/compat')).json.settings;
	eq(s.find((x) => x.name === 'single_buffer_sends').value, 'off', 'stored by the helper');
	await page.reload();
	await sel.waitFor({ timeout: 5000 });
	eq(await page.inputValue('#c-single_buffer_sends'), 'off', 'shown after a reload');
	await shot('09b-advanced-compat');
});

test('status: the interface table refreshes itself', async () => {
	let polls = 0;
	const count = (r) => { if (r.url().endsWith('/api/v1/interfaces')) polls++; };
	page.on('request', count);
	await page.goto(url('/'));
	await sleep(5000);
	page.off('request', count);
	check(polls >= 2, `interface polls in 5 s: ${polls}`);
	await shot('10-status');
});

test('license: a bad key is refused inline', async () => {
	await page.goto(url('/license.html'));
	await page.fill('#license-text', 'not a license key');
	await page.click('#license-btn');
	await page.locator('#license-error').filter({ hasText: /\S/ }).waitFor({ timeout: 5000 });
	await shot('11-license-error');
});

test('diagnostics: the report downloads as a text file', async () => {
	await page.goto(url('/diagnostics.html'));
	const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 10000 }), page.click('#download')]);
	check(/^ndisload-diagnostics-.*\.txt$/.test(dl.suggestedFilename()), `file name ${dl.suggestedFilename()}`);
	const text = fs.readFileSync(await dl.path(), 'utf8');
	check(text.length > 0 && !text.includes(srv.token), 'a report without the token');
});

/*
 * The Log page reads $NDISLOAD_ROOT/dev/kmsg: a real kernel log holds no
 * ndisload.ko lines on this host (the module cannot load here), so the test
 * writes recorded /dev/kmsg records into that file, the helper's test hook
 * for the kernel log; the VM test init_failure.sh reads the real one.
 */
const KMSG = [
	'6,90,4000000,-;ndisload: webnic 1.0 added: NDIS 5.1 miniport, 1 device ID(s), 1 bound, 0 owned by native drivers',
	'3,91,5000000,-;ndisload: 0000:00:03.0: MiniportInitialize failed with 0xc000009a (open error 0x00000000)',
	'3,92,5000100,-;ndisload: webnic: 0000:00:03.0: MiniportInitialize failed: NDIS_STATUS 0xc000009a',
	'3,93,6000000,-;ndisload: otherdrv: cannot add the driver: missing imports (1): ndis.sys!NdisMFooBar',
	'not a kernel log record',
	'6,94,6500000,-;e1000 0000:00:04.0 eth1: NIC Link is Up 1000 Mbps Full Duplex, Flow Control: RX',
].join('\n') + '\n';

test('log: a driver\'s initialisation failure with its NDIS status, filtered, followed live', async () => {
	const kmsg = path.join(root, 'dev/kmsg');
	fs.writeFileSync(kmsg, KMSG);
	await page.goto(url('/log.html?driver=webnic'));
	const rows = page.locator('#entries tr');
	await rows.filter({ hasText: 'MiniportInitialize failed: NDIS_STATUS 0xc000009a' }).waitFor({ timeout: 10000 });
	// The runtime's line names only the device: the binding makes it webnic's.
	await rows.filter({ hasText: 'MiniportInitialize failed with 0xc000009a' }).waitFor({ timeout: 5000 });
	// The helper's own entries: the install and the bind done earlier in this suite.
	await rows.filter({ hasText: 'device bound to the driver' }).first().waitFor({ timeout: 5000 });
	eq(await rows.filter({ hasText: 'missing imports' }).count(), 0, 'another driver\'s line filtered out');
	eq(await rows.filter({ hasText: 'NIC Link is Up' }).count(), 0, 'lines of other kernel drivers left out');
	eq(await page.locator('#driver').inputValue(), 'webnic', 'the filter from the URL');
	await shot('13-log-init-failure');
	// New records appear while following.
	fs.appendFileSync(kmsg, '6,95,9000000,-;ndisload-webnic 0000:00:03.0 eth0: miniport reset done: NDIS_STATUS 0x00000000\n' +
		' SUBSYSTEM=pci\n DEVICE=+pci:0000:00:03.0\n');
	await rows.filter({ hasText: 'miniport reset done' }).waitFor({ timeout: 10000 });
	check(/0000:00:03\.0 \(eth0\)/.test(await rows.filter({ hasText: 'miniport reset done' }).textContent()),
		'the reset row names device and interface');
	await page.selectOption('#driver', '');
	await rows.filter({ hasText: 'missing imports (1): ndis.sys!NdisMFooBar' }).waitFor({ timeout: 10000 });
	check(/driver=/.test(page.url()) === false, `the URL follows the filter: ${page.url()}`);
	// The API: authenticated like the other state-revealing endpoints, cursors checked.
	eq((await request(srv, { path: '/api/v1/log' })).status, 401, 'no credentials');
	eq((await api('/log?since=bogus')).status, 400, 'a malformed cursor');
	const all = (await api('/log?driver=webnic')).json;
	const failure = all.entries.find((e) => /NDIS_STATUS 0xc000009a/.test(e.message));
	check(failure && failure.source === 'kernel' && failure.level === 'error' && failure.device === '0000:00:03.0' &&
		failure.seq === 92, `the failure entry: ${JSON.stringify(failure)}`);
	eq((await api('/log?since=' + all.cursor)).json.entries.length, 0, 'nothing new after the cursor');
});

test('360 px wide: no page scrolls sideways', async () => {
	await page.setViewportSize({ width: 360, height: 740 });
	for (const p of ['/', '/drivers.html', '/devices.html', '/advanced.html?driver=webnic', '/license.html', '/diagnostics.html', '/log.html']) {
		await page.goto(url(p));
		await page.waitForLoadState('networkidle');
		const w = await page.evaluate(() => document.documentElement.scrollWidth);
		check(w <= 360, `${p} is ${w} px wide`);
		await shot('12-narrow-' + (p.replace(/[^a-z]/g, '') || 'status'));
	}
	await page.setViewportSize({ width: 1100, height: 800 });
});

test('devices: unbinding from the page', async () => {
	await page.goto(url('/devices.html'));
	const card = page.locator('[data-device="0000:00:03.0"]');
	await card.getByRole('button', { name: /Stop using webnic/ }).click();
	await card.getByRole('button', { name: 'Use this driver' }).waitFor({ timeout: 10000 });
	eq((await api('/devices')).json.devices.find((d) => d.id === '0000:00:03.0').bound, null, 'unbound in the helper');
});

test('devices: a USB adapter is listed beside the PCI ones (bus path, IDs, Linux driver) and binds the same way', async () => {
	const up = await uploadFiles(srv, driverPackage('usbecm'));
	eq(up.status, 201, `usbecm installed (${up.text.slice(0, 300)})`);
	await page.goto(url('/devices.html'));
	const card = page.locator('[data-device="1-2"]');
	await card.waitFor({ timeout: 5000 });
	eq((await card.locator('.bus').textContent()).trim(), 'USB, bus path 1-2', 'bus path');
	eq((await card.locator('.hwid code').textContent()).trim(), 'USB\\VID_0525&PID_A4A2', 'hardware ID');
	check((await card.locator('.hwid').textContent()).includes('revision 0100'), 'bcdDevice shown');
	eq((await card.locator('.linux-driver').textContent()).trim(), 'cdc_ether', 'Linux driver');
	eq((await page.locator('[data-device="0000:00:03.0"] .bus').textContent()).trim(), 'PCI', 'PCI device beside it');
	eq(JSON.stringify(await card.locator('select option').allTextContents()), '["usbecm (best match)"]', 'only the USB driver offered');
	check(await card.getByRole('checkbox', { name: 'Unbind the Linux driver cdc_ether first' }).isChecked(), 'unbind cdc_ether offered');
	await shot('07d-devices-usb');
	await card.getByRole('button', { name: 'Use this driver' }).click();
	await card.locator('.bound strong').filter({ hasText: 'usbecm' }).waitFor({ timeout: 10000 });
	let dev = (await api('/devices')).json.devices.find((d) => d.id === '1-2');
	eq(dev.bound, 'usbecm', 'bound in the helper');
	eq(dev.unbind_native, true, 'cdc_ether to be unbound at load');
	eq(await card.getByRole('button', { name: 'Start usbecm now' }).count(), 1, 'Start offered');
	await shot('07e-devices-usb-bound');
	await card.getByRole('button', { name: /Stop using usbecm/ }).click();
	await card.getByRole('button', { name: 'Use this driver' }).waitFor({ timeout: 10000 });
	dev = (await api('/devices')).json.devices.find((d) => d.id === '1-2');
	eq(dev.bound, null, 'unbound in the helper');
});

test('no script errors and no CSP violations on any page', () => {
	check(pageErrors.length === 0, pageErrors.join('; '));
});

process.exitCode = await runTests(async () => {
	if (browser) await browser.close();
	await stopAll();
	fs.rmSync(root, { recursive: true, force: true });
	fs.rmSync(scratch, { recursive: true, force: true });
});
