// The corpus test-peers.sh runs every linter on: one skill per defect
// authors commonly make, plus clean skills. Each case is a bundle folder
// under .agents/skills (the Agent Skills layout every peer and skill-ls
// read) holding a SKILL.md; `defect` names what is wrong on purpose
// (documentation only: the comparison is driven by what the peers find).
import fs from 'node:fs';
import path from 'node:path';

const body = '\n# Title\n\nDo the thing step by step.\n';
// Each description is distinct, so no two skills overlap.
const desc = (topic) => `Formats ${topic} notes. Use when the user asks for ${topic} notes.`;
const fm = (lines, rest = body) => `---\n${lines.join('\n')}\n---\n${rest}`;
const longName = 'a' + '-long-name'.repeat(7); // 71 characters
const longDesc = ('Summarises pull requests into release notes for the team. ').repeat(20).trim();
const manyLines = Array.from({ length: 620 }, (_, i) => `Line ${i + 1} of a long procedure.`).join('\n');
const sections = Array.from({ length: 12 }, (_, i) => `## Part ${i + 1}\n\n${'Explain this step in detail. '.repeat(40)}\n`).join('\n');

/** @type {{dir: string, defect: string, text: string, extra?: Record<string,string>}[]} */
export const cases = [
  { dir: 'clean-basic', defect: 'none', text: fm(['name: clean-basic', `description: ${desc('clean basic')}`]) },
  {
    dir: 'clean-full', defect: 'none',
    text: fm(['name: clean-full', `description: ${desc('clean full')}`, 'license: MIT', 'compatibility: Needs git on PATH.',
      'metadata:', '  author: team', '  version: "1.0"'], body + '\nSee [the guide](references/guide.md).\n'),
    extra: { 'references/guide.md': '# Guide\n\nDetails.\n' },
  },
  { dir: 'missing-name', defect: 'no name:', text: fm([`description: ${desc('missing name')}`]) },
  { dir: 'missing-description', defect: 'no description:', text: fm(['name: missing-description']) },
  { dir: 'empty-description', defect: 'description is empty', text: fm(['name: empty-description', 'description: ""']) },
  { dir: 'name-mismatch', defect: 'name differs from folder', text: fm(['name: other-name', `description: ${desc('name mismatch')}`]) },
  { dir: 'Upper-Case', defect: 'uppercase name', text: fm(['name: Upper-Case', `description: ${desc('upper case')}`]) },
  { dir: 'under_score', defect: 'name with _', text: fm(['name: under_score', `description: ${desc('under score')}`]) },
  { dir: 'double--hyphen', defect: 'name with --', text: fm(['name: double--hyphen', `description: ${desc('double  hyphen')}`]) },
  { dir: '-leading-hyphen', defect: 'name starts with -', text: fm(['name: -leading-hyphen', `description: ${desc('leading hyphen')}`]) },
  { dir: longName, defect: 'name over 64 characters', text: fm([`name: ${longName}`, `description: ${desc('long name')}`]) },
  { dir: 'long-description', defect: 'description over 1024 characters', text: fm(['name: long-description', `description: ${longDesc}`]) },
  { dir: 'long-compatibility', defect: 'compatibility over 500 characters', text: fm(['name: long-compatibility', `description: ${desc('long compatibility')}`, `compatibility: ${'Needs git. '.repeat(50).trim()}`]) },
  { dir: 'unquoted-colon', defect: 'invalid YAML: unquoted ": "', text: fm(['name: unquoted-colon', 'description: Formats notes. Use when: the user asks']) },
  { dir: 'tab-indent', defect: 'invalid YAML: tab indentation', text: fm(['name: tab-indent', `description: ${desc('tab indent')}`, 'metadata:', '\tauthor: team']) },
  { dir: 'unknown-key', defect: 'top-level key outside the spec', text: fm(['name: unknown-key', `description: ${desc('unknown key')}`, 'version: 1.0.0']) },
  { dir: 'metadata-not-map', defect: 'metadata is a string', text: fm(['name: metadata-not-map', `description: ${desc('metadata not map')}`, 'metadata: team']) },
  { dir: 'empty-body', defect: 'no body', text: fm(['name: empty-body', `description: ${desc('empty body')}`], '') },
  { dir: 'broken-link', defect: 'link to a missing file', text: fm(['name: broken-link', `description: ${desc('broken link')}`], body + '\nSee [the guide](references/missing.md).\n') },
  { dir: 'no-frontmatter', defect: 'no frontmatter', text: '# No frontmatter\n\nJust a body.\n' },
  { dir: 'unclosed-frontmatter', defect: 'frontmatter never closed', text: `---\nname: unclosed-frontmatter\ndescription: ${desc}\n${body}` },
  { dir: 'long-body', defect: 'body over 500 lines', text: fm(['name: long-body', `description: ${desc('long body')}`], body + manyLines + '\n') },
  { dir: 'long-sections', defect: 'body too big for progressive disclosure', text: fm(['name: long-sections', `description: ${desc('long sections')}`], body + sections) },
  { dir: 'short-description', defect: 'description too vague', text: fm(['name: short-description', 'description: Helps.']) },
  { dir: 'xml-in-description', defect: 'angle brackets in description', text: fm(['name: xml-in-description', 'description: Formats <notes> for the team. Use when asked.']) },
  {
    dir: 'unused-allowed-tools', defect: 'allowed-tools the body never uses',
    text: fm(['name: unused-allowed-tools', `description: ${desc('unused allowed tools')}`, 'allowed-tools: Bash(git log:*) WebFetch'],
      body + '\nRun `git log --oneline` and summarise it.\n'),
  },
  {
    dir: 'unknown-substitution', defect: 'a $ARGUMENTS-style substitution no host defines',
    text: fm(['name: unknown-substitution', `description: ${desc('unknown substitution')}`],
      body + '\nSummarise $ARGUMENTS for ${CLAUDE_SESION_ID} in ${CLAUDE_SKILL_DIR}.\n'),
  },
];

/** writeCorpus writes the cases (default all) under root/sub (default .agents/skills) and returns the skill files by case. */
export function writeCorpus(root, list = cases, sub = path.join('.agents', 'skills')) {
  const skills = path.join(root, sub);
  const files = {};
  for (const c of list) {
    const dir = path.join(skills, c.dir);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'SKILL.md'), c.text);
    for (const [rel, text] of Object.entries(c.extra ?? {})) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    }
    files[c.dir] = path.join(dir, 'SKILL.md');
  }
  return files;
}
