// SPDX-License-Identifier: GPL-2.0-only
// The wireless page: pick a wireless interface, see its connection live,
// scan and join a network, edit its settings. The key goes to the server
// only when typed; the server never sends it back (only "key_set").
import { api, h, initPage, showError } from './app.js';

const $ = (id) => document.getElementById(id);
const securityLabel = {
	open: 'Open', wep: 'WEP', 'wpa2-psk': 'WPA2 Personal', 'wpa3-sae': 'WPA3 Personal',
};
let iface = null;
let current = null;		// the last wireless status of iface
let poller = null;

const base = () => '/interfaces/' + encodeURIComponent(iface) + '/wireless';

/** The wireless interfaces: those whose wireless status answers. */
async function wirelessInterfaces() {
	const r = await api('GET', '/interfaces');
	const names = [];
	for (const i of r.interfaces || []) {
		try {
			await api('GET', '/interfaces/' + encodeURIComponent(i.name) + '/wireless');
			names.push(i.name);
		} catch (e) {
			if (e.status !== 422 && e.status !== 400 && e.status !== 404) throw e;
		}
	}
	return names;
}

/**
 * Signal quality in percent from dBm, as Windows reports it
 * (WLAN_ASSOCIATION_ATTRIBUTES.wlanSignalQuality): 0 at -100 dBm,
 * 100 at -50 dBm and above, linear in between.
 */
function signalQuality(dbm) {
	return Math.max(0, Math.min(100, Math.round(2 * (dbm + 100))));
}

/** A bar drawn with CSS (the pages work offline), its figures beside it. */
function qualityBar(dbm) {
	if (typeof dbm !== 'number') return h('span', { class: 'muted' }, '—');
	const pct = signalQuality(dbm);
	const level = pct >= 60 ? 'good' : pct >= 30 ? 'fair' : 'weak';
	const fill = h('span', { class: 'quality-fill' });
	// Through the CSSOM: the CSP (style-src 'self') refuses style attributes.
	fill.style.width = pct + '%';
	const bar = h('span', {
		class: 'quality ' + level, role: 'meter', 'aria-valuemin': '0', 'aria-valuemax': '100',
		'aria-valuenow': String(pct), 'aria-label': `Signal quality ${pct} %`,
	}, fill);
	return h('span', { class: 'quality-cell' }, bar, ` ${pct} % `, h('span', { class: 'sub' }, `${dbm} dBm`));
}

function renderState(s) {
	const badge = $('state-badge');
	const text = $('state-text');
	badge.className = 'badge' + (s.state === 'connected' ? ' up' : s.state === 'disconnected' ? ' down' : '');
	badge.textContent = s.state;
	if (s.state === 'connected') {
		text.textContent = `to "${s.ssid}" on channel ${s.channel}` +
			(typeof s.signal_dbm === 'number' ? `, signal ${s.signal_dbm} dBm` : '') +
			(s.rate_mbps ? `, ${s.rate_mbps} Mbit/s` : '') +
			(s.ip_address ? `, address ${s.ip_address}` : '');
	} else if (s.state === 'connecting') {
		text.textContent = s.ssid ? `to "${s.ssid}"…` : '…';
	} else {
		text.textContent = s.profile ? `(profile: "${s.profile.ssid}")` : '(no network set)';
	}
	showError($('state-error'), s.last_error ? { message: 'Last attempt failed: ' + s.last_error } : null);
	$('disconnect-btn').disabled = s.state === 'disconnected';
	$('forget-btn').disabled = !s.profile;
}

/** Options the driver cannot do are disabled, with the reason shown. */
function renderCapabilities(caps) {
	const why = [];
	for (const opt of $('security').options) {
		const c = caps[opt.value] || { supported: false, reason: 'unknown to this driver' };
		opt.disabled = !c.supported;
		opt.textContent = securityLabel[opt.value] + (c.supported ? '' : ' — not available');
		if (!c.supported && c.reason) why.push(`${securityLabel[opt.value]}: ${c.reason}.`);
	}
	$('security-hint').textContent = why.join(' ');
}

function keyHint() {
	const sec = $('security').value;
	const stored = current && current.profile && current.profile.key_set &&
		current.profile.ssid === $('ssid').value && current.profile.security === sec;
	$('key').disabled = sec === 'open';
	$('key').placeholder = stored ? 'unchanged (stored)' : '';
	$('key-hint').textContent = sec === 'open' ? 'An open network takes no key.'
		: sec === 'wep' ? 'WEP: 5 or 13 characters, or 10 or 26 hex digits.'
		: sec === 'wpa2-psk' ? 'WPA2: 8 to 63 characters (or 64 hex digits).'
		: 'WPA3: 1 to 64 characters.';
}

