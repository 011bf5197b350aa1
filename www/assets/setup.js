// SPDX-License-Identifier: GPL-2.0-only
// The setup assistant: the devices that need a driver, the vendor's package
// (dropped or picked; unpacked and examined by the helper), which .inf line
// matches which device and the pre-flight verdict in plain words, then
// install, bind, start, bring the interface up, and on to Status.
import { api, bytes, h, initPage, sessionInfo, showError, upload } from './app.js';

const IFACE_WAIT_MS = 15000;
const $ = (id) => document.getElementById(id);
let opened = null;	// package.open's answer
let chosen = null;	// the match to set up

function deviceState(d) {
	if (d.bound) return h('span', { class: 'tag' }, `Windows driver ${d.bound}`);
	if (d.linux_driver) return h('span', { class: 'tag' }, `Linux driver ${d.linux_driver}`);
	return h('span', { class: 'tag needs' }, 'needs a driver');
}

const needsDriver = (d) => !d.bound && !d.linux_driver;

async function loadDevices() {
	try {
		const r = await api('GET', '/devices');
		const list = (r.devices || []).slice().sort((a, b) =>
			(needsDriver(b) - needsDriver(a)) || a.id.localeCompare(b.id));
		$('devices').replaceChildren(...list.map((d) => h('li', { 'data-device': d.id },
			h('strong', {}, d.id), ' ', `${d.bus.toUpperCase()} ${d.vendor}:${d.device} `, deviceState(d),
			(d.interfaces || []).length ? h('span', { class: 'muted' }, ' ' + d.interfaces.join(', ')) : null)));
		$('no-devices').hidden = list.length > 0;
		showError($('devices-error'), null);
	} catch (e) {
		showError($('devices-error'), e);
	}
}

function setProgress(fraction) {
	const p = Math.round(fraction * 100);
	$('package-progress').value = p;
	$('package-percent').textContent = p + ' %';
}

/** Sends the package to the helper; shows what it found. */
async function openPackage(files) {
	const err = $('package-error');
	showError(err, null);
	$('match-box').hidden = true;
	$('steps-box').hidden = true;
	if (!files.length) return;
	const limits = (await sessionInfo()).limits || {};
	const total = files.reduce((n, f) => n + f.size, 0);
	if (limits.max_upload && total > limits.max_upload) {
		err.textContent = `The package is ${bytes(total)}; one upload takes at most ${bytes(limits.max_upload)}. Unpack it and give only the driver's folder.`;
		return;
	}
	if (limits.max_files && files.length > limits.max_files) {
		err.textContent = `Give at most ${limits.max_files} files, or the archive the vendor ships.`;
		return;
	}
	const fd = new FormData();
	for (const f of files) fd.append('file', f, f.name);
	$('package-progress-box').hidden = false;
	setProgress(0);
	try {
		const { body } = await upload('/packages', fd, setProgress);
		setProgress(1);
		showPackage(body);
	} catch (e) {
		showError(err, e);
	}
}

function infOf(path) {
	return (opened.infs || []).find((i) => i.inf === path) || {};
}

function matchLabel(m) {
	const owner = m.linux_driver ? `now used by the Linux driver ${m.linux_driver}` : 'no driver yet';
	return [h('strong', {}, m.device), ` (${owner}): `, h('code', {}, m.inf), ` line ${m.line} names `,
		h('code', {}, m.hardware_id), m.model ? ` — “${m.model}”` : ''];
}

function choose(m) {
	chosen = m;
	const check = infOf(m.inf).check || {};
	const v = $('verdict');
	v.textContent = check.words || '';
	v.className = 'verdict' + (check.verdict === 'fail' ? ' fail' : '');
	$('take-box').hidden = !m.linux_driver;
	$('take-native').checked = false;
	$('take-label').textContent = m.linux_driver ?
		`Take ${m.device} from the Linux driver ${m.linux_driver} (its interface goes away)` : '';
	$('setup-btn').disabled = check.verdict === 'fail';
}

