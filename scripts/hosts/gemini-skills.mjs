// Prints, as JSON, the skills Gemini CLI's own skill loader (SkillManager
// of the installed @google/gemini-cli-core) discovers for the working
// directory, in a trusted folder, the release's built-in skills left out:
// {skills: [{name, description, location}], prompt: the "Available Agent
// Skills" text its renderAgentSkills makes of them}. Runs inside run.mjs's network
// namespace, with HOME and GEMINI_CLI_HOME set to the case's home.
//
// Usage: node gemini-skills.mjs CORE_PACKAGE_DIR
import path from "node:path";
import { pathToFileURL } from "node:url";

const core = process.argv[2];
const load = (p) => import(pathToFileURL(path.join(core, "dist/src", p)).href);
const { SkillManager } = await load("skills/skillManager.js");
const { Storage } = await load("config/storage.js");
const { renderAgentSkills } = await load("prompts/snippets.js");
const m = new SkillManager();
await m.discoverSkills(new Storage(process.cwd()), [], true);
const skills = m.getDisplayableSkills().map((s) => ({ name: s.name, description: s.description, location: s.location }));
// The prompt's text for them, by the release's own renderAgentSkills (the
// prompt also lists the built-in skills, which are left out here).
const out = { skills, prompt: renderAgentSkills(skills) };
// The loader logs to stdout too: the JSON follows a marker line.
process.stdout.write("\n@@skills@@\n" + JSON.stringify(out));
process.exit(0);