function fillForm(p) {
	$('ssid').value = p ? p.ssid : '';
	if (p && !$('security').querySelector(`option[value="${p.security}"]`).disabled)
		$('security').value = p.security;
	$('key').value = '';
	$('hidden').checked = p ? p.hidden : false;
	$('country').value = p && p.country ? p.country : '';
	$('power-save').checked = p ? p.power_save : false;
	$('autoconnect').checked = p ? p.autoconnect : true;
	keyHint();
}

async function refreshState(firstTime) {
	try {
		current = await api('GET', base());
		renderState(current);
		if (firstTime) {
			renderCapabilities(current.capabilities || {});
			fillForm(current.profile);
		}
		showError($('page-error'), null);
	} catch (e) {
		showError($('page-error'), e);
	}
}

function join(net) {
	$('ssid').value = net.ssid;
	$('security').value = net.security;
	$('hidden').checked = false;
	$('key').value = '';
	keyHint();
	showError($('profile-error'), null);
	$('profile-ok').textContent = '';
	if (net.security === 'open') $('save-btn').focus();
	else $('key').focus();
}

function renderNetworks(nets) {
	const supported = (sec) => current && current.capabilities &&
		current.capabilities[sec] && current.capabilities[sec].supported;
	const rows = nets.map((n) => {
		const btn = h('button', { type: 'button', class: 'secondary', disabled: !supported(n.security) || n.hidden },
			'Join');
		btn.setAttribute('aria-label', `Join ${n.hidden ? 'hidden network' : n.ssid}`);
		btn.addEventListener('click', () => join(n));
		return h('tr', { 'data-ssid': n.ssid },
			h('td', {}, qualityBar(n.signal_dbm)),
			h('td', {}, n.hidden ? h('em', {}, '(hidden)') : n.ssid),
			h('td', {}, String(n.channel)),
			h('td', {}, securityLabel[n.security] || n.security),
			h('td', {}, btn));
	});
	$('networks').querySelector('tbody').replaceChildren(...rows);
	$('networks').hidden = nets.length === 0;
	$('scan-status').textContent = nets.length ? `${nets.length} networks` : 'No networks heard.';
}

async function scan() {
	$('scan-btn').disabled = true;
	$('scan-status').textContent = 'Scanning…';
	showError($('scan-error'), null);
	try {
		const r = await api('POST', base() + '/scan');
		renderNetworks(r.networks || []);
	} catch (e) {
		$('scan-status').textContent = '';
		showError($('scan-error'), e);
	} finally {
		$('scan-btn').disabled = false;
	}
}

async function save(ev) {
	ev.preventDefault();
	showError($('profile-error'), null);
	$('profile-ok').textContent = '';
	const body = {
		ssid: $('ssid').value,
		security: $('security').value,
		hidden: $('hidden').checked,
		country: $('country').value.trim().toUpperCase(),
		power_save: $('power-save').checked,
		autoconnect: $('autoconnect').checked,
	};
	if (!body.ssid) {
		$('ssid').setAttribute('aria-invalid', 'true');
		showError($('profile-error'), { message: 'Give the network name (SSID).' });
		$('ssid').focus();
		return;
	}
	$('ssid').removeAttribute('aria-invalid');
	if (body.security !== 'open' && $('key').value) body.key = $('key').value;
	$('save-btn').disabled = true;
	try {
		await api('PUT', base(), body);
		$('key').value = '';
		$('profile-ok').textContent = `Saved; joining "${body.ssid}"…`;
		await refreshState(false);
		current.profile && keyHint();
	} catch (e) {
		showError($('profile-error'), e);
	} finally {
		$('save-btn').disabled = false;
	}
}

async function act(path, method) {
	showError($('state-error'), null);
	try {
		await api(method, base() + path);
		await refreshState(false);
		if (method === 'DELETE') fillForm(null);
	} catch (e) {
		showError($('state-error'), e);
	}
}

async function pick(name) {
	iface = name;
	if (poller) clearInterval(poller);
	await refreshState(true);
	poller = setInterval(() => refreshState(false), 2000);
}

await initPage();
try {
	const names = await wirelessInterfaces();
	$('no-wireless').hidden = names.length > 0;
	$('wireless').hidden = names.length === 0;
	if (names.length) {
		const want = new URLSearchParams(location.search).get('if');
		$('iface').replaceChildren(...names.map((n) => h('option', { value: n, selected: n === want }, n)));
		$('iface').addEventListener('change', () => pick($('iface').value));
		$('security').addEventListener('change', keyHint);
		$('ssid').addEventListener('input', keyHint);
		$('scan-btn').addEventListener('click', scan);
		$('profile-form').addEventListener('submit', save);
		$('disconnect-btn').addEventListener('click', () => act('/disconnect', 'POST'));
		$('forget-btn').addEventListener('click', () => act('', 'DELETE'));
		await pick($('iface').value);
	}
} catch (e) {
	showError($('page-error'), e);
}
