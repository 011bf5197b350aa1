// SPDX-License-Identifier: GPL-2.0-only
// The Log page: the driver's log (GET /api/v1/log), filtered by driver and
// device, read on from the last cursor every few seconds while following.
import { api, h, initPage, showError } from './app.js';

const FOLLOW_MS = 2000;
const driverSel = document.getElementById('driver');
const deviceSel = document.getElementById('device');
const followBox = document.getElementById('follow');
const body = document.getElementById('entries');
const errorEl = document.getElementById('log-error');
const kernelNote = document.getElementById('kernel-note');
const emptyNote = document.getElementById('empty');
let cursor = null;
let timer = null;
let busy = false;

function addOption(sel, value, label) {
	if (!value || [...sel.options].some((o) => o.value === value)) return;
	sel.append(h('option', { value }, label || value));
}

/** "2026-12-03T18:40:01.123456Z" in the browser's time zone. */
function when(iso) {
	const d = new Date(iso);
	return isNaN(d) ? iso : d.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });
}

function row(e) {
	const dev = e.device ? e.device + (e.interface ? ' (' + e.interface + ')' : '') : '';
	return h('tr', { class: 'level-' + e.level },
		h('td', { title: e.time }, when(e.time)),
		h('td', {}, e.source === 'kernel' ? 'module' : 'helper'),
		h('td', {}, h('span', { class: 'badge' + (e.level === 'error' ? ' down' : '') }, e.level)),
		h('td', {}, e.driver || ''),
		h('td', {}, dev),
		h('td', { class: 'message' }, e.message));
}

function query() {
	const q = new URLSearchParams();
	if (driverSel.value) q.set('driver', driverSel.value);
	if (deviceSel.value) q.set('device', deviceSel.value);
	if (cursor) q.set('since', cursor);
	return q.toString();
}

async function load(fresh) {
	if (busy) return;
	busy = true;
	if (fresh) cursor = null;
	try {
		const r = await api('GET', '/log' + (query() ? '?' + query() : ''));
		if (fresh) body.replaceChildren();
		body.append(...r.entries.map(row));
		for (const e of r.entries) {
			addOption(driverSel, e.driver);
			addOption(deviceSel, e.device);
		}
		if (r.entries.length) body.lastElementChild.scrollIntoView({ block: 'nearest' });
		cursor = r.cursor;
		emptyNote.hidden = body.children.length > 0;
		kernelNote.textContent = r.kernel && !r.kernel.readable
			? 'The kernel log cannot be read (' + (r.kernel.error || 'unknown reason') +
			  '): only the helper\'s messages are shown.'
			: (fresh && r.truncated ? 'Older messages are not shown.' : '');
		showError(errorEl, null);
	} catch (e) {
		showError(errorEl, e);
	} finally {
		busy = false;
	}
}

function follow() {
	clearInterval(timer);
	timer = followBox.checked ? setInterval(() => load(false), FOLLOW_MS) : null;
}

function keepInUrl() {
	const q = new URLSearchParams();
	if (driverSel.value) q.set('driver', driverSel.value);
	if (deviceSel.value) q.set('device', deviceSel.value);
	history.replaceState(null, '', location.pathname + (q.toString() ? '?' + q : ''));
}

for (const sel of [driverSel, deviceSel])
	sel.addEventListener('change', () => { keepInUrl(); load(true); });
followBox.addEventListener('change', follow);
document.getElementById('refresh').addEventListener('click', () => load(true));

const status = await initPage();
if (status) {
	for (const d of status.drivers || []) addOption(driverSel, d.name);
	for (const d of (status.module && status.module.drivers) || []) addOption(driverSel, d.name);
	for (const d of status.devices || []) addOption(deviceSel, d.id, d.id + (d.bound ? ' (' + d.bound + ')' : ''));
}
const wanted = new URLSearchParams(location.search);
for (const [sel, key] of [[driverSel, 'driver'], [deviceSel, 'device']]) {
	const v = wanted.get(key);
	if (v) { addOption(sel, v); sel.value = v; }
}
await load(true);
follow();
