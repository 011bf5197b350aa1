// SPDX-License-Identifier: GPL-2.0-only
// The license page: status, and entering a key (pasted or from a file).
import { api, h, initPage, showError } from './app.js';

const text = document.getElementById('license-text');
const file = document.getElementById('license-file');
const errorEl = document.getElementById('license-error');
const okEl = document.getElementById('license-ok');

const LABELS = {
	required: 'License required', state: 'State', licensee: 'Licensed to', product: 'Product',
	expires: 'Expires', trial_days_left: 'Trial days left', message: 'Details',
};

function show(status) {
	const rows = [];
	for (const [k, v] of Object.entries(status || {})) {
		if (v === null || typeof v === 'object') continue;
		rows.push(h('dt', {}, LABELS[k] || k.replace(/_/g, ' ')), h('dd', {}, typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v)));
	}
	document.getElementById('license').replaceChildren(...rows);
}

file.addEventListener('change', async () => {
	const f = file.files[0];
	if (!f) return;
	if (f.size > 60000) {
		errorEl.textContent = 'That file is too large to be a license key.';
		return;
	}
	text.value = await f.text();
});

document.getElementById('license-form').addEventListener('submit', async (ev) => {
	ev.preventDefault();
	showError(errorEl, null);
	okEl.textContent = '';
	text.removeAttribute('aria-invalid');
	if (!text.value.trim()) {
		text.setAttribute('aria-invalid', 'true');
		errorEl.textContent = 'Paste the license key or choose its file.';
		text.focus();
		return;
	}
	try {
		show(await api('PUT', '/license', { text: text.value }));
		okEl.textContent = 'License installed.';
	} catch (e) {
		text.setAttribute('aria-invalid', 'true');
		showError(errorEl, e);
	}
});

await initPage();
try {
	show(await api('GET', '/license'));
} catch (e) {
	showError(document.getElementById('page-error'), e);
}
