// SPDX-License-Identifier: GPL-2.0-only
// The Advanced page: a form generated from the driver's .inf parameter
// metadata (type, range, choices, default), with "reset to default"; then
// the driver's compatibility settings (automatic, on, off).
import { api, h, initPage, showError } from './app.js';

const picker = document.getElementById('driver');
const form = document.getElementById('params-form');
const box = document.getElementById('params');
const formError = document.getElementById('params-error');
const formOk = document.getElementById('params-ok');
const NUMERIC = new Set(['int', 'long', 'dword', 'word']);
let current = [];

function fieldId(p) { return 'p-' + p.name.replace(/[^A-Za-z0-9_-]/g, '_'); }

function control(p) {
	const id = fieldId(p);
	const value = p.value ?? '';
	const describedBy = `${id}-hint ${id}-error`;
	if (p.type === 'enum') {
		const options = (p.enum || []).map((o) => h('option', { value: o.value }, `${o.desc || o.value}`));
		if (p.optional) options.unshift(h('option', { value: '' }, '(not set)'));
		const sel = h('select', { id, name: p.name, 'aria-describedby': describedBy }, options);
		sel.value = value;
		return sel;
	}
	if (NUMERIC.has(p.type) && p.base === 16) {
		// Hex values are digits without 0x; the helper checks the range.
		return h('input', { id, name: p.name, type: 'text', value, pattern: '[0-9A-Fa-f]{1,16}',
			title: 'hexadecimal digits', required: !p.optional, disabled: p.read_only || null,
			'aria-describedby': describedBy });
	}
	if (NUMERIC.has(p.type)) {
		return h('input', { id, name: p.name, type: 'number', value, inputmode: 'numeric',
			min: p.min ?? null, max: p.max ?? null, step: p.step || 1,
			required: !p.optional, disabled: p.read_only || null, 'aria-describedby': describedBy });
	}
	return h('input', { id, name: p.name, type: 'text', value, required: false,
		maxlength: p.limit_text || null, disabled: p.read_only || null,
		autocapitalize: p.upper_case ? 'characters' : null, 'aria-describedby': describedBy });
}

function describeDefault(p) {
	if (p.default === null || p.default === undefined || p.default === '') return 'no default';
	if (p.type === 'enum') {
		const o = (p.enum || []).find((e) => e.value === p.default);
		return 'default: ' + (o ? `${o.desc} (${o.value})` : p.default);
	}
	return 'default: ' + p.default;
}

function paramRow(p) {
	const id = fieldId(p);
	const input = control(p);
	const reset = h('button', { type: 'button', class: 'secondary', 'data-reset': p.name, disabled: p.read_only || null }, 'Reset to default');
	reset.addEventListener('click', () => save({ [p.name]: null }));
	const range = NUMERIC.has(p.type) && (p.min !== undefined || p.max !== undefined)
		? `, from ${p.min ?? '…'} to ${p.max ?? '…'}${p.base === 16 ? ' (hexadecimal)' : ''}` : '';
	return h('div', { class: 'param', 'data-param': p.name },
		h('label', { for: id }, p.desc || p.name, ' ', h('span', { class: 'muted' }, `(${p.name})`)),
		h('div', { class: 'row' }, input, reset),
		h('p', { class: 'hint', id: `${id}-hint` }, `${p.type}${range}; ${describeDefault(p)}${p.optional ? '; optional' : ''}`),
		h('p', { class: 'error', id: `${id}-error`, role: 'alert' }));
}

function render(params) {
	current = params;
	box.replaceChildren(...params.map(paramRow));
	if (!params.length) box.append(h('p', { class: 'muted' }, 'This driver has no settings.'));
	document.getElementById('save-btn').hidden = !params.length;
}

function clearErrors() {
	showError(formError, null);
	formOk.textContent = '';
	box.querySelectorAll('.param .error').forEach((e) => { e.textContent = ''; });
	box.querySelectorAll('[aria-invalid]').forEach((e) => e.removeAttribute('aria-invalid'));
}

/** Puts an error next to the parameter it names, or under the form. */
function placeError(err) {
	const named = current.find((p) => err.message.includes(`"${p.name}"`) || err.message.includes(` ${p.name} `) ||
		err.message.startsWith(p.name + ' ') || err.message.startsWith(p.name + ':'));
	if (named) {
		const id = fieldId(named);
		document.getElementById(id).setAttribute('aria-invalid', 'true');
		showError(document.getElementById(`${id}-error`), err);
		document.getElementById(id).focus();
	} else {
		showError(formError, err);
	}
}

