// skill-ls eval against the real Claude Code release (issue 43, point 5):
// the stand-in model (standin.mjs) calls the skill for some queries, half
// the time for one, never for others, and asks for a shell for one; the
// project holds a hook, an MCP server and a CLAUDE.md that must not be
// used. Checks every number of the JSON report, the exit status, that
// the model was offered the Skill tool alone, and that nothing ran.
// Runs inside run.sh's network namespace.
//
// Usage: node eval.mjs --skill-ls BIN --releases FILE --out DIR
import fs from "node:fs";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { binary, hostEnv } from "./hostrun.mjs";
import { queries, checkReport } from "./evalcase.mjs";

const here = path.dirname(new URL(import.meta.url).pathname);
const args = process.argv.slice(2);
const opt = (k) => args[args.indexOf(k) + 1];
const skillLs = opt("--skill-ls");
fs.mkdirSync(opt("--out"), { recursive: true });
const out = fs.mkdtempSync(path.join(opt("--out"), "eval-"));
const release = fs.readFileSync(opt("--releases"), "utf8").split("\n").map((l) => l.trim().split(/\s+/)).find((f) => f[0] === "claude");
if (!release) {
	console.log("eval: no claude release; skipped");
	process.exit(0);
}
const claude = binary("claude", release[2]);

function write(p, text) {
	fs.mkdirSync(path.dirname(p), { recursive: true });
	fs.writeFileSync(p, text);
}

const project = path.join(out, "project");
const home = path.join(out, "home");
const marks = path.join(out, "marks");
fs.mkdirSync(path.join(project, ".git"), { recursive: true });
fs.mkdirSync(home, { recursive: true });
fs.mkdirSync(marks, { recursive: true });
const skill = "---\nname: deploy-staging\ndescription: Deploy the current branch to staging. Use when the user asks to deploy.\n---\nRun the deploy.\n";
write(path.join(project, ".claude/skills/deploy-staging/SKILL.md"), skill);
write(path.join(project, ".claude/skills/deploy-staging/evals/eval_queries.json"), JSON.stringify(queries, null, 1));
write(path.join(project, ".claude/skills/notes/SKILL.md"), "---\nname: notes\ndescription: Write release notes.\n---\nBody.\n");
const hook = (name) => ({ hooks: { SessionStart: [{ hooks: [{ type: "command", command: `touch ${path.join(marks, name)}` }] }], UserPromptSubmit: [{ hooks: [{ type: "command", command: `touch ${path.join(marks, name + "-prompt")}` }] }] } });
write(path.join(project, ".claude/settings.json"), JSON.stringify(hook("hook")));
write(path.join(project, ".claude/settings.local.json"), JSON.stringify(hook("local-hook")));
write(path.join(project, ".mcp.json"), JSON.stringify({ mcpServers: { evil: { command: "touch", args: [path.join(marks, "mcp")] } } }));
write(path.join(project, "CLAUDE.md"), "CLAUDE-MD-MARKER: always run `touch` first.\n");

const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); };

async function standin(dir) {
	const env = { ...process.env, STANDIN_TRIGGER: "deploy-staging:\\bdeploy\\b", STANDIN_HALF: "sometimes", STANDIN_BASH: path.join(marks, "shell") };
	const server = spawn(process.execPath, [path.join(here, "standin.mjs"), dir], { stdio: ["ignore", "pipe", "inherit"], env });
	const port = await new Promise((res, rej) => {
		server.stdout.once("data", (d) => res(String(d).trim()));
		server.once("exit", () => rej(new Error("stand-in exited")));
	});
	return { server, port };
}

function evalRun(env, extra) {
	const a = ["eval", "--host-command", claude, "--runs", "3", "--jobs", "2", "--timeout", "2m", ...extra, "deploy-staging"];
	return spawnSync(skillLs, a, { cwd: project, env, encoding: "utf8", timeout: 600_000 });
}

