// The skill report of skill-ls.listSkills, whose shape is that of
// `skill-ls list --json` (docs/server.md, "The skill report").
import * as os from 'node:os';
import * as path from 'node:path';

export interface ReportRoot {
  dir: string;
  source: string;
  rank: number;
  exists: boolean;
}

export interface ReportSkill {
  name: string;
  description: string;
  source: string;
  rank: number;
  path?: string;
  root?: string;
  modelInvocable: boolean;
  userInvocable: boolean;
}

export interface ReportShadow extends ReportSkill {
  winner: ReportSkill;
}

export interface ReportDropped {
  path: string;
  source?: string;
  rank?: number;
  root?: string;
  kind: string;
  reason: string;
  summary?: string;
  /** a file over skill-ls's limits (over 16 MiB, YAML past its limits), which DSH would load */
  unread?: boolean;
  log: string;
  line: number;
  column: number;
}

export interface ReportProblem {
  kind: string;
  path: string;
  message: string;
}

export interface Report {
  roots?: ReportRoot[];
  skills: ReportSkill[];
  shadowed: ReportShadow[];
  dropped: ReportDropped[];
  problems: ReportProblem[];
  /** The project's skill folders other agents read and DSH does not. */
  hostFolders: ReportHostFolder[];
  /** By skill file path: what the hosts do with it, in the server's words (none when no host is selected). */
  files: Record<string, FileHosts>;
}

/** One host's verdict on a skill file (docs/server.md, "The skill report"). */
export interface HostStatus {
  id: string;
  name: string;
  status: 'loads' | 'dropped' | 'shadowed' | 'not-discovered';
  /** the host's part of the summary: "dropped by Goose" */
  summary: string;
  /** why, in the host's terms */
  message?: string;
  skill?: string;
}

/** What the hosts do with one skill file, in the server's words. */
export interface FileHosts {
  /** the file's line in a skill list: DSH's verdict as its code lens says it, then the other hosts' */
  line: string;
  /** the line's part about the hosts other than DSH */
  others?: string;
  /** what every host that reads the file does with it */
  summary?: string;
  hosts: HostStatus[];
}

/**
 * The hosts' verdicts on a file as lines for a tooltip: each host's part of
 * the summary, with its reason when it gives one.
 */
export function hostLines(fh: FileHosts | undefined): string {
  return (fh?.hosts ?? []).map((h) => (h.message ? `${h.summary}: ${h.message}` : h.summary)).join('\n');
}

/** A skill folder other agents read (.claude/skills): who reads it, and its skill files. */
export interface ReportHostFolder {
  dir: string;
  label: string;
  hosts: string[];
  files: { name: string; path: string }[];
}

export type EntryStatus = 'loaded' | 'user-only' | 'model-only' | 'hidden' | 'shadowed' | 'dropped';

/** One file of a root as the Skills view and the report show it. */
export interface Entry {
  status: EntryStatus;
  /** the skill name; for a dropped file, its folder or file name */
  name: string;
  path: string;
  /** 1-based line and column of the problem (dropped), else 1:1 */
  line: number;
  column: number;
  /** one line: "loaded", "shadowed by …", "dropped: invalid YAML at 3:14" */
  detail: string;
  /** longer text: the description or DSH's reason */
  text: string;
  skill?: ReportSkill;
  dropped?: ReportDropped;
  winner?: ReportSkill;
  /** skill-ls warnings on a skill DSH loads (0 otherwise) */
  warnings: number;
  /** what each host does with the file, when the server says */
  hosts?: FileHosts;
}

export interface RootEntries {
  root: ReportRoot;
  entries: Entry[];
}

export function parseReport(raw: unknown): Report {
  const r = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Partial<Report>;
  return {
    roots: r.roots ?? [],
    skills: r.skills ?? [],
    shadowed: r.shadowed ?? [],
    dropped: r.dropped ?? [],
    problems: r.problems ?? [],
    hostFolders: r.hostFolders ?? [],
    files: r.files ?? {},
  };
}

/** A count as the report and the status bar both write it: "1,532". */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** How many skill-ls warnings a file has (its diagnostics in the editor). */
export type WarningsOf = (path: string) => number;

/** A path for people: relative to base when inside it, else with ~ for the home directory. */
export function displayPath(p: string | undefined, base?: string): string {
  if (!p) return '-';
  if (base) {
    const rel = path.relative(base, p);
    if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) return rel.split(path.sep).join('/');
  }
  const home = os.homedir();
  if (home && (p === home || p.startsWith(home + path.sep))) return '~' + p.slice(home.length);
  return p;
}

