// The host suite: runs each installed host release over every case (a
// txtar tree: project/, home/, and the hosts/cwd/env/window/links sections
// of skills/hosts/testdata; a "suite" section names the hosts the case is
// for, all when absent) and compares what the host's model receives
// with `skill-ls render catalog --host`. Must run inside a network
// namespace of its own (run.sh starts it: unshare -n, loopback only).
//
// Usage: node run.mjs --skill-ls BIN --releases FILE --out DIR CASE.txtar...
//   --releases: install.sh's output ("<id> <version> <folder>" lines)
//   --hosts claude,codex: only these hosts
// Exit status 1 when a difference is not in known-differences.txt.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { binary, runClaude, runCodex, runGemini, runOpenCode, runOpenCodePrompt } from "./hostrun.mjs";
import { commandFolders, copilotBinary, copilotCliLoads, runCopilotCli, runCopilotCliPrompt } from "./copilot-cli.mjs";
import { formatTable, tally } from "./agreement.mjs";

const here = path.dirname(new URL(import.meta.url).pathname);
const args = process.argv.slice(2);
const opt = (k) => {
	const i = args.indexOf(k);
	return i < 0 ? "" : args.splice(i, 2)[1];
};
const skillLs = opt("--skill-ls");
const releasesFile = opt("--releases");
const out = opt("--out");
const only = opt("--hosts");
const cases = args;

/** Parses a txtar archive into its comment and files. */
export function parseTxtar(text) {
	const files = [];
	let cur = null;
	for (const line of text.split(/(?<=\n)/)) {
		const m = /^-- (.+) --\n?$/.exec(line);
		if (m) {
			cur = { name: m[1], data: "" };
			files.push(cur);
		} else if (cur) cur.data += line;
	}
	return files;
}

/** Writes a case's tree under dir and returns how to run it. */
function materialize(file, dir) {
	const c = { name: path.basename(file, ".txtar"), root: dir, sections: {}, env: {} };
	// latin1 keeps every byte as one character, so a file that is not
	// UTF-8 is written back as it is in the archive.
	for (const f of parseTxtar(fs.readFileSync(file, "latin1"))) {
		if (["hosts", "cwd", "env", "window", "links", "tree", "suite"].includes(f.name) || f.name.startsWith("@")) {
			c.sections[f.name] = f.data;
			continue;
		}
		// The name too is the archive's bytes: read as latin1, it is made
		// UTF-8 again, not encoded a second time (Émoji.md, not Ã\x89moji.md).
		const p = path.join(dir, Buffer.from(f.name, "latin1").toString("utf8"));
		fs.mkdirSync(path.dirname(p), { recursive: true });
		fs.writeFileSync(p, Buffer.from(f.data, "latin1"));
	}
	for (const line of (c.sections.links || "").split("\n")) {
		const [link, target] = line.trim().split(" -> ");
		if (!target) continue;
		fs.mkdirSync(path.dirname(path.join(dir, link)), { recursive: true });
		fs.symlinkSync(target, path.join(dir, link));
	}
	for (const line of (c.sections.env || "").split("\n")) {
		const i = line.indexOf("=");
		if (i > 0) c.env[line.slice(0, i).trim()] = line.slice(i + 1).trim().replaceAll("$WORK", dir);
	}
	c.project = path.join(dir, "project");
	c.home = path.join(dir, "home");
	fs.mkdirSync(path.join(c.project, ".git"), { recursive: true });
	fs.mkdirSync(c.home, { recursive: true });
	c.cwd = path.join(dir, (c.sections.cwd || "project").trim());
	fs.mkdirSync(c.cwd, { recursive: true });
	c.window = parseInt((c.sections.window || "0").trim(), 10) || 0;
	return c;
}

/** What skill-ls says the host's model receives. */
function rendered(host, c) {
	const a = ["render", "catalog", "--host", host, "--cwd", c.cwd, "--project-root", c.project, "--home", c.home];
	if (c.window) a.push("--context-window", String(c.window));
	const r = spawnSync(skillLs, a, { encoding: "utf8", env: { ...process.env, ...c.env, HOME: c.home } });
	if (r.status !== 0) return { error: `skill-ls exit ${r.status}: ${r.stderr}` };
	return { text: r.stdout };
}

