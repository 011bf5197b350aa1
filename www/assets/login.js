// SPDX-License-Identifier: GPL-2.0-only
// The login page: exchanges the access token for a session cookie.
import { applyBrand, brandMark, showError } from './app.js';

const form = document.getElementById('login-form');
const input = document.getElementById('token');
const errorEl = document.getElementById('login-error');

document.getElementById('top').replaceChildren(brandMark());
fetch('/api/v1/brand').then((r) => (r.ok ? r.json() : null)).then((b) => b && applyBrand(b.brand))
	.catch(() => { /* the plain look is fine */ });

/** Only same-site paths: never redirect to another origin after login. */
function nextPage() {
	const next = new URLSearchParams(location.search).get('next') || '/';
	return /^\/(?!\/)[A-Za-z0-9._\-/?=&%]*$/.test(next) ? next : '/';
}

form.addEventListener('submit', async (ev) => {
	ev.preventDefault();
	showError(errorEl, null);
	input.removeAttribute('aria-invalid');
	const token = input.value.trim();
	if (!token) {
		input.setAttribute('aria-invalid', 'true');
		errorEl.textContent = 'Enter the access token.';
		input.focus();
		return;
	}
	const button = document.getElementById('login-btn');
	button.disabled = true;
	try {
		const res = await fetch('/api/v1/session', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ token }),
			credentials: 'same-origin',
		});
		if (res.ok) {
			if (nextPage() === '/') sessionStorage.setItem('ndl-after-login', '1');	/* status.js */
			location.assign(nextPage());
			return;
		}
		const body = await res.json().catch(() => null);
		const message = (body && body.error && body.error.message) || `login failed (HTTP ${res.status})`;
		input.setAttribute('aria-invalid', 'true');
		errorEl.textContent = res.status === 401 ? 'Wrong token. ' + message : message;
		input.focus();
	} catch (e) {
		errorEl.textContent = 'Cannot reach the configurator: ' + e.message;
	} finally {
		button.disabled = false;
	}
});
