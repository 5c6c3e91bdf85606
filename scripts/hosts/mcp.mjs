// The real-client test of `skill-ls mcp` (docs/mcp.md): Claude Code's
// release, offline, with --mcp-config naming `skill-ls mcp`, against the
// loopback stand-in model (standin.mjs). The stand-in's first answer calls
// one of skill-ls's tools; the request Claude Code sends next must carry
// skill-ls's result: the finding of a broken skill for
// mcp__skill-ls__check, the listing line of a good skill for
// mcp__skill-ls__render_catalog with host claude. Then the MCP Inspector's
// CLI, a second client: the tools' schemas pass its --strict check, a call
// and a bad one, a skill read as a resource, and its SEP-2640 conformance
// and digest checks (--verify) of skills/list and skills/get. Must run inside a network
// namespace of its own (run.sh starts it: unshare -n, loopback only).
//
// Usage: node mcp.mjs --skill-ls BIN --releases FILE --out DIR
// Exit status 1 when a case fails; a client not installed is skipped.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { binary, hostEnv } from "./hostrun.mjs";

const here = path.dirname(new URL(import.meta.url).pathname);
const args = process.argv.slice(2);
const opt = (k) => {
	const i = args.indexOf(k);
	return i < 0 ? "" : args[i + 1];
};
const skillLs = path.resolve(opt("--skill-ls"));
const out = opt("--out");

// The project: a broken skill DSH drops (an unquoted ": " in its
// description) and a good one only Claude Code reads.
const tree = {
	"project/.agents/skills/broken-colon/SKILL.md": "---\nname: broken-colon\ndescription: Use when: the user asks for a broken thing\n---\n\nBody.\n",
	"project/.claude/skills/release-notes/SKILL.md": "---\nname: release-notes\ndescription: Turn a changelog into release notes for users.\n---\n\nRead CHANGELOG.md and write the notes.\n",
	"project/.claude/skills/release-notes/references/style.md": "Short sentences.\n",
};

const cases = [
	{ name: "check", tool: "mcp__skill-ls__check", input: {}, want: ["yaml-unquoted-colon", "broken-colon/SKILL.md"] },
	{ name: "render_catalog", tool: "mcp__skill-ls__render_catalog", input: { host: "claude" }, want: ["- release-notes: Turn a changelog into release notes for users."] },
];

function materialize(dir) {
	for (const [name, text] of Object.entries(tree)) {
		fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
		fs.writeFileSync(path.join(dir, name), text);
	}
	fs.mkdirSync(path.join(dir, "project/.git"), { recursive: true });
	fs.mkdirSync(path.join(dir, "home"), { recursive: true });
	return { root: dir, cwd: path.join(dir, "project"), home: path.join(dir, "home"), env: {} };
}

/** The text of the tool_result for the stand-in's call, in the requests Claude Code sent. */
function toolResult(reqDir) {
	for (const f of fs.readdirSync(reqDir).sort()) {
		const body = JSON.parse(JSON.parse(fs.readFileSync(path.join(reqDir, f), "utf8")).body || "{}");
		for (const m of body.messages || []) {
			for (const p of Array.isArray(m.content) ? m.content : []) {
				if (p.type !== "tool_result" || p.tool_use_id !== "toolu_standin1") continue;
				const parts = Array.isArray(p.content) ? p.content : [{ type: "text", text: String(p.content) }];
				return { text: parts.map((x) => x.text || "").join("\n"), isError: !!p.is_error };
			}
		}
	}
	return null;
}

/**
 * Runs `claude -p` with skill-ls as an MCP server; the stand-in calls
 * tc.tool first. Tool search is off so that the tools are in the first
 * request (deferred, they would be behind a search the stand-in does not
 * make).
 */
