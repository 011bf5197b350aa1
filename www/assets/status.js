// SPDX-License-Identifier: GPL-2.0-only
// The status page: module, summary, and interface state refreshed every 2 s.
import { api, bytes, h, initPage, showError } from './app.js';

const REFRESH_MS = 2000;

function facts(dl, rows) {
	dl.replaceChildren(...rows.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]));
}

function badge(up, yes, no) {
	return h('span', { class: 'badge ' + (up ? 'up' : 'down') }, up ? yes : no);
}

function renderStatus(s) {
	const m = s.module || {};
	facts(document.getElementById('module'), [
		['State', badge(m.loaded, 'loaded', 'not loaded')],
		['Version', m.version || '—'],
	]);
	const drivers = s.drivers || [];
	const devices = s.devices || [];
	facts(document.getElementById('summary'), [
		['Drivers installed', String(drivers.length)],
		['Network devices', String(devices.length)],
		['Devices using a Windows driver', String(devices.filter((d) => d.bound).length)],
	]);
}

function renderInterfaces(list) {
	const tbody = document.querySelector('#ifaces tbody');
	tbody.replaceChildren(...list.map((i) => {
		const st = i.stats || {};
		const up = i.state === 'up' && i.carrier !== false;
		return h('tr', {},
			h('th', { scope: 'row' }, i.name),
			h('td', {}, i.device || '—'),
			h('td', {}, i.driver || '—'),
			h('td', {}, badge(up, 'connected', i.state === 'up' ? 'no link' : (i.state || 'down'))),
			h('td', {}, h('code', {}, i.mac || '—')),
			h('td', {}, i.speed_mbps ? i.speed_mbps + ' Mb/s' : '—'),
			h('td', {}, `${st.rx_packets ?? 0} packets, ${bytes(st.rx_bytes ?? 0)}`),
			h('td', {}, `${st.tx_packets ?? 0} packets, ${bytes(st.tx_bytes ?? 0)}`),
			h('td', {}, String((st.rx_errors ?? 0) + (st.tx_errors ?? 0))));
	}));
	document.getElementById('no-ifaces').hidden = list.length > 0;
	document.getElementById('updated').textContent = 'Last update ' + new Date().toLocaleTimeString();
}

async function refresh() {
	const err = document.getElementById('ifaces-error');
	try {
		const r = await api('GET', '/interfaces');
		renderInterfaces(r.interfaces || []);
		showError(err, null);
	} catch (e) {
		showError(err, e);
	}
	schedule();
}

let timer = null;
function schedule() {
	clearTimeout(timer);
	if (!document.hidden) timer = setTimeout(refresh, REFRESH_MS);
}
document.addEventListener('visibilitychange', () => { if (!document.hidden) refresh(); });

const status = await initPage();
if (status) {
	renderStatus(status);
	renderInterfaces(status.interfaces || []);
}
schedule();
