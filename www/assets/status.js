// SPDX-License-Identifier: GPL-2.0-only
// The status page: module, summary, and interface state refreshed every 2 s,
// with live graphs per interface: throughput from the real byte counters
// and, for wireless interfaces, signal and bitrate (GET .../wireless).
import { api, bytes, h, initPage, showError } from './app.js';
import { bitRate, drawChart, History } from './graph.js';

const REFRESH_MS = 2000;
const SPAN_MS = 5 * 60 * 1000;	// the graphs show the last five minutes
const RX = '#1f5f99';
const TX = '#e39b17';

/** Per interface: last counters, throughput and wireless histories, its figure. */
const graphs = new Map();

function graphFigure(name, wireless) {
	const svg = (label, kind) => {
		const s = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
		s.setAttribute('class', 'chart ' + kind);
		s.setAttribute('role', 'img');
		s.setAttribute('aria-label', label);
		return s;
	};
	const g = {
		traffic: new History(SPAN_MS), radio: new History(SPAN_MS), last: null,
		svg: svg(`Throughput of ${name}`, 'traffic'), now: h('p', { class: 'chart-now traffic-now' }),
		radioSvg: wireless ? svg(`Signal of ${name}`, 'radio') : null,
		radioNow: wireless ? h('p', { class: 'chart-now radio-now' }) : null,
	};
	g.figure = h('figure', { class: 'graph', 'data-iface': name },
		h('figcaption', {}, h('strong', {}, name), ' ',
			h('span', { class: 'key', 'data-colour': 'rx' }, 'received'), ' ',
			h('span', { class: 'key', 'data-colour': 'tx' }, 'sent')),
		g.svg, g.now,
		wireless ? [h('p', { class: 'hint' }, 'Signal (dBm)'), g.radioSvg, g.radioNow] : null);
	return g;
}

/** Adds one sample of counters (bytes) for interface i; draws its charts. */
function feedTraffic(g, i, t) {
	const st = i.stats || {};
	const rx = st.rx_bytes, tx = st.tx_bytes;
	if (typeof rx !== 'number' || typeof tx !== 'number') return;
	// Counters start again when the driver restarts: so does the graph.
	if (g.last && (rx < g.last.rx || tx < g.last.tx)) { g.traffic.clear(); g.last = null; }
	if (g.last && t > g.last.t) {
		const s = (t - g.last.t) / 1000;
		const rate = [((rx - g.last.rx) * 8) / s, ((tx - g.last.tx) * 8) / s];
		g.traffic.add(t, rate);
		g.svg.dataset.rx = String(Math.round(rate[0]));
		g.svg.dataset.tx = String(Math.round(rate[1]));
		g.now.textContent = `now: received ${bitRate(rate[0])}, sent ${bitRate(rate[1])}`;
	} else if (!g.last) {
		g.now.textContent = 'collecting…';
	}
	g.last = { t, rx, tx };
	drawChart(g.svg, g.traffic, [{ colour: RX }, { colour: TX }], { floor: 8000, fmt: bitRate, now: t });
}

async function feedRadio(g, name, t) {
	try {
		const w = await api('GET', '/interfaces/' + encodeURIComponent(name) + '/wireless');
		const sig = typeof w.signal_dbm === 'number' ? w.signal_dbm : null;
		const rate = typeof w.rate_mbps === 'number' ? w.rate_mbps : null;
		g.radio.add(t, [sig]);
		drawChart(g.radioSvg, g.radio, [{ colour: RX }], { floor: -30, min: -100, fmt: (v) => v + ' dBm', now: t });
		g.radioNow.textContent = w.state === 'connected' || sig !== null
			? `signal ${sig ?? '—'} dBm, bitrate ${rate !== null ? rate + ' Mb/s' : '—'}`
			: `not connected (${w.state || 'unknown'})`;
	} catch (e) {
		g.radioNow.textContent = e.message;
	}
}

function renderGraphs(list) {
	const t = Date.now();
	const names = new Set(list.map((i) => i.name));
	for (const n of [...graphs.keys()]) if (!names.has(n)) graphs.delete(n);
	for (const i of list) {
		let g = graphs.get(i.name);
		if (!g) { g = graphFigure(i.name, i.wireless); graphs.set(i.name, g); }
		feedTraffic(g, i, t);
		if (g.radioSvg) feedRadio(g, i.name, t);
	}
	document.getElementById('graphs').replaceChildren(...[...graphs.values()].map((g) => g.figure));
	document.getElementById('no-graphs').hidden = graphs.size > 0;
}

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
		// Two lines per cell (the second in small print) keep the table
		// inside the page's width instead of scrolling sideways.
		return h('tr', {},
			h('th', { scope: 'row' }, i.name, h('code', { class: 'sub' }, i.mac || '—')),
			h('td', {}, i.device || '—', h('span', { class: 'sub' }, i.driver || '—')),
			h('td', {}, badge(up, 'connected', i.state === 'up' ? 'no link' : (i.state || 'down'))),
			h('td', {}, (i.addresses || []).length ? i.addresses.join(', ') : '—'),
			h('td', { class: 'nowrap' }, i.speed_mbps ? i.speed_mbps + ' Mb/s' : '—'),
			h('td', {}, bytes(st.rx_bytes ?? 0), h('span', { class: 'sub' }, `${st.rx_packets ?? 0} packets`)),
			h('td', {}, bytes(st.tx_bytes ?? 0), h('span', { class: 'sub' }, `${st.tx_packets ?? 0} packets`)),
			h('td', {}, String((st.rx_errors ?? 0) + (st.tx_errors ?? 0))));
	}));
	document.getElementById('no-ifaces').hidden = list.length > 0;
	renderGraphs(list);
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
// Right after login, while no device uses a Windows driver, the setup
// assistant is the page a newcomer needs (login.js sets the flag).
const afterLogin = sessionStorage.getItem('ndl-after-login');
sessionStorage.removeItem('ndl-after-login');
if (afterLogin && status && !(status.devices || []).some((d) => d.bound)) location.replace('/setup.html');
const done = sessionStorage.getItem('ndl-setup-done');
sessionStorage.removeItem('ndl-setup-done');
if (done) {
	const note = document.getElementById('setup-done');
	note.textContent = done;
	note.hidden = false;
}
if (status) {
	renderStatus(status);
	renderInterfaces(status.interfaces || []);
}
schedule();
