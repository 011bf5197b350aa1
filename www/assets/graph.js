// SPDX-License-Identifier: GPL-2.0-only
// Small inline SVG line charts for the Status page (no library: the pages
// work offline): a rolling history of samples and its chart.

const SVG = 'http://www.w3.org/2000/svg';
const W = 300;
const H = 80;

function el(tag, attrs, text) {
	const e = document.createElementNS(SVG, tag);
	for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
	if (text !== undefined) e.textContent = text;
	return e;
}

/** A rolling series of {t, values[]} samples covering at most spanMs. */
export class History {
	constructor(spanMs) {
		this.spanMs = spanMs;
		this.points = [];
	}

	add(t, values) {
		this.points.push({ t, values });
		while (this.points.length > 2 && t - this.points[0].t > this.spanMs) this.points.shift();
	}

	clear() { this.points = []; }
}

/**
 * Draws the series of h into svg: one line per series (colours and names
 * in lines), the y axis from min (or 0) to the largest value (at least
 * floor), the x axis the whole span ending now. fmt labels the top.
 */
export function drawChart(svg, h, lines, { floor = 1, min = 0, fmt = String, now = Date.now() } = {}) {
	const pts = h.points;
	let max = floor;
	for (const p of pts) for (const v of p.values) if (typeof v === 'number' && v > max) max = v;
	const x = (t) => (W * (1 - (now - t) / h.spanMs)).toFixed(1);
	const y = (v) => (H - 2 - ((H - 14) * (Math.max(v, min) - min)) / (max - min || 1)).toFixed(1);
	svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
	svg.setAttribute('preserveAspectRatio', 'none');
	svg.replaceChildren(
		el('rect', { x: 0, y: 0, width: W, height: H, class: 'chart-bg' }),
		el('line', { x1: 0, x2: W, y1: 12, y2: 12, class: 'chart-grid' }),
		el('text', { x: 4, y: 10, class: 'chart-label' }, fmt(max)),
		...lines.map((l, k) => el('polyline', {
			class: 'chart-line', stroke: l.colour,
			points: pts.filter((p) => typeof p.values[k] === 'number')
				.map((p) => `${x(p.t)},${y(p.values[k])}`).join(' '),
		})));
	svg.dataset.samples = String(pts.length);
}

/** "1.2 Mbit/s" for n bits per second. */
export function bitRate(n) {
	const units = ['bit/s', 'kbit/s', 'Mbit/s', 'Gbit/s'];
	let i = 0;
	while (n >= 1000 && i < units.length - 1) { n /= 1000; i++; }
	return (i ? n.toFixed(1) : Math.round(n)) + ' ' + units[i];
}
