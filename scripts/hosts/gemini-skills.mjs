// Prints, as JSON, the skills Gemini CLI's own skill loader (SkillManager
// of the installed @google/gemini-cli-core) discovers for the working
// directory, in a trusted folder: [{name, description, location}], the
// release's built-in skills left out. Runs inside run.mjs's network
// namespace, with HOME and GEMINI_CLI_HOME set to the case's home.
//
// Usage: node gemini-skills.mjs CORE_PACKAGE_DIR
import path from "node:path";
import { pathToFileURL } from "node:url";

const core = process.argv[2];
const load = (p) => import(pathToFileURL(path.join(core, "dist/src", p)).href);
const { SkillManager } = await load("skills/skillManager.js");
const { Storage } = await load("config/storage.js");
const m = new SkillManager();
await m.discoverSkills(new Storage(process.cwd()), [], true);
const out = m.getDisplayableSkills().map((s) => ({ name: s.name, description: s.description, location: s.location }));
// The loader logs to stdout too: the JSON follows a marker line.
process.stdout.write("\n@@skills@@\n" + JSON.stringify(out));
process.exit(0);
