// SPDX-License-Identifier: GPL-2.0-only
// The devices page: each PCI or USB device with its current Linux driver and the
// installed Windows drivers that match it ("use this driver", unbind); a
// bound device's driver is started here, and a started one shows its state,
// interface, link and address with Restart, Stop and (where no network
// manager owns the interface) "bring up with DHCP"; "Diagnose" (ndisload
// doctor) for a device a Windows driver serves. The "Run isolated" switch
// binds a device in isolated mode (the driver in ndisload-host, an
// unprivileged process behind the IOMMU; docs/isolated.md) or back.
import { api, h, initPage, showError } from './app.js';

const hex = (v) => (typeof v === 'string' ? v.replace(/^0x/, '').toUpperCase() : '?');

/** What the module says about a device, with its interface (null: not started). */
function runState(d, st) {
	const m = ((st.module || {}).devices || []).find((x) => x.device === d.id && x.driver === d.bound);
	if (!m) return null;
	const iface = (st.interfaces || []).find((i) => i.name === m.interface) || null;
	return { ...m, iface };
}

/** Messages that outlive a refresh of the cards (per device id). */
const notes = new Map();

/** Link state from the module's flags (operstate says "down" for both cases). */
function linkText(r) {
	if (!r.interface) return 'no interface';
	if (!r.up) return 'down (not brought up)';
	return r.carrier ? 'connected' : 'up, no link (no cable or signal)';
}

function runFacts(r) {
	const i = r.iface;
	const v4 = ((i && i.addresses) || []).filter((a) => !a.includes(':'));
	const all = (i && i.addresses) || [];
	const up = r.state === 'running';
	return [
		h('dt', {}, 'State'), h('dd', { class: 'run-state' },
			h('span', { class: 'badge ' + (up ? 'up' : 'down') }, r.state),
			r.error ? h('span', { class: 'error' }, ' ' + r.error) : null),
		h('dt', {}, 'Interface'), h('dd', { class: 'iface' }, r.interface ? h('code', {}, r.interface) : '—'),
		h('dt', {}, 'Link'), h('dd', { class: 'link' }, linkText(r)),
		h('dt', {}, 'Address'), h('dd', { class: 'address' }, all.length ? all.join(', ') : 'none',
			i && i.managed_by ? h('span', { class: 'muted' },
				` (${i.managed_by === 'ndisload' ? 'DHCP started here' : 'managed by ' + i.managed_by})`) : null,
			i && !v4.length && i.managed_by && i.managed_by !== 'ndisload'
				? h('span', { class: 'muted' }, ` — configure it in ${i.managed_by}`) : null),
	];
}

/** Isolated mode: the host's entry in status (a stopped one when absent). */
function isolatedState(d, st) {
	return (st.isolated || []).find((x) => x.device === d.id) || { state: 'stopped' };
}

function isolatedFacts(iso) {
	const ended = iso.last_crash ? `last crash: ${iso.last_crash}` : iso.last_exit ? `last exit: ${iso.last_exit}` : '';
	return [
		h('dt', {}, 'Runs'), h('dd', { class: 'iso-mode' }, 'isolated, in ndisload-host (unprivileged, behind the IOMMU)'),
		h('dt', {}, 'State'), h('dd', { class: 'run-state' },
			h('span', { class: 'badge ' + (iso.state === 'running' ? 'up' : 'down') }, iso.state),
			// refusal: the device cannot be isolated here (status says why; not retried)
			iso.error || iso.refusal ? h('span', { class: 'error' }, ' ' + (iso.error || iso.refusal)) : null),
		h('dt', {}, 'Interface'), h('dd', { class: 'iface' }, iso.tap ? h('code', {}, iso.tap) : '—'),
		h('dt', {}, 'Restarts'), h('dd', { class: 'restarts' }, String(iso.restarts || 0),
			ended ? h('span', { class: 'muted' }, ` (${ended})`) : null),
	];
}

/** Isolated mode runs PCI functions (VFIO). */
const isPci = (d) => (d.bus || 'pci') === 'pci';

/** The "Run isolated" switch; onChange gets the new setting. */
function isolatedSwitch(d, on, onChange) {
	const box = h('input', { type: 'checkbox', class: 'run-isolated', 'aria-describedby': `iso-hint-${d.id}` });
	box.checked = on;
	// A refused change puts the switch back.
	if (onChange) box.addEventListener('change', async () => { if (!(await onChange(box.checked))) box.checked = !box.checked; });
	return h('label', { class: 'inline' }, box, 'Run isolated',
		h('span', { class: 'muted', id: `iso-hint-${d.id}` },
			' (the driver in its own unprivileged process behind the IOMMU: a crash restarts it, not the machine)'));
}

