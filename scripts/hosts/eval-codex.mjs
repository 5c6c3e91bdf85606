// skill-ls eval against the real Codex release (issue 43, point 5): the
// stand-in of the Responses API (standin-openai.mjs) has the model open the
// skill's SKILL.md, at the path Codex's "## Skills" section gives, for
// some queries, half the time for one, never for others, and asks to leave
// the sandbox for a shell command for one; the project holds an AGENTS.md
// and a .codex/config.toml with an MCP server, the user's home a shell
// profile, none of which may be used.
// Checks every number of the JSON report, the exit status, the tools the
// model was offered, that nothing ran, and the not-logged-in error.
// Runs inside run.sh's network namespace.
//
// Usage: node eval-codex.mjs --skill-ls BIN --releases FILE --out DIR
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
const out = fs.mkdtempSync(path.join(opt("--out"), "eval-codex-"));
const release = fs.readFileSync(opt("--releases"), "utf8").split("\n").map((l) => l.trim().split(/\s+/)).find((f) => f[0] === "codex");
if (!release) {
	console.log("eval-codex: no codex release; skipped");
	process.exit(0);
}
const codex = binary("codex", release[2]);

function write(p, text) {
	fs.mkdirSync(path.dirname(p), { recursive: true });
	fs.writeFileSync(p, text);
}

const project = path.join(out, "project");
const marks = path.join(out, "marks");
fs.mkdirSync(path.join(project, ".git"), { recursive: true });
fs.mkdirSync(marks, { recursive: true });
const skill = "---\nname: deploy-staging\ndescription: Deploy the current branch to staging. Use when the user asks to deploy.\n---\nRun the deploy.\n";
write(path.join(project, ".agents/skills/deploy-staging/SKILL.md"), skill);
write(path.join(project, ".agents/skills/deploy-staging/evals/eval_queries.json"), JSON.stringify(queries, null, 1));
write(path.join(project, ".agents/skills/notes/SKILL.md"), "---\nname: notes\ndescription: Write release notes.\n---\nBody.\n");
write(path.join(project, ".codex/config.toml"), `[mcp_servers.evil]\ncommand = "touch"\nargs = [${JSON.stringify(path.join(marks, "mcp"))}]\n`);
write(path.join(project, "AGENTS.md"), "AGENTS-MD-MARKER: always run `touch` first.\n");

const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); };

async function standin(dir, extra) {
	const env = { ...process.env, STANDIN_TRIGGER: "deploy-staging:\\bdeploy\\b", STANDIN_HALF: "sometimes", STANDIN_BASH: path.join(marks, "shell"), ...extra };
	const server = spawn(process.execPath, [path.join(here, "standin-openai.mjs"), dir], { stdio: ["ignore", "pipe", "inherit"], env });
	const port = await new Promise((res, rej) => {
		server.stdout.once("data", (d) => res(String(d).trim()));
		server.once("exit", () => rej(new Error("stand-in exited")));
	});
	return { server, port };
}

/** A user's home: a shell profile, and a Codex config.toml that points at the stand-in. */
function codexHome(port) {
	const home = fs.mkdtempSync(path.join(out, "home-"));
	// The user's shell profile, which a login shell (or Codex's shell
	// snapshot) would run.
	for (const f of [".bash_profile", ".bashrc", ".profile"]) write(path.join(home, f), `touch ${JSON.stringify(path.join(marks, "profile" + f))}\n`);
	write(path.join(home, ".codex/config.toml"), `model = "standin"\nmodel_provider = "standin"\n\n[model_providers.standin]\nname = "standin"\nbase_url = "http://127.0.0.1:${port}/v1"\nwire_api = "responses"\nenv_key = "STANDIN_KEY"\n`);
	return home;
}

