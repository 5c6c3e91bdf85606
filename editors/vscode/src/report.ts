// The skill report (winners, shadowed, dropped) from skill-ls.listSkills,
// whose shape is that of `skill-ls list --json`.

export type Entry = Record<string, unknown>;

export interface SkillList {
  skills?: Entry[];
  shadowed?: Entry[];
  dropped?: Entry[];
  problems?: Entry[];
}

function str(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(str).filter(Boolean).join('; ');
  if (typeof v === 'object') {
    const o = v as Entry;
    // a nested skill reference ({name, path, source, ...}) or a problem ({message, ...})
    const name = str(o.name);
    const where = str(o.path ?? o.file ?? o.location);
    const msg = str(o.message ?? o.reason);
    const source = str(o.source);
    return [name, source && `(${source})`, where && `${where}`, msg].filter(Boolean).join(' ');
  }
  return String(v);
}

export function field(e: Entry, ...keys: string[]): string {
  for (const k of keys) {
    const v = str(e[k]);
    if (v) return v;
  }
  return '';
}

export function entryPath(e: Entry): string {
  return field(e, 'path', 'file', 'location', 'filePath', 'uri');
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').trim() || ' ';
}

function table(headers: string[], rows: string[][]): string {
  if (rows.length === 0) return '_none_\n';
  const lines = [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`];
  for (const r of rows) lines.push(`| ${r.map(cell).join(' | ')} |`);
  return lines.join('\n') + '\n';
}

function truncate(s: string, n: number): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > n ? one.slice(0, n - 1) + '…' : one;
}

export function renderReport(list: SkillList, folder?: string): string {
  const skills = list.skills ?? [];
  const shadowed = list.shadowed ?? [];
  const dropped = list.dropped ?? [];
  const out: string[] = [];
  out.push(`# Skill report${folder ? ` — ${folder}` : ''}`, '');
  out.push(`${skills.length} skill(s) in the catalog, ${shadowed.length} shadowed, ${dropped.length} dropped.`, '');
  out.push(`## Winners (${skills.length})`, '');
  out.push(table(['name', 'source', 'rank', 'file', 'description'], skills.map((s) => [
    field(s, 'name'), field(s, 'source'), field(s, 'rank'), entryPath(s), truncate(field(s, 'description'), 120),
  ])));
  out.push(`## Shadowed (${shadowed.length})`, '');
  out.push(table(['name', 'source', 'rank', 'file', 'shadowed by'], shadowed.map((s) => [
    field(s, 'name'), field(s, 'source'), field(s, 'rank'), entryPath(s),
    field(s, 'shadowedBy', 'winner', 'by', 'winnerPath', 'reason'),
  ])));
  out.push(`## Dropped (${dropped.length})`, '');
  out.push(table(['file', 'kind', 'reason'], dropped.map((s) => [
    entryPath(s), field(s, 'kind', 'source'), field(s, 'reason', 'reasons', 'message', 'error', 'problems', 'log'),
  ])));
  const problems = list.problems ?? [];
  out.push(`## Discovery problems (${problems.length})`, '');
  out.push(table(['path', 'kind', 'message'], problems.map((p) => [
    entryPath(p), field(p, 'kind'), field(p, 'message'),
  ])));
  return out.join('\n');
}