/** Where the device sits and the hardware ID Windows knows it by: a PCI
 * slot, or a USB device's bus path (bus-port[.port...]) and VID/PID. */
function busFacts(d) {
	if (d.bus === 'usb') {
		return [
			h('dt', {}, 'Bus'), h('dd', { class: 'bus' }, 'USB, bus path ', h('code', {}, d.id)),
			h('dt', {}, 'Hardware ID'), h('dd', { class: 'hwid' }, h('code', {}, `USB\\VID_${hex(d.vendor)}&PID_${hex(d.device)}`),
				d.revision ? h('span', { class: 'muted' }, ` revision ${d.revision}`) : null),
		];
	}
	return [
		h('dt', {}, 'Bus'), h('dd', { class: 'bus' }, 'PCI'),
		h('dt', {}, 'Hardware ID'), h('dd', { class: 'hwid' }, h('code', {}, `PCI\\VEN_${hex(d.vendor)}&DEV_${hex(d.device)}`),
			d.subsys ? h('span', { class: 'muted' }, ` subsystem ${d.subsys}`) : null),
	];
}

function deviceCard(d, st) {
	const error = h('p', { class: 'error', role: 'alert', id: `err-${d.id}` });
	const note = h('p', { class: 'note', role: 'status', 'aria-live': 'polite' }, notes.get(d.id) || '');
	const matches = d.matches || [];
	const actions = h('div', { class: 'actions' });
	const iso = d.bound && d.isolated ? isolatedState(d, st) : null;
	const run = d.bound && !iso ? runState(d, st) : null;
	const card = h('article', { class: 'card', 'data-device': d.id, 'data-running': (run || iso || {}).state || 'stopped' },
		h('h2', {}, `${d.id}`),
		h('dl', { class: 'facts' },
			busFacts(d),
			h('dt', {}, 'Linux driver'), h('dd', { class: 'linux-driver' }, d.linux_driver || 'none'),
			h('dt', {}, 'Windows driver'), h('dd', { class: 'bound' }, d.bound ? h('strong', {}, d.bound) : 'not used'),
			run ? runFacts(run) : null, iso ? isolatedFacts(iso) : null),
		actions, note, error);

	if (d.bound) {
		const ctx = { card, error, note, d };
		if (iso) {
			// The host runs apart from the module: Restart starts it again with the current settings.
			const restart = h('button', { type: 'button' }, 'Restart ' + d.bound);
			restart.addEventListener('click', () => act(card, error, '/load', { driver: d.bound, reload: true }));
			actions.append(restart);
		} else if (run) {
			// Running: Restart (reload with the current settings) and Stop.
			const restart = h('button', { type: 'button' }, 'Restart ' + d.bound);
			restart.addEventListener('click', () => start(ctx, true));
			const stop = h('button', { type: 'button', class: 'secondary' }, 'Stop ' + d.bound);
			stop.addEventListener('click', () => stopDriver(ctx));
			actions.append(restart, stop);
			const i = run.iface;
			const v4 = ((i && i.addresses) || []).some((a) => !a.includes(':'));
			// Offered only where no network manager would fight over it.
			if (i && (!v4 || !run.up) && !i.managed_by) {
				const upBtn = h('button', { type: 'button' }, `Bring ${i.name} up` + (v4 ? '' : ' (DHCP)'));
				upBtn.addEventListener('click', () => bringUp(ctx, i.name, !v4));
				actions.append(upBtn);
			}
		} else {
			// Binding is configuration; loading pushes the driver into the module now.
			const startBtn = h('button', { type: 'button' }, 'Start ' + d.bound + ' now');
			startBtn.addEventListener('click', () => start(ctx, false));
			actions.append(startBtn);
		}
		const unbind = h('button', { type: 'button', class: 'secondary' }, 'Stop using ' + d.bound);
		unbind.addEventListener('click', () => act(card, error, '/devices/' + encodeURIComponent(d.id) + '/unbind'));
		const diagnose = h('button', { type: 'button', class: 'secondary' }, 'Diagnose');
		const report = h('div', { class: 'diagnosis', role: 'status', 'aria-live': 'polite' });
		diagnose.addEventListener('click', () => diagnoseDevice(diagnose, report, error, d));
		// Diagnose watches the module's device: not for a driver in ndisload-host.
		actions.append(...[unbind, iso ? null : diagnose, isPci(d) ? isolatedSwitch(d, !!iso, (on) =>
			act(card, error, '/devices/' + encodeURIComponent(d.id) + '/bind', { driver: d.bound, isolated: on })) : null]
			.filter(Boolean));
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
	const isolated = isPci(d) ? isolatedSwitch(d, false, null) : null;
	const use = h('button', { type: 'button' }, 'Use this driver');
	use.addEventListener('click', () => act(card, error, '/devices/' + encodeURIComponent(d.id) + '/bind', {
		driver: select.value,
		unbind_native: native ? native.querySelector('input').checked : false,
		...(isolated && isolated.querySelector('input').checked ? { isolated: true } : {}),
	}));
	// append() would print a missing element as the text "null".
	actions.append(...[h('label', { for: selId }, 'Windows driver to use'), select, native, isolated, use].filter(Boolean));
	return card;
}

function busy(card, on) {
	card.querySelectorAll('button').forEach((b) => { b.disabled = on; });
}

/** POSTs, then redraws; false (the error shown on the card) when refused. */
async function act(card, error, path, body) {
	showError(error, null);
	busy(card, true);
	try {
		await api('POST', path, body);
		await refresh();
		return true;
	} catch (e) {
		showError(error, e);
		busy(card, false);
		return false;
	}
}

const sleepMs = (ms) => new Promise((r) => setTimeout(r, ms));

/** Loads (or reloads) the device's driver; waits a little for its interface. */
async function start({ card, error, note, d }, reload) {
	showError(error, null);
	notes.delete(d.id);
	busy(card, true);
	note.textContent = reload ? `Restarting ${d.bound}…` : `Starting ${d.bound}…`;
	try {
		const r = await api('POST', '/load', { driver: d.bound, unbind_native: true, reload });
		const failed = (r.errors || []).filter((e) => e.driver === d.bound);
		if (failed.length) {
			note.textContent = '';
			showError(error, { message: failed[0].message, hint: failed[0].hint });
			busy(card, false);
			return;
		}
		// The interface appears when the driver's initialisation is done.
		let st = null;
		for (let i = 0; i < 10; i++) {
			st = await api('GET', '/status');
			const run = runState(d, st);
			if (run && (run.iface || run.state !== 'running')) break;
			await sleepMs(500);
		}
		const run = runState(d, st);
		notes.set(d.id, run ? `${d.bound} ${reload ? 'restarted' : 'started'}: ${run.state}` +
			(run.interface ? `, interface ${run.interface}` : '') : `${d.bound} was loaded, but the module serves no device at ${d.id}`);
		render(st);
	} catch (e) {
		note.textContent = '';
		showError(error, e);
		busy(card, false);
	}
}

async function stopDriver({ card, error, d }) {
	showError(error, null);
	busy(card, true);
	try {
		await api('POST', '/unload', { driver: d.bound });
		notes.set(d.id, `${d.bound} stopped`);
		await refresh();
	} catch (e) {
		showError(error, e);
		busy(card, false);
	}
}

/** Link up plus DHCP through the helper; the answer says what came of it. */
async function bringUp({ card, error, note, d }, ifname, dhcp) {
	showError(error, null);
	busy(card, true);
	note.textContent = `Bringing ${ifname} up` + (dhcp ? ' and asking for an address…' : '…');
	try {
		const r = await api('POST', '/interfaces/' + encodeURIComponent(ifname) + '/up', { dhcp });
		const v4 = (r.addresses || []).filter((a) => !a.includes(':'));
		notes.set(d.id, v4.length ? `${ifname} is up with address ${v4.join(', ')}` +
			(r.dhcp_client ? ` (from ${r.dhcp_client})` : '') : `${ifname} is up. ${r.note || ''}`);
		await refresh();
	} catch (e) {
		note.textContent = '';
		showError(error, e);
		busy(card, false);
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

/** Status has it all: devices, the module's view of them, interfaces. */
function render(st) {
	const list = st.devices || [];
	document.getElementById('devices').replaceChildren(...list.map((d) => deviceCard(d, st)));
	document.getElementById('no-devices').hidden = list.length > 0;
}

async function refresh() {
	try {
		render(await api('GET', '/status'));
	} catch (e) {
		showError(document.getElementById('page-error'), e);
	}
}

const first = await initPage();
if (first) render(first);
else await refresh();
