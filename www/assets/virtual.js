// SPDX-License-Identifier: GPL-2.0-only
// The Devices page's virtual adapters: for each installed root-enumerated
// driver (one whose .inf names no PCI or USB device), its adapters with
// interface, MAC and state, "Add virtual adapter" and "Remove" per
// instance (docs/api.md, "Virtual adapters"). Its own section and status
// fetch, beside devices.js.
import { api, h, showError } from './app.js';

function adapterRow(a, ctx) {
	const remove = h('button', { type: 'button', class: 'secondary' },
		a.up ? `Remove ${a.device} (its interface goes down)` : `Remove ${a.device}`);
	remove.addEventListener('click', () => act(ctx, 'DELETE',
		`/drivers/${encodeURIComponent(a.driver)}/virtual/${a.instance}` + (a.up ? '?force=true' : '')));
	return h('li', { 'data-instance': String(a.instance), 'data-state': a.state },
		h('strong', {}, a.device), ' ',
		a.interface ? h('code', { class: 'iface' }, a.interface) : h('span', { class: 'muted' }, 'no interface'), ' ',
		h('code', { class: 'mac' }, a.mac), ' ',
		h('span', { class: 'badge ' + (a.state === 'running' ? 'up' : 'down') }, a.state),
		a.error ? h('span', { class: 'error' }, ' ' + a.error) : null, ' ', remove);
}

function driverCard(d, adapters) {
	const error = h('p', { class: 'error', role: 'alert', id: `verr-${d.name}` });
	const note = h('p', { class: 'note', role: 'status', 'aria-live': 'polite' });
	const card = h('article', { class: 'card', 'data-virtual-driver': d.name });
	const ctx = { card, error, note };
	const add = h('button', { type: 'button', 'aria-describedby': error.id }, 'Add virtual adapter');
	add.addEventListener('click', () => act(ctx, 'POST', `/drivers/${encodeURIComponent(d.name)}/virtual`, { count: 1 },
		(r) => `Added ${(r.added || []).map((a) => a.device + (a.interface ? ` (${a.interface})` : '')).join(', ')}`));
	card.append(h('h3', {}, d.name),
		adapters.length ? h('ul', { class: 'virtual-adapters' }, adapters.map((a) => adapterRow(a, ctx)))
			: h('p', { class: 'muted' }, 'No adapter yet.'),
		h('div', { class: 'actions' }, add), note, error);
	return card;
}

async function act({ card, error, note }, method, path, body, said) {
	showError(error, null);
	note.textContent = method === 'POST' ? 'Starting the adapter…' : 'Removing the adapter…';
	card.querySelectorAll('button').forEach((b) => { b.disabled = true; });
	try {
		const r = await api(method, path, body);
		await refresh(said ? said(r) : null, card.dataset.virtualDriver);
	} catch (e) {
		note.textContent = '';
		showError(error, e);
		card.querySelectorAll('button').forEach((b) => { b.disabled = false; });
	}
}

function render(st, message, driver) {
	const drivers = (st.drivers || []).filter((d) => d.virtual);
	const all = st.virtual || [];
	document.getElementById('virtual-section').hidden = drivers.length === 0;
	document.getElementById('virtual').replaceChildren(...drivers.map((d) => {
		const card = driverCard(d, all.filter((a) => a.driver === d.name));
		if (message && d.name === driver) card.querySelector('.note').textContent = message;
		return card;
	}));
}

async function refresh(message, driver) {
	try {
		render(await api('GET', '/status'), message, driver);
	} catch (e) {
		showError(document.getElementById('page-error'), e);
	}
}

await refresh();