/** The skills the host loads per `skill-ls matrix --json`: "name path" lines, sorted. */
function matrixLoads(host, c) {
	const a = ["matrix", "--json", "--host", host, "--cwd", c.cwd, "--project-root", c.project, "--home", c.home];
	const r = spawnSync(skillLs, a, { encoding: "utf8", cwd: c.root, env: { ...process.env, ...c.env, HOME: c.home } });
	if (!r.stdout.startsWith("{")) return { error: `skill-ls matrix exit ${r.status}: ${r.stderr}` };
	const lines = [];
	const candidates = new Map(); // a name the host picks at random: its files
	for (const s of JSON.parse(r.stdout).skills) {
		const v = s.hosts[host];
		if (!v || v.status !== "loads") continue;
		const file = fs.realpathSync(path.resolve(c.root, s.path));
		if (v.message.includes(" loads one of the ")) {
			candidates.set(v.name, [...(candidates.get(v.name) || []), file]);
			continue;
		}
		lines.push(`${v.name} ${file}`);
	}
	for (const [name, files] of candidates) lines.push(`${name} {${files.sort().join("|")}}`);
	return { text: lines.sort().join("\n"), candidates };
}

/**
 * The host's loaded skills with each pick among candidates that skill-ls
 * names (a same-name choice the host makes at random) written as those
 * candidates, so that any of them agrees and nothing else does.
 */
function asCandidates(hostText, candidates) {
	return hostText
		.split("\n")
		.map((l) => {
			const i = l.lastIndexOf(" /");
			const files = candidates?.get(l.slice(0, i));
			return files && files.includes(l.slice(i + 1)) ? `${l.slice(0, i)} {${files.sort().join("|")}}` : l;
		})
		.sort()
		.join("\n");
}

/** The host's listing as text, one entry per line as the model reads it. */
async function observed(host, bin, c) {
	switch (host) {
		case "claude":
			return withoutBuiltins(await runClaude(bin, c)).join("\n");
		case "codex":
			return runCodex(bin, c, c.window).join("\n");
		case "gemini": {
			const g = runGemini(bin, c);
			c.geminiBlocks = geminiBlocks(g.prompt);
			return g.skills
				.map((s) => `${s.name} ${fs.realpathSync(s.location)}`)
				.sort()
				.join("\n");
		}
		case "opencode":
			return runOpenCode(bin, c)
				.filter((s) => s.location !== "<built-in>")
				.map((s) => `${s.name} ${fs.realpathSync(s.location)}`)
				.sort()
				.join("\n");
		case "copilot-cli":
			return copilotCliLoads(runCopilotCli(bin, c));
	}
	throw new Error(`no runner for ${host}`);
}

/** The <skill> blocks of Gemini CLI's "<available_skills>" text. */
function geminiBlocks(text) {
	return (text.match(/  <skill>\n[\s\S]*?\n  <\/skill>/g) || []).sort();
}

/**
 * Compares Gemini CLI's <skill> blocks with render catalog --host gemini's
 * as sets (the release keeps a folder's skills in the file system's
 * order): "" when equal. Of the blocks skill-ls gives for a name it names
 * candidates for, the host's pick is the one kept.
 */
function compareGeminiBlocks(c, host) {
	const r = rendered("gemini", c);
	if (r.error) return r.error;
	let mine = geminiBlocks(r.text + "\n");
	const name = (b) => /<name>([\s\S]*?)<\/name>/.exec(b)[1];
	for (const b of host) {
		if (mine.filter((m) => name(m) === name(b)).length > 1 && mine.includes(b)) mine = mine.filter((m) => name(m) !== name(b) || m === b);
	}
	mine.sort();
	if (JSON.stringify(mine) === JSON.stringify(host)) return "";
	return diffLines(host.join("\n"), mine.join("\n"));
}

