// GitHub Copilot CLI in the host suite: `copilot skill list --json`, run
// offline (COPILOT_OFFLINE, no account) inside run.mjs's network namespace.
// Its output goes to a file, never through a pipe that could cut it.
import fs from "node:fs";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { hostEnv } from "./hostrun.mjs";

const here = path.dirname(new URL(import.meta.url).pathname);

/** The environment of a Copilot CLI run: offline, no updates, one shared unpack cache. */
function copilotEnv(bin, c, extra = {}) {
	return hostEnv(c, { COPILOT_OFFLINE: "true", COPILOT_AUTO_UPDATE: "false", XDG_CACHE_HOME: path.resolve(bin, "../../../../.xdg-cache"), ...extra });
}

/** The native executable of an installed @github/copilot release. */
export function copilotBinary(dir) {
	return path.join(dir, "node_modules/@github/copilot-linux-x64/copilot");
}

/**
 * Runs `copilot skill list --json` in the case. The release unpacks
 * itself (235 MB) into $XDG_CACHE_HOME/copilot on first start, so every
 * case shares one cache beside the release instead of its own home.
 * Returns the entries it lists but its own (source "builtin") and those
 * turned off (enabled false).
 */
export function runCopilotCli(bin, c) {
	const outFile = path.join(c.root, "copilot-skills.json");
	const errFile = path.join(c.root, "copilot-stderr.txt");
	const fd = fs.openSync(outFile, "w"), efd = fs.openSync(errFile, "w");
	const env = copilotEnv(bin, c);
	let r;
	try {
		r = spawnSync(bin, ["skill", "list", "--json"], { cwd: c.cwd, env, stdio: ["ignore", fd, efd], timeout: 120_000 });
	} finally {
		fs.closeSync(fd);
		fs.closeSync(efd);
	}
	if (r.error) throw r.error;
	const text = fs.readFileSync(outFile, "utf8");
	let list;
	try {
		list = JSON.parse(text.slice(text.indexOf("[")));
	} catch {
		throw new Error(`copilot printed no skill list (exit ${r.status}): ${fs.readFileSync(errFile, "utf8").slice(0, 2000)}`);
	}
	// A skill its settings turn off (disabledSkills) is listed with
	// enabled false: it does not load.
	return list.filter((s) => s.source !== "builtin" && s.enabled !== false);
}

/**
 * The skills of a listing as "name /real/path/SKILL.md" lines, and its
 * .claude/commands entries (whose path is the commands folder) as
 * "name /real/commands/*.md", sorted, as run.mjs compares them with
 * `skill-ls matrix --json` through commandFolders.
 */
export function copilotCliLoads(list) {
	return list
		.map((s) => {
			const skill = path.join(s.path, "SKILL.md");
			return fs.existsSync(skill) ? `${s.name} ${fs.realpathSync(skill)}` : `${s.name} ${fs.realpathSync(s.path)}/*.md`;
		})
		.sort()
		.join("\n");
}

/** matrixLoads' lines with a command file written as its folder, as copilotCliLoads writes it. */
export function commandFolders(text) {
	return text
		.split("\n")
		.map((l) => l.replace(/(\/commands)\/[^/]*\.md$/, "$1/*.md"))
		.sort()
		.join("\n");
}

/**
 * Runs `copilot -p hello` in the case against the Messages API stand-in
 * (standin.mjs; Copilot CLI's BYOK provider type "anthropic"), and returns
 * the <available_skills> text of its first request, the blocks of its
 * own skills (location builtin) left out.
 */
export async function runCopilotCliPrompt(bin, c) {
	const reqDir = fs.mkdtempSync(path.join(c.root, "req-"));
	const server = spawn(process.execPath, [path.join(here, "standin.mjs"), reqDir], { stdio: ["ignore", "pipe", "inherit"] });
	const port = await new Promise((res, rej) => {
		server.stdout.once("data", (d) => res(String(d).trim()));
		server.once("exit", () => rej(new Error("stand-in exited")));
	});
	const outFile = path.join(c.root, "copilot-prompt.txt");
	const fd = fs.openSync(outFile, "w");
	try {
		const env = copilotEnv(bin, c, { COPILOT_PROVIDER_BASE_URL: `http://127.0.0.1:${port}`, COPILOT_PROVIDER_TYPE: "anthropic", COPILOT_PROVIDER_API_KEY: "sk-standin", COPILOT_MODEL: "claude-sonnet-4.5" });
		const r = spawnSync(bin, ["-p", "hello", "--disable-client-telemetry"], { cwd: c.cwd, env, stdio: ["ignore", fd, fd], timeout: 120_000 });
		if (r.error) throw r.error;
	} finally {
		fs.closeSync(fd);
		server.kill();
	}
	const bodies = fs.readdirSync(reqDir).sort().map((f) => JSON.parse(fs.readFileSync(path.join(reqDir, f), "utf8")).body || "{}");
	if (bodies.length === 0) throw new Error(`copilot sent no request: ${fs.readFileSync(outFile, "utf8").slice(0, 2000)}`);
	// Without a skill it sends no <available_skills> at all.
	const m = /<available_skills>\n([\s\S]*?)<\/available_skills>/.exec(findText(JSON.parse(bodies[0])));
	if (!m) return "";
	return m[1]
		.replace(/\n$/, "")
		.split(/(?<=<\/skill>)\n/)
		.filter((b) => b && !b.includes("<location>builtin</location>"))
		.join("\n");
}

/** The first string in a request body that holds <available_skills>. */
function findText(v) {
	if (typeof v === "string") return v.includes("<available_skills>") ? v : "";
	for (const x of Array.isArray(v) ? v : v && typeof v === "object" ? Object.values(v) : []) {
		const t = findText(x);
		if (t) return t;
	}
	return "";
}
