// The Problems list matches `skill-ls check` (issue 40, point 6): in a
// window of its own, a repository laid out as authors have them today
// (.claude/skills the main folder, copies in .agents/skills) with the
// usual mistakes; the Problems panel, opened with its key and maximized,
// lists skill-ls's entries (file, line, column, code, message) exactly as
// `skill-ls check --format json` does in that folder. Used by e2e.mjs.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The repository: a file name -> text map, written under dir. */
const REPO = {
  '.claude/skills/pdf-helper/SKILL.md': '---\nname: PDF-Helper\ndescription: Fill PDF forms and extract their text.\n---\nUse pdftotext.\n',
  '.claude/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Deploy to staging. Use when: the user asks to ship\n---\nRun the deploy script.\n',
  '.claude/skills/quick-fix.md': '---\nname: quick-fix\ndescription: Apply a quick fix.\n---\nBody.\n',
  '.claude/skills/review/SKILL.md': '---\nname: review\ndescription: Review a diff before it is merged.\n---\nRead the diff.\n',
  '.agents/skills/pdf-helper/SKILL.md': '---\nname: PDF-Helper\ndescription: Fill PDF forms and extract their text.\n---\nUse pdftotext.\n',
  '.agents/skills/review/SKILL.md': '---\nname: review\ndescription: Review a diff before it is merged.\n---\nRead the diff.\n',
  'README.md': '# A project whose skills live in .claude/skills\n',
};

/** The repository's skill files, which the test opens once Problems matched check without them. */
export const SKILL_FILES = Object.keys(REPO).filter((p) => p.includes('/skills/'));

/** Writes the repository into dir (with a .git folder, as a clone has). */
export function writeRealRepo(dir) {
  for (const [rel, text] of Object.entries(REPO)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  fs.mkdirSync(path.join(dir, '.git'), { recursive: true });
}

/** `skill-ls check --format json` in dir, as "path:line:column code message" lines, sorted. */
export function checkEntries(bin, dir) {
  let out;
  try {
    out = execFileSync(bin, ['check', '--format', 'json'], { cwd: dir, encoding: 'utf8', env: process.env });
  } catch (err) {
    out = err.stdout; // findings exit non-zero
  }
  return JSON.parse(out).map((d) => `${d.path}:${d.line}:${d.column} ${d.code} ${d.message}`).sort();
}

/**
 * The skill-ls entries of the Problems panel as the same lines, sorted:
 * each marker row's file (the file row above it: its name and folder),
 * [Ln, Col], code and message, read from the rows on screen. The panel is
 * maximized and its rows expanded; related places (child rows) are not
 * entries.
 */
export async function problemsEntries(page) {
  await page.locator('.markers-panel .monaco-list-row').first().waitFor({ timeout: 10000 }).catch(() => {});
  const rows = page.locator('.markers-panel .monaco-list-row');
  return rows.evaluateAll((els) => {
    const out = [];
    let file = '';
    const sorted = els.map((el) => ({ el, top: parseFloat(el.style.top) || 0 })).sort((a, b) => a.top - b.top);
    for (const { el } of sorted) {
      // A marker row reads: the message, "skill-ls", the code, "[Ln 2, Col 7]";
      // a related place: its file, its place, ":", its message.
      const lines = el.innerText.split('\n');
      const i = lines.indexOf('skill-ls');
      const m = i > 0 ? /^\[Ln (\d+), Col (\d+)\]$/.exec(lines[i + 2] ?? '') : null;
      if (m) {
        out.push(`${file}:${m[1]}:${m[2]} ${lines[i + 1]} ${lines.slice(0, i).join('\n').trim()}`);
        continue;
      }
      const name = el.querySelector('.label-name')?.textContent?.trim();
      if (name && !/\[Ln \d+/.test(el.innerText)) {
        const dir = el.querySelector('.label-description')?.textContent?.trim();
        file = dir ? `${dir}/${name}` : name;
      }
    }
    return out.sort();
  });
}

/** The Problems panel's rows as text, for a failure's detail. */
export async function problemsRows(page) {
  return page.locator('.markers-panel .monaco-list-row').allInnerTexts().catch(() => []);
}