/** The Skill tool's text for the first skill of a Claude Code listing, both ways. */
async function claudeSkillCase(bin, c, listing) {
	const name = entryName(listing.split("\n")[0]).split(" (")[0];
	let want;
	try {
		want = await runClaude(bin, c, name);
	} catch (e) {
		want = `(host failed: ${e.message})`;
	}
	const a = ["render", "skill", name, "--host", "claude", "--cwd", c.cwd, "--project-root", c.project, "--home", c.home];
	const r = spawnSync(skillLs, a, { encoding: "utf8", env: { ...process.env, ...c.env, HOME: c.home } });
	return [`claude-skill ${c.name} ${name}`, want, r.status === 0 ? r.stdout : `skill-ls exit ${r.status}: ${r.stderr}`];
}

/** Copilot CLI's <skill> blocks against render catalog --host copilot-cli. */
async function copilotCliListingCase(bin, c) {
	let want;
	try {
		want = await runCopilotCliPrompt(bin, c);
	} catch (e) {
		want = `(host failed: ${e.message})`;
	}
	const r = rendered("copilot-cli", c);
	return [`copilot-cli-listing ${c.name}`, want, r.error ?? r.text];
}

/**
 * OpenCode's <available_skills> text, captured from its request to a
 * stand-in model, and render catalog --host opencode's. Of the blocks
 * skill-ls gives for a name it names candidates for (a same-name pick the
 * release makes at random), the host's pick is the one kept.
 */
async function openCodeCatalogCase(bin, c) {
	let want;
	try {
		want = await runOpenCodePrompt(bin, c);
	} catch (e) {
		want = `(host failed: ${e.message})`;
	}
	const r = rendered("opencode", c);
	let got = r.error ?? r.text;
	const block = /  <skill>\n[\s\S]*?\n  <\/skill>\n/g;
	const name = (b) => /<name>([\s\S]*?)<\/name>/.exec(b)[1];
	const hostBlocks = (want + "\n").match(block) || [];
	const mine = (got + "\n").match(block) || [];
	const dup = (b) => mine.filter((m) => name(m) === name(b)).length > 1;
	const picked = new Set(hostBlocks.filter((b) => dup(b) && mine.includes(b)).map(name));
	for (const b of mine) if (picked.has(name(b)) && !hostBlocks.includes(b)) got = got.replace(b, "");
	fs.writeFileSync(path.join(c.root, "host-catalog.txt"), want);
	fs.writeFileSync(path.join(c.root, "skill-ls-catalog.txt"), got);
	return [`opencode-catalog ${c.name}`, want, got];
}

// "- name: description" or "- name"; a plugin's name holds a colon
// (plugin:skill), a description starts after the first ": ".
const entryName = (e) => e.slice(2, e.indexOf(": ") < 0 ? undefined : e.indexOf(": "));
const builtins = { claude: [] };

/**
 * Claude Code's listing without its own skills: they come last, in the
 * order of an empty tree's listing, each in full or by name only, less
 * those a skill folder of the same name replaces (which are the user's,
 * listed before them). Taken off from the end in that order.
 */
function withoutBuiltins(entries) {
	const out = [...entries];
	let j = builtins.claude.length - 1;
	while (out.length) {
		const e = out[out.length - 1];
		while (j >= 0 && e !== builtins.claude[j] && e !== `- ${entryName(builtins.claude[j])}`) j--;
		if (j < 0) break;
		out.pop();
		j--;
	}
	return out;
}

/** Learns the host's own entries from an empty tree (left out of every listing). */
async function learnBuiltins(releases) {
	const dir = fs.mkdtempSync(path.join(out, "empty-"));
	const c = materialize("/dev/null", dir);
	if (releases.claude) builtins.claude = await runClaude(releases.claude.bin, c);
	if (releases.codex) {
		// The first run writes the bundled skills to ~/.codex/skills/.system;
		// each case gets that folder so skill-ls sees what Codex reads.
		runCodex(releases.codex.bin, c, 0);
		releases.codex.system = path.join(c.home, ".codex/skills/.system");
	}
}

function knownDifferences() {
	const known = new Map();
	const f = path.join(here, "known-differences.txt");
	for (const line of fs.readFileSync(f, "utf8").split("\n")) {
		const m = /^(\S+)\s+(\S+)\s+(.+)$/.exec(line);
		if (m && !line.startsWith("#")) known.set(`${m[1]} ${m[2]}`, m[3]);
	}
	return known;
}

