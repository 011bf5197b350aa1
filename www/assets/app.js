// SPDX-License-Identifier: GPL-2.0-only
// Shared code of every page: the API client (session cookie + CSRF token),
// the page header (brand, navigation, logout) and inline error display.

let session = null;

/** An API error: the HTTP status plus the server's {code, message, hint}. */
export class ApiError extends Error {
	constructor(status, body) {
		const e = (body && body.error) || {};
		super(e.message || `request failed (HTTP ${status})`);
		this.status = status;
		this.code = e.code || 'http_' + status;
		this.hint = e.hint || '';
	}
}

function toLogin() {
	const next = location.pathname + location.search;
	location.assign('/login.html?next=' + encodeURIComponent(next));
}

async function parse(res) {
	const type = res.headers.get('Content-Type') || '';
	const body = type.startsWith('application/json') ? await res.json().catch(() => null) : null;
	if (res.status === 401) {
		toLogin();
		throw new ApiError(401, body);
	}
	if (!res.ok) throw new ApiError(res.status, body);
	return body;
}

/** This session: {method, csrf, limits: {max_upload, max_files}} (fetched once per page). */
export async function sessionInfo() {
	if (!session) session = await parse(await fetch('/api/v1/session', { credentials: 'same-origin' }));
	return session;
}

/** The CSRF token of this session. */
export async function csrf() {
	return (await sessionInfo()).csrf;
}

/** Calls the API: JSON in (body object), JSON out. Throws ApiError. */
export async function api(method, path, body) {
	const headers = {};
	const init = { method, headers, credentials: 'same-origin' };
	if (method !== 'GET') headers['X-CSRF-Token'] = await csrf();
	if (body !== undefined) {
		headers['Content-Type'] = 'application/json';
		init.body = JSON.stringify(body);
	}
	return parse(await fetch('/api/v1' + path, init));
}

/**
 * Uploads a FormData with XMLHttpRequest (fetch has no upload progress);
 * onProgress(fraction) follows the bytes sent. Resolves {status, body}.
 */
export async function upload(path, form, onProgress) {
	const token = await csrf();
	return new Promise((resolve, reject) => {
		const xhr = new XMLHttpRequest();
		xhr.open('POST', '/api/v1' + path);
		xhr.setRequestHeader('X-CSRF-Token', token);
		xhr.responseType = 'json';
		xhr.upload.addEventListener('progress', (e) => {
			if (e.lengthComputable) onProgress(e.loaded / e.total);
		});
		xhr.addEventListener('load', () => {
			if (xhr.status === 401) { toLogin(); return; }
			if (xhr.status >= 200 && xhr.status < 300) resolve({ status: xhr.status, body: xhr.response });
			else reject(new ApiError(xhr.status, xhr.response));
		});
		xhr.addEventListener('error', () => reject(new ApiError(0, { error: {
			code: 'network', message: 'the connection to the configurator broke off' } })));
		xhr.send(form);
	});
}

/** Shows err (ApiError or Error) in the element el, next to its cause. */
export function showError(el, err) {
	if (!el) return;
	el.textContent = err ? err.message + (err.hint ? ' — ' + err.hint : '') : '';
}

/** Creates an element: h('td', {class: 'x'}, 'text', child, ...). */
export function h(tag, attrs, ...children) {
	const el = document.createElement(tag);
	for (const [k, v] of Object.entries(attrs || {})) {
		if (v === false || v === null || v === undefined) continue;
		if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
		else if (v === true) el.setAttribute(k, '');
		else el.setAttribute(k, v);
	}
	for (const c of children.flat()) {
		if (c === null || c === undefined || c === false) continue;
		el.append(c instanceof Node ? c : document.createTextNode(String(c)));
	}
	return el;
}

const colour = /^#[0-9a-fA-F]{6}$/;

/** Applies a vendor brand (status "brand" object): name, logo, colours. */
export function applyBrand(brand) {
	if (!brand || typeof brand !== 'object') return;
	const name = typeof brand.product === 'string' && brand.product ? brand.product : null;
	if (name) {
		document.querySelectorAll('[data-brand-name]').forEach((el) => { el.textContent = name; });
		document.title = document.title.replace(/^ndisload/, name);
	}
	if (brand.logo === 'logo.svg' || brand.logo === 'logo.png') {
		document.querySelectorAll('[data-brand-logo]').forEach((img) => {
			img.src = '/brand/' + brand.logo;
			img.alt = name ? name + ' logo' : 'logo';
		});
	}
	const colours = brand.colors || {};
	for (const k of ['primary', 'accent', 'background', 'text']) {
		if (typeof colours[k] === 'string' && colour.test(colours[k]))
			document.documentElement.style.setProperty('--' + k, colours[k]);
	}
}

const pages = [
	['/', 'Status'],
	['/setup.html', 'Set up'],
	['/drivers.html', 'Drivers'],
	['/devices.html', 'Devices'],
	['/wireless.html', 'Wireless'],
	['/advanced.html', 'Advanced'],
	['/license.html', 'License'],
	['/log.html', 'Log'],
	['/diagnostics.html', 'Diagnostics'],
];

/** The brand mark (logo + name) used in the header and on the login page. */
export function brandMark() {
	return h('span', { class: 'brand' },
		h('img', { src: '/assets/logo.svg', alt: '', 'data-brand-logo': true, width: 32, height: 32 }),
		h('span', { 'data-brand-name': true }, 'ndisload'));
}

function renderHeader() {
	const top = document.getElementById('top');
	if (!top) return;
	const here = location.pathname === '/index.html' ? '/' : location.pathname;
	const logout = h('button', { type: 'button', class: 'logout', id: 'logout' }, 'Log out');
	logout.addEventListener('click', async () => {
		try { await api('DELETE', '/session'); } catch (e) { /* logged out anyway */ }
		location.assign('/login.html');
	});
	top.replaceChildren(brandMark(),
		h('nav', { 'aria-label': 'Main' }, h('ul', {}, pages.map(([href, label]) =>
			h('li', {}, h('a', { href, 'aria-current': href === here ? 'page' : null }, label))))),
		logout);
}

/** Page start-up: header, brand from /api/v1/status. Returns the status. */
export async function initPage() {
	renderHeader();
	try {
		const status = await api('GET', '/status');
		applyBrand(status.brand);
		return status;
	} catch (e) {
		showError(document.getElementById('page-error'), e);
		return null;
	}
}

/** "1.2 MB" for n bytes. */
export function bytes(n) {
	if (typeof n !== 'number') return '';
	const units = ['B', 'KB', 'MB', 'GB', 'TB'];
	let i = 0;
	while (n >= 1000 && i < units.length - 1) { n /= 1000; i++; }
	return (i ? n.toFixed(1) : n) + ' ' + units[i];
}
