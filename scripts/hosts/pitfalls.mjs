// Generates the pitfall corpus of the host suite: one skill per rule of
// docs/hosts.md (keys, names vs folders, YAML leniency, long, folded,
// quoted, escaped, missing and non-ASCII descriptions, invocation flags,
// nesting, duplicates across folders, symbolic links, budgets overflowed),
// written as txtar cases in the form of skills/hosts/testdata, once under
// .claude/skills (what Claude Code reads) and once under .agents/skills
// (Codex, Gemini CLI, OpenCode).
//
// Usage: node pitfalls.mjs OUTDIR
import fs from "node:fs";
import path from "node:path";

const fm = (body) => `---\n${body}\n---\nBody.\n`;
const long = (n, word) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(" ");

/** The pitfalls: folder → SKILL.md text. */
export const pitfalls = {
	plain: fm("name: plain\ndescription: A plain skill that every host loads."),
	"no-name": fm("description: Has no name, so the folder names it."),
	"name-differs": fm("name: other-name\ndescription: The name is not the folder's."),
	"upper-name": fm("name: Upper Case Name\ndescription: A name outside the documented grammar."),
	"number-name": fm("name: 123\ndescription: A name YAML reads as a number."),
	"colon-desc": fm("name: colon-desc\ndescription: Use when: the user asks for a summary"),
	"colon-hint": fm("name: colon-hint\ndescription: An argument hint with a colon.\nargument-hint: <file: path>"),
	"bad-yaml": fm("name: [unclosed\ndescription: The name's bracket is never closed."),
	"tab-yaml": fm("name: tab-yaml\ndescription: Indented\n\twith a tab."),
	"no-frontmatter": "# No frontmatter\n\nJust a body.\n",
	"empty-frontmatter": "---\n---\nBody.\n",
	bom: "\uFEFF" + fm("name: bom\ndescription: Starts with a byte-order mark."),
	crlf: fm("name: crlf\ndescription: Lines end with CR LF.").replaceAll("\n", "\r\n"),
	"no-desc": fm("name: no-desc"),
	"blank-desc": fm('name: blank-desc\ndescription: ""'),
	"long-desc": fm(`name: long-desc\ndescription: ${long(300, "word")}`),
	folded: fm("name: folded\ndescription: >\n  Folded over\n  two lines."),
	literal: fm("name: literal\ndescription: |\n  Literal line one.\n  Literal line two."),
	escaped: fm('name: escaped\ndescription: "Quotes \\"inside\\", a tab\\there and a \\u00e9."'),
	"single-quoted": fm("name: single-quoted\ndescription: 'It''s single-quoted.'"),
	"non-ascii": fm("name: non-ascii\ndescription: Café menus, 日本語のテキスト and 🚀 rockets."),
	spaces: fm('name: spaces\ndescription: "  Leading and   inner   spaces, trailing  "'),
	"multi-line-plain": fm("name: multi-line-plain\ndescription: A plain scalar\n  continued on the next line."),
	"xml-tags": fm("name: xml-tags\ndescription: Uses <b>bold</b> & <i>tags</i>."),
	"list-desc": fm("name: list-desc\ndescription:\n  - a\n  - b"),
	"number-desc": fm("name: number-desc\ndescription: 42"),
	"manual-only": fm("name: manual-only\ndescription: Only a user runs this.\ndisable-model-invocation: true"),
	"manual-yes": fm("name: manual-yes\ndescription: disable-model-invocation as yes.\ndisable-model-invocation: yes"),
	"when-to-use": fm("name: when-to-use\ndescription: Has a when_to_use key.\nwhen_to_use: When the user asks for it."),
	"colon-name": fm("name: a:b\ndescription: A name holding a colon."),
	"long-name": fm(`name: ${"n".repeat(70)}\ndescription: A name of 70 characters.`),
	"dash-closer": "---\nname: dash-closer\ndescription: Closed by four dashes.\n----\nBody.\n",
	"dashes-in-desc": fm('name: dashes-in-desc\ndescription: "Separate sections with --- lines"'),
	"group/nested": fm("name: nested\ndescription: A skill two folders below the root."),
	".hidden": fm("name: hidden\ndescription: In a folder whose name starts with a dot."),
	"dup-a": fm("name: dup\ndescription: The first of two skills named dup in one root."),
	"dup-b": fm("name: dup\ndescription: The second of two skills named dup in one root."),
	shared: fm("name: shared\ndescription: The project's skill named shared."),
	"cjk-name": fm("name: 日本語\ndescription: A name in Japanese."),
	"empty-file": "",
	"only-dashes": "---\n",
	"latin1": Buffer.from("---\nname: latin1\ndescription: Caf\xe9 in Latin-1.\n---\nBody.\n", "latin1"),
	"comment-desc": fm("name: comment-desc\ndescription: Has a # that is not a comment # really"),
	"implicit-off": fm("name: implicit-off\ndescription: agents/openai.yaml turns implicit invocation off."),
};