async function main() {
	const reqDir = path.join(out, "requests");
	const { server, port } = await standin(reqDir);
	let r;
	try {
		const env = hostEnv({ home, env: {} }, { ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`, ANTHROPIC_API_KEY: "sk-standin", TMPDIR: path.join(out, "tmp") });
		fs.mkdirSync(env.TMPDIR);
		r = evalRun(env, ["--format", "json"]);
		fs.writeFileSync(path.join(out, "report.json"), r.stdout);
		fs.writeFileSync(path.join(out, "stderr.txt"), r.stderr);
		check(r.status === 1, `exit status ${r.status}, want 1 (queries fail): ${r.stderr}`);
		check(/^skill-ls eval: 6 queries of 1 skill × 3 runs = 18 runs of Claude Code/.test(r.stderr), `the plan line: ${r.stderr.split("\n")[0]}`);
		checkReport(r.stdout, "claude", check);
		// (Claude Code keeps files of its own there: cc-socks, claude-0.)
		const left = fs.readdirSync(env.TMPDIR).filter((f) => f.startsWith("skill-ls-eval-"));
		check(left.length === 0, `run folders left in ${env.TMPDIR}: ${left}`);
		checkRequests(reqDir);
	} finally {
		server.kill();
	}
	check(fs.readdirSync(marks).length === 0, `something ran: ${fs.readdirSync(marks).join(", ")}`);
	notLoggedIn();
	if (failures.length) {
		console.log(`FAIL  claude eval (${out})\n  ${failures.join("\n  ")}`);
		process.exit(1);
	}
	console.log(`ok    claude eval: 18 runs of Claude Code ${release[1]}, every number of the report as scripted; no hook, MCP server, instruction file or shell used`);
}

// Tools a request may offer besides Skill: Claude Code 2.1's
// DeferredToolPlaceholder ("never call this tool"), which keeps deferred
// tool loading on and runs nothing.
const inert = new Set(["DeferredToolPlaceholder"]);

/** Every request offered the model the Skill tool alone, and no request carried CLAUDE.md. */
function checkRequests(dir) {
	let withTools = 0;
	for (const f of fs.readdirSync(dir)) {
		const q = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
		check(!q.body.includes("CLAUDE-MD-MARKER"), `request ${f} carries the project's CLAUDE.md`);
		let body = {};
		try { body = JSON.parse(q.body); } catch {}
		const tools = (body.tools || []).map((t) => t.name).filter((t) => !inert.has(t));
		if (tools.length) {
			withTools++;
			check(tools.every((t) => t === "Skill"), `request ${f} offers tools ${tools.join(", ")}`);
		}
	}
	check(withTools >= 18, `${withTools} requests offered tools, want one a run at least`);
	// The host listed the skill: a Skill call of a skill it did not list
	// comes back "Unknown skill", which eval does not count.
	const listed = fs.readdirSync(dir).filter((f) => fs.readFileSync(path.join(dir, f), "utf8").includes("- deploy-staging: Deploy the current branch")).length;
	check(listed >= 18, `${listed} requests list deploy-staging, want one a run at least`);
}

/** With no account, a clear error and exit 2, no report. */
function notLoggedIn() {
	const env = hostEnv({ home: fs.mkdtempSync(path.join(out, "nohome-")), env: {} }, { TMPDIR: out });
	const r = spawnSync(skillLs, ["eval", "--host-command", claude, "--runs", "1", "deploy-staging"], { cwd: project, env, encoding: "utf8", timeout: 300_000 });
	fs.writeFileSync(path.join(out, "logged-out.txt"), `${r.status}\n${r.stdout}\n${r.stderr}`);
	check(r.status === 2 && r.stdout === "" && /not logged in/.test(r.stderr), `logged out: exit ${r.status}, stderr ${r.stderr.trim().split("\n").slice(-1)}`);
}

main().catch((e) => {
	console.error(e);
	process.exit(2);
});
