// SPDX-License-Identifier: GPL-2.0-only
// The drivers page: upload a package (with progress and the list of files
// the .inf still needs), and the installed drivers with their details.
import { api, bytes, h, initPage, sessionInfo, showError, upload } from './app.js';

const form = document.getElementById('upload-form');
const picker = document.getElementById('package');
const progressBox = document.getElementById('upload-progress-box');
const progress = document.getElementById('upload-progress');
const percent = document.getElementById('upload-percent');
const uploadError = document.getElementById('upload-error');
const uploadOk = document.getElementById('upload-ok');
const missingBox = document.getElementById('missing-box');
const missingForm = document.getElementById('missing-form');
const missingPicker = document.getElementById('missing-files');
const missingError = document.getElementById('missing-error');
let staging = null;

function setProgress(fraction) {
	const p = Math.round(fraction * 100);
	progress.value = p;
	percent.textContent = p + ' %';
}

/** Sends files (plus the staging id of an incomplete upload) and shows the outcome. */
async function send(files, errorEl, input) {
	showError(errorEl, null);
	input.removeAttribute('aria-invalid');
	uploadOk.textContent = '';
	if (!files.length) {
		input.setAttribute('aria-invalid', 'true');
		errorEl.textContent = 'Choose the files to upload first.';
		input.focus();
		return;
	}
	// Refuse here what the server would refuse, before sending megabytes.
	const limits = (await sessionInfo()).limits || {};
	const total = files.reduce((n, f) => n + f.size, 0);
	if (limits.max_upload && total > limits.max_upload) {
		input.setAttribute('aria-invalid', 'true');
		errorEl.textContent = `These files add up to ${bytes(total)}; one upload takes at most ${bytes(limits.max_upload)}.`;
		return;
	}
	if (limits.max_files && files.length > limits.max_files) {
		input.setAttribute('aria-invalid', 'true');
		errorEl.textContent = `Choose at most ${limits.max_files} files at once; send the rest afterwards.`;
		return;
	}
	const fd = new FormData();
	for (const f of files) fd.append('file', f, f.name);
	if (staging) fd.append('staging', staging);
	progressBox.hidden = false;
	setProgress(0);
	const buttons = document.querySelectorAll('form button');
	buttons.forEach((b) => { b.disabled = true; });
	try {
		const { body } = await upload('/drivers', fd, setProgress);
		setProgress(1);
		if (body.state === 'incomplete') {
			staging = body.staging;
			showMissing(body.missing || [], body.have || []);
		} else {
			staging = null;
			missingBox.hidden = true;
			const d = body.driver || {};
			uploadOk.textContent = `Driver "${d.name}" is installed.`;
			form.reset();
			missingForm.reset();
			await loadDrivers();
		}
	} catch (e) {
		input.setAttribute('aria-invalid', 'true');
		showError(errorEl, e);
	} finally {
		buttons.forEach((b) => { b.disabled = false; });
	}
}

function showMissing(missing, have) {
	document.getElementById('missing-list').replaceChildren(
		...missing.map((n) => h('li', {}, h('code', {}, n))));
	document.getElementById('have-list').textContent = have.join(', ') || 'nothing';
	missingBox.hidden = false;
	missingPicker.focus();
}

form.addEventListener('submit', (ev) => {
	ev.preventDefault();
	staging = null;
	missingBox.hidden = true;
	send([...picker.files], uploadError, picker);
});
missingForm.addEventListener('submit', (ev) => {
	ev.preventDefault();
	send([...missingPicker.files], missingError, missingPicker);
});

function driverCard(d) {
	const error = h('p', { class: 'error', role: 'alert' });
	const check = d.check || {};
	const remove = h('button', { type: 'button', class: 'danger' }, 'Remove');
	remove.addEventListener('click', async () => {
		if (!confirm(`Remove the driver "${d.name}"?`)) return;
		showError(error, null);
		try {
			await api('DELETE', '/drivers/' + encodeURIComponent(d.name));
			await loadDrivers();
		} catch (e) {
			showError(error, e);
		}
	});
	return h('article', { class: 'card', 'data-driver': d.name },
		h('h3', {}, d.name),
		h('dl', { class: 'facts' },
			h('dt', {}, 'Provider'), h('dd', {}, d.provider || '—'),
			h('dt', {}, 'Version'), h('dd', {}, d.version || '—'),
			h('dt', {}, '.inf'), h('dd', {}, h('code', {}, d.inf || '—')),
			h('dt', {}, 'Devices it supports'), h('dd', {}, (d.device_ids || []).join(', ') || '—'),
			h('dt', {}, 'In use by'), h('dd', {}, (d.bound || []).join(', ') || 'no device'),
			h('dt', {}, 'Check'), h('dd', {}, check.verdict || '—',
				(check.missing_imports || []).length ? ` (missing: ${check.missing_imports.join(', ')})` : ''),
			h('dt', {}, 'Files'), h('dd', {}, h('ul', { class: 'files' },
				(d.files || []).map((f) => h('li', {}, h('code', {}, f.name), ' ', h('span', { class: 'muted' }, bytes(f.size))))))),
		h('div', { class: 'actions' },
			h('a', { class: 'button secondary', href: '/advanced.html?driver=' + encodeURIComponent(d.name) }, 'Settings'),
			remove),
		error);
}

async function loadDrivers() {
	const err = document.getElementById('list-error');
	try {
		const r = await api('GET', '/drivers');
		const list = r.drivers || [];
		document.getElementById('drivers').replaceChildren(...list.map(driverCard));
		document.getElementById('no-drivers').hidden = list.length > 0;
		showError(err, null);
	} catch (e) {
		showError(err, e);
	}
}

await initPage();
await loadDrivers();
