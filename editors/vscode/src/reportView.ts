// The skill report as a readable page (a webview without scripts): the
// catalog's size, then the skill list the server lays out
// (skill-ls.listTable: the lines `skill-ls list` prints, paths relative to
// the workspace folder). The extension formats no table of its own.
import * as vscode from 'vscode';
import { formatCount } from './report';

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]!));
}

/** One line of skill-ls.listTable: its text and the file it names. */
export interface ListLine {
  text: string;
  path?: string;
  line?: number;
  column?: number;
}

/** The lines of a skill-ls.listTable answer (none when it is not one). */
export function listLines(raw: unknown): ListLine[] {
  const lines = (raw as { lines?: unknown } | undefined)?.lines;
  return Array.isArray(lines) ? lines.filter((l): l is ListLine => typeof l?.text === 'string') : [];
}

/** The report as HTML (and the same as plain text, for tests and copying). */
export function renderReport(lines: ListLine[], folderName: string,
  catalog?: { skills: number; characters: number }): { html: string; text: string } {
  const summary = catalog ? `${catalog.skills} skill${catalog.skills === 1 ? '' : 's'} in the catalog, ${formatCount(catalog.characters)} characters` : '';
  const text = [`Skills — ${folderName}`, ...(summary ? [summary] : []), '', ...lines.map((l) => l.text)];
  const page = `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline';">
<style>
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); padding: 0 16px; }
h1 { font-size: 1.4em; }
.summary { color: var(--vscode-descriptionForeground); }
/* The server's columns stay aligned: a long row scrolls instead of wrapping. */
pre { font-family: var(--vscode-editor-font-family); overflow-x: auto; }
</style></head><body>
<h1>Skills — ${esc(folderName)}</h1>
${summary ? `<p class="summary">${esc(summary)}</p>` : ''}
<pre class="list">${lines.map((l) => esc(l.text)).join('\n')}</pre>
</body></html>`;
  return { html: page, text: text.join('\n') };
}

export type Fetch = (folder: vscode.WorkspaceFolder | undefined) => Promise<{ table: unknown; catalog?: { skills: number; characters: number } }>;

/** One webview panel, re-rendered on refresh. */
export class ReportView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private folder: vscode.WorkspaceFolder | undefined;
  private readonly rendered = new vscode.EventEmitter<string>();
  /** Fires with the plain text of each rendering. */
  readonly onDidRender = this.rendered.event;

  constructor(private readonly fetch: Fetch) {}

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
      const { table, catalog } = await this.fetch(this.folder);
      const out = renderReport(listLines(table), name, catalog);
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