/** Extra files beside the pitfalls, relative to their folder. */
const extras = {
	"implicit-off/agents/openai.yaml": "policy:\n  allow_implicit_invocation: false\n",
	"plug/.claude-plugin/plugin.json": '{"name": "renamed-plugin"}\n',
	"plug/skills/in-plugin/SKILL.md": fm("name: in-plugin\ndescription: In a plugin's skills folder."),
	"plug-noname/.codex-plugin/plugin.json": '{"version": "1.0.0"}\n',
	"plug-noname/in-plugin-folder/SKILL.md": fm("name: in-plugin-folder\ndescription: Named after the plugin's folder."),
	"plug-bad/.claude-plugin/plugin.json": "not json\n",
	"plug-bad/skills/bad-manifest/SKILL.md": fm("name: bad-manifest\ndescription: A manifest that is not JSON."),
};

/** A case: the skills under root, with the extras every case has. */
function tree(root, homeRoot) {
	const files = {};
	for (const [dir, text] of Object.entries(pitfalls)) if (text !== null) files[`project/${root}/${dir}/SKILL.md`] = text;
	for (const [rel, text] of Object.entries(extras)) files[`project/${root}/${rel}`] = text;
	files[`project/${root}/flat.md`] = fm("name: flat\ndescription: A flat file, not SKILL.md.");
	files[`home/${homeRoot}/shared/SKILL.md`] = fm("name: shared\ndescription: The personal skill named shared.");
	files[`home/${homeRoot}/personal/SKILL.md`] = fm("name: personal\ndescription: A personal skill.");
	files[`linked/target/SKILL.md`] = fm("name: linked-folder\ndescription: Reached through a symbolic link to its folder.");
	files[`linked/file.md`] = fm("name: linked-file\ndescription: A SKILL.md that is a symbolic link.");
	const links = [`project/${root}/linked-folder -> ../../../linked/target`, `project/${root}/linked-file/SKILL.md -> ../../../../linked/file.md`, `project/${root}/dangling/SKILL.md -> ../../../../linked/nowhere.md`];
	return { files, links };
}

/** A case whose listing overflows the host's budget. */
function budget(root) {
	const files = {};
	for (let i = 0; i < 90; i++) {
		const n = String(i).padStart(2, "0");
		files[`project/${root}/skill-${n}/SKILL.md`] = fm(`name: skill-${n}\ndescription: ${long(120, `d${n}x`)}`);
	}
	return { files, links: [] };
}

/**
 * Claude Code's own rules (only its listing is compared): runs of
 * invisible characters in descriptions, the frontmatter name left out when
 * its /name is taken, and skill folders named like the release's own
 * skills, which replace them.
 */
function claudeRules() {
	const skills = {
		ws: fm('description: "one\\n\\ntwo\\t\\tthree \\n four  \\t five\\r\\nsix"'),
		"ws-literal": fm("description: |\n  Literal one.\n\n\n  Literal two."),
		"ws-invisible": fm('description: "a\\u0000\\u200bb|\\u00adc|\\u2028d|\\ue000e|\\u0085f|\\u00a0g\\u3000h"'),
		"ws-trim": fm('description: "\\u200bx\\ufeff"\nwhen_to_use: "\\t\\ty "'),
		"ws-when-spaces": fm('description: x\nwhen_to_use: "  "'),
		"ws-body": "---\ndescription: \"  \"\n---\n\n\t# Head\tline\t\n",
		aa: fm("name: zz\ndescription: Named like a later folder."),
		zz: fm("name: zz2\ndescription: The folder zz."),
		da1: fm("name: same-alias\ndescription: The first of two with one name."),
		da2: fm("name: same-alias\ndescription: The second of two with one name."),
		"nt-skill": fm("name: simplify\ndescription: Named like one of the release's skills."),
		"nt-command": fm("name: help\ndescription: Named like one of the release's commands."),
		"nt-free": fm("name: cost\ndescription: Named like a command the release does not have on."),
		loop: fm("name: loop\ndescription: Replaces the release's loop."),
		init: fm("description: Replaces the release's init."),
		"security-review": fm("name: security-review\ndescription: Replaces the release's security-review."),
	};
	const files = { suite: "claude\n" };
	for (const [dir, text] of Object.entries(skills)) files[`project/.claude/skills/${dir}/SKILL.md`] = text;
	files["home/.claude/skills/dataviz/SKILL.md"] = fm("description: A personal skill that replaces the release's dataviz.");
	return { files, links: [] };
}

