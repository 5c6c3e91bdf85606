// Lays out the public skill collections of testdata/collections (kept by
// collection-extract.mjs) as users install them, as txtar cases of the
// host suite: each child of a collection's containers (a skill or plugin
// folder) copied into a host folder, or linked there from a clone, or the
// whole repository as the project.
//
// Usage: node collections.mjs OUTDIR [--only COLL@LAYOUT,...|all]
//   Without --only, the cases of `suite` below: one per shape the hosts
//   treat differently, picked so the suite stays within its CI time.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, "../../testdata/collections");

/** Where each layout puts a container's child; "" for the whole repository. */
export const layouts = {
	claude: "project/.claude/skills",
	agents: "project/.agents/skills",
	"home-claude": "home/.claude/skills",
	"home-agents": "home/.agents/skills",
	"home-agents-linked": "home/.agents/skills",
	repo: "",
};

/**
 * The cases run in CI (collection@layout): each shape the hosts treat
 * differently once — plugin folders in ~/.claude/skills (trailofbits,
 * wshobson, claude-plugins-official), plugin commands, a repository that
 * is a plugin and links its roots (UiPath, superpowers), skills linked in
 * from a clone, nested bundles (awesome-copilot), 500+ skills (antigravity)
 * — and every layout at least twice. All 48 cases: --only with every
 * collection@layout (docs/hosts.md, "Public collections").
 */
export const suite = [
	"anthropics-skills@claude",
	"anthropics-skills@home-agents",
	"obra-superpowers@repo",
	"obra-superpowers@home-agents-linked",
	"trailofbits-skills@home-claude",
	"wshobson-agents@home-claude",
	"wshobson-agents@repo",
	"anthropics-claude-plugins-official@home-claude",
	"uipath-skills@repo",
	"uipath-skills@home-agents-linked",
	"sickn33-antigravity-awesome-skills@claude",
	"sickn33-antigravity-awesome-skills@home-agents",
	"github-awesome-copilot@agents",
	"github-awesome-copilot@repo",
];

/** Every collection@layout of testdata/collections. */
export function allCases() {
	const names = fs.readdirSync(fixtures).filter((f) => f.endsWith(".txtar")).map((f) => f.slice(0, -6));
	return names.flatMap((n) => Object.keys(layouts).map((l) => `${n}@${l}`));
}

/** Parses a txtar archive (latin1, so every byte stays one character). */
function parse(text) {
	const files = [];
	let cur = null;
	for (const line of text.split(/(?<=\n)/)) {
		const m = /^-- (.+) --\n?$/.exec(line);
		if (m) files.push((cur = { name: m[1], data: "" }));
		else if (cur) cur.data += line;
	}
	return files;
}

/** A collection's files, links and containers. */
export function readCollection(name) {
	const files = parse(fs.readFileSync(path.join(fixtures, `${name}.txtar`), "latin1"));
	const meta = Object.fromEntries(
		files
			.find((f) => f.name === "collection")
			.data.split("\n")
			.filter((l) => l.includes(": "))
			.map((l) => [l.slice(0, l.indexOf(": ")), l.slice(l.indexOf(": ") + 2)]),
	);
	const links = (files.find((f) => f.name === "links")?.data || "")
		.split("\n")
		.filter(Boolean)
		.map((l) => l.split(" -> "));
	return { name, containers: meta.containers.split(","), files: files.filter((f) => f.name !== "collection" && f.name !== "links"), links };
}

/** The txtar text of a collection laid out one way. */
export function layoutCase(coll, layout) {
	const out = [];
	const links = [];
	// A child name two containers share (awesome-copilot's skills/X and
	// plugins/X) is installed once: the first container's.
	const owner = new Map();
	for (const c of coll.containers) {
		for (const f of coll.files) {
			const child = f.name.startsWith(c + "/") && f.name.split("/").length > 2 ? f.name.split("/")[c.split("/").length] : "";
			if (child && !owner.has(child)) owner.set(child, c);
		}
	}
	const place = (p) => {
		for (const c of coll.containers) {
			if (!p.startsWith(c + "/") || p.split("/").length <= 2) continue;
			const rest = p.slice(c.length + 1);
			return owner.get(rest.split("/")[0]) === c ? `${layouts[layout]}/${rest}` : null;
		}
		return null;
	};
	if (layout === "repo") {
		for (const f of coll.files) out.push([`project/${f.name}`, f.data]);
		for (const [l, t] of coll.links) links.push(`project/${l} -> ${t}`);
	} else if (layout === "home-agents-linked") {
		// A clone elsewhere, each child linked into ~/.agents/skills.
		const children = new Set();
		for (const f of coll.files) {
			out.push([`src/${coll.name}/${f.name}`, f.data]);
			const p = place(f.name);
			if (p) children.add(p.split("/").slice(0, 4).join("/") + "\0" + f.name.split("/").slice(0, 2).join("/"));
		}
		for (const [l, t] of coll.links) links.push(`src/${coll.name}/${l} -> ${t}`);
		for (const c of [...children].sort()) {
			const [link, real] = c.split("\0");
			links.push(`${link} -> ../../../src/${coll.name}/${real}`);
		}
	} else {
		for (const f of coll.files) {
			const p = place(f.name);
			if (p) out.push([p, f.data]);
		}
		for (const [l, t] of coll.links) {
			const p = place(l);
			if (p) links.push(`${p} -> ${t}`);
		}
	}
	let txt = `${coll.name} laid out as ${layout} (generated by collections.mjs).\n`;
	if (links.length) txt += `-- links --\n${links.join("\n")}\n`;
	for (const [p, d] of out) txt += `-- ${p} --\n${d}`;
	return txt;
}

function main() {
	const args = process.argv.slice(2);
	const i = args.indexOf("--only");
	const pick = i < 0 ? "" : args.splice(i, 2)[1];
	const only = pick === "" ? suite : pick === "all" ? allCases() : pick.split(",");
	const outDir = args[0];
	fs.mkdirSync(outDir, { recursive: true });
	for (const id of only) {
		const [name, layout] = id.split("@");
		if (!(layout in layouts)) throw new Error(`no layout ${layout}`);
		fs.writeFileSync(path.join(outDir, `${name}@${layout}.txtar`), layoutCase(readCollection(name), layout), "latin1");
	}
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