async function save(values) {
	clearErrors();
	try {
		const r = await api('PUT', `/drivers/${encodeURIComponent(picker.value)}/params`, { values });
		render(r.params || []);
		formOk.textContent = 'Saved.';
	} catch (e) {
		placeError(e);
	}
}

form.addEventListener('submit', (ev) => {
	ev.preventDefault();
	clearErrors();
	const values = {};
	let bad = null;
	for (const p of current) {
		const el = document.getElementById(fieldId(p));
		if (!el.checkValidity()) {
			el.setAttribute('aria-invalid', 'true');
			document.getElementById(`${fieldId(p)}-error`).textContent = el.validationMessage;
			bad = bad || el;
			continue;
		}
		if (p.read_only) continue;
		const v = p.upper_case ? el.value.toUpperCase() : el.value;
		if (v !== String(p.value ?? '')) values[p.name] = v === '' && p.optional ? null : v;
	}
	if (bad) { bad.focus(); return; }
	if (!Object.keys(values).length) { formOk.textContent = 'Nothing changed.'; return; }
	save(values);
});

async function load() {
	clearErrors();
	if (!picker.value) { render([]); return; }
	history.replaceState(null, '', '?driver=' + encodeURIComponent(picker.value));
	try {
		const r = await api('GET', `/drivers/${encodeURIComponent(picker.value)}/params`);
		render(r.params || []);
	} catch (e) {
		box.replaceChildren();
		showError(formError, e);
	}
}

// ---- compatibility settings (GET/PUT /drivers/{name}/compat) ----
const compatForm = document.getElementById('compat-form');
const compatBox = document.getElementById('compat');
const compatError = document.getElementById('compat-error');
const compatOk = document.getElementById('compat-ok');
const MODES = [['auto', 'Automatic'], ['on', 'On'], ['off', 'Off']];

function compatRow(s, devices) {
	const id = 'c-' + s.name;
	const sel = h('select', { id, name: s.name, 'aria-describedby': `${id}-hint` },
		MODES.map(([v, t]) => h('option', { value: v }, v === 'auto' ? `${t} (${s.automatic})` : t)));
	sel.value = s.value;
	const now = devices.map((d) => `${d.device}: ${d[s.name] ? 'on' : 'off'}`).join(', ');
	return h('div', { class: 'param', 'data-compat': s.name },
		h('label', { for: id }, s.title, ' ', h('span', { class: 'muted' }, `(${s.name})`)),
		h('div', { class: 'row' }, sel),
		h('p', { class: 'hint', id: `${id}-hint` }, `Cures: ${s.cures}`, now ? ` In force now: ${now}.` : ''));
}

function renderCompat(r) {
	compatBox.replaceChildren(...(r.settings || []).map((s) => compatRow(s, r.devices || [])));
	compatForm.hidden = !picker.value;
}

async function loadCompat() {
	showError(compatError, null);
	compatOk.textContent = '';
	if (!picker.value) { compatForm.hidden = true; return; }
	try {
		renderCompat(await api('GET', `/drivers/${encodeURIComponent(picker.value)}/compat`));
	} catch (e) {
		compatBox.replaceChildren();
		showError(compatError, e);
	}
}

compatForm.addEventListener('submit', async (ev) => {
	ev.preventDefault();
	showError(compatError, null);
	compatOk.textContent = '';
	const values = {};
	compatBox.querySelectorAll('select').forEach((s) => { values[s.name] = s.value; });
	try {
		const r = await api('PUT', `/drivers/${encodeURIComponent(picker.value)}/compat`, { values });
		renderCompat(r);
		compatOk.textContent = r.reload_needed ? 'Saved. Load the driver again to apply it.' : 'Saved.';
	} catch (e) {
		showError(compatError, e);
	}
});

picker.addEventListener('change', load);
picker.addEventListener('change', loadCompat);

await initPage();
try {
	const r = await api('GET', '/drivers');
	const names = (r.drivers || []).map((d) => d.name);
	picker.replaceChildren(...names.map((n) => h('option', { value: n }, n)));
	const wanted = new URLSearchParams(location.search).get('driver');
	if (wanted && names.includes(wanted)) picker.value = wanted;
	if (!names.length) box.replaceChildren(h('p', { class: 'muted' }, 'No driver is installed yet.'));
	else await Promise.all([load(), loadCompat()]);
	if (!names.length) compatForm.hidden = true;
} catch (e) {
	showError(document.getElementById('page-error'), e);
}