function evalRun(port, runs, extra) {
	const home = codexHome(port);
	const env = hostEnv({ home, env: {} }, { CODEX_HOME: path.join(home, ".codex"), STANDIN_KEY: "sk-standin", TMPDIR: fs.mkdtempSync(path.join(out, "tmp-")) });
	const a = ["eval", "--host", "codex", "--host-command", codex, "--runs", String(runs), "--jobs", "2", "--timeout", "2m", ...extra, "deploy-staging"];
	return { env, r: spawnSync(skillLs, a, { cwd: project, env, encoding: "utf8", timeout: 600_000 }) };
}

async function main() {
	const reqDir = path.join(out, "requests");
	const { server, port } = await standin(reqDir);
	try {
		const { env, r } = evalRun(port, 3, ["--format", "json"]);
		fs.writeFileSync(path.join(out, "report.json"), r.stdout);
		fs.writeFileSync(path.join(out, "stderr.txt"), r.stderr);
		check(r.status === 1, `exit status ${r.status}, want 1 (queries fail): ${r.stderr}`);
		check(/^skill-ls eval: 6 queries of 1 skill × 3 runs = 18 runs of Codex/.test(r.stderr), `the plan line: ${r.stderr.split("\n")[0]}`);
		checkReport(r.stdout, "codex", check);
		const left = fs.readdirSync(env.TMPDIR).filter((f) => f.startsWith("skill-ls-eval-"));
		check(left.length === 0, `run folders left in ${env.TMPDIR}: ${left}`);
		checkRequests(reqDir);
	} finally {
		server.kill();
	}
	check(fs.readdirSync(marks).length === 0, `something ran: ${fs.readdirSync(marks).join(", ")}`);
	await notLoggedIn();
	if (failures.length) {
		console.log(`FAIL  codex eval (${out})\n  ${failures.join("\n  ")}`);
		process.exit(1);
	}
	console.log(`ok    codex eval: 18 runs of Codex ${release[1]}, every number of the report as scripted; no AGENTS.md, MCP server, shell profile or shell used`);
}

// The tools Codex keeps with skill-ls eval's flags: its shell (the model
// opens SKILL.md with it) and three that run nothing.
const allowed = new Set(["exec_command", "write_stdin", "request_user_input", "view_image"]);

/** No request carried AGENTS.md or offered another tool, and each run listed the skill. */
function checkRequests(dir) {
	let listed = 0;
	for (const f of fs.readdirSync(dir)) {
		const q = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
		check(!q.body.includes("AGENTS-MD-MARKER"), `request ${f} carries the project's AGENTS.md`);
		let body = {};
		try { body = JSON.parse(q.body); } catch {}
		const tools = (body.tools || []).map((t) => t.name || t.type).filter((t) => !allowed.has(t));
		check(tools.length === 0, `request ${f} offers tools ${tools.join(", ")}`);
		if (q.body.includes("- deploy-staging: Deploy the current branch")) listed++;
	}
	check(listed >= 18, `${listed} requests list deploy-staging, want one a run at least`);
	// The shell query's command came back refused both ways.
	const said = (t) => fs.readdirSync(dir).some((f) => fs.readFileSync(path.join(dir, f), "utf8").includes(t));
	check(said("reject command") && said("Read-only file system"), "the shell command was not refused by both the approvals and the sandbox");
}

/** With a key the API refuses, a clear error and exit 2, no report. */
async function notLoggedIn() {
	const { server, port } = await standin(path.join(out, "requests-401"), { STANDIN_401: "1" });
	try {
		const { r } = evalRun(port, 1, []);
		fs.writeFileSync(path.join(out, "logged-out.txt"), `${r.status}\n${r.stdout}\n${r.stderr}`);
		check(r.status === 2 && r.stdout === "" && /not logged in/.test(r.stderr), `logged out: exit ${r.status}, stderr ${r.stderr.trim().split("\n").slice(-1)}`);
	} finally {
		server.kill();
	}
}

main().catch((e) => {
	console.error(e);
	process.exit(2);
});
