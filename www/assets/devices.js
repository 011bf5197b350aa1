// SPDX-License-Identifier: GPL-2.0-only
// The devices page: each device with its current Linux driver and the
// installed Windows drivers that match it ("use this driver", unbind), and
// "Diagnose" (ndisload doctor) for a device a Windows driver serves.
import { api, h, initPage, showError } from './app.js';

const hex = (v) => (typeof v === 'string' ? v.replace(/^0x/, '').toUpperCase() : '?');

function deviceCard(d) {
	const error = h('p', { class: 'error', role: 'alert', id: `err-${d.id}` });
	const matches = d.matches || [];
	const actions = h('div', { class: 'actions' });
	const card = h('article', { class: 'card', 'data-device': d.id },
		h('h2', {}, `${d.id}`),
		h('dl', { class: 'facts' },
			h('dt', {}, 'Hardware ID'), h('dd', {}, h('code', {}, `${(d.bus || 'pci').toUpperCase()}\\VEN_${hex(d.vendor)}&DEV_${hex(d.device)}`),
				d.subsys ? h('span', { class: 'muted' }, ` subsystem ${d.subsys}`) : null),
			h('dt', {}, 'Linux driver'), h('dd', { class: 'linux-driver' }, d.linux_driver || 'none'),
			h('dt', {}, 'Windows driver'), h('dd', { class: 'bound' }, d.bound ? h('strong', {}, d.bound) : 'not used')),
		actions, error);

	if (d.bound) {
		// Binding is configuration; loading pushes the driver into the module now.
		const start = h('button', { type: 'button' }, 'Start ' + d.bound + ' now');
		start.addEventListener('click', () => load(card, error, d));
		const unbind = h('button', { type: 'button', class: 'secondary' }, 'Stop using ' + d.bound);
		unbind.addEventListener('click', () => act(card, error, '/devices/' + encodeURIComponent(d.id) + '/unbind'));
		const diagnose = h('button', { type: 'button', class: 'secondary' }, 'Diagnose');
		const report = h('div', { class: 'diagnosis', role: 'status', 'aria-live': 'polite' });
		diagnose.addEventListener('click', () => diagnoseDevice(diagnose, report, error, d));
		actions.append(start, unbind, diagnose);
		card.append(report);
		return card;
	}
	if (!matches.length) {
		actions.append(h('p', { class: 'muted' }, 'No installed driver supports this device. ',
			h('a', { href: '/drivers.html' }, 'Install its Windows driver'), '.'));
		return card;
	}
	const selId = `drv-${d.id}`;
	const select = h('select', { id: selId, 'aria-describedby': error.id },
		matches.map((m, i) => h('option', { value: m }, m + (i === 0 ? ' (best match)' : ''))));
	const native = d.linux_driver
		? h('label', { class: 'inline' }, h('input', { type: 'checkbox', checked: true }), `Unbind the Linux driver ${d.linux_driver} first`)
		: null;
	const use = h('button', { type: 'button' }, 'Use this driver');
	use.addEventListener('click', () => act(card, error, '/devices/' + encodeURIComponent(d.id) + '/bind', {
		driver: select.value,
		unbind_native: native ? native.querySelector('input').checked : false,
	}));
	actions.append(h('label', { for: selId }, 'Windows driver to use'), select, native, use);
	return card;
}

async function act(card, error, path, body) {
	showError(error, null);
	card.querySelectorAll('button').forEach((b) => { b.disabled = true; });
	try {
		await api('POST', path, body);
		await refresh();
	} catch (e) {
		showError(error, e);
		card.querySelectorAll('button').forEach((b) => { b.disabled = false; });
	}
}

/** Loads the device's driver into the module; errors stay on the card. */
async function load(card, error, d) {
	showError(error, null);
	card.querySelectorAll('button').forEach((b) => { b.disabled = true; });
	try {
		const r = await api('POST', '/load', { driver: d.bound, unbind_native: true });
		const failed = (r.errors || []).filter((e) => e.driver === d.bound);
		if (failed.length) showError(error, { message: failed[0].message, hint: failed[0].hint });
		else await refresh();
	} catch (e) {
		showError(error, e);
	} finally {
		card.querySelectorAll('button').forEach((b) => { b.disabled = false; });
	}
}

/** ndisload doctor for one device: its findings and the settings that cure them. */
async function diagnoseDevice(button, report, error, d) {
	showError(error, null);
	button.disabled = true;
	report.replaceChildren(h('p', { class: 'muted' }, 'Watching the device for a few seconds…'));
	try {
		const r = await api('GET', '/devices/' + encodeURIComponent(d.id) + '/diagnosis');
		const dev = (r.devices || [])[0] || { findings: [] };
		const items = (dev.findings || []).map((f) => h('li', { 'data-symptom': f.symptom }, f.summary,
			f.setting ? h('span', {}, ' Cure: ', h('a', { href: '/advanced.html?driver=' + encodeURIComponent(d.bound) },
				`turn on “${f.setting}”`), ' on the Advanced page, then start the driver again.') : null));
		report.replaceChildren(items.length ? h('ul', {}, items)
			: h('p', { class: 'ok' }, 'No problem seen. Use the network (for example a download) and diagnose again if it misbehaves.'));
	} catch (e) {
		report.replaceChildren();
		showError(error, e);
	} finally {
		button.disabled = false;
	}
}

async function refresh() {
	try {
		const r = await api('GET', '/devices');
		const list = r.devices || [];
		document.getElementById('devices').replaceChildren(...list.map(deviceCard));
		document.getElementById('no-devices').hidden = list.length > 0;
	} catch (e) {
		showError(document.getElementById('page-error'), e);
	}
}

await initPage();
await refresh();
