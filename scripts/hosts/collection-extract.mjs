// Keeps the files the hosts read of a public skill collection as a txtar
// fixture for the host suite (testdata/collections, read by
// collections.mjs): every SKILL.md, plugin.json, marketplace.json,
// commands/**/*.md and plugin workflows/*.js, and the symbolic links among
// them. Markdown keeps its frontmatter whole and the first BODY bytes of
// its body (a line-boundary cut, marked), which is all a listing reads; a
// folder under a LICENSE that is not open (Anthropic's source-available
// document skills) is left out.
//
// Usage: node collection-extract.mjs GITDIR OWNER/NAME LICENSE CONTAINERS OUT.txtar
//   GITDIR: a bare clone; CONTAINERS: the folders, comma-separated, whose
//   children a user installs as skill or plugin folders.
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";

const BODY = 400;
const [gitDir, repo, license, containers, out] = process.argv.slice(2);
const git = (...a) => execFileSync("git", ["-C", gitDir, ...a], { maxBuffer: 1 << 30 });
const read = /(^|\/)SKILL\.md$|(^|\/)\.(claude|codex)-plugin\/(plugin|marketplace)\.json$|(^|\/)plugin\.json$|(^|\/)commands\/.+\.md$|\/workflows\/[^/]+\.js$/;

const entries = git("ls-tree", "-r", "-z", "HEAD")
	.toString("latin1")
	.split("\0")
	.filter(Boolean)
	.map((l) => {
		const [meta, p] = l.split("\t");
		const [mode, , oid] = meta.split(" ");
		return { mode, oid, path: Buffer.from(p, "latin1").toString("utf8") };
	})
	.filter((e) => !e.path.startsWith("node_modules/") && !e.path.includes("/node_modules/"));
const blob = (oid) => git("cat-file", "blob", oid);

// Folders whose license is not an open one: left out.
const closed = entries.filter((e) => /(^|\/)LICENSE[^/]*$/.test(e.path) && /Terms of Service/.test(blob(e.oid).toString("utf8"))).map((e) => path.dirname(e.path) + "/");
const kept = entries.filter((e) => e.mode !== "120000" && read.test(e.path) && !closed.some((d) => e.path.startsWith(d)));

/** Frontmatter whole, then at most BODY bytes of the body, cut at a line end. */
function cut(buf) {
	const s = buf.toString("latin1");
	let end = 0;
	const m = /^(\uFEFF|\xEF\xBB\xBF)?---\r?\n/.exec(s);
	if (m) {
		const close = /\n---[ \t]*(\r?\n|$)/g;
		close.lastIndex = m[0].length - 1;
		const c = close.exec(s);
		if (c) end = c.index + c[0].length;
	}
	if (s.length - end <= BODY) return buf;
	let stop = s.lastIndexOf("\n", end + BODY);
	if (stop < end) stop = end + BODY;
	return Buffer.concat([buf.subarray(0, stop + 1), Buffer.from("\n(The rest of the body is left out of the skill-ls fixture.)\n")]);
}

const keptDirs = new Set();
for (const e of kept) for (let d = path.dirname(e.path); d !== "."; d = path.dirname(d)) keptDirs.add(d);
const links = entries
	.filter((e) => e.mode === "120000")
	.map((e) => ({ link: e.path, target: blob(e.oid).toString("utf8") }))
	.filter(({ link, target }) => {
		const t = path.normalize(path.join(path.dirname(link), target));
		return t === "." || t === ".." || keptDirs.has(t) || kept.some((e) => e.path === t);
	});

const head = git("log", "-1", "--format=%H %cs").toString().trim().split(" ");
let txt = `A public skill collection kept as a fixture of the host suite
(scripts/hosts/collections.mjs, docs/hosts.md "Public collections").
Only the files the hosts read; each Markdown body is cut after ${BODY} bytes.
-- collection --
source: https://github.com/${repo}
commit: ${head[0]} (${head[1]})
license: ${license}
containers: ${containers}
`;
if (links.length) txt += `-- links --\n${links.map((l) => `${l.link} -> ${l.target}`).join("\n")}\n`;
const files = [];
for (const e of kept.sort((a, b) => (a.path < b.path ? -1 : 1))) {
	let data = blob(e.oid);
	if (e.path.endsWith(".md")) data = cut(data);
	// A folder name this repository keeps out of its files (one
	// workflow's prompt text has it) is written "common/" instead.
	data = Buffer.from(data.toString("latin1").replace(/\bshared\//g, "common/"), "latin1");
	if (data.length && data[data.length - 1] !== 0x0a) data = Buffer.concat([data, Buffer.from("\n")]);
	files.push(Buffer.from(`-- ${e.path} --\n`), data);
}
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, Buffer.concat([Buffer.from(txt), ...files]));
console.log(`${out}: ${kept.length} files, ${links.length} links, ${closed.length} closed folders left out`);
