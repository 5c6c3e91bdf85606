// Runs the peer linters on the corpus of corpus.mjs and checks that
// skill-ls reports every defect they report: each peer finding is mapped
// to a defect class, and `skill-ls check --profile agentskills` must have
// a finding of that class on the same skill file, unless
// known-differences.json lists the peer's rule (for a case, or for all)
// with a reason. Prints one line per comparison, a table per peer and
// "N passed, N failed"; exits 1 on a failure. test-peers.sh runs it inside
// a network namespace with the peers installed.
//
//   node compare.mjs SKILL_LS_BIN NODE_MODULES WORKDIR
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { cases, writeCorpus } from './corpus.mjs';
import { skillLsClass, peers } from './classes.mjs';

const [bin, modules, work] = process.argv.slice(2);
const here = path.dirname(new URL(import.meta.url).pathname);
const known = JSON.parse(fs.readFileSync(path.join(here, 'known-differences.json'), 'utf8'));

/** run resolves to {code, stdout, stderr} of a program, whatever its exit status. */
function run(file, args, opts = {}) {
  return new Promise((resolve) => {
    execFile(file, args, { maxBuffer: 64 << 20, ...opts }, (err, stdout, stderr) => {
      resolve({ code: err ? (err.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** pool runs fn over items, n at a time. */
async function pool(items, n, fn) {
  const out = [];
  let next = 0;
  const worker = async () => { while (next < items.length) { const i = next++; out[i] = await fn(items[i]); } };
  await Promise.all(Array.from({ length: n }, worker));
  return out;
}

/** caseOf returns the case folder a peer's path names (the folder holding SKILL.md). */
const caseOf = (p) => path.basename(path.dirname(p));

async function skillLs(project) {
  const home = path.join(work, 'home');
  fs.mkdirSync(home, { recursive: true });
  const r = await run(bin, ['check', '--format', 'json', '--profile', 'agentskills', '--no-config',
    '--project-root', project, '--cwd', project, '--dsh-home', path.join(home, '.dsh'),
    '--agents-home', path.join(home, '.agents')], { env: { ...process.env, HOME: home } });
  const byCase = {};
  for (const f of JSON.parse(r.stdout)) (byCase[caseOf(f.path)] ??= []).push(f.code);
  return byCase;
}

// Each peer runner resolves to a list of {case, rule, message}.
async function skillCheck(project) {
  const r = await run(path.join(modules, '.bin', 'skill-check'),
    ['check', path.join(project, '.agents', 'skills'), '--format', 'json', '--no-security-scan', '--no-open'],
    { cwd: project });
  return JSON.parse(r.stdout).diagnostics.map((d) => ({ case: caseOf(d.file), rule: d.ruleId, message: d.message }));
}

// skills-ref prints no JSON: "Validation failed for DIR:" then one "  - "
// line per error (continued by the lines after it).
async function skillsRef(project) {
  const dirs = cases.map((c) => path.join(project, '.agents', 'skills', c.dir));
  const runs = await pool(dirs, 4, (d) => run(path.join(modules, '.bin', 'skills-ref'), ['validate', d]));
  const out = [];
  runs.forEach((r, i) => {
    for (const m of r.stderr.split(/^ {2}- /m).slice(1)) {
      out.push({ case: cases[i].dir, rule: peers['skills-ref'].ruleOf(m), message: m.split('\n')[0] });
    }
  });
  return out;
}

// claude-code-lint abandons every skill once one has YAML its parser
// (js-yaml) rejects, reporting only that error: the skills whose
// frontmatter js-yaml parses are linted together, each other one alone, and
// a batch that fails anyway is linted again one skill at a time.
async function claudeLint() {
  const require = createRequire(path.join(modules, 'claude-code-lint', 'package.json'));
  const yaml = require('js-yaml');
  const parses = (c) => {
    const m = /^---\n([\s\S]*?)\n---/.exec(c.text);
    try { if (m) yaml.load(m[1]); return true; } catch { return false; }
  };
  const groups = [cases.filter(parses), ...cases.filter((c) => !parses(c)).map((c) => [c])];
  let runs = await pool(groups, 4, lintGroup);
  const aborted = runs.filter((r) => r.aborted && r.group.length > 1);
  runs = runs.filter((r) => !aborted.includes(r));
  for (const r of aborted) runs.push(...await pool(r.group.map((c) => [c]), 4, lintGroup));
  return runs.flatMap((r) => r.findings);
}

let projects = 0;

/** lintGroup runs claude-code-lint on the cases of group in a new project of their own under .claude/skills. */
async function lintGroup(group) {
  const project = path.join(work, 'claude', String(projects++));
  writeCorpus(project, group, path.join('.claude', 'skills'));
  const r = await run(path.join(modules, '.bin', 'claudelint'),
    ['check-all', '--format', 'json', '--no-cache', '--no-color', '--cwd', project], { cwd: project });
  const findings = [];
  let aborted = false;
  for (const v of JSON.parse(r.stdout).validators) {
    for (const e of [...v.errors, ...v.warnings]) {
      aborted ||= !e.file;
      const c = e.file ? caseOf(e.file) : group[0].dir;
      findings.push({ case: c, rule: e.ruleId ?? peers['claude-code-lint'].ruleOf(e.message), message: e.message.split('\n')[0] });
    }
  }
  return { group, aborted, findings };
}

function knownFor(peer, rule, c) {
  return known.find((k) => k.peer === peer && k.rule === rule && (!k.case || k.case === c));
}

function compare(peer, findings, sl, tally) {
  const used = new Set();
  const seen = new Set();
  for (const f of findings) {
    const key = `${f.case} ${f.rule}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const cls = [peers[peer].rules[f.rule] ?? []].flat();
    const slCodes = sl[f.case] ?? [];
    const agree = slCodes.filter((code) => cls.includes(skillLsClass[code]));
    const hit = agree.length > 0;
    const k = knownFor(peer, f.rule, f.case);
    const what = `${peer} ${f.rule} on ${f.case}`;
    tally.total++;
    if (hit) {
      tally.agreed++;
      console.log(`PASS ${what}: skill-ls ${agree.join(', ')}`);
    } else if (k) {
      used.add(k);
      tally.known++;
      console.log(`PASS ${what}: known difference (${k.reason})`);
    } else {
      tally.failed.push(what);
      console.log(`FAIL ${what}: ${cls.length ? `no skill-ls finding of class ${cls.join(' or ')}` : 'rule not mapped to a class'} ` +
        `(skill-ls: ${slCodes.join(', ') || 'nothing'}; peer: ${f.message})`);
    }
  }
  for (const k of known.filter((k) => k.peer === peer && !used.has(k))) {
    tally.failed.push(`${peer} stale ${k.rule}`);
    console.log(`FAIL ${peer} ${k.rule}${k.case ? ` on ${k.case}` : ''}: listed in known-differences.json but not reported any more`);
  }
}

const project = path.join(work, 'project');
writeCorpus(project);
const started = Date.now();
const [sl, ...found] = await Promise.all([skillLs(project), skillCheck(project), skillsRef(project), claudeLint()])
  .catch((err) => {
    // A tool that crashed or printed no JSON is a failure, said as one.
    console.log(`FAIL running the linters: ${err.stack ?? err}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  });
const tallies = {};
Object.keys(peers).forEach((peer, i) => {
  tallies[peer] = { total: 0, agreed: 0, known: 0, failed: [] };
  compare(peer, found[i], sl, tallies[peer]);
});
// What skill-ls reports that no peer does, for the record (never a failure).
for (const c of cases) {
  const peerClasses = new Set(Object.keys(peers).flatMap((peer, i) =>
    found[i].filter((f) => f.case === c.dir).flatMap((f) => [peers[peer].rules[f.rule] ?? []].flat())));
  const alone = (sl[c.dir] ?? []).filter((code) => !peerClasses.has(skillLsClass[code]));
  if (alone.length) console.log(`ONLY skill-ls on ${c.dir}: ${[...new Set(alone)].join(', ')}`);
}
console.log(`\n${cases.length} skills; peers ran in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log('peer              findings  agreed  known-diff  missed');
for (const [peer, t] of Object.entries(tallies)) {
  console.log(`${peer.padEnd(18)}${String(t.total).padStart(8)}${String(t.agreed).padStart(8)}${String(t.known).padStart(12)}${String(t.failed.length).padStart(8)}`);
}
const failed = Object.values(tallies).reduce((n, t) => n + t.failed.length, 0);
const passed = Object.values(tallies).reduce((n, t) => n + t.agreed + t.known, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