function diffLines(want, got) {
	const w = want.split("\n"), g = got.split("\n");
	const out = [];
	for (let i = 0; i < Math.max(w.length, g.length); i++) {
		if (w[i] !== g[i]) out.push(`  line ${i + 1}:\n    host:    ${JSON.stringify(w[i])}\n    skill-ls: ${JSON.stringify(g[i])}`);
		if (out.length >= 8) break;
	}
	return out.join("\n");
}

async function main() {
	fs.mkdirSync(out, { recursive: true });
	const releases = {};
	for (const line of fs.readFileSync(releasesFile, "utf8").split("\n")) {
		const [id, version, dir] = line.trim().split(/\s+/);
		if (!dir || (only && !only.split(",").includes(id)) ) continue;
		releases[id] = { version, bin: id === "copilot-cli" ? copilotBinary(dir) : binary(id, dir) };
	}
	await learnBuiltins(releases);
	const known = knownDifferences();
	let failed = 0, compared = 0, agreed = 0, listed = 0;
	const report = [];
	const table = {}; // the public collections' agreement, per host and layout
	for (const file of cases) {
		const suite = parseTxtar(fs.readFileSync(file, "latin1")).find((f) => f.name === "suite");
		for (const [host, rel] of Object.entries(releases)) {
			// A "suite" section names the hosts a case is for (the others' rules differ).
			if (suite && !suite.data.split(/[\s,]+/).includes(host)) continue;
			const dir = fs.mkdtempSync(path.join(out, `${host}-${path.basename(file, ".txtar")}-`));
			const c = materialize(file, dir);
			if (host === "codex" && rel.system && !c.env.CODEX_HOME) fs.cpSync(rel.system, path.join(c.home, ".codex/skills/.system"), { recursive: true });
			if (host === "codex" && rel.system && c.env.CODEX_HOME) fs.cpSync(rel.system, path.join(c.env.CODEX_HOME, "skills/.system"), { recursive: true });
			let want, got;
			try {
				want = await observed(host, rel.bin, c);
			} catch (e) {
				want = `(host failed: ${e.message})`;
			}
			const r = ["opencode", "gemini", "copilot-cli"].includes(host) ? matrixLoads(host, c) : rendered(host, c);
			got = r.error ?? r.text;
			if (host === "copilot-cli" && !r.error) got = commandFolders(got);
			if (r.candidates) want = asCandidates(want, r.candidates);
			if (host === "gemini" && want === got && c.geminiBlocks) {
				const d = compareGeminiBlocks(c, c.geminiBlocks);
				if (d) got += `\n(the <skill> blocks differ)\n${d}`;
			}
			const key = `${host} ${c.name}`;
			fs.writeFileSync(path.join(dir, "host.txt"), want);
			fs.writeFileSync(path.join(dir, "skill-ls.txt"), got);
			const results = [[key, want, got]];
			if (host === "claude" && want.startsWith("- ")) results.push(await claudeSkillCase(rel.bin, c, want));
			if (host === "copilot-cli") results.push(await copilotCliListingCase(rel.bin, c));
			if (host === "opencode") results.push(await openCodeCatalogCase(rel.bin, c));
			const layout = /@([a-z-]+)$/.exec(c.name);
			for (const [k, w, g] of results) {
				if (layout) tally(table, k.split(" ")[0], layout[1], w, g);
				compared++;
				if (w === g) {
					agreed++;
					report.push(`ok    ${k}`);
				} else if (known.has(k)) {
					listed++;
					report.push(`known ${k}: ${known.get(k)}`);
				} else {
					failed++;
					report.push(`FAIL  ${k} (${dir})\n${diffLines(w, g)}`);
				}
			}
		}
	}
	console.log(report.join("\n"));
	if (Object.keys(table).length) console.log(`\nPublic collections, lines agreeing and runs identical per layout:\n${formatTable(table)}`);
	console.log(`\n${compared} compared, ${agreed} agreed, ${listed} known differences, ${failed} failed (${Object.entries(releases).map(([h, r]) => `${h} ${r.version}`).join(", ")})`);
	process.exit(failed ? 1 : 0);
}

main().catch((e) => {
	console.error(e);
	process.exit(2);
});
