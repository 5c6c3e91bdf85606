// The skill report as a readable page (a webview without scripts): the
// roots in rank order, each with its skill files and what DSH does with
// them, paths relative to the workspace folder.
import * as vscode from 'vscode';
import { byRoot, displayPath, Entry, formatCount, parseReport, Report, WarningsOf } from './report';

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]!));
}

/** A path that wraps only after a "/" (not at its hyphens), so that a long path does not widen its column. */
function breakable(p: string): string {
  return p.split('/').map((seg) => `<span class="seg">${esc(seg)}</span>`).join('/<wbr>');
}

function oneLine(s: string, n: number): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > n ? t.slice(0, n - 1) + '…' : t;
}

const MARK: Record<Entry['status'], string> = {
  loaded: '✔', 'user-only': '◐', 'model-only': '◑', hidden: '⊘', shadowed: '↷', dropped: '✖',
};

/** A skill that would read as plainly loaded but has warnings is marked as a warning (as in the Skills view). */
function mark(e: Entry): string {
  return e.warnings && e.status === 'loaded' ? '⚠' : MARK[e.status];
}

/** The report as HTML (and the same as plain text, for tests and copying). */
export function renderReport(rep: Report, folderName: string, base: string | undefined,
  catalog?: { skills: number; characters: number }, warningsOf?: WarningsOf): { html: string; text: string } {
  const text: string[] = [];
  const html: string[] = [];
  const loaded = rep.skills.length;
  const summary = `${loaded} skill${loaded === 1 ? '' : 's'} loaded` +
    (catalog ? ` (${catalog.skills} in the catalog, ${formatCount(catalog.characters)} characters)` : '') +
    ` · ${rep.shadowed.length} shadowed · ${rep.dropped.length} dropped`;
  text.push(`Skills — ${folderName}`, summary, '');
  html.push(`<h1>Skills — ${esc(folderName)}</h1>`, `<p class="summary">${esc(summary)}</p>`);
  for (const r of byRoot(rep, base, warningsOf)) {
    if (!r.root.exists && r.entries.length === 0) continue;
    const head = `${r.root.source} · rank ${r.root.rank} — ${displayPath(r.root.dir, base)}`;
    text.push(head);
    html.push(`<h2>${esc(r.root.source)} <span class="rank">rank ${r.root.rank}</span> <code>${esc(displayPath(r.root.dir, base))}</code></h2>`);
    if (r.entries.length === 0) {
      text.push('  (empty)', '');
      html.push('<p class="empty">empty</p>');
      continue;
    }
    html.push('<table><thead><tr><th></th><th>skill</th><th>status</th><th>file</th><th>description or reason</th></tr></thead><tbody>');
    for (const e of r.entries) {
      const file = `${displayPath(e.path, base)}${e.status === 'dropped' ? `:${e.line}:${e.column}` : ''}`;
      text.push(`  ${mark(e)} ${e.name}  ${e.detail}  ${file}`);
      html.push(`<tr class="${e.status}${e.warnings ? ' warning' : ''}"><td class="mark">${mark(e)}</td><td class="name">${esc(e.name)}</td>` +
        `<td class="status">${esc(e.detail)}</td><td class="file"><code>${breakable(file)}</code></td>` +
        `<td class="text">${esc(oneLine(e.text, 160))}</td></tr>`);
    }
    html.push('</tbody></table>');
    text.push('');
  }
  if (rep.problems.length) {
    text.push('Discovery problems');
    html.push('<h2>Discovery problems</h2><ul>');
    for (const p of rep.problems) {
      text.push(`  ${displayPath(p.path, base)}: ${p.message} [${p.kind}]`);
      html.push(`<li><code>${esc(displayPath(p.path, base))}</code>: ${esc(p.message)} <span class="rank">[${esc(p.kind)}]</span></li>`);
    }
    html.push('</ul>');
  }
  const page = `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline';">
<style>
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); padding: 0 16px; }
h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-top: 1.4em; }
.summary, .rank, .empty { color: var(--vscode-descriptionForeground); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--vscode-panel-border, #8884); vertical-align: top; }
td.mark { width: 1.5em; }
td.name { font-weight: 600; white-space: nowrap; }
.seg { white-space: nowrap; }
td.text { min-width: 14em; }
tr.dropped td { color: var(--vscode-errorForeground); }
tr.warning td.mark, tr.warning td.status { color: var(--vscode-editorWarning-foreground); }
tr.shadowed td { color: var(--vscode-disabledForeground); }
code { font-family: var(--vscode-editor-font-family); }
/* Narrow (a side-by-side split): one card per file, the description or
   reason across the whole width instead of a squeezed fifth column. */
@media (max-width: 760px) {
  table, tbody { display: block; }
  thead { display: none; }
  tr { display: grid; grid-template-columns: 1.6em minmax(0, 1fr); padding: 6px 0;
    border-bottom: 1px solid var(--vscode-panel-border, #8884); }
  td { display: block; border: none; padding: 1px 4px; }
  td.mark { grid-column: 1; grid-row: 1 / span 4; width: auto; }
  td:not(.mark) { grid-column: 2; }
  td.text { min-width: 0; }
  td.name, .seg { white-space: normal; overflow-wrap: anywhere; }
}
</style></head><body>
${html.join('\n')}
</body></html>`;
  return { html: page, text: text.join('\n') };
}

export type Fetch = (folder: vscode.WorkspaceFolder | undefined) => Promise<{ report: unknown; catalog?: { skills: number; characters: number } }>;

/** One webview panel, re-rendered on refresh. */
export class ReportView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private folder: vscode.WorkspaceFolder | undefined;
  private readonly rendered = new vscode.EventEmitter<string>();
  /** Fires with the plain text of each rendering. */
  readonly onDidRender = this.rendered.event;

  constructor(private readonly fetch: Fetch, private readonly warningsOf?: WarningsOf) {}

  dispose(): void {
    this.panel?.dispose();
    this.rendered.dispose();
  }

  async show(folder: vscode.WorkspaceFolder | undefined): Promise<void> {
    this.folder = folder;
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel('skillLs.report', 'Skill Report', vscode.ViewColumn.Beside,
        { enableScripts: false, enableFindWidget: true });
      this.panel.onDidDispose(() => { this.panel = undefined; });
    } else {
      this.panel.reveal(undefined, true);
    }
    await this.render();
  }

  isOpen(): boolean {
    return !!this.panel;
  }

  async render(): Promise<void> {
    if (!this.panel) return;
    const name = this.folder?.name ?? 'no folder';
    this.panel.title = `Skill Report — ${name}`;
    try {
      const { report, catalog } = await this.fetch(this.folder);
      const out = renderReport(parseReport(report), name, this.folder?.uri.fsPath, catalog, this.warningsOf);
      if (!this.panel) return;
      this.panel.webview.html = out.html;
      this.rendered.fire(out.text);
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      if (this.panel) this.panel.webview.html = `<!DOCTYPE html><html><body><p>skill-ls could not build the report: ${esc(msg)}</p></body></html>`;
      this.rendered.fire(`error: ${msg}`);
    }
  }
}