async function runCase(bin, tc) {
	const c = materialize(fs.mkdtempSync(path.join(out, `mcp-${tc.name}-`)));
	const config = path.join(c.root, "mcp.json");
	fs.writeFileSync(config, JSON.stringify({ mcpServers: { "skill-ls": { command: skillLs, args: ["mcp"] } } }));
	const reqDir = path.join(c.root, "requests");
	const env0 = { ...process.env, STANDIN_TOOL: tc.tool, STANDIN_INPUT: JSON.stringify(tc.input) };
	const server = spawn(process.execPath, [path.join(here, "standin.mjs"), reqDir], { stdio: ["ignore", "pipe", "inherit"], env: env0 });
	const port = await new Promise((res, rej) => {
		server.stdout.once("data", (d) => res(String(d).trim()));
		server.once("exit", () => rej(new Error("stand-in exited")));
	});
	try {
		const env = hostEnv(c, { ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`, ANTHROPIC_API_KEY: "sk-standin", MCP_TIMEOUT: "30000", ENABLE_TOOL_SEARCH: "false" });
		const a = ["-p", "Check my skills.", "--mcp-config", config, "--strict-mcp-config", "--allowedTools", tc.tool];
		const r = spawnSync(bin, a, { cwd: c.cwd, env, encoding: "utf8", timeout: 180_000 });
		const res = toolResult(reqDir);
		if (!res) return `claude sent no result of ${tc.tool} (exit ${r.status}; see ${reqDir}): ${(r.stderr || "").slice(0, 2000)}${(r.stdout || "").slice(0, 500)}`;
		if (res.isError) return `${tc.tool} answered an error: ${res.text.slice(0, 2000)}`;
		const missing = tc.want.filter((w) => !res.text.includes(w));
		return missing.length ? `the result of ${tc.tool} lacks ${JSON.stringify(missing)}:\n${res.text.slice(0, 2000)}` : "";
	} finally {
		server.kill();
	}
}

// The Inspector's cases: its arguments after --cli, and what its JSON
// output (--format json) must hold; isError: the call must be an error.
const inspectorCases = [
	{ name: "tools/list --strict", args: ["--method", "tools/list", "--strict"], want: ['"name":"check"', '"name":"render_catalog"', '"name":"fix"'] },
	{ name: "check", args: ["--method", "tools/call", "--tool-name", "check"], want: ['"code":"yaml-unquoted-colon"', '"errors":1'] },
	{ name: "check bad profile", args: ["--method", "tools/call", "--tool-name", "check", "--tool-args-json", '{"profile":"bogus"}'], want: ['unknown profile \\"bogus\\"'], isError: true },
	{ name: "resources/read", args: ["--method", "resources/read", "--uri", "skill://release-notes/SKILL.md"], want: ["Read CHANGELOG.md and write the notes."] },
	{ name: "skills/list --verify", args: ["--method", "skills/list", "--verify"], want: ['"uri":"skill://release-notes/references/style.md","status":"verified"', '"outcome":"verified"'] },
	{ name: "skills/get --verify", args: ["--method", "skills/get", "--uri", "skill://release-notes/SKILL.md", "--verify"], want: ['"outcome":"verified"'] },
];

/** Runs the Inspector's CLI against `skill-ls mcp` in a case's project. */
function runInspector(bin, tc) {
	const c = materialize(fs.mkdtempSync(path.join(out, "mcp-inspector-")));
	const a = ["--cli", "-q", "--format", "json", ...tc.args, skillLs, "mcp"];
	const r = spawnSync(bin, a, { cwd: c.cwd, env: hostEnv(c), encoding: "utf8", timeout: 120_000 });
	const text = (r.stdout || "").replace(/\n$/, "");
	if (tc.isError ? !text.includes('"isError":true') : r.status !== 0) return `exit ${r.status}: ${(r.stderr || "").slice(0, 1000)}${text.slice(0, 1000)}`;
	const missing = tc.want.filter((w) => !text.includes(w));
	return missing.length ? `the Inspector's output lacks ${JSON.stringify(missing)}:\n${text.slice(0, 2000)}` : "";
}

async function main() {
	fs.mkdirSync(out, { recursive: true });
	const releases = {};
	for (const line of fs.readFileSync(opt("--releases"), "utf8").split("\n")) {
		const [id, version, dir] = line.trim().split(/\s+/);
		if (id === "claude" && dir) releases.claude = { version, bin: binary(id, dir) };
		if (id === "inspector" && dir) releases.inspector = { version, bin: path.join(dir, "node_modules/.bin/mcp-inspector") };
	}
	let failed = 0, ran = 0;
	const report = (what, problem) => {
		ran++;
		if (problem) failed++;
		console.log(problem ? `FAIL  mcp ${what}\n  ${problem}` : `ok    mcp ${what}`);
	};
	if (releases.claude) for (const tc of cases) report(`claude ${tc.name}`, await runCase(releases.claude.bin, tc));
	else console.log("mcp: Claude Code is not among the releases; skipped");
	if (releases.inspector) for (const tc of inspectorCases) report(`inspector ${tc.name}`, runInspector(releases.inspector.bin, tc));
	else console.log("mcp: the MCP Inspector is not among the releases; skipped");
	const versions = Object.entries(releases).map(([id, r]) => `${id} ${r.version}`).join(", ");
	console.log(`\n${ran} MCP cases, ${failed} failed (${versions})`);
	process.exit(failed ? 1 : 0);
}

main().catch((e) => {
	console.error(e);
	process.exit(2);
});
