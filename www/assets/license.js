// SPDX-License-Identifier: GPL-2.0-only
// The license page: status, and entering a key (pasted or from a file).
import { api, h, initPage, showError } from './app.js';

const text = document.getElementById('license-text');
const file = document.getElementById('license-file');
const errorEl = document.getElementById('license-error');
const okEl = document.getElementById('license-ok');

/** The license status object (docs/licensing.md) as a list of facts. */
function show(s) {
	s = s || {};
	const lic = s.license || {};
	const rows = [
		['Status', s.summary || s.state],
		['License required', s.required === undefined ? null : (s.required ? 'yes' : 'no')],
		['Host ID', s.host_id ? h('code', {}, s.host_id) : null],
		['Trial', s.trial ? `${s.trial.days_left} of ${s.trial.days} days left (ends ${s.trial.ends})` : null],
		['Licensed to', lic.licensee ? `${lic.licensee} (serial ${lic.serial})` : null],
		['Product', lic.product ? `${lic.product}${lic.vendor ? ' from ' + lic.vendor : ''}` : null],
		['Expires', lic.licensee ? (lic.expires || 'never') : null],
		['Problem', s.problem ? s.problem.message : null],
		['Get a key from', s.contact || null],
	].filter(([, v]) => v !== null && v !== undefined && v !== '');
	document.getElementById('license').replaceChildren(...rows.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]));
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