/** A budget the release's own skills fill but for the one a folder replaces. */
function claudeReplacedBudget() {
	const files = { suite: "claude\n", env: "SLASH_COMMAND_TOOL_CHAR_BUDGET=6380\n" };
	for (const n of ["a1", "a2", "a3", "a4", "a5", "loop"]) files[`project/.claude/skills/${n}/SKILL.md`] = fm(`name: ${n}\ndescription: ${n}${"x".repeat(198)}`);
	return { files, links: [] };
}

/** Claude Code's commands: personal and project .claude/commands, listed after the skills. */
function claudeCommands() {
	const files = { suite: "claude\n" };
	const put = (rel, text) => (files[rel] = text);
	put("project/.claude/skills/sk/SKILL.md", fm("description: A skill."));
	put("project/.claude/skills/x/SKILL.md", fm("name: foo\ndescription: A skill named like a command."));
	put("project/.claude/skills/y/SKILL.md", fm("name: a:b:deep\ndescription: A skill named like a nested command."));
	put("home/.claude/skills/psk/SKILL.md", fm("description: A personal skill."));
	const cmd = {
		"foo.md": fm("description: The project's foo."),
		"Alpha.md": fm("name: renamed\ndescription: A command with a name in its frontmatter."),
		"sub/bar.md": fm("description: Beside a SKILL.md, so not read."),
		"sub/SKILL.md": fm("description: A SKILL.md among the commands."),
		"a/b/deep.md": fm("description: Two folders down."),
		"README.md": "# Commands readme\n\nSome text.\n",
		"nofm.md": "First line of nofm.\nSecond.\n",
		"empty.md": "",
		"sk.md": fm("description: Named like a skill, which wins."),
		"manual.md": fm("description: Only by hand.\ndisable-model-invocation: true"),
		"when.md": fm("description: With when_to_use.\nwhen_to_use: Later.\nargument-hint: <x>"),
		"colon.md": fm("description: Use when: x"),
		"tags.md": fm("description: <b>tags</b>"),
		"long.md": fm(`description: ${long(300, "word")}`),
		"help.md": fm("description: Named like the release's help."),
		"loop.md": fm("description: Named like the release's loop, which it replaces."),
		"UP.MD": fm("description: Not .md."),
		"notes.txt": "Not a command.\n",
		".hidden.md": fm("description: A dot file."),
		".hdir/in.md": fm("description: In a dot folder."),
		"node_modules/nm.md": fm("description: In node_modules."),
	};
	for (const [rel, text] of Object.entries(cmd)) put(`project/.claude/commands/${rel}`, text);
	put("home/.claude/commands/pc.md", fm("description: A personal command."));
	put("home/.claude/commands/foo.md", fm("description: The personal foo, which wins."));
	put("project/sub/.claude/commands/below.md", fm("description: Below the working directory."));
	return { files, links: [] };
}

/**
 * Plugin folders in ~/.claude/skills (as users copy plugin repositories
 * there): Claude Code loads their commands and skills as <plugin>:<name>,
 * the plugins in the order the file system lists them.
 */
