// SPDX-License-Identifier: GPL-2.0-only
// The diagnostics page: download the helper's report, or preview it.
import { initPage, showError } from './app.js';

const errorEl = document.getElementById('diag-error');

async function fetchReport() {
	const res = await fetch('/api/v1/diagnostics', { credentials: 'same-origin' });
	if (!res.ok) {
		const body = await res.json().catch(() => null);
		const e = new Error((body && body.error && body.error.message) || `HTTP ${res.status}`);
		e.hint = body && body.error && body.error.hint;
		throw e;
	}
	const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') || '');
	return { blob: await res.blob(), name: name ? name[1] : 'ndisload-diagnostics.txt' };
}

document.getElementById('download').addEventListener('click', async (ev) => {
	ev.preventDefault();
	showError(errorEl, null);
	try {
		const { blob, name } = await fetchReport();
		const a = document.createElement('a');
		a.href = URL.createObjectURL(blob);
		a.download = name;
		document.body.append(a);
		a.click();
		a.remove();
		setTimeout(() => URL.revokeObjectURL(a.href), 10000);
	} catch (e) {
		showError(errorEl, e);
	}
});

document.getElementById('preview-btn').addEventListener('click', async () => {
	showError(errorEl, null);
	try {
		const { blob } = await fetchReport();
		const pre = document.getElementById('preview');
		pre.textContent = await blob.text();
		pre.hidden = false;
	} catch (e) {
		showError(errorEl, e);
	}
});

await initPage();
