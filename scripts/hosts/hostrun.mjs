// How each host release is run, offline, and what of its output is the
// listing its model receives. Everything here runs inside the network
// namespace run.mjs starts in (unshare -n, loopback only).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);
const quiet = { CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", DISABLE_AUTOUPDATER: "1", DISABLE_TELEMETRY: "1", DISABLE_ERROR_REPORTING: "1", CODEX_DISABLE_TELEMETRY: "1", OPENCODE_DISABLE_AUTOUPDATE: "1", OPENCODE_DISABLE_SHARE: "1", OPENCODE_DISABLE_MODELS_FETCH: "1", OPENCODE_DISABLE_DEFAULT_PLUGINS: "1", OPENCODE_DISABLE_LSP_DOWNLOAD: "1", GEMINI_TELEMETRY_ENABLED: "false", NO_UPDATE_NOTIFIER: "1", NO_COLOR: "1" };

/** The environment of a host run: nothing of ours but PATH, plus the case's. */
export function hostEnv(c, extra = {}) {
	return { PATH: process.env.PATH, HOME: c.home, LANG: "C.UTF-8", ...quiet, ...c.env, ...extra };
}

/** Finds the executable of an installed release. */
export function binary(id, dir) {
	const nm = path.join(dir, "node_modules");
	if (id === "claude") return path.join(nm, "@anthropic-ai/claude-code-linux-x64/claude");
	if (id === "codex") {
		const v = path.join(nm, "@openai/codex-linux-x64/vendor");
		return path.join(v, fs.readdirSync(v)[0], "bin/codex");
	}
	if (id === "opencode") return path.join(nm, "opencode-linux-x64/bin/opencode");
	if (id === "gemini") return path.join(nm, "@google/gemini-cli-core");
	throw new Error(`no host ${id}`);
}

function run(cmd, args, opts) {
	const r = spawnSync(cmd, args, { encoding: "utf8", timeout: 120_000, maxBuffer: 64 << 20, ...opts });
	if (r.error) throw r.error;
	return r;
}

/**
 * Runs a host with its stdout and stderr going to files in the case's
 * folder (NAME.out, NAME.err), then reads them: a host that exits while a
 * pipe still holds its output (Bun's and Node's process.exit do) loses
 * the rest, which cut Gemini CLI's and OpenCode's JSON at 217-438 KB on
 * large trees; a file takes every byte before the exit returns.
 */
export function runToFiles(c, name, cmd, args, opts) {
	const outFile = path.join(c.root, `${name}.out`), errFile = path.join(c.root, `${name}.err`);
	const fd = fs.openSync(outFile, "w"), efd = fs.openSync(errFile, "w");
	let r;
	try {
		r = spawnSync(cmd, args, { timeout: 120_000, ...opts, stdio: ["ignore", fd, efd] });
	} finally {
		fs.closeSync(fd);
		fs.closeSync(efd);
	}
	if (r.error) throw r.error;
	return { status: r.status, stdout: fs.readFileSync(outFile, "utf8"), stderr: fs.readFileSync(errFile, "utf8") };
}

// ---- Claude Code: the system prompt of the first request to the stand-in.

const claudeHead = "The following skills are available for use with the Skill tool:\n\n";

/**
 * Runs `claude -p hello` in the case against the stand-in API: the listing
 * of its first request, or, with skill, the text block after the result of
 * the Skill tool call the stand-in answers with.
 */
export async function runClaude(bin, c, skill) {
	const reqDir = fs.mkdtempSync(path.join(c.root, "req-"));
	const env0 = skill ? { ...process.env, SKILL_CALL: skill } : process.env;
	const server = spawn(process.execPath, [path.join(here, "standin.mjs"), reqDir], { stdio: ["ignore", "pipe", "inherit"], env: env0 });
	const port = await new Promise((res, rej) => {
		server.stdout.once("data", (d) => res(String(d).trim()));
		server.once("exit", () => rej(new Error("stand-in exited")));
	});
	try {
		const env = hostEnv(c, { ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`, ANTHROPIC_API_KEY: "sk-standin" });
		const r = run(bin, ["-p", "hello"], { cwd: c.cwd, env });
		if (skill) return claudeToolText(reqDir, r);
		const first = fs.readdirSync(reqDir).sort().map((f) => JSON.parse(fs.readFileSync(path.join(reqDir, f), "utf8"))).find((q) => q.url.includes("/messages") && q.body.includes(claudeHead.trim()));
		if (!first) throw new Error(`claude sent no request with a skill listing (exit ${r.status}): ${r.stderr}${r.stdout}`);
		return claudeListing(JSON.parse(first.body));
	} finally {
		server.kill();
	}
}

/**
 * The text block after the Skill tool's result in the request that
 * carries it; the result itself when it is an error (the tool refused).
 */
function claudeToolText(reqDir, r) {
	for (const f of fs.readdirSync(reqDir).sort()) {
		const body = JSON.parse(JSON.parse(fs.readFileSync(path.join(reqDir, f), "utf8")).body || "{}");
		for (const m of body.messages || []) {
			const parts = Array.isArray(m.content) ? m.content : [];
			const i = parts.findIndex((p) => p.type === "tool_result" && p.tool_use_id === "toolu_standin1");
			if (i >= 0 && parts[i].is_error) return typeof parts[i].content === "string" ? parts[i].content : JSON.stringify(parts[i].content);
			if (i >= 0) return parts.slice(i + 1).filter((p) => p.type === "text").map((p) => p.text).join("\n\n");
		}
	}
	throw new Error(`claude sent no Skill tool result (exit ${r.status}): ${r.stderr}`);
}

/** The "- name: description" entries of the listing in a request body, in order. */
export function claudeListing(body) {
	const texts = [];
	const walk = (v) => {
		if (typeof v === "string") texts.push(v);
		else if (Array.isArray(v)) v.forEach(walk);
		else if (v && typeof v === "object") Object.values(v).forEach(walk);
	};
	walk(body.messages);
	walk(body.system);
	const t = texts.find((s) => s.includes(claudeHead));
	if (!t) return [];
	let sec = t.slice(t.indexOf(claudeHead) + claudeHead.length);
	const end = sec.search(/\n\n(?!- )/);
	if (end >= 0) sec = sec.slice(0, end);
	return sec.split(/\n(?=- )/).filter((e) => e.startsWith("- "));
}

// ---- Codex: `codex debug prompt-input`, its "## Skills" section.

/** Runs `codex debug prompt-input` in the case. */
export function runCodex(bin, c, window) {
	const codexHome = c.env.CODEX_HOME || path.join(c.home, ".codex");
	fs.mkdirSync(codexHome, { recursive: true });
	const args = ["debug", "prompt-input"];
	if (window) args.unshift("-c", `model_context_window=${window}`);
	const r = runToFiles(c, "codex", bin, args, { cwd: c.cwd, env: hostEnv(c, { CODEX_HOME: codexHome }) });
	const json = r.stdout.slice(r.stdout.indexOf("["));
	let items;
	try {
		items = JSON.parse(json);
	} catch {
		throw new Error(`codex printed no prompt input (exit ${r.status}): ${r.stderr.slice(0, 2000)}`);
	}
	return codexListing(items);
}

/** The "### Skill roots" and "### Available skills" lines of the prompt input. */
export function codexListing(items) {
	for (const it of items) {
		for (const c of it.content || []) {
			const t = c.text || "";
			const i = t.indexOf("\n## Skills\n");
			if (i < 0) continue;
			const lines = t.slice(i + 1).split("\n");
			const out = [];
			let on = false;
			for (const l of lines) {
				if (l === "### Skill roots" || l === "### Available skills") on = true;
				else if (l.startsWith("### ") || l.startsWith("</")) on = false;
				if (on) out.push(l);
			}
			return out;
		}
	}
	return [];
}

// ---- OpenCode: `opencode debug skill --pure`.

/** The environment of an OpenCode run: every XDG folder in the case's home. */
function openCodeEnv(c, extra = {}) {
	return hostEnv(c, { XDG_CONFIG_HOME: path.join(c.home, ".config"), XDG_DATA_HOME: path.join(c.home, ".local/share"), XDG_CACHE_HOME: path.join(c.home, ".cache"), XDG_STATE_HOME: path.join(c.home, ".local/state"), ...extra });
}

/** Runs `opencode debug skill --pure` in the case: the skills it loads. */
export function runOpenCode(bin, c) {
	const r = runToFiles(c, "opencode", bin, ["debug", "skill", "--pure"], { cwd: c.cwd, env: openCodeEnv(c) });
	const i = r.stdout.indexOf("[");
	if (i < 0) throw new Error(`opencode printed no skills (exit ${r.status}): ${r.stderr.slice(0, 2000)}${r.stdout.slice(0, 500)}`);
	return JSON.parse(r.stdout.slice(i));
}

// ---- OpenCode: `opencode run hi` against a stand-in model, its system prompt.

const openCodeListing = /\nUse the skill tool to load a skill when a task matches its description\.\n(<available_skills>\n[\s\S]*?\n<\/available_skills>|No skills are currently available\.)(?=\n|$)/;

/**
 * Runs `opencode run hi` in the case with a custom OpenAI-compatible
 * provider (OPENCODE_CONFIG_CONTENT, so no file of the case changes) whose
 * baseURL is opencode-standin.mjs: the skill listing of the system prompt
 * of the first request that has one, as the model receives it; "" when
 * the model is asked without one.
 */
export async function runOpenCodePrompt(bin, c) {
	const reqDir = fs.mkdtempSync(path.join(c.root, "req-"));
	const server = spawn(process.execPath, [path.join(here, "opencode-standin.mjs"), reqDir], { stdio: ["ignore", "pipe", "inherit"] });
	const port = await new Promise((res, rej) => {
		server.stdout.once("data", (d) => res(String(d).trim()));
		server.once("exit", () => rej(new Error("stand-in exited")));
	});
	try {
		const provider = { npm: "@ai-sdk/openai-compatible", name: "Stand-in", options: { baseURL: `http://127.0.0.1:${port}/v1`, apiKey: "sk-standin" }, models: { standin: { name: "standin" } } };
		const config = JSON.stringify({ provider: { standin: provider }, model: "standin/standin", small_model: "standin/standin", autoupdate: false, share: "disabled" });
		// Its first turn starts a server, a database and a session: on a
		// busy machine it passed 120 s on the large collections.
		const r = run(bin, ["run", "hi"], { cwd: c.cwd, timeout: 300_000, env: openCodeEnv(c, { OPENCODE_CONFIG_CONTENT: config }) });
		let asked = false;
		for (const f of fs.readdirSync(reqDir).sort()) {
			const q = JSON.parse(fs.readFileSync(path.join(reqDir, f), "utf8"));
			if (!q.url.endsWith("/chat/completions")) continue;
			asked = true;
			for (const m of JSON.parse(q.body).messages || []) {
				const text = m.role === "system" && typeof m.content === "string" ? m.content : "";
				const hit = openCodeListing.exec(text);
				if (hit) return hit[1];
			}
		}
		// A request without the skills section: OpenCode leaves it out when
		// its permission rules deny every skill ("" as render catalog prints).
		if (asked) return "";
		throw new Error(`opencode sent no request with a skill listing (exit ${r.status}): ${r.stderr.slice(0, 2000)}`);
	} finally {
		server.kill();
	}
}

// ---- Gemini CLI: its SkillManager, run under node from the npm package.

/** Runs gemini-skills.mjs in the case: the skills Gemini CLI loads and their prompt text. */
export function runGemini(core, c) {
	const env = hostEnv(c, { GEMINI_CLI_HOME: c.home });
	const r = runToFiles(c, "gemini", process.execPath, [path.join(here, "gemini-skills.mjs"), core], { cwd: c.cwd, env });
	const i = r.stdout.lastIndexOf("\n@@skills@@\n");
	if (i < 0) throw new Error(`gemini's loader printed no skills (exit ${r.status}): ${r.stderr.slice(0, 2000)}`);
	return JSON.parse(r.stdout.slice(i + 12));
}