function showPackage(p) {
	opened = p;
	const infs = p.infs || [];
	const usable = infs.filter((i) => i.usable);
	$('package-summary').textContent = `${p.files} files (${p.format}), ${infs.length} .inf file${infs.length === 1 ? '' : 's'}` +
		(usable.length ? ` from ${usable[0].provider || 'an unknown provider'}, version ${usable[0].version || '?'}.` : '.');
	$('unusable').replaceChildren(...infs.filter((i) => !i.usable).map((i) =>
		h('li', {}, h('code', {}, i.inf), `: cannot be used — ${i.reason}`)));
	const matches = p.matches || [];
	if (!matches.length) {
		$('matches').replaceChildren(h('p', { class: 'error', role: 'alert' },
			'None of the package’s .inf files names a device of this computer: it is for another card, or another bus.'));
		$('verdict').textContent = '';
		$('take-box').hidden = true;
		$('setup-btn').hidden = true;
	} else {
		$('setup-btn').hidden = false;
		$('matches').replaceChildren(h('fieldset', {}, h('legend', {}, 'Which .inf matches which device, and why'),
			matches.map((m, i) => h('label', { class: 'match', 'data-match': m.device + ' ' + m.inf },
				h('input', { type: 'radio', name: 'match', value: String(i), checked: i === 0,
					onchange: () => choose(m) }), ' ', matchLabel(m)))));
		choose(matches[0]);
	}
	$('match-box').hidden = false;
	$('setup-btn').focus();
}

/** One step of the setup, shown as it runs; throws on failure. */
async function step(label, fn) {
	const li = h('li', {}, label + '…');
	$('steps').append(li);
	try {
		const note = await fn();
		li.textContent = label + (note ? ': ' + note : '') + ' ✓';
		li.className = 'done';
	} catch (e) {
		li.textContent = label + ': failed';
		li.className = 'failed';
		throw e;
	}
}

async function waitInterface(device) {
	const until = Date.now() + IFACE_WAIT_MS;
	for (;;) {
		const r = await api('GET', '/interfaces');
		const i = (r.interfaces || []).find((x) => x.device === device);
		if (i) return i;
		if (Date.now() > until) {
			throw new Error(`the driver runs, but ${device} has no network interface after ${IFACE_WAIT_MS / 1000} s` +
				' — the Log page shows what the driver said');
		}
		await new Promise((r2) => setTimeout(r2, 500));
	}
}

async function runSetup() {
	const m = chosen;
	const unbind = $('take-native').checked;
	$('steps').replaceChildren();
	showError($('steps-error'), null);
	$('steps-box').hidden = false;
	$('setup-btn').disabled = true;
	let driver = null;
	let iface = null;
	let summary = '';
	try {
		await step(`Install the driver from ${m.inf}`, async () => {
			const r = await api('POST', `/packages/${encodeURIComponent(opened.package)}/install`, { inf: m.inf });
			driver = r.driver.name;
			return `driver “${driver}”`;
		});
		await step(`Use it for ${m.device}`, async () => {
			await api('POST', `/devices/${encodeURIComponent(m.device)}/bind`, { driver, unbind_native: unbind });
		});
		await step(`Start ${driver}`, async () => {
			const r = await api('POST', '/load', { driver, reload: true, unbind_native: unbind });
			const e = (r.errors || [])[0];
			if (e) throw Object.assign(new Error(e.message), { hint: e.hint || '' });
		});
		await step('Wait for its network interface', async () => {
			iface = await waitInterface(m.device);
			return iface.name;
		});
		await step(`Bring ${iface.name} up`, async () => {
			if (iface.managed_by && iface.managed_by !== 'ndisload') {
				summary = `${iface.managed_by} manages ${iface.name} and sets its address.`;
				return `${iface.managed_by} manages it`;
			}
			const r = await api('POST', `/interfaces/${encodeURIComponent(iface.name)}/up`, { dhcp: true });
			const addr = (r.addresses || []).filter((a) => !a.startsWith('fe80'));
			summary = addr.length ? `${iface.name} is up with the address ${addr.join(', ')}.` :
				`${iface.name} is up${r.note ? ': ' + r.note : ''}.`;
			return addr.join(', ') || r.note || '';
		});
		sessionStorage.setItem('ndl-setup-done', `${m.device} runs the Windows driver ${driver} as ${iface.name}. ${summary}`);
		location.assign('/');
	} catch (e) {
		showError($('steps-error'), e);
		$('setup-btn').disabled = false;
		await loadDevices();
	}
}

const zone = $('dropzone');
zone.addEventListener('dragover', (ev) => { ev.preventDefault(); zone.classList.add('over'); });
zone.addEventListener('dragleave', () => zone.classList.remove('over'));
zone.addEventListener('drop', (ev) => {
	ev.preventDefault();
	zone.classList.remove('over');
	openPackage([...ev.dataTransfer.files]);
});
$('package').addEventListener('change', () => openPackage([...$('package').files]));
$('package-form').addEventListener('submit', (ev) => ev.preventDefault());
$('setup-btn').addEventListener('click', runSetup);

await initPage();
await loadDevices();