function claudePlugins() {
	const files = { suite: "claude\n" };
	const put = (rel, text) => (files[`home/.claude/skills/${rel}`] = text);
	put("aplain/SKILL.md", fm("description: A personal skill."));
	put("myplug/.claude-plugin/plugin.json", '{"name": "plug", "description": "A plugin."}\n');
	put("myplug/SKILL.md", fm("description: The plugin folder's own SKILL.md."));
	put("myplug/skills/a/SKILL.md", fm("description: A plugin skill."));
	put("myplug/skills/b/SKILL.md", fm("name: bee\ndescription: A plugin skill with a name."));
	put("myplug/skills/deep/x/SKILL.md", fm("description: Too deep in the plugin."));
	put("myplug/commands/c.md", fm("description: A plugin command."));
	put("myplug/commands/nofm.md", "# A plugin command without frontmatter\n\nNot listed.\n");
	put("myplug/commands/when.md", fm("when_to_use: With when_to_use only."));
	put("myplug/skills/nodesc/SKILL.md", "---\nname: nodesc\n---\n# A plugin skill without a description\n");
	put("myplug/commands/d.md", fm("name: org:dee\ndescription: A plugin command with a name."));
	put("myplug/agents/agent.md", fm("name: agent\ndescription: An agent, not listed."));
	put("noname/.claude-plugin/plugin.json", '{"version": "1.0.0"}\n');
	put("noname/skills/n/SKILL.md", fm("description: In a plugin without a name."));
	put("wfplug/.claude-plugin/plugin.json", '{"name": "wfplug"}\n');
	put("wfplug/workflows/audit.js", "export const meta = {\n  name: \"audit-pipeline\",\n  description:\n    'It\\'s <first>',\n  whenToUse: `Later.`,\n  phases: [{ title: 'x' }],\n};\nexport default async function run() {}\n");
	put("wfplug/workflows/min.js", 'export const meta={name:"min",description:"Minified.",whenToUse:"Always.",phases:[]};\n');
	put("wfplug/workflows/b-second.js", "export const meta = { name: 'b-second', description: 'Listed in the file system\\'s order.' };\n");
	put("wfplug/workflows/nometa.js", "export default async function run() {}\n");
	put("wfplug/skills/w/SKILL.md", fm("description: A skill beside workflows."));
	put("agdir/.claude-plugin/plugin.json", '{"name": "agdir", "agents": ["./agents"]}\n');
	put("agdir/skills/ag/SKILL.md", fm("description: In a plugin whose agents names a folder."));
	put("agdir/agents/x.md", fm("name: x\ndescription: An agent."));
	put("badjson/.claude-plugin/plugin.json", "not json\n");
	put("badjson/skills/bj/SKILL.md", fm("description: In a plugin whose manifest is not JSON."));
	for (const [folder, name] of [["zfold", "aname"], ["afold", "zname"], ["mfold", "mname"]]) {
		put(`${folder}/.claude-plugin/plugin.json`, `{"name": "${name}"}\n`);
		for (const n of ["s2", "S1", "a_1", "A", "a-b"]) put(`${folder}/skills/${n}/SKILL.md`, fm(`description: Skill ${n} of ${name}.`));
		for (const n of ["c2", "C1", "x_1", "X"]) put(`${folder}/commands/${n}.md`, fm(`description: Command ${n} of ${name}.`));
	}
	files["project/.claude/skills/projplug/.claude-plugin/plugin.json"] = '{"name": "pp"}\n';
	files["project/.claude/skills/projplug/skills/ps/SKILL.md"] = fm("description: A plugin in the project's skills, not loaded.");
	files["project/.claude/commands/pcmd.md"] = fm("description: A project command.");
	return { files, links: [] };
}

/** A skill with allowed-tools first in the listing: the Skill tool refuses it under claude -p. */
function claudeRefusal() {
	const files = { suite: "claude\n" };
	files["project/.claude/skills/a-asks/SKILL.md"] = fm("description: Has allowed-tools.\nallowed-tools: Read");
	files["project/.claude/skills/b-empty/SKILL.md"] = fm('description: An empty allowed-tools.\nallowed-tools: ""');
	files["project/.claude/skills/c-list/SKILL.md"] = fm("description: allowed-tools as a list.\nallowed-tools:\n  - Bash(git status:*)");
	return { files, links: [] };
}

function txtar(comment, { files, links }) {
	let s = comment + "\n";
	if (links.length) s += `-- links --\n${links.join("\n")}\n`;
	const parts = [Buffer.from(s)];
	for (const [name, text] of Object.entries(files)) {
		const b = Buffer.isBuffer(text) ? text : Buffer.from(text);
		parts.push(Buffer.from(`-- ${name} --\n`), b, Buffer.from(b.length && b[b.length - 1] !== 10 ? "\n" : ""));
	}
	return Buffer.concat(parts);
}

const out = process.argv[2];
fs.mkdirSync(out, { recursive: true });
const cases = {
	"pitfalls-claude": txtar("# Generated by scripts/hosts/pitfalls.mjs: one skill per rule, under .claude/skills.", tree(".claude/skills", ".claude/skills")),
	"pitfalls-agents": txtar("# Generated by scripts/hosts/pitfalls.mjs: one skill per rule, under .agents/skills.", tree(".agents/skills", ".agents/skills")),
	"budget-claude": txtar("# Generated by scripts/hosts/pitfalls.mjs: a listing over the budget.", budget(".claude/skills")),
	"claude-rules": txtar("# Generated by scripts/hosts/pitfalls.mjs: Claude Code's listing rules.", claudeRules()),
	"claude-replaced-budget": txtar("# Generated by scripts/hosts/pitfalls.mjs: a built-in replaced frees its budget.", claudeReplacedBudget()),
	"claude-commands": txtar("# Generated by scripts/hosts/pitfalls.mjs: Claude Code's commands in its listing.", claudeCommands()),
	"claude-plugins": txtar("# Generated by scripts/hosts/pitfalls.mjs: plugin folders in ~/.claude/skills.", claudePlugins()),
	"claude-refusal": txtar("# Generated by scripts/hosts/pitfalls.mjs: the Skill tool refuses a skill with allowed-tools.", claudeRefusal()),
	"budget-agents": txtar("# Generated by scripts/hosts/pitfalls.mjs: a listing over the budget.", budget(".agents/skills")),
};
for (const [name, text] of Object.entries(cases)) fs.writeFileSync(path.join(out, `${name}.txtar`), text);