function fileLabel(p: string): string {
  const base = path.basename(p);
  return base === 'SKILL.md' ? path.basename(path.dirname(p)) : base.replace(/\.md$/i, '');
}

function skillStatus(s: ReportSkill): EntryStatus {
  if (s.modelInvocable && s.userInvocable) return 'loaded';
  if (s.userInvocable) return 'user-only';
  if (s.modelInvocable) return 'model-only';
  return 'hidden';
}

export const STATUS_TEXT: Record<EntryStatus, string> = {
  loaded: 'loaded',
  'user-only': 'loaded, not model-invocable (not in the catalog)',
  'model-only': 'loaded, not user-invocable (no /name)',
  hidden: 'loaded, neither model- nor user-invocable',
  shadowed: 'shadowed',
  dropped: 'dropped',
};

/**
 * The detail of a skill DSH loads: how DSH invokes it (the server's
 * modelInvocable and userInvocable), its warnings when it has some, then
 * the server's words for what the other hosts do with it.
 */
function loadedDetail(status: EntryStatus, warnings: number, hosts?: FileHosts): string {
  const parts = [STATUS_TEXT[status]];
  if (warnings) parts.push(`${warnings} warning${warnings === 1 ? '' : 's'}`);
  if (hosts?.others) parts.push(hosts.others);
  return parts.join(' · ');
}

/**
 * The report's files grouped by root, roots in rank order (the order DSH
 * scans them). warningsOf counts the warnings of the skills DSH loads, so
 * that a skill with warnings does not read as plainly loaded.
 */
export function byRoot(rep: Report, base?: string, warningsOf: WarningsOf = () => 0): RootEntries[] {
  const roots = new Map<string, RootEntries>();
  for (const root of rep.roots ?? []) roots.set(root.dir, { root, entries: [] });
  const rootOf = (dir: string | undefined, source: string | undefined, rank: number | undefined): RootEntries => {
    const key = dir ?? `${source}:${rank}`;
    let r = roots.get(key);
    if (!r) {
      r = { root: { dir: dir ?? '', source: source ?? '?', rank: rank ?? 0, exists: true }, entries: [] };
      roots.set(key, r);
    }
    return r;
  };
  for (const s of rep.skills) {
    if (!s.path) continue; // runtime skills have no file
    const status = skillStatus(s);
    const warnings = warningsOf(s.path);
    const hosts = rep.files[s.path];
    rootOf(s.root, s.source, s.rank).entries.push({
      status, name: s.name, path: s.path, line: 1, column: 1, detail: loadedDetail(status, warnings, hosts), text: s.description,
      skill: s, warnings, hosts,
    });
  }
  for (const s of rep.shadowed) {
    if (!s.path) continue;
    rootOf(s.root, s.source, s.rank).entries.push({
      status: 'shadowed', name: s.name, path: s.path, line: 1, column: 1,
      detail: rep.files[s.path]?.line || `shadowed by ${s.winner.source} (${displayPath(s.winner.path, base)})`,
      text: s.description, skill: s, winner: s.winner, warnings: 0, hosts: rep.files[s.path],
    });
  }
  for (const d of rep.dropped) {
    rootOf(d.root, d.source, d.rank).entries.push({
      status: 'dropped', name: fileLabel(d.path), path: d.path, line: d.line || 1, column: d.column || 1,
      // An unread file is over skill-ls's limits, no verdict of DSH's (which would load it).
      detail: d.unread ? `not read by skill-ls: ${d.summary || d.kind}` :
        rep.files[d.path]?.line || `dropped: ${d.summary || d.kind}`,
      text: d.reason, dropped: d, warnings: 0, hosts: rep.files[d.path],
    });
  }
  const out = [...roots.values()];
  out.sort((a, b) => a.root.rank - b.root.rank);
  for (const r of out) r.entries.sort((a, b) => a.name.localeCompare(b.name));
  return out;
}

/** Whether any root holds a skill file (loaded, shadowed or dropped). */
export function hasSkillFiles(rep: Report): boolean {
  return rep.skills.some((s) => !!s.path) || rep.shadowed.length > 0 || rep.dropped.length > 0 ||
    rep.hostFolders.some((h) => h.files.length > 0);
}
