// How far a host's listing and skill-ls's agree, line by line: the lines
// both have (counted with repeats) over the longer of the two. run.mjs
// prints it per host and per layout for the public collections
// (collections.mjs), the figure docs/hosts.md gives.
//
// Usage: node agreement.mjs OUTDIR   (a suite's kept --out folder)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** [lines both have, lines of the longer] for two texts. */
export function agreement(want, got) {
	const lines = (t) => (t ? t.split("\n") : []);
	const w = lines(want), g = lines(got);
	const count = new Map();
	for (const l of g) count.set(l, (count.get(l) || 0) + 1);
	let same = 0;
	for (const l of w) {
		const n = count.get(l) || 0;
		if (n > 0) {
			same++;
			count.set(l, n - 1);
		}
	}
	return [same, Math.max(w.length, g.length)];
}

/** Adds one comparison to a table keyed by host and layout. */
export function tally(table, host, layout, want, got) {
	const [same, total] = agreement(want, got);
	const row = (table[host] ||= {});
	const cell = (row[layout] ||= { same: 0, total: 0, runs: 0, equal: 0 });
	cell.same += same;
	cell.total += total;
	cell.runs++;
	if (want === got) cell.equal++;
}

/** The table as text: per host, each layout's lines agreeing and runs identical. */
export function formatTable(table) {
	const layouts = [...new Set(Object.values(table).flatMap((r) => Object.keys(r)))].sort();
	const pct = (c) => (c.total ? ((100 * c.same) / c.total).toFixed(1) : "100.0");
	const out = [`${"host".padEnd(20)}${layouts.map((l) => l.padEnd(20)).join("")}all`];
	for (const [host, row] of Object.entries(table)) {
		const all = { same: 0, total: 0, runs: 0, equal: 0 };
		const cells = layouts.map((l) => {
			const c = row[l];
			if (!c) return "-".padEnd(20);
			for (const k of Object.keys(all)) all[k] += c[k];
			return `${pct(c)}% ${c.equal}/${c.runs}`.padEnd(20);
		});
		out.push(`${host.padEnd(20)}${cells.join("")}${pct(all)}% (${all.same}/${all.total} lines, ${all.equal}/${all.runs} runs)`);
	}
	return out.join("\n");
}

function main() {
	const dir = process.argv[2];
	const table = {};
	for (const d of fs.readdirSync(dir)) {
		const m = /^(claude|codex|gemini|opencode|copilot-cli)-(.+)@([a-z-]+)-[^-]+$/.exec(d);
		if (!m || !fs.existsSync(path.join(dir, d, "skill-ls.txt"))) continue;
		const read = (f) => fs.readFileSync(path.join(dir, d, f), "utf8");
		tally(table, m[1], m[3], read("host.txt"), read("skill-ls.txt"));
		if (fs.existsSync(path.join(dir, d, "host-catalog.txt"))) tally(table, `${m[1]}-catalog`, m[3], read("host-catalog.txt"), read("skill-ls-catalog.txt"));
	}
	console.log(formatTable(table));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
