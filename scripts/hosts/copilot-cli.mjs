// GitHub Copilot CLI in the host suite: `copilot skill list --json`, run
// offline (COPILOT_OFFLINE, no account) inside run.mjs's network namespace.
// Its output goes to a file, never through a pipe that could cut it.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { hostEnv } from "./hostrun.mjs";

/** The native executable of an installed @github/copilot release. */
export function copilotBinary(dir) {
	return path.join(dir, "node_modules/@github/copilot-linux-x64/copilot");
}

/**
 * Runs `copilot skill list --json` in the case. The release unpacks
 * itself (235 MB) into $XDG_CACHE_HOME/copilot on first start, so every
 * case shares one cache beside the release instead of its own home.
 * Returns the entries it lists but its own (source "builtin").
 */
export function runCopilotCli(bin, c) {
	const outFile = path.join(c.root, "copilot-skills.json");
	const errFile = path.join(c.root, "copilot-stderr.txt");
	const fd = fs.openSync(outFile, "w"), efd = fs.openSync(errFile, "w");
	const env = hostEnv(c, { COPILOT_OFFLINE: "true", COPILOT_AUTO_UPDATE: "false", XDG_CACHE_HOME: path.resolve(bin, "../../../../.xdg-cache") });
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
	return list.filter((s) => s.source !== "builtin");
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
